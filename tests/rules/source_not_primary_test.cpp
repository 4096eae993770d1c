#include "rules/rule_test_support.h"

namespace sg::testing {
namespace {

TEST(SourceNotPrimary, FiresOnABlogPostThatIsNotAReportWithCode) {
  auto found = lint_section(
      one_entry(R"("title": "Matmul notes", "url": "https://someone.medium.com/matmul-notes", )"
                R"("kind": "report", "description": "Notes on tiling a matrix multiplication.", )"
                R"("claim": {"hardware": "H100"})"));
  EXPECT_THAT(rule_ids(found), ElementsAre("source/not-primary", "source/report-evidence"));
  auto not_primary = found[0];
  EXPECT_THAT(not_primary.message, HasSubstr("links a blog page (someone.medium.com"));
  EXPECT_EQ(not_primary.title, "Matmul notes");
  EXPECT_THAT(not_primary.hint, HasSubstr("declare kind \"report\""));
}

TEST(SourceNotPrimary, QuietForAReportWithCodeAndForPrimaryHosts) {
  EXPECT_THAT(rule_ids(lint_section(one_entry(
                  R"("title": "Matmul worklog", "url": "https://someone.medium.com/worklog", )"
                  R"("kind": "report", "description": "A matmul worklog with code and numbers.", )"
                  R"("claim": {"hardware": "H100"}, "code": "https://github.com/o/r")"))),
              IsEmpty());
  EXPECT_THAT(rule_ids(lint_section(one_entry(
                  R"("title": "Stream-K", "url": "https://arxiv.org/abs/2301.03598", )"
                  R"("kind": "paper", "description": "Work-centric GEMM decomposition.")"))),
              IsEmpty());
}

TEST(SourceNotPrimary, FiresOnNewsVideoCommunityAndSurveyTitles) {
  for (const char* url :
       {"https://www.nextplatform.com/2026/01/01/gpus/", "https://www.youtube.com/watch?v=abc",
        "https://www.reddit.com/r/CUDA/"}) {
    EXPECT_THAT(rule_ids(lint_section(one_entry(
                    std::string(R"("title": "Something", "url": ")") + url +
                    R"(", "kind": "docs", "description": "A page about GPUs and kernels.")"))),
                ElementsAre("source/not-primary"))
        << url;
  }
  auto survey = lint_section(one_entry(
      R"("title": "A Survey of LLM Inference", "url": "https://arxiv.org/abs/2404.14294", )"
      R"("kind": "paper", "description": "Many serving systems compared side by side.")"));
  EXPECT_THAT(rule_ids(survey), ElementsAre("source/not-primary"));
  EXPECT_THAT(survey[0].message, HasSubstr("reads as a survey"));
}

}  // namespace
}  // namespace sg::testing
