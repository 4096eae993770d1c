#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/rule_test_support.h"

namespace sg {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using testing::lint_markdown;
using testing::lint_section;
using testing::one_entry;
using testing::rule_ids;

std::string paper(const std::string& title, const std::string& url) {
  return R"({"title": ")" + title + R"(", "url": ")" + url +
         R"(", "kind": "paper", "description": "A paper that the list reads."})";
}

TEST(DuplicateUrl, FindsTheSamePageUnderAnotherSpelling) {
  auto found = lint_section(R"({"title": "S", "entries": [)" +
                            paper("A", "https://arxiv.org/abs/2301.03598") + ", " +
                            paper("B", "https://arxiv.org/abs/2301.03598v2") + "]}");
  ASSERT_THAT(rule_ids(found), ElementsAre("entry/duplicate-url", "link/canonical"));
  EXPECT_THAT(found[0].message,
              HasSubstr("links the same page as \"A\" at entries/01-test.json:1"));
  EXPECT_EQ(found[0].title, "B");
}

TEST(DuplicateUrl, QuietForDistinctPagesAndWaivedRepeats) {
  EXPECT_THAT(rule_ids(lint_section(R"({"title": "S", "entries": [)" +
                                    paper("A", "https://arxiv.org/abs/2301.03598") + ", " +
                                    paper("B", "https://arxiv.org/abs/2301.03599") + "]}")),
              IsEmpty());
  auto waived = lint_section(
      R"({"title": "S", "entries": [)" + paper("A", "https://arxiv.org/abs/2301.03598") +
      R"(, {"title": "A", "url": "https://arxiv.org/abs/2301.03598", "kind": "paper", )"
      R"("description": "A paper that the list reads.", "waive": [{"rule": "entry/duplicate-url", )"
      R"("reason": "Read twice on purpose."}]}]})");
  EXPECT_THAT(rule_ids(waived), IsEmpty());
  ASSERT_EQ(waived.size(), 1U);
  EXPECT_EQ(waived[0].waived_reason, "Read twice on purpose.");
}

TEST(GroupSize, FiresAboveFiveLinksUnlessTheSectionIsExempt) {
  std::string entries;
  for (int i = 0; i < 6; ++i) {
    entries += (i ? ", " : "") + paper("P" + std::to_string(i),
                                       "https://arxiv.org/abs/2301.0359" + std::to_string(i));
  }
  auto found = lint_section(R"({"title": "S", "groups": [{"title": "Too many", "entries": [)" +
                            entries + "]}]}");
  ASSERT_THAT(rule_ids(found), ElementsAre("list/group-size"));
  EXPECT_THAT(found[0].message, HasSubstr("\"Too many\" holds 6 links; the policy allows 5"));
  EXPECT_EQ(found[0].location.column, 27);
  EXPECT_THAT(rule_ids(lint_section(R"({"title": "Start here: the minimum mental model", )"
                                    R"("entries": [)" +
                                    entries + "]}")),
              IsEmpty());
}

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

TEST(LinkAnchor, FiresForAnAnchorThatMatchesNoHeading) {
  auto found = lint_markdown(
      "# L\n\n## Contents\n\n- [Good](#kernel-tuning)\n- [Bad](#kernels)\n\n## Kernel tuning\n\n"
      "- [K](https://arxiv.org/abs/2502.10517) - A benchmark of kernels written by models.\n");
  ASSERT_THAT(rule_ids(found), ElementsAre("link/anchor"));
  EXPECT_EQ(found[0].message, "#kernels matches no heading");
  EXPECT_EQ(found[0].location.line, 6);
  EXPECT_EQ(found[0].location.column, 3);
}

TEST(LinkAnchor, DuplicateHeadingsGetNumberedAnchors) {
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n[a](#notes-1)\n\n## Notes\n\n## Notes\n")), IsEmpty());
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n[a](#notes-2)\n\n## Notes\n\n## Notes\n")),
              ElementsAre("link/anchor"));
}

TEST(LinkCanonical, GivesTheCanonicalUrlAsTheFix) {
  auto found = lint_section(one_entry(
      R"("title": "Stream-K", "url": "http://arxiv.org/pdf/2301.03598v1.pdf?utm_source=x", )"
      R"("kind": "paper", "description": "Work-centric GEMM decomposition.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("link/canonical"));
  EXPECT_EQ(found[0].hint, "use https://arxiv.org/abs/2301.03598");
  auto tracking = lint_section(one_entry(
      R"("title": "CUTLASS", "url": "https://github.com/NVIDIA/cutlass?utm_campaign=a&tab=readme", )"
      R"("kind": "repo", "description": "CUDA templates for linear algebra.")"));
  ASSERT_THAT(rule_ids(tracking), ElementsAre("link/canonical"));
  EXPECT_EQ(tracking[0].hint, "use https://github.com/NVIDIA/cutlass?tab=readme");
}

// "https://host" and "https://host/" are one URL (RFC 3986 §6.2.3): a link
// differing from its canonical form only in normalisation is no finding.
TEST(LinkCanonical, SpellingsOfTheNormalFormAreNoFinding) {
  for (const char* url : {"https://docs.nvidia.com", "HTTPS://Docs.NVIDIA.com:443/cuda/",
                          "https://docs.nvidia.com/cuda/%7ebook/"}) {
    auto found = lint_section(one_entry(std::string(R"("title": "CUDA docs", "url": ")") + url +
                                        R"(", "kind": "docs", "description": "The CUDA docs.")"));
    EXPECT_THAT(rule_ids(found), Not(Contains("link/canonical"))) << url;
  }
}

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

TEST(Waivers, UnusedWaiverIsAWarningAndUnknownRuleAnError) {
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
}  // namespace sg
