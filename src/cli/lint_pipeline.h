#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/git_changes.h"
#include "load/load_result.h"
#include "policy/policy.h"
#include "report/report.h"
#include "rules/engine.h"

namespace sg {

/// What lint reads: inputs, the policy, and the date freshness is judged by.
struct LintInputs {
  std::vector<std::string> paths{"entries"};
  /// Globs of paths to leave out of directories and globs (--exclude-path).
  std::vector<std::string> exclude_paths;
  std::string policy;
  std::string today;
  /// A git ref: judge only what changed since its merge base with HEAD.
  std::string changed_since;
  /// Judge the named files within the list as git tracks it (the pre-commit
  /// hooks): the rest of their entries directories is read from tracked files
  /// only, for the rules that span files.
  bool tracked = false;
};

void add_lint_inputs(CLI::App& command, LintInputs& inputs);
/// --exclude-path GLOB (repeatable), for every command that reads paths.
void add_exclude_path_option(CLI::App& command, std::vector<std::string>& globs);

/// Where a list keeps its policy; `lint` reads it, `init` writes it.
inline constexpr const char* k_default_policy = "policy/policy.json";

enum class MissingPolicy { quiet, note };

/// The policy named by --policy, else policy/policy.json when it exists, else
/// the empty policy (no host tables: the source rules stay quiet), with a note
/// on stderr when `missing` asks for one: how `sourcegate init LIST` turns the
/// source rules on.
Policy resolve_policy(const std::string& explicit_path, MissingPolicy missing,
                      std::string_view list = "README.md");

/// Loads the inputs and runs the rules: load -> model -> rules -> report.
/// Waivers are not applied yet, so that link findings can join first.
struct LintRun {
  LoadResult loaded;
  Policy policy;
  Report report;
  /// With --changed-since: what the change touched, asked of git once.
  std::optional<ChangedLines> changed;
  /// With --tracked: files read only as the rest of the list around the named
  /// ones; findings are reported there only when they involve a named file.
  std::set<std::string, std::less<>> context_only;
};
LintRun run_lint(const LintInputs& inputs);

/// Applies waivers, narrows to what changed (--changed-since) and sorts: the
/// last step before a report is written.
void finish_report(LintRun& run, RulesRun rules);

/// run_lint, then finish_report: the report `lint` prints.
Report lint(const LintInputs& inputs);

}  // namespace sg
