// freshness/stale: a volatile section or entry verified too long ago.
#include <fmt/format.h>

#include "rules/rule.h"
#include "util/date.h"

namespace sg {
namespace {

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
      out.push_back(Finding{
          .location = info.location,
          .message = fmt::format("\"{}\" was verified on {}, {} days ago; volatile sections are "
                                 "re-verified every {} days",
                                 section.title, info.verified, *age, max_age),
          .hint = fmt::format("re-check the section's sources, then set \"verified\" to {}",
                              format_date(context.today)),
          .subject = section.title});
    }
    auto check_entries = [&](const std::vector<Entry>& entries) {
      for (const Entry& entry : entries) {
        if (entry.verified.empty()) {
          continue;
        }
        if (auto age = age_of(entry.verified); age && *age > max_age) {
          out.push_back(
              Finding{.location = entry.where("verified"),
                      .message = fmt::format("verified on {}, {} days ago, in a volatile section "
                                             "re-verified every {} days",
                                             entry.verified, *age, max_age),
                      .hint = fmt::format("re-check the source, then set \"verified\" to {}",
                                          format_date(context.today)),
                      .entry = &entry});
        }
      }
    };
    check_entries(section.entries);
    for (const Group& group : section.groups) {
      check_entries(group.entries);
    }
  }
}

}  // namespace

extern const Rule k_freshness_stale = {
    .id = "freshness/stale",
    .severity = Severity::error,
    .summary = "a volatile section or entry was verified too long ago",
    .doc =
        "Sections whose evidence changes quickly carry \"volatile\": {\"verified\": DATE, "
        "\"max_age_days\": N}; an entry in them may carry its own \"verified\" date. When the date "
        "is older than N days (the policy's \"freshness.default_max_age_days\" for Markdown "
        "lists), the section must be re-verified.",
    .hint = "re-check the sources, then update the verification date",
    .check_list = check_freshness_stale,
    .dated = true,
};

}  // namespace sg
