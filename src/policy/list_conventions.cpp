#include "policy/list_conventions.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>

#include <fmt/format.h>
#include <re2/re2.h>

#include "model/item_separators.h"
#include "util/text.h"
#include "util/url.h"

namespace sg {
namespace {

/// The share of entries that must pass a check for it to be the list's.
constexpr std::size_t k_convention_percent = 95;
/// A mark is one of the list's separators when this many entries use it: a
/// few " - " in an em-dash list are still its separators, one ": " may be
/// a title's colon.
constexpr std::size_t k_separator_min_entries = 2;
/// A list files resources by topic when at least this many, and this share
/// of its entries, repeat under their title in another topic: a paper feed
/// files one in twenty papers twice, a hand-kept list slips one in a hundred.
constexpr std::size_t k_filing_min_repeats = 3;
constexpr std::size_t k_filing_min_percent = 2;
/// A section the source rules fail this many entries of, and half its
/// entries, holds material the list keeps on purpose: books, talks, surveys.
constexpr std::size_t k_outside_sources_min_entries = 5;
/// Under a heading that says what its entries are ("Talks", "Community"),
/// this many failing entries are the list's own choice, not slips.
constexpr std::size_t k_outside_named_min_entries = 2;
/// A heading this many of whose entries, and half, repeat entries the list
/// files elsewhere under the same names is a featured or sponsors' table.
constexpr std::size_t k_featured_min_repeats = 3;
constexpr std::size_t k_featured_max_copies = 64;
/// Links carrying one utm_source value that make it the list's own tag: a
/// sponsor tags its whole table; a handful of affiliate links is not yet the
/// list's way.
constexpr std::size_t k_referral_min_links = 10;
/// And the share of the list's links that carry it, in percent.
constexpr std::size_t k_referral_min_percent = 1;

InferredSetting setting(std::string key, std::string what, std::size_t following,
                        std::size_t seen) {
  return {std::move(key), keeps_to(following, seen), following, seen, std::move(what)};
}

}  // namespace

bool keeps_to(std::size_t following, std::size_t seen) {
  // With nothing to go by, a check keeps its default (on).
  return seen == 0 || following * 100 >= seen * k_convention_percent;
}

ProjectLinks project_links(const List& list, const Policy& policy) {
  ProjectLinks links;
  list.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
    ++links.entries;
    const std::optional<Classification> classification =
        entry.parsed_url ? classify_url(policy, *entry.parsed_url) : std::nullopt;
    if (!classification || classification->source_class == nullptr) {
      return;
    }
    if (classification->source_class->inferred_kind == EntryKind::paper &&
        !policy.link_labels.first_match(entry.title)) {
      ++links.papers_by_title;
    }
    const std::string& name = classification->source_class->name;
    if (name == "repo") {
      ++links.repositories;
    } else if (std::find(k_own_site_classes.begin(), k_own_site_classes.end(), name) !=
                   k_own_site_classes.end() &&
               is_own_site(*classification, entry.title, entry.description, entry.code)) {
      ++links.own_sites;
    }
  });
  return links;
}

std::vector<InferredSetting> rules_the_list_does_not_keep(const List& list,
                                                          const std::vector<Diagnostic>& findings) {
  // Style is inferred setting by setting; links and schema are facts, not
  // conventions.
  static const std::vector<std::string_view> k_judgement_rules = {
      "source/not-primary", "source/unclassified", "source/kind-mismatch", "source/report-evidence",
      "surface/tutorial",   "claim/incomplete",    "claim/superlative",    "list/group-size"};
  std::size_t entries = 0;
  std::size_t groups = 0;
  for (const Section& section : list.sections) {
    groups += section.entries.empty() ? 0 : 1;
    entries += section.entries.size();
    for (const Group& group : section.groups) {
      groups += group.entries.empty() ? 0 : 1;
      entries += group.entries.size();
    }
  }
  std::vector<InferredSetting> off;
  for (const std::string_view rule : k_judgement_rules) {
    const std::size_t fired = static_cast<std::size_t>(
        std::count_if(findings.begin(), findings.end(), [&](const Diagnostic& finding) {
          // A finding the policy waives (a section it exempts) is kept to.
          return finding.rule == rule && finding.waived_reason.empty();
        }));
    const bool per_group = rule == "list/group-size";
    const std::size_t seen = per_group ? groups : entries;
    const std::size_t kept = seen - std::min(fired, seen);
    if (InferredSetting inferred =
            setting(fmt::format("rules.{}", rule),
                    per_group ? "groups keep to it" : "entries keep to it", kept, seen);
        !inferred.value) {
      off.push_back(std::move(inferred));
    }
  }
  // The other source rules serve source/not-primary: without it, asking for
  // host rules or declared kinds changes nothing. (surface/tutorial stands on
  // its own: lists that keep talks and posts may still keep out tutorials.)
  const bool sources_off = std::any_of(off.begin(), off.end(), [](const InferredSetting& s) {
    return s.key == "rules.source/not-primary";
  });
  for (const std::string_view rule :
       {"source/unclassified", "source/kind-mismatch", "source/report-evidence"}) {
    const std::string key = fmt::format("rules.{}", rule);
    if (sources_off && std::none_of(off.begin(), off.end(),
                                    [&](const InferredSetting& s) { return s.key == key; })) {
      off.push_back({key, false, 0, 0, "source/not-primary is off, and this rule serves it"});
    }
  }
  return off;
}

