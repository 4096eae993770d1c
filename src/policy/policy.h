#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <re2/re2.h>
#include <re2/set.h>
#include <nlohmann/json.hpp>

#include "model/diagnostic.h"
#include "model/list.h"
#include "model/location.h"
#include "policy/link_policy.h"
#include "util/url.h"

namespace sg {

/// What kind of publisher a host is (paper, docs, blog, ...), and what that
/// means for an entry linking it.
struct SourceClass {
  std::string name;
  /// A core source: the paper, spec, docs or repository itself.
  bool primary = false;
  /// Surface material (tutorial sites): reported by surface/tutorial rather
  /// than source/not-primary.
  bool surface = false;
  /// Declared kinds that agree with this class.
  std::vector<EntryKind> kinds;
  /// For Markdown input: the kind an entry linking this class is taken to be.
  std::optional<EntryKind> inferred_kind;
  /// When set, a URL of this class must match it to be of the class's main
  /// kind (a repository root, not a file in it).
  std::shared_ptr<RE2> path_pattern;
  std::string path_pattern_text;
  Location location;
};

/// Classifies URLs of one registrable domain, optionally narrowed to one host
/// and a path prefix. The most specific matching rule wins.
struct HostRule {
  std::string domain;
  std::string host;
  std::string path;
  std::string class_name;
  Location location;
};

/// A named RE2 pattern from the policy, compiled once.
struct NamedPattern {
  std::string name;
  std::shared_ptr<RE2> regex;
  Location location;
};

/// Several patterns matched in one pass (RE2::Set), then the matching one run
/// alone to quote what it found.
struct PatternSet {
  std::vector<NamedPattern> patterns;
  std::shared_ptr<RE2::Set> set;

  /// The first pattern (in policy order) that matches, with the matched text.
  std::optional<std::pair<const NamedPattern*, std::string>> first_match(
      std::string_view text) const;
};

struct RuleSetting {
  std::optional<Severity> severity;
  bool off = false;
};

/// Everything list-specific, from policy/policy.json. The C++ holds the
/// mechanisms; this holds the hosts, patterns and limits.
struct Policy {
  std::string file;
  std::vector<SourceClass> classes;
  std::vector<HostRule> hosts;
  PatternSet secondary_titles;
  PatternSet claim_figures;
  PatternSet claim_comparisons;
  /// Praise without a baseline ("blazingly fast"): claim/superlative.
  PatternSet claim_superlatives;
  /// Text that looks like a figure but is not a claim ("8x H100", "covers
  /// 100% of the ISA"), blanked out before the claim patterns run.
  PatternSet not_claims;
  PatternSet surface_titles;
  std::size_t description_min_length = 0;
  std::size_t description_max_length = 0;
  std::vector<std::string> description_lowercase_starts;
  std::vector<std::string> description_abbreviations;
  std::size_t group_max_links = 0;
  std::vector<std::string> group_size_exempt_sections;
  int freshness_default_max_age_days = 0;
  CanonicalRules canonical;
  std::map<std::string, RuleSetting, std::less<>> rules;
  /// The "links" object: the link checker's settings.
  LinkPolicy links;

  const SourceClass* find_class(std::string_view name) const;
};

/// Where a URL comes from, according to the policy.
struct Classification {
  std::string host;
  /// The registrable domain (public suffix list), or the host when it has none.
  std::string domain;
  std::string path;
  const HostRule* rule = nullptr;
  const SourceClass* source_class = nullptr;
};

/// Reads and checks a policy file. Throws InputError with file:line:column for
/// malformed JSON, unknown keys, bad patterns and references to unknown
/// classes or rules.
Policy load_policy(const std::string& path);
Policy parse_policy(const std::string& path, std::string_view text);

/// The policy used when a list has none: no host tables, defaults elsewhere.
Policy empty_policy();

/// Classifies a URL; nullopt when it does not parse as an http(s) URL.
std::optional<Classification> classify_url(const Policy& policy, std::string_view url);

/// The registrable domain of a host (libpsl), or the host itself.
std::string registrable_domain(const std::string& host);

}  // namespace sg
