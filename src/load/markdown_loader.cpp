#include "load/markdown_loader.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <re2/re2.h>

#include "links/extract.h"
#include "links/fragments.h"
#include "links/markdown.h"
#include "load/entries_loader.h"
#include "rules/rule.h"
#include "util/text.h"
#include "util/url.h"

namespace sg {
namespace {

std::string literal(cmark_node* node) {
  const char* text = cmark_node_get_literal(node);
  return text != nullptr ? text : "";
}

std::string url_of(cmark_node* node) {
  const char* url = cmark_node_get_url(node);
  return url != nullptr ? url : "";
}

/// Plain text of inline content, keeping code spans in backticks. Walked with
/// cmark's iterator: emphasis nested 100,000 deep overflowed a recursive walk.
std::string plain_text(cmark_node* node, bool with_html = true) {
  std::string text;
  cmark_iter* iter = cmark_iter_new(node);
  for (cmark_event_type event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
       event = cmark_iter_next(iter)) {
    if (event != CMARK_EVENT_ENTER) {
      continue;
    }
    cmark_node* current = cmark_iter_get_node(iter);
    switch (cmark_node_get_type(current)) {
      case CMARK_NODE_TEXT:
        text += literal(current);
        break;
      case CMARK_NODE_HTML_INLINE:
        if (with_html) {
          text += literal(current);
        }
        break;
      case CMARK_NODE_CODE:
        text += "`" + literal(current) + "`";
        break;
      case CMARK_NODE_SOFTBREAK:
      case CMARK_NODE_LINEBREAK:
        text += ' ';
        break;
      default:
        break;
    }
  }
  cmark_iter_free(iter);
  return text;
}

bool is_code_label(std::string_view label) {
  const std::string lower = to_lower(label);
  return lower == "code" || lower == "source" || lower == "source code" || lower == "repository" ||
         lower == "repo";
}

class MarkdownReader {
 public:
  MarkdownReader(const std::string& path, std::string_view text, LoadResult& out,
                 const ItemSeparators& separators)
      : m_path(path), m_text(text), m_lines(text), m_out(out), m_separators(separators) {}

  void read(cmark_node* document) {
    for (cmark_node* block = cmark_node_first_child(document); block != nullptr;
         block = cmark_node_next(block)) {
      read_block(block);
    }
    collect_anchor_links(document);
  }

 private:
  /// Where `node` starts; a link node is placed by the locator `links` uses.
  Location locate(cmark_node* node) {
    return m_lines.locate(m_path, m_locator.offset(node, url_of(node)));
  }

  /// The Markdown source of a block, verbatim.
  std::string source_of(cmark_node* block) const {
    std::string source;
    for (int line = cmark_node_get_start_line(block); line <= cmark_node_get_end_line(block);
         ++line) {
      if (!source.empty()) {
        source += '\n';
      }
      source += m_lines.line_text(line);
    }
    // A block's last line may be the blank line that ends it.
    while (source.ends_with('\n')) {
      source.pop_back();
    }
    return source;
  }

  void read_block(cmark_node* block) {
    switch (cmark_node_get_type(block)) {
      case CMARK_NODE_HEADING:
        read_heading(block);
        return;
      case CMARK_NODE_LIST:
        if (m_in_contents) {
          not_entries("table-of-contents items", count_items(block));
          return;
        }
        read_list(block);
        return;
      case CMARK_NODE_PARAGRAPH:
        read_paragraph(block);
        return;
      default:
        if (m_in_contents) {
          return;
        }
        if (std::string_view(cmark_node_get_type_string(block)) == "table" && read_table(block)) {
          return;
        }
        append_text(source_of(block));
        return;
    }
  }

  /// The first link node inside `node`, or null; an iterator, not recursion.
  static cmark_node* first_link_in(cmark_node* node) {
    cmark_node* found = nullptr;
    cmark_iter* iter = cmark_iter_new(node);
    for (cmark_event_type event = cmark_iter_next(iter);
         event != CMARK_EVENT_DONE && found == nullptr; event = cmark_iter_next(iter)) {
      cmark_node* at = cmark_iter_get_node(iter);
      if (event == CMARK_EVENT_ENTER && cmark_node_get_type(at) == CMARK_NODE_LINK) {
        found = at;
      }
    }
    cmark_iter_free(iter);
    return found;
  }

