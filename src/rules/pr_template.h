#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/diagnostic.h"
#include "model/list.h"

namespace sg {

/// What the pull-request template (.github/PULL_REQUEST_TEMPLATE.md) asks of
/// a change that adds a source, and how its answers are read.
enum class PrQuestion {
  why_primary,
  place,
  replaces,
  hardware,
  workload,
  precision,
  baseline,
  correctness,
  conflicts,
};

/// The question as the template asks it, to name in a finding.
std::string_view question_text(PrQuestion question);

/// The text that stands for "not answered yet" in the template.
inline constexpr std::string_view k_pr_placeholder = "_Answer here._";

/// One answer as the body gives it.
struct PrAnswer {
  PrQuestion question = PrQuestion::why_primary;
  /// What the author wrote, without the placeholder and HTML comments, on one
  /// line; empty when unanswered.
  std::string text;
  /// The body's line of the answer (of its placeholder when unanswered), or
  /// of the question when the answer is empty.
  int line = 0;
};

/// Reads a pull request's body: the answer to each question found. A
/// question is a heading (why primary, place, replaces, conflicts) answered
/// by the text up to the next heading, or a list item "- Hardware...:
/// answer" for the five claim fields. HTML comments are not answers.
std::vector<PrAnswer> read_pr_body(std::string_view body);

/// Whether a claim-field answer says there is no claim ("No claim", "none",
/// "n/a").
bool says_no_claim(std::string_view answer);

/// Judges a body against the entries the change adds: every template question
/// answered (pr/unanswered) when there is at least one; the five claim fields
/// answered, and each naming the value of every added entry's claim, when
/// one carries a claim; and no claim described when none does
/// (pr/claim-mismatch). Findings name `body_file` and the body's line, in
/// the body's order.
std::vector<Diagnostic> check_pr_body(std::string_view body, const std::string& body_file,
                                      const std::vector<const Entry*>& added);

}  // namespace sg
