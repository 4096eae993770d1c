#pragma once

#include <string>
#include <vector>

#include "cli/git_changes.h"
#include "cli/lint_pipeline.h"
#include "model/list.h"

namespace sg {

/// The entries a change adds a source with: a link of theirs (url or links,
/// not code) is on a changed line, so a new entry or a replaced link.
std::vector<const Entry*> entries_adding_sources(const List& list, const ChangedLines& changed);

/// check --pr-body: judges the pull request's description `body` (read from
/// `body_file`) against the entries the change adds (pr/unanswered,
/// pr/claim-mismatch) and adds the findings to the run's report. The run
/// must have been made with --changed-since.
void add_pr_body_findings(const std::string& body_file, const std::string& body, LintRun& run);

}  // namespace sg
