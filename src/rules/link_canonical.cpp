// link/canonical: link the canonical form of a URL.
#include <fmt/format.h>

#include "rules/rule.h"
#include "util/url.h"

namespace sg {

namespace {

void check_link_canonical(const EntryView& view, const RuleContext& context, Findings& out) {
  const Entry& entry = view.entry;
  for (const Entry::LocatedUrl& located : entry.located_urls()) {
    if (located.parsed == nullptr || !located.parsed->is_web()) {
      continue;
    }
    // Compared in normal form: "https://host" and "https://host/" are one
    // URL (RFC 3986 §6.2.3), and neither is worth a finding.
    const Url normal = normalize(*located.parsed);
    const std::string canonical = to_string(canonicalize(normal, context.policy.canonical));
    if (canonical == to_string(normal)) {
      continue;
    }
    // A redirect wrapper hides where the link goes, and tells its host who
    // followed it: the message says so rather than "not canonical".
    const bool wrapped =
        redirect_target(normal, context.policy.canonical.redirect_wrappers).has_value();
    out.push_back(Finding{.location = located.location,
                          .message = wrapped
                                         ? fmt::format("{} is a redirect through {} to {}",
                                                       located.url, normal.site_host(), canonical)
                                         : fmt::format("{} is not in canonical form", located.url),
                          .hint = wrapped ? fmt::format("link {} directly", canonical)
                                          : fmt::format("use {}", canonical),
                          .entry = &entry});
  }
}

}  // namespace

extern const Rule k_link_canonical = {
    .id = "link/canonical",
    .severity = Severity::error,
    .summary = "a URL is not in canonical form",
    .doc =
        "Links use https where the host serves it, carry no tracking parameters (the policy's "
        "\"canonical.tracking_parameters\"), go straight to the page rather than through a "
        "redirect wrapper (\"canonical.redirect_wrappers\", such as google.com/url?q=…) and "
        "point at arXiv's abstract page, not a PDF, HTML or versioned form, so that duplicates "
        "are found and readers land on the stable page.",
    .hint = "use the canonical URL given in the message",
    .check_entry = check_link_canonical,
};

}  // namespace sg
