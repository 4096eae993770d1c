// The pre-commit hooks end to end in a temporary repository: the plain git
// hook `install-hook` writes, and the pre-commit framework running the hooks
// of .pre-commit-hooks.yaml. Each must judge what is staged: a staged bad
// entry fails the commit whatever the working tree holds, an unstaged bad
// edit or an untracked bad file never does. The docker_image hooks run with a
// stand-in `docker` that runs this build where the image would run: no
// container engine is needed here, so the image itself is not exercised.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>

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
    const std::string suffix = hook_suffix();
    m_dir.write(".pre-commit-config.yaml",
                "repos:\n  - repo: " + m_hooks.path().string() + "\n    rev: " + rev +
                    "\n    hooks:\n      - id: sourcegate-lint" + suffix +
                    "\n      - id: sourcegate-fmt" + suffix + "\n      - id: sourcegate-render" +
                    suffix + "\n      - id: sourcegate-markdown" + suffix +
                    "\n        files: ^README\\.md$\n");
    git("add .pre-commit-config.yaml");
    git("commit -q -m hooks");
  }
  /// "" for the hooks that run the binary, "-docker" for the image's.
  virtual std::string hook_suffix() const { return ""; }
  /// Variables for `pre-commit run` beyond its cache.
  virtual std::string environment() const { return "SOURCEGATE='" + binary() + "'"; }
  /// `pre-commit run` on what is staged, with this build's binary.
  ShellOutput run() {
    return shell(m_dir.path(), environment() + " PRE_COMMIT_HOME='" + m_cache.path().string() +
                                   "' pre-commit run --color never");
  }

  /// A staged entry that repeats another's URL fails the hooks, and the
  /// unstaged good edit beside it is back where it was afterwards.
  void expect_staged_bad_entry_fails_beside_unstaged_good_edit() {
    stage(bad());
    write_section(better());
    auto result = run();
    EXPECT_EQ(result.exit_code, 1) << result.out;
    EXPECT_THAT(result.out, HasSubstr("entry/duplicate-url"));
    EXPECT_THAT(testing::read_text(m_dir.path() / "entries/01-kernels.json"),
                HasSubstr("FlashAttention-2"));
  }
  /// A Markdown list that links one paper twice, staged; what the hooks said.
  ShellOutput run_on_markdown_list_with_a_duplicate() {
    m_dir.write("README.md",
                "# Things\n\n## Papers\n\n- [Stream-K](https://arxiv.org/abs/2301.03598) - The "
                "paper.\n- [Again](https://arxiv.org/abs/2301.03598) - The same paper.\n");
    git("add README.md");
    return run();
  }

  TempDir m_hooks;
  TempDir m_cache;
};

TEST_F(FrameworkHooks, AStagedBadEntryFailsBesideAnUnstagedGoodEdit) {
  expect_staged_bad_entry_fails_beside_unstaged_good_edit();
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
  auto result = run_on_markdown_list_with_a_duplicate();
  EXPECT_EQ(result.exit_code, 1) << result.out;
  EXPECT_THAT(result.out, HasSubstr("README.md"));
  EXPECT_THAT(result.out, HasSubstr("entry/duplicate-url"));
}

/// The same hooks through their docker_image twins. pre-commit calls
/// `docker run --rm -u UID:GID -v REPO:/src:rw,Z --workdir /src IMAGE ARGS…
/// FILES…` from the repository's root; the stand-in checks that shape, logs
/// the image and runs this build there.
class DockerImageHooks : public FrameworkHooks {
 protected:
  void SetUp() override {
    const fs::path docker = m_bin.write("docker", R"(#!/bin/sh
[ "$1" = run ] || exit 125
shift
while [ $# -gt 0 ]; do
  case $1 in
    --rm) shift ;;
    -u | -v | --workdir) shift 2 ;;
    -*) echo "docker stand-in: unexpected option $1" >&2; exit 125 ;;
    *) break ;;
  esac
