#include "render/anchors.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "support/cli_runner.h"

namespace sg {
namespace {

// Differential: every heading of tests/anchors/headings.tsv (real lists'
// headings, emoji-first ones included, and hand-written edge cases) gets the
// anchor npm's github-slugger gave it (tests/anchors/regenerate.sh), page by
// page, repeats included.
TEST(Anchors, AgreeWithGithubSluggerOnEveryHeading) {
  std::istringstream rows(
      testing::read_text(testing::source_dir() / "tests/anchors/github-slugger.tsv"));
  std::string row;
  std::string page;
  AnchorSet anchors;
  int compared = 0;
  while (std::getline(rows, row)) {
    const std::size_t first = row.find('\t');
    const std::size_t second = row.find('\t', first + 1);
    ASSERT_NE(second, std::string::npos) << row;
    const std::string name = row.substr(0, first);
    const std::string heading = row.substr(first + 1, second - first - 1);
    if (name != page) {
      page = name;
      anchors = AnchorSet{};
    }
    EXPECT_EQ(anchors.add(heading), row.substr(second + 1)) << page << ": " << heading;
    ++compared;
  }
  EXPECT_GE(compared, 200);
}

TEST(Anchors, InvalidUtf8IsDroppedNotFatal) {
  EXPECT_EQ(github_anchor("ok \xff\xfe heading"), "ok--heading");
}

}  // namespace
}  // namespace sg
