#include "load/ignore_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cli_runner.h"
#include "util/error.h"

namespace sg {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::run_sourcegate;
using testing::TempDir;

TEST(IgnoreFile, OnePatternPerLineWithCommentsAndBlankLines) {
  const auto patterns = parse_ignore_file(".sourcegateignore",
                                          "# the publisher refuses robots\n"
                                          "^https://journal\\.example/\n"
                                          "\n"
                                          "   \t\n"
                                          "  # an indented comment\n"
                                          "  localhost:8080  \r\n"
                                          "https://docs\\.example/page#section\n");
  EXPECT_THAT(patterns, ElementsAre("^https://journal\\.example/", "localhost:8080",
                                    "https://docs\\.example/page#section"));
  EXPECT_TRUE(parse_ignore_file(".sourcegateignore", "").empty());
  EXPECT_TRUE(read_ignore_file("no/such/dir/.sourcegateignore").empty());
}

TEST(IgnoreFile, ABadPatternIsAnErrorAtItsLineAndColumn) {
  try {
    parse_ignore_file("list/.sourcegateignore", "# fine\n^https://a\\.example/\n  (unclosed\n");
    FAIL() << "accepted a pattern that does not compile";
  } catch (const InputError& error) {
    EXPECT_EQ(error.location().file, "list/.sourcegateignore");
    EXPECT_EQ(error.location().line, 3);
    EXPECT_EQ(error.location().column, 3);
    EXPECT_THAT(error.what(), HasSubstr("\"(unclosed\" is not a URL pattern: missing )"));
  }
}

/// A Markdown list of three links, each left out by one of the three
/// sources of exclusions, and one checked.
TEST(IgnoreFile, LinksLeavesOutTheFilesPatternsWithThePolicysAndTheFlags) {
  TempDir dir;
  dir.write("LIST.md",
            "# List\n\n## Part\n\n"
            "- [A](https://a.example/x) - By the ignore file.\n"
            "- [B](https://b.example/y) - By the flag.\n"
            "- [C](https://c.example/z) - By the policy.\n"
            "- [D](https://d.example/w) - Checked.\n");
  dir.write("p.json", R"({"links": {"exclude": ["^https://c\\.example/"]}})");
  dir.write(".sourcegateignore", "# a comment naming why\n^https://a\\.example/\n");
  const auto result = run_sourcegate(
      {"links", "LIST.md", "--dump", "--policy", "p.json", "--exclude", "b\\.example"}, dir.path());
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "https://d.example/w\tLIST.md:8:3\n");

  dir.write(".sourcegateignore", "# fine\n\n   [z-a]\n");
  const auto bad = run_sourcegate({"links", "LIST.md", "--dump"}, dir.path());
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr(".sourcegateignore:3:4: error: \"[z-a]\" is not a URL pattern"));
}

}  // namespace
}  // namespace sg