done
printf '%s\n' "$1" >>"$DOCKER_IMAGES"
shift
exec "$SOURCEGATE_IN_IMAGE" "$@"
)");
    fs::permissions(docker, fs::perms::owner_all);
    FrameworkHooks::SetUp();
  }
  std::string hook_suffix() const override { return "-docker"; }
  std::string environment() const override {
    // No SOURCEGATE and no sourcegate on PATH: only the image can run.
    return "PATH='" + m_bin.path().string() + ":/usr/bin:/bin' SOURCEGATE_IN_IMAGE='" + binary() +
           "' DOCKER_IMAGES='" + (m_bin.path() / "images").string() + "'";
  }
  /// The images the hooks ran, one per run.
  std::vector<std::string> images() const {
    std::vector<std::string> lines;
    std::istringstream in(testing::read_text(m_bin.path() / "images"));
    for (std::string line; std::getline(in, line);) {
      lines.push_back(line);
    }
    return lines;
  }

  TempDir m_bin;
};

TEST_F(DockerImageHooks, AStagedBadEntryFailsBesideAnUnstagedGoodEdit) {
  expect_staged_bad_entry_fails_beside_unstaged_good_edit();
  // lint, fmt and render ran in the released image.
  EXPECT_THAT(images(), ::testing::ElementsAre("ghcr.io/sourcegate/sourcegate:v1",
                                               "ghcr.io/sourcegate/sourcegate:v1",
                                               "ghcr.io/sourcegate/sourcegate:v1"));
}

TEST_F(DockerImageHooks, AStagedGoodEntryPassesBesideAnUnstagedBadEdit) {
  stage(better());
  write_section(bad());
  auto result = run();
  EXPECT_EQ(result.exit_code, 0) << result.out;
}

TEST_F(DockerImageHooks, AMarkdownListIsLinted) {
  auto result = run_on_markdown_list_with_a_duplicate();
  EXPECT_EQ(result.exit_code, 1) << result.out;
  EXPECT_THAT(result.out, HasSubstr("entry/duplicate-url"));
}

/// The hooks of .pre-commit-hooks.yaml by id: each "- id:" block's
/// "key: value" lines (the manifest is that flat).
std::map<std::string, std::map<std::string, std::string>> manifest_hooks() {
  std::map<std::string, std::map<std::string, std::string>> hooks;
  std::istringstream lines(testing::read_text(testing::source_dir() / ".pre-commit-hooks.yaml"));
  const std::regex field(R"(^(?:- |  )([a-z_]+): (.*)$)");
  std::string id;
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (!std::regex_match(line, match, field)) {
      continue;
    }
    if (line.starts_with("- ")) {
      id = match[2];
    }
    hooks[id][match[1]] = match[2];
  }
  return hooks;
}

TEST(HookManifest, EachHookHasADockerImageTwinWithTheSameFilesAndArguments) {
  ASSERT_EQ(
      shell(testing::source_dir(), "pre-commit validate-manifest .pre-commit-hooks.yaml").exit_code,
      0);
  // The image of the project's own repository (CMakeLists.txt's homepage).
  std::smatch homepage;
  const std::string cmake = testing::read_text(testing::source_dir() / "CMakeLists.txt");
  ASSERT_TRUE(std::regex_search(cmake, homepage,
                                std::regex(R"re(HOMEPAGE_URL "https://github.com/([^"]+)")re")));
  const std::string image = "ghcr.io/" + homepage[1].str() + ":v1";

  const auto hooks = manifest_hooks();
  const std::string script = "scripts/pre-commit-hook.sh ";
  std::size_t twins = 0;
  for (const auto& [id, hook] : hooks) {
    if (hook.at("language") != "script") {
      continue;
    }
    SCOPED_TRACE(id);
    ASSERT_TRUE(hooks.contains(id + "-docker"));
    const auto& twin = hooks.at(id + "-docker");
    EXPECT_EQ(twin.at("language"), "docker_image");
    ASSERT_TRUE(hook.at("entry").starts_with(script));
    EXPECT_EQ(twin.at("entry"), image + " " + hook.at("entry").substr(script.size()));
    for (const char* key : {"name", "files", "pass_filenames", "require_serial"}) {
      EXPECT_EQ(twin.contains(key) ? twin.at(key) : "", hook.contains(key) ? hook.at(key) : "")
          << key;
    }
    ++twins;
  }
  EXPECT_EQ(twins, 4U);
  EXPECT_EQ(hooks.size(), 2 * twins);
}

}  // namespace
}  // namespace sg
