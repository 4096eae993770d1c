#include "rules/rule_test_support.h"

namespace sg::testing {
namespace {

TEST(SourceReportEvidence, FiresWithoutCodeOrHardware) {
  auto found = lint_section(
      one_entry(R"("title": "Worklog", "url": "https://github.com/o/r", "kind": "report", )"
                R"("description": "A worklog with measurements.")"));
  EXPECT_THAT(rule_ids(found), ElementsAre("source/report-evidence", "source/report-evidence"));
  EXPECT_THAT(found[0].message, HasSubstr("hardware"));
  EXPECT_THAT(found[1].message, HasSubstr("names no code repository"));
}

TEST(SourceReportEvidence, FiresWhenCodeIsNotARepository) {
  auto found = lint_section(
      one_entry(R"("title": "Worklog", "url": "https://siboehm.com/articles/22/CUDA-MMM", )"
                R"("kind": "report", "description": "A worklog with measurements.", )"
                R"("claim": {"hardware": "A6000"}, "code": "https://siboehm.com/code")"));
  EXPECT_THAT(rule_ids(found), ElementsAre("source/report-evidence"));
  EXPECT_THAT(found[0].message, HasSubstr("is not a repository URL"));
}

}  // namespace
}  // namespace sg::testing
