#include "cli/git_changes.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <filesystem>

#include <fmt/format.h>

#include "rules/rule.h"
#include "util/error.h"

namespace sg {
namespace {

int number_at(std::string_view text, std::size_t& at) {
  int value = 0;
  auto [end, error] = std::from_chars(text.data() + at, text.data() + text.size(), value);
  at = static_cast<std::size_t>(end - text.data());
  return error == std::errc() ? value : 0;
}

bool in_ranges(const std::vector<std::pair<int, int>>& ranges, int first, int last) {
  return std::any_of(ranges.begin(), ranges.end(), [&](const auto& range) {
    return range.first <= last && first <= range.second;
  });
}

}  // namespace

std::string run_git(const std::vector<std::string>& args) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) {
    throw UsageError("cannot run git: no pipe");
  }
  // argv is built before fork(): the child may only make async-signal-safe calls.
  std::vector<char*> argv;
  argv.reserve(args.size() + 2);
  argv.push_back(const_cast<char*>("git"));
  for (const std::string& arg : args) {
    argv.push_back(const_cast<char*>(arg.c_str()));
  }
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(pipe_fds[1], STDOUT_FILENO);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    execvp("git", argv.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  std::string output;
  std::array<char, 65536> buffer{};
  ssize_t got = 0;
  while ((got = read(pipe_fds[0], buffer.data(), buffer.size())) > 0) {
    output.append(buffer.data(), static_cast<std::size_t>(got));
  }
  close(pipe_fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw UsageError(
        fmt::format("`git {}` failed; check that this is a git repository and, when a "
                    "ref is named, that the ref exists (fetch it first in CI)",
                    fmt::join(args, " ")));
  }
  return output;
}

ChangedLines parse_unified_diff(std::string_view diff) {
  ChangedLines changed;
  std::string* file = nullptr;
  std::string current;
  while (!diff.empty()) {
    const std::size_t end = diff.find('\n');
    const std::string_view line = diff.substr(0, end);
    diff = end == std::string_view::npos ? std::string_view() : diff.substr(end + 1);
    if (line.starts_with("+++ ")) {
      const std::string_view path = line.substr(4);
      if (path.starts_with("b/")) {
        current = std::string(path.substr(2));
        file = &current;
        changed.try_emplace(current);
      } else {
        file = nullptr;  // "+++ /dev/null": a deleted file
      }
      continue;
    }
    // "@@ -a[,b] +c[,d] @@": d lines from c changed; d == 0 is a pure deletion.
    if (file == nullptr || !line.starts_with("@@ ")) {
      continue;
    }
    std::size_t at = line.find(" +");
    if (at == std::string_view::npos) {
      continue;
    }
    at += 2;
    const int first = number_at(line, at);
    int count = 1;
    if (at < line.size() && line[at] == ',') {
      ++at;
      count = number_at(line, at);
    }
    if (count > 0 && first > 0) {
      changed[*file].emplace_back(first, first + count - 1);
    } else if (count == 0) {
      // Lines removed after line `first`: the lines on both sides changed
      // context (a field deleted from an entry touches that entry).
      changed[*file].emplace_back(std::max(first, 1), first + 1);
    }
  }
  return changed;
}

ChangedLines changed_since(const std::string& ref) {
  std::string base = run_git({"merge-base", ref, "HEAD"});
  while (!base.empty() && (base.back() == '\n' || base.back() == '\r')) {
    base.pop_back();
  }
  return parse_unified_diff(
      run_git({"diff", "--unified=0", "--no-color", "--no-ext-diff", "--relative", base}));
}

std::vector<std::string> tracked_json_files(const std::string& dir) {
  namespace fs = std::filesystem;
  const std::string listing = run_git({"ls-files", "-z", "--cached", "--", dir});
  fs::path folder = fs::path(dir).lexically_normal();
  if (!folder.has_filename()) {
    folder = folder.parent_path();  // "entries/" is "entries"
  }
  if (folder == ".") {
    folder.clear();  // git names files here without a "./"
  }
  std::vector<std::string> names;
  for (std::size_t at = 0; at < listing.size();) {
    std::size_t end = listing.find('\0', at);
    if (end == std::string::npos) {
      end = listing.size();
    }
    const fs::path path = fs::path(listing.substr(at, end - at)).lexically_normal();
    at = end + 1;
    std::error_code ec;
    if (path.extension() == ".json" && path.parent_path() == folder &&
        fs::is_regular_file(path, ec)) {
      names.push_back(path.filename().string());
    }
  }
  return names;
}

bool entry_changed(const Entry& entry, const ChangedLines& changed) {
  auto it = changed.find(entry.location.file);
  if (it == changed.end()) {
    return false;
  }
  int last = std::max(entry.location.line, entry.end_line);
  for (const Entry::FieldPosition& field : entry.fields) {
    last = std::max(last, field.line);
  }
  for (const EntryLink& link : entry.links) {
    last = std::max(last, link.location.line);
  }
  for (const Waiver& waiver : entry.waivers) {
    last = std::max(last, waiver.location.line);
  }
  return in_ranges(it->second, entry.location.line, last);
}

std::vector<ReviewItem> review_items(const List& list, const ChangedLines& changed) {
  std::vector<ReviewItem> items;
  list.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
    auto it = changed.find(entry.location.file);
    if (it == changed.end()) {
      return;
    }
    const auto added = [&](const Location& at) { return in_ranges(it->second, at.line, at.line); };
    // Only a kind someone wrote: a Markdown note's kind is the loader's.
    const bool kind_written =
        std::any_of(entry.fields.begin(), entry.fields.end(),
                    [](const Entry::FieldPosition& field) { return field.name == "kind"; });
    if (entry.kind && kind_written) {
      if (Location at = entry.where("kind"); added(at)) {
        items.push_back({entry.title, entry.url, at, "", std::string(to_string(*entry.kind))});
      }
    }
    for (const Waiver& waiver : entry.waivers) {
      if (added(waiver.location)) {
        items.push_back({entry.title, entry.url, waiver.location, waiver.rule, waiver.reason});
      }
    }
  });
  return items;
}

void keep_changed(Report& report, const List& list, const ChangedLines& changed) {
  std::vector<const Entry*> touched;
  list.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
    if (entry_changed(entry, changed)) {
      touched.push_back(&entry);
    }
  });
  const auto is_touched = [&](const Location& start) {
    return std::any_of(touched.begin(), touched.end(), [&](const Entry* entry) {
      return entry->location.file == start.file && entry->location.line == start.line &&
             entry->location.column == start.column;
    });
  };
  std::erase_if(report.diagnostics, [&](const Diagnostic& d) {
    const auto file = changed.find(d.location.file);
    if (file == changed.end()) {
      // Only an entry the change touched, elsewhere, can make it its finding
      // (a new entry repeating an old one's URL).
      return !std::any_of(d.involved_entries.begin(), d.involved_entries.end(), is_touched);
    }
    if (in_ranges(file->second, d.location.line, d.location.line)) {
      return false;  // the change wrote this line
    }
    const Rule* rule = find_rule(d.rule);
    if (rule != nullptr && rule->dated) {
      // A date the change did not write goes stale by itself: the scheduled
      // run reports it, or every change would fail on the day it expires.
      return true;
    }
    if (d.rule == "entry/schema") {
      return false;  // a file the change touched must be valid as a whole
    }
    return !is_touched(d.entry_location) &&
           !std::any_of(d.involved_entries.begin(), d.involved_entries.end(), is_touched);
  });
}

}  // namespace sg
