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

/// A section or group that repeats entries the list files elsewhere, on
/// purpose: a featured or sponsors' table.
struct RepeatingSection {
  std::string heading;
  /// Its entries filed again elsewhere under the same name, of `entries`.
  std::size_t repeats = 0;
  std::size_t entries = 0;
};

struct ListConventions {
  std::vector<InferredSetting> settings;
  /// The separator marks the list writes, each used by at least two entries;
  /// the default dashes when the list separates nothing.
  std::vector<std::string> separators;
  /// Whether no mark separates enough entries to be the list's: then the
  /// separators are the defaults.
  bool default_separators = false;
  /// Entries per mark, most used first, for the evidence.
  std::vector<std::pair<std::string, std::size_t>> separator_counts;
  /// The referral tag the list adds to its own links on purpose
  /// ("utm_source=Github" on at least ten of them) and how many carry it;
  /// empty when none does. Such utm_* parameters are no tracking to strip.
  std::string referral_tag;
  std::size_t referral_links = 0;
  /// Headings at least three of whose entries, and half, repeat entries
  /// filed elsewhere under the same names: "exempt_sections.repeats".
  std::vector<RepeatingSection> featured_sections;
};

/// The judgement rules (source, surface, claim, group size) the list does
/// not keep to (for list/group-size, counted by groups): so a starter policy turns them off
/// ("rules.<id>", value false) and says why. `findings` are a run of every
/// rule over `list` under the shipped policy.
std::vector<InferredSetting> rules_the_list_does_not_keep(const List& list,
                                                          const std::vector<Diagnostic>& findings);

/// How many entries of `list` a source or surface rule fails in `findings`,
/// waived findings and notes of inference aside.
std::size_t entries_failing_sources(const List& list, const std::vector<Diagnostic>& findings);

/// A section or group the source and surface rules fail most entries of, in
/// a list that keeps to them elsewhere: its Resources of books and talks.
struct SectionOutsideSources {
  std::string heading;
  /// Entries under it that a source or surface rule fails, of `entries`.
  std::size_t failing = 0;
  std::size_t entries = 0;
};

/// The sections (else groups) where `findings`, a run of every rule over
/// `list`, fail at least five entries and at least half of them by the
/// source and surface rules, or at least two under a heading
/// `kind_headings` matches (the list's "Video Tutorials" or "Community",
/// named so on purpose); and, beside them, a group of two or more
/// entries that all fail next to a named group of its section, or a section
/// of such entries, and a section right beside a named section that fails
/// on half its entries. So a starter policy names them in
/// "exempt_sections.sources".
std::vector<SectionOutsideSources> sections_outside_sources(const List& list,
                                                            const std::vector<Diagnostic>& findings,
                                                            const PatternSet& kind_headings);

/// The classes a project's own site is linked as (a site root, an
/// organisation page, a GitHub Pages project), which a list of projects
/// counts as the project's documentation.
inline const std::vector<std::string> k_own_site_classes = {"home page", "blog", "marketing"};

/// What a list's entries link: projects' own sites (`is_own_site`, where
/// the policy classes the URL in one of `k_own_site_classes`), repositories,
/// papers, and everything.
struct ProjectLinks {
  std::size_t own_sites = 0;
  std::size_t repositories = 0;
  std::size_t entries = 0;
  /// Entries that link a paper under a title of their own, not a label
  /// ("PDF"): the paper's title, which the list cannot rewrite.
  std::size_t papers_by_title = 0;

  /// Whether the list is a list of projects, whose own sites are their
  /// documentation: it links projects by their sites at least twice, and
  /// mostly links projects (repositories and sites), or links a fifth of
  /// its entries by their sites (a list of services or design tools). A
  /// list of articles and books that links a few sites named like their
  /// entries is not one.
  bool of_projects() const {
    return own_sites >= 2 &&
           (2 * (own_sites + repositories) >= entries || 5 * own_sites >= entries);
  }
};

ProjectLinks project_links(const List& list, const Policy& policy);

/// Infers a list's conventions from a list read with every separator
/// (`ItemSeparators::all()`); `abbreviations` do not end sentences.
ListConventions infer_conventions(const LoadResult& loaded,
                                  const std::vector<std::string>& abbreviations);

}  // namespace sg
