// list/group-size: a group holds at most the policy's number of links.
#include <algorithm>

#include <fmt/format.h>

#include "rules/rule.h"

namespace sg {
namespace {

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
        Finding finding{.location = location,
                        .message = fmt::format("\"{}\" holds {} links; the policy allows {}", title,
                                               count, limit),
                        .subject = title};
        for (const Entry& entry : entries) {
          finding.involves.push_back(&entry);
        }
        out.push_back(std::move(finding));
      }
    };
    check(section.entries, section.title, section.location);
    for (const Group& group : section.groups) {
      check(group.entries, group.title, group.location);
    }
  }
}

}  // namespace

extern const Rule k_list_group_size = {
    .id = "list/group-size",
    .severity = Severity::error,
    .summary = "a group holds more links than the policy allows",
    .doc =
        "The list is a learning path, not a link collection: a group holds at most the policy's "
        "\"group_size.max_links\" links, so a new link names the one it replaces. Reading-path "
        "sections can be exempted in \"group_size.exempt_sections\".",
    .hint = "replace an entry (name the one it replaces in the pull request) or split the group",
    .check_list = check_group_size,
};

}  // namespace sg
