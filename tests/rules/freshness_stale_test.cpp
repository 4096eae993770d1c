#include "rules/rule_test_support.h"

namespace sg::testing {
namespace {

const char* const k_frontier = R"({"title": "Frontier",
 "volatile": {"verified": "2026-10-17", "max_age_days": 90},
 "entries": [{"title": "K", "url": "https://arxiv.org/abs/2502.10517", "kind": "paper",
   "description": "A benchmark of kernels written by models.", "verified": "2026-08-01"}]})";

TEST(FreshnessStale, FiresForAStaleSectionAndEntry) {
  auto found = lint_section(k_frontier, "2027-02-01");
  ASSERT_THAT(rule_ids(found), ElementsAre("freshness/stale", "freshness/stale"));
  EXPECT_THAT(found[0].message, HasSubstr("\"Frontier\" was verified on 2026-10-17, 107 days ago"));
  EXPECT_THAT(found[0].hint, HasSubstr("set \"verified\" to 2027-02-01"));
  EXPECT_EQ(found[0].location.line, 2);
  EXPECT_THAT(found[1].message, HasSubstr("verified on 2026-08-01, 184 days ago"));
}

TEST(FreshnessStale, QuietWithinTheAgeAndUsesThePolicyDefaultForMarkdown) {
  EXPECT_THAT(rule_ids(lint_section(k_frontier, "2026-10-30")), IsEmpty());
  const std::string markdown =
      "# L\n\n## Frontier\n\nVerified on 2026-01-02.\n\n- [K](https://arxiv.org/abs/2502.10517) - "
      "A benchmark of kernels written by models.\n";
  EXPECT_THAT(rule_ids(lint_markdown(markdown, "2026-03-01")), IsEmpty());
  EXPECT_THAT(rule_ids(lint_markdown(markdown, "2026-04-15")), ElementsAre("freshness/stale"));
}

}  // namespace
}  // namespace sg::testing
