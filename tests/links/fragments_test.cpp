#include "links/fragments.h"

#include <gtest/gtest.h>

#include "links/html.h"

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

// Found by fuzzing: an id with a "%" in it never matched itself, because only
// the decoded fragment was looked up.
TEST(Anchors, AnIdWithAPercentSignMatchesItselfAsWritten) {
  auto anchors = collect_anchors("<p id=\"50%-off\"></p><p id=\"a%2Fb\"></p><p id=\"a/c\"></p>");
  EXPECT_TRUE(has_anchor(anchors, "50%-off"));
  EXPECT_TRUE(has_anchor(anchors, "a%2Fb"));
  EXPECT_TRUE(has_anchor(anchors, "a%2Fc"));
  EXPECT_FALSE(has_anchor(anchors, "a%2Fd"));
}

TEST(Anchors, TruncatedHtmlStillYieldsWhatIsThere) {
  auto anchors = collect_anchors("<html><body><h2 id=\"a\">A</h2><h2 id=\"b");
  EXPECT_TRUE(anchors.contains("a"));
}

TEST(Anchors, APageNestedTooDeeplyIsReadAsFarAsItIsSafe) {
  std::string html = "<p id=\"early\">x</p>";
  for (int i = 0; i < 100000; ++i) {
    html += "<div><br>";
  }
  html += "<p id=\"late\">y</p>";
  bool truncated = false;
  auto anchors = collect_anchors(html, &truncated);
  EXPECT_TRUE(truncated);
  EXPECT_TRUE(anchors.contains("early"));
  EXPECT_FALSE(anchors.contains("late"));
}

TEST(NestingSafePrefix, CountsStartAndEndTagsButNotVoidOnes) {
  EXPECT_EQ(nesting_safe_prefix("<a><b></b><c>", 2), 13u);
  EXPECT_EQ(nesting_safe_prefix("<a><b></b><c>", 1), 3u);
  EXPECT_EQ(nesting_safe_prefix("<a></a><b></b><c></c>", 1), 21u);
  EXPECT_EQ(nesting_safe_prefix("<div><br><img src=x><hr/><p>", 2), 28u);
  // Tags inside comments count too: the estimate errs deep, never shallow.
  EXPECT_EQ(nesting_safe_prefix("<div><!-- <x><y> --><p>", 2), 13u);
  EXPECT_EQ(nesting_safe_prefix("a < b and c<<", 0), 13u);
}

}  // namespace
}  // namespace sg::links
