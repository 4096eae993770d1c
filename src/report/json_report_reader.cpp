#include <limits>

#include <fmt/format.h>

#include "load/json_tree.h"
#include "report/report.h"
#include "util/error.h"

namespace sg {
namespace {

[[noreturn]] void fail(const JsonNode& node, const std::string& message) {
  throw InputError(node.location,
                   message + "; give the JSON report of `sourcegate links --format json`");
}

const JsonNode& member(const JsonNode& object, std::string_view key, nlohmann::json::value_t type) {
  const JsonNode* node = object.find(key);
  if (node == nullptr) {
    fail(object, fmt::format("the report has no \"{}\" here", key));
  }
  if (node->type != type && !(type == nlohmann::json::value_t::number_integer &&
                              node->type == nlohmann::json::value_t::number_unsigned)) {
    JsonNode expected;
    expected.type = type;
    fail(*node, fmt::format("\"{}\" is {}, not {}", key, node->type_name(), expected.type_name()));
  }
  return *node;
}

std::string text(const JsonNode& object, std::string_view key) {
  return member(object, key, nlohmann::json::value_t::string).scalar.get<std::string>();
}

/// An optional whole number (absent: 0), within int.
int number(const JsonNode& object, std::string_view key) {
  if (object.find(key) == nullptr) {
    return 0;
  }
  const JsonNode& node = member(object, key, nlohmann::json::value_t::number_integer);
  const long long value = node.scalar.get<long long>();
  if (value < 0 || value > std::numeric_limits<int>::max()) {
    fail(node, fmt::format("\"{}\" is {}, out of range", key, value));
  }
  return static_cast<int>(value);
}

const std::vector<JsonNode>& items(const JsonNode& object, std::string_view key) {
  return member(object, key, nlohmann::json::value_t::array).items;
}

Severity severity(const JsonNode& diagnostic) {
  const std::string name = text(diagnostic, "severity");
  for (Severity candidate : {Severity::error, Severity::warning, Severity::info}) {
    if (to_string(candidate) == name) {
      return candidate;
    }
  }
  fail(*diagnostic.find("severity"),
       fmt::format("\"{}\" is not a severity (error, warning, info)", name));
}

links::LinkResult link(const JsonNode& item) {
  links::LinkResult link;
  link.url = text(item, "url");
  const std::string status = text(item, "status");
  const auto parsed_status = links::parse_status(status);
  if (!parsed_status) {
    fail(*item.find("status"), fmt::format("\"{}\" is not a link status", status));
  }
  link.status = *parsed_status;
  const std::string reason = text(item, "reason");
  const auto parsed_reason = links::parse_reason(reason);
  if (!parsed_reason) {
    fail(*item.find("reason"), fmt::format("\"{}\" is not a link reason", reason));
  }
  link.reason = *parsed_reason;
  link.evidence = text(item, "evidence");
  link.http_status = number(item, "http_status");
  link.final_url = text(item, "final_url");
  link.attempts = number(item, "attempts");
  link.elapsed_ms = number(item, "elapsed_ms");
  link.error = text(item, "error");
  for (const JsonNode& source : items(item, "sources")) {
    link.sources.push_back({text(source, "file"), number(source, "line"), 0});
  }
  link.failed_days = number(item, "failed_days");
  if (link.failed_days > 0) {
    link.failing_since = text(item, "failing_since");
  }
  return link;
}

Diagnostic diagnostic(const JsonNode& item) {
  Diagnostic d;
  d.rule = text(item, "rule");
  d.severity = severity(item);
  d.message = text(item, "message");
  d.location = Location{text(item, "file"), number(item, "line"), number(item, "column")};
  d.title = text(item, "title");
  d.url = text(item, "url");
  d.hint = text(item, "hint");
  if (item.find("evidence") != nullptr) {
    d.evidence = text(item, "evidence");
  }
  if (item.find("waived") != nullptr) {
    d.waived_reason = text(item, "waived");
  }
  return d;
}

/// summary.shard of a shard's report: K/N and the links of other shards.
ShardPart shard_part(const JsonNode& summary) {
  const JsonNode& node = member(summary, "shard", nlohmann::json::value_t::object);
  ShardPart part;
  part.shard = {number(node, "index"), number(node, "count")};
  std::string problem;
  if (!links::parse_shard(part.shard.name(), problem)) {
    fail(node, fmt::format("shard {} {}", part.shard.name(), problem));
  }
  part.other_links = static_cast<std::size_t>(number(node, "links_in_other_shards"));
  return part;
}

}  // namespace

Report read_json_report(std::string_view text_of_report, const std::string& file) {
  const JsonDocument document = parse_json_tree(text_of_report, file);
  const JsonNode& root = document.root;
  if (!root.is_object()) {
    fail(root, "a report is a JSON object");
  }
  Report report;
  if (const JsonNode* tool = root.find("tool"); tool != nullptr && tool->is_object()) {
    report.tool_version = text(*tool, "version");
  }
  const JsonNode& summary = member(root, "summary", nlohmann::json::value_t::object);
  report.entries = static_cast<std::size_t>(number(summary, "entries"));
  report.dead_after = number(summary, "dead_after_days");
  for (const JsonNode& item : items(root, "diagnostics")) {
    report.diagnostics.push_back(diagnostic(item));
  }
  if (summary.find("shard") != nullptr) {
    report.shard = shard_part(summary);
  }
  for (const JsonNode& item : items(root, "links")) {
    report.links.push_back(link(item));
    if (report.shard) {
      // A shard's link without its place could not be merged in order.
      member(item, "position", nlohmann::json::value_t::number_integer);
      report.shard->positions.push_back(static_cast<std::size_t>(number(item, "position")));
    }
  }
  return report;
}

}  // namespace sg