  /// A GFM table whose rows link resources: each row with a web link is an
  /// entry. The header names the columns: the title column ("name", "title",
  /// "project", "paper"…; else the first cell with a link) and the
  /// description column ("description", "summary", "about"…). False when no
  /// row is an entry, so that the table stays prose.
  bool read_table(cmark_node* table) {
    static const RE2 k_title_header(
        R"((?i)^(?:name|title|project|paper|resource|tool|library|model|repo(?:sitory)?|link)s?$)");
    static const RE2 k_description_header(R"((?i)desc|summary|about|notes?|comment|what)");
    std::vector<Entry> rows;
    std::optional<std::size_t> title_column;
    std::optional<std::size_t> description_column;
    for (cmark_node* row = cmark_node_first_child(table); row != nullptr;
         row = cmark_node_next(row)) {
      std::vector<cmark_node*> cells;
      for (cmark_node* cell = cmark_node_first_child(row); cell != nullptr;
           cell = cmark_node_next(cell)) {
        cells.push_back(cell);
      }
      if (cmark_gfm_extensions_get_table_row_is_header(row) != 0) {
        for (std::size_t i = 0; i < cells.size(); ++i) {
          const std::string header(trim(plain_text(cells[i])));
          if (!title_column && RE2::FullMatch(header, k_title_header)) {
            title_column = i;
          } else if (!description_column && RE2::PartialMatch(header, k_description_header)) {
            description_column = i;
          }
        }
        continue;
      }
      // The title column's link first, else the first web link of the row.
      const auto is_web = [](cmark_node* node) {
        const std::string url = node != nullptr ? url_of(node) : std::string();
        return !url.empty() && !url.starts_with("#") && !is_relative_link(url);
      };
      cmark_node* link = nullptr;
      if (title_column && *title_column < cells.size()) {
        link = first_link_in(cells[*title_column]);
      }
      for (std::size_t i = 0; !is_web(link) && i < cells.size(); ++i) {
        link = first_link_in(cells[i]);
      }
      if (!is_web(link)) {
        continue;
      }
      const std::string url = url_of(link);
      Entry entry;
      entry.location = locate(row);
      entry.end_line = cmark_node_get_end_line(row);
      // The title column names the resource even when the link sits in
      // another column ("| Zeta | [link](…) |").
      entry.title = title_column && *title_column < cells.size()
                        ? std::string(trim(plain_text(cells[*title_column])))
                        : std::string();
      if (entry.title.empty()) {
        entry.title = trim(plain_text(link));
      }
      entry.url = url;
      entry.set_position("url", locate(link));
      entry.set_position("title", locate(link));
      if (description_column && *description_column < cells.size()) {
        entry.description = trim(plain_text(cells[*description_column]));
        entry.set_position("description", locate(cells[*description_column]));
      }
      rows.push_back(std::move(entry));
    }
    if (rows.empty()) {
      return false;
    }
    std::vector<Entry>& entries = entries_of(m_heading_group);
    for (Entry& entry : rows) {
      add_entry(std::move(entry), entries);
    }
    return true;
  }

  void read_heading(cmark_node* heading) {
    const std::string title(trim(plain_text(heading)));
    // GitHub makes a heading's anchor from its rendered text: tags such as
    // an <img> icon add nothing to it.
    m_out.list.headings.emplace_back(trim(plain_text(heading, false)));
    const int level = cmark_node_get_heading_level(heading);
    m_in_contents = false;
    if (level == 1 && m_out.list.title.empty() && m_out.list.sections.empty()) {
      m_out.list.title = title;
      return;
    }
    if (level <= 2) {
      const std::string lower = to_lower(title);
      if (lower == "contents" || lower == "table of contents") {
        m_in_contents = true;
        return;
      }
      Section section;
      section.title = title;
      section.location = locate(heading);
      m_out.list.sections.push_back(std::move(section));
      m_heading_group = k_section_entries;
      return;
    }
    Group group;
    group.title = title;
    group.location = locate(heading);
    current_section().groups.push_back(std::move(group));
    m_heading_group = current_section().groups.size() - 1;
  }

  Section& current_section() {
    if (m_out.list.sections.empty()) {
      Section section;
      section.title = m_out.list.title;
      section.location = Location{m_path, 1, 1};
      m_out.list.sections.push_back(std::move(section));
    }
    return m_out.list.sections.back();
  }

