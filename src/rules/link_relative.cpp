// link/relative: a relative link in a Markdown list names a file that exists.
#include <fmt/format.h>

#include "rules/rule.h"
#include "util/url.h"

namespace sg {
namespace {

void check_link_relative(const List& list, const RuleContext& /*context*/, Findings& out) {
  for (const RelativeLink& link : list.relative_links) {
    if (link.exists) {
      continue;
    }
    // "[[code](-)]": "no code yet" to the list, a broken link to a reader.
    const bool placeholder = is_placeholder_target(link.target);
    out.push_back(Finding{
        .location = link.location,
        .message = placeholder
                       ? fmt::format("the link to \"{}\" stands in for a missing page, and "
                                     "GitHub renders it as a link to a file that does not exist",
                                     link.target)
                       : fmt::format("{} names no file or folder next to the list", link.target),
        .hint = placeholder ? "drop the link and keep its words, or link the page"
                            : "fix the path (relative to the list's folder; \"/path\" from the "
                              "repository's root) or link the page's URL",
        .evidence = placeholder ? "a placeholder target" : "checked on disk when the list was read",
        .subject = link.target});
  }
}

}  // namespace

extern const Rule k_link_relative = {
    .id = "link/relative",
    .severity = Severity::error,
    .summary = "a relative link names a file that does not exist",
    .doc =
        "A Markdown list's relative links (LICENSE, docs/guide.md, /CONTRIBUTING.md) are links "
        "into its own repository, not entries: each must name a file or folder that exists, "
        "relative to the list's folder, or to the repository's root (the working directory) "
        "when it starts with /. A placeholder target (\"[[code](-)]\": no code yet) is "
        "reported as what it is: a reader gets a broken link.",
    .hint = "fix the path or link the page's URL",
    .check_list = check_link_relative,
    .document_links = true,
};

}  // namespace sg
