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

// In entry files, where the kind is declared, the policy must know the host:
// a URL that reads as documentation is a warning asking for a host rule.
TEST(SourceUnclassified, AnEntryFileOnAnUnknownHostAsksForAHostRuleEvenWhenItsUrlReadsPrimary) {
  const auto found = lint_section(one_entry(
      R"("title": "Tiling guide", "url": "https://docs.someproject.example/guide/tiling", )"
      R"("kind": "docs", "description": "The tiling guide of a project.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("source/unclassified"));
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_EQ(found[0].evidence, "URL shape: a docs host");
}

// A declared primary kind against a URL that reads as a blog post is a
// contradiction, not a missing host rule.
TEST(SourceUnclassified, ADeclaredPrimaryKindAgainstABlogShapedUrlIsAKindMismatch) {
  const auto found = lint_section(
      one_entry(R"("title": "Tiling notes", "url": "https://someone.example/posts/tiling", )"
                R"("kind": "paper", "description": "Notes on tiling kernels.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("source/kind-mismatch"));
  EXPECT_THAT(found[0].message, HasSubstr("reads as a blog page"));
  EXPECT_EQ(found[0].evidence, "declared kind paper; URL shape: a blog platform or path");
}

}  // namespace
}  // namespace sg::testing
