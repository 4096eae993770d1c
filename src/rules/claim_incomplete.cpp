// claim/incomplete: a performance figure needs hardware, workload, precision,
// baseline and correctness method, or the number goes.
#include <fmt/format.h>

#include "rules/rule.h"

namespace sg {

namespace {

/// The text with what the policy calls "not a claim" blanked out.
std::string without_non_claims(const std::string& text, const PatternSet& not_claims) {
  std::string kept = text;
  if (!not_claims.set || !not_claims.set->Match(text, nullptr)) {
    return kept;
  }
  for (const NamedPattern& pattern : not_claims.patterns) {
    RE2::GlobalReplace(&kept, *pattern.regex, " ");
  }
  return kept;
}

}  // namespace

void check_claim_incomplete(const EntryView& view, const RuleContext& context, Findings& out) {
  const Entry& entry = view.entry;
  std::optional<std::pair<const NamedPattern*, std::string>> match;
  std::string_view field = "title";
  const std::string title = without_non_claims(entry.title, context.policy.not_claims);
  const std::string description = without_non_claims(entry.description, context.policy.not_claims);
  for (const auto& [name, text] : {std::pair<std::string_view, const std::string&>{"title", title},
                                   {"description", description}}) {
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
  out.push_back({entry.where(field),
                 fmt::format("the {} states a performance {} (\"{}\") but \"claim\" lacks {}",
                             field, match->first->name, match->second, fmt::join(missing, ", ")),
                 {},
                 &entry,
                 {}});
}

}  // namespace sg
