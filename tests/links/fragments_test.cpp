#include "links/fragments.h"

#include <gtest/gtest.h>

#include "links/response.h"

namespace sg::links {
namespace {

TEST(Anchors, IdsNamesAndGithubPrefix) {
  auto anchors = collect_anchors(
      "<h1 id=\"intro\">x</h1><a name=\"legacy\"></a><div id=\"caf\xC3\xA9\"></div>"
      "<h2 id=\"user-content-install-guide\"></h2><p id=\"\"></p>");
  EXPECT_TRUE(has_anchor(anchors, "intro"));
  EXPECT_TRUE(has_anchor(anchors, "legacy"));
  EXPECT_TRUE(has_anchor(anchors, "caf%C3%A9"));
  EXPECT_TRUE(has_anchor(anchors, "install-guide"));
  EXPECT_TRUE(has_anchor(anchors, "Install-Guide"));
  EXPECT_TRUE(has_anchor(anchors, "user-content-install-guide"));
  EXPECT_TRUE(has_anchor(anchors, ""));
  EXPECT_TRUE(has_anchor(anchors, "top"));
  EXPECT_TRUE(has_anchor(anchors, ":~:text=hello"));
  EXPECT_FALSE(has_anchor(anchors, "missing"));
  EXPECT_FALSE(has_anchor(anchors, "Intro"));  // ids are case-sensitive
}

TEST(Anchors, TruncatedHtmlStillYieldsWhatIsThere) {
  auto anchors = collect_anchors("<html><body><h2 id=\"a\">A</h2><h2 id=\"b");
  EXPECT_TRUE(anchors.contains("a"));
}

TEST(RetryAfter, SecondsAndHttpDates) {
  auto now = std::chrono::system_clock::from_time_t(1445412480);  // 2015-10-21 07:28:00 UTC
  EXPECT_EQ(parse_retry_after("120", now), std::chrono::milliseconds(120000));
  EXPECT_EQ(parse_retry_after(" 0 ", now), std::chrono::milliseconds(0));
  EXPECT_EQ(parse_retry_after("Wed, 21 Oct 2015 07:28:30 GMT", now),
            std::chrono::milliseconds(30000));
  EXPECT_EQ(parse_retry_after("Wed, 21 Oct 2015 07:00:00 GMT", now), std::chrono::milliseconds(0));
  EXPECT_FALSE(parse_retry_after("", now));
  EXPECT_FALSE(parse_retry_after("soon", now));
  EXPECT_FALSE(parse_retry_after("-5", now));
}

TEST(RateLimitReset, UnixTimeOrDelta) {
  auto now = std::chrono::system_clock::from_time_t(1700000000);
  EXPECT_EQ(parse_rate_limit_reset("1700000010", now), std::chrono::milliseconds(10000));
  EXPECT_EQ(parse_rate_limit_reset("1600000000", now), std::chrono::milliseconds(0));
  EXPECT_EQ(parse_rate_limit_reset("7", now), std::chrono::milliseconds(7000));
}

TEST(PageHeadings, TitleAndFirstHeading) {
  auto headings = page_headings(
      "<html><head><title>\n  Page   not found\n</title></head><body><h1>Oops <b>404</b></h1>"
      "<h1>second</h1>");
  EXPECT_EQ(headings.title, "Page not found");
  EXPECT_EQ(headings.h1, "Oops 404");
  EXPECT_EQ(page_headings("<title>Cut off").title, "Cut off");
}

TEST(BotWall, RecognisesChallengesNotPlainErrors) {
  std::vector<std::string> markers = {"challenge-platform", "<title>just a moment...</title>"};
  EXPECT_TRUE(detect_bot_wall({999, "", "", ""}, markers));
  EXPECT_TRUE(detect_bot_wall({403, "cloudflare", "challenge", ""}, markers));
  EXPECT_TRUE(detect_bot_wall({429, "", "Challenge", ""}, markers));
  EXPECT_TRUE(detect_bot_wall({503, "cloudflare", "", "<TITLE>Just a moment...</TITLE>"}, markers));
  EXPECT_FALSE(detect_bot_wall({403, "nginx", "", "<title>Forbidden</title>"}, markers));
  EXPECT_FALSE(detect_bot_wall({404, "cloudflare", "challenge", ""}, markers));
  EXPECT_FALSE(detect_bot_wall({200, "", "", "challenge-platform"}, markers));
}

TEST(GithubRepo, OnlyRepositoryRoots) {
  EXPECT_EQ(github_repo_of("https://github.com/NVIDIA/cutlass"), "NVIDIA/cutlass");
  EXPECT_EQ(github_repo_of("https://github.com/NVIDIA/cutlass/"), "NVIDIA/cutlass");
  EXPECT_EQ(github_repo_of("https://www.github.com/o/r.git"), "o/r");
  EXPECT_FALSE(github_repo_of("https://github.com/NVIDIA/cutlass/tree/main/docs"));
  EXPECT_FALSE(github_repo_of("https://github.com/NVIDIA"));
  EXPECT_FALSE(github_repo_of("https://github.com/orgs/x"));
  EXPECT_FALSE(github_repo_of("https://gitlab.com/o/r"));
  EXPECT_FALSE(github_repo_of("https://github.com/o/r?tab=readme"));
}

}  // namespace
}  // namespace sg::links
