#include <memory>

#include "cli/commands.h"
#include "cli/output.h"
#include "load/inputs.h"

namespace sg {
namespace {

struct LintOptions {
  std::vector<std::string> paths{"entries"};
  OutputOptions output;
};

}  // namespace

void add_lint_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<LintOptions>();
  CLI::App* command = app.add_subcommand("lint", "Check entries against the schema and policy");
  command->add_option("paths", options->paths,
                      "Entries directories, .json entry files or .md lists (default: entries)");
  add_output_options(*command, options->output);
  command->footer(
      "Examples:\n"
      "  sourcegate lint                      check entries/\n"
      "  sourcegate lint README.md            check a Markdown awesome list\n"
      "  sourcegate lint --format json        machine-readable report");
  command->callback([options, &exit_code] {
    LoadResult loaded = load_inputs(options->paths);
    Report report;
    report.entries = loaded.list.entry_count();
    report.diagnostics = std::move(loaded.diagnostics);
    sort_diagnostics(report.diagnostics);
    exit_code = emit_report(report, options->output);
  });
}

}  // namespace sg
