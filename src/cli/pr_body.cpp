#include "cli/pr_body.h"

#include <algorithm>
#include <iterator>

#include "rules/pr_template.h"
#include "util/error.h"

namespace sg {

std::vector<const Entry*> entries_adding_sources(const List& list, const ChangedLines& changed) {
  std::vector<const Entry*> added;
  list.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
    auto file = changed.find(entry.location.file);
    if (file == changed.end()) {
      return;
    }
    const auto on_changed_line = [&](int line) {
      return std::any_of(file->second.begin(), file->second.end(), [line](const auto& range) {
        return range.first <= line && line <= range.second;
      });
    };
    for (const Entry::LocatedUrl& located : entry.located_urls()) {
      if (located.field != "code" && on_changed_line(located.location.line)) {
        added.push_back(&entry);
        return;
      }
    }
  });
  return added;
}

void add_pr_body_findings(const std::string& body_file, const std::string& body, LintRun& run) {
  if (!run.changed) {
    throw UsageError("--pr-body needs --changed-since: it judges the entries the change adds");
  }
  std::vector<Diagnostic> findings =
      check_pr_body(body, body_file, entries_adding_sources(run.loaded.list, *run.changed));
  run.report.diagnostics.insert(run.report.diagnostics.end(),
                                std::make_move_iterator(findings.begin()),
                                std::make_move_iterator(findings.end()));
  sort_diagnostics(run.report.diagnostics);
}

}  // namespace sg
