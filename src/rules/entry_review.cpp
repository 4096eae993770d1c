// entry/review: an entry still carries what an import guessed about it.
#include <fmt/format.h>

#include "rules/rule.h"

namespace sg {
namespace {

void check_review(const EntryView& view, const RuleContext& /*context*/, Findings& out) {
  const std::vector<std::string>& review = view.entry.review;
  if (review.empty()) {
    return;
  }
  out.push_back(Finding{.location = view.entry.where("review"),
                        .message = fmt::format("entry \"{}\" still carries \"review\": {}",
                                               view.entry.title, fmt::join(review, "; ")),
                        .entry = &view.entry});
}

}  // namespace

extern const Rule k_entry_review = {
    .id = "entry/review",
    .severity = Severity::warning,
    .summary = "an imported entry still carries guesses to check",
    .doc =
        "`sourcegate import` writes entry files from a Markdown list. Where it had to guess (a "
        "kind inferred from the URL, a description missing from the list), the entry carries "
        "\"review\", saying what was guessed. The warning stays until a person has checked those "
        "fields and removed \"review\". See docs/entries.md.",
    .hint = "check the guessed fields (kind, description), then remove \"review\"",
    .check_entry = check_review,
};

}  // namespace sg
