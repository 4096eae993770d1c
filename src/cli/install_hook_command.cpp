#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/git_changes.h"
#include "util/error.h"
#include "util/file.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

struct InstallHookOptions {
  std::vector<std::string> markdown;
  bool force = false;
};

/// The hook judges the staged version of the list: `git checkout-index` copies
/// the tracked list files from the index into a temporary folder, and the
/// commands run there with git pointed at the same index, so `--tracked`
/// lists what is staged. An unstaged edit or an untracked file cannot pass or
/// fail a commit. Names travel NUL-separated: any file name is safe.
constexpr const char* k_hook_template = R"(#!/bin/sh
# sourcegate pre-commit hook, written by `sourcegate install-hook`.
# It judges what is staged (read from the index), never the working tree.
# SOURCEGATE=/path/to/sourcegate overrides the binary; `git commit --no-verify`
# skips the hook.
sourcegate=${{SOURCEGATE:-{binary}}}
if ! command -v "$sourcegate" >/dev/null 2>&1; then
  echo "sourcegate pre-commit hook: cannot run $sourcegate; set SOURCEGATE or run" \
    "\`sourcegate install-hook --force\` again" >&2
  exit 1
fi
paths="entries policy LIST.md{markdown}"
# shellcheck disable=SC2086 # $paths holds fixed names without spaces
if git diff --cached --quiet -- $paths; then
  exit 0
fi
snapshot=$(mktemp -d "${{TMPDIR:-/tmp}}/sourcegate-hook.XXXXXX") || exit 1
trap 'rm -rf "$snapshot"' EXIT
trap 'exit 1' INT TERM
git diff --cached --name-only -z --diff-filter=ACMR -- 'entries/*.json' \
  policy/policy.json{markdown} >"$snapshot/.judged" || exit 1
git diff --cached --name-only -z --diff-filter=ACMR -- 'entries/*.json' \
  >"$snapshot/.formatted" || exit 1
mkdir "$snapshot/tree" || exit 1
# shellcheck disable=SC2086
git ls-files -z -- $paths | git checkout-index -z --stdin --prefix="$snapshot/tree/" || exit 1
GIT_DIR=$(git rev-parse --absolute-git-dir) || exit 1
case ${{GIT_INDEX_FILE:-}} in
  '' | /*) ;;
  *) GIT_INDEX_FILE="$PWD/$GIT_INDEX_FILE" && export GIT_INDEX_FILE ;;
esac
GIT_WORK_TREE="$snapshot/tree"
export GIT_DIR GIT_WORK_TREE
cd "$snapshot/tree" || exit 1
status=0
if [ -s "$snapshot/.formatted" ]; then
  xargs -0 "$sourcegate" fmt --check <"$snapshot/.formatted" || status=1
fi
if [ -s "$snapshot/.judged" ]; then
  xargs -0 "$sourcegate" lint --tracked <"$snapshot/.judged" || status=1
fi
if [ -f entries/list.json ]; then
  "$sourcegate" render --check --tracked || status=1
fi
exit $status
)";

/// Where this binary is, so the hook does not depend on PATH; the name alone
/// when it cannot be told.
std::string own_binary() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("sourcegate") : self.string();
}

/// `text` quoted for sh: inside single quotes nothing is special but the quote.
std::string shell_quoted(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) {
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return quoted + "'";
}

}  // namespace

void add_install_hook_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<InstallHookOptions>();
  CLI::App* command = app.add_subcommand(
      "install-hook", "Write a git pre-commit hook that judges the staged list (no framework)");
  command->add_option("--markdown", options->markdown,
                      "A Markdown list the hook lints when it is staged (repeatable)");
  command->add_flag("--force", options->force, "Replace a pre-commit hook that is not this one");
  command->footer(
      "The hook runs fmt --check and lint --tracked on the staged entry files and\n"
      "render --check, on the content of the index: unstaged edits and untracked\n"
      "files take no part. It is .git/hooks/pre-commit (core.hooksPath is honoured).\n"
      "Examples:\n"
      "  sourcegate install-hook                    for a list kept in entries/\n"
      "  sourcegate install-hook --markdown README.md   for a Markdown list");
  command->callback([options, &exit_code] {
    std::string markdown;
    for (const std::string& list : options->markdown) {
      if (list.find_first_of(" \t\n'\"\\$`*?[") != std::string::npos || list.starts_with('-')) {
        throw UsageError("--markdown \"" + list +
                         "\": give a plain repository path, without spaces or shell characters");
      }
      markdown += " " + list;
    }
    const std::string text =
        fmt::format(fmt::runtime(k_hook_template), fmt::arg("binary", shell_quoted(own_binary())),
                    fmt::arg("markdown", markdown));
    std::string hooks = run_git({"rev-parse", "--git-path", "hooks"});
    while (!hooks.empty() && (hooks.back() == '\n' || hooks.back() == '\r')) {
      hooks.pop_back();
    }
    const std::string hook = (fs::path(hooks) / "pre-commit").string();
    std::error_code ec;
    if (fs::exists(hook, ec)) {
      if (read_file(hook) == text) {
        std::cout << hook << " is already this hook\n";
        exit_code = 0;
        return;
      }
      if (!options->force) {
        throw UsageError(hook +
                         " exists and is another hook; give --force to replace it, or call "
                         "sourcegate from it");
      }
    }
    fs::create_directories(hooks, ec);
    if (auto problem = write_file_atomically(hook, text)) {
      throw InputError(Location{hook, 0, 0}, "cannot write the hook: " + *problem);
    }
    fs::permissions(hook,
                    fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                        fs::perms::others_read | fs::perms::others_exec,
                    ec);
    if (ec) {
      throw InputError(Location{hook, 0, 0}, "cannot make the hook executable: " + ec.message());
    }
    std::cout << "wrote " << hook << ": it judges the staged list before each commit\n";
    exit_code = 0;
  });
}

}  // namespace sg
