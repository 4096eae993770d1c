// link/canonical: link the canonical form of a URL.
#include <fmt/format.h>

#include "rules/rule.h"
#include "util/url.h"

namespace sg {

void check_link_canonical(const EntryView& view, const RuleContext& context, Findings& out) {
  const Entry& entry = view.entry;
  for (const std::string& url : entry.all_urls()) {
    // Compared in normal form: "https://host" and "https://host/" are one
    // URL (RFC 3986 §6.2.3), and neither is worth a finding.
    const std::optional<std::string> canonical = canonical_url(url, context.policy.canonical);
    if (!canonical || *canonical == normalize_url(url)) {
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
