#include <memory>

#include "cli/commands.h"
#include "cli/output.h"
#include "util/file.h"

namespace sg {
namespace {

struct MergeOptions {
  std::vector<std::string> reports;
  OutputOptions output;
};

}  // namespace

void add_merge_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<MergeOptions>();
  CLI::App* command = app.add_subcommand(
      "merge", "Combine the JSON reports of `links --shard K/N` into the report of one run");
  command->add_option("reports", options->reports, "The JSON report of every shard, K = 1..N")
      ->required();
  add_output_options(*command, options->output);
  command->footer(
      "Examples:\n"
      "  sourcegate merge links-1.json links-2.json links-3.json\n"
      "  sourcegate merge links-*.json --format json > links.json\n"
      "  sourcegate merge links-*.json --format markdown   the dead-link report");
  command->callback([options, &exit_code] {
    std::vector<ReportFile> shards;
    for (const std::string& file : options->reports) {
      shards.push_back({file, read_json_report(read_file(file), file)});
    }
    exit_code = emit_report(merge_shard_reports(shards), options->output);
  });
}

}  // namespace sg
