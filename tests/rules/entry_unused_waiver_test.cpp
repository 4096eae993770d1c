#include "rules/rule_test_support.h"

namespace sg::testing {
namespace {

TEST(EntryUnusedWaiver, UnusedWaiverIsAWarningAndUnknownRuleAnError) {
  auto found = lint_section(one_entry(
      R"("title": "Stream-K", "url": "https://arxiv.org/abs/2301.03598", "kind": "paper", )"
      R"("description": "Work-centric GEMM decomposition.", "waive": [)"
      R"({"rule": "source/not-primary", "reason": "Old."}, {"rule": "source/not-primary", )"
      R"("reason": "Typo below."}, {"rule": "source/not-primery", "reason": "Typo."}])"));
  ASSERT_THAT(rule_ids(found),
              ElementsAre("entry/unused-waiver", "entry/unused-waiver", "entry/schema"));
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_THAT(found[0].message, HasSubstr("waiver of source/not-primary silences nothing"));
  EXPECT_THAT(found[2].hint, HasSubstr("did you mean \"source/not-primary\"?"));
}

}  // namespace
}  // namespace sg::testing
