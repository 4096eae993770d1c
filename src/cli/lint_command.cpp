#include <filesystem>
#include <memory>

#include "cli/commands.h"
#include "cli/lint_pipeline.h"
#include "cli/output.h"

namespace sg {
namespace {

struct LintOptions {
  LintInputs inputs;
  OutputOptions output;
};

}  // namespace

void add_exclude_path_option(CLI::App& command, std::vector<std::string>& globs) {
  // One value per use, so that "--exclude-path GLOB README.md" keeps its input.
  command
      .add_option("--exclude-path", globs,
                  "Leave out paths matching this glob, and folders matching it with all they "
                  "hold, when reading folders and globs (repeatable; '**' crosses folders)")
      ->allow_extra_args(false);
}

void add_lint_inputs(CLI::App& command, LintInputs& inputs) {
  command.add_option("paths", inputs.paths,
                     "Entries directories, .json entry files, .md lists, folders of .md files "
                     "or quoted globs such as 'docs/**/*.md' (default: entries)");
  add_exclude_path_option(command, inputs.exclude_paths);
  command.add_option("--policy", inputs.policy,
                     "Policy file (default: policy/policy.json when it exists)");
  command.add_option("--today", inputs.today,
                     "Judge freshness as of this date, YYYY-MM-DD (default: today, UTC)");
  command.add_option("--changed-since", inputs.changed_since,
                     "Judge only entries changed since this git ref's merge base with HEAD "
                     "(the pull-request gate: old problems do not block new changes)");
  command.add_flag("--tracked", inputs.tracked,
                   "Judge the named files within the list git tracks: the other tracked files "
                   "of their entries directories are read for the rules that span files "
                   "(duplicates, group sizes); untracked files are never read (the pre-commit "
                   "hooks)");
}

void add_lint_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<LintOptions>();
  CLI::App* command = app.add_subcommand("lint", "Check entries against the schema and policy");
  add_lint_inputs(*command, options->inputs);
  add_output_options(*command, options->output);
  command->footer(
      "Examples:\n"
      "  sourcegate lint                           check entries/ with policy/policy.json\n"
      "  sourcegate lint README.md --policy p.json check a Markdown list with its own policy\n"
      "  sourcegate lint --format github           annotations for a pull request\n"
      "  sourcegate lint --changed-since origin/main   only what a pull request changed");
  command->callback(
      [options, &exit_code] { exit_code = emit_report(lint(options->inputs), options->output); });
}

}  // namespace sg