namespace {

/// The entries `findings` fail by a source or surface rule, by where each
/// starts: findings name their entry by it.
class EntriesFailingSources {
 public:
  explicit EntriesFailingSources(const std::vector<Diagnostic>& findings) {
    for (const Diagnostic& d : findings) {
      // A note that an entry was judged by inference fails nothing.
      if (d.waived_reason.empty() && d.severity != Severity::info && d.entry_location.line != 0 &&
          judges_sources(d.rule)) {
        starts_.emplace(d.entry_location.file, d.entry_location.line, d.entry_location.column);
      }
    }
  }
  bool fails(const Entry& entry) const {
    return starts_.contains(
        std::make_tuple(entry.location.file, entry.location.line, entry.location.column));
  }

 private:
  std::set<std::tuple<std::string, int, int>> starts_;
};

}  // namespace

std::size_t entries_failing_sources(const List& list, const std::vector<Diagnostic>& findings) {
  const EntriesFailingSources failing(findings);
  std::size_t count = 0;
  list.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
    count += failing.fails(entry) ? 1 : 0;
  });
  return count;
}

std::vector<SectionOutsideSources> sections_outside_sources(const List& list,
                                                            const std::vector<Diagnostic>& findings,
                                                            const PatternSet& kind_headings) {
  const EntriesFailingSources failing(findings);
  const auto fails = [&](const Entry& entry) { return failing.fails(entry); };
  const auto outside = [](std::size_t count, std::size_t of) {
    return count >= k_outside_sources_min_entries && 2 * count >= of;
  };
  const auto named_kind = [&](const SectionOutsideSources& part) {
    return part.failing >= k_outside_named_min_entries &&
           kind_headings.first_match(part.heading).has_value();
  };
  // A list that keeps one such heading keeps smaller ones beside it: a
  // group of two or more entries that all fail, next to a named group of its
  // section; a section of them, next to any named heading.
  const auto wholly = [](const SectionOutsideSources& part) {
    return part.entries >= 2 && part.failing == part.entries;
  };
  std::vector<SectionOutsideSources> found;
  std::vector<SectionOutsideSources> small_sections;
  // By position: whether a section is named whole, else the count of one
  // without named groups, of two or more entries, that fails on half of them. A list's part of
  // resources (its books, newsletters, podcasts, community) is sections side
  // by side: a small one that fails on half its entries, right beside a
  // named one, is that part too.
  std::vector<bool> named_whole;
  std::vector<std::optional<SectionOutsideSources>> half_failing;
  for (const Section& section : list.sections) {
    named_whole.push_back(false);
    half_failing.emplace_back();
    const auto counted = [&](const std::string& heading, const std::vector<Entry>& entries) {
      SectionOutsideSources part{heading, 0, entries.size()};
      part.failing = static_cast<std::size_t>(std::count_if(entries.begin(), entries.end(), fails));
      return part;
    };
    SectionOutsideSources whole = counted(section.title, section.entries);
    std::vector<SectionOutsideSources> groups;
    std::vector<SectionOutsideSources> small_groups;
    for (const Group& group : section.groups) {
      SectionOutsideSources part = counted(group.title, group.entries);
      whole.entries += part.entries;
      whole.failing += part.failing;
      if (outside(part.failing, part.entries)) {
        groups.push_back(std::move(part));
      } else if (wholly(part) || named_kind(part)) {
        // Named only beside a group named by its count, or when the
        // section is not named whole.
        small_groups.push_back(std::move(part));
      }
    }
    // The finest headings that hold the failing entries: the section only
    // when what its named groups leave still fails as a whole.
    std::size_t rest_failing = whole.failing;
    std::size_t rest_entries = whole.entries;
    for (const SectionOutsideSources& group : groups) {
      rest_failing -= group.failing;
      rest_entries -= group.entries;
    }
    const bool kind_groups = std::any_of(small_groups.begin(), small_groups.end(), named_kind);
    if (outside(rest_failing, rest_entries) ||
        (groups.empty() && !kind_groups && named_kind(whole))) {
      found.push_back(std::move(whole));
      named_whole.back() = true;
    } else if (!groups.empty() || kind_groups) {
      found.insert(found.end(), groups.begin(), groups.end());
      found.insert(found.end(), small_groups.begin(), small_groups.end());
    } else if (section.groups.empty() && wholly(whole)) {
      small_sections.push_back(std::move(whole));
      named_whole.back() = true;
    } else if (section.groups.empty() && whole.entries >= 2 && whole.failing > 0 &&
               2 * whole.failing >= whole.entries) {
      half_failing.back() = std::move(whole);
    }
  }
  if (found.empty()) {
    return found;
  }
  found.insert(found.end(), small_sections.begin(), small_sections.end());
  // A run of them beside a named section: forward, then back.
  const auto name_beside = [&](std::size_t at, std::size_t neighbour) {
    if (half_failing[at] && named_whole[neighbour]) {
      found.push_back(std::move(*half_failing[at]));
      half_failing[at].reset();
      named_whole[at] = true;
    }
  };
  for (std::size_t at = 1; at < half_failing.size(); ++at) {
    name_beside(at, at - 1);
  }
  for (std::size_t at = half_failing.size(); at-- > 1;) {
    name_beside(at - 1, at);
  }
  return found;
}

