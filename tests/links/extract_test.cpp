#include "links/extract.h"

#include <gtest/gtest.h>

namespace sg::links {
namespace {

struct Expected {
  std::string url;
  int line;
  int column;
  LinkKind kind = LinkKind::web;
};

void expect_links(const std::vector<FoundLink>& found, const std::vector<Expected>& expected) {
  ASSERT_EQ(found.size(), expected.size());
  for (std::size_t i = 0; i < found.size(); ++i) {
    EXPECT_EQ(found[i].url, expected[i].url) << i;
    EXPECT_EQ(found[i].location.line, expected[i].line) << found[i].url;
    EXPECT_EQ(found[i].location.column, expected[i].column) << found[i].url;
    EXPECT_EQ(found[i].kind, expected[i].kind) << found[i].url;
    EXPECT_EQ(found[i].location.file, "in.md");
  }
}

TEST(ExtractMarkdown, LinksImagesAutolinksWithPositions) {
  const char* text =
      "# Title\n"
      "\n"
      "See [a](https://a.example/x) and https://bare.example/y.\n"
      "\n"
      "- item ![img](http://img.example/i.png) `https://code.example/`\n"
      "- \xC3\xBC\xC3\xB1\xC3\xAF [b](https://after-utf8.example/)\n"
      "\n"
      "```\n"
      "https://block.example/\n"
      "```\n"
      "<https://angle.example/>\n"
      "\n"
      "    https://indented-code.example/\n";
  expect_links(extract_markdown(text, "in.md"), {
                                                    {"https://a.example/x", 3, 5},
                                                    {"https://bare.example/y", 3, 34},
                                                    {"http://img.example/i.png", 5, 8},
                                                    {"https://after-utf8.example/", 6, 7},
                                                    {"https://angle.example/", 11, 1},
                                                });
}

TEST(ExtractMarkdown, ReferenceLinksPointAtTheirUse) {
  const char* text =
      "Read [the paper][p] first.\n"
      "\n"
      "[p]: https://ref.example/paper\n";
  expect_links(extract_markdown(text, "in.md"), {{"https://ref.example/paper", 1, 6}});
}

TEST(ExtractMarkdown, RepeatedBareUrlsGetTheirOwnPositions) {
  const char* text = "x https://r.example/ and https://r.example/\n";
  expect_links(extract_markdown(text, "in.md"),
               {{"https://r.example/", 1, 3}, {"https://r.example/", 1, 26}});
}

TEST(ExtractMarkdown, KindsOfNonWebLinks) {
  const char* text = "[a](#install) [b](docs/x.md) [c](mailto:a@b.example) [d](/abs)\n";
  expect_links(extract_markdown(text, "in.md"),
               {{"#install", 1, 1, LinkKind::fragment_only},
                {"docs/x.md", 1, 15, LinkKind::relative},
                {"mailto:a@b.example", 1, 30, LinkKind::other_scheme},
                {"/abs", 1, 54, LinkKind::relative}});
}

TEST(ExtractMarkdown, TablesAndRawHtml) {
  const char* text =
      "| a | b |\n"
      "|---|---|\n"
      "| x https://t.example/ | [c](https://c.example/) |\n"
      "\n"
      "<p>\n"
      "  <a href=\"https://html.example/\">h</a>\n"
      "</p>\n";
  expect_links(extract_markdown(text, "in.md"), {{"https://t.example/", 3, 5},
                                                 {"https://c.example/", 3, 26},
                                                 {"https://html.example/", 6, 12}});
}

TEST(ExtractHtml, LinkBearingAttributesWithPositions) {
  const char* text =
      "<html><head><link rel=\"canonical\" href=\"https://canon.example/\"></head>\n"
      "<body><a href='https://a.example/?x=1&amp;y=2'>a</a>\n"
      "  <img src=https://img.example/i.png>\n"
      "  <a href=\"#top\">t</a><a href=\"\">empty</a><span data-href=\"https://no.example/\">\n"
      "  <blockquote cite=\"https://cite.example/\"></blockquote>\n"
      "</body></html>\n";
  auto found = extract_html(text, "in.md");
  expect_links(found, {{"https://canon.example/", 1, 41},
                       {"https://a.example/?x=1&y=2", 2, 16},
                       {"https://img.example/i.png", 3, 12},
                       {"#top", 4, 12, LinkKind::fragment_only},
                       {"https://cite.example/", 5, 21}});
}

TEST(ExtractText, BareUrlsTrimmedOfPunctuation) {
  const char* text =
      "See https://a.example/x. And (https://b.example/y) or\n"
      "\"https://c.example/z\", https://en.wikipedia.org/wiki/Foo_(bar)!\n"
      "HTTPS://UPPER.example/ <https://angle.example/>\n";
  expect_links(extract_text(text, "in.md"), {{"https://a.example/x", 1, 5},
                                             {"https://b.example/y", 1, 31},
                                             {"https://c.example/z", 2, 2},
                                             {"https://en.wikipedia.org/wiki/Foo_(bar)", 2, 24},
                                             {"HTTPS://UPPER.example/", 3, 1},
                                             {"https://angle.example/", 3, 25}});
}

// RE2 keeps this linear; ctest's timeout is the watchdog.
TEST(ExtractText, TwoHundredKilobytesOfSchemesWithoutSpacesAreOneUrl) {
  std::string text(200000, 'h');
  for (std::size_t i = 0; i < text.size(); i += 9) {
    text.replace(i, 8, "https://");
  }
  auto found = extract_text(text, "in.md");
  ASSERT_EQ(found.size(), 1U);
  EXPECT_EQ(found[0].url.size(), text.size());
}

// Each trimmed ")" used to recount the brackets of the whole URL: a megabyte
// of them took minutes. ctest's timeout is the watchdog.
TEST(ExtractText, AUrlFollowedByAMegabyteOfClosingBracketsIsTrimmedToTheUrl) {
  const std::string text = "see https://example.com/a_(b)" + std::string(1 << 20, ')') + ".";
  auto found = extract_text(text, "urls.txt");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].url, "https://example.com/a_(b)");
}