  void read_paragraph(cmark_node* paragraph) {
    if (m_in_contents) {
      return;
    }
    std::string source = source_of(paragraph);
    if (m_out.list.sections.empty()) {
      if (m_out.list.tagline.empty() && m_out.list.intro.empty()) {
        m_out.list.tagline = source;
      } else {
        m_out.list.intro += (m_out.list.intro.empty() ? "" : "\n\n") + source;
      }
      return;
    }
    Section& section = current_section();
    static const RE2 k_verified(R"(^Verified on (\d{4}-\d{2}-\d{2})\.\s*)");
    std::string date;
    re2::StringPiece rest(source);
    if (!section.volatile_info && RE2::Consume(&rest, k_verified, &date) && is_valid_date(date)) {
      // max_age_days 0: the policy's default applies.
      section.volatile_info = Volatile{date, 0, locate(paragraph)};
      source = std::string(rest);
      if (source.empty()) {
        return;
      }
    }
    append_text(source);
  }

  /// Text between a heading and its entries belongs to the section's intro.
  void append_text(const std::string& source) {
    if (m_in_contents || m_out.list.sections.empty()) {
      return;
    }
    Section& section = current_section();
    section.intro += (section.intro.empty() ? "" : "\n\n") + source;
  }

  /// An item is an entry when it links something or separates a title from a
  /// description with " - "; a list of plain sentences is prose (the policy's
  /// bullets), dashes in them included.
  static bool is_entry_item(cmark_node* item) {
    cmark_node* paragraph = cmark_node_first_child(item);
    if (paragraph == nullptr || cmark_node_get_type(paragraph) != CMARK_NODE_PARAGRAPH) {
      return false;
    }
    for (cmark_node* node = cmark_node_first_child(paragraph); node != nullptr;
         node = cmark_node_next(node)) {
      if (cmark_node_get_type(node) == CMARK_NODE_LINK ||
          (cmark_node_get_type(node) == CMARK_NODE_TEXT &&
           literal(node).find(k_item_separator) != std::string::npos)) {
        return true;
      }
    }
    return false;
  }

  /// Whether any item of `list`, at any depth, is an entry: entries nested
  /// under category bullets count. cmark's iterator walks without recursion.
  static bool has_entry_items(cmark_node* list) {
    bool found = false;
    cmark_iter* iter = cmark_iter_new(list);
    for (cmark_event_type event = cmark_iter_next(iter); event != CMARK_EVENT_DONE && !found;
         event = cmark_iter_next(iter)) {
      cmark_node* node = cmark_iter_get_node(iter);
      found = event == CMARK_EVENT_ENTER && cmark_node_get_type(node) == CMARK_NODE_ITEM &&
              is_entry_item(node);
    }
    cmark_iter_free(iter);
    return found;
  }

  static std::size_t count_items(cmark_node* list) {
    std::size_t items = 0;
    cmark_iter* iter = cmark_iter_new(list);
    for (cmark_event_type event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
      if (event == CMARK_EVENT_ENTER &&
          cmark_node_get_type(cmark_iter_get_node(iter)) == CMARK_NODE_ITEM) {
        ++items;
      }
    }
    cmark_iter_free(iter);
    return items;
  }

  /// Counts `count` list items that are not entries, for the summary.
  void not_entries(const char* reason, std::size_t count) {
    m_out.list_items += count;
    m_out.not_entries[reason] += count;
  }

  void read_list(cmark_node* list) {
    if (!has_entry_items(list)) {
      not_entries("prose items", count_items(list));
      append_text(source_of(list));
      return;
    }
    Section& section = current_section();
    if (section.groups.empty() && cmark_node_get_list_type(list) == CMARK_ORDERED_LIST) {
      section.ordered = true;
    }
    // Entries go where the last heading put them, not into the group of a
    // category label an earlier list opened.
    read_items(list, m_heading_group);
  }

  /// Where an item's entry goes: a group of the current section, by index
  /// (groups may be added while items are read), or the section itself.
  static constexpr std::size_t k_section_entries = static_cast<std::size_t>(-1);

  std::vector<Entry>& entries_of(std::size_t group) {
    Section& section = current_section();
    return group == k_section_entries ? section.entries : section.groups.at(group).entries;
  }

