// link/canonical: link the canonical form of a URL.
#include <fmt/format.h>

#include "rules/rule.h"
#include "rules/url_canon.h"

namespace sg {

void check_link_canonical(const EntryView& view, const RuleContext& context, Findings& out) {
  const Entry& entry = view.entry;
  for (const std::string& url : entry.all_urls()) {
    const std::optional<std::string> canonical =
        canonical_url(url, context.policy.tracking_parameters, context.policy.http_only_hosts);
    if (!canonical || *canonical == url) {
      continue;
    }
    const std::string_view field = url == entry.code ? "code" : "url";
    out.push_back({entry.where(field),
                   fmt::format("{} is not in canonical form", url),
                   fmt::format("use {}", *canonical),
                   &entry,
                   {}});
  }
}

}  // namespace sg
