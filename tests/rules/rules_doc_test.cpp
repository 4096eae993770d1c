#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "render/anchors.h"
#include "rules/rule.h"
#include "rules/rules_doc.h"
#include "support/cli_runner.h"

namespace sg {
namespace {

using ::testing::HasSubstr;

TEST(RulesDoc, CommittedPageIsTheRuleTable) {
  EXPECT_EQ(testing::read_text(testing::source_dir() / k_rules_doc_path), rules_reference())
      << "docs/rules.md is stale: run `sourcegate rules --markdown > docs/rules.md`";
}

TEST(RulesDoc, EveryRuleHasASectionItsHelpUriPointsAt) {
  const std::string page = rules_reference();
  for (const Rule& rule : rule_registry()) {
    EXPECT_THAT(page, HasSubstr("\n## " + std::string(rule.id) + "\n")) << rule.id;
    EXPECT_THAT(page, HasSubstr(std::string(rule.doc))) << rule.id;
  }
  EXPECT_EQ(rule_help_uri("source/not-primary"),
            "https://github.com/sourcegate/sourcegate/blob/main/docs/rules.md#sourcenot-primary");
}

TEST(RulesDoc, RulesMarkdownPrintsThePage) {
  const auto result = testing::run_sourcegate({"rules", "--markdown"}, testing::source_dir());
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, rules_reference());
}

}  // namespace
}  // namespace sg
