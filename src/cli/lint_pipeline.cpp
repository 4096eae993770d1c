#include "cli/lint_pipeline.h"

#include <filesystem>
#include <iostream>

#include "cli/git_changes.h"
#include "load/input_paths.h"
#include "load/inputs.h"
#include "load/markdown_loader.h"
#include "rules/engine.h"
#include "util/date.h"
#include "util/error.h"

namespace sg {
namespace {

/// Entries carry no headings of their own: their anchors are those of the list
/// rendered from them (title, contents, sections, groups), and the internal
/// links that matter are the ones written in intros. The table of contents is
/// generated from the same headings, so it cannot break.
void attach_rendered_anchors(List& list) {
  list.headings = {list.title, "Contents"};
  auto collect = [&](const std::string& markdown, const Location& where) {
    if (markdown.find("](#") == std::string::npos) {
      return;
    }
    LoadResult intro;
    load_markdown_text(where.file, markdown, intro);
    for (AnchorLink& link : intro.list.anchor_links) {
      // Intros are JSON strings: point at the object that holds them.
      list.anchor_links.push_back({std::move(link.anchor), where});
    }
  };
  collect(list.intro, list.location);
  for (const Section& section : list.sections) {
    list.headings.push_back(section.title);
    for (const Group& group : section.groups) {
      list.headings.push_back(group.title);
    }
    collect(section.intro, section.location);
  }
}

}  // namespace

Policy resolve_policy(const std::string& explicit_path, MissingPolicy missing) {
  if (!explicit_path.empty()) {
    return load_policy(explicit_path);
  }
  std::error_code ec;
  if (std::filesystem::exists(k_default_policy, ec)) {
    return load_policy(k_default_policy);
  }
  if (missing == MissingPolicy::note) {
    std::cerr << "sourcegate: note: no " << k_default_policy
              << " here and no --policy: host classes are unknown, so the source rules are "
                 "off; `sourcegate init README.md` writes a starter policy from the list\n";
  }
  return empty_policy();
}

LintRun run_lint(const LintInputs& inputs) {
  std::chrono::sys_days today = today_utc();
  if (!inputs.today.empty()) {
    auto parsed = parse_date(inputs.today);
    if (!parsed) {
      throw UsageError("--today must be a date YYYY-MM-DD, got \"" + inputs.today + "\"");
    }
    today = *parsed;
  }
  Policy policy = resolve_policy(inputs.policy, MissingPolicy::note);
  LoadResult loaded =
      load_inputs(expand_input_paths(inputs.paths, inputs.exclude_paths), policy.separators);
  LintRun run{std::move(loaded), std::move(policy), {}, std::nullopt};
  if (!inputs.changed_since.empty()) {
    run.changed = changed_since(inputs.changed_since);
  }
  const bool markdown_input = std::any_of(
      run.loaded.files.begin(), run.loaded.files.end(),
      [](const std::string& file) { return file.ends_with(".md") || file.ends_with(".markdown"); });
  if (!markdown_input && !run.loaded.list.sections.empty()) {
    attach_rendered_anchors(run.loaded.list);
  }
  run.report.entries = run.loaded.list.entry_count();
  run.report.list_items = run.loaded.list_items;
  run.report.not_entries = run.loaded.not_entries;
  run.report.diagnostics = std::move(run.loaded.diagnostics);
  std::vector<Diagnostic> findings = run_rules(run.loaded.list, run.policy, today);
  run.report.diagnostics.insert(run.report.diagnostics.end(),
                                std::make_move_iterator(findings.begin()),
                                std::make_move_iterator(findings.end()));
  return run;
}

void finish_report(LintRun& run, RulesRun rules) {
  apply_waivers(run.loaded.list, run.report.diagnostics, rules);
  if (run.changed) {
    keep_changed(run.report, run.loaded.list, *run.changed);
    run.report.review = review_items(run.loaded.list, *run.changed);
  }
  sort_diagnostics(run.report.diagnostics);
}

Report lint(const LintInputs& inputs) {
  LintRun run = run_lint(inputs);
  finish_report(run, RulesRun::policy);
  return std::move(run.report);
}

}  // namespace sg