namespace {

/// The headings (a group, else a section) at least three of whose entries,
/// and half, are filed again elsewhere under the same name: a featured or
/// sponsors' table. `copies` holds each page's entries, by duplicate key.
std::vector<RepeatingSection> featured_sections(
    const List& list, const std::unordered_map<std::string, std::vector<FiledEntry>>& copies) {
  std::set<const Entry*> filed_elsewhere;
  for (const auto& [key, filed] : copies) {
    if (filed.size() > k_featured_max_copies) {
      continue;  // a page every entry links is no table's repeat (and pairs grow as squares)
    }
    for (const FiledEntry& one : filed) {
      if (std::any_of(filed.begin(), filed.end(), [&](const FiledEntry& other) {
            return other.topic != one.topic && same_name(*one.entry, *other.entry);
          })) {
        filed_elsewhere.insert(one.entry);
      }
    }
  }
  std::vector<RepeatingSection> found;
  const auto count = [&](const std::string& heading, const std::vector<Entry>& entries) {
    RepeatingSection part{heading, 0, entries.size()};
    for (const Entry& entry : entries) {
      part.repeats += filed_elsewhere.contains(&entry) ? 1 : 0;
    }
    if (part.repeats >= k_featured_min_repeats && 2 * part.repeats >= part.entries) {
      found.push_back(std::move(part));
    }
  };
  for (const Section& section : list.sections) {
    count(section.title, section.entries);
    for (const Group& group : section.groups) {
      count(group.title, group.entries);
    }
  }
  return found;
}

}  // namespace

