#include "rules/rule_test_support.h"

namespace sg::testing {
namespace {

TEST(LinkAnchor, FiresForAnAnchorThatMatchesNoHeading) {
  auto found = lint_markdown(
      "# L\n\n## Contents\n\n- [Good](#kernel-tuning)\n- [Bad](#kernels)\n\n## Kernel tuning\n\n"
      "- [K](https://arxiv.org/abs/2502.10517) - A benchmark of kernels written by models.\n");
  ASSERT_THAT(rule_ids(found), ElementsAre("link/anchor"));
  EXPECT_EQ(found[0].message, "#kernels matches no heading");
  EXPECT_EQ(found[0].location.line, 6);
  EXPECT_EQ(found[0].location.column, 3);
}

// GitHub's page finds an anchor whatever the case of the link: lists write
// "#Model-Compression" for the heading "Model Compression", and it works.
TEST(LinkAnchor, AnAnchorMatchesWhateverItsCase) {
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n[a](#Model-Compression) [b](#ÜBER-UNS) [c](#Custom)"
                                     "\n\n## Model Compression\n\n## Über uns\n\n"
                                     "<a name=\"custom\"></a>\n")),
              IsEmpty());
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n[a](#Model-Compressions)\n\n## Model Compression\n")),
              ElementsAre("link/anchor"));
}

// A heading written in a list item ("- #### **Operating Systems**") has its
// anchor as any heading does.
TEST(LinkAnchor, AHeadingInAListItemHasAnAnchor) {
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n- [OS](#operating-systems)\n\n## Systems\n\n"
                                     "- #### **Operating Systems**\n"
                                     "  - [CS 6200](https://cs6200.example/) - Intro to OS.\n")),
              Not(Contains("link/anchor")));
}

TEST(LinkAnchor, DuplicateHeadingsGetNumberedAnchors) {
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n[a](#notes-1)\n\n## Notes\n\n## Notes\n")), IsEmpty());
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n[a](#notes-2)\n\n## Notes\n\n## Notes\n")),
              ElementsAre("link/anchor"));
}

// The false alarms real lists raised: emoji-first and non-ASCII headings,
// curly quotes, anchors written in HTML, percent-encoded links.
TEST(LinkAnchor, FollowsGithubOnEmojiUnicodeAndHtmlAnchors) {
  const std::string list =
      "# L\n\n"
      "[a](#-features) [b](#über-uns) [c](#its-quotes) [d](#custom) [e](#from-div) "
      "[f](#%C3%BCber-uns) [g](#inline)\n\n"
      "## 🚀 Features\n\n## Über uns\n\n## It’s “quotes”\n\n"
      "<a name=\"custom\"></a>\n\n<div id=\"from-div\">x</div>\n\n"
      "Text with <a id=\"inline\"></a> an inline anchor.\n";
  EXPECT_THAT(rule_ids(lint_markdown(list)), IsEmpty());
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n[a](#features)\n\n## 🚀 Features\n")),
              ElementsAre("link/anchor"));
}

// GitHub makes the anchor from the heading's text as shown, untrimmed: badges
// after the title leave their spaces, an icon before it leaves its space.
TEST(LinkAnchor, BadgesAndIconsInHeadingsLeaveTheirSpaces) {
  EXPECT_THAT(
      rule_ids(lint_markdown(
          "# L\n\n[a](#-awesome-langchain--) [b](#-tools)\n\n"
          "## \U0001F99C Awesome LangChain [![A](https://a.example/b.svg)](https://a.example) "
          "![stars](https://img.example/s.svg)\n\n## <img src=\"i.png\"> Tools\n")),
      IsEmpty());
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n[a](#awesome-langchain)\n\n"
                                     "## Awesome LangChain ![s](https://img.example/s.svg)\n")),
              ElementsAre("link/anchor"));
}

}  // namespace
}  // namespace sg::testing