  /// Items in document order, nested lists after their item's own text. An
  /// item that is only a label over a nested list ("- Web frameworks") is a
  /// group heading: the entries under it form a group of that title. An
  /// explicit stack of "next item" per depth: lists nested thousands deep
  /// need no deep call stack.
  void read_items(cmark_node* list, std::size_t group) {
    struct Level {
      cmark_node* next;
      std::size_t group;
    };
    std::vector<Level> levels{{cmark_node_first_child(list), group}};
    while (!levels.empty()) {
      cmark_node* item = levels.back().next;
      if (item == nullptr) {
        levels.pop_back();
        continue;
      }
      levels.back().next = cmark_node_next(item);
      const std::size_t target = levels.back().group;
      cmark_node* paragraph = nullptr;
      std::vector<cmark_node*> nested;
      for (cmark_node* block = cmark_node_first_child(item); block != nullptr;
           block = cmark_node_next(block)) {
        if (cmark_node_get_type(block) == CMARK_NODE_PARAGRAPH &&
            block == cmark_node_first_child(item)) {
          paragraph = block;
        } else if (cmark_node_get_type(block) == CMARK_NODE_LIST) {
          nested.push_back(cmark_node_first_child(block));
        }
      }
      ++m_out.list_items;
      std::size_t nested_group = target;
      if (paragraph == nullptr) {
        ++m_out.not_entries["items without text"];
      } else if (!nested.empty() && !is_entry_item(item) &&
                 std::any_of(nested.begin(), nested.end(), [](cmark_node* first) {
                   return has_entry_items(cmark_node_parent(first));
                 })) {
        ++m_out.not_entries["category labels (read as group headings)"];
        Group label;
        label.title = trim(plain_text(paragraph));
        label.location = locate(item);
        Section& section = current_section();
        section.groups.push_back(std::move(label));
        nested_group = section.groups.size() - 1;
      } else {
        read_item(item, paragraph, entries_of(target));
      }
      for (auto it = nested.rbegin(); it != nested.rend(); ++it) {
        levels.push_back({*it, nested_group});
      }
    }
  }

  void read_item(cmark_node* item, cmark_node* paragraph, std::vector<Entry>& entries) {
    cmark_node* first = cmark_node_first_child(paragraph);
    if (first != nullptr && cmark_node_get_type(first) == CMARK_NODE_LINK &&
        url_of(first).starts_with("#")) {
      ++m_out.not_entries["table-of-contents items"];
      return;  // a table-of-contents line, checked by link/anchor
    }
    if (first != nullptr && cmark_node_get_type(first) == CMARK_NODE_LINK &&
        is_relative_link(url_of(first))) {
      ++m_out.not_entries["links into the repository"];
      return;  // a link into the repository (LICENSE, docs/), checked by link/relative
    }
    Entry entry;
    entry.location = locate(item);
    entry.end_line = cmark_node_get_end_line(item);
    std::string title;
    std::string description;
    bool in_description = false;
    for (cmark_node* node = first; node != nullptr; node = cmark_node_next(node)) {
      const cmark_node_type type = cmark_node_get_type(node);
      if (!in_description) {
        if (type == CMARK_NODE_LINK) {
          const std::string label = plain_text(node);
          if (entry.links.empty()) {
            entry.set_position("url", locate(node));
            entry.set_position("title", locate(node));
          }
          entry.links.push_back({label, url_of(node), locate(node)});
          title += label;
          continue;
        }
        std::string text = plain_text(node);
        if (const SeparatorAt separator = m_separators.find(text, !entry.links.empty());
            type == CMARK_NODE_TEXT && separator.at != std::string_view::npos) {
          title += text.substr(0, separator.at);
          description += text.substr(separator.at + separator.size);
          ++m_out.separators_used[std::string(separator.mark)];
          entry.set_position("description", locate(node));
          in_description = true;
          continue;
        }
        title += text;
        continue;
      }
      if (type == CMARK_NODE_LINK && is_code_label(plain_text(node)) && entry.code.empty()) {
        entry.code = url_of(node);
        entry.set_position("code", locate(node));
        continue;
      }
      description += plain_text(node);
    }
    entry.title = trim(title);
    entry.description = trim(description);
    if (!entry.links.empty()) {
      entry.url = entry.links.front().url;
    }
    if (entry.links.size() <= 1) {
      entry.links.clear();
    }
    if (entry.url.empty()) {
      entry.kind = EntryKind::note;
    }
    add_entry(std::move(entry), entries);
  }

