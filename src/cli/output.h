#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "report/report.h"

namespace sg {

/// The report options every checking command shares.
struct OutputOptions {
  std::string format = "text";
  std::string color = "auto";
  std::string fail_on = "error";
  bool verbose = false;
  /// Every measured time written as 0, so that two runs over the same inputs
  /// give byte-identical reports (tests, diffs of reports).
  bool zero_timings = false;
  /// "FORMAT:FILE": the same report also written to FILE (--report-file), so
  /// that one run gives annotations and a JSON report to read counts from.
  std::vector<std::string> report_files;
};

void add_output_options(CLI::App& command, OutputOptions& options);

/// Writes the report to stdout in the chosen format, and to each --report-file,
/// and returns the exit code (1 when a finding reaches --fail-on, else 0; 2
/// when a report cannot be written).
int emit_report(const Report& report, const OutputOptions& options);

/// The rule registry as reports see it.
std::vector<RuleMetadata> rule_metadata();

/// Whether to colour a stream: --color, NO_COLOR, and whether it is a terminal.
bool use_color(const std::string& choice, int fd);

}  // namespace sg
