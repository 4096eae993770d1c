#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/rule_test_support.h"

namespace sg {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::lint_section;
using testing::one_entry;
using testing::rule_ids;

TEST(SourceUnclassified, WarnsWhenNoHostRuleMatches) {
  auto found =
      lint_section(one_entry(R"("title": "Thing", "url": "https://unknown.example/x", )"
                             R"("kind": "docs", "description": "A page on an unknown host.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("source/unclassified"));
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_THAT(found[0].hint, HasSubstr("add a line for \"unknown.example\""));
}

}  // namespace
}  // namespace sg
