// Every workflow and action file, checked by action-validator against the
// schemas of GitHub's workflow and action syntax. scripts/dev.sh installs it
// (npm ci in scripts/tools), so a missing validator fails here, never skips.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "support/cli_runner.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using testing::source_dir;

/// The workflow files and any action metadata files (action.yml at the root or
/// under .github/actions/), in path order.
std::vector<fs::path> workflow_and_action_files() {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& item : fs::directory_iterator(source_dir() / ".github/workflows", ec)) {
    const std::string extension = item.path().extension().string();
    if (extension == ".yml" || extension == ".yaml") {
      files.push_back(item.path());
    }
  }
  for (const char* name : {"action.yml", "action.yaml"}) {
    if (fs::exists(source_dir() / name)) {
      files.push_back(source_dir() / name);
    }
  }
  if (fs::is_directory(source_dir() / ".github/actions", ec)) {
    for (const auto& item : fs::recursive_directory_iterator(source_dir() / ".github/actions")) {
      const std::string name = item.path().filename().string();
      if (name == "action.yml" || name == "action.yaml") {
        files.push_back(item.path());
      }
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

testing::CommandOutput validate(const fs::path& file) {
  const fs::path validator = testing::test_tool("action-validator");
  if (!fs::exists(validator)) {
    ADD_FAILURE() << validator.string()
                  << " is missing: scripts/dev.sh installs it (npm ci in scripts/tools)";
    return {};
  }
  return testing::run_program(validator.string(), {file.string()}, source_dir());
}

TEST(Workflows, EveryWorkflowAndActionFileValidates) {
  const std::vector<fs::path> files = workflow_and_action_files();
  // ci.yml, gate.yml, links-report.yml and action.yml at least: an empty list
  // would pass.
  ASSERT_GE(files.size(), 4U);
  EXPECT_NE(std::find(files.begin(), files.end(), source_dir() / "action.yml"), files.end());
  for (const fs::path& file : files) {
    const testing::CommandOutput result = validate(file);
    EXPECT_EQ(result.exit_code, 0) << file.string() << "\n" << result.out << result.err;
  }
}

TEST(Workflows, TheValidatorRefusesABrokenWorkflow) {
  const testing::CommandOutput result =
      validate(source_dir() / "tests/fixtures/workflows/misspelt-steps.yml");
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_THAT(result.out + result.err, ::testing::HasSubstr("Additional property 'step'"));
}

TEST(Workflows, TheValidatorRefusesABrokenActionFile) {
  const testing::CommandOutput result =
      validate(source_dir() / "tests/fixtures/workflows/broken-action/action.yml");
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_THAT(result.out + result.err, ::testing::HasSubstr("Additional property 'shel'"));
}

}  // namespace
}  // namespace sg
