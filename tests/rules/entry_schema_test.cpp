#include "rules/rule.h"
#include "rules/rule_test_support.h"

namespace sg::testing {
namespace {

TEST(EntrySchema, OneBuilderNamesTheRuleTheEntryAndRedactsCredentials) {
  Entry entry;
  entry.title = "Secret";
  entry.url = "https://user:pass@a.example/x";
  entry.location = {"entries/01.json", 4, 5};
  const Diagnostic d = schema_error(Finding{.location = Location{"entries/01.json", 6, 7},
                                            .message = "\"url\" is a URL with credentials in it",
                                            .hint = "link an https:// URL",
                                            .entry = &entry});
  EXPECT_EQ(d.rule, "entry/schema");
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.location.line, 6);
  EXPECT_EQ(d.title, "Secret");
  EXPECT_EQ(d.url, "https://REDACTED@a.example/x");
  EXPECT_EQ(d.entry_location.line, 4);
  EXPECT_EQ(d.hint, "link an https:// URL");
}

TEST(EntrySchema, WithoutItsOwnHintTheRowsHintIsGiven) {
  const Diagnostic d =
      schema_error(Finding{.location = Location{"LIST.md", 1, 1}, .message = "bad"});
  EXPECT_EQ(d.hint, find_rule("entry/schema")->hint);
  EXPECT_TRUE(d.title.empty());
}

TEST(EntrySchema, AWaiverNamingNoRuleSaysWhichRuleWasMeant) {
  auto found = lint_section(one_entry(
      R"("title": "Stream-K", "url": "https://arxiv.org/abs/2301.03598", "kind": "paper", )"
      R"("description": "Work-centric GEMM decomposition.", )"
      R"("waive": [{"rule": "source/not-primry", "reason": "typo"}])"));
  ASSERT_EQ(rule_ids(found), std::vector<std::string>{"entry/schema"});
  EXPECT_THAT(found[0].message, HasSubstr("unknown rule \"source/not-primry\""));
  EXPECT_EQ(found[0].hint, "did you mean \"source/not-primary\"?");
}

}  // namespace
}  // namespace sg::testing
