#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/list.h"
#include "report/report.h"

namespace sg {

/// Lines changed per file (paths as git prints them relative to the working
/// directory): inclusive [first, last] ranges in the new version of the file.
using ChangedLines = std::map<std::string, std::vector<std::pair<int, int>>, std::less<>>;

/// Runs git with `args` (no shell involved) and returns its stdout; throws
/// UsageError when git fails.
std::string run_git(const std::vector<std::string>& args);

/// Reads `git diff --unified=0` output. Pure, so that it can be fuzzed.
ChangedLines parse_unified_diff(std::string_view diff);

/// What changed since the merge base of `ref` and HEAD, committed or not. Runs
/// git without a shell; throws UsageError when git fails (unknown ref, not a
/// repository).
ChangedLines changed_since(const std::string& ref);

/// The names of the `.json` files directly in `dir` that git tracks (those in
/// the index) and that are in the working tree: an untracked file never takes
/// part in a judgement. Throws UsageError when git fails.
std::vector<std::string> tracked_json_files(const std::string& dir);

/// Keeps the findings a change is responsible for: those on changed lines,
/// those about an entry that has a changed line or that involve one (a
/// duplicate of it, its group's size), and schema errors anywhere in a changed
/// file. A dated finding (freshness) stays only where the change wrote the
/// date. Old problems elsewhere do not block a new pull request.
void keep_changed(Report& report, const List& list, const ChangedLines& changed);

/// The kinds and waivers written on changed lines, in list order, for the
/// reviewer: the rules trust a declared kind, and a waiver silences a rule.
std::vector<ReviewItem> review_items(const List& list, const ChangedLines& changed);

/// Whether any line of `entry` changed.
bool entry_changed(const Entry& entry, const ChangedLines& changed);

}  // namespace sg
