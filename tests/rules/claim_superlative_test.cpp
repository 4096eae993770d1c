#include "rules/engine.h"
#include "rules/rule.h"
#include "rules/rule_test_support.h"

namespace sg::testing {
namespace {

std::vector<Diagnostic> library_described(const std::string& description) {
  return lint_section(one_entry(R"("title": "Kernels", "url": "https://github.com/o/kernels", )"
                                R"("kind": "repo", "description": ")" +
                                description + "\""));
}

TEST(ClaimSuperlative, PraiseWithoutABaselineIsAWarning) {
  for (const char* text : {"Blazingly fast attention kernels.", "The fastest GEMM library.",
                           "Lightning-fast tokenizers for serving."}) {
    const auto found = library_described(text);
    ASSERT_THAT(rule_ids(found), ElementsAre("claim/superlative")) << text;
    EXPECT_EQ(found[0].severity, Severity::warning);
    EXPECT_THAT(found[0].message, HasSubstr("praises without a baseline")) << text;
    EXPECT_EQ(found[0].evidence, "superlative pattern: a superlative") << text;
  }
}

TEST(ClaimSuperlative, QuietOnPlainWordsAndNamedSpeeds) {
  for (const char* text : {"Fast Fourier transforms on GPUs.", "A fast path for small shapes.",
                           "Kernels for the fastest-growing model family."}) {
    EXPECT_THAT(rule_ids(library_described(text)), IsEmpty()) << text;
  }
}

TEST(ClaimSuperlative, AListsPolicyCanRaiseItOrSwitchItOff) {
  Policy policy = list_policy();
  const Rule& rule = *find_rule("claim/superlative");
  EXPECT_EQ(rule_severity(rule, policy), Severity::warning);
  policy.rules["claim/superlative"] = RuleSetting{.severity = Severity::error};
  EXPECT_EQ(rule_severity(rule, policy), Severity::error);
  policy.rules["claim/superlative"] = RuleSetting{.off = true};
  EXPECT_EQ(rule_severity(rule, policy), std::nullopt);
}

}  // namespace
}  // namespace sg::testing
