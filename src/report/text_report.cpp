#include <ostream>

#include <fmt/format.h>

#include "report/report.h"
#include "util/text.h"

namespace sg {

void write_text_report(const Report& report, std::ostream& out, TextStyle style) {
  const std::string_view bold = style.color ? "\033[1m" : "";
  const std::string_view dim = style.color ? "\033[2m" : "";
  const std::string_view reset = style.color ? "\033[0m" : "";
  std::size_t waived = 0;
  for (const Diagnostic& d : report.diagnostics) {
    // Waived findings carry a maintainer's reason: the JSON report keeps them,
    // the terminal stays quiet.
    if (!d.waived_reason.empty()) {
      ++waived;
      continue;
    }
    if (d.severity == Severity::info && !style.verbose) {
      continue;
    }
    const std::string_view color = style.color ? words_for(d.severity).color : "";
    out << bold << printable(d.location.file);
    if (d.location.line > 0) {
      out << ':' << d.location.line << ':' << d.location.column;
    }
    out << ':' << reset << ' ' << color << to_string(d.severity) << reset << ": "
        << printable(d.message) << ' ' << dim << '[' << printable(d.rule) << ']' << reset << '\n';
    if (!d.title.empty() || !d.url.empty()) {
      out << "    entry: " << printable(d.title);
      if (!d.url.empty()) {
        out << " <" << printable(d.url) << '>';
      }
      out << '\n';
    }
    if (!d.evidence.empty()) {
      out << "    evidence: " << printable(d.evidence) << '\n';
    }
    if (!d.hint.empty()) {
      out << "    hint: " << printable(d.hint) << '\n';
    }
  }
  for (const ReviewItem& item : report.review) {
    out << bold << printable(item.location.file) << ':' << item.location.line << ':'
        << item.location.column << ':' << reset << " review: entry \"" << printable(item.title)
        << "\" " << printable(describe(item)) << '\n';
  }
  const std::size_t errors = report.count(Severity::error);
  const std::size_t warnings = report.count(Severity::warning);
  if (report.entries > 0 || report.links.empty()) {
    out << fmt::format("{} entries", report.entries);
  }
  if (!report.links.empty()) {
    out << fmt::format("{}{} links", report.entries > 0 ? ", " : "", report.links.size());
  }
  out << fmt::format(": {} error{}, {} warning{}", errors, errors == 1 ? "" : "s", warnings,
                     warnings == 1 ? "" : "s");
  if (const std::size_t notes = report.count(Severity::info); notes > 0) {
    out << fmt::format(", {} note{}{}", notes, notes == 1 ? "" : "s",
                       style.verbose ? "" : " (--verbose lists them)");
  }
  if (waived > 0) {
    out << fmt::format(" ({} waived)", waived);
  }
  out << '\n';
  if (report.shard) {
    out << shard_summary(*report.shard) << '\n';
  }
  for (const auto& [reason, n] : report.links_not_checked()) {
    out << fmt::format("{} of {} links not checked ({})\n", n, report.links.size(),
                       printable(reason));
  }
  if (!report.not_entries.empty()) {
    std::size_t count = 0;
    std::string reasons;
    for (const auto& [reason, n] : report.not_entries) {
      count += n;
      reasons += fmt::format("{}{} {}", reasons.empty() ? "" : ", ", n, reason);
    }
    out << fmt::format("{} list items read, {} not judged as entries: {}\n", report.list_items,
                       count, reasons);
  }
}

}  // namespace sg
