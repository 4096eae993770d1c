// GitHub workflow-command annotations. Every byte of a finding can come from a
// pull request, so escaping is what keeps a title from issuing commands.
#include <ostream>

#include <fmt/format.h>

#include "report/report.h"
#include "util/text.h"

namespace sg {
namespace {

/// GitHub unescapes %25, %0D and %0A in command data. Other control
/// characters and the legacy `##[command]` form, which the runner honours
/// anywhere in a line, are neutralised by printable().
std::string escape_data(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '%') {
      out += "%25";
    } else if (c == '\r') {
      out += "%0D";
    } else if (c == '\n') {
      out += "%0A";
    } else {
      out += c;
    }
  }
  return printable(out);
}

/// Properties also end at `,` and `:`.
std::string escape_property(std::string_view text) {
  std::string out;
  for (char c : escape_data(text)) {
    if (c == ':') {
      out += "%3A";
    } else if (c == ',') {
      out += "%2C";
    } else {
      out += c;
    }
  }
  return out;
}

/// A Markdown table cell: no pipes, no HTML, no line breaks.
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '|':
        out += "&#124;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '`':
        out += "&#96;";
        break;
      case '[':
        out += "&#91;";
        break;
      case '\r':
      case '\n':
        out += ' ';
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

void write_github_error(const Location& location, std::string_view message, std::ostream& out) {
  out << "::error file=" << escape_property(repository_path(location.file));
  if (location.line > 0) {
    out << ",line=" << location.line << ",col=" << location.column;
  }
  out << ",title=sourcegate::" << escape_data(message) << '\n';
}

void write_github_annotations(const Report& report, std::ostream& out) {
  for (const Diagnostic& d : report.diagnostics) {
    if (!d.waived_reason.empty()) {
      continue;
    }
    std::string title = d.rule;
    if (!d.title.empty()) {
      title += ": " + d.title;
    }
    out << "::" << words_for(d.severity).github
        << " file=" << escape_property(repository_path(d.location.file));
    if (d.location.line > 0) {
      out << ",line=" << d.location.line << ",col=" << d.location.column;
    }
    out << ",title=" << escape_property(title) << "::" << escape_data(d.message);
    if (!d.hint.empty()) {
      out << escape_data(" (fix: " + d.hint + ")");
    }
    out << '\n';
  }
  // Notices, so that the reviewer sees each on the diff line that adds it.
  for (const ReviewItem& item : report.review) {
    out << "::notice file=" << escape_property(repository_path(item.location.file))
        << ",line=" << item.location.line << ",col=" << item.location.column
        << ",title=" << escape_property("sourcegate review: " + item.title)
        << "::" << escape_data("This change " + describe(item) + "; a reviewer should agree.")
        << '\n';
  }
  out << fmt::format("sourcegate: {} entries, {} errors, {} warnings, {} notes\n", report.entries,
                     report.count(Severity::error), report.count(Severity::warning),
                     report.count(Severity::info));
}

void write_github_summary(const Report& report, std::ostream& out) {
  const std::size_t errors = report.count(Severity::error);
  const std::size_t warnings = report.count(Severity::warning);
  const std::size_t notes = report.count(Severity::info);
  out << "## sourcegate\n\n"
      << fmt::format("{} entries checked: **{} error{}**, {} warning{}", report.entries, errors,
                     errors == 1 ? "" : "s", warnings, warnings == 1 ? "" : "s");
  // Notes are what the rules judged on weaker evidence (a URL's shape alone):
  // counted, so that a pass on inference is never silent.
  if (notes > 0) {
    out << fmt::format(", {} note{}", notes, notes == 1 ? "" : "s");
  }
  out << ".\n\n";
  if (report.shard) {
    out << shard_summary(*report.shard) << ".\n\n";
  }
  if (!report.review.empty()) {
    out << "### For the reviewer\n\nKinds and waivers this change adds: the rules trust them.\n\n"
        << "| entry | where | declares |\n|---|---|---|\n";
    for (const ReviewItem& item : report.review) {
      out << "| " << cell(item.title) << " | " << cell(item.location.file) << ':'
          << item.location.line << " | " << cell(describe(item)) << " |\n";
    }
    out << "\n### Findings\n\n";
  }
  if (errors + warnings + notes == 0) {
    out << "No findings.\n";
    return;
  }
  out << "| severity | rule | entry | where | finding | fix |\n"
      << "|---|---|---|---|---|---|\n";
  for (const Diagnostic& d : report.diagnostics) {
    if (!d.waived_reason.empty()) {
      continue;
    }
    out << "| " << to_string(d.severity) << " | `" << d.rule << "` | " << cell(d.title) << " | "
        << cell(d.location.file) << ':' << d.location.line << " | " << cell(d.message) << " | "
        << cell(d.hint) << " |\n";
  }
}

}  // namespace sg
