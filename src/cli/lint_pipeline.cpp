#include "cli/lint_pipeline.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>

#include "cli/git_changes.h"
#include "load/input_paths.h"
#include "load/inputs.h"
#include "load/markdown_loader.h"
#include "rules/engine.h"
#include "util/date.h"
#include "util/error.h"
#include "util/text.h"

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

/// What --tracked loads: each named entry file with the tracked files of its
/// directory around it, named directories as git tracks them, Markdown lists
/// as they are. A named policy file is read as the policy (that is its check),
/// not as entries.
LoadResult load_tracked(const LintInputs& inputs, const Policy& policy,
                        std::set<std::string, std::less<>>& context_only) {
  namespace fs = std::filesystem;
  const std::string policy_path =
      fs::path(inputs.policy.empty() ? k_default_policy : inputs.policy).lexically_normal();
  std::vector<std::string> load_paths;
  std::set<std::string, std::less<>> named_files;
  std::set<std::string, std::less<>> named_dirs;
  std::map<std::string, std::vector<std::string>, std::less<>> named_in_dir;
  for (const std::string& path : inputs.paths) {
    fs::path normal = fs::path(path).lexically_normal();
    if (!normal.has_filename() && normal.has_parent_path()) {
      normal = normal.parent_path();  // "entries/" is "entries"
    }
    std::error_code ec;
    if (normal == policy_path) {
      continue;
    }
    if (fs::is_directory(normal, ec)) {
      named_dirs.insert(normal.string());
      load_paths.push_back(path);
      continue;
    }
    if (normal.extension() != ".json") {
      named_files.insert(path);  // a Markdown list stands alone, named as given
      load_paths.push_back(path);
      continue;
    }
    const std::string dir = normal.has_parent_path() ? normal.parent_path().string() : ".";
    named_files.insert(normal.string());
    named_in_dir[dir].push_back(normal.filename().string());
    if (std::find(load_paths.begin(), load_paths.end(), dir) == load_paths.end()) {
      load_paths.push_back(dir);
    }
  }
  // A named file is judged even before `git add`; the rest must be tracked.
  const EntriesLister list_files = [&](const std::string& dir) {
    std::vector<std::string> names = tracked_json_files(dir);
    if (auto it = named_in_dir.find(dir); it != named_in_dir.end()) {
      for (const std::string& name : it->second) {
        if (std::find(names.begin(), names.end(), name) == names.end()) {
          names.push_back(name);
        }
      }
    }
    return names;
  };
  LoadResult loaded = load_inputs(load_paths, policy.separators, list_files);
  for (const std::string& file : loaded.files) {
    const std::string dir = fs::path(file).parent_path().string();
    if (!named_files.contains(file) && !named_dirs.contains(dir.empty() ? "." : dir)) {
      context_only.insert(file);
    }
  }
  return loaded;
}

/// With --tracked: drops the findings that only concern the files read as the
/// rest of the list. A duplicate of a named file's entry, or its group's size,
/// concerns the named file too.
void keep_named(std::vector<Diagnostic>& diagnostics,
                const std::set<std::string, std::less<>>& context_only) {
  const auto named = [&](const Location& at) {
    return !at.file.empty() && !context_only.contains(at.file);
  };
  std::erase_if(diagnostics, [&](const Diagnostic& d) {
    return !named(d.location) && !named(d.entry_location) &&
           std::none_of(d.involved_entries.begin(), d.involved_entries.end(), named);
  });
}

}  // namespace

Policy resolve_policy(const std::string& explicit_path, MissingPolicy missing,
                      std::string_view list) {
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
                 "off; to turn them on, `sourcegate init "
              << printable(list) << "` writes a starter policy inferred from the list\n";
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
  // The note names the Markdown list being linted, the one `init` reads.
  const auto markdown_path = std::find_if(
      inputs.paths.begin(), inputs.paths.end(),
      [](const std::string& path) { return path.ends_with(".md") || path.ends_with(".markdown"); });
  Policy policy =
      resolve_policy(inputs.policy, MissingPolicy::note,
                     markdown_path != inputs.paths.end() ? *markdown_path : "README.md");
  std::set<std::string, std::less<>> context_only;
  LoadResult loaded =
      inputs.tracked
          ? load_tracked(inputs, policy, context_only)
          : load_inputs(expand_input_paths(inputs.paths, inputs.exclude_paths), policy.separators);
  LintRun run{std::move(loaded), std::move(policy), {}, std::nullopt, std::move(context_only)};
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
  if (!run.context_only.empty()) {
    keep_named(run.report.diagnostics, run.context_only);
  }
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
