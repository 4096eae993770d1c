// claim/incomplete: a performance figure needs hardware, workload, precision,
// baseline and correctness method, or the number goes.
#include <fmt/format.h>

#include "rules/rule.h"

namespace sg {

std::string claim_text(const std::string& text, const Policy& policy) {
  std::string kept = text;
  if (!policy.not_claims.set || !policy.not_claims.set->Match(text, nullptr)) {
    return kept;
  }
  for (const NamedPattern& pattern : policy.not_claims.patterns) {
    RE2::GlobalReplace(&kept, pattern.regex(), " ");
  }
  return kept;
}

namespace {

/// A pattern's name as the claim it found: "a performance speed-up", and a
/// name with its own article as written ("an intensified comparison").
std::string claim_named(std::string_view pattern) {
  if (pattern.starts_with("a ") || pattern.starts_with("an ")) {
    return std::string(pattern);
  }
  return fmt::format("a performance {}", pattern);
}

void check_claim_incomplete(const EntryView& view, const RuleContext& context, Findings& out) {
  const Entry& entry = view.entry;
  std::optional<PatternMatch> match;
  std::string_view field = "title";
  for (const auto& [name, text] :
       {std::pair<std::string_view, const std::string&>{"title", view.claim_title},
        {"description", view.claim_description}}) {
    match = context.policy.claim_figures.first_match(text);
    if (!match) {
      match = context.policy.claim_comparisons.first_match(text);
    }
    if (match) {
      field = name;
      break;
    }
  }
  if (!match) {
    return;
  }
  const Claim empty;
  const Claim& claim = entry.claim ? *entry.claim : empty;
  std::vector<std::string_view> missing;
  if (claim.hardware.empty()) {
    missing.push_back("hardware (and software versions)");
  }
  if (claim.workload.empty()) {
    missing.push_back("workload (shapes or request distribution)");
  }
  if (claim.precision.empty()) {
    missing.push_back("precision (and algorithm)");
  }
  if (claim.baseline.empty()) {
    missing.push_back("baseline");
  }
  if (claim.correctness.empty()) {
    missing.push_back("correctness (method)");
  }
  if (missing.empty()) {
    return;
  }
  out.push_back(Finding{.location = entry.where(field),
                        .message = fmt::format("the {} states {} (\"{}\") but \"claim\" lacks {}",
                                               field, claim_named(match->pattern->name),
                                               match->text, fmt::join(missing, ", ")),
                        .evidence = fmt::format("claim pattern: {}", match->pattern->name),
                        .entry = &entry});
}

}  // namespace

extern const Rule k_claim_incomplete = {
    .id = "claim/incomplete",
    .severity = Severity::error,
    .summary =
        "a performance figure without hardware, workload, precision, baseline and correctness",
    .doc =
        "A title or description that states a performance figure (a speed-up, a percentage, "
        "throughput, latency, FLOP/s, MFU, accuracy on a benchmark) or a comparison against a "
        "named baseline (\"beats X\", \"matches Y\") is a claim. The policy accepts a claim only "
        "with the hardware and software versions, the workload (shapes or request "
        "distribution), the precision and algorithm, the baseline and the correctness method, "
        "given in the entry's \"claim\" object. Counts, sizes, versions and formats (FP8, 4-bit, "
        "250 workloads) are not claims. The patterns are the policy's \"claims\".",
    .hint = "add the missing \"claim\" fields, or drop the number",
    .check_entry = check_claim_incomplete,
};

}  // namespace sg