// 100,000 nested <div>s in a Markdown file took over a minute and could
// overflow the stack; the HTML is read as deep as is safe, and says so.
TEST(ExtractMarkdown, HtmlNestedAHundredThousandDeepIsReadAsFarAsIsSafeAndSaysSo) {
  std::string text = "# T\n\n";
  for (int i = 0; i < 100'000; ++i) {
    text += "<div>";
  }
  text += "<a href=\"https://deep.example/\">x</a>\n\n<a href=\"https://shallow.example/\">y</a>\n";
  bool truncated = false;
  auto found = extract_markdown(text, "deep.md", &truncated);
  EXPECT_TRUE(truncated);
  ASSERT_EQ(found.size(), 1U);
  EXPECT_EQ(found[0].url, "https://shallow.example/");

  bool shallow_truncated = true;
  extract_html("<div><a href=\"https://a.example/\">a</a></div>", "a.html", &shallow_truncated);
  EXPECT_FALSE(shallow_truncated);
}

TEST(GroupLinks, OneTargetPerNormalisedUrlWithEverySource) {
  std::vector<FoundLink> links = {
      {"https://A.example:443/x", {"a.md", 1, 2}, LinkKind::web},
      {"#local", {"a.md", 2, 1}, LinkKind::fragment_only},
      {"https://a.example/x", {"b.md", 3, 4}, LinkKind::web},
      {"https://a.example/x#frag", {"b.md", 5, 6}, LinkKind::web},
      {"http://b.example", {"c.md", 7, 8}, LinkKind::web},
  };
  auto targets = group_links(links);
  ASSERT_EQ(targets.size(), 3u);
  EXPECT_EQ(targets[0].url, "https://a.example/x");
  ASSERT_EQ(targets[0].sources.size(), 2u);
  EXPECT_EQ(targets[0].sources[1].file, "b.md");
  EXPECT_EQ(targets[0].sources[1].line, 3);
  EXPECT_EQ(targets[1].url, "https://a.example/x#frag");
  EXPECT_EQ(targets[2].url, "http://b.example/");
}

}  // namespace
}  // namespace sg::links
