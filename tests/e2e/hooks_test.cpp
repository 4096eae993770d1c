// The pre-commit hooks end to end in a temporary repository: the plain git
// hook `install-hook` writes, and the pre-commit framework running the hooks
// of .pre-commit-hooks.yaml. Each must judge what is staged: a staged bad
// entry fails the commit whatever the working tree holds, an unstaged bad
// edit or an untracked bad file never does.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "support/cli_runner.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::run_sourcegate;
using testing::TempDir;

struct ShellOutput {
  int exit_code = -1;
  std::string out;  ///< stdout and stderr together
};

/// Runs `command` with sh in `directory`; the test's own fixed strings only.
ShellOutput shell(const fs::path& directory, const std::string& command) {
  const std::string line = "cd '" + directory.string() + "' && { " + command + "; } 2>&1";
  ShellOutput result;
  FILE* pipe = popen(line.c_str(), "r");
  if (pipe == nullptr) {
    return result;
  }
  std::array<char, 4096> buffer{};
  while (std::size_t got = std::fread(buffer.data(), 1, buffer.size(), pipe)) {
    result.out.append(buffer.data(), got);
  }
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::string binary() { return SOURCEGATE_BINARY; }

/// A list in a git repository: one section file with two good entries, its
/// LIST.md, the shipped policy, all committed.
class Hooks : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir.write("policy/policy.json",
                testing::read_text(testing::source_dir() / "policy/policy.json"));
    m_dir.write("entries/list.json",
                R"({"title": "Test list", "tagline": "A list the hooks judge."})");
    m_good = {{"title", "Kernels"},
              {"entries",
               {entry("Stream-K", "https://arxiv.org/abs/2301.03598"),
                entry("FlashAttention", "https://arxiv.org/abs/2205.14135")}}};
    m_dir.write("entries/01-kernels.json", m_good.dump(2));
    git("init -q");
    git("add -A");
    write_section(m_good);
    git("add -A");
    git("commit -q -m base");
  }

  static json entry(const std::string& title, const std::string& url) {
    return {{"title", title},
            {"url", url},
            {"kind", "paper"},
            {"description", "The paper that introduced " + title + "."}};
  }
  /// The section with one more entry that repeats the first one's URL.
  json bad() const {
    json section = m_good;
    section["entries"].push_back(entry("Stream-K again", "https://arxiv.org/abs/2301.03598"));
    return section;
  }
  json better() const {
    json section = m_good;
    section["entries"].push_back(entry("FlashAttention-2", "https://arxiv.org/abs/2307.08691"));
    return section;
  }
  /// The section file, canonical, and LIST.md rendered from the tracked files.
  void write_section(const json& section) {
    m_dir.write("entries/01-kernels.json", section.dump(2));
    ASSERT_EQ(run_sourcegate({"fmt", "entries/01-kernels.json"}, m_dir.path()).exit_code, 0);
    ASSERT_EQ(run_sourcegate({"render", "--tracked"}, m_dir.path()).exit_code, 0);
  }
  void stage(const json& section) {
    write_section(section);
    git("add entries/01-kernels.json LIST.md");
  }
  /// An untracked section file whose entry repeats a tracked one's URL.
  void write_untracked_bad_file() {
    json section = {{"title", "Scratch"},
                    {"entries", {entry("Stream-K copy", "https://arxiv.org/abs/2301.03598")}}};
    m_dir.write("entries/02-scratch.json", section.dump(2));
  }
  void git(const std::string& args) { ASSERT_EQ(testing::git_in(m_dir.path(), args), 0) << args; }

  TempDir m_dir;
  json m_good;
};

class PlainHook : public Hooks {
 protected:
  void SetUp() override {
    Hooks::SetUp();
    auto installed = run_sourcegate({"install-hook"}, m_dir.path());
    ASSERT_EQ(installed.exit_code, 0) << installed.err;
  }
  ShellOutput commit() {
    return shell(m_dir.path(),
                 "git -c user.email=t@example.invalid -c user.name=t commit -q -m change");
  }
};

TEST_F(PlainHook, IsExecutableAndNeverReplacesAnotherHook) {
  const fs::path hook = m_dir.path() / ".git/hooks/pre-commit";
  struct stat info {};
  ASSERT_EQ(stat(hook.c_str(), &info), 0);
  EXPECT_NE(info.st_mode & S_IXUSR, 0U);
  EXPECT_THAT(testing::read_text(hook), HasSubstr(binary()));
  auto again = run_sourcegate({"install-hook"}, m_dir.path());
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_THAT(again.out, HasSubstr("already"));
  m_dir.write(".git/hooks/pre-commit", "#!/bin/sh\nexec make check\n");
  auto other = run_sourcegate({"install-hook"}, m_dir.path());
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_THAT(other.err, HasSubstr("--force"));
  EXPECT_EQ(testing::read_text(hook), "#!/bin/sh\nexec make check\n");
  EXPECT_EQ(run_sourcegate({"install-hook", "--force"}, m_dir.path()).exit_code, 0);
  EXPECT_THAT(testing::read_text(hook), HasSubstr("checkout-index"));
}

