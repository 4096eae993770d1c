#include <memory>

#include "cli/commands.h"
#include "cli/git_changes.h"
#include "cli/link_run.h"
#include "cli/lint_pipeline.h"
#include "cli/output.h"
#include "cli/pr_body.h"
#include "rules/engine.h"
#include "util/file.h"

namespace sg {
namespace {

struct CheckOptions {
  LintInputs lint;
  LinkOptions link;
  OutputOptions output;
  std::string pr_body;
};

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* command =
      app.add_subcommand("check", "lint and links together: the policy and every link");
  add_lint_inputs(*command, options->lint);
  add_link_options(*command, options->link);
  add_output_options(*command, options->output);
  command
      ->add_option("--pr-body", options->pr_body,
                   "The pull request's description: check that it answers the template's "
                   "questions for the entries the change adds")
      ->needs(command->get_option("--changed-since"));
  command->footer(
      "Examples:\n"
      "  sourcegate check                   the policy and every link of entries/\n"
      "  sourcegate check --changed-since origin/main --format github\n"
      "                                     the pull-request gate");
  command->callback([options, &exit_code] {
    const std::string pr_body = options->pr_body.empty() ? "" : read_file(options->pr_body);
    LintRun run = run_lint(options->lint);
    std::vector<links::FoundLink> found = entry_links(run.loaded.list);
    if (run.changed) {
      // A pull request's gate fetches only the links it touched.
      const ChangedLines& changed = *run.changed;
      std::vector<links::FoundLink> touched;
      run.loaded.list.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
        if (entry_changed(entry, changed)) {
          for (const links::FoundLink& link : entry_links_of(entry)) {
            touched.push_back(link);
          }
        }
      });
      found = std::move(touched);
      options->link.partial = true;
    }
    check_and_report(found, run.loaded.list, run.policy, options->link, run.report);
    finish_report(run, RulesRun::both);
    if (!options->pr_body.empty()) {
      add_pr_body_findings(options->pr_body, pr_body, run);
    }
    exit_code = emit_report(run.report, options->output);
  });
}

}  // namespace sg
