#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "load/load_result.h"
#include "policy/policy.h"

namespace sg {

/// Whether a list keeps to a check: at least 19 in 20 of the entries it
/// applies to already pass it (true when there are none). A maintainer who
/// enforces a convention leaves few exceptions, and those are worth a finding;
/// a check one entry in ten fails is a style the list does not have.
bool keeps_to(std::size_t following, std::size_t seen);

/// One style setting inferred from a list: on when the list keeps to it, so
/// that a first run reports the exceptions to a list's convention, not the
/// convention itself.
struct InferredSetting {
  /// The policy key, "description.final_period".
  std::string key;
  bool value = true;
  /// How many of the `seen` entries (or links) follow the setting.
  std::size_t following = 0;
  std::size_t seen = 0;
  /// What following it means, for the evidence: "descriptions end with a period".
  std::string what;
};

struct ListConventions {
  std::vector<InferredSetting> settings;
  /// The separator marks the list writes, each used by at least two entries;
  /// the default dashes when the list separates nothing.
  std::vector<std::string> separators;
  /// Entries per mark, most used first, for the evidence.
  std::vector<std::pair<std::string, std::size_t>> separator_counts;
};

/// The judgement rules (source, surface, claim, group size) the list does
/// not keep to (for list/group-size, counted by groups): so a starter policy turns them off
/// ("rules.<id>", value false) and says why. `findings` are a run of every
/// rule over `list` under the shipped policy.
std::vector<InferredSetting> rules_the_list_does_not_keep(const List& list,
                                                          const std::vector<Diagnostic>& findings);

/// The classes a project's own site is linked as (a site root, an
/// organisation page, a GitHub Pages project), which a list of projects
/// counts as the project's documentation.
inline const std::vector<std::string> k_own_site_classes = {"home page", "blog", "marketing"};

/// How many entries a list must link at their own project's site to be a
/// list of projects: most such lists link most projects by their
/// repository, so two already show the convention.
inline constexpr std::size_t k_min_own_site_entries = 2;

/// How many entries link their own project's site (`is_own_site`) where
/// `policy` classes the URL in one of `k_own_site_classes`: a list that does
/// so `k_min_own_site_entries` times links projects by their sites.
std::size_t own_site_entries(const List& list, const Policy& policy);

/// Infers a list's conventions from a list read with every separator
/// (`ItemSeparators::all()`); `abbreviations` do not end sentences.
ListConventions infer_conventions(const LoadResult& loaded,
                                  const std::vector<std::string>& abbreviations);

}  // namespace sg
