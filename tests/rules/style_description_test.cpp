#include "rules/rule_test_support.h"

namespace sg::testing {
namespace {

TEST(StyleDescription, FiresForEachStyleProblem) {
  for (const auto& [description, message] : std::vector<std::pair<std::string, std::string>>{
           {"no capital letter at the start.", "does not start with a capital letter"},
           {"A description without the period", "does not end with a period"},
           {"First sentence here. Second sentence here.", "more than one sentence"},
           {"Doubled  spaces in the middle.", "doubled spaces"},
           {"Too short.", "below the policy's minimum of 20"},
           {"A" + std::string(250, 'a') + ".", "above the policy's maximum of 240"}}) {
    auto found = lint_section(one_entry(
        R"("title": "Stream-K", "url": "https://arxiv.org/abs/2301.03598", "kind": "paper", )"
        R"("description": ")" +
        description + "\""));
    ASSERT_THAT(rule_ids(found), ElementsAre("style/description")) << description;
    EXPECT_THAT(found[0].message, HasSubstr(message));
    EXPECT_EQ(found[0].severity, Severity::warning);
  }
}

TEST(StyleDescription, AllowsListedLowercaseNamesAndAbbreviations) {
  for (const char* description : {"tcgen05, tensor memory, and Blackwell MMA programming.",
                                  "Kernels for attention, e.g. FlashAttention and its kin."}) {
    EXPECT_THAT(rule_ids(lint_section(one_entry(
                    R"("title": "T", "url": "https://arxiv.org/abs/2301.03598", "kind": "paper", )"
                    R"("description": ")" +
                    std::string(description) + "\""))),
                IsEmpty())
        << description;
  }
}

}  // namespace
}  // namespace sg::testing
