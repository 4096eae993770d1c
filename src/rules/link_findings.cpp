#include "rules/link_findings.h"

#include <map>
#include <tuple>

#include <fmt/format.h>

#include "rules/engine.h"

namespace sg {
namespace {

/// The finding's message: what happened to the link, in one line.
std::string finding_message(const links::LinkResult& result) {
  if (result.status == links::LinkStatus::redirected) {
    return fmt::format("{} moved permanently to {} ({})", result.url, result.final_url,
                       result.evidence);
  }
  return fmt::format("{} is {}: {}", result.url, links::to_string(result.status), result.error);
}

}  // namespace

const Rule* rule_for_link(links::LinkStatus status) {
  for (const Rule& rule : rule_registry()) {
    if (rule.link_status == status) {
      return &rule;
    }
  }
  return nullptr;
}

std::vector<Diagnostic> link_findings(const std::vector<const links::LinkResult*>& results,
                                      const List& entries, const Policy& policy) {
  // The entry written at each file and line, to name it in the finding.
  std::map<std::tuple<std::string, int>, const Entry*> entry_at_line;
  entries.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
    for (std::string_view field : {"url", "code"}) {
      const Location at = entry.where(field);
      entry_at_line.emplace(std::make_tuple(at.file, at.line), &entry);
    }
    for (const EntryLink& link : entry.links) {
      entry_at_line.emplace(std::make_tuple(link.location.file, link.location.line), &entry);
    }
  });
  std::vector<Diagnostic> findings;
  for (const links::LinkResult* result : results) {
    const Rule* rule = rule_for_link(result->status);
    const std::optional<Severity> severity =
        rule != nullptr ? rule_severity(*rule, policy) : std::nullopt;
    if (!severity) {
      continue;
    }
    for (const links::LinkSource& source : result->sources) {
      Diagnostic d;
      d.rule = rule->id;
      d.severity = *severity;
      d.message = finding_message(*result);
      if (result->failed_runs > 1) {
        d.message += fmt::format(" (failing since {}, {} runs in a row)", result->failing_since,
                                 result->failed_runs);
      }
      d.hint = result->status == links::LinkStatus::redirected ? "use " + result->final_url
                                                               : std::string(rule->hint);
      d.evidence = result->evidence;
      d.location = Location{source.file, source.line, source.column};
      d.url = result->url;
      if (auto it = entry_at_line.find(std::make_tuple(source.file, source.line));
          it != entry_at_line.end()) {
        d.title = it->second->title;
        d.entry_location = it->second->location;
      }
      findings.push_back(std::move(d));
    }
  }
  return findings;
}

}  // namespace sg
