// link/anchor: an in-page #anchor must match a heading, under GitHub's rules.
#include <set>

#include <fmt/format.h>

#include "render/anchors.h"
#include "rules/rule.h"

namespace sg {
namespace {

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
    out.push_back(Finding{
        .location = link.location,
        .message = fmt::format("#{} matches no heading", link.anchor),
        .hint = "link an existing heading (GitHub anchors: lower case, punctuation dropped, "
                "spaces as -, repeats suffixed -1, -2)",
        .subject = "#" + link.anchor});
  }
}

}  // namespace

extern const Rule k_link_anchor = {
    .id = "link/anchor",
    .severity = Severity::error,
    .summary = "an internal #anchor matches no heading",
    .doc =
        "Internal links (#anchor) in a Markdown list, or in the list rendered from entries, must "
        "match a heading under GitHub's rules: lower case, punctuation other than - and _ "
        "dropped, spaces as -, a repeated heading suffixed -1, -2.",
    .hint = "link an existing heading",
    .check_list = check_link_anchor,
};

}  // namespace sg
