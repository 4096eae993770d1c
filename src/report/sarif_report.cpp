// SARIF 2.1.0 for code scanning.
#include <cctype>
#include <filesystem>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/report.h"
#include "sourcegate/version.h"

namespace sg {
namespace {

/// FNV-1a: a fingerprint that is the same on every machine and run, unlike
/// std::hash. It covers what identifies a finding, not where it sits: digits
/// are skipped, because messages quote line numbers and ages that move.
std::string fingerprint(const Diagnostic& d) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (const std::string* part : {&d.rule, &d.location.file, &d.title, &d.url, &d.message}) {
    for (unsigned char c : *part) {
      if (part == &d.message && std::isdigit(c) != 0) {
        continue;
      }
      hash = (hash ^ c) * 1099511628211ULL;
    }
    hash = (hash ^ 0xFFU) * 1099511628211ULL;
  }
  return fmt::format("{:016x}", hash);
}

/// Code scanning wants paths relative to the repository: an absolute path
/// under the working directory is made relative to it.
std::string artifact_uri(const std::string& file) {
  std::filesystem::path path(file);
  if (path.is_absolute()) {
    std::error_code ec;
    const std::filesystem::path relative =
        std::filesystem::proximate(path, std::filesystem::current_path(ec), ec);
    if (!ec && !relative.empty() && *relative.begin() != "..") {
      return relative.generic_string();
    }
  }
  return path.generic_string();
}

}  // namespace

void write_sarif_report(const Report& report, const std::vector<RuleMetadata>& rules,
                        std::ostream& out) {
  using nlohmann::ordered_json;
  ordered_json rule_list = ordered_json::array();
  std::map<std::string, std::size_t, std::less<>> rule_index;
  for (const RuleMetadata& rule : rules) {
    rule_index[rule.id] = rule_list.size();
    rule_list.push_back({{"id", rule.id},
                         {"shortDescription", {{"text", rule.summary}}},
                         {"fullDescription", {{"text", rule.doc}}},
                         {"help", {{"text", rule.hint}}},
                         {"defaultConfiguration", {{"level", words_for(rule.severity).sarif}}}});
  }
  ordered_json results = ordered_json::array();
  for (const Diagnostic& d : report.diagnostics) {
    ordered_json result = {{"ruleId", d.rule}};
    if (auto it = rule_index.find(d.rule); it != rule_index.end()) {
      result["ruleIndex"] = it->second;
    }
    result["level"] = words_for(d.severity).sarif;
    std::string text = d.message;
    if (!d.title.empty()) {
      text = fmt::format("{}: {}", d.title, text);
    }
    if (!d.hint.empty()) {
      text += fmt::format(" (fix: {})", d.hint);
    }
    result["message"] = {{"text", text}};
    ordered_json region = ordered_json::object();
    if (d.location.line > 0) {
      region["startLine"] = d.location.line;
      region["startColumn"] = std::max(d.location.column, 1);
    }
    ordered_json physical = {{"artifactLocation", {{"uri", artifact_uri(d.location.file)}}}};
    if (!region.empty()) {
      physical["region"] = region;
    }
    result["locations"] = ordered_json::array({{{"physicalLocation", physical}}});
    result["partialFingerprints"] = {{"sourcegate/v1", fingerprint(d)}};
    if (!d.evidence.empty()) {
      result["properties"] = {{"evidence", d.evidence}};
    }
    if (!d.waived_reason.empty()) {
      result["suppressions"] =
          ordered_json::array({{{"kind", "inSource"}, {"justification", d.waived_reason}}});
    }
    results.push_back(std::move(result));
  }
  ordered_json root = {
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       ordered_json::array({{{"tool",
                              {{"driver",
                                {{"name", "sourcegate"},
                                 {"version", kVersion},
                                 {"informationUri", "https://github.com/sourcegate/sourcegate"},
                                 {"rules", rule_list}}}}},
                             {"results", results}}})}};
  out << root.dump(2, ' ', false, ordered_json::error_handler_t::replace) << '\n';
}

}  // namespace sg
