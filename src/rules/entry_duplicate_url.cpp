// entry/duplicate-url: two entries link the same page (compared by URL
// identity, src/util/url.h).
#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>

#include "rules/rule.h"
#include "util/url.h"

namespace sg {
namespace {

/// The earlier entry `entry` repeats, or null when the list may repeat it:
/// a list that files by topic ("duplicates.across_sections": false) files one
/// resource under its name once per topic (slip_against).
const Entry* repeated_entry(const std::vector<FiledEntry>& earlier, const Entry& entry,
                            const void* topic, bool across_topics) {
  for (const FiledEntry& filed : earlier) {
    if (filed.entry == &entry) {
      return nullptr;
    }
  }
  return across_topics ? earlier.front().entry : slip_against(earlier, entry, topic);
}

void check_duplicate_url(const List& list, const RuleContext& context, Findings& out) {
  std::unordered_map<std::string, std::vector<FiledEntry>> seen;
  seen.reserve(list.entry_count());
  // Entries of a featured or sponsors' table ("exempt_sections.repeats").
  std::unordered_set<const Entry*> featured;
  list.for_each_entry([&](const Section& section, const Group* group, const Entry& entry) {
    // An entry whose several links repeat one earlier entry is one finding.
    std::vector<const Entry*> repeated;
    if (entry.detail) {
      return;  // "Vanilla GAN" under each GAN collection that implements it
    }
    const void* topic = filing_topic(section, group);
    if (heading_among(context.policy.repeats_exempt_sections, section, group) != nullptr) {
      featured.insert(&entry);
    }
    for (const Entry::LocatedUrl& link : entry.located_urls()) {
      if (link.field == "code") {
        continue;  // a paper and its report may name one repository
      }
      std::vector<FiledEntry>& earlier =
          seen[duplicate_key(link.url, link.parsed, context.policy.canonical)];
      const Entry* first =
          earlier.empty()
              ? nullptr
              : repeated_entry(earlier, entry, topic, context.policy.duplicates_across_sections);
      if (earlier.empty() || earlier.back().entry != &entry) {
        earlier.push_back({&entry, topic});
      }
      // A featured table repeats, under its name, an entry filed elsewhere.
      const bool features = first != nullptr &&
                            (featured.contains(first) || featured.contains(&entry)) &&
                            same_name(*first, entry);
      if (first == nullptr || features ||
          std::find(repeated.begin(), repeated.end(), first) != repeated.end()) {
        continue;
      }
      repeated.push_back(first);
      out.push_back(Finding{
          .location = entry.where("url"),
          .message = fmt::format("links the same page as \"{}\" at {}:{}", first->title,
                                 first->location.file, first->location.line),
          .hint = "remove one of them, or waive this rule with the reason the list repeats it",
          .entry = &entry,
          .involves = {first}});
    }
  });
}

}  // namespace

extern const Rule k_entry_duplicate_url = {
    .id = "entry/duplicate-url",
    .severity = Severity::error,
    .summary = "two entries link the same page",
    .doc =
        "URLs are compared after normalisation: scheme, host case, default port, trailing "
        "slash, tracking parameters, the arXiv abs/pdf/version forms and the case of a GitHub "
        "owner and repository name; links to two sections of a page (#a, #b) are two entries. "
        "A list that files one resource under each topic it serves says "
        "\"duplicates\": {\"across_sections\": false}: then a repeat under the same title in "
        "another topic (another group, else another section) is that filing, and only a repeat "
        "within one topic or under another title (a copied link) is reported. A featured or "
        "sponsors' table that repeats entries on purpose is named in \"exempt_sections\": "
        "{\"repeats\": […]}: a repeat under the same title with one copy there is not reported. "
        "An item nested under "
        "another entry "
        "(the papers a collection implements) is a detail of it and may repeat a link. A list may "
        "repeat an entry on purpose (one resource in two places of a reading path); waive the "
        "rule on the repeat with the reason.",
    .hint = "remove one of them, or waive this rule with the reason the list repeats it",
    .check_list = check_duplicate_url,
};

}  // namespace sg
