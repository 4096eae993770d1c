// source/report-evidence: a direct implementer report names its code and the
// hardware it was measured on.
#include <fmt/format.h>

#include "rules/rule.h"

namespace sg {
namespace {

void check_report_evidence(const EntryView& view, const RuleContext& context, Findings& out) {
  // Only a declared report owes its evidence: a kind inferred from a code
  // link (a Markdown list, which cannot declare one) is a guess, and
  // source/not-primary asks for the declaration.
  if (view.entry.kind != EntryKind::report) {
    return;
  }
  const Entry& entry = view.entry;
  if (entry.code.empty()) {
    out.push_back(Finding{.location = entry.where("kind"),
                          .message = "a report names no code repository",
                          .entry = &entry});
  } else if (auto code = entry.parsed_code ? classify_url(context.policy, *entry.parsed_code)
                                           : std::nullopt;
             !context.policy.hosts.empty() &&
             (!code || code->source_class == nullptr ||
              code->source_class->inferred_kind != EntryKind::repo)) {
    out.push_back(
        Finding{.location = entry.where("code"),
                .message = fmt::format("\"code\" ({}) is not a repository URL", entry.code),
                .hint = "point \"code\" at the repository that holds the measured code",
                .entry = &entry});
  }
  if (!entry.claim || entry.claim->hardware.empty()) {
    out.push_back(Finding{
        .location = entry.claim ? entry.where("claim") : entry.location,
        .message = "a report does not say what hardware it was measured on",
        .hint = "add \"claim\": {\"hardware\": \"GPU model, driver and software versions\"}",
        .entry = &entry});
  }
}

}  // namespace

extern const Rule k_source_report_evidence = {
    .id = "source/report-evidence",
    .severity = Severity::error,
    .summary = "a report without code or measured hardware",
    .doc =
        "A declared direct implementer report must name the repository holding its code "
        "(\"code\") and the hardware its measurements ran on (\"claim.hardware\"), so that the "
        "result can be reproduced.",
    .hint = "add \"code\" and \"claim.hardware\"",
    .check_entry = check_report_evidence,
};

}  // namespace sg
