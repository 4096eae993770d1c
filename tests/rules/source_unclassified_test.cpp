#include "rules/rule_test_support.h"

namespace sg::testing {
namespace {

TEST(SourceUnclassified, WarnsWhenNoHostRuleMatches) {
  auto found =
      lint_section(one_entry(R"("title": "Thing", "url": "https://unknown.example/x", )"
                             R"("kind": "docs", "description": "A page on an unknown host.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("source/unclassified"));
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_THAT(found[0].hint, HasSubstr("add a line for \"unknown.example\""));
}

}  // namespace
}  // namespace sg::testing
