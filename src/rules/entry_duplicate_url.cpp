// entry/duplicate-url: two entries link the same page (compared by URL
// identity, src/util/url.h).
#include <algorithm>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "rules/rule.h"
#include "util/url.h"

namespace sg {
namespace {

void check_duplicate_url(const List& list, const RuleContext& context, Findings& out) {
  std::unordered_map<std::string, const Entry*> first_seen;
  first_seen.reserve(list.entry_count());
  list.for_each_entry([&](const Section& section, const Group*, const Entry& entry) {
    // An entry whose several links repeat one earlier entry is one finding.
    std::vector<const Entry*> repeated;
    if (entry.detail) {
      return;  // "Vanilla GAN" under each GAN collection that implements it
    }
    for (const Entry::LocatedUrl& link : entry.located_urls()) {
      if (link.field == "code") {
        continue;  // a paper and its report may name one repository
      }
      // A list that files one resource under several sections on purpose
      // ("duplicates.across_sections": false) is judged section by section.
      std::string identity = duplicate_key(link.url, link.parsed, context.policy.canonical);
      if (!context.policy.duplicates_across_sections) {
        identity += fmt::format(" {}", static_cast<const void*>(&section));
      }
      auto [it, inserted] = first_seen.emplace(identity, &entry);
      if (inserted || it->second == &entry ||
          std::find(repeated.begin(), repeated.end(), it->second) != repeated.end()) {
        continue;
      }
      repeated.push_back(it->second);
      const Entry& first = *it->second;
      out.push_back(Finding{
          .location = entry.where("url"),
          .message = fmt::format("links the same page as \"{}\" at {}:{}", first.title,
                                 first.location.file, first.location.line),
          .hint = "remove one of them, or waive this rule with the reason the list repeats it",
          .entry = &entry,
          .involves = {&first}});
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
        "A list that repeats resources across its sections by design says "
        "\"duplicates\": {\"across_sections\": false}. An item nested under another entry "
        "(the papers a collection implements) is a detail of it and may repeat a link. A list may "
        "repeat an entry on purpose (one resource in two places of a reading path); waive the "
        "rule on the repeat with the reason.",
    .hint = "remove one of them, or waive this rule with the reason the list repeats it",
    .check_list = check_duplicate_url,
};

}  // namespace sg