ListConventions infer_conventions(const LoadResult& loaded,
                                  const std::vector<std::string>& abbreviations) {
  std::size_t entries = 0;
  std::size_t described = 0;
  // Descriptions, credits and tags ("_Authors._ ICLR 2024.", "[47']") among
  // them: the form settings count what each would be judged to be.
  std::size_t written = 0;
  std::size_t final_period = 0;
  std::size_t one_sentence = 0;
  std::size_t capital_start = 0;
  std::size_t web_links = 0;
  std::size_t https_links = 0;
  std::size_t arxiv_links = 0;
  std::size_t arxiv_abstracts = 0;
  std::map<std::string, std::size_t> referral_tags;
  // Each link as written, and as arXiv's abstract page: equal when it is one.
  CanonicalRules no_forms;
  no_forms.https = false;
  no_forms.arxiv_abstract = false;
  CanonicalRules arxiv_form = no_forms;
  arxiv_form.arxiv_abstract = true;
  loaded.list.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
    if (entry.url.empty()) {
      return;  // a note: prose, not a described link
    }
    ++entries;
    const std::string_view text = trim(entry.description);
    described += entry.described() ? 1 : 0;
    if (!text.empty()) {
      ++written;
      final_period += ends_sentence(text) ? 1 : 0;
      one_sentence += has_second_sentence(text, abbreviations, entry.title) ? 0 : 1;
      capital_start += starts_with_capital_or_name(entry, {}) ? 1 : 0;
    }
    for (const auto& located : entry.located_urls()) {
      if (!is_web_url(located.url)) {
        continue;
      }
      ++web_links;
      static const RE2 k_utm_source(R"([?&](utm_source=[^&#]+))");
      if (std::string tag; RE2::PartialMatch(located.url, k_utm_source, &tag)) {
        ++referral_tags[tag];
      }
      https_links += located.url.starts_with("https:") ? 1 : 0;
      const std::optional<std::string> as_written = canonical_url(located.url, no_forms);
      const std::optional<std::string> abstract = canonical_url(located.url, arxiv_form);
      if (as_written && abstract && abstract->find("://arxiv.org/abs/") != std::string::npos) {
        ++arxiv_links;
        arxiv_abstracts += *as_written == *abstract ? 1 : 0;
      }
    }
  });
  // A feed files one resource under each topic it serves, under its name
  // each time; a hand-kept list's repeats are slips, a few at most, and a
  // copied link repeats a page under another name.
  std::size_t repeats = 0;
  std::size_t filed_again = 0;
  std::unordered_map<std::string, std::vector<FiledEntry>> seen;
  FilingTopics topics;
  loaded.list.for_each_entry([&](const Section& section, const Group* group, const Entry& entry) {
    if (entry.url.empty() || entry.detail) {
      return;
    }
    const std::string& topic = topics.of(section, group);
    std::vector<FiledEntry>& earlier = seen[duplicate_key(entry.url, CanonicalRules())];
    if (!earlier.empty()) {
      ++repeats;
      filed_again += slip_against(earlier, entry, topic) == nullptr ? 1 : 0;
    }
    earlier.push_back({&entry, topic});
  });
  ListConventions conventions;
  conventions.featured_sections = featured_sections(loaded.list, seen);
  conventions.settings = {
      setting("description.required", "entries have a description", described, entries),
      setting("description.final_period", "descriptions end with a period", final_period, written),
      setting("description.one_sentence", "descriptions are one sentence", one_sentence, written),
      setting("description.capital_start", "descriptions start with a capital letter",
              capital_start, written),
      setting("canonical.https", "links use https", https_links, web_links),
      setting("canonical.arxiv_abstract", "arXiv links point at the abstract page", arxiv_abstracts,
              arxiv_links),
      {"duplicates.across_sections",
       filed_again < k_filing_min_repeats || filed_again * 100 < entries * k_filing_min_percent,
       repeats - filed_again, repeats,
       fmt::format("repeated links are not one resource filed again under its title in another "
                   "topic; filing by topic takes {}% of the entries, {}",
                   k_filing_min_percent,
                   std::max(k_filing_min_repeats, (entries * k_filing_min_percent + 99) / 100))},
  };
  for (const auto& [mark, count] : loaded.separators_used) {
    conventions.separator_counts.emplace_back(mark, count);
  }
  std::stable_sort(conventions.separator_counts.begin(), conventions.separator_counts.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  for (const auto& [mark, count] : conventions.separator_counts) {
    if (count >= k_separator_min_entries) {
      conventions.separators.push_back(mark);
    }
  }
  if (conventions.separators.empty()) {
    conventions.separators = ItemSeparators().marks;
    conventions.default_separators = true;
  }
  // A stray tracking parameter is copied from a share button once; a tag
  // on ten of a list's links is the list's own referral tagging.
  for (const auto& [tag, count] : referral_tags) {
    if (count >= k_referral_min_links && count * 100 >= web_links * k_referral_min_percent &&
        count > conventions.referral_links) {
      conventions.referral_tag = tag;
      conventions.referral_links = count;
    }
  }
  return conventions;
}

}  // namespace sg
