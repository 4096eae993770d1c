// sourcegate's SARIF against the OASIS SARIF 2.1.0 JSON schema, checked by a
// JSON Schema validator (ajv, installed by scripts/dev.sh).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "support/cli_runner.h"

namespace sg {
namespace {

using ::testing::HasSubstr;
using testing::run_program;
using testing::run_sourcegate;
using testing::source_dir;
using testing::TempDir;

/// Runs ajv on `document`: the exit code and what it said.
testing::CommandOutput validate_sarif(const std::filesystem::path& document) {
  const std::filesystem::path ajv = testing::test_tool("ajv");
  if (!std::filesystem::exists(ajv)) {
    ADD_FAILURE() << ajv.string()
                  << " is missing: scripts/dev.sh installs it (npm ci in scripts/tools)";
    return {};
  }
  return run_program(ajv.string(),
                     {"validate", "--spec=draft7", "-c", "ajv-formats", "-s",
                      (source_dir() / "tests/fixtures/sarif/sarif-schema-2.1.0.json").string(),
                      "-d", document.string()},
                     source_dir() / "scripts/tools");
}

TEST(SarifSchema, ReportOnAFileNameWithASpaceValidates) {
  TempDir dir;
  // A claim without its fields and a broken anchor: findings with positions
  // in a file whose name needs percent-encoding.
  dir.write("my list.md",
            "# My list\n\n## Kernels\n\n"
            "- [Fast GEMM](https://arxiv.org/abs/2301.03598) - Runs 3x faster than cuBLAS.\n"
            "- [Other](#no-such-heading) - Points nowhere.\n");
  const auto result =
      run_sourcegate({"lint", "my list.md", "--policy",
                      (source_dir() / "policy/policy.json").string(), "--format", "sarif"},
                     dir.path());
  ASSERT_EQ(result.exit_code, 1) << result.err;
  const auto sarif = nlohmann::json::parse(result.out);
  const auto& run = sarif["runs"][0];
  ASSERT_FALSE(run["results"].empty());
  EXPECT_EQ(run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "my%20list.md");
  for (const auto& rule : run["tool"]["driver"]["rules"]) {
    EXPECT_THAT(rule["helpUri"].get<std::string>(), HasSubstr("/docs/rules.md#")) << rule["id"];
  }
  // ajv picks its parser by the extension: .json.
  const auto written = dir.write("report.sarif.json", result.out);
  const auto validated = validate_sarif(written);
  EXPECT_EQ(validated.exit_code, 0) << validated.out << validated.err;
}

/// The validator is not a rubber stamp: the same report with the space left
/// unencoded is refused, at the URI.
TEST(SarifSchema, UnencodedSpaceIsRefused) {
  TempDir dir;
  dir.write("my list.md", "# My list\n\n- [Other](#no-such-heading) - Points nowhere.\n");
  const auto result = run_sourcegate({"lint", "my list.md", "--format", "sarif"}, dir.path());
  auto sarif = nlohmann::json::parse(result.out);
  auto& uri =
      sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
  ASSERT_EQ(uri, "my%20list.md") << result.out;
  uri = "my list.md";
  const auto written = dir.write("report.sarif.json", sarif.dump());
  const auto validated = validate_sarif(written);
  EXPECT_EQ(validated.exit_code, 1) << validated.out << validated.err;
  EXPECT_THAT(validated.out + validated.err, HasSubstr("uri-reference"));
}

}  // namespace
}  // namespace sg
