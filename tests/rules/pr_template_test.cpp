#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/pr_template.h"
#include "support/cli_runner.h"

namespace sg {
namespace {

using ::testing::HasSubstr;

std::string template_text() {
  return testing::read_text(testing::source_dir() / ".github/PULL_REQUEST_TEMPLATE.md");
}

/// The template with each listed placeholder, in order, replaced by an answer
/// (the opening comment quotes the placeholder too: it is not one).
std::string answered(const std::vector<std::string>& answers) {
  std::string body = template_text();
  std::size_t at = body.find("-->");
  for (const std::string& answer : answers) {
    at = body.find(k_pr_placeholder, at);
    body.replace(at, k_pr_placeholder.size(), answer);
    at += answer.size();
  }
  return body;
}

const std::vector<std::string> k_full_answers = {"The paper that introduced Stream-K.",
                                                 "Kernels, Matrix multiplication, after CUTLASS.",
                                                 "Nothing: the group holds three links.",
                                                 "H100 SXM, CUDA 12.4",
                                                 "4096x4096x4096 GEMM",
                                                 "BF16 inputs, FP32 accumulate",
                                                 "cuBLAS 12.4",
                                                 "max abs error against FP64",
                                                 "None."};

Entry entry(const std::string& title, bool with_claim) {
  Entry e;
  e.title = title;
  if (with_claim) {
    e.claim = Claim{.hardware = "H100 SXM",
                    .workload = "4096x4096x4096",
                    .precision = "BF16",
                    .baseline = "cuBLAS",
                    .correctness = "max abs error",
                    .location = {}};
  }
  return e;
}

/// The line where `needle` starts a line.
int line_of(const std::string& text, const std::string& needle) {
  const std::size_t at = text.find("\n" + needle) + 1;
  return static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n')) + 1;
}

TEST(PrBody, TheTemplateAsksEveryQuestionAndAnswersNone) {
  const std::string body = template_text();
  const std::vector<PrAnswer> answers = read_pr_body(body);
  ASSERT_EQ(answers.size(), 9U);
  for (const PrAnswer& answer : answers) {
    EXPECT_EQ(answer.text, "") << question_text(answer.question);
    EXPECT_GT(answer.line, 0) << question_text(answer.question);
  }
  EXPECT_EQ(answers[0].question, PrQuestion::why_primary);
  // The placeholder's line, not the question's: the guidance comment in
  // between is no answer.
  EXPECT_EQ(answers[0].line, line_of(body, "_Answer here._"));
  EXPECT_EQ(answers[3].question, PrQuestion::hardware);
  EXPECT_EQ(answers[3].line, line_of(body, "- Hardware"));
  EXPECT_EQ(answers[8].question, PrQuestion::conflicts);
}

struct BodyCase {
  const char* name;
  std::vector<std::string> answers;   // for the placeholders, in order
  bool claim;                         // whether the added entry carries a claim
  std::vector<std::string> expected;  // "rule@question" per finding, in order
};

TEST(PrBody, JudgesTheAnswersAgainstTheAddedEntry) {
  std::vector<std::string> no_claim = k_full_answers;
  for (std::size_t i = 3; i < 8; ++i) {
    no_claim[i] = "No claim";
  }
  std::vector<std::string> wrong_hardware = k_full_answers;
  wrong_hardware[3] = "A100 80GB";
  std::vector<std::string> partly = {"A paper.", k_pr_placeholder.data(), "Nothing."};
  const BodyCase cases[] = {
      {"all answered, claim agrees", k_full_answers, true, {}},
      {"claim fields written without case or spacing care",
       {k_full_answers[0], k_full_answers[1], k_full_answers[2], "h100   sxm", "4096X4096X4096",
        "bf16", "CUBLAS", "Max abs error", "None"},
       true,
       {}},
      {"no claim, and the entry has none", no_claim, false, {}},
      {"claim fields left as the template when no entry claims anything",
       {k_full_answers[0], k_full_answers[1], k_full_answers[2]},
       false,
       {"pr/unanswered@Conflicts of interest"}},
      {"untouched template",
       {},
       false,
       {"pr/unanswered@Why is the source primary?",
        "pr/unanswered@Where does it belong in the reading order?",
        "pr/unanswered@What does it replace?", "pr/unanswered@Conflicts of interest"}},
      {"claim fields required when the entry claims",
       partly,
       true,
       {"pr/unanswered@Where does it belong in the reading order?",
        "pr/unanswered@Hardware and software versions",
        "pr/unanswered@Workload (shapes or request distribution)",
        "pr/unanswered@Precision and algorithm", "pr/unanswered@Baseline",
        "pr/unanswered@Correctness method", "pr/unanswered@Conflicts of interest"}},
      {"hardware disagrees",
       wrong_hardware,
       true,
       {"pr/claim-mismatch@Hardware and software versions"}},
      {"'No claim' for an entry that claims",
       no_claim,
       true,
       {"pr/claim-mismatch@Hardware and software versions",
        "pr/claim-mismatch@Workload (shapes or request distribution)",
        "pr/claim-mismatch@Precision and algorithm", "pr/claim-mismatch@Baseline",
        "pr/claim-mismatch@Correctness method"}},
      {"a claim described for an entry without one",
       k_full_answers,
       false,
       {"pr/claim-mismatch@Hardware and software versions",
        "pr/claim-mismatch@Workload (shapes or request distribution)",
        "pr/claim-mismatch@Precision and algorithm", "pr/claim-mismatch@Baseline",
        "pr/claim-mismatch@Correctness method"}},
  };
  for (const BodyCase& c : cases) {
    const Entry added = entry("Stream-K", c.claim);
    const std::vector<Diagnostic> found = check_pr_body(answered(c.answers), "body.md", {&added});
    std::vector<std::string> got;
    for (const Diagnostic& d : found) {
      std::string question;
      for (const PrQuestion q :
           {PrQuestion::why_primary, PrQuestion::place, PrQuestion::replaces, PrQuestion::hardware,
            PrQuestion::workload, PrQuestion::precision, PrQuestion::baseline,
            PrQuestion::correctness, PrQuestion::conflicts}) {
        if (d.message.find("\"" + std::string(question_text(q)) + "\"") != std::string::npos) {
          question = question_text(q);
        }
      }
      got.push_back(d.rule + "@" + question);
      EXPECT_EQ(d.location.file, "body.md") << c.name;
      EXPECT_GT(d.location.line, 0) << c.name << ": " << d.message;
      EXPECT_FALSE(d.hint.empty()) << c.name;
    }
    EXPECT_EQ(got, c.expected) << c.name;
  }
}

TEST(PrBody, AFindingNamesTheQuestionTheLineAndTheEvidence) {
  const Entry added = entry("Stream-K", true);
  std::vector<std::string> answers = k_full_answers;
  answers[3] = "A100 80GB";
  const std::string body = answered(answers);
  const std::vector<Diagnostic> found = check_pr_body(body, "body.md", {&added});
  ASSERT_EQ(found.size(), 1U);
  EXPECT_EQ(found[0].location.line, line_of(body, "- Hardware"));
  EXPECT_THAT(found[0].message, HasSubstr("\"Hardware and software versions\" does not say what "
                                          "entry \"Stream-K\" claims"));
  EXPECT_EQ(found[0].evidence, "description: \"A100 80GB\"; entry's claim: \"H100 SXM\"");

  const std::string unanswered = answered({});
  const std::vector<Diagnostic> first = check_pr_body(unanswered, "body.md", {&added});
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(first[0].location.line, line_of(unanswered, "_Answer here._"));
  EXPECT_THAT(first[0].message,
              HasSubstr("adds \"Stream-K\" but leaves \"Why is the source primary?\" unanswered"));
}

TEST(PrBody, ADeletedQuestionIsUnansweredAndNoAddedEntryAsksNothing) {
  const Entry added = entry("Stream-K", false);
  std::string body = answered(k_full_answers);
  body.erase(body.find("## Conflicts of interest"));
  const std::vector<Diagnostic> found = check_pr_body(body, "body.md", {&added});
  ASSERT_EQ(found.size(), 6U);  // five claim answers without a claim, and the missing question
  EXPECT_EQ(found.front().rule, "pr/unanswered");
  EXPECT_EQ(found.front().location.line, 0);
  EXPECT_THAT(found.front().message, HasSubstr("the template's question is missing"));
  EXPECT_TRUE(check_pr_body("", "body.md", {}).empty());
  EXPECT_TRUE(check_pr_body(template_text(), "body.md", {}).empty());
}

TEST(PrBody, CommentsAndOtherHeadingsAreNoAnswers) {
  const std::vector<PrAnswer> answers = read_pr_body(
      "### Why is the source primary? ###\n<!-- a\nhint -->\n\n## Notes\nunrelated text\n"
      "## What does it replace?\nThe old link,\nover two lines.\n");
  ASSERT_EQ(answers.size(), 2U);
  EXPECT_EQ(answers[0].question, PrQuestion::why_primary);
  EXPECT_EQ(answers[0].text, "");
  EXPECT_EQ(answers[0].line, 1);
  EXPECT_EQ(answers[1].question, PrQuestion::replaces);
  EXPECT_EQ(answers[1].text, "The old link, over two lines.");
  EXPECT_EQ(answers[1].line, 8);
}

// GitHub stores a description typed in its editor with CRLF line ends.
TEST(PrBody, CrlfLineEndsReadAsLf) {
  std::string body = answered(k_full_answers);
  std::string crlf;
  for (const char c : body) {
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  }
  const Entry added = entry("Stream-K", true);
  EXPECT_TRUE(check_pr_body(crlf, "body.md", {&added}).empty());
  const std::vector<PrAnswer> answers = read_pr_body(crlf);
  ASSERT_EQ(answers.size(), 9U);
  EXPECT_EQ(answers[3].text, "H100 SXM, CUDA 12.4");
  const std::vector<PrAnswer> unanswered =
      read_pr_body("## Why is the source primary?\r\n\r\n_Answer here._\r\n");
  ASSERT_EQ(unanswered.size(), 1U);
  EXPECT_EQ(unanswered[0].text, "");
  EXPECT_EQ(unanswered[0].line, 3);
}

TEST(PrBody, NoClaimSpellings) {
  for (const char* text : {"No claim", "no claim.", "None", "N/A", "n/a", "-"}) {
    EXPECT_TRUE(says_no_claim(text)) << text;
  }
  for (const char* text : {"H100", "none of the above GPUs", ""}) {
    EXPECT_FALSE(says_no_claim(text)) << text;
  }
}

}  // namespace
}  // namespace sg
