#include "rules/link_findings.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/engine.h"

namespace sg {
namespace {

using links::LinkStatus;
using ::testing::HasSubstr;

TEST(LinkFindings, EveryStatusThatNeedsAFindingHasTheRegistryRowNamingIt) {
  const std::vector<std::pair<LinkStatus, const char*>> expected = {
      {LinkStatus::redirected, "link/redirected"},
      {LinkStatus::broken, "link/broken"},
      {LinkStatus::timeout, "link/timeout"},
      {LinkStatus::unreachable, "link/unreachable"},
      {LinkStatus::blocked, "link/blocked"},
      {LinkStatus::fragment_missing, "link/fragment"},
      {LinkStatus::unverifiable, "link/unverifiable"}};
  for (const auto& [status, id] : expected) {
    const Rule* rule = rule_for_link(status);
    ASSERT_NE(rule, nullptr) << id;
    EXPECT_EQ(rule->id, id);
    EXPECT_TRUE(rule->network());
  }
  for (LinkStatus quiet : {LinkStatus::ok, LinkStatus::excluded, LinkStatus::skipped}) {
    EXPECT_EQ(rule_for_link(quiet), nullptr) << to_string(quiet);
  }
}

TEST(LinkFindings, OneSeverityRuleForLintAndLinks) {
  Policy policy = empty_policy();
  const Rule& broken = *find_rule("link/broken");
  EXPECT_EQ(rule_severity(broken, policy), Severity::error);
  policy.rules["link/broken"] = RuleSetting{Severity::warning, false};
  EXPECT_EQ(rule_severity(broken, policy), Severity::warning);
  policy.rules["link/broken"] = RuleSetting{std::nullopt, true};
  EXPECT_EQ(rule_severity(broken, policy), std::nullopt);
}

TEST(LinkFindings, OnePerPlaceNamingTheEntryWithTheStreakSaidOnce) {
  List list;
  Section& section = list.sections.emplace_back();
  Entry& entry = section.entries.emplace_back();
  entry.title = "Stream-K";
  entry.url = "https://a.example/gone";
  entry.location = {"README.md", 5, 1};
  entry.set_position("url", {"README.md", 5, 3});

  links::LinkResult result;
  result.url = entry.url;
  result.status = LinkStatus::broken;
  result.error = "HTTP 404 Not Found";
  result.evidence = "HTTP/1.1 404 Not Found";
  result.failed_days = 4;
  result.failing_since = "2026-11-01";
  result.sources = {{"README.md", 5, 3}, {"other.md", 9, 1}};
  Policy policy = empty_policy();
  const auto findings = link_findings({&result}, list, policy);
  ASSERT_EQ(findings.size(), 2U);
  EXPECT_EQ(findings[0].rule, "link/broken");
  EXPECT_EQ(findings[0].title, "Stream-K");
  EXPECT_EQ(findings[0].evidence, "HTTP/1.1 404 Not Found");
  EXPECT_EQ(findings[1].title, "");  // nothing is written there but the link
  const std::string streak = "(failing since 2026-11-01, on 4 days in a row)";
  EXPECT_THAT(findings[0].message, HasSubstr(streak));
  EXPECT_EQ(findings[0].message.find(streak), findings[0].message.rfind(streak));

  policy.rules["link/broken"] = RuleSetting{std::nullopt, true};
  EXPECT_TRUE(link_findings({&result}, list, policy).empty());
}

}  // namespace
}  // namespace sg
