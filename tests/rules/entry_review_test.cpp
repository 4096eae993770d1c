#include "rules/rule_test_support.h"

namespace sg::testing {
namespace {

const std::string k_paper =
    R"("title": "Stream-K", "url": "https://arxiv.org/abs/2301.03598", "kind": "paper", )"
    R"("description": "Work-centric GEMM decomposition.")";

TEST(EntryReview, AnEntryCarryingReviewIsAWarningNamingTheGuesses) {
  auto found = lint_section(
      one_entry(k_paper + R"(, "review": ["kind inferred from the URL", "description missing"])"));
  ASSERT_THAT(rule_ids(found), ElementsAre("entry/review"));
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_EQ(found[0].title, "Stream-K");
  EXPECT_THAT(found[0].message, HasSubstr("entry \"Stream-K\" still carries \"review\": kind "
                                          "inferred from the URL; description missing"));
  EXPECT_THAT(found[0].hint, HasSubstr("remove \"review\""));
  EXPECT_EQ(found[0].location.line, 1);
}

TEST(EntryReview, OneStringIsAReviewToo) {
  auto found = lint_section(one_entry(k_paper + R"(, "review": "kind inferred from the URL")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("entry/review"));
}

TEST(EntryReview, AnEntryWithoutReviewIsQuiet) {
  EXPECT_THAT(lint_section(one_entry(k_paper)), IsEmpty());
}

TEST(EntryReview, AMalformedReviewIsASchemaError) {
  for (const char* review : {R"(3)", R"([])", R"([""])", R"(["a\nb"])", R"([1])"}) {
    auto found = lint_section(one_entry(k_paper + R"(, "review": )" + review));
    EXPECT_THAT(rule_ids(found), Contains("entry/schema")) << review;
  }
}

TEST(EntryReview, AReviewCanBeWaivedLikeAnyFinding) {
  auto found = lint_section(
      one_entry(k_paper + R"(, "waive": [{"rule": "entry/review", "reason": "Kept on purpose."}], )"
                          R"("review": "kind inferred from the URL")"));
  EXPECT_THAT(rule_ids(found), IsEmpty());
}

}  // namespace
}  // namespace sg::testing
