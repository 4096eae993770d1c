// The GitHub Action's run (scripts/github-action.sh, which action.yml calls)
// as a runner calls it: inputs in INPUT_* variables, GitHub's output and
// summary files, this build's binary as the one the action built from source.
// The image mode runs a stand-in `docker` that records its arguments: no
// container engine is needed to hold what the script asks of one.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/cli_runner.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using testing::CommandOutput;
using ::testing::HasSubstr;
using ::testing::IsSupersetOf;
using testing::read_text;
using testing::TempDir;

/// Two entries with one URL: an entry/duplicate-url error.
constexpr const char* k_list =
    "# Things\n\n## Papers\n\n"
    "- [Stream-K](https://arxiv.org/abs/2301.03598) - Work-centric GEMM decomposition for GPUs.\n"
    "- [Again](https://arxiv.org/abs/2301.03598) - The same paper, linked a second time.\n";

class Action : public ::testing::Test {
 protected:
  void SetUp() override {
    m_workspace.write("README.md", k_list);
    m_workspace.write("policy/policy.json",
                      read_text(testing::source_dir() / "policy/policy.json"));
    m_runner.write("output", "");
    m_runner.write("summary.md", "");
    // Every variable the script reads, so that none leaks in from a runner
    // that runs these tests.
    m_env = {{"GITHUB_OUTPUT", (m_runner.path() / "output").string()},
             {"GITHUB_STEP_SUMMARY", (m_runner.path() / "summary.md").string()},
             {"RUNNER_TEMP", m_runner.path().string()},
             {"GITHUB_WORKSPACE", m_workspace.path().string()},
             {"GITHUB_ACTION_PATH", ""},
             {"GITHUB_EVENT_NAME", "push"},
             {"ACTION_REPOSITORY", ""},
             {"ACTION_REF", ""},
             {"SOURCEGATE", SOURCEGATE_BINARY},
             {"INPUT_COMMAND", "lint"},
             {"INPUT_PATHS", "README.md"},
             {"INPUT_POLICY", ""},
             {"INPUT_FORMAT", "json"},
             {"INPUT_CHANGED_SINCE", ""},
             {"INPUT_PR_BODY", "false"},
             {"INPUT_ARGS", ""},
             {"INPUT_FAIL", "true"},
             {"INPUT_IMAGE", ""},
             {"PR_BODY", ""}};
  }

  CommandOutput run() {
    std::vector<std::string> environment;
    for (const auto& [name, value] : m_env) {
      environment.push_back(name + "=" + value);
    }
    return testing::run_program((testing::source_dir() / "scripts/github-action.sh").string(), {},
                                m_workspace.path(), environment);
  }

  /// What the script wrote to GITHUB_OUTPUT, by name.
  std::map<std::string, std::string> outputs() const {
    std::map<std::string, std::string> values;
    std::istringstream lines(read_text(m_runner.path() / "output"));
    for (std::string line; std::getline(lines, line);) {
      const std::size_t equals = line.find('=');
      values[line.substr(0, equals)] = equals == std::string::npos ? "" : line.substr(equals + 1);
    }
    return values;
  }
  /// One output, or "(not written)".
  std::string output(const std::string& name) const {
    const auto values = outputs();
    const auto found = values.find(name);
    return found == values.end() ? "(not written)" : found->second;
  }

  /// Image mode: a `docker` first on PATH that writes its arguments, one a
  /// line, to docker-args and succeeds.
  void use_recording_docker() {
    const fs::path docker =
        m_bin.write("docker", "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"" +
                                  (m_runner.path() / "docker-args").string() + "\"\n");
    fs::permissions(docker, fs::perms::owner_all);
    const char* path = std::getenv("PATH");
    m_env["PATH"] = m_bin.path().string() + ":" + (path != nullptr ? path : "/usr/bin:/bin");
    m_env["SOURCEGATE"] = "";
  }
  std::vector<std::string> docker_args() const {
    std::vector<std::string> args;
    std::istringstream lines(read_text(m_runner.path() / "docker-args"));
    for (std::string line; std::getline(lines, line);) {
      args.push_back(line);
    }
    return args;
  }

  TempDir m_workspace;
  TempDir m_runner;
  TempDir m_bin;
  std::map<std::string, std::string> m_env;
};

TEST_F(Action, AnnotatesSummarisesAndGivesTheReportsCountsAsOutputs) {
  const CommandOutput result = run();
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_THAT(result.out, HasSubstr("::error file=README.md,line="));
  EXPECT_THAT(result.out, HasSubstr("entry/duplicate-url"));
  EXPECT_THAT(read_text(m_runner.path() / "summary.md"), HasSubstr("## sourcegate"));

  EXPECT_EQ(output("report"), (m_runner.path() / "sourcegate/report.json").string());
  const auto report = nlohmann::json::parse(read_text(m_runner.path() / "sourcegate/report.json"));
  const auto& summary = report["summary"];
  EXPECT_GE(summary["errors"].get<int>(), 1);
  EXPECT_EQ(output("errors"), std::to_string(summary["errors"].get<int>()));
  EXPECT_EQ(output("warnings"), std::to_string(summary["warnings"].get<int>()));
  EXPECT_EQ(output("notes"), std::to_string(summary["notes"].get<int>()));
  EXPECT_EQ(output("entries"), "2");
  EXPECT_EQ(output("links"), "0");
  EXPECT_EQ(output("exit-code"), "1");
}

