#include "report/report.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "util/error.h"

namespace sg {

std::size_t Report::count(Severity severity) const {
  return static_cast<std::size_t>(std::count_if(
      diagnostics.begin(), diagnostics.end(),
      [&](const Diagnostic& d) { return d.severity == severity && d.waived_reason.empty(); }));
}

bool is_reported_dead(const Report& report, const links::LinkResult& link) {
  return links::is_failure(link.status) &&
         (report.dead_after == 0 || link.failed_days >= report.dead_after);
}

std::string repository_path(const std::string& file) {
  std::filesystem::path path(file);
  if (path.is_absolute()) {
    std::error_code ec;
    const std::filesystem::path relative =
        std::filesystem::proximate(path, std::filesystem::current_path(ec), ec);
    if (!ec && !relative.empty() && *relative.begin() != "..") {
      path = relative;
    }
  }
  return path.lexically_normal().generic_string();
}

std::map<std::string, std::size_t> Report::links_not_checked() const {
  std::map<std::string, std::size_t> by_reason;
  for (const links::LinkResult& link : links) {
    if (link.status == links::LinkStatus::skipped) {
      ++by_reason[link.error.empty() ? std::string(links::to_string(link.reason)) : link.error];
    }
  }
  return by_reason;
}

std::string shard_summary(const ShardPart& part) {
  const bool one = part.other_links == 1;
  return fmt::format(
      "shard {}: {} link{} of the run belong{} to other shards and {} neither checked nor counted "
      "here",
      part.shard.name(), part.other_links, one ? "" : "s", one ? "s" : "", one ? "is" : "are");
}

std::string describe(const ReviewItem& item) {
  if (item.rule.empty()) {
    return "declares kind " + item.value;
  }
  return "waives " + item.rule + ": " + item.value;
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

const SeverityWords& words_for(Severity severity) {
  static constexpr SeverityWords k_info{"notice", "note", "\033[1;36m"};
  static constexpr SeverityWords k_warning{"warning", "warning", "\033[1;33m"};
  static constexpr SeverityWords k_error{"error", "error", "\033[1;31m"};
  switch (severity) {
    case Severity::info:
      return k_info;
    case Severity::warning:
      return k_warning;
    case Severity::error:
      return k_error;
  }
  return k_error;
}

}  // namespace sg
