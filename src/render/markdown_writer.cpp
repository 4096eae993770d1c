#include "render/markdown_writer.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "load/markdown_loader.h"
#include "render/anchors.h"

namespace sg {
namespace {

std::size_t backtick_run_end(std::string_view text, std::size_t at) {
  while (at < text.size() && text[at] == '`') {
    ++at;
  }
  return at;
}

/// Escapes the characters that would turn plain text into Markdown syntax.
/// A code span (text between matching backtick runs, as the loader keeps it)
/// is literal already: a backslash in it would show.
std::string escape_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const char c = text[at];
    if (c == '`') {
      const std::size_t open_end = backtick_run_end(text, at);
      std::size_t end = open_end;  // no closing run: the backticks are text
      for (std::size_t scan = open_end; scan < text.size();) {
        if (text[scan] != '`') {
          ++scan;
          continue;
        }
        const std::size_t close_end = backtick_run_end(text, scan);
        if (close_end - scan == open_end - at) {
          end = close_end;
          break;
        }
        scan = close_end;
      }
      out += text.substr(at, end - at);
      at = end;
      continue;
    }
    if (c == '\\' || c == '[' || c == ']' || c == '*' || c == '_' || c == '<') {
      out += '\\';
    }
    out += c;
    ++at;
  }
  return out;
}

std::string link_target(std::string_view url) {
  if (url.find_first_of(" ()<>") != std::string_view::npos) {
    return fmt::format("<{}>", url);
  }
  return std::string(url);
}

std::string render_title(const Entry& entry) {
  if (entry.links.empty()) {
    if (entry.url.empty()) {
      return escape_text(entry.title);
    }
    return fmt::format("[{}]({})", escape_text(entry.title), link_target(entry.url));
  }
  // Link each label where it stands in the title.
  std::string out;
  std::size_t from = 0;
  for (const EntryLink& link : entry.links) {
    const std::size_t at = entry.title.find(link.label, from);
    if (at == std::string::npos) {
      continue;
    }
    out += escape_text(entry.title.substr(from, at - from));
    out += fmt::format("[{}]({})", escape_text(link.label), link_target(link.url));
    from = at + link.label.size();
  }
  out += escape_text(entry.title.substr(from));
  return out;
}

std::string render_entry(const Entry& entry, std::string_view bullet) {
  std::string line = fmt::format("{} {}", bullet, render_title(entry));
  if (!entry.description.empty()) {
    line += fmt::format("{}{}", k_item_separator, escape_text(entry.description));
  }
  if (!entry.code.empty()) {
    line += fmt::format(" [code]({})", link_target(entry.code));
  }
  return line + "\n";
}

void render_entries(const std::vector<Entry>& entries, bool ordered, std::string& out) {
  int number = 0;
  for (const Entry& entry : entries) {
    out += render_entry(entry, ordered ? fmt::format("{}.", ++number) : "-");
  }
}

}  // namespace

std::string render_markdown(const List& list) {
  // Titles and the tagline are plain text, escaped like entries: markup in
  // them would put links into the list that no rule judged.
  std::string out = fmt::format("# {}\n\n", escape_text(list.title));
  if (!list.tagline.empty()) {
    out += escape_text(list.tagline) + "\n\n";
  }
  if (!list.intro.empty()) {
    out += list.intro + "\n\n";
  }
  AnchorSet anchors;
  anchors.add(list.title);
  anchors.add("Contents");
  out += "## Contents\n\n";
  for (const Section& section : list.sections) {
    out += fmt::format("- [{}](#{})\n", escape_text(section.title), anchors.add(section.title));
    for (const Group& group : section.groups) {
      out += fmt::format("  - [{}](#{})\n", escape_text(group.title), anchors.add(group.title));
    }
  }
  for (const Section& section : list.sections) {
    out += fmt::format("\n## {}\n\n", escape_text(section.title));
    std::string intro = section.intro;
    if (section.volatile_info) {
      intro = fmt::format("Verified on {}.{}{}", section.volatile_info->verified,
                          intro.empty() ? "" : " ", intro);
    }
    if (!intro.empty()) {
      out += intro + "\n\n";
    }
    render_entries(section.entries, section.ordered, out);
    for (const Group& group : section.groups) {
      if (&group != &section.groups.front() || !section.entries.empty()) {
        out += "\n";
      }
      out += fmt::format("### {}\n\n", escape_text(group.title));
      render_entries(group.entries, false, out);
    }
  }
  // One trailing newline, whatever the last block was.
  while (out.ends_with("\n\n")) {
    out.pop_back();
  }
  return out;
}

bool renders_as_written(std::string_view text) { return escape_text(text) == text; }

std::string line_diff(std::string_view before, std::string_view after) {
  auto split = [](std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
      const std::size_t end = text.find('\n');
      lines.push_back(text.substr(0, end));
      text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    }
    return lines;
  };
  const std::vector<std::string_view> a = split(before);
  const std::vector<std::string_view> b = split(after);
  // Longest common subsequence over lines; rendered lists are a few thousand
  // lines at most.
  std::vector<std::vector<int>> lcs(a.size() + 1, std::vector<int>(b.size() + 1, 0));
  for (std::size_t i = a.size(); i-- > 0;) {
    for (std::size_t j = b.size(); j-- > 0;) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  std::string out;
  std::size_t i = 0;
  std::size_t j = 0;
  bool in_change = false;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && a[i] == b[j]) {
      ++i;
      ++j;
      in_change = false;
      continue;
    }
    if (!in_change) {
      out += fmt::format("@@ line {} @@\n", i + 1);
      in_change = true;
    }
    if (j < b.size() && (i == a.size() || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out += fmt::format("+{}\n", b[j++]);
    } else {
      out += fmt::format("-{}\n", a[i++]);
    }
  }
  return out;
}

}  // namespace sg
