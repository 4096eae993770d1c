#include <gtest/gtest.h>

#include "util/path_glob.h"

namespace sg {
namespace {

struct GlobCase {
  const char* pattern;
  const char* path;
  bool matches;
};

TEST(PathGlob, MatchesAsShellsAndGitignoreDo) {
  const GlobCase cases[] = {
      {"*.md", "README.md", true},
      {"*.md", "docs/README.md", false},  // '*' stays within a folder
      {"docs/*.md", "docs/a.md", true},
      {"docs/*.md", "docs/x/a.md", false},
      {"docs/**/*.md", "docs/a.md", true},  // '**' matches no folder too
      {"docs/**/*.md", "docs/x/y/a.md", true},
      {"docs/**/*.md", "other/a.md", false},
      {"**/node_modules", "a/b/node_modules", true},
      {"**/node_modules", "node_modules", true},
      {"**", "anything/at/all.md", true},
      {"docs/**", "docs", true},
      {"a?c.md", "abc.md", true},
      {"a?c.md", "a/c.md", false},
      {"[ab]*.md", "b-list.md", true},
      {"[!ab]*.md", "b-list.md", false},
      {"./docs/*.md", "docs/a.md", true},  // a leading ./ on either side is ignored
      {"docs/*.md", "./docs/a.md", true},
      {"docs", "docs/a.md", false},  // a whole-path match; folders: is_excluded_path
      {"my list.md", "my list.md", true},
      {"**/**/**/**/**/**/**/**/**/**/x", "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/y", false},
  };
  for (const GlobCase& c : cases) {
    EXPECT_EQ(path_glob_match(c.pattern, c.path), c.matches) << c.pattern << " vs " << c.path;
  }
}

TEST(PathGlob, GlobCharacters) {
  EXPECT_TRUE(has_glob_characters("docs/*.md"));
  EXPECT_TRUE(has_glob_characters("a?.md"));
  EXPECT_TRUE(has_glob_characters("[ab].md"));
  EXPECT_FALSE(has_glob_characters("docs/my list.md"));
}

}  // namespace
}  // namespace sg
