// Rules over the whole list: entry/duplicate-url, list/group-size,
// freshness/stale and link/anchor.
#include <set>
#include <unordered_map>

#include <fmt/format.h>

#include "render/anchors.h"
#include "rules/rule.h"
#include "util/url.h"
#include "util/date.h"

namespace sg {

void check_duplicate_url(const List& list, const RuleContext& context, Findings& out) {
  std::unordered_map<std::string, const Entry*> first_seen;
  first_seen.reserve(list.entry_count());
  list.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
    std::vector<std::string> urls;
    if (entry.links.empty()) {
      urls.push_back(entry.url);
    } else {
      for (const EntryLink& link : entry.links) {
        urls.push_back(link.url);
      }
    }
    for (const std::string& url : urls) {
      if (url.empty()) {
        continue;
      }
      const std::string identity = url_identity(url, context.policy.canonical);
      auto [it, inserted] = first_seen.emplace(identity, &entry);
      if (inserted || it->second == &entry) {
        continue;
      }
      const Entry& first = *it->second;
      out.push_back({entry.where("url"),
                     fmt::format("links the same page as \"{}\" at {}:{}", first.title,
                                 first.location.file, first.location.line),
                     "remove one of them, or waive this rule with the reason the list repeats it",
                     &entry,
                     {}});
    }
  });
}

void check_group_size(const List& list, const RuleContext& context, Findings& out) {
  const std::size_t limit = context.policy.group_max_links;
  if (limit == 0) {
    return;
  }
  auto links = [](const std::vector<Entry>& entries) {
    return static_cast<std::size_t>(std::count_if(entries.begin(), entries.end(),
                                                  [](const Entry& e) { return !e.url.empty(); }));
  };
  for (const Section& section : list.sections) {
    const auto& exempt = context.policy.group_size_exempt_sections;
    if (std::find(exempt.begin(), exempt.end(), section.title) != exempt.end()) {
      continue;
    }
    auto check = [&](const std::vector<Entry>& entries, const std::string& title,
                     const Location& location) {
      const std::size_t count = links(entries);
      if (count > limit) {
        out.push_back(
            {location,
             fmt::format("\"{}\" holds {} links; the policy allows {}", title, count, limit),
             {},
             nullptr,
             title});
      }
    };
    check(section.entries, section.title, section.location);
    for (const Group& group : section.groups) {
      check(group.entries, group.title, group.location);
    }
  }
}

void check_freshness_stale(const List& list, const RuleContext& context, Findings& out) {
  for (const Section& section : list.sections) {
    if (!section.volatile_info) {
      continue;
    }
    const Volatile& info = *section.volatile_info;
    const int max_age =
        info.max_age_days > 0 ? info.max_age_days : context.policy.freshness_default_max_age_days;
    if (max_age <= 0) {
      continue;
    }
    auto age_of = [&](const std::string& date) -> std::optional<int> {
      auto day = parse_date(date);
      if (!day) {
        return std::nullopt;
      }
      return static_cast<int>((context.today - *day).count());
    };
    if (auto age = age_of(info.verified); age && *age > max_age) {
      out.push_back({info.location,
                     fmt::format("\"{}\" was verified on {}, {} days ago; volatile sections are "
                                 "re-verified every {} days",
                                 section.title, info.verified, *age, max_age),
                     fmt::format("re-check the section's sources, then set \"verified\" to {}",
                                 format_date(context.today)),
                     nullptr, section.title});
    }
    auto check_entries = [&](const std::vector<Entry>& entries) {
      for (const Entry& entry : entries) {
        if (entry.verified.empty()) {
          continue;
        }
        if (auto age = age_of(entry.verified); age && *age > max_age) {
          out.push_back({entry.where("verified"),
                         fmt::format("verified on {}, {} days ago, in a volatile section "
                                     "re-verified every {} days",
                                     entry.verified, *age, max_age),
                         fmt::format("re-check the source, then set \"verified\" to {}",
                                     format_date(context.today)),
                         &entry,
                         {}});
        }
      }
    };
    check_entries(section.entries);
    for (const Group& group : section.groups) {
      check_entries(group.entries);
    }
  }
}

void check_link_anchor(const List& list, const RuleContext& /*context*/, Findings& out) {
  if (list.anchor_links.empty()) {
    return;
  }
  AnchorSet anchors;
  std::set<std::string, std::less<>> known;
  for (const std::string& heading : list.headings) {
    known.insert(anchors.add(heading));
  }
  for (const AnchorLink& link : list.anchor_links) {
    if (known.contains(link.anchor)) {
      continue;
    }
    out.push_back({link.location, fmt::format("#{} matches no heading", link.anchor),
                   "link an existing heading (GitHub anchors: lower case, punctuation dropped, "
                   "spaces as -, repeats suffixed -1, -2)",
                   nullptr, "#" + link.anchor});
  }
}

}  // namespace sg
