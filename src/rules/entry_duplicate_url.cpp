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

/// The earlier entry `entry` repeats, or null when it repeats none: an
/// entry's several links may repeat each other.
const Entry* earlier_entry(const std::vector<FiledEntry>& earlier, const Entry& entry) {
  for (const FiledEntry& filed : earlier) {
    if (filed.entry == &entry) {
      return nullptr;
    }
  }
  return earlier.empty() ? nullptr : earlier.front().entry;
}

/// The entries that wrote one page, and whether any of them wrote it as its
/// own link (an entry's first) rather than as one of its other pages.
struct PageWriters {
  std::vector<FiledEntry> filed;
  bool as_own_link = false;
};

void check_duplicate_url(const List& list, const RuleContext& context, Findings& out) {
  std::unordered_map<std::string, PageWriters> seen;
  seen.reserve(list.entry_count());
  // Entries of a featured or sponsors' table ("exempt_sections.repeats").
  std::unordered_set<const Entry*> featured;
  FilingTopics topics;
  list.for_each_entry([&](const Section& section, const Group* group, const Entry& entry) {
    // An entry whose several links repeat one earlier entry is one finding.
    std::vector<const Entry*> repeated;
    if (entry.detail) {
      return;  // "Vanilla GAN" under each GAN collection that implements it
    }
    const std::string& topic = topics.of(section, group);
    if (heading_among(context.policy.repeats_exempt_sections, section, group) != nullptr) {
      featured.insert(&entry);
    }
    const std::vector<Entry::LocatedUrl> links = entry.located_urls();
    for (const Entry::LocatedUrl& link : links) {
      if (link.field == "code") {
        continue;  // a paper and its report may name one repository
      }
      const bool own_link = &link == &links.front();
      PageWriters& page = seen[duplicate_key(link.url, link.parsed, context.policy.canonical)];
      const Entry* first = earlier_entry(page.filed, entry);
      // Two papers of one lab each link its project page among their other
      // pages: a repeat only where one of them is an entry's own link.
      const bool other_pages_only = !own_link && !page.as_own_link;
      page.as_own_link = page.as_own_link || own_link;
      // One resource under its title in another topic: filed again there,
      // which a list that files by topic does on purpose.
      const Entry* slip = first == nullptr ? nullptr : slip_against(page.filed, entry, topic);
      if (page.filed.empty() || page.filed.back().entry != &entry) {
        page.filed.push_back({&entry, topic});
      }
      if (first == nullptr || other_pages_only ||
          (slip == nullptr && !context.policy.duplicates_across_sections)) {
        continue;
      }
      // The entry it slips against, in its own topic or under another name.
      const Entry* named = slip != nullptr ? slip : first;
      // A featured table repeats, under its name, an entry filed elsewhere.
      const bool features =
          (featured.contains(named) || featured.contains(&entry)) && same_name(*named, entry);
      if (features || std::find(repeated.begin(), repeated.end(), named) != repeated.end()) {
        continue;
      }
      repeated.push_back(named);
      // Through one of its other pages, the finding names that link.
      Finding finding{
          .location = own_link ? entry.where("url") : link.location,
          .message = fmt::format(
              "links the same page as \"{}\" at {}:{}{}", named->title, named->location.file,
              named->location.line,
              own_link ? std::string() : fmt::format(" through its other link {}", link.url)),
          .hint = "remove one of them, or waive this rule with the reason the list repeats it",
          .entry = &entry,
          .involves = {named}};
      if (slip != nullptr && !same_name(*named, entry)) {
        // Two names, one page: a link copied from the entry before is the
        // usual slip, and removing one would keep the wrong link.
        finding.hint =
            "if this entry's link was copied from the other, give it its own link; if both name "
            "one resource, remove one of them, or waive this rule with the reason";
      }
      if (slip == nullptr) {
        // Filed again rather than slipped: a warning, as the list may mean it.
        finding.evidence = "the same title under another topic";
        finding.severity = Severity::warning;
        finding.hint =
            "remove one of them; a list that files one resource under each topic it serves "
            "says \"duplicates\": {\"across_sections\": false}";
      }
      out.push_back(std::move(finding));
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
        "A repeat under the same title in another topic (another group, else another section; "
        "two sections under one heading are one topic) may be the list filing one resource "
        "under each topic it serves: it is a warning, and a "
        "list that files so says \"duplicates\": {\"across_sections\": false} to report only a "
        "repeat within one topic or under another title (a copied link), the errors. One "
        "work cited in two hands (five title words in a row in common, or one title written "
        "out in the other's description) has the same title. "
        "Two entries that share one of their other pages (a lab's project page beside each "
        "paper) repeat nothing. A featured or "
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
