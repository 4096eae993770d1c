// link/anchor: an in-page #anchor must match a heading, under GitHub's rules.
#include <set>

#include <fmt/format.h>

#include "render/anchors.h"
#include "rules/rule.h"
#include "util/url.h"

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
  for (const std::string& html : list.html_anchors) {
    known.insert(anchor_lower_case(html));
  }
  for (const AnchorLink& link : list.anchor_links) {
    // A link writes "#café" as "#caf%C3%A9" as often as not, and
    // "#Model-Compression" for "#model-compression": GitHub's page finds an
    // anchor whatever its case.
    if (known.contains(anchor_lower_case(link.anchor)) ||
        known.contains(anchor_lower_case(percent_decode(link.anchor)))) {
      continue;
    }
    out.push_back(Finding{
        .location = link.location,
        .message = fmt::format("#{} matches no heading", link.anchor),
        .hint = "link an existing heading (GitHub anchors: emoji and punctuation dropped, "
                "spaces as -, repeats suffixed -1, -2; case aside) or add <a name=\"...\"></a>",
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
        "match a heading under GitHub's rules (those of npm's github-slugger: Unicode lower "
        "case; emoji and punctuation other than - and _ dropped; spaces as -; a repeated "
        "heading suffixed -1, -2) or an anchor written in HTML (<a name>, an id attribute). Case "
        "aside: GitHub's page finds \"#Model-Compression\" at the heading \"Model Compression\".",
    .hint = "link an existing heading",
    .check_list = check_link_anchor,
    .document_links = true,
};

}  // namespace sg
