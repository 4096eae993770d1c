#include <algorithm>
#include <ostream>
#include <sstream>

#include <fmt/format.h>

#include "report/report.h"

namespace sg {
namespace {

std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '<') {
      out += "&lt;";
    } else if (c == '\n' || c == '\r') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

bool needs_attention(links::LinkStatus status) {
  return status != links::LinkStatus::ok && status != links::LinkStatus::excluded &&
         status != links::LinkStatus::skipped;
}

void write_table(const std::vector<const links::LinkResult*>& rows, bool with_history,
                 std::ostream& out) {
  out << (with_history ? "| status | link | answer | failing since | found in | archived copy |\n"
                         "|---|---|---|---|---|---|\n"
                       : "| status | link | answer | found in | archived copy |\n"
                         "|---|---|---|---|---|\n");
  for (const links::LinkResult* link : rows) {
    std::string answer =
        link->error.empty() ? fmt::format("HTTP {}", link->http_status) : link->error;
    if (link->status == links::LinkStatus::redirected) {
      answer = "moved to " + link->final_url;
    }
    std::string places;
    for (const links::LinkSource& source : link->sources) {
      // Each place escaped alone: the <br> between them is markup, not text.
      places +=
          fmt::format("{}{}:{}", places.empty() ? "" : "<br>", cell(source.file), source.line);
    }
    out << "| " << links::to_string(link->status) << " | <" << cell(link->url) << "> | "
        << cell(answer) << " | ";
    if (with_history) {
      out << (link->failed_days > 0
                  ? fmt::format("{} ({} day{})", link->failing_since, link->failed_days,
                                link->failed_days == 1 ? "" : "s")
                  : std::string())
          << " | ";
    }
    out << places << " | [Wayback Machine](https://web.archive.org/web/*/" << cell(link->url)
        << ") |\n";
  }
}

}  // namespace

void write_markdown_report(const Report& report, std::ostream& out) {
  const bool with_history = report.dead_after > 0;
  std::vector<const links::LinkResult*> dead;
  std::vector<const links::LinkResult*> watching;
  std::vector<const links::LinkResult*> other;
  std::size_t not_checked = 0;
  for (const auto& [reason, n] : report.links_not_checked()) {
    not_checked += n;
  }
  for (const links::LinkResult& link : report.links) {
    if (!needs_attention(link.status)) {
      continue;
    }
    if (!links::is_failure(link.status)) {
      other.push_back(&link);
    } else if (is_reported_dead(report, link)) {
      dead.push_back(&link);
    } else {
      watching.push_back(&link);
    }
  }
  out << "# Link report\n\n"
      << fmt::format("{} links checked, {} need attention.\n", report.links.size() - not_checked,
                     dead.size() + other.size());
  for (const auto& [reason, n] : report.links_not_checked()) {
    out << fmt::format("{} more not checked: {}.\n", n, reason);
  }
  if (!dead.empty()) {
    out << (with_history ? fmt::format("\n## Dead: failed on {} or more days in a row\n\n",
                                       report.dead_after)
                         : std::string("\n## Failing\n\n"));
    write_table(dead, with_history, out);
  }
  if (!other.empty()) {
    out << "\n## Moved or unverifiable\n\n";
    write_table(other, with_history, out);
  }
  if (!watching.empty()) {
    out << fmt::format("\n## Failing, not yet reported dead (fewer than {} days in a row)\n\n",
                       report.dead_after);
    write_table(watching, with_history, out);
  }
  std::size_t findings = 0;
  for (const Diagnostic& d : report.diagnostics) {
    findings += d.waived_reason.empty() && !d.rule.starts_with("link/") ? 1 : 0;
  }
  if (findings > 0) {
    out << fmt::format("\n{} policy findings besides links: run `sourcegate lint`.\n", findings);
  }
}

std::string link_issue_body(const Report& report, std::string_view day) {
  // GitHub refuses a body of more than 65,536 characters; a byte is at most one.
  constexpr std::size_t k_max_body_bytes = 65'536;
  std::ostringstream markdown;
  write_markdown_report(report, markdown);
  std::string body = markdown.str();
  const std::string footer = fmt::format(
      "\n_Links checked on {} (UTC). This issue is kept up to date by the scheduled link report: "
      "updated in place, closed when every dead link works again, reopened when one fails._\n",
      day);
  if (body.size() + footer.size() > k_max_body_bytes) {
    // Room for the note, whose count has at most 20 digits.
    constexpr std::size_t k_note_bytes = 160;
    const std::size_t room = k_max_body_bytes - footer.size() - k_note_bytes;
    const std::size_t cut = body.rfind('\n', room) + 1;
    const auto hidden =
        std::count(body.begin() + static_cast<std::ptrdiff_t>(cut), body.end(), '\n');
    body.resize(cut);
    body += fmt::format(
        "\n{} more lines do not fit in an issue: the workflow run keeps the whole report.\n",
        hidden);
  }
  return body + footer;
}

}  // namespace sg
