#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/link_run.h"
#include "cli/lint_pipeline.h"
#include "cli/output.h"
#include "load/input_paths.h"

namespace sg {
namespace {

struct LinksOptions {
  std::vector<std::string> inputs{"entries"};
  std::vector<std::string> exclude_paths;
  bool dump = false;
  std::optional<std::string> shard;
  std::string policy;
  LinkOptions link;
  OutputOptions output;
};

}  // namespace

void add_links_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<LinksOptions>();
  CLI::App* command = app.add_subcommand("links", "Check that every link resolves");
  command->add_option("inputs", options->inputs,
                      "Entries directories or files, Markdown, HTML or text files, folders of "
                      "Markdown files, quoted globs such as 'docs/**/*.md', URLs, - for stdin "
                      "(default: entries)");
  add_exclude_path_option(*command, options->exclude_paths);
  command->add_flag("--dump", options->dump,
                    "List the links that would be checked, one per line with where each is "
                    "written (file:line:col), and check nothing");
  command->add_option("--policy", options->policy,
                      "Policy file whose \"links\" settings apply (default: policy/policy.json)");
  add_link_options(*command, options->link);
  command->add_option("--shard", options->shard,
                      "Check only the links whose host falls in shard K of N (K/N, such as "
                      "2/3): one CI job per shard, then `sourcegate merge` of their JSON "
                      "reports");
  add_output_options(*command, options->output);
  command->footer(
      "Examples:\n"
      "  sourcegate links                          every link of entries/\n"
      "  sourcegate links README.md --fragments    a Markdown list, #fragments too\n"
      "  sourcegate links https://arxiv.org/abs/2301.03598\n"
      "  sourcegate links --offline                report from the cache only\n"
      "  sourcegate links docs --exclude-path 'docs/archive'   every .md file under docs/\n"
      "  sourcegate links 'docs/**/*.md' --dump    list the links, check nothing\n"
      "  sourcegate links --shard 2/3 --format json > links-2.json   one job of three");
  command->callback([options, &exit_code] {
    if (options->shard) {
      options->link.shard = parse_shard_option(*options->shard);
    }
    const Policy policy = resolve_policy(options->policy, MissingPolicy::quiet);
    List entries;
    std::vector<Diagnostic> document_findings;
    const std::vector<links::FoundLink> found =
        collect_links(expand_input_paths(options->inputs, options->exclude_paths), entries, policy,
                      document_findings);
    if (options->dump) {
      dump_links(found, policy, options->link, std::cout);
      exit_code = 0;
      return;
    }
    Report report;
    report.entries = entries.entry_count();
    check_and_report(found, entries, policy, options->link, report);
    // Anchors and relative paths belong to no host: the first shard alone
    // reports them, so that merged shards list each once.
    if (!options->link.shard || options->link.shard->index == 1) {
      report.diagnostics.insert(report.diagnostics.end(),
                                std::make_move_iterator(document_findings.begin()),
                                std::make_move_iterator(document_findings.end()));
    }
    apply_waivers(entries, report.diagnostics, RulesRun::network);
    sort_diagnostics(report.diagnostics);
    exit_code = emit_report(report, options->output);
  });
}

}  // namespace sg
