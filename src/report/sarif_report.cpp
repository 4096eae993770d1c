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

/// A relative URI reference for a repository path (RFC 3986): every byte
/// a path may not hold as it is percent-encoded, so that "my list.md" is
/// "my%20list.md", a '#', '?' or '%' in a name stays part of it, and a ':'
/// never reads as a scheme.
std::string artifact_uri(const std::string& file) {
  const std::string path = repository_path(file);
  std::string uri;
  for (const char c : path) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) != 0 ||
        std::string_view("-._~/!$&'()*+,;=@").find(c) != std::string_view::npos) {
      uri += c;
    } else {
      uri += fmt::format("%{:02X}", byte);
    }
  }
  return uri;
}

/// "source/not-primary" as SARIF's friendly rule name: "SourceNotPrimary".
std::string rule_name(std::string_view id) {
  std::string name;
  bool upper = true;
  for (const char c : id) {
    if (std::isalnum(static_cast<unsigned char>(c)) == 0) {
      upper = true;
      continue;
    }
    name += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return name;
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
                         {"name", rule_name(rule.id)},
                         {"shortDescription", {{"text", rule.summary}}},
                         {"fullDescription", {{"text", rule.doc}}},
                         {"help", {{"text", rule.hint}}},
                         {"helpUri", rule.help_uri},
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
  ordered_json root = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                       {"version", "2.1.0"},
                       {"runs", ordered_json::array({{{"tool",
                                                       {{"driver",
                                                         {{"name", "sourcegate"},
                                                          {"version", kVersion},
                                                          {"informationUri", kHomepage},
                                                          {"rules", rule_list}}}}},
                                                      {"results", results}}})}};
  out << root.dump(2, ' ', false, ordered_json::error_handler_t::replace) << '\n';
}

}  // namespace sg