  /// The last step of every entry a list yields (items and table rows): its
  /// links are checked, credentials in them redacted.
  void add_entry(Entry entry, std::vector<Entry>& entries) {
    for (const auto& [field, url, location] : entry.located_urls()) {
      if (auto problem = web_url_problem(url)) {
        m_out.diagnostics.push_back(schema_error(
            Finding{.location = location,
                    .message = fmt::format("a link is {}", *problem),
                    .hint = "link an https:// URL (http:// only where the host serves no https)",
                    .entry = &entry}));
      }
    }
    // Credentials in a list are an error above; they go no further.
    entry.url = redact_userinfo(entry.url);
    entry.code = redact_userinfo(entry.code);
    for (EntryLink& link : entry.links) {
      link.url = redact_userinfo(link.url);
    }
    entry.set_position("title", entry.location);
    entries.push_back(std::move(entry));
  }

  void collect_anchor_links(cmark_node* document) {
    cmark_iter* iter = cmark_iter_new(document);
    for (cmark_event_type event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
      cmark_node* node = cmark_iter_get_node(iter);
      if (event != CMARK_EVENT_ENTER) {
        continue;
      }
      const cmark_node_type type = cmark_node_get_type(node);
      if (type == CMARK_NODE_LINK) {
        const std::string url = url_of(node);
        if (url.starts_with("#")) {
          m_out.list.anchor_links.push_back({url.substr(1), locate(node)});
        } else if (is_relative_link(url)) {
          m_out.list.relative_links.push_back({url, locate(node), relative_target_exists(url)});
        }
      } else if (type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE) {
        // <a name="…"> and id="…" are anchors as much as headings are.
        const char* literal_html = cmark_node_get_literal(node);
        const std::string_view html = literal_html != nullptr ? literal_html : "";
        if (html.find("id") == std::string_view::npos &&
            html.find("name") == std::string_view::npos) {
          continue;  // no anchor to find: spare the parse
        }
        for (const std::string& anchor : links::collect_anchors(html)) {
          m_out.list.html_anchors.push_back(anchor);
        }
      }
    }
    cmark_iter_free(iter);
  }

  /// A link into the list's own repository ("LICENSE", "docs/x.md"); an empty
  /// link is an entry's defect, not a path.
  static bool is_relative_link(std::string_view url) {
    // "//host/x" names another host, not a file of the repository.
    return !url.empty() && !url.starts_with("//") &&
           links::classify_link(url) == links::LinkKind::relative;
  }

  /// Whether `url`, relative to the list's folder (or to the working
  /// directory, the repository's root, for "/path"), names a file or folder.
  bool relative_target_exists(std::string_view url) const {
    namespace fs = std::filesystem;
    std::string path = percent_decode(url.substr(0, url.find_first_of("?#")));
    fs::path target;
    if (path.starts_with('/')) {
      path.erase(0, path.find_first_not_of('/'));
      target = path.empty() ? fs::path(".") : fs::path(path);
    } else if (path.empty()) {
      return true;  // "?query" alone: the list itself
    } else {
      target = (fs::path(m_path).parent_path() / path).lexically_normal();
      // GitHub serves "../../issues" and "../../actions" from a list at the
      // repository's root: pages of the repository, not files on disk.
      if (!target.empty() && *target.begin() == "..") {
        return true;
      }
    }
    std::error_code ec;
    return fs::exists(target, ec);
  }

  const std::string& m_path;
  std::string_view m_text;
  LineIndex m_lines;
  LoadResult& m_out;
  const ItemSeparators& m_separators;
  bool m_in_contents = false;
  /// The group the last heading opened in the current section, or the
  /// section itself (k_section_entries).
  std::size_t m_heading_group = k_section_entries;
  links::MarkdownLinkLocator m_locator{m_text, m_lines};
};

}  // namespace

void load_markdown_text(const std::string& path, std::string_view text, LoadResult& out,
                        const ItemSeparators& separators) {
  if (auto bad = first_invalid_utf8(text)) {
    const LineIndex lines(text);
    out.diagnostics.push_back(schema_error(Finding{.location = lines.locate(path, *bad),
                                                   .message = "the file is not valid UTF-8 here",
                                                   .hint = "save the file as UTF-8"}));
  }
  // The same reading as `links`, extensions included.
  const links::MarkdownDocument document(text);
  out.files.push_back(path);
  MarkdownReader(path, text, out, separators).read(document.root());
}

}  // namespace sg
