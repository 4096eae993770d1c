#include "rules/rule_test_support.h"

namespace sg::testing {
namespace {

TEST(SurfaceTutorial, FiresOnTutorialHostsAndTitles) {
  auto site = lint_section(one_entry(
      R"("title": "CUDA basics", "url": "https://www.geeksforgeeks.org/introduction-to-cuda/", )"
      R"("kind": "docs", "description": "What CUDA is and how to install it.")"));
  EXPECT_THAT(rule_ids(site), ElementsAre("surface/tutorial"));
  auto title = lint_section(one_entry(
      R"("title": "CUDA for Beginners", "url": "https://someone.example/guide/cuda", )"
      R"("kind": "docs", "description": "A third-party page with a surface-level title.")"));
  ASSERT_THAT(rule_ids(title), Contains("surface/tutorial"));
  EXPECT_THAT(title[0].message, HasSubstr("\"for Beginners\""));
}

// The vendor's own introduction to its own mechanism is its documentation.
TEST(SurfaceTutorial, OfficialDocsWithAnIntroductoryTitleAreNoTutorial) {
  EXPECT_THAT(
      rule_ids(lint_section(one_entry(
          R"("title": "CUDA for Beginners", "url": "https://docs.nvidia.com/cuda/x/", )"
          R"("kind": "docs", "description": "An official page with an introductory title.")"))),
      IsEmpty());
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
}  // namespace sg::testing
