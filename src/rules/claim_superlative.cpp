// claim/superlative: praise without a baseline ("blazingly fast", "the
// fastest") is no measured result; a milder finding whose weight each list's
// policy sets.
#include <fmt/format.h>

#include "rules/rule.h"

namespace sg {
namespace {

void check_claim_superlative(const EntryView& view, const RuleContext& context, Findings& out) {
  const Entry& entry = view.entry;
  for (const auto& [field, text] :
       {std::pair<std::string_view, const std::string&>{"title", view.claim_title},
        {"description", view.claim_description}}) {
    if (auto match = context.policy.claim_superlatives.first_match(text)) {
      out.push_back(Finding{
          .location = entry.where(field),
          .message = fmt::format("the {} praises without a baseline (\"{}\")", field, match->text),
          .evidence = fmt::format("superlative pattern: {}", match->pattern->name),
          .entry = &entry});
      return;
    }
  }
}

}  // namespace

extern const Rule k_claim_superlative = {
    .id = "claim/superlative",
    .severity = Severity::warning,
    .summary = "praise with no baseline (\"the fastest\", \"blazingly fast\")",
    .doc =
        "A superlative without a named baseline and a measurement is praise, not a result. "
        "Many lists tolerate it, so it is a warning by default; a list's policy may raise it to "
        "an error or switch it off (\"rules\": {\"claim/superlative\": \"off\"}). The "
        "patterns are the policy's \"claims.superlatives\".",
    .hint = "drop the superlative, or state the measured result with its five claim fields",
    .check_entry = check_claim_superlative,
};

}  // namespace sg
