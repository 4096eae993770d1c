#include "rules/engine.h"

#include <string>

#include <fmt/format.h>

#include "load/markdown_loader.h"
#include "rules/rule_test_support.h"
#include "util/date.h"

namespace sg::testing {
namespace {

// A list large enough to be judged on several threads reports its findings
// in list order, as a list of a few entries does: every third entry lacks
// its description, and the findings name them in turn.
TEST(RunRules, ALargeListsFindingsComeInListOrder) {
  constexpr int k_entries = 5000;
  std::string markdown = "# L\n\n## S\n\n";
  for (int i = 0; i < k_entries; ++i) {
    markdown += i % 3 == 0 ? fmt::format("- [Tool {0}](https://tool{0}.example/)\n", i)
                           : fmt::format(
                                 "- [Tool {0}](https://tool{0}.example/) - Parses "
                                 "files.\n",
                                 i);
  }
  LoadResult loaded;
  load_markdown_text("README.md", markdown, loaded);
  const std::vector<Diagnostic> found =
      run_rules(loaded.list, parse_policy("p.json", "{}"), parse_date("2026-11-30").value());
  std::vector<std::string> titles;
  for (const Diagnostic& d : found) {
    ASSERT_EQ(d.rule, "style/description");
    titles.push_back(d.title);
  }
  std::vector<std::string> expected;
  for (int i = 0; i < k_entries; i += 3) {
    expected.push_back(fmt::format("Tool {}", i));
  }
  EXPECT_EQ(titles, expected);
}

}  // namespace
}  // namespace sg::testing
