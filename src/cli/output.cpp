#include "cli/output.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "rules/rule.h"
#include "rules/rules_doc.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

namespace sg {
namespace {

struct ReportCopy {
  ReportFormat format;
  std::string path;
};

/// "FORMAT:FILE", as --report-file takes it; throws UsageError naming the form.
ReportCopy parse_report_file(const std::string& value) {
  const std::size_t colon = value.find(':');
  const std::string form =
      "--report-file takes FORMAT:FILE, FORMAT one of text, json, github, sarif, markdown (such "
      "as json:report.json); got \"" +
      printable(value) + "\"";
  if (colon == std::string::npos || colon == 0 || colon + 1 == value.size()) {
    throw UsageError(form);
  }
  try {
    return {parse_report_format(value.substr(0, colon)), value.substr(colon + 1)};
  } catch (const UsageError&) {
    throw UsageError(form);
  }
}

/// One report in one format. The GitHub step summary belongs to the run's
/// own output (stdout), never to a copy in a file.
void write_report(const Report& report, ReportFormat format, std::ostream& out,
                  const TextStyle& style) {
  switch (format) {
    case ReportFormat::json:
      write_json_report(report, out);
      break;
    case ReportFormat::github:
      write_github_annotations(report, out);
      break;
    case ReportFormat::markdown:
      write_markdown_report(report, out);
      break;
    case ReportFormat::sarif:
      write_sarif_report(report, rule_metadata(), out);
      break;
    default:
      write_text_report(report, out, style);
      break;
  }
}

}  // namespace

void add_output_options(CLI::App& command, OutputOptions& options) {
  command
      .add_option("--format", options.format, "Report format: text, json, github, sarif, markdown")
      ->check(CLI::IsMember({"text", "json", "github", "sarif", "markdown"}));
  command.add_option("--color", options.color, "Colour text output: auto, always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  command.add_option("--fail-on", options.fail_on, "Exit 1 on findings of this severity or worse")
      ->check(CLI::IsMember({"error", "warning"}));
  command.add_flag("--verbose", options.verbose,
                   "List notes too (entries judged by their URL's shape) in text output");
  command.add_flag("--zero-timings", options.zero_timings,
                   "Write 0 for every measured time, so that the same inputs give a "
                   "byte-identical report");
  command
      .add_option("--report-file", options.report_files,
                  "Also write the report in FORMAT to FILE, whatever --format prints, such as "
                  "json:report.json beside --format github (repeatable)")
      ->type_name("FORMAT:FILE")
      ->allow_extra_args(false)
      ->check(CLI::Validator(
          [](const std::string& value) {
            try {
              parse_report_file(value);
            } catch (const UsageError& e) {
              return std::string(e.what());
            }
            return std::string();
          },
          "FORMAT:FILE"));
}

std::vector<RuleMetadata> rule_metadata() {
  std::vector<RuleMetadata> rules;
  for (const Rule& rule : rule_registry()) {
    rules.push_back({std::string(rule.id), rule.severity, std::string(rule.summary),
                     std::string(rule.doc), std::string(rule.hint), rule_help_uri(rule.id)});
  }
  return rules;
}

bool use_color(const std::string& choice, int fd) {
  if (choice == "always") {
    return true;
  }
  if (choice == "never") {
    return false;
  }
  const char* no_color = std::getenv("NO_COLOR");
  return (no_color == nullptr || *no_color == '\0') && isatty(fd) != 0;
}

int emit_report(const Report& measured, const OutputOptions& options) {
  Report zeroed;
  if (options.zero_timings) {
    zeroed = measured;
    for (links::LinkResult& link : zeroed.links) {
      link.elapsed_ms = 0;
    }
  }
  const Report& report = options.zero_timings ? zeroed : measured;
  const ReportFormat format = parse_report_format(options.format);
  write_report(
      report, format, std::cout,
      TextStyle{.color = use_color(options.color, STDOUT_FILENO), .verbose = options.verbose});
  // GitHub shows a handful of annotations per step; the summary lists all.
  if (const char* summary = std::getenv("GITHUB_STEP_SUMMARY");
      format == ReportFormat::github && summary != nullptr && *summary != '\0') {
    // GitHub's file, appended to as its contract says.
    std::ofstream file(summary, std::ios::app);
    write_github_summary(report, file);
    file.flush();
    if (!file) {
      std::cerr << "sourcegate: warning: cannot append to GITHUB_STEP_SUMMARY (" << summary
                << ")\n";
    }
  }
  int status = 0;
  for (const std::string& value : options.report_files) {
    const ReportCopy target = parse_report_file(value);
    std::ostringstream text;
    write_report(report, target.format, text,
                 TextStyle{.color = false, .verbose = options.verbose});
    if (auto problem = write_file_atomically(target.path, text.str())) {
      std::cerr << "sourcegate: cannot write the report: " << *problem << '\n';
      status = 2;
    }
  }
  std::cout.flush();
  if (!std::cout) {
    // A report nobody can read must not pass for a clean run.
    std::cerr << "sourcegate: cannot write the report to standard output (a full disk or a "
                 "closed pipe?)\n";
    return 2;
  }
  if (status != 0) {
    return status;
  }
  const bool failed = report.count(Severity::error) > 0 ||
                      (options.fail_on == "warning" && report.count(Severity::warning) > 0);
  return failed ? 1 : 0;
}

}  // namespace sg
