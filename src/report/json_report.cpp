#include <ostream>

#include <nlohmann/json.hpp>

#include "report/report.h"
#include "sourcegate/version.h"

namespace sg {

void write_json_report(const Report& report, std::ostream& out) {
  using nlohmann::ordered_json;
  ordered_json root;
  root["tool"] = {{"name", "sourcegate"}, {"version", kVersion}};
  root["summary"] = {{"entries", report.entries},
                     {"links", report.links.size()},
                     {"errors", report.count(Severity::error)},
                     {"warnings", report.count(Severity::warning)},
                     // Notes: entries judged by their URL's shape alone, among others.
                     {"notes", report.count(Severity::info)}};
  if (const auto not_checked = report.links_not_checked(); !not_checked.empty()) {
    root["summary"]["links_not_checked"] = not_checked;
  }
  if (report.dead_after > 0) {
    root["summary"]["dead_after_days"] = report.dead_after;
  }
  if (report.shard) {
    root["summary"]["shard"] = {{"index", report.shard->shard.index},
                                {"count", report.shard->shard.count},
                                {"links_in_other_shards", report.shard->other_links}};
  }
  if (report.list_items > 0) {
    root["summary"]["list_items"] = report.list_items;
    root["summary"]["not_entries"] = report.not_entries;
  }
  ordered_json diagnostics = ordered_json::array();
  for (const Diagnostic& d : report.diagnostics) {
    ordered_json item = {{"rule", d.rule},          {"severity", to_string(d.severity)},
                         {"message", d.message},    {"file", d.location.file},
                         {"line", d.location.line}, {"column", d.location.column},
                         {"title", d.title},        {"url", d.url},
                         {"hint", d.hint}};
    if (!d.evidence.empty()) {
      item["evidence"] = d.evidence;
    }
    if (!d.waived_reason.empty()) {
      item["waived"] = d.waived_reason;
    }
    diagnostics.push_back(std::move(item));
  }
  root["diagnostics"] = std::move(diagnostics);
  if (!report.review.empty()) {
    ordered_json review = ordered_json::array();
    for (const ReviewItem& item : report.review) {
      ordered_json row = {{"title", item.title},
                          {"url", item.url},
                          {"file", item.location.file},
                          {"line", item.location.line},
                          {"column", item.location.column}};
      if (item.rule.empty()) {
        row["kind"] = item.value;
      } else {
        row["waives"] = item.rule;
        row["reason"] = item.value;
      }
      review.push_back(std::move(row));
    }
    root["review"] = std::move(review);
  }
  ordered_json links = ordered_json::array();
  for (std::size_t i = 0; i < report.links.size(); ++i) {
    const links::LinkResult& link = report.links[i];
    ordered_json sources = ordered_json::array();
    for (const links::LinkSource& source : link.sources) {
      sources.push_back({{"file", source.file}, {"line", source.line}});
    }
    ordered_json item = {{"url", link.url},
                         {"status", links::to_string(link.status)},
                         {"http_status", link.http_status},
                         {"final_url", link.final_url},
                         {"attempts", link.attempts},
                         {"elapsed_ms", link.elapsed_ms},
                         {"reason", links::to_string(link.reason)},
                         {"evidence", link.evidence},
                         {"error", link.error},
                         {"sources", std::move(sources)}};
    if (link.failed_days > 0) {
      item["failed_days"] = link.failed_days;
      item["failing_since"] = link.failing_since;
    }
    if (report.shard) {
      item["position"] = report.shard->positions.at(i);
    }
    links.push_back(std::move(item));
  }
  root["links"] = std::move(links);
  // Replace invalid UTF-8 from hostile input instead of throwing mid-report.
  out << root.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}

}  // namespace sg
