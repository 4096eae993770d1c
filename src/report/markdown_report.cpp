#include <ostream>

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

}  // namespace

void write_markdown_report(const Report& report, std::ostream& out) {
  std::size_t dead = 0;
  for (const links::LinkResult& link : report.links) {
    dead += needs_attention(link.status) ? 1 : 0;
  }
  out << "# Link report\n\n"
      << fmt::format("{} links checked, {} need attention.\n", report.links.size(), dead);
  if (dead > 0) {
    out << "\n| status | link | answer | found in | archived copy |\n"
        << "|---|---|---|---|---|\n";
    for (const links::LinkResult& link : report.links) {
      if (!needs_attention(link.status)) {
        continue;
      }
      std::string answer =
          link.error.empty() ? fmt::format("HTTP {}", link.http_status) : link.error;
      if (link.status == links::LinkStatus::redirected) {
        answer = "moved to " + link.final_url;
      }
      std::string places;
      for (const links::LinkSource& source : link.sources) {
        places += fmt::format("{}{}:{}", places.empty() ? "" : "<br>", source.file, source.line);
      }
      out << fmt::format(
          "| {} | <{}> | {} | {} | [Wayback Machine](https://web.archive.org/web/*/{}) |\n",
          links::to_string(link.status), cell(link.url), cell(answer), cell(places),
          cell(link.url));
    }
  }
  std::size_t findings = 0;
  for (const Diagnostic& d : report.diagnostics) {
    findings += d.waived_reason.empty() && !d.rule.starts_with("link/") ? 1 : 0;
  }
  if (findings > 0) {
    out << fmt::format("\n{} policy findings besides links: run `sourcegate lint`.\n", findings);
  }
}

}  // namespace sg