TEST_F(PlainHook, AStagedBadEntryFailsBesideAnUnstagedGoodEdit) {
  stage(bad());
  write_section(better());
  auto result = commit();
  EXPECT_NE(result.exit_code, 0) << result.out;
  EXPECT_THAT(result.out, HasSubstr("entry/duplicate-url"));
  EXPECT_THAT(result.out, HasSubstr("entries/01-kernels.json"));
}

TEST_F(PlainHook, AStagedGoodEntryPassesBesideAnUnstagedBadEdit) {
  stage(better());
  write_section(bad());
  auto result = commit();
  EXPECT_EQ(result.exit_code, 0) << result.out;
}

TEST_F(PlainHook, AnUntrackedBadFileTakesNoPart) {
  write_untracked_bad_file();
  stage(better());
  auto result = commit();
  EXPECT_EQ(result.exit_code, 0) << result.out;
  // Staged, the same file fails the commit: the duplicate spans two files.
  git("add entries/02-scratch.json");
  ASSERT_EQ(run_sourcegate({"render", "--tracked"}, m_dir.path()).exit_code, 0);
  git("add LIST.md");
  auto staged = commit();
  EXPECT_NE(staged.exit_code, 0) << staged.out;
  EXPECT_THAT(staged.out, HasSubstr("entry/duplicate-url"));
}

TEST_F(PlainHook, AStaleStagedListMdFails) {
  write_section(better());
  git("add entries");
  auto result = commit();
  EXPECT_NE(result.exit_code, 0) << result.out;
  EXPECT_THAT(result.out, HasSubstr("LIST.md is stale"));
}

/// The pre-commit framework, running this repository's hook manifest from a
/// clone of it, as a list that adopts the hooks would.
class FrameworkHooks : public Hooks {
 protected:
  void SetUp() override {
    Hooks::SetUp();
    ASSERT_EQ(shell(m_dir.path(), "command -v pre-commit").exit_code, 0)
        << "pre-commit is not installed; scripts/dev.sh installs it";
    // The hook repository: the manifest and its script at a commit.
    for (const char* file : {".pre-commit-hooks.yaml", "scripts/pre-commit-hook.sh"}) {
      fs::create_directories((m_hooks.path() / file).parent_path());
      fs::copy_file(testing::source_dir() / file, m_hooks.path() / file);
    }
    ASSERT_EQ(testing::git_in(m_hooks.path(), "init -q"), 0);
    ASSERT_EQ(testing::git_in(m_hooks.path(), "add -A"), 0);
    ASSERT_EQ(testing::git_in(m_hooks.path(), "commit -q -m hooks"), 0);
    const std::string rev = shell(m_hooks.path(), "git rev-parse HEAD").out.substr(0, 40);
    m_dir.write(".pre-commit-config.yaml",
                "repos:\n  - repo: " + m_hooks.path().string() + "\n    rev: " + rev +
                    "\n    hooks:\n      - id: sourcegate-lint\n      - id: sourcegate-fmt\n"
                    "      - id: sourcegate-render\n      - id: sourcegate-markdown\n"
                    "        files: ^README\\.md$\n");
    git("add .pre-commit-config.yaml");
    git("commit -q -m hooks");
  }
  /// `pre-commit run` on what is staged, with this build's binary.
  ShellOutput run() {
    return shell(m_dir.path(), "SOURCEGATE='" + binary() + "' PRE_COMMIT_HOME='" +
                                   m_cache.path().string() + "' pre-commit run --color never");
  }

  TempDir m_hooks;
  TempDir m_cache;
};

TEST_F(FrameworkHooks, AStagedBadEntryFailsBesideAnUnstagedGoodEdit) {
  stage(bad());
  write_section(better());
  auto result = run();
  EXPECT_EQ(result.exit_code, 1) << result.out;
  EXPECT_THAT(result.out, HasSubstr("entry/duplicate-url"));
  // The unstaged edit is back where it was.
  EXPECT_THAT(testing::read_text(m_dir.path() / "entries/01-kernels.json"),
              HasSubstr("FlashAttention-2"));
}

TEST_F(FrameworkHooks, AStagedGoodEntryPassesBesideAnUnstagedBadEdit) {
  stage(better());
  write_section(bad());
  auto result = run();
  EXPECT_EQ(result.exit_code, 0) << result.out;
}

TEST_F(FrameworkHooks, AnUntrackedBadFileTakesNoPart) {
  write_untracked_bad_file();
  stage(better());
  auto result = run();
  EXPECT_EQ(result.exit_code, 0) << result.out;
  EXPECT_THAT(result.out, Not(HasSubstr("02-scratch")));
}

TEST_F(FrameworkHooks, AMarkdownListIsLinted) {
  m_dir.write("README.md",
              "# Things\n\n## Papers\n\n- [Stream-K](https://arxiv.org/abs/2301.03598) - The "
              "paper.\n- [Again](https://arxiv.org/abs/2301.03598) - The same paper.\n");
  git("add README.md");
  auto result = run();
  EXPECT_EQ(result.exit_code, 1) << result.out;
  EXPECT_THAT(result.out, HasSubstr("README.md"));
  EXPECT_THAT(result.out, HasSubstr("entry/duplicate-url"));
}

}  // namespace
}  // namespace sg
