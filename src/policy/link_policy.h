#pragma once

#include <string>
#include <vector>

#include "links/cache.h"
#include "links/settings.h"

namespace sg {

/// The policy's "links" object, read through the settings table
/// (policy_settings.cpp): each key is validated at its file:line:column and
/// lands in a typed field. Command-line options override it afterwards
/// (cli/links_settings.cpp).
struct LinkPolicy {
  links::CheckSettings settings;
  links::CacheMaxAge cache_max_age;
  /// Cache and history entries of links no whole run has seen for this long go.
  int prune_unseen_days = 30;
  /// With a link history: UTC days a link must fail, with no day between on
  /// which it worked, before a report calls it dead (`--dead-after` overrides).
  int dead_after_days = 3;
  /// Environment variables that hold tokens: read when a run starts, never
  /// kept in the policy.
  std::string github_token_env;
  struct TokenSource {
    std::string host;
    std::string env;
  };
  std::vector<TokenSource> host_tokens;
};

}  // namespace sg
