#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "links/cache.h"
#include "links/checker.h"
#include "links/shard.h"
#include "load/ignore_file.h"
#include "policy/link_policy.h"

namespace sg {

/// The link checker's command-line options. Unset values leave the policy's
/// "links" settings (or the built-in defaults) alone.
struct LinkOptions {
  std::optional<int> max_concurrency;
  std::optional<int> max_per_host;
  std::optional<long> timeout_ms;
  std::optional<int> retries;
  std::string user_agent;
  std::vector<std::string> headers;
  std::vector<std::string> include;
  std::vector<std::string> exclude;
  std::vector<std::string> allow_address;
  std::vector<std::string> resolve;
  bool fragments = false;
  bool no_cache = false;
  bool offline = false;
  std::string cache = ".cache/sourcegate/links.json";
  /// URL patterns to leave out, one per line: the list's .sourcegateignore.
  std::string ignore_file = std::string(k_ignore_file_name);
  std::string github_api;
  std::string ca_file;
  std::string history;
  /// Unset: the policy's links.dead_after_days.
  std::optional<int> dead_after;
  std::string progress = "auto";
  /// Set for a run over part of the list (--changed-since): it must not
  /// prune the cache or the history of what it did not see.
  bool partial = false;
  /// Set by --shard: check only the links whose host falls in this shard.
  std::optional<links::Shard> shard;
};

void add_link_options(CLI::App& command, LinkOptions& options);

/// The checker settings: defaults, then the policy's "links" object, then the
/// flags. URLs are excluded by the policy's links.exclude, the ignore file's
/// patterns and --exclude together. Tokens come from the environment
/// variables the policy names, never from files or flags, so they stay out of
/// shell history and logs. Throws InputError (policy, ignore file) or
/// UsageError (flags) on bad values.
/// The policy's link settings with the command line's on top, validated.
links::CheckSettings link_settings(const LinkPolicy& policy, const LinkOptions& options);

links::CacheMode cache_mode(const LinkOptions& options);

/// The --shard value as a shard; throws UsageError saying what K/N means.
links::Shard parse_shard_option(const std::string& text);

}  // namespace sg
