#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "load/input_paths.h"
#include "support/cli_runner.h"
#include "util/error.h"

namespace sg {
namespace {

using ::testing::ElementsAre;
using testing::TempDir;

/// Runs the expansion from inside `dir`, so that paths read as a user types them.
class InputPaths : public ::testing::Test {
 protected:
  void SetUp() override {
    m_previous = std::filesystem::current_path();
    std::filesystem::current_path(m_dir.path());
    m_dir.write("docs/guide.md", "# Guide\n");
    m_dir.write("docs/api/reference.markdown", "# Reference\n");
    m_dir.write("docs/archive/old.md", "# Old\n");
    m_dir.write("docs/.drafts/wip.md", "# WIP\n");
    m_dir.write("docs/image.png", "png");
    m_dir.write("entries/01-a.json", "{}");
    m_dir.write("entries/notes.md", "# Notes\n");
    m_dir.write("empty/picture.png", "png");
  }
  void TearDown() override { std::filesystem::current_path(m_previous); }

  TempDir m_dir;
  std::filesystem::path m_previous;
};

TEST_F(InputPaths, AFolderOfMarkdownStandsForItsFilesInPathOrder) {
  EXPECT_THAT(expand_input_paths({"docs"}, {}),
              ElementsAre("docs/api/reference.markdown", "docs/archive/old.md", "docs/guide.md"));
  EXPECT_THAT(expand_input_paths({"./docs/"}, {}),
              ElementsAre("docs/api/reference.markdown", "docs/archive/old.md", "docs/guide.md"));
}

TEST_F(InputPaths, AFolderWithEntryFilesStaysAnEntriesFolder) {
  EXPECT_THAT(expand_input_paths({"entries"}, {}), ElementsAre("entries"));
}

TEST_F(InputPaths, GlobsExpandAndCrossFoldersOnlyWithTwoStars) {
  EXPECT_THAT(expand_input_paths({"docs/*.md"}, {}), ElementsAre("docs/guide.md"));
  EXPECT_THAT(expand_input_paths({"docs/**/*.md"}, {}),
              ElementsAre("docs/archive/old.md", "docs/guide.md"));
  EXPECT_THAT(expand_input_paths({"**/*.md"}, {}),
              ElementsAre("docs/archive/old.md", "docs/guide.md", "entries/notes.md"));
}

TEST_F(InputPaths, ExcludedPathsAndFoldersAreLeftOut) {
  EXPECT_THAT(expand_input_paths({"docs"}, {"docs/archive"}),
              ElementsAre("docs/api/reference.markdown", "docs/guide.md"));
  EXPECT_THAT(expand_input_paths({"docs/**/*.md"}, {"**/old.md"}), ElementsAre("docs/guide.md"));
  EXPECT_THAT(expand_input_paths({"docs/guide.md", "entries"}, {"docs/*.md"}),
              ElementsAre("entries"));
}

TEST_F(InputPaths, FilesUrlsAndStdinPassThrough) {
  EXPECT_THAT(expand_input_paths({"-", "https://a.example/x*", "docs/guide.md", "missing.md"}, {}),
              ElementsAre("-", "https://a.example/x*", "docs/guide.md", "missing.md"));
}

TEST_F(InputPaths, NothingToReadIsAnInputErrorNamingThePath) {
  try {
    expand_input_paths({"empty"}, {});
    FAIL() << "expected an input error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.location().file, "empty");
    EXPECT_THAT(error.what(), ::testing::HasSubstr("no Markdown files"));
  }
  try {
    expand_input_paths({"docs/**/*.txt"}, {});
    FAIL() << "expected an input error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.location().file, "docs/**/*.txt");
    EXPECT_THAT(error.what(), ::testing::HasSubstr("no file matches this glob"));
  }
  EXPECT_THROW(expand_input_paths({"docs"}, {"docs/**"}), InputError);
}

TEST(ExcludedPath, AFolderMatchCoversWhatItHolds) {
  EXPECT_TRUE(is_excluded_path("vendor/lib/README.md", {"vendor"}));
  EXPECT_TRUE(is_excluded_path("a/node_modules/x/README.md", {"**/node_modules"}));
  EXPECT_FALSE(is_excluded_path("docs/vendor.md", {"vendor"}));
  EXPECT_FALSE(is_excluded_path("docs/a.md", {}));
}

}  // namespace
}  // namespace sg