TEST_F(Action, FailFalseLetsFindingsPassButNeverAFailedRun) {
  m_env["INPUT_FAIL"] = "false";
  const CommandOutput findings = run();
  EXPECT_EQ(findings.exit_code, 0) << findings.out << findings.err;
  EXPECT_EQ(output("exit-code"), "1");

  m_env["INPUT_PATHS"] = "missing.md";
  const CommandOutput failed = run();
  EXPECT_EQ(failed.exit_code, 2) << failed.out << failed.err;
  EXPECT_THAT(failed.err, HasSubstr("missing.md"));
}

TEST_F(Action, KeepsTheReportInTheFormatAskedFor) {
  m_env["INPUT_FORMAT"] = "sarif";
  const CommandOutput result = run();
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_THAT(result.out, HasSubstr("::error file=README.md"));
  EXPECT_EQ(output("report"), (m_runner.path() / "sourcegate/report.sarif").string());
  const auto sarif = nlohmann::json::parse(read_text(m_runner.path() / "sourcegate/report.sarif"));
  EXPECT_EQ(sarif["version"], "2.1.0");
  EXPECT_NE(output("errors"), "0");  // still read from the JSON report
}

TEST_F(Action, InputsAreWordsNeverShellText) {
  // Neither a command substitution nor a glob: the tool is asked for files
  // of those names, and nothing runs.
  m_env["INPUT_PATHS"] = "README.md\n$(touch pwned) *.md";
  m_env["INPUT_ARGS"] = "--fail-on warning `touch pwned2`";
  const CommandOutput result = run();
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  EXPECT_FALSE(fs::exists(m_workspace.path() / "pwned"));
  EXPECT_FALSE(fs::exists(m_workspace.path() / "pwned2"));
  EXPECT_FALSE(fs::exists(m_workspace.path() / "touch"));
}

TEST_F(Action, RefusesUnknownCommandsAndAPullRequestBodyWithoutCheck) {
  m_env["INPUT_COMMAND"] = "report-issue";
  const CommandOutput command = run();
  EXPECT_EQ(command.exit_code, 2);
  EXPECT_THAT(command.err, HasSubstr("the command input is lint, links or check"));

  m_env["INPUT_COMMAND"] = "lint";
  m_env["INPUT_PR_BODY"] = "true";
  m_env["GITHUB_EVENT_NAME"] = "pull_request";
  const CommandOutput body = run();
  EXPECT_EQ(body.exit_code, 2);
  EXPECT_THAT(body.err, HasSubstr("pr-body: true needs command: check and changed-since"));
}

TEST_F(Action, RunsTheReleasedImageOfItsOwnReference) {
  use_recording_docker();
  m_env["GITHUB_ACTION_PATH"] = "/runner/_work/_actions/Octo-Org/sourcegate/v1";
  m_env["INPUT_COMMAND"] = "links";
  m_env["INPUT_PATHS"] = "README.md docs";
  const CommandOutput result = run();
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  const std::vector<std::string> args = docker_args();
  const std::string workspace = m_workspace.path().string();
  EXPECT_THAT(args, IsSupersetOf(std::vector<std::string>{
                        "run", "--rm", "--user", "--volume", workspace + ":" + workspace,
                        "--workdir", workspace, "ghcr.io/octo-org/sourcegate:v1", "links",
                        "--format", "github", "--progress", "never", "--", "README.md", "docs"}));
  // The image and the command line after it, in order.
  const auto image = std::find(args.begin(), args.end(), "ghcr.io/octo-org/sourcegate:v1");
  ASSERT_NE(image, args.end());
  EXPECT_EQ(*(image + 1), "links");
  // The summary file's folder is mounted where GitHub names it.
  EXPECT_THAT(args, IsSupersetOf({m_runner.path().string() + ":" + m_runner.path().string()}));
}

TEST_F(Action, AnImageInputIsLowerCasedButKeepsItsTag) {
  use_recording_docker();
  m_env["INPUT_IMAGE"] = "ghcr.io/Octo-Org/SourceGate:v1.2.0-RC1";
  ASSERT_EQ(run().exit_code, 0);
  EXPECT_THAT(docker_args(), IsSupersetOf({"ghcr.io/octo-org/sourcegate:v1.2.0-RC1"}));
}

TEST_F(Action, WithoutAReleaseToRunItSaysWhatToGive) {
  use_recording_docker();
  const CommandOutput local = run();  // uses: ./ without an image
  EXPECT_EQ(local.exit_code, 2);
  EXPECT_THAT(local.err, HasSubstr("give the image input"));
  EXPECT_FALSE(fs::exists(m_runner.path() / "docker-args"));

  m_env["GITHUB_ACTION_PATH"] =
      "/runner/_work/_actions/octo/sourcegate/0123456789abcdef0123456789abcdef01234567";
  const CommandOutput pinned = run();
  EXPECT_EQ(pinned.exit_code, 2);
  EXPECT_THAT(pinned.err, HasSubstr("pinned by digest"));
}

}  // namespace
}  // namespace sg
