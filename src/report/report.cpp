#include "report/report.h"

#include <algorithm>

#include "util/error.h"

namespace sg {

std::size_t Report::count(Severity severity) const {
  return static_cast<std::size_t>(std::count_if(
      diagnostics.begin(), diagnostics.end(),
      [&](const Diagnostic& d) { return d.severity == severity && d.waived_reason.empty(); }));
}

ReportFormat parse_report_format(std::string_view name) {
  if (name == "text") {
    return ReportFormat::text;
  }
  if (name == "json") {
    return ReportFormat::json;
  }
  if (name == "github") {
    return ReportFormat::github;
  }
  if (name == "sarif") {
    return ReportFormat::sarif;
  }
  if (name == "markdown") {
    return ReportFormat::markdown;
  }
  throw UsageError("unknown --format \"" + std::string(name) +
                   "\"; use text, json, github, sarif or markdown");
}

}  // namespace sg
