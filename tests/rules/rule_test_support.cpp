#include "rules/rule_test_support.h"

#include <algorithm>

#include "load/entries_loader.h"
#include "load/markdown_loader.h"
#include "rules/engine.h"
#include "support/cli_runner.h"
#include "util/date.h"

namespace sg::testing {
namespace {

std::vector<Diagnostic> finish(LoadResult& loaded, const std::string& today) {
  std::vector<Diagnostic> diagnostics = std::move(loaded.diagnostics);
  std::vector<Diagnostic> findings = run_rules(loaded.list, list_policy(), *parse_date(today));
  diagnostics.insert(diagnostics.end(), findings.begin(), findings.end());
  apply_waivers(loaded.list, diagnostics, RulesRun::policy);
  sort_diagnostics(diagnostics);
  return diagnostics;
}

}  // namespace

const Policy& list_policy() {
  static const Policy policy = load_policy((source_dir() / "policy/policy.json").string());
  return policy;
}

std::vector<Diagnostic> lint_section(const std::string& section_json, const std::string& today) {
  LoadResult loaded;
  load_entries_text("entries/01-test.json", section_json, loaded);
  return finish(loaded, today);
}

std::vector<Diagnostic> lint_markdown(const std::string& markdown, const std::string& today) {
  LoadResult loaded;
  load_markdown_text("README.md", markdown, loaded);
  return finish(loaded, today);
}

std::vector<Diagnostic> lint_item(const std::string& item) {
  return lint_markdown("# L\n\n## S\n\n" + item + "\n");
}

const Diagnostic* finding_of(const std::vector<Diagnostic>& diagnostics, std::string_view rule) {
  const auto found = std::find_if(diagnostics.begin(), diagnostics.end(),
                                  [&](const Diagnostic& d) { return d.rule == rule; });
  return found != diagnostics.end() ? &*found : nullptr;
}

std::vector<std::string> rule_ids(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> ids;
  for (const Diagnostic& d : diagnostics) {
    if (d.waived_reason.empty()) {
      ids.push_back(d.rule);
    }
  }
  return ids;
}

std::string one_entry(const std::string& members) {
  return R"({"title": "Section", "groups": [{"title": "Group", "entries": [{)" + members + "}]}]}";
}

std::string paper(const std::string& title, const std::string& url) {
  return R"({"title": ")" + title + R"(", "url": ")" + url +
         R"(", "kind": "paper", "description": "A paper that the list reads."})";
}

}  // namespace sg::testing
