#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/rule_test_support.h"

namespace sg {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using testing::lint_markdown;
using testing::lint_section;
using testing::one_entry;
using testing::rule_ids;

TEST(NotPrimary, FiresOnABlogPostThatIsNotAReportWithCode) {
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

TEST(NotPrimary, QuietForAReportWithCodeAndForPrimaryHosts) {
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

TEST(NotPrimary, FiresOnNewsVideoCommunityAndSurveyTitles) {
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

TEST(KindMismatch, FiresWhenTheDeclaredKindContradictsAPrimaryHost) {
  auto found = lint_section(one_entry(
      R"("title": "PTX ISA", "url": "https://docs.nvidia.com/cuda/parallel-thread-execution/", )"
      R"("kind": "repo", "description": "NVIDIA's virtual instruction set.")"));
  EXPECT_THAT(rule_ids(found), ElementsAre("source/kind-mismatch"));
  EXPECT_THAT(found[0].message,
              HasSubstr("declared kind \"repo\" but docs.nvidia.com is a docs host"));
  EXPECT_THAT(found[0].hint, HasSubstr("set \"kind\" to \"docs\""));
}

TEST(KindMismatch, FiresOnARepoThatIsNotARepositoryRoot) {
  auto found = lint_section(one_entry(
      R"("title": "A file", "url": "https://github.com/NVIDIA/cutlass/blob/main/README.md", )"
      R"("kind": "repo", "description": "A file inside a repository.")"));
  EXPECT_THAT(rule_ids(found), ElementsAre("source/kind-mismatch"));
  EXPECT_THAT(found[0].message, HasSubstr("is not the repo itself"));
}

TEST(KindMismatch, QuietWhenKindAgrees) {
  EXPECT_THAT(rule_ids(lint_section(one_entry(
                  R"("title": "CUTLASS", "url": "https://github.com/NVIDIA/cutlass", )"
                  R"("kind": "repo", "description": "CUDA templates for linear algebra.")"))),
              IsEmpty());
}

TEST(KindMismatch, MarkdownKindsAreInferredNotChecked) {
  EXPECT_THAT(
      rule_ids(lint_markdown("# L\n\n## S\n\n- [CUTLASS](https://github.com/NVIDIA/cutlass) "
                             "- CUDA templates for linear algebra.\n")),
      IsEmpty());
}

TEST(Unclassified, WarnsWhenNoHostRuleMatches) {
  auto found =
      lint_section(one_entry(R"("title": "Thing", "url": "https://unknown.example/x", )"
                             R"("kind": "docs", "description": "A page on an unknown host.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("source/unclassified"));
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_THAT(found[0].hint, HasSubstr("add a line for \"unknown.example\""));
}

TEST(ReportEvidence, FiresWithoutCodeOrHardware) {
  auto found = lint_section(
      one_entry(R"("title": "Worklog", "url": "https://github.com/o/r", "kind": "report", )"
                R"("description": "A worklog with measurements.")"));
  EXPECT_THAT(rule_ids(found), ElementsAre("source/report-evidence", "source/report-evidence"));
  EXPECT_THAT(found[0].message, HasSubstr("hardware"));
  EXPECT_THAT(found[1].message, HasSubstr("names no code repository"));
}

TEST(ReportEvidence, FiresWhenCodeIsNotARepository) {
  auto found = lint_section(
      one_entry(R"("title": "Worklog", "url": "https://siboehm.com/articles/22/CUDA-MMM", )"
                R"("kind": "report", "description": "A worklog with measurements.", )"
                R"("claim": {"hardware": "A6000"}, "code": "https://siboehm.com/code")"));
  EXPECT_THAT(rule_ids(found), ElementsAre("source/report-evidence"));
  EXPECT_THAT(found[0].message, HasSubstr("is not a repository URL"));
}

TEST(SurfaceTutorial, FiresOnTutorialHostsAndTitles) {
  auto site = lint_section(one_entry(
      R"("title": "CUDA basics", "url": "https://www.geeksforgeeks.org/introduction-to-cuda/", )"
      R"("kind": "docs", "description": "What CUDA is and how to install it.")"));
  EXPECT_THAT(rule_ids(site), ElementsAre("surface/tutorial"));
  auto title = lint_section(one_entry(
      R"("title": "CUDA for Beginners", "url": "https://docs.nvidia.com/cuda/x/", )"
      R"("kind": "docs", "description": "An official page with a surface-level title.")"));
  EXPECT_THAT(rule_ids(title), ElementsAre("surface/tutorial"));
  EXPECT_THAT(title[0].message, HasSubstr("\"for Beginners\""));
}

TEST(SurfaceTutorial, AReportWithCodeIsExempt) {
  EXPECT_THAT(
      rule_ids(lint_section(one_entry(
          R"("title": "tcgen05 for dummies", "url": "https://gau-nernst.github.io/tcgen05/", )"
          R"("kind": "report", "description": "A Blackwell GEMM built step by step.", )"
          R"("claim": {"hardware": "B200"}, "code": "https://github.com/gau-nernst/learn-cuda")"))),
      IsEmpty());
}

}  // namespace
}  // namespace sg
