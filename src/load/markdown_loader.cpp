#include "load/markdown_loader.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>
#include <re2/re2.h>

#include "links/extract.h"
#include "links/fragments.h"
#include "links/html.h"
#include "links/markdown.h"
#include "load/declarations.h"
#include "load/entries_loader.h"
#include "rules/rule.h"
#include "util/github_url.h"
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

/// Plain text of inline content, keeping code spans in backticks. Without
/// HTML it is the text a reader sees: no tags, and no image's alt text.
/// Walked with cmark's iterator: emphasis nested 100,000 deep overflowed a
/// recursive walk.
std::string plain_text(cmark_node* node, bool with_html = true) {
  std::string text;
  cmark_iter* iter = cmark_iter_new(node);
  cmark_node* in_image = nullptr;
  for (cmark_event_type event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
       event = cmark_iter_next(iter)) {
    cmark_node* current = cmark_iter_get_node(iter);
    if (in_image != nullptr) {
      in_image = event == CMARK_EVENT_EXIT && current == in_image ? nullptr : in_image;
      continue;
    }
    if (event != CMARK_EVENT_ENTER) {
      continue;
    }
    if (!with_html && cmark_node_get_type(current) == CMARK_NODE_IMAGE) {
      in_image = current;
      continue;
    }
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

/// U+00A0, which lists write as "&nbsp;" to indent a line or pad a title.
constexpr std::string_view k_no_break_space = "\xC2\xA0";

/// `text` with its no-break spaces as spaces.
std::string with_plain_spaces(std::string text) {
  for (std::size_t at = text.find(k_no_break_space); at != std::string::npos;
       at = text.find(k_no_break_space, at)) {
    text.replace(at, k_no_break_space.size(), " ");
  }
  return text;
}

/// The title a heading gives its section: the text a reader sees ("## <a
/// name='Books'></a>Books" is "Books"), without a link back to the table of
/// contents ("#### CLI Tools &nbsp;[<sup>[TOC]</sup>](#contents)") and with
/// no-break spaces as spaces.
std::string heading_title(cmark_node* heading) {
  std::string text;
  for (cmark_node* child = cmark_node_first_child(heading); child != nullptr;
       child = cmark_node_next(child)) {
    const bool back_link = cmark_node_get_type(child) == CMARK_NODE_LINK &&
                           url_of(child).starts_with('#') && !trim(text).empty();
    if (!back_link) {
      text += plain_text(child, false);
    }
  }
  return collapse_spaces(trim(with_plain_spaces(std::move(text))));
}

/// Whether `node` follows a bold span, spaces aside: "**Title** *Authors*".
bool after_bold(cmark_node* node) {
  cmark_node* before = cmark_node_previous(node);
  while (before != nullptr && cmark_node_get_type(before) == CMARK_NODE_TEXT &&
         trim(cmark_node_get_literal(before) ? cmark_node_get_literal(before) : "").empty()) {
    before = cmark_node_previous(before);
  }
  return before != nullptr && cmark_node_get_type(before) == CMARK_NODE_STRONG;
}

/// `text` without the marks in `marks` at its end: "Dolly. " is "Dolly".
void drop_trailing(std::string& text, std::string_view marks) {
  text.erase(text.find_last_not_of(marks) + 1);
}

/// Drops "[pdf]", the label of a chip ("*Authors*. [[pdf](url)], 2024.")
/// that became the entry's URL, or of another of its pages named by its kind
/// ("[slides]"), from its description, and the commas it and the code chip
/// beside it leave: "Authors. 2024." Only a bracketed chip goes: a label in
/// the words ("[Website](url) of the project") stays.
void drop_kind_chip(std::string& description, const std::string& label) {
  static const RE2 k_kind(
      R"((?i)\s*(?:paper|pdf|arxiv|abs|preprint|openreview|doi|link|project(?: page)?|home ?page|)"
      R"(web ?site|slides?|video|talk|poster|blog|post|demo|docs?)\s*)");
  const std::size_t at = description.find("[" + label + "]");
  if (!RE2::FullMatch(label, k_kind) || at == std::string::npos) {
    return;
  }
  description.erase(at, label.size() + 2);
  static const RE2 k_commas(R"(\s*(?:,\s*)+)");
  std::string before = description.substr(0, at);
  re2::StringPiece rest(description);
  rest.remove_prefix(at);
  const bool had_comma = RE2::Consume(&rest, k_commas) || before.ends_with(',');
  while (!rest.empty() && rest[0] == ' ') {
    rest.remove_prefix(1);  // "[homepage] [vllm]": one space stays, the join's
  }
  drop_trailing(before, " ,");
  const bool ends_sentence = before.ends_with('.') || before.ends_with(';');
  const std::string_view join = before.empty() || rest.empty() ? ""
                                : had_comma && !ends_sentence  ? ", "
                                                               : " ";
  description = before + std::string(join) + std::string(rest);
  description = std::string(trim(description));
}

/// Drops the labels of the entry's other pages that close its description
/// ("Does X. [Website](…) | [Docs](…)", "Does X ([Website](…), [Source](…))."):
/// they name pages, and are no words of what it says. `labels` are those of
/// the description's links that name a kind of page. A label in a sentence
/// ("see the [docs](…)") stays: the run must follow a sentence's end, a
/// bracket, or nothing.
void drop_closing_page_labels(std::string& description, const std::vector<std::string>& labels) {
  if (labels.empty()) {
    return;
  }
  std::string_view rest = trim(description);
  const bool full_stop = rest.ends_with('.');
  if (full_stop) {
    rest.remove_suffix(1);
  }
  rest = trim(rest);
  char opener = '\0';
  if (rest.ends_with(')') || rest.ends_with(']')) {
    opener = rest.back() == ')' ? '(' : '[';
    rest.remove_suffix(1);
  }
  const auto drop_separators = [&rest] {
    for (bool dropped = true; dropped;) {
      dropped = false;
      for (std::string_view mark : {" ", ",", "|", "/", ";", "\u00b7", "\u2022"}) {
        if (rest.ends_with(mark)) {
          rest.remove_suffix(mark.size());
          dropped = true;
        }
      }
    }
  };
  std::size_t dropped_labels = 0;
  for (bool found = true; found;) {
    drop_separators();
    found = false;
    for (const std::string& label : labels) {
      if (!label.empty() && rest.ends_with(label) &&
          (rest.size() == label.size() ||
           !std::isalnum(static_cast<unsigned char>(rest[rest.size() - label.size() - 1])))) {
        rest.remove_suffix(label.size());
        ++dropped_labels;
        found = true;
        break;
      }
    }
  }
  if (dropped_labels == 0) {
    return;
  }
  if (opener != '\0') {
    if (!rest.ends_with(opener)) {
      return;
    }
    rest.remove_suffix(1);
    rest = trim(rest);
  } else if (!rest.empty() &&
             std::string_view(".!?:;)]").find(rest.back()) == std::string_view::npos) {
    return;
  }
  std::string kept(rest);
  if (full_stop && !kept.empty() &&
      std::string_view(".!?").find(kept.back()) == std::string_view::npos) {
    kept += '.';
  }
  description = std::move(kept);
}

class MarkdownReader {
 public:
  MarkdownReader(const std::string& path, std::string_view text, LoadResult& out,
                 const ItemSeparators& separators)
      : m_path(path), m_text(text), m_lines(text), m_out(out), m_separators(separators) {}

  void read(cmark_node* document) {
    survey_links(document);
    m_level_two_links_are_entries = level_two_links_are_entries(document);
    for (cmark_node* block = cmark_node_first_child(document); block != nullptr;
         block = cmark_node_next(block)) {
      read_block(block);
    }
    flush_pending_declaration();
    drop_preamble();
  }

  /// "**[P0] [Title](url)**": a tag and a link in one emphasis, which read as
  /// the same words unemphasised ("[P0] [Title](url)"), a venue or priority
  /// before a linked title. Emphasis around the link alone stays.
  static bool emphasises_a_tagged_link(cmark_node* node) {
    static const RE2 k_tag(R"(\s*\[[^\[\]]{1,40}\]\s*)");
    const cmark_node_type type = cmark_node_get_type(node);
    cmark_node* tag = cmark_node_first_child(node);
    cmark_node* link = tag != nullptr ? cmark_node_next(tag) : nullptr;
    return (type == CMARK_NODE_STRONG || type == CMARK_NODE_EMPH) && link != nullptr &&
           cmark_node_get_type(tag) == CMARK_NODE_TEXT && RE2::FullMatch(literal(tag), k_tag) &&
           cmark_node_get_type(link) == CMARK_NODE_LINK && cmark_node_next(link) == nullptr;
  }

  /// Moves `emphasis`'s children out before it and unlinks it; not freed:
  /// the document's pool owns the node's memory and releases it with the rest.
  static void unwrap(cmark_node* emphasis) {
    while (cmark_node* child = cmark_node_first_child(emphasis)) {
      cmark_node_insert_before(emphasis, child);
    }
    cmark_node_unlink(emphasis);
  }

  /// Items before a list's first section heading, when it has sections, are
  /// its preamble: badges, sponsors, its authors, its sibling lists. A list
  /// without section headings is all entries.
  void drop_preamble() {
    std::vector<Section>& sections = m_out.list.sections;
    if (!m_preamble_section || sections.size() < 2) {
      return;
    }
    Section& preamble = sections.front();
    std::size_t items = preamble.entries.size();
    for (const Group& group : preamble.groups) {
      items += group.entries.size();
    }
    if (items > 0) {
      m_out.not_entries["items before the first section (its preamble)"] += items;
    }
    if (!preamble.intro.empty()) {
      m_out.list.intro += (m_out.list.intro.empty() ? "" : "\n\n") + preamble.intro;
    }
    sections.erase(sections.begin());
  }

 private:
  /// Where `node` starts; a link node is placed by the locator `links` uses.
  Location locate(cmark_node* node) {
    return m_lines.locate(m_path, m_locator.offset(node, url_of(node)));
  }

  /// The Markdown source of a block, verbatim. An HTML block is its literal
  /// text: cmark-gfm reports its end line one short when an end condition
  /// closes it ("</script>", "-->"), and a cut-off "<script>" or "<!--"
  /// written back would swallow everything after it.
  std::string source_of(cmark_node* block) const {
    std::string source;
    if (cmark_node_get_type(block) == CMARK_NODE_HTML_BLOCK) {
      source = literal(block);
      while (source.ends_with('\n')) {
        source.pop_back();
      }
      return source;
    }
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
    if (cmark_node_get_type(block) == CMARK_NODE_HEADING) {
      m_in_entry_details = false;  // a heading ends an entry's details however written
    }
    if (const std::optional<OpenedGroup> opened = std::exchange(m_group_just_opened, std::nullopt);
        opened && cmark_node_get_type(block) == CMARK_NODE_PARAGRAPH &&
        read_url_under_heading(block, *opened)) {
      return;
    }
    if (m_heading_entry && cmark_node_get_type(block) != CMARK_NODE_HEADING &&
        !(cmark_node_get_type(block) == CMARK_NODE_HTML_BLOCK && is_declaration(literal(block)))) {
      read_heading_entry_block(block);
      return;
    }
    if (m_in_entry_details) {
      // An entry's <details>: its links and notes, until the tag closes (the
      // closing block may open the next entry).
      if (cmark_node_get_type(block) == CMARK_NODE_HTML_BLOCK &&
          to_lower(literal(block)).find("</details") != std::string::npos) {
        m_in_entry_details = false;
      } else {
        if (cmark_node_get_type(block) == CMARK_NODE_LIST) {
          not_entries("details under an entry", count_items(block));
        }
        return;
      }
    }
    switch (cmark_node_get_type(block)) {
      case CMARK_NODE_HEADING:
        read_heading(block);
        return;
      case CMARK_NODE_LIST:
        // A resource listed among a table of contents' lines is still an
        // entry; the lines themselves are counted as they are read.
        if ((m_skipping != nullptr && !leads_with_web_link(block)) || m_in_footer) {
          not_entries(m_in_footer ? "items of the list's own sections (licence, contributing, "
                                    "sponsors, news, see also)"
                                  : m_skipping,
                      count_items(block));
          if (m_in_footer) {
            append_text(source_of(block));
          }
          return;
        }
        read_list(block);
        return;
      case CMARK_NODE_PARAGRAPH:
        read_paragraph(block);
        return;
      default:
        if (cmark_node_get_type(block) == CMARK_NODE_HTML_BLOCK && is_declaration(literal(block))) {
          read_block_declaration(block);
          return;
        }
        if (m_skipping != nullptr) {
          return;
        }
        if (m_in_footer) {
          append_text(source_of(block));
          return;
        }
        if (std::string_view(cmark_node_get_type_string(block)) == "table" && read_table(block)) {
          return;
        }
        if (cmark_node_get_type(block) == CMARK_NODE_BLOCK_QUOTE && read_quoted_entries(block)) {
          return;
        }
        if (cmark_node_get_type(block) == CMARK_NODE_HTML_BLOCK &&
            (read_html_entries(block) || read_html_category(block) || read_html_heading(block))) {
          return;
        }
        append_text(source_of(block));
        return;
    }
  }

  /// The first link node inside `node`, or null; an iterator, not recursion.
  /// The first node of `type` within `node`, at any depth, for which `test`
  /// holds, else null. cmark's iterator walks without recursion.
  template <typename Test>
  static cmark_node* find_node(cmark_node* node, cmark_node_type type, Test test) {
    cmark_node* found = nullptr;
    cmark_iter* iter = cmark_iter_new(node);
    for (cmark_event_type event = cmark_iter_next(iter);
         event != CMARK_EVENT_DONE && found == nullptr; event = cmark_iter_next(iter)) {
      cmark_node* at = cmark_iter_get_node(iter);
      if (event == CMARK_EVENT_ENTER && cmark_node_get_type(at) == type && test(at)) {
        found = at;
      }
    }
    cmark_iter_free(iter);
    return found;
  }

  static cmark_node* first_link_in(cmark_node* node) {
    return find_node(node, CMARK_NODE_LINK, [](cmark_node*) { return true; });
  }

  /// Whether `text` is a list marker alone, as "-[name](url)" leaves it.
  static bool is_bare_item_marker(std::string_view text) {
    return text == "-" || text == "*" || text == "+";
  }

  /// Whether `node` is a link within the list, bare or alone in emphasis:
  /// "[⬆ back to top](#contents)", which a line under an item adds to its
  /// paragraph, "<sup>[top⇈](#contents)</sup>" after a heading's link; no
  /// entry means it.
  static bool is_navigation_link(cmark_node* node) {
    const cmark_node_type type = cmark_node_get_type(node);
    cmark_node* link = type == CMARK_NODE_LINK ? node
                       : type == CMARK_NODE_STRONG || type == CMARK_NODE_EMPH
                           ? cmark_node_first_child(node)
                           : nullptr;
    return link != nullptr && cmark_node_get_type(link) == CMARK_NODE_LINK &&
           (link == node || cmark_node_next(link) == nullptr) && url_of(link).starts_with('#');
  }

  /// Whether `link` points at no resource: a placeholder ("[标题]()") or a
  /// cross-reference within the list ("[also in [2.1](#dl-scheduling)]").
  static bool links_no_resource(cmark_node* link) {
    const std::string url = url_of(link);
    return is_placeholder_target(url) || url.starts_with('#');
  }

  /// A GFM table whose rows link resources: each row with a web link is an
  /// entry. The header names the columns: the title column ("name", "title",
  /// "project", "paper"…; else the first cell with a link) and the
  /// description column ("description", "summary", "about"…). False when no
  /// row is an entry, so that the table stays prose.
  bool read_table(cmark_node* table) {
    static const RE2 k_title_header(
        R"((?i)^(?:(?:name|title|project|paper|resource|tool|library|model|repo(?:sitory)?|)"
        R"(technology|course|certification|provider|service|product|app|package|framework|)"
        R"(dataset|benchmark|plugin|extension)s?|标题|名称|论文|项目|工具|模型)$)");
    // "| Provider | Description | Link |": the column the row's link is in.
    static const RE2 k_link_header(R"((?i)^(?:links?|urls?|web ?sites?|home ?pages?|sites?)$)");
    static const RE2 k_description_header(R"((?i)desc|summary|about|notes?|comment|what)");
    static const RE2 k_code_header(
        R"((?i)^\s*(?:code|source(?:\s+code)?|implementation|github|repo(?:sitory)?)s?\b)");
    static const RE2 k_paper_header(R"((?i)^(?:paper|arxiv|pdf|publication)s?$|论文)");
    std::vector<Entry> rows;
    std::size_t row_count = 0;
    for (cmark_node* row = cmark_node_first_child(table); row != nullptr;
         row = cmark_node_next(row)) {
      ++row_count;
    }
    rows.reserve(row_count);
    std::optional<std::size_t> title_column;
    std::optional<std::size_t> description_column;
    std::optional<std::size_t> code_column;
    std::optional<std::size_t> paper_column;  // beside a title column
    std::optional<std::size_t> link_header_column;
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
          if (!link_header_column && RE2::FullMatch(header, k_link_header)) {
            link_header_column = i;
          } else if (!title_column && RE2::FullMatch(header, k_title_header)) {
            title_column = i;
          } else if (!paper_column && RE2::FullMatch(header, k_paper_header)) {
            paper_column = i;
          } else if (!description_column && RE2::PartialMatch(header, k_description_header)) {
            description_column = i;
          } else if (!code_column && RE2::PartialMatch(header, k_code_header)) {
            code_column = i;
          }
        }
        continue;
      }
      // The title column's link first, then the link column's ("| Salesforce |
      // Courses, and a [webinar](…). | [Link](…) |"), else the first web link
      // of the row; each cell's first link is judged once.
      const auto web_link_in = [this](cmark_node* cell) -> cmark_node* {
        cmark_node* found = first_link_in(cell);
        return found != nullptr && is_web_link(found) ? found : nullptr;
      };
      cmark_node* link = nullptr;
      std::size_t link_column = 0;
      bool into_repository = false;
      for (const std::optional<std::size_t> column : {title_column, link_header_column}) {
        if (link == nullptr && !into_repository && column && *column < cells.size()) {
          link = web_link_in(cells[*column]);
          link_column = *column;
          // "| [Intro to CS](coursepages/intro-cs/README.md) | … | [chat](…) |":
          // the row's resource is a file of the repository, not its chat.
          cmark_node* first = first_link_in(cells[*column]);
          into_repository = link == nullptr && first != nullptr && is_relative_link(first);
        }
      }
      if (into_repository) {
        ++m_out.not_entries["links into the repository"];
        continue;
      }
      for (std::size_t i = 0; link == nullptr && i < cells.size(); ++i) {
        link = web_link_in(cells[i]);
        link_column = i;
      }
      if (link == nullptr) {
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
      const Location link_at = locate(link);
      entry.set_position("title", link_at);
      // "| [FlexFlow](repo) | … | [pdf](…) |": a name linking its repository
      // beside a paper column is the paper with its code, as "Title
      // [[paper](…)] [[code](repo)]" is; two papers may share one repository.
      if (cmark_node* paper = paper_column && *paper_column < cells.size()
                                  ? web_link_in(cells[*paper_column])
                                  : nullptr;
          paper != nullptr && link_column == title_column && github_repo_containing(url) &&
          !github_repo_containing(url_of(paper))) {
        entry.url = url_of(paper);
        entry.set_position("url", locate(paper));
        entry.code = url;
        entry.set_position("code", link_at);
      } else {
        entry.url = url;
        entry.set_position("url", link_at);
      }
      // "| Link | Preview |": in a table of two columns whose header names no
      // description, the words beside the link describe it; a value in code
      // ("| **`1.1.1.1`** | [cloudflare](…) |") is no words.
      const std::optional<std::size_t> described_by =
          description_column ? description_column
          : cells.size() == 2 && title_column.value_or(link_column) == link_column
              ? std::optional(1 - link_column)
              : std::nullopt;
      const auto has_words = [](cmark_node* cell) {
        return find_node(cell, CMARK_NODE_TEXT,
                         [](cmark_node* text) { return !trim(literal(text)).empty(); }) != nullptr;
      };
      if (described_by && *described_by < cells.size() &&
          (description_column ||
           (web_link_in(cells[*described_by]) == nullptr && has_words(cells[*described_by])))) {
        entry.description = without_leading_dash(trim(plain_text(cells[*described_by])));
        entry.set_position("description", locate(cells[*described_by]));
      }
      // "| Title | Venue | [Code](repo) |": the code column links its code.
      if (cmark_node* code = code_column && *code_column < cells.size()
                                 ? web_link_in(cells[*code_column])
                                 : nullptr;
          code != nullptr && code != link && entry.code.empty()) {
        entry.code = url_of(code);
        entry.set_position("code", locate(code));
      }
      rows.push_back(std::move(entry));
    }
    return add_block_entries(std::move(rows));
  }

  /// Adds the entries a block (a table, a quote, HTML) holds where the last
  /// heading puts entries; false when it holds none, so that it stays text.
  bool add_block_entries(std::vector<Entry> found) {
    if (found.empty()) {
      return false;
    }
    std::vector<Entry>& entries = entries_of(m_heading_group);
    // Grown once for the block, still geometrically: a table of 3,000 rows
    // moves each entry once, not at every doubling.
    if (const std::size_t needed = entries.size() + found.size(); needed > entries.capacity()) {
      entries.reserve(std::max(needed, 2 * entries.capacity()));
    }
    for (Entry& entry : found) {
      add_entry(std::move(entry), entries);
    }
    return true;
  }

  void read_heading(cmark_node* heading) {
    const int level = cmark_node_get_heading_level(heading);
    if (m_heading_entry && (level > m_heading_entry->level || m_heading_entry->in_details_tag) &&
        !heading_link(heading)) {
      // "## [Adala](…)" then "### Category", "### Links": parts of its details.
      m_heading_entry->in_details = true;
      m_out.list.headings.emplace_back(plain_text(heading, false));
      return;
    }
    m_heading_entry.reset();
    if (m_group_before_heading_group) {
      // The group a heading entry's list opened ends with the next heading.
      m_heading_group = *std::exchange(m_group_before_heading_group, std::nullopt);
    }
    const std::string title = heading_title(heading);
    // GitHub makes a heading's anchor from its rendered text, untrimmed:
    // tags and images add nothing, the spaces around them stay
    // ("# Name ![badge](…)" is #name-).
    m_out.list.headings.emplace_back(plain_text(heading, false));
    m_skipping = nullptr;
    const std::optional<HeadingLink> named = heading_link(heading);
    const bool links_resource = named && is_web_link(url_of(named->link));
    // "## Table of Contents" then "### Dependency Management": the
    // subheadings after a table of contents are the list's sections.
    // " # [SUN RGB-D](url) - A benchmark" among "##" sections: an entry
    // written one level too high, not a section of its own.
    const bool misleveled_entry = level == 1 && links_resource && !m_sections_at_level_one &&
                                  !m_out.list.sections.empty() && !named->description.empty();
    const bool section_level =
        (level <= 2 || m_after_contents) && !misleveled_entry &&
        !(level == 2 && m_sections_at_level_one && links_resource && !m_after_contents) &&
        !(level == 2 && m_level_two_links_are_entries && links_resource);
    if (section_level || (m_footer_group_level != 0 && level <= m_footer_group_level)) {
      m_in_footer = false;  // a subheading stays in the footer
      m_footer_group_level = 0;
    }
    const std::string lower = to_lower(title);
    const bool contents = is_contents_title(lower);
    if (level == 1 && m_out.list.title.empty() && m_out.list.sections.empty()) {
      m_out.list.title = title;
      // "# Table Of Contents" as the first heading: what follows is no preamble.
      m_seen_section_heading = contents;
      return;
    }
    if (section_level) {
      m_seen_section_heading = true;
      if (contents) {
        m_skipping = "table-of-contents items";
        m_after_contents = level <= 2;
        return;
      }
      if (level <= 2) {
        m_after_contents = false;
      }
      if (is_footer_title(lower) || (is_news_title(lower) && opens_the_list())) {
        m_in_footer = true;  // a section still: its prose stays, its items are no entries
      }
      Section section;
      section.title = title;
      section.location = locate(heading);
      m_out.list.sections.push_back(std::move(section));
      m_heading_group = k_section_entries;
      m_sections_at_level_one = m_sections_at_level_one || level == 1;
      return;
    }
    if (m_in_footer) {
      return;  // a subheading of the footer ("### [zgen](…)" under "## Installation")
    }
    if (!links_resource && is_see_also(lower)) {
      // "### See also" inside a section: its pointers, up to the next heading
      // as high, are the list's own too.
      m_in_footer = true;
      m_footer_group_level = level;
      return;
    }
    if (links_resource) {
      if (m_out.list.title.empty() && m_out.list.sections.empty()) {
        // Above the list's title stand its banner and sponsors, not its entries.
        ++m_out.not_entries["link headings above the list's title"];
        return;
      }
      // "### [alf](https://github.com/o/alf)" and a paragraph: an entry
      // written as a heading, described by the paragraph below it, or on
      // the heading itself ("#### [superconsole](…) - Windows-only").
      if (level == 2 && m_level_two_links_are_entries) {
        // A list of "##" entries is one section, after its preamble if any.
        if (opens_the_list()) {
          Section section;
          section.title = m_out.list.title;
          section.location = locate(heading);
          m_out.list.sections.push_back(std::move(section));
          m_seen_section_heading = true;
        }
        m_heading_group = k_section_entries;
      }
      Entry entry;
      entry.location = locate(named->link);
      entry.set_position("url", entry.location);
      entry.url = url_of(named->link);
      entry.title = trim(plain_text(named->link));
      if (!named->description.empty()) {
        entry.description = named->description;
        entry.description_form = DescriptionForm::heading;
        entry.set_position("description", locate(heading));
      }
      entry.end_line = cmark_node_get_end_line(heading);
      std::vector<Entry>& entries = entries_of(m_heading_group);
      add_entry(std::move(entry), entries);
      // An entry written one level too high ends where a section does.
      m_heading_entry = HeadingEntry{
          .group = m_heading_group, .index = entries.size() - 1, .level = std::max(level, 2)};
      return;
    }
    const std::size_t previous_group = m_heading_group;
    open_group(title, locate(heading));
    m_group_just_opened = OpenedGroup{.previous_group = previous_group, .level = level};
  }

  /// The one web link a paragraph is made of, written as its bare URL
  /// ("https://github.com/NVIDIA/cuda-samples"); null for anything else.
  cmark_node* bare_url(cmark_node* paragraph) const {
    cmark_node* found = nullptr;
    for (cmark_node* node = cmark_node_first_child(paragraph); node != nullptr;
         node = cmark_node_next(node)) {
      const cmark_node_type type = cmark_node_get_type(node);
      if (type == CMARK_NODE_LINK && found == nullptr && is_web_link(node) &&
          trim(plain_text(node)) == url_of(node)) {
        found = node;
      } else if (type != CMARK_NODE_SOFTBREAK && type != CMARK_NODE_LINEBREAK &&
                 !(type == CMARK_NODE_TEXT && trim(literal(node)).empty())) {
        return nullptr;
      }
    }
    return found;
  }

  /// The group a heading without a link opened, and what it replaced.
  struct OpenedGroup {
    std::size_t previous_group;
    int level;
  };

  /// "### cuda-samples", then a bare URL, then a paragraph: the heading the
  /// group was opened for names an entry, the URL links it and the paragraph
  /// describes it. False, and the group stays, when the paragraph is no URL.
  bool read_url_under_heading(cmark_node* paragraph, const OpenedGroup& opened) {
    cmark_node* link = bare_url(paragraph);
    std::vector<Group>& groups = current_section().groups;
    if (link == nullptr || groups.empty() || !groups.back().entries.empty()) {
      return false;
    }
    Entry entry;
    entry.title = trim(without_shortcodes(groups.back().title));  // "Pointcept :star:"
    entry.location = groups.back().location;
    groups.pop_back();
    m_heading_group = opened.previous_group;
    entry.url = url_of(link);
    entry.set_position("url", locate(link));
    entry.end_line = cmark_node_get_end_line(paragraph);
    std::vector<Entry>& entries = entries_of(m_heading_group);
    add_entry(std::move(entry), entries);
    m_heading_entry =
        HeadingEntry{.group = m_heading_group, .index = entries.size() - 1, .level = opened.level};
    return true;
  }

  struct HeadingLink {
    cmark_node* link = nullptr;
    std::string description;
  };

  /// The link a heading is made of, and the description written after it:
  /// "### [name](url)", "### [name](url) 🦥 - Text". Nothing when words come
  /// before the link or after it without a separator ("## [Docs](url) and more").
  std::optional<HeadingLink> heading_link(cmark_node* heading) const {
    // Marks before the link ("### :star: [Name](url)", "### 🤖 [Name](url)")
    // and an anchor for the contents ('## <a name="wasm3"></a>[Wasm3](url)')
    // are no words of the heading.
    cmark_node* link = cmark_node_first_child(heading);
    while (link != nullptr && ((cmark_node_get_type(link) == CMARK_NODE_TEXT &&
                                !has_word_character(without_shortcodes(literal(link)))) ||
                               cmark_node_get_type(link) == CMARK_NODE_HTML_INLINE)) {
      link = cmark_node_next(link);
    }
    if (link == nullptr || cmark_node_get_type(link) != CMARK_NODE_LINK) {
      return std::nullopt;
    }
    // Nor is a way back to the contents after it ("<sup>[top⇈](#contents)</sup>").
    std::string after;
    for (cmark_node* child = cmark_node_next(link); child != nullptr;
         child = cmark_node_next(child)) {
      if (!is_navigation_link(child)) {
        after += plain_text(child, false);
      }
    }
    if (trim(after).empty()) {
      return HeadingLink{.link = link};
    }
    const SeparatorAt separator = m_separators.find(after, true);
    if (separator.at == std::string_view::npos) {
      return std::nullopt;
    }
    const std::string_view before = std::string_view(after).substr(0, separator.at);
    if (std::any_of(before.begin(), before.end(),
                    [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; })) {
      return std::nullopt;  // "### [name](url) v2 - Text": words of the title
    }
    return HeadingLink{
        .link = link,
        .description = collapse_spaces(trim(after.substr(separator.at + separator.size)))};
  }

  /// Whether a heading (in lower case) opens a table of contents.
  static bool is_contents_title(std::string_view lower) {
    return lower == "contents" || lower == "table of contents" || lower == "\u76ee\u5f55";
  }

  /// Whether a heading (in lower case) opens what else to read: "See also".
  static bool is_see_also(std::string_view lower) {
    static const RE2 k_see_also(R"(\W*see also\W*)");
    return RE2::FullMatch(lower, k_see_also);
  }

  /// Whether a heading (in lower case) opens a list's footer: its own
  /// licence, how to contribute, who sponsors it. The list's own news ("##
  /// Latest News 💥", "## Changelog") too: its items say what changed in the
  /// list; where it was featured; what it no longer recommends ("#
  /// Deprecated": a reason for each, no description); and what else to read
  /// ("## See also"), links the list points to, not entries it offers.
  static bool is_footer_title(std::string_view lower) {
    static const RE2 k_footer(
        R"((?i)^\W*(?:licen[cs]e|contribut\w*|how to contribute|sponsors?|backers|support(?: us)?|)"
        R"(acknowledge?ments?|footnotes|credits|code of conduct|installation|how to use|)"
        R"(latest news|news and updates|recent updates|updates|change ?log|what'?s new|)"
        R"((?:as )?(?:featured|seen|mentioned) (?:on|in)|press|)"
        R"((?:deprecated|archived|unmaintained|abandoned|discontinued|inactive)(?: projects?)?|)"
        R"(join (?:the|our) community|contact(?: us)?|get in touch|follow us)\W*$)");
    return RE2::FullMatch(lower, k_footer) || is_see_also(lower);
  }

  /// Whether a heading (in lower case) is "News" alone ("## 🔔 News"). Opening
  /// the list, before its first section, it is the list's own news (a paper
  /// accepted, the list trending); further down it may be a topic of
  /// resources (news sites), so only is_footer_title's "Latest News" is
  /// taken anywhere.
  static bool is_news_title(std::string_view lower) {
    static const RE2 k_news(R"(\W*news\W*)");
    return RE2::FullMatch(lower, k_news);
  }

  /// Whether no section has opened yet but the preamble's.
  bool opens_the_list() const {
    return m_out.list.sections.empty() || (m_preamble_section && m_out.list.sections.size() == 1);
  }

  /// A list of at least this many "##" headings that link resources, with
  /// at most one other "##" heading for each this many of them (its contents
  /// and footer aside), is a list of entries written as headings.
  static constexpr std::size_t k_min_heading_entries = 3;
  static constexpr std::size_t k_heading_entries_per_other = 3;

  /// Whether the list is "##" headings that each link a resource ("## [Wasm3](url)"
  /// then its description, one after another, the contents aside): they are
  /// its entries, not its sections.
  bool level_two_links_are_entries(cmark_node* document) const {
    std::size_t linked = 0;
    std::size_t other = 0;
    for (cmark_node* block = cmark_node_first_child(document); block != nullptr;
         block = cmark_node_next(block)) {
      if (cmark_node_get_type(block) == CMARK_NODE_HEADING &&
          cmark_node_get_heading_level(block) == 2) {
        const std::optional<HeadingLink> named = heading_link(block);
        if (named && is_web_link(url_of(named->link))) {
          ++linked;
        } else if (const std::string lower = to_lower(heading_title(block));
                   !is_contents_title(lower) && !is_footer_title(lower)) {
          ++other;
        }
      }
    }
    return linked >= k_min_heading_entries && linked >= k_heading_entries_per_other * other;
  }

  /// The blocks under a heading entry: its first paragraph with words is its
  /// description, its lists are its details.
  void read_heading_entry_block(cmark_node* block) {
    Entry& entry = entries_of(m_heading_entry->group).at(m_heading_entry->index);
    switch (cmark_node_get_type(block)) {
      case CMARK_NODE_LIST:
        // In a list of "##" entries the entries are its headings: a
        // list under one links the entry's SDKs and users ("**Used by**").
        if (!m_heading_entry->lead_in && !m_heading_entry->in_details &&
            (m_level_two_links_are_entries ? top_web_link_items(block) : web_link_items(block)) >=
                k_min_linked_items) {
          // "### [LLM量化](…)", a paragraph, then a list of articles: the
          // heading also names the group of the entries its list links.
          std::string title = entry.title;
          Location location = entry.location;
          m_heading_entry.reset();
          m_group_before_heading_group = m_heading_group;
          open_group(std::move(title), std::move(location));
          read_list(block);
          return;
        }
        not_entries("details under an entry", count_items(block));
        if (entry.description_form == DescriptionForm::paragraph &&
            entry.description.ends_with(':')) {
          entry.description_form = DescriptionForm::lead_in;
        }
        return;
      case CMARK_NODE_PARAGRAPH: {
        m_heading_entry->lead_in = trim(plain_text(block)).ends_with(':');
        if (!entry.description.empty() || m_heading_entry->in_details) {
          return;  // "### Category" then "General purpose": a detail
        }
        std::string text;
        for (cmark_node* child = cmark_node_first_child(block); child != nullptr;
             child = cmark_node_next(child)) {
          if (!is_badge(child)) {
            text += plain_text(child);
          }
        }
        entry.description = collapse_spaces(text);
        if (!entry.description.empty()) {
          entry.description_form = DescriptionForm::paragraph;
          entry.set_position("description", locate(block));
          entry.end_line = cmark_node_get_end_line(block);
        }
        return;
      }
      case CMARK_NODE_BLOCK_QUOTE:
        // "## [Vim](…)" then "> Vim emulation for VS Code.": the quote's
        // first paragraph describes the entry as a plain paragraph would.
        if (cmark_node* first = cmark_node_first_child(block);
            first != nullptr && cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH) {
          read_heading_entry_block(first);
        }
        return;
      case CMARK_NODE_HTML_BLOCK: {
        const std::string html = to_lower(literal(block));
        if (html.find("</details") != std::string::npos) {
          m_heading_entry->in_details_tag = false;
        } else if (html.find("<details") != std::string::npos) {
          m_heading_entry->in_details_tag = true;
        }
        return;
      }
      default:
        return;
    }
  }

  /// A group the entries that follow belong to, until the next heading or
  /// group opens.
  void open_group(std::string title, Location location) {
    m_heading_group = add_group(std::move(title), std::move(location));
  }

  /// Adds a group to the current section, its label written in the list of
  /// group `under` (k_section_entries: of the section); returns its index.
  std::size_t add_group(std::string title, Location location,
                        std::size_t under = k_section_entries) {
    Group group;
    group.title = std::move(title);
    group.location = std::move(location);
    if (under != k_section_entries) {
      group.under = current_section().groups.at(under).title;
    }
    current_section().groups.push_back(std::move(group));
    return current_section().groups.size() - 1;
  }

  /// "<details><summary><b>Category</b> <kbd>5 projects</kbd></summary>"
  /// without a link: a collapsible category, read as a group heading. False
  /// when the block holds no such summary.
  bool read_html_category(cmark_node* block) {
    const std::string html = literal(block);
    if (to_lower(html).find("<summary") == std::string::npos) {
      return false;
    }
    const links::HtmlDocument document(html);
    std::vector<const GumboNode*> stack{document.root()};
    while (!stack.empty()) {
      const GumboNode* node = stack.back();
      stack.pop_back();
      if (node->type != GUMBO_NODE_ELEMENT) {
        continue;
      }
      if (node->v.element.tag == GUMBO_TAG_SUMMARY) {
        std::string title(trim(html_item_text(node, node).title));
        if (title.empty()) {
          return false;
        }
        open_group(std::move(title), locate(block));
        return true;
      }
      const GumboVector& children = node->v.element.children;
      for (unsigned i = children.length; i > 0; --i) {
        stack.push_back(static_cast<const GumboNode*>(children.data[i - 1]));
      }
    }
    return false;
  }

  /// '<a name="c" />' then '<h2>C</h2>' within a section: a heading written
  /// in HTML names the group of the entries after it, as "### C" would.
  /// False when the block holds anything else, or stands before any section.
  bool read_html_heading(cmark_node* block) {
    if (!m_seen_section_heading || m_out.list.sections.empty()) {
      return false;  // (a footer's blocks are its text before they get here)
    }
    const links::HtmlDocument document(literal(block));
    const GumboNode* heading = nullptr;
    std::vector<const GumboNode*> stack{document.root()};
    while (!stack.empty()) {
      const GumboNode* node = stack.back();
      stack.pop_back();
      if (node->type == GUMBO_NODE_TEXT && !trim(node->v.text.text).empty()) {
        return false;  // words outside the heading: prose
      }
      if (node->type != GUMBO_NODE_ELEMENT) {
        continue;
      }
      switch (node->v.element.tag) {
        case GUMBO_TAG_H1:
        case GUMBO_TAG_H2:
        case GUMBO_TAG_H3:
        case GUMBO_TAG_H4:
        case GUMBO_TAG_H5:
        case GUMBO_TAG_H6:
          if (heading != nullptr) {
            return false;
          }
          heading = node;
          continue;  // its words are its title
        case GUMBO_TAG_IMG:
        case GUMBO_TAG_TABLE:
        case GUMBO_TAG_UL:
        case GUMBO_TAG_OL:
          return false;
        default:
          break;
      }
      const GumboVector& children = node->v.element.children;
      for (unsigned i = children.length; i > 0; --i) {
        stack.push_back(static_cast<const GumboNode*>(children.data[i - 1]));
      }
    }
    if (heading == nullptr) {
      return false;
    }
    std::string title(trim(html_item_text(heading, heading).title));
    if (title.empty()) {
      return false;
    }
    open_group(std::move(title), locate(block));
    return true;
  }

  Section& current_section() {
    if (m_out.list.sections.empty()) {
      Section section;
      section.title = m_out.list.title;
      section.location = Location{m_path, 1, 1};
      m_out.list.sections.push_back(std::move(section));
      m_preamble_section = !m_seen_section_heading;
    }
    return m_out.list.sections.back();
  }

  void read_paragraph(cmark_node* paragraph) {
    if (m_skipping != nullptr) {
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
    if (std::optional<Entry> entry = m_in_footer ? std::nullopt : paragraph_entry(paragraph)) {
      add_entry(std::move(*entry), entries_of(m_heading_group));
      return;
    }
    if (std::optional<std::string> label = m_in_footer ? std::nullopt : labels_list(paragraph)) {
      // "*List of C or C++ compilers*" over a list: a heading written in
      // emphasis names the group the list's entries belong to.
      open_group(std::move(*label), locate(paragraph));
      return;
    }
    if (!m_in_footer && has_web_link(paragraph)) {
      // Counted, so that a shape of entries the reader does not know shows.
      ++m_out.not_entries["paragraphs with links, read as a section's prose"];
    }
    append_text(source);
  }

  /// The words of a paragraph made of one emphasis and no link, when a list
  /// of entries follows it: "*List of C compilers*", "**Parsers:**".
  static std::optional<std::string> labels_list(cmark_node* paragraph) {
    static constexpr std::size_t k_max_label_bytes = 100;
    cmark_node* emphasis = cmark_node_first_child(paragraph);
    cmark_node* next = cmark_node_next(paragraph);
    if (emphasis == nullptr || cmark_node_next(emphasis) != nullptr ||
        (cmark_node_get_type(emphasis) != CMARK_NODE_EMPH &&
         cmark_node_get_type(emphasis) != CMARK_NODE_STRONG) ||
        first_link_in(emphasis) != nullptr || next == nullptr ||
        cmark_node_get_type(next) != CMARK_NODE_LIST || !has_entry_items(next)) {
      return std::nullopt;
    }
    std::string label(trim(plain_text(emphasis)));
    drop_trailing(label, " :");
    if (label.empty() || label.size() > k_max_label_bytes || !has_word_character(label)) {
      return std::nullopt;
    }
    return label;
  }

  /// Whether `node` links another site ("[⬆ Back to Index](#index)" does not).
  bool has_web_link(cmark_node* node) const {
    return any_node(node, CMARK_NODE_LINK, [this](cmark_node* link) { return is_web_link(link); });
  }

  static bool has_child_of_type(cmark_node* node, cmark_node_type type) {
    for (cmark_node* child = cmark_node_first_child(node); child != nullptr;
         child = cmark_node_next(child)) {
      if (cmark_node_get_type(child) == type) {
        return true;
      }
    }
    return false;
  }

  /// Text after a title link that starts a sentence rather than continuing
  /// the title: a space, or a comma or a dash and a space ("[Clean
  /// Code](…), Robert C. Martin.", "[Netz](…)- Discover …"), then at least
  /// two words ("Inspired by"), not "and" between two links. A colon
  /// separates only in a list that says so: "[Name](…): Subtitle" may be a
  /// title.
  static bool starts_prose(std::string_view text) {
    if (!text.starts_with(' ') && !text.starts_with(", ") && !text.starts_with("- ")) {
      return false;
    }
    std::size_t words = 0;
    bool in_word = false;
    for (const char c : text) {
      const bool letter = std::isalpha(static_cast<unsigned char>(c)) != 0;
      if (letter && !in_word) {
        ++words;
      }
      in_word = letter;
    }
    return words >= 2;
  }

  /// Whether `text` holds a letter or a digit: "⭐ ", "🧰 " and "[" hold none.
  static bool has_word_character(std::string_view text) {
    return std::any_of(text.begin(), text.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
  }

  /// `text` without emoji shortcodes (":tada:", ":fire::fire:"): a
  /// shortcode opens after a space, the start or another shortcode, so
  /// "std::vector::size" keeps its colons.
  static std::string without_shortcodes(std::string_view text) {
    std::string kept;
    std::size_t after_shortcode = std::string_view::npos;
    for (std::size_t i = 0; i < text.size();) {
      const bool may_open =
          text[i] == ':' && (i == 0 || i == after_shortcode ||
                             std::isspace(static_cast<unsigned char>(text[i - 1])) != 0);
      std::size_t end = i + 1;
      while (may_open && end < text.size() &&
             (std::islower(static_cast<unsigned char>(text[end])) != 0 ||
              std::isdigit(static_cast<unsigned char>(text[end])) != 0 || text[end] == '_' ||
              text[end] == '+' || text[end] == '-')) {
        ++end;
      }
      if (may_open && end > i + 1 && end < text.size() && text[end] == ':' &&
          std::islower(static_cast<unsigned char>(text[i + 1])) != 0) {
        after_shortcode = end + 1;
        i = end + 1;
        continue;
      }
      kept += text[i];
      ++i;
    }
    return kept;
  }

  /// Whether `text` goes on with words rather than a separator: after
  /// "[[ArXiv](…)]" a title, after "[[sevenz-rust](…)]" a " - Text".
  static bool starts_words(std::string_view text) {
    const std::string_view words = trim(text);
    const bool dash = std::any_of(k_dash_marks.begin(), k_dash_marks.end(),
                                  [&](std::string_view mark) { return words.starts_with(mark); });
    return !words.empty() && !dash &&
           (std::isalnum(static_cast<unsigned char>(words.front())) != 0 ||
            static_cast<unsigned char>(words.front()) >= 0x80);
  }

  /// The words of a description without the dash written before them: a
  /// table cell's "- Python bindings", an item's "[Name](…) -Assemble, …".
  static std::string without_leading_dash(std::string_view text) {
    const std::string_view words = trim(text);
    for (const std::string_view dash : k_dash_marks) {
      if (!words.starts_with(dash)) {
        continue;
      }
      const std::string_view rest = trim(words.substr(dash.size()));
      if (!rest.empty() && std::isalnum(static_cast<unsigned char>(rest.front())) != 0) {
        return std::string(rest);
      }
    }
    return std::string(text);
  }

  /// Whether `paragraph` links its resources the way lists of papers do, each
  /// in brackets after the bold title: "**Title.** Team. [[Blog](url)]".
  static bool links_in_brackets(cmark_node* paragraph) {
    for (cmark_node* node = cmark_node_first_child(paragraph); node != nullptr;
         node = cmark_node_next(node)) {
      cmark_node* before = cmark_node_previous(node);
      if (cmark_node_get_type(node) == CMARK_NODE_LINK && before != nullptr &&
          cmark_node_get_type(before) == CMARK_NODE_TEXT && literal(before).ends_with('[')) {
        return true;
      }
    }
    return false;
  }

  /// Whether `node` is a title in bold or italics without a link, alone
  /// before a line break ("**Fast Inference via Speculative Decoding**").
  static bool emphasised_title(cmark_node* node) {
    const cmark_node_type type = cmark_node_get_type(node);
    if ((type != CMARK_NODE_STRONG && type != CMARK_NODE_EMPH) || first_link_in(node) != nullptr) {
      return false;
    }
    cmark_node* after = next_words(node);
    return after != nullptr && is_break(after);
  }

  /// The first sibling after `node` that is not blank text.
  static cmark_node* next_words(cmark_node* node) {
    cmark_node* after = cmark_node_next(node);
    while (after != nullptr && cmark_node_get_type(after) == CMARK_NODE_TEXT &&
           trim(literal(after)).empty()) {
      after = cmark_node_next(after);
    }
    return after;
  }

  /// Whether `title` reads as a name: a few words, no clause.
  static bool is_name(std::string_view title) {
    if (title.empty() || title.find(',') != std::string_view::npos) {
      return false;
    }
    std::size_t words = 0;
    bool in_word = false;
    for (const char c : title) {
      const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
      words += !space && !in_word ? 1 : 0;
      in_word = !space;
    }
    return words <= 6;
  }

  /// Whether `node` is words that end with a full stop after the title's
  /// link: "[Name](url)." then a line break.
  static bool ends_sentence(cmark_node* node) {
    return node != nullptr && cmark_node_get_type(node) == CMARK_NODE_TEXT &&
           trim(literal(node)) == "." && cmark_node_previous(node) != nullptr &&
           cmark_node_get_type(cmark_node_previous(node)) == CMARK_NODE_LINK;
  }

  /// Whether `node` is a label in bold or italics that ends with a colon:
  /// "**Why it matters:**".
  static bool labels_a_field(cmark_node* node) {
    const cmark_node_type type = cmark_node_get_type(node);
    return (type == CMARK_NODE_STRONG || type == CMARK_NODE_EMPH) &&
           first_link_in(node) == nullptr && trim(plain_text(node, false)).ends_with(':');
  }

  /// Whether a line that opens with `node` describes the entry above it:
  /// words ("Salary stats for tech companies.") or its code link, not a
  /// second resource ("-[Other](url)" written without a list marker's space).
  static bool describes(cmark_node* node) {
    if (cmark_node_get_type(node) == CMARK_NODE_LINK) {
      return is_code_label(plain_text(node));
    }
    return cmark_node_get_type(node) == CMARK_NODE_TEXT && starts_prose(" " + literal(node));
  }

  /// The link that `node` emphasises and holds alone ("**[Name](url)**",
  /// "_**[Name](url)**_"), else null.
  static cmark_node* emphasised_link(cmark_node* node) {
    // Two levels cover bold, italic and both; deeper nesting is no entry's title.
    for (int depth = 0; depth < 3 && node != nullptr; ++depth) {
      const cmark_node_type type = cmark_node_get_type(node);
      if (type == CMARK_NODE_LINK) {
        return depth > 0 ? node : nullptr;
      }
      if ((type != CMARK_NODE_STRONG && type != CMARK_NODE_EMPH) ||
          cmark_node_first_child(node) != cmark_node_last_child(node)) {
        return nullptr;
      }
      node = cmark_node_first_child(node);
    }
    return nullptr;
  }

  /// Whether the first link in `paragraph` is written in HTML ("<b><a
  /// href=…>Name</a></b> - Text (https://arxiv.org/…)"): the item is HTML,
  /// whatever Markdown links follow.
  static bool html_link_comes_first(cmark_node* paragraph) {
    bool html = false;
    cmark_iter* iter = cmark_iter_new(paragraph);
    for (cmark_event_type event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
      cmark_node* at = cmark_iter_get_node(iter);
      if (event != CMARK_EVENT_ENTER) {
        continue;
      }
      if (cmark_node_get_type(at) == CMARK_NODE_LINK) {
        break;
      }
      if (cmark_node_get_type(at) == CMARK_NODE_HTML_INLINE &&
          to_lower(literal(at)).starts_with("<a ")) {
        html = true;
        break;
      }
    }
    cmark_iter_free(iter);
    return html;
  }

  /// An image, or a link around nothing but an image: a badge or an icon.
  static bool is_badge(cmark_node* node) {
    const cmark_node_type type = cmark_node_get_type(node);
    if (type == CMARK_NODE_IMAGE) {
      return true;
    }
    if (type != CMARK_NODE_LINK) {
      return false;
    }
    // "[![OSS][oss] ![Freeware][free]](repo)": images and the spaces between.
    bool image = false;
    for (cmark_node* child = cmark_node_first_child(node); child != nullptr;
         child = cmark_node_next(child)) {
      const cmark_node_type child_type = cmark_node_get_type(child);
      if (child_type == CMARK_NODE_IMAGE) {
        image = true;
      } else if (child_type != CMARK_NODE_TEXT || !trim(literal(child)).empty()) {
        return false;
      }
    }
    return image;
  }

  /// Whether a badge links the code of the entry whose link is `entry_url`:
  /// it links a repository that its image is about ("github/stars/o/r") or
  /// that it names as code ("![Code](…)", "GitHub Repo stars"), and not the
  /// entry's own. A build or policy badge ("unsafe forbidden") links
  /// something else.
  static bool badge_links_code(cmark_node* badge, std::string_view entry_url) {
    const std::optional<std::string> repo = github_repo_containing(url_of(badge));
    const std::optional<std::string> own = github_repo_containing(entry_url);
    if (!repo || (own && to_lower(*own) == to_lower(*repo))) {
      return false;
    }
    static const RE2 k_names_code(
        R"((?i)\b(?:code|github|stars?|repo(?:sitory)?|source|oss|open[- ]?source)\b)");
    for (cmark_node* image = cmark_node_first_child(badge); image != nullptr;
         image = cmark_node_next(image)) {
      if (cmark_node_get_type(image) != CMARK_NODE_IMAGE) {
        continue;
      }
      const std::string source = url_of(image);
      if (to_lower(source).find(to_lower(*repo)) != std::string::npos ||
          RE2::PartialMatch(plain_text(image), k_names_code) ||
          RE2::PartialMatch(source, k_names_code)) {
        return true;
      }
    }
    return false;
  }

  /// Whether `url` is a link to another site, not an anchor or a file here.
  static bool is_web_link(const std::string& url) {
    return !url.empty() && !url.starts_with("#") && !is_relative_link(url);
  }
  /// The same for a link node of the document, as survey_links judged it.
  bool is_web_link(cmark_node* link) const {
    const std::string url = url_of(link);
    return !url.empty() && !url.starts_with("#") && !is_relative_link(link);
  }

  /// A line break inside a paragraph: a soft or hard break, or an inline <br>.
  static bool is_break(cmark_node* node) {
    static const RE2 k_br(R"((?i)<br\s*/?>)");
    const cmark_node_type type = cmark_node_get_type(node);
    return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK ||
           (type == CMARK_NODE_HTML_INLINE && RE2::FullMatch(literal(node), k_br));
  }

  /// A numbered reference, as reading lists write papers: "**[5]** Simonyan,
  /// Karen, and Andrew Zisserman. "**Very deep convolutional networks**."
  /// arXiv (2014). [[pdf]](url) **(VGGNet)** :star::star:". The bold (or
  /// quoted) words are the title, the first web link is the entry's URL, and
  /// the authors, venue and notes describe it.
  std::optional<Entry> reference_entry(cmark_node* paragraph) {
    static const RE2 k_number(R"(\s*\[\d{1,4}\]\s*)");
    static const RE2 k_number_first(R"(\s*\[\d{1,4}\]\s+(.*))");
    cmark_node* number = cmark_node_first_child(paragraph);
    std::string opening;  // the words after a number written as plain text
    if (cmark_node_get_type(number) == CMARK_NODE_STRONG) {
      if (!RE2::FullMatch(plain_text(number), k_number)) {
        return std::nullopt;
      }
    } else if (cmark_node_get_type(number) != CMARK_NODE_TEXT ||
               !RE2::FullMatch(literal(number), k_number_first, &opening)) {
      return std::nullopt;
    }
    Entry entry;
    entry.location = locate(paragraph);
    entry.end_line = cmark_node_get_end_line(paragraph);
    cmark_node* title = nullptr;
    std::string before_title = opening;
    std::string after_title;
    std::string after_url;  // with no bold title: the notes after its link
    for (cmark_node* node = cmark_node_next(number); node != nullptr;
         node = cmark_node_next(node)) {
      const cmark_node_type type = cmark_node_get_type(node);
      if (type == CMARK_NODE_LINK) {
        if (!is_web_link(node)) {
          continue;
        }
        if (entry.url.empty()) {
          entry.url = url_of(node);
          entry.set_position("url", locate(node));
        } else if (entry.code.empty() && is_code_label(plain_text(node))) {
          entry.code = url_of(node);  // "[[code]](repo)"
          entry.set_position("code", locate(node));
        }
        continue;
      }
      if (title == nullptr && entry.url.empty() && type == CMARK_NODE_STRONG &&
          first_link_in(node) == nullptr) {
        title = node;
        continue;
      }
      (title != nullptr     ? after_title
       : !entry.url.empty() ? after_url
                            : before_title) += plain_text(node, false);
    }
    if (entry.url.empty()) {
      return std::nullopt;
    }
    static const RE2 k_quote_marks(R"([\s"\x{201C}\x{201D}]+$)");
    static const RE2 k_leading_marks(R"(^[\s"\x{201C}\x{201D}.,]+)");
    std::string authors(trim(before_title));
    // "[20] Authors. "Title." Venue (2015). [[pdf]](url) **(note)**": quotes
    // mark the title where no bold does.
    static const RE2 k_quoted(
        R"((.*?)["\x{201C}]([^"\x{201C}\x{201D}]{3,}?)[.,]?["\x{201D}]\s*(.*))");
    std::string quoted;
    std::string venue;
    if (title == nullptr && RE2::FullMatch(before_title, k_quoted, &authors, &quoted, &venue)) {
      entry.title = trim(quoted);
      authors = trim(authors);
      entry.description = collapse_spaces(without_shortcodes(
          trim(authors + " " + std::string(trim(venue)) + " " + std::string(trim(after_url)))));
    } else if (title == nullptr) {
      // "[3] Authors. Title. Venue, 2019. [pdf](url)": no words stand out,
      // so all of them title the entry; the notes after its link describe it.
      entry.title = collapse_spaces(without_shortcodes(authors));
      entry.description = collapse_spaces(without_shortcodes(trim(after_url)));
    } else {
      entry.title = trim(plain_text(title, false));
      RE2::Replace(&authors, k_quote_marks, "");
      RE2::Replace(&after_title, k_leading_marks, "");
      entry.description = collapse_spaces(
          without_shortcodes(trim(authors + (authors.empty() ? "" : " ") + after_title)));
    }
    entry.title = trim(entry.title);
    drop_trailing(entry.title, ".,");
    if (entry.title.empty()) {
      return std::nullopt;
    }
    entry.set_position("title", locate(title != nullptr ? title : number));
    if (!entry.description.empty()) {
      entry.set_position("description", locate(paragraph));
    }
    return entry;
  }

  /// A paragraph that is an entry: "**[Name](url)**" alone or followed by a
  /// separator or a line break and the description, "[Name](url) - text",
  /// or a bold plain title, a line break and the resource's links below it
  /// ("**Title** \ *Authors* \ [[Paper](url)] [[Code](url)]"). A paragraph of
  /// prose that opens with a link ("[X](url) is a library that…") is not.
  std::optional<Entry> paragraph_entry(cmark_node* paragraph) {
    cmark_node* holder = cmark_node_first_child(paragraph);
    if (holder == nullptr) {
      return std::nullopt;
    }
    if (std::optional<Entry> reference = reference_entry(paragraph)) {
      return reference;
    }
    const cmark_node_type holder_type = cmark_node_get_type(holder);
    const bool emphasised = holder_type == CMARK_NODE_STRONG || holder_type == CMARK_NODE_EMPH;
    cmark_node* link = holder_type == CMARK_NODE_LINK ? holder
                       : emphasised                   ? cmark_node_first_child(holder)
                                                      : nullptr;
    // "**[Name](url)**": the emphasis holds the link and nothing else;
    // "[**Name**](url)" then a line: the link holds the emphasis.
    if (link != nullptr && (cmark_node_get_type(link) != CMARK_NODE_LINK ||
                            (emphasised && cmark_node_next(link) != nullptr) ||
                            !is_web_link(link) || is_badge(link))) {
      link = nullptr;
    }
    Entry entry;
    entry.location = locate(paragraph);
    entry.end_line = cmark_node_get_end_line(paragraph);
    cmark_node* rest = cmark_node_next(holder);
    if (link == nullptr) {
      // A bold plain title: its links follow on the next lines.
      cmark_node* after_title = next_words(holder);
      if (!emphasised || after_title == nullptr ||
          (!is_break(after_title) && !links_in_brackets(paragraph))) {
        return std::nullopt;
      }
      // The words beside the links ("The Tencent Team. 2026.01.") describe it.
      std::string words;
      bool on_title_line = true;
      for (cmark_node* node = rest; node != nullptr; node = cmark_node_next(node)) {
        const cmark_node_type type = cmark_node_get_type(node);
        if (type != CMARK_NODE_LINK) {
          on_title_line = on_title_line && !is_break(node);
          if (on_title_line && type != CMARK_NODE_IMAGE && type != CMARK_NODE_HTML_INLINE) {
            words += plain_text(node, false);
          }
          continue;
        }
        words += on_title_line ? " " : "";
        if (!is_web_link(node)) {
          continue;
        }
        if (entry.url.empty()) {
          entry.url = url_of(node);
          entry.set_position("url", locate(node));
        } else if (entry.code.empty() && is_code_label(plain_text(node))) {
          entry.code = url_of(node);
          entry.set_position("code", locate(node));
        }
      }
      if (entry.url.empty()) {
        return std::nullopt;
      }
      entry.title = trim(plain_text(holder, false));
      drop_trailing(entry.title, ".");
      entry.set_position("title", locate(holder));
      // "[[Docs](…)] [[Code](…)]": the brackets and commas the links leave.
      // Lines of authors and dates under the title ("**Title** \ *Authors*")
      // are a byline, no sentence to judge: only words on the title's line
      // describe it.
      static const RE2 k_link_marks(R"(\[[\s,]*\]|\([\s,]*\)|(?:\s+[,;|])+(\s|$))");
      RE2::GlobalReplace(&words, k_link_marks, "\\1");
      entry.description = collapse_spaces(trim(words));
      if (!entry.description.empty()) {
        entry.set_position("description", locate(rest));
      }
      return entry;
    }
    entry.title = trim(plain_text(link, false));
    entry.url = url_of(link);
    entry.set_position("url", locate(link));
    entry.set_position("title", locate(link));
    // The description: after a separator on the title's line, else after
    // the first line break ("**[Name](url)** <kbd>★ 6</kbd><br>Text.").
    std::string description;
    bool started = false;
    for (cmark_node* node = rest; node != nullptr; node = cmark_node_next(node)) {
      if (started) {
        description += plain_text(node, false);
        continue;
      }
      if (is_break(node)) {
        started = true;
        entry.set_position("description", locate(node));
        continue;
      }
      if (cmark_node_get_type(node) != CMARK_NODE_TEXT) {
        continue;
      }
      const std::string text = literal(node);
      // Before a bold title's separator may stand metadata ("(2019)"); before a
      // plain link's, only space.
      if (const SeparatorAt separator = m_separators.find(text, true);
          separator.at != std::string_view::npos &&
          (emphasised || trim(text.substr(0, separator.at)).empty())) {
        description += text.substr(separator.at + separator.size);
        entry.set_position("description", locate(node));
        started = true;
      } else if (!emphasised && !trim(text).empty()) {
        return std::nullopt;  // prose that opens with a link
      }
    }
    if (!emphasised && !started) {
      return std::nullopt;  // a bare link on its own line is no entry
    }
    entry.description = trim(description);
    return entry;
  }

  /// The entries of an HTML block: each block element (li, p, summary, td,
  /// div…) whose first web link has text is one, read as an item would be:
  /// "<b><a href=…>Name</a></b> (stats) - Description." Links around images
  /// only (badges, logos) are not entries; code, kbd and image text is left
  /// out. False when the block holds none.
  bool read_html_entries(cmark_node* block) {
    const std::string html = literal(block);
    std::vector<Entry> found = html_entries(html, block);
    if (found.empty()) {
      return false;
    }
    // "<details><summary>entry</summary>" left open: what follows until it
    // closes (GitHub, PyPI links, notes) belongs to the entry.
    const std::string lower = to_lower(html);
    const std::size_t last_open = lower.rfind("<details");
    const std::size_t last_close = lower.rfind("</details");
    m_in_entry_details = last_open != std::string::npos &&
                         (last_close == std::string::npos || last_open > last_close);
    return add_block_entries(std::move(found));
  }

  /// The entries HTML text written at `node` holds (see read_html_entries).
  std::vector<Entry> html_entries(const std::string& html, cmark_node* written_at) {
    std::vector<Entry> found;
    if (to_lower(html).find("href") == std::string::npos) {
      return found;
    }
    const links::HtmlDocument document(html);
    std::vector<std::pair<const GumboNode*, const GumboNode*>> used;
    std::vector<std::string> undescribed;
    std::vector<const GumboNode*> stack{document.root()};
    const std::size_t block_start = m_lines.offset_of(cmark_node_get_start_line(written_at),
                                                      cmark_node_get_start_column(written_at));
    while (!stack.empty()) {
      const GumboNode* node = stack.back();
      stack.pop_back();
      if (node->type != GUMBO_NODE_ELEMENT) {
        continue;
      }
      const GumboElement& element = node->v.element;
      for (unsigned i = element.children.length; i > 0; --i) {
        stack.push_back(static_cast<const GumboNode*>(element.children.data[i - 1]));
      }
      const GumboAttribute* href =
          element.tag == GUMBO_TAG_A ? gumbo_get_attribute(&element.attributes, "href") : nullptr;
      if (href == nullptr || !is_web_link(std::string(trim(href->value)))) {
        continue;
      }
      const GumboNode* container = html_container(node);
      const std::optional<std::string> row_name = name_of_row(container);
      HtmlItemText text = html_item_text(container, node);
      if (row_name && !names_a_kind(text.title)) {
        // "<tr><td>GPT-Neo</td><td>MIT</td><td><a href=…>Pile</a></td>": the
        // row is the model its first cell names; the link, named by its own
        // name rather than as the row's paper or code, is the row's data.
        ++m_out.not_entries["links in a table row that its first cell names"];
        continue;
      }
      if (row_name) {
        // "<tr><td>Vicuna</td><td>2023/03</td><td><a href=…>Blog</a></td>":
        // the row's link named by a kind links the row's name.
        text.title = *row_name;
      }
      // A paragraph of lines, each a link and its text ("<p><a…>Name</a> -
      // Text.<br><a…>Other</a> - Text.<br></p>"), holds an item per line.
      const std::pair<const GumboNode*, const GumboNode*> item{container, text.line};
      if (std::find(used.begin(), used.end(), item) != used.end()) {
        continue;
      }
      if (trim(text.title).empty()) {
        continue;  // a badge or a logo
      }
      if (std::any_of(text.before.begin(), text.before.end(),
                      [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; })) {
        continue;  // a link inside a sentence ("Discover other <a>lists</a>") is prose
      }
      const SeparatorAt separator = m_separators.find(text.after, true);
      if (text.line != nullptr && separator.at == std::string_view::npos) {
        // A later line names and describes its resource, or none does: then
        // the summary counts the line.
        undescribed.emplace_back(trim(href->value));
        continue;
      }
      used.push_back(item);
      Entry entry;
      entry.url = std::string(trim(href->value));
      const std::size_t at = m_text.find(entry.url, block_start);
      const Location where =
          m_lines.locate(m_path, at == std::string_view::npos ? block_start : at);
      entry.location = where;
      entry.set_position("url", where);
      entry.set_position("title", where);
      entry.title = trim(text.title);
      if (separator.at != std::string_view::npos) {
        entry.description =
            trim(std::string_view(text.after).substr(separator.at + separator.size));
        // "… forum bezpieka.org.<b>*</b>": a mark after the last sentence
        // (the list's "temporarily unavailable") is no word of it.
        if (entry.description.size() > 2 && entry.description.ends_with(".*")) {
          entry.description.pop_back();
        }
        entry.set_position("description", where);
        ++m_out.separators_used[std::string(separator.mark)];
      }
      entry.end_line = cmark_node_get_end_line(written_at);
      found.push_back(std::move(entry));
    }
    for (const std::string& url : undescribed) {
      if (std::none_of(found.begin(), found.end(),
                       [&](const Entry& entry) { return entry.url == url; })) {
        ++m_out.not_entries["links on an HTML line that describes nothing"];
      }
    }
    return found;
  }

  /// When `cell` is a later cell of a table row whose first cell names the
  /// row in words, without a link: those words.
  static std::optional<std::string> name_of_row(const GumboNode* cell) {
    if (cell->type != GUMBO_NODE_ELEMENT ||
        (cell->v.element.tag != GUMBO_TAG_TD && cell->v.element.tag != GUMBO_TAG_TH) ||
        cell->parent == nullptr || cell->parent->type != GUMBO_NODE_ELEMENT ||
        cell->parent->v.element.tag != GUMBO_TAG_TR) {
      return std::nullopt;
    }
    const GumboVector& cells = cell->parent->v.element.children;
    for (unsigned i = 0; i < cells.length; ++i) {
      const auto* first = static_cast<const GumboNode*>(cells.data[i]);
      if (first->type != GUMBO_NODE_ELEMENT ||
          (first->v.element.tag != GUMBO_TAG_TD && first->v.element.tag != GUMBO_TAG_TH)) {
        continue;
      }
      if (first == cell) {
        return std::nullopt;
      }
      // An explicit stack: the first cell's text and whether it links.
      std::string words;
      std::vector<const GumboNode*> stack{first};
      while (!stack.empty()) {
        const GumboNode* node = stack.back();
        stack.pop_back();
        if (node->type == GUMBO_NODE_TEXT) {
          words += node->v.text.text;
        } else if (node->type == GUMBO_NODE_ELEMENT) {
          if (node->v.element.tag == GUMBO_TAG_A) {
            return std::nullopt;
          }
          const GumboVector& children = node->v.element.children;
          for (unsigned j = children.length; j > 0; --j) {
            stack.push_back(static_cast<const GumboNode*>(children.data[j - 1]));
          }
        }
      }
      if (!has_word_character(words)) {
        return std::nullopt;
      }
      return collapse_spaces(trim(words));
    }
    return std::nullopt;
  }

  /// The block element an HTML link stands in: the nearest li, p, summary,
  /// table cell, dd/dt, div or blockquote, else the document's body.
  static const GumboNode* html_container(const GumboNode* link) {
    const GumboNode* node = link->parent;
    for (; node != nullptr && node->type == GUMBO_NODE_ELEMENT; node = node->parent) {
      switch (node->v.element.tag) {
        case GUMBO_TAG_LI:
        case GUMBO_TAG_P:
        case GUMBO_TAG_SUMMARY:
        case GUMBO_TAG_TD:
        case GUMBO_TAG_TH:
        case GUMBO_TAG_DD:
        case GUMBO_TAG_DT:
        case GUMBO_TAG_DIV:
        case GUMBO_TAG_BLOCKQUOTE:
        case GUMBO_TAG_BODY:
          return node;
        default:
          break;
      }
    }
    return link->parent;
  }

  struct HtmlItemText {
    std::string before;  ///< the item's text before the link
    std::string title;   ///< the link's own text
    std::string after;   ///< the item's text after the link
    /// The line break the item's line opens after, in a paragraph of lines.
    const GumboNode* line = nullptr;
  };

  /// The text of `container` before and after `link`, and of `link` itself,
  /// without the text of code, kbd, images, scripts, styles and footnote
  /// marks (sup); in a
  /// paragraph or a division, only of the link's line (between <br>s). An
  /// explicit stack.
  static HtmlItemText html_item_text(const GumboNode* container, const GumboNode* link) {
    HtmlItemText text;
    const GumboTag container_tag = container->v.element.tag;
    const bool lines = container_tag == GUMBO_TAG_P || container_tag == GUMBO_TAG_DIV ||
                       container_tag == GUMBO_TAG_BODY || container_tag == GUMBO_TAG_BLOCKQUOTE;
    enum class Part { before, title, after, done } part = Part::before;
    // A null entry marks the end of the link's subtree.
    std::vector<const GumboNode*> stack{container};
    while (!stack.empty()) {
      const GumboNode* node = stack.back();
      stack.pop_back();
      if (node == nullptr) {
        part = Part::after;
        continue;
      }
      if (part == Part::done) {
        break;
      }
      if (node->type == GUMBO_NODE_TEXT || node->type == GUMBO_NODE_WHITESPACE) {
        (part == Part::before  ? text.before
         : part == Part::title ? text.title
                               : text.after) += node->v.text.text;
        continue;
      }
      if (node->type != GUMBO_NODE_ELEMENT) {
        continue;
      }
      const GumboTag tag = node->v.element.tag;
      if (tag == GUMBO_TAG_BR && lines) {
        if (part == Part::before) {
          text.before.clear();
          text.line = node;
        } else if (part == Part::after) {
          part = Part::done;
        }
        continue;
      }
      // "<sup>1</sup>" is a footnote's mark, no words of the item.
      if (tag == GUMBO_TAG_CODE || tag == GUMBO_TAG_KBD || tag == GUMBO_TAG_IMG ||
          tag == GUMBO_TAG_SCRIPT || tag == GUMBO_TAG_STYLE || tag == GUMBO_TAG_SVG ||
          tag == GUMBO_TAG_SUP) {
        continue;
      }
      if (node == link) {
        part = Part::title;
        stack.push_back(nullptr);
      }
      const GumboVector& children = node->v.element.children;
      for (unsigned i = children.length; i > 0; --i) {
        stack.push_back(static_cast<const GumboNode*>(children.data[i - 1]));
      }
    }
    return text;
  }

  /// Paragraphs quoted as entries ("> **[Name](url)** …<br>Text."): each one
  /// that is an entry becomes one. False when none is.
  bool read_quoted_entries(cmark_node* quote) {
    std::vector<Entry> found;
    for (cmark_node* child = cmark_node_first_child(quote); child != nullptr;
         child = cmark_node_next(child)) {
      if (cmark_node_get_type(child) == CMARK_NODE_PARAGRAPH) {
        if (std::optional<Entry> entry = paragraph_entry(child)) {
          found.push_back(std::move(*entry));
        }
      }
    }
    return add_block_entries(std::move(found));
  }

  /// Text between a heading and its entries belongs to the section's intro.
  void append_text(const std::string& source) {
    if (m_skipping != nullptr || m_out.list.sections.empty()) {
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
    if (titles_a_loose_item(paragraph)) {
      return true;
    }
    // "`-t` - show timestamp": an item named by inline code and linking
    // nothing explains a command, as the lines under a code block do.
    const bool names_code =
        cmark_node_get_type(cmark_node_first_child(paragraph)) == CMARK_NODE_CODE;
    for (cmark_node* node = cmark_node_first_child(paragraph); node != nullptr;
         node = cmark_node_next(node)) {
      if (names_code && cmark_node_get_type(node) != CMARK_NODE_LINK) {
        continue;
      }
      if (cmark_node_get_type(node) == CMARK_NODE_LINK ||
          (cmark_node_get_type(node) == CMARK_NODE_TEXT &&
           literal(node).find(k_item_separator) != std::string::npos)) {
        return true;
      }
    }
    return false;
  }

  /// Whether `test` holds for any node of `list`, at any depth, of `type`.
  template <typename Test>
  static bool any_node(cmark_node* list, cmark_node_type type, Test test) {
    return find_node(list, type, test) != nullptr;
  }

  /// A list under an entry written as a heading that links this many items,
  /// and no lead-in ("Tools provided:") before it, holds entries, not the
  /// entry's details.
  static constexpr std::size_t k_min_linked_items = 2;

  /// Whether `paragraph` opens an item with a web link.
  static bool opens_item_with_web_link(cmark_node* paragraph) {
    const std::optional<std::string> link = leading_link(paragraph);
    return cmark_node_get_type(cmark_node_parent(paragraph)) == CMARK_NODE_ITEM && link &&
           links::classify_link(*link) == links::LinkKind::web;
  }

  /// How many items of `list`, at any depth, start with a web link.
  static std::size_t web_link_items(cmark_node* list) {
    std::size_t count = 0;
    find_node(list, CMARK_NODE_PARAGRAPH, [&](cmark_node* paragraph) {
      count += opens_item_with_web_link(paragraph) ? 1 : 0;
      return false;
    });
    return count;
  }

  /// How many of `list`'s own items, not nested ones, start with a web link.
  static std::size_t top_web_link_items(cmark_node* list) {
    std::size_t count = 0;
    for (cmark_node* item = cmark_node_first_child(list); item != nullptr;
         item = cmark_node_next(item)) {
      cmark_node* first = cmark_node_first_child(item);
      count += first != nullptr && cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH &&
                       opens_item_with_web_link(first)
                   ? 1
                   : 0;
    }
    return count;
  }

  /// Whether any item of `list`, at any depth, starts with a web link.
  static bool leads_with_web_link(cmark_node* list) {
    return any_node(list, CMARK_NODE_PARAGRAPH, opens_item_with_web_link);
  }

  /// Whether any item of `list`, at any depth, is an entry: entries nested
  /// under category bullets count.
  static bool has_entry_items(cmark_node* list) {
    return any_node(list, CMARK_NODE_ITEM, is_entry_item);
  }

  /// The URL of the link an item's text starts with, if it starts with one.
  static std::optional<std::string> leading_link(cmark_node* paragraph) {
    cmark_node* first = cmark_node_first_child(paragraph);
    // Before it may stand a mark ("⭐ ") or a venue ("[OSDI'23] "), no words.
    static const RE2 k_venue(R"(\s*\[[^\[\]]{1,40}\]\s*)");
    const auto no_words = [](cmark_node* node) {
      const std::string text = literal(node);
      return RE2::FullMatch(text, k_venue) || !has_word_character(text);
    };
    while (first != nullptr && cmark_node_get_type(first) == CMARK_NODE_TEXT && no_words(first)) {
      first = cmark_node_next(first);
    }
    if (first == nullptr || cmark_node_get_type(first) != CMARK_NODE_LINK) {
      return std::nullopt;
    }
    return url_of(first);
  }

  /// Whether an item with nested items is a label over them: text without a
  /// description over entries, but never a table of contents' line, and a
  /// linked name only over items that describe themselves.
  bool is_label(cmark_node* paragraph, const std::vector<cmark_node*>& nested) const {
    // "- Let's build a URL shortener - with Gin & Redis" over its parts: words
    // without a link name a group, whatever they hold; a link and words
    // after it are an entry.
    if (nested.empty() ||
        (has_web_link(paragraph) &&
         m_separators.find(plain_text(paragraph), true).at != std::string_view::npos) ||
        std::none_of(nested.begin(), nested.end(),
                     [](cmark_node* first) { return has_entry_items(cmark_node_parent(first)); })) {
      return false;
    }
    const std::optional<std::string> link = leading_link(paragraph);
    return !link || (!link->starts_with('#') && describes_nested_items(nested));
  }

  /// Whether an item of `nested` (first items of nested lists) describes
  /// itself and links its resource. A linked name over such items is a label ("[BLAS](…)" over
  /// "[rust-blas](…) - BLAS bindings"); over bare links it is an entry and
  /// they are its details ("[Catalyst.GAN](…)" over the papers it implements).
  bool describes_nested_items(const std::vector<cmark_node*>& nested) const {
    for (cmark_node* first : nested) {
      for (cmark_node* item = first; item != nullptr; item = cmark_node_next(item)) {
        cmark_node* paragraph = cmark_node_first_child(item);
        // Described and linked: an entry. Sentences under a linked article
        // ("- Define the problem - what …") are its notes, not entries, and
        // so is a course's material ("[Assignments](…) - Just do `git
        // clone …`") or a sentence that links a page after its dash.
        if (paragraph == nullptr || cmark_node_get_type(paragraph) != CMARK_NODE_PARAGRAPH ||
            notes_the_entry_above(paragraph)) {
          continue;
        }
        const std::size_t separator = m_separators.find(plain_text(paragraph), false).at;
        if (separator != std::string_view::npos && links_before(paragraph, separator)) {
          return true;
        }
      }
    }
    return false;
  }

  /// Whether a web link of `paragraph` starts before `offset` of its plain
  /// text: the name before a separator is linked.
  bool links_before(cmark_node* paragraph, std::size_t offset) const {
    std::size_t at = 0;
    for (cmark_node* node = cmark_node_first_child(paragraph); node != nullptr && at < offset;
         node = cmark_node_next(node)) {
      if (has_web_link(node)) {  // the node itself, or a link inside its emphasis
        return true;
      }
      at += plain_text(node).size();
    }
    return false;
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

  /// The summary's count of items that only link an entry's work elsewhere.
  static constexpr const char* k_other_links_of_the_entry =
      "other links of the entry above (\"[arxiv version](…)\")";

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
      bool under_entry;
      // The entry the previous item made, when it has no description yet;
      // for a level's first item, the entry it is nested under.
      std::optional<std::size_t> undescribed;
      bool undescribed_is_parent = false;
    };
    std::vector<Level> levels{{cmark_node_first_child(list), group, false, std::nullopt}};
    while (!levels.empty()) {
      cmark_node* item = levels.back().next;
      if (item == nullptr) {
        levels.pop_back();
        continue;
      }
      levels.back().next = cmark_node_next(item);
      const std::size_t target = levels.back().group;
      bool nested_under_entry = levels.back().under_entry;
      cmark_node* paragraph = nullptr;
      cmark_node* heading = nullptr;
      std::vector<cmark_node*> nested;
      for (cmark_node* block = cmark_node_first_child(item); block != nullptr;
           block = cmark_node_next(block)) {
        if (cmark_node_get_type(block) == CMARK_NODE_PARAGRAPH &&
            block == cmark_node_first_child(item)) {
          paragraph = block;
        } else if (cmark_node_get_type(block) == CMARK_NODE_HEADING &&
                   block == cmark_node_first_child(item)) {
          heading = block;
        } else if (cmark_node_get_type(block) == CMARK_NODE_LIST) {
          nested.push_back(cmark_node_first_child(block));
        }
      }
      ++m_out.list_items;
      std::size_t nested_group = target;
      const std::optional<std::size_t> undescribed =
          std::exchange(levels.back().undescribed, std::nullopt);
      const bool describes_parent = std::exchange(levels.back().undescribed_is_parent, false);
      std::optional<std::size_t> entry_made;
      if (heading != nullptr) {
        // "- #### **Operating Systems**" over its courses: GitHub renders the
        // heading, with its anchor, and the items under it are its group.
        m_out.list.headings.emplace_back(plain_text(heading, false));
        ++m_out.not_entries["headings written in a list item (read as group headings)"];
        if (!nested.empty()) {
          nested_group = add_group(heading_title(heading), locate(item), target);
        }
      } else if (paragraph == nullptr) {
        ++m_out.not_entries["items without text"];
      } else if (undescribed && nested.empty() &&
                 (describes_parent ? describes_entry_above(paragraph)
                                   : describes_item_above(paragraph))) {
        // "- [Title](url)" then "- A technical guide to …": a list that
        // writes each description as the next item, or as the first item
        // under it ("- [CS 61C](url) **Machine Structures**", then
        // "  - The subjects covered include …", then its links).
        ++m_out.not_entries["descriptions written as the next item"];
        Entry& entry = entries_of(target).at(*undescribed);
        const std::string sentence = collapse_spaces(trim(plain_text(paragraph)));
        if (entry.description.empty()) {
          entry.description = sentence;
          entry.set_position("description", locate(paragraph));
        } else {
          // "- [2023/11] **Title.** *Authors.* [[paper](…)]" then "  - The
          // work presents …": the sentence goes on from the credit.
          entry.description += " " + sentence;
          if (entry.description_form == DescriptionForm::credit) {
            entry.description_form = DescriptionForm::item;
          }
        }
        entry.end_line = cmark_node_get_end_line(item);
      } else if (cmark_node* links = links_under_plain_title(paragraph, nested)) {
        // "- [ICLR'24] CO2: …" over "  - [[arxiv](…)] [[openreview](…)]":
        // one entry, titled above and linked below.
        std::vector<Entry>& entries = entries_of(target);
        read_titled_item(item, paragraph, first_link_in(links), entries);
        entries.back().detail = nested_under_entry;
        not_entries(k_other_links_of_the_entry, 1);
        nested.clear();
      } else if (is_label(paragraph, nested)) {
        ++m_out.not_entries["category labels (read as group headings)"];
        nested_group = add_group(std::string(trim(plain_text(paragraph))), locate(item), target);
      } else if (is_byline(paragraph)) {
        ++m_out.not_entries["author bylines"];
      } else if (nested_under_entry && nested.empty() && only_kind_links(paragraph)) {
        // "- [tf.data service](…)" then "  - [arxiv version](…)": the same
        // work at another address, no entry of its own (its link is still
        // checked with every link of the list).
        ++m_out.not_entries[k_other_links_of_the_entry];
      } else if (nested_under_entry && nested.empty() && notes_the_entry_above(paragraph)) {
        // "- [Lectures](…) of a previous session are available to watch.",
        // "- The course uses the [Torch](…) library.", "- As far as
        // prerequisites are concerned - basic …" under a course: its
        // material or a note on it, no entry of its own (links still checked).
        ++m_out.not_entries["material of the entry above and notes on it"];
      } else if (std::optional<LinksLine> line = links_line(paragraph)) {
        read_links_line(item, *line, target);
      } else {
        std::vector<Entry>& entries = entries_of(target);
        const std::size_t before = entries.size();
        read_item(item, paragraph, entries);
        if (entries.size() > before) {
          entries.back().detail = nested_under_entry;
          nested_under_entry = true;
          const bool no_description = entries.back().description.empty();
          if ((no_description || m_described_by_credit_only) && !entries.back().url.empty()) {
            entry_made = entries.size() - 1;
            if (nested.empty() && no_description) {
              levels.back().undescribed = entry_made;
            }
          }
        }
      }
      for (auto it = nested.rbegin(); it != nested.rend(); ++it) {
        const bool first_list = it == nested.rend() - 1;
        levels.push_back({*it, nested_group, nested_under_entry,
                          first_list ? entry_made : std::nullopt, first_list && entry_made});
      }
    }
  }

  /// The paragraph of the one item under a plain title that is only the
  /// title's links ("[[arxiv](…)] [[code](…)]"), else null.
  static cmark_node* links_under_plain_title(cmark_node* paragraph,
                                             const std::vector<cmark_node*>& nested) {
    if (nested.size() != 1 || cmark_node_next(nested.front()) != nullptr ||
        first_link_in(paragraph) != nullptr) {
      return nullptr;
    }
    const std::string words(trim(plain_text(paragraph)));
    cmark_node* links = cmark_node_first_child(nested.front());
    if (!has_word_character(words) || words.ends_with(':') || links == nullptr ||
        cmark_node_get_type(links) != CMARK_NODE_PARAGRAPH || cmark_node_next(links) != nullptr ||
        !only_kind_links(links)) {
      return nullptr;
    }
    return links;
  }

  /// Whether an item describes the entry of the item above it, which has no
  /// description: a sentence of four or more words, no link, no separator.
  bool describes_item_above(cmark_node* paragraph) const {
    static const RE2 k_sentence(R"(\s*\p{Lu}\S*(?:\s+\S+){3,}\.\s*)");
    const std::string text = plain_text(paragraph);
    return first_link_in(paragraph) == nullptr &&
           m_separators.find(text, false).at == std::string_view::npos &&
           RE2::FullMatch(text, k_sentence);
  }

  /// Whether the first item under an entry with no description describes
  /// it: a bullet that is a sentence, ending in a full stop or of eight
  /// words, that does not open with a link and has no separator ("Uses the
  /// [Pyret](…) language to teach …"); its links are mentions. A numbered
  /// list ("1. Vanilla models") or short phrases list what the entry holds.
  bool describes_entry_above(cmark_node* paragraph) const {
    static const RE2 k_sentence(R"(\s*\p{Lu}\S*(?:\s+\S+){3,}\.\s*|\s*\p{Lu}\S*(?:\s+\S+){7,}\s*)");
    cmark_node* first = cmark_node_first_child(paragraph);
    cmark_node* list = cmark_node_parent(cmark_node_parent(paragraph));
    const std::string text = plain_text(paragraph);
    return first != nullptr && cmark_node_get_type(first) == CMARK_NODE_TEXT && list != nullptr &&
           cmark_node_get_type(list) == CMARK_NODE_LIST &&
           cmark_node_get_list_type(list) == CMARK_BULLET_LIST &&
           m_separators.find(text, false).at == std::string_view::npos &&
           RE2::FullMatch(text, k_sentence);
  }

  /// Whether `paragraph`, the first of an item whose later paragraphs link
  /// its resource, opens with a title in bold or italics: "1. **TensorFlow: A
  /// System for Large-Scale Machine Learning** OSDI 2016", its authors and
  /// "Code: [url](url)" in the paragraphs below; or is a plain title whose
  /// links are tags below it ("- A Protein Model", then "[[Paper](…)]
  /// [[code](…)]").
  static bool titles_a_loose_item(cmark_node* paragraph) {
    cmark_node* first = cmark_node_first_child(paragraph);
    if (first == nullptr || first_link_in(paragraph) != nullptr) {
      return false;
    }
    cmark_node* link = later_link(paragraph);
    if (link == nullptr) {
      return false;
    }
    const cmark_node_type type = cmark_node_get_type(first);
    if (type == CMARK_NODE_STRONG || type == CMARK_NODE_EMPH) {
      return !trim(plain_text(first, false)).empty();
    }
    const std::string words(trim(plain_text(paragraph)));
    cmark_node* before_link = cmark_node_previous(link);
    return type == CMARK_NODE_TEXT && has_word_character(words) && !words.ends_with(':') &&
           names_a_kind(plain_text(link)) &&
           (before_link == nullptr || trim(literal(before_link)) == "[");
  }

  /// The first web link that opens a link in the paragraphs after
  /// `paragraph` within its item, else null.
  static cmark_node* later_link(cmark_node* paragraph) {
    for (cmark_node* block = cmark_node_next(paragraph); block != nullptr;
         block = cmark_node_next(block)) {
      if (cmark_node_get_type(block) != CMARK_NODE_PARAGRAPH) {
        continue;
      }
      if (cmark_node* link = first_link_in(block); link != nullptr && is_web_link(url_of(link))) {
        return link;
      }
    }
    return nullptr;
  }

  /// An item titled in bold or plain words whose links follow in later
  /// paragraphs or in the one item under it; `link`, the first of them, is
  /// its link.
  void read_titled_item(cmark_node* item, cmark_node* paragraph, cmark_node* link,
                        std::vector<Entry>& entries) {
    cmark_node* title = cmark_node_first_child(paragraph);
    Entry entry;
    entry.location = locate(item);
    entry.end_line = cmark_node_get_end_line(item);
    entry.set_position("title", locate(title));
    if (cmark_node_get_type(title) == CMARK_NODE_TEXT) {
      entry.title = trim(plain_text(paragraph));  // a plain title, tagged below
    } else {
      entry.title = trim(plain_text(title, false));
      std::string rest;
      for (cmark_node* node = cmark_node_next(title); node != nullptr;
           node = cmark_node_next(node)) {
        rest += plain_text(node, false);
      }
      entry.description = collapse_spaces(trim(rest));
    }
    entry.url = url_of(link);
    entry.set_position("url", locate(link));
    if (cmark_node_get_type(title) == CMARK_NODE_TEXT) {
      // "Title", then "[[Paper](…)] [[code](…)] (2024.02.28)": the words
      // after the last link describe the entry, as they do on one line.
      cmark_node* last = link;
      for (cmark_node* next = cmark_node_next(link); next != nullptr;
           next = cmark_node_next(next)) {
        last = cmark_node_get_type(next) == CMARK_NODE_LINK ? next : last;
      }
      std::string rest;
      for (cmark_node* node = cmark_node_next(last); node != nullptr;
           node = cmark_node_next(node)) {
        rest += plain_text(node, false);
      }
      std::string_view words = trim(rest);
      while (words.starts_with(']')) {
        words = trim(words.substr(1));  // the chip's closing bracket
      }
      if (!words.empty()) {
        entry.description = collapse_spaces(words);
        entry.set_position("description", locate(cmark_node_next(last)));
      }
    }
    // "[[Paper](…)] [[code](repo)]": a tag below that labels code links it.
    for (cmark_node* next = cmark_node_next(link); next != nullptr && entry.code.empty();
         next = cmark_node_next(next)) {
      if (cmark_node_get_type(next) == CMARK_NODE_LINK && is_code_label(plain_text(next))) {
        entry.code = url_of(next);
        entry.set_position("code", locate(next));
      }
    }
    add_entry(std::move(entry), entries);
  }

  /// Whether an item names who made something rather than a resource:
  /// "Authors: [Ann](https://x.com/ann) and [Bo](…)", "By [Ann](…)".
  static bool is_byline(cmark_node* paragraph) {
    static const RE2 k_byline(
        R"((?i)\s*(?:authors?|maintainers?|contributors?|(?:created |made |written |curated )?by)\s*:?\s*)");
    std::string before;
    for (cmark_node* node = cmark_node_first_child(paragraph); node != nullptr;
         node = cmark_node_next(node)) {
      if (cmark_node_get_type(node) == CMARK_NODE_LINK) {
        return RE2::FullMatch(before, k_byline);
      }
      before += plain_text(node);
    }
    return false;
  }

  /// An item that only names resources, each by its link, after an optional
  /// label: "Go: [pq](…), [pgx](…)", "Meetup [Berlin](…) - [Düsseldorf](…)".
  struct LinksLine {
    std::string label;  // "Go", "Meetup"; empty when the links stand alone
    std::vector<cmark_node*> links;
  };

  /// Whether a link's label names a kind of resource ("paper", "slides", a
  /// code label) rather than a resource: "[Name](repo), [paper](arxiv)" is
  /// one entry.
  static bool names_a_kind(std::string_view label) {
    static const RE2 k_kind(
        R"((?i)\s*\[?\s*(?:paper|pdf|arxiv|openreview|slides?|video|talk|blog|post|docs?|)"
        R"(documentation|website|site|home ?page|demo|project|link|url|here|ebook|book|tutorial|)"
        R"(download|part\s*\d{1,2})(?:\s+(?:version|copy|mirror))?\s*\]?\s*)");
    return RE2::FullMatch(label, k_kind) || is_code_label(label);
  }

  /// Whether an item under an entry is its material or a note on it, not a
  /// resource of its own: no link at all; a link named as teaching
  /// material, then words only ("[Lectures](…) of a previous session are
  /// available"); or a sentence that mentions a link in passing ("The course
  /// uses the [Torch](…) library"), where a paper's "Title [pdf](…)" names
  /// its link by a kind.
  static bool notes_the_entry_above(cmark_node* paragraph) {
    // A few words, one of which names a course's material: "Lecture Videos",
    // "Labs-Assignments", "Old Exams", "Project Ideas and Datasets"; not a
    // title that mentions one ("Adaptive Video Streaming at YouTube").
    static const RE2 k_material(
        R"((?i)\W*(?:[\p{L}\d.'’()+#-]+[\s/&,-]+){0,2}(?:lectures?|slides|videos?|exams?|)"
        R"(quiz(?:zes)?|syllabus|readings?|projects?|notes|assignments?|exercises|labs?|)"
        R"(homeworks?|problem\s+sets?|psets|solutions?|recordings?|recitations?|handouts?|)"
        R"(schedule|calendar|materials?|practicals|textbooks?|resources|coursepage|)"
        R"((?:course|github|web)\s*(?:page|website|site)|previous(?:\s+\w+)?)(?:[\s/&,-]+(?:and\s+)?)"
        R"([\p{L}\d.'’()+#-]+){0,2}\W*)");
    // Between two such links: marks and "and" only.
    static const RE2 k_between(R"([\s,;|/&()\[\]:-]*(?:(?:and|or)[\s,;|/&()\[\]:-]*)?)");
    cmark_node* first = cmark_node_first_child(paragraph);
    cmark_node* link = first_link_in(paragraph);
    if (first == nullptr || link == nullptr) {
      return first != nullptr;
    }
    if (link == first) {
      // Its material's links, then a note at most: "[Lectures](…) of a
      // previous session are available", "[Videos](…) | [Slides](…)".
      std::vector<cmark_node*> nodes;
      std::size_t last_link = 0;
      for (cmark_node* node = first; node != nullptr; node = cmark_node_next(node)) {
        if (first_link_in(node) != nullptr) {
          last_link = nodes.size();
        }
        nodes.push_back(node);
      }
      for (std::size_t i = 0; i < nodes.size(); ++i) {
        const cmark_node_type type = cmark_node_get_type(nodes[i]);
        if (type == CMARK_NODE_LINK
                ? !RE2::FullMatch(plain_text(nodes[i]), k_material)
                : i < last_link && (first_link_in(nodes[i]) != nullptr ||
                                    (type == CMARK_NODE_TEXT &&
                                     !RE2::FullMatch(literal(nodes[i]), k_between)))) {
          return false;
        }
      }
      return true;
    }
    // Four words or more before a link that is not named by a kind, or after
    // which the sentence goes on ("uses the [Torch](…) library"): a sentence.
    static const RE2 k_sentence_start(R"(\s*\p{Lu}\S*(?:\s+\S+){3,}\s+)");
    static const RE2 k_goes_on(R"(\s*\p{Ll}[\s\S]*)");
    std::string words;
    cmark_node* node = first;
    for (; node != link; node = cmark_node_next(node)) {
      const cmark_node_type type = cmark_node_get_type(node);
      if (type != CMARK_NODE_TEXT && type != CMARK_NODE_SOFTBREAK) {
        return false;
      }
      words += type == CMARK_NODE_TEXT ? literal(node) : std::string(" ");
    }
    cmark_node* after = cmark_node_next(link);
    return RE2::FullMatch(words, k_sentence_start) &&
           (!names_a_kind(plain_text(link)) ||
            (after != nullptr && cmark_node_get_type(after) == CMARK_NODE_TEXT &&
             RE2::FullMatch(literal(after), k_goes_on)));
  }

  /// Whether `paragraph` is only links named by the kind of page they open
  /// ("[arxiv version](…)", "[[pdf](…)] [[code](…)]"), with brackets, commas
  /// or bars between them.
  static bool only_kind_links(cmark_node* paragraph) {
    bool any_link = false;
    for (cmark_node* node = cmark_node_first_child(paragraph); node != nullptr;
         node = cmark_node_next(node)) {
      const cmark_node_type type = cmark_node_get_type(node);
      if (type == CMARK_NODE_LINK) {
        if (!is_web_link(url_of(node)) || !names_a_kind(plain_text(node))) {
          return false;
        }
        any_link = true;
      } else if (type != CMARK_NODE_TEXT ||
                 literal(node).find_first_not_of(" []|,") != std::string::npos) {
        return false;
      }
    }
    return any_link;
  }

  /// Whether nothing but marks follows `node` to the end of its paragraph:
  /// no link, no separator and no words (":dollar:" is a mark).
  bool ends_item(cmark_node* node) const {
    for (; node != nullptr; node = cmark_node_next(node)) {
      const cmark_node_type type = cmark_node_get_type(node);
      if (type == CMARK_NODE_LINK || (type != CMARK_NODE_TEXT && !is_badge(node)) ||
          (type == CMARK_NODE_TEXT && has_word_character(without_shortcodes(literal(node))))) {
        return false;
      }
    }
    return true;
  }

  /// Whether an item only points elsewhere: "Revision Control: see also
  /// [awesome-selfhosted#pm](…)", "SSH: [see awesome-ssh](…)" — the words
  /// before its first link, or the link's own, say "see" — or is only a
  /// link to more of its group ("[More…](…)").
  static bool is_cross_reference(cmark_node* paragraph) {
    static const RE2 k_see(R"((?i)(?:^|.*[\s:,(])see(?:\s+also)?\s*)");
    // "[See What I Mean?](…)" is a title: the link's own "see" counts only
    // after a label ("SSH: ").
    static const RE2 k_see_link(R"((?i)\s*see\s.*)");
    static const RE2 k_label(R"(.*\S.*:\s*)");
    // "- [More…](…)" closing a group: where to find the rest of its kind.
    static const RE2 k_more(
        R"((?i)\s*(?:see |and |\x{2026} ?and )?more(?: here)?\s*(?:\.\.\.|\x{2026})?\s*)");
    std::string before;
    for (cmark_node* node = cmark_node_first_child(paragraph); node != nullptr;
         node = cmark_node_next(node)) {
      if (cmark_node_get_type(node) == CMARK_NODE_LINK) {
        if (before.empty() && cmark_node_next(node) == nullptr &&
            RE2::FullMatch(plain_text(node), k_more)) {
          return true;
        }
        return before.size() <= 80 &&
               (RE2::FullMatch(before, k_see) ||
                (RE2::FullMatch(before, k_label) && RE2::FullMatch(plain_text(node), k_see_link)));
      }
      before += plain_text(node);
    }
    return false;
  }

  /// Whether every link of `paragraph` is a footnote's number ("[1](…)")
  /// after a statement of three or more words.
  static bool cites_only(cmark_node* paragraph) {
    static const RE2 k_number(R"(\s*\[?\d{1,3}\]?\s*)");
    bool cites = false;
    std::string words;
    for (cmark_node* node = cmark_node_first_child(paragraph); node != nullptr;
         node = cmark_node_next(node)) {
      if (cmark_node_get_type(node) == CMARK_NODE_LINK) {
        if (!RE2::FullMatch(plain_text(node), k_number)) {
          return false;
        }
        cites = true;
      } else if (cmark_node_get_type(node) == CMARK_NODE_TEXT) {
        words += literal(node);
      }
    }
    static const RE2 k_statement(R"(\s*\S+(?:\s+\S+){2,}\s*)");
    return cites && RE2::FullMatch(words, k_statement);
  }

  /// Whether words before a link only say what kind of resource it is:
  /// "Paper: " in "Paper: [Title](url)".
  static bool is_kind_lead_in(const std::string& words) {
    static const RE2 k_lead_in(R"(\s*([^:]{1,20}):\s*)");
    std::string kind;
    return RE2::FullMatch(words, k_lead_in, &kind) && names_a_kind(kind);
  }

  /// The links line `paragraph` is, if it is one: two or more web links named
  /// by their labels, one separator mark between them, and before them a
  /// label ("Go:", "Meetup") or a third link, so that "[Title](url) - [open
  /// source ebook](repo)" stays one entry described by its second link.
  static std::optional<LinksLine> links_line(cmark_node* paragraph) {
    static const RE2 k_mark(R"(,|-|–|—|\||·|/)");
    // A label written with a colon may be a sentence ("Lists of software
    // aimed at privacy: [a](…), [b](…)"); without one, a word or three.
    static const RE2 k_label(R"(([^:]{1,100}?)\s*:|(\S+(?:\s\S+){0,2}))");
    LinksLine line;
    std::string between;  // the text since the last link
    std::string mark;     // the one separator between links
    for (cmark_node* node = cmark_node_first_child(paragraph); node != nullptr;
         node = cmark_node_next(node)) {
      const cmark_node_type type = cmark_node_get_type(node);
      if (type == CMARK_NODE_TEXT || type == CMARK_NODE_SOFTBREAK) {
        between += type == CMARK_NODE_TEXT ? literal(node) : " ";
        continue;
      }
      const std::string label(trim(plain_text(node)));
      if (type != CMARK_NODE_LINK || !is_web_link(url_of(node)) || !has_word_character(label) ||
          names_a_kind(label)) {
        return std::nullopt;
      }
      const std::string text(trim(std::exchange(between, "")));
      if (line.links.empty()) {
        std::string named;
        std::string words;
        if (!text.empty() && (!RE2::FullMatch(text, k_label, &named, &words) ||
                              !has_word_character(named + words))) {
          return std::nullopt;
        }
        line.label = trim(named + words);
      } else if (!RE2::FullMatch(text, k_mark) || (!mark.empty() && mark != text)) {
        return std::nullopt;
      } else {
        mark = text;
      }
      line.links.push_back(node);
    }
    const std::string tail(trim(between));
    if (line.links.size() < 2 || (!tail.empty() && tail != ".") ||
        (line.label.empty() && line.links.size() < 3)) {
      return std::nullopt;
    }
    return line;
  }

  /// Each link of a links line is an entry titled by its label; the line's
  /// label is their group, or their description inside a group already.
  void read_links_line(cmark_node* item, const LinksLine& line, std::size_t target) {
    std::size_t group = target;
    if (target == k_section_entries && !line.label.empty()) {
      Group named;
      named.title = line.label;
      named.location = locate(item);
      Section& section = current_section();
      section.groups.push_back(std::move(named));
      group = section.groups.size() - 1;
    }
    for (cmark_node* link : line.links) {
      Entry entry;
      entry.location = locate(link);
      entry.end_line = cmark_node_get_end_line(item);
      entry.title = trim(plain_text(link));
      entry.url = url_of(link);
      entry.set_position("url", locate(link));
      if (group == target) {
        entry.description = line.label;
      }
      add_entry(std::move(entry), entries_of(group));
    }
  }

  void read_item(cmark_node* item, cmark_node* paragraph, std::vector<Entry>& entries) {
    m_described_by_credit_only = false;
    cmark_node* first = cmark_node_first_child(paragraph);
    if (first != nullptr && cmark_node_get_type(first) == CMARK_NODE_LINK &&
        url_of(first).starts_with("#")) {
      ++m_out.not_entries["table-of-contents items"];
      return;  // a table-of-contents line, checked by link/anchor
    }
    if (first != nullptr && cmark_node_get_type(first) == CMARK_NODE_LINK &&
        is_relative_link(first)) {
      ++m_out.not_entries["links into the repository"];
      return;  // a link into the repository (LICENSE, docs/), checked by link/relative
    }
    if (is_cross_reference(paragraph)) {
      ++m_out.not_entries["cross-references to other lists (\"see …\")"];
      return;  // "- SSH: see [awesome-ssh](…)": where to look, not what to read
    }
    if (static const RE2 k_sentence_opening(
            R"((?i)\s*(?:also|however|finally|besides|additionally|moreover|alternatively|)"
            R"(similarly|otherwise)\s*,\s*)");
        first != nullptr && cmark_node_get_type(first) == CMARK_NODE_TEXT &&
        RE2::FullMatch(literal(first), k_sentence_opening)) {
      // "- Also, [Quora](…), [Reddit](…), you know the drill.": a sentence
      // that goes on from the one before, not a resource.
      ++m_out.not_entries["prose items"];
      return;
    }
    if (cites_only(paragraph)) {
      // "- S3 peaks at 1.5 million requests per second.<sup>[2](…)</sup>": a
      // statement and its footnote, not a resource.
      ++m_out.not_entries["statements citing a source by number (\"…<sup>[1](…)</sup>\")"];
      return;
    }
    if (html_link_comes_first(paragraph)) {
      // "- <b><a href=…>Name</a></b> (stats) - Text.": the item is HTML.
      std::vector<Entry> found = html_entries(source_of(paragraph), paragraph);
      if (!found.empty()) {
        add_entry(std::move(found.front()), entries);
        return;
      }
    }
    if (titles_a_loose_item(paragraph)) {
      read_titled_item(item, paragraph, later_link(paragraph), entries);
      return;
    }
    if (find_node(paragraph, CMARK_NODE_LINK,
                  [](cmark_node* link) { return !links_no_resource(link); }) == nullptr &&
        m_separators.find(plain_text(paragraph), false).at == std::string_view::npos) {
      // A sentence among entries ("- Super-fast parallel installation."), a
      // placeholder ("- [标题]()"): no resource and no title to describe.
      const bool placeholder = find_node(paragraph, CMARK_NODE_LINK, [](cmark_node* link) {
                                 return is_placeholder_target(url_of(link));
                               }) != nullptr;
      ++m_out.not_entries[placeholder ? "placeholders (links without a URL)" : "prose items"];
      return;
    }
    Entry entry;
    entry.location = locate(item);
    entry.end_line = cmark_node_get_end_line(item);
    std::string title;
    std::string description;
    bool in_description = false;
    cmark_node* described_link = nullptr;
    cmark_node* entry_link = nullptr;  // the title's link, once read
    bool titled_by_emphasis = false;
    // "[[ArXiv](url)] Title": the link is a tag and the words after it are
    // the title, so a colon among them is the title's own.
    bool titled_after_tag = false;
    // "Title. [[Paper](url)]": a tag after the title links it.
    bool tagged_after_title = false;
    // Where italics (the authors) begin among the words before such a tag.
    std::optional<std::size_t> authors_at;
    // Where the authors in italics after the title's link end in the
    // description, when they open it.
    std::optional<std::size_t> credit_ends_at;
    // "[Mamba](repo), paper: [Title](arxiv), code: [x](repo)": the label a
    // list wrote before the entry's next link.
    std::optional<std::string> written_label;
    // "[OSDI'23]" written before the title's link, "[Very Good]" after it:
    // notes that open the description.
    std::string venue_tag;
    char closing = '\0';  // the bracket that closes around a link taken out of the words
    // "**Name** - ([Repo](…), [Home](…))": the links in brackets after a
    // name without a link, and the one of them that is the project's site.
    bool in_link_group = false;
    bool seen_link_group = false;
    cmark_node* group_site = nullptr;
    std::vector<cmark_node*> declarations;
    // The labels of the description's links that name a kind of page.
    std::vector<std::string> page_labels;
    // The entry's code: a link labelled so, or a badge on a repository's page
    // ("[![GitHub Repo stars](…)](https://github.com/o/r)"), the first only.
    auto set_code = [&](cmark_node* link) {
      entry.code = url_of(link);
      entry.set_position("code", locate(link));
    };
    auto take_code = [&](cmark_node* link, bool badge) {
      if (cmark_node_get_type(link) != CMARK_NODE_LINK || !entry.code.empty() ||
          (badge ? !badge_links_code(link, entry.links.empty() ? "" : entry.links.front().url)
                 : !is_code_label(plain_text(link)))) {
        return false;
      }
      set_code(link);
      return true;
    };
    // The link the entry is (its first): where its URL and title are.
    auto take_entry_link = [&](cmark_node* link, std::string label) {
      entry.set_position("url", locate(link));
      entry.set_position("title", locate(link));
      entry.links.push_back({std::move(label), url_of(link), locate(link), std::nullopt});
      entry_link = link;
    };
    // "[[code](…)]", "([code](…))": the brackets go with the link.
    // "([Demo](…), [Source Code](…))": the comma before the link goes too.
    const auto open_bracket_before = [&](std::string& words) {
      while (words.ends_with(' ') || words.ends_with(',')) {
        words.pop_back();
      }
      if (words.ends_with('[') || words.ends_with('(')) {
        closing = words.back() == '[' ? ']' : ')';
        words.pop_back();
        while (words.ends_with(' ')) {
          words.pop_back();
        }
      }
    };
    for (cmark_node* node = first; node != nullptr; node = cmark_node_next(node)) {
      const cmark_node_type type = cmark_node_get_type(node);
      if (cmark_node* next = cmark_node_next(node); is_break(node) && next != nullptr) {
        if (cmark_node_next(next) == nullptr && is_navigation_link(next)) {
          break;  // "**[⬆ back to top](#contents)**" on the item's last line
        }
        if (cmark_node_get_type(next) == CMARK_NODE_TEXT && is_bare_item_marker(literal(next)) &&
            cmark_node_next(next) != nullptr &&
            cmark_node_get_type(cmark_node_next(next)) == CMARK_NODE_LINK) {
          // "-[voxrai](…) - Text" under an item: meant as the next item, but
          // without a space after its dash Markdown joins it to this one. It
          // is no words of this entry, and the summary counts it.
          ++m_out.not_entries
                ["lines meant as items, with no space after the dash (\"-[name](url)\")"];
          break;
        }
      }
      if (type == CMARK_NODE_HTML_INLINE && is_declaration(literal(node))) {
        declarations.push_back(node);  // on the entry's own line: it binds here
        continue;
      }
      std::string text = plain_text(node);
      if (const char close = std::exchange(closing, '\0');
          close != '\0' && type == CMARK_NODE_TEXT && text.starts_with(close)) {
        text.erase(0, 1);
      }
      if (!in_description && type == CMARK_NODE_TEXT) {
        // ":tada: [Name](url) :fire::fire: - Text": GitHub draws these as
        // emoji; they are marks, not words, and their colons separate nothing.
        text = without_shortcodes(text);
      }
      if (!in_description) {
        static const RE2 k_written_label(R"(\s*[,;]\s*([A-Za-z][\w .+-]{0,24}?)\s*:\s*)");
        if (std::string written; type == CMARK_NODE_TEXT && !entry.links.empty() &&
                                 cmark_node_next(node) != nullptr &&
                                 cmark_node_get_type(cmark_node_next(node)) == CMARK_NODE_LINK &&
                                 RE2::FullMatch(text, k_written_label, &written)) {
          written_label = written;
          continue;
        }
        if (const std::optional<std::string> written = std::exchange(written_label, std::nullopt);
            written && type == CMARK_NODE_LINK) {
          // Another of the entry's links, under the label written before it.
          if (is_code_label(*written) && entry.code.empty()) {
            set_code(node);
          } else {
            entry.links.push_back({*written, url_of(node), locate(node), std::nullopt});
          }
          continue;
        }
        if (!entry.links.empty() && is_badge(node)) {
          take_code(node, true);  // a badge adds no words to the title
          continue;
        }
        static const RE2 k_byline(R"(\s*,?\s+(by)\s+)");
        if (std::string by; type == CMARK_NODE_TEXT && !entry.links.empty() && !titled_after_tag &&
                            cmark_node_next(node) != nullptr &&
                            cmark_node_get_type(cmark_node_next(node)) == CMARK_NODE_LINK &&
                            RE2::FullMatch(text, k_byline, &by)) {
          // "[Title](url) by [Author](…)": the byline describes the entry;
          // the author's page is none of its links.
          in_description = true;
          entry.set_position("description", locate(node));
          description += by + " ";
          continue;
        }
        if (type == CMARK_NODE_LINK && is_placeholder_target(url_of(node)) &&
            names_a_kind(plain_text(node))) {
          // "[[paper](…)] [[code](-)]": a tag the list left empty is no word
          // of the title and links nothing.
          open_bracket_before(title);
          continue;
        }
        if (cmark_node* link = type == CMARK_NODE_LINK ? node : emphasised_link(node);
            link != nullptr && !links_no_resource(link)) {
          if (!entry.links.empty() && take_code(link, false)) {
            // "[Title](paper) [[code](repo)]": the entry's code, not words of
            // its title.
            open_bracket_before(title);
            continue;
          }
          const std::string label = plain_text(link);
          if (cmark_node* after = cmark_node_next(link);
              entry.links.empty() && trim(title) == "[" && after != nullptr &&
              cmark_node_get_type(after) == CMARK_NODE_TEXT && literal(after).starts_with(']') &&
              starts_words(literal(after).substr(1))) {
            // "[[ArXiv](url)] Title": a tag links the entry the words after
            // it name.
            take_entry_link(link, label);
            title.clear();
            closing = ']';
            titled_after_tag = true;
            continue;
          }
          if (entry.links.empty() && label.size() > 2 && label.starts_with('[') &&
              label.ends_with(']') && !trim(title).empty()) {
            // "Title (Venue) [[paper]](url)": the bracketed label tags the
            // link of the words before it. A tag that names no kind ("**Meena**
            // [[Google]](post)": its maker, its venue) opens the description.
            std::string tag = label.substr(1, label.size() - 2);
            if (!names_a_kind(tag)) {
              venue_tag += venue_tag.empty() ? label : " " + label;
            }
            take_entry_link(link, std::move(tag));
            // "**Title** [[pdf]](url) ICLR 2022": as after "[[pdf](url)]",
            // the words after the tag describe the paper.
            tagged_after_title = true;
            continue;
          }
          if (entry.links.empty() && (trim(title).ends_with('[') || trim(title).ends_with('(')) &&
              has_word_character(title) && names_a_kind(label)) {
            // "**ViT**: "Title", ICLR, 2021. [[Paper](url)][[PyTorch](repo)]":
            // the bracketed tag links the words before it, and the links
            // after it add no words to the title.
            open_bracket_before(title);
            take_entry_link(link, label);
            tagged_after_title = true;
            continue;
          }
          if (const cmark_node_type first_type = cmark_node_get_type(first);
              entry.links.empty() && link == node && names_a_kind(label) &&
              (first_type == CMARK_NODE_STRONG || first_type == CMARK_NODE_EMPH) &&
              first_link_in(first) == nullptr && has_word_character(title)) {
            // "**Dolly**. [Blog](url)", "**GPT-4 System Card**, 2023 [Paper](url)":
            // a link named by a kind links the bold name before it.
            drop_trailing(title, " .,:");
            take_entry_link(link, label);
            tagged_after_title = true;
            continue;
          }
          if (tagged_after_title) {
            open_bracket_before(title);
            entry.links.push_back({label, url_of(link), locate(link), std::nullopt});
            continue;
          }
          if (std::string name(trim(title)); entry.links.empty() && label.starts_with("http") &&
                                             has_word_character(name) &&
                                             (name.ends_with(':') || name.ends_with("\uFF1A"))) {
            // "App Shopper: [https://…](https://…)": a name, and its link written
            // as the bare URL, which names nothing.
            drop_trailing(name, " :");
            if (name.ends_with("\uFF1A")) {
              name.resize(name.size() - std::string_view("\uFF1A").size());
            }
            title = name;
            take_entry_link(link, std::move(name));
            continue;
          }
          if (entry.links.empty()) {
            static const RE2 k_tag(R"(\s*((?:\[[^\[\]]{1,40}\]\s*)+?|(?:19|20)\d\d(?:-\d\d){1,2}|)"
                                   R"((?:19|20)\d\d(?:-[A-Za-z][\w' .&]{1,40}?)?)\s*-?\s*)");
            if (!has_word_character(title)) {
              // "⭐ [Title](url)", "🧰 [Title](url)", "[[Name](url)] - Text": a
              // mark or a bracket, no words.
              open_bracket_before(title);
              title.clear();
            } else if (RE2::FullMatch(title, k_tag, &venue_tag) || is_kind_lead_in(title)) {
              // "[EuroSys'23] [Title](url)", "2018-CVPR-[Title](url)",
              // "2019-10-01 [Title](url)": the venue or date opens the
              // description; "Paper: [Title](url)" says what the link is.
              title.clear();
            } else if (static const RE2 k_authors_end(R"(\s*[.:]\s*)");
                       cmark_node_get_type(first) == CMARK_NODE_EMPH &&
                       first_link_in(first) == nullptr && cmark_node_next(first) != nullptr &&
                       cmark_node_next(cmark_node_next(first)) == node &&
                       cmark_node_get_type(cmark_node_next(first)) == CMARK_NODE_TEXT &&
                       RE2::FullMatch(literal(cmark_node_next(first)), k_authors_end)) {
              // "*Paul E. McKenney*. [Title](url)": the authors in italics
              // before the title's link open its description.
              venue_tag = trim(plain_text(first));
              if (!sg::ends_sentence(venue_tag)) {
                venue_tag += '.';  // "Herlihy and Shavit. A book."
              }
              title.clear();
            }
            take_entry_link(link, label);
          } else {
            entry.links.push_back({label, url_of(link), locate(link), std::nullopt});
          }
          title += label;
          continue;
        }
        if (tagged_after_title && type == CMARK_NODE_TEXT &&
            text.find_first_not_of(" ,;|)]") == std::string::npos) {
          continue;  // "Name ([website](…), [source](…))": what closes the tags
        }
        if (tagged_after_title && type == CMARK_NODE_TEXT && has_word_character(text)) {
          // "Title [[paper](url)] [[code](repo)] (2023.12.01)": the words
          // after the tags describe the entry the words before them title.
          in_description = true;
          entry.set_position("description", locate(node));
          description += without_leading_dash(text.starts_with(',') ? text.substr(1) : text);
          continue;
        }
        if (entry_link != nullptr && type == CMARK_NODE_STRONG && first_link_in(node) == nullptr &&
            !titled_after_tag && entry.links.size() == 1 &&
            trim(title) == trim(plain_text(entry_link)) && ends_item(cmark_node_next(node))) {
          // "[Robotics](url) **edX**": who offers or made it, in bold after
          // the title's link, opens the description.
          in_description = true;
          entry.set_position("description", locate(node));
          description += plain_text(node);
          continue;
        }
        if (!entry.links.empty() && type == CMARK_NODE_EMPH && first_link_in(node) == nullptr &&
            trim(title).size() == trim(plain_text(entry_link)).size()) {
          // "[**Title.**](url) *Authors.* Venue.": the authors in italics
          // right after the title's link open its description.
          in_description = true;
          entry.set_position("description", locate(node));
          description += plain_text(node);
          credit_ends_at = description.size();
          continue;
        }
        if (cmark_node* next = cmark_node_next(node);
            !entry.links.empty() && is_break(node) && next != nullptr &&
            (describes(next) || ends_sentence(cmark_node_previous(node)) || labels_a_field(next))) {
          // "[Name](url)  \n  Text." or "[Name](url)<br>Text.": the next line
          // describes the entry; so does any line after "[Name](url).", whose
          // full stop ends the title ("Specifically [Bash Guide](…), …"), and
          // a line that opens with a label ("**Coverage:** MLIR Core").
          in_description = true;
          entry.set_position("description", locate(next));
          continue;
        }
        if (cmark_node* next = cmark_node_next(node);
            entry.links.empty() && is_break(node) && next != nullptr && emphasised_title(first)) {
          // "**Title**  \n  *Authors*. [[pdf](url)] [[code](url)]": the title
          // is the bold line, the lines below describe and link it.
          in_description = true;
          titled_by_emphasis = true;
          entry.set_position("description", locate(next));
          continue;
        }
        static const RE2 k_date_before_link(R"(\s*(?:19|20)\d\d-\d\d(?:-\d\d)?\s*[-–—]\s*)");
        if (cmark_node* next = cmark_node_next(node);
            type == CMARK_NODE_TEXT && entry.links.empty() && next != nullptr &&
            cmark_node_get_type(next) == CMARK_NODE_LINK &&
            RE2::FullMatch(text, k_date_before_link)) {
          title += text;  // "2018-06-11 - [Title](url)": a date, not the title
          continue;
        }
        if (const SeparatorAt separator =
                m_separators.find(text, !entry.links.empty() && !titled_after_tag);
            type == CMARK_NODE_TEXT && separator.at != std::string_view::npos) {
          title += text.substr(0, separator.at);
          description += text.substr(separator.at + separator.size);
          ++m_out.separators_used[std::string(separator.mark)];
          entry.set_position("description", locate(node));
          in_description = true;
          continue;
        }
        if (type == CMARK_NODE_TEXT && entry_link != nullptr &&
            cmark_node_previous(node) == entry_link && !titled_after_tag) {
          // "[Matano](…): Open source …" where the list writes " - ": a
          // description all the same, which style/description asks to
          // separate as the list does.
          static const ItemSeparators k_every_mark = ItemSeparators::all();
          if (const SeparatorAt mark = k_every_mark.find(text, true); mark.at == 0) {
            description += text.substr(mark.size);
            entry.description_form = DescriptionForm::other_mark;
            entry.set_position("description", locate(node));
            in_description = true;
            continue;
          }
        }
        if (type == CMARK_NODE_TEXT && !entry.links.empty() && !titled_after_tag &&
            starts_prose(text)) {
          // "[lagnoda](…) Inspired by [agnoster](…) …": without a separator
          // the words after the link describe it, and links among them are
          // mentions, not the entry's own.
          description += without_leading_dash(text.starts_with(',') ? text.substr(1) : text);
          entry.set_position("description", locate(node));
          if (const std::string_view words = trim(text);
              !words.empty() && std::islower(static_cast<unsigned char>(words.front())) != 0) {
            entry.description_form = DescriptionForm::after_name;
          }
          in_description = true;
          continue;
        }
        if (type == CMARK_NODE_TEXT && !entry.links.empty() && trim(text) == ".") {
          continue;  // "- [Title](url).": the item's full stop, not the title's
        }
        static const RE2 k_sentence_after_link(R"(\.\s+(\p{Lu}.*))");
        if (std::string sentence; type == CMARK_NODE_TEXT && entry_link != nullptr &&
                                  cmark_node_previous(node) == entry_link && !titled_after_tag &&
                                  RE2::FullMatch(text, k_sentence_after_link, &sentence)) {
          // "[AI Digest](…). A weekly newsletter on AI.": the full stop ends
          // the title, and the sentence after it describes the entry.
          in_description = true;
          entry.set_position("description", locate(node));
          description += sentence;
          continue;
        }
        if (type == CMARK_NODE_EMPH && entry.links.empty() && !authors_at &&
            first_link_in(node) == nullptr && has_word_character(title) &&
            (trim(title).ends_with('.') || after_bold(node))) {
          // "**"Title"**. *Authors et al*. Venue.", "**Title** *Authors*": the
          // bold closes the title without a full stop too.
          authors_at = title.size();
        }
        if (type != CMARK_NODE_HTML_INLINE) {
          title += text;  // a tag (<img>, <kbd>) names nothing
        }
        continue;
      }
      if (entry.links.empty() && !in_link_group && type == CMARK_NODE_LINK && is_web_link(node) &&
          (trim(description) == "(" || trim(description) == "[")) {
        // "**Exaile** - ([Repo](…), [Home](…), [WP](…)) Text": a name
        // without a link, then its links in brackets, each named by what it
        // is: the entry is the project its repository or home page is.
        in_link_group = true;
        seen_link_group = true;
        description.clear();
      }
      if (in_link_group && type == CMARK_NODE_LINK) {
        static const RE2 k_site_label(
            R"((?i)\s*(?:home(?: ?page)?|(?:official )?(?:web)?site|web)\s*)");
        const std::string label(trim(plain_text(node)));
        if (entry.code.empty() && is_code_label(label)) {
          set_code(node);
        } else if (group_site == nullptr && RE2::FullMatch(label, k_site_label)) {
          group_site = node;
        }
        continue;  // another page about it ("[WP](wikipedia)", "[PyPI](…)")
      }
      if (in_link_group && type == CMARK_NODE_TEXT) {
        static const RE2 k_between(R"(\s*[,|/;]?\s*)");
        if (RE2::FullMatch(text, k_between)) {
          continue;
        }
        in_link_group = false;
        if (text.starts_with(')') || text.starts_with(']')) {
          text.erase(0, 1);
          text.erase(0, text.find_first_not_of(' '));
        }
      }
      // "frontend for [TensorFlow](…), [CNTK](…)": a framework named in a
      // sentence is a mention; "… 2021. [[PyTorch](repo)]" is the code.
      if (const std::string_view words = trim(description);
          (words.empty() || words.ends_with('[') || words.ends_with('(') || words.ends_with('|') ||
           !names_only_a_framework(text)) &&
          take_code(node, false)) {
        open_bracket_before(description);
        continue;
      }
      if (is_badge(node)) {
        // "![free](free.svg)", "[![CI](ci.svg)](…)": no words of the
        // description, nor the space before them.
        while (description.ends_with(' ')) {
          description.pop_back();
        }
        take_code(node, true);
        continue;
      }
      if (type == CMARK_NODE_LINK && entry.links.empty() && described_link == nullptr &&
          is_web_link(node)) {
        described_link = node;
      }
      if (type == CMARK_NODE_LINK && is_web_link(node) && has_word_character(text)) {
        // "by [Ann](…)", "inspired by [x](…)": a mention keeps its link on
        // its words, so that check follows it and an import names it.
        entry.description_links.push_back(
            {std::string(trim(text)), url_of(node), locate(node), std::nullopt});
        if (names_a_kind(text)) {
          page_labels.emplace_back(trim(text));
        }
      }
      description += text;
    }
    if (tagged_after_title && authors_at) {
      // "**"Train Short, Test Long"**. *Ofir Press et al*. ICLR 2022.
      // [[Paper](url)]": the authors in italics and what follows them
      // describe the paper the words before them title.
      m_described_by_credit_only = !has_word_character(description);
      if (m_described_by_credit_only) {
        entry.description_form = DescriptionForm::credit;
      }
      const std::string_view words = trim(description);
      description = title.substr(*authors_at) + (words.empty() ? "" : " ") + std::string(words);
      title.resize(*authors_at);
      drop_trailing(title, " .,");
    }
    entry.title = trim(title);
    if (static const RE2 k_leading_tags(R"(\s*((?:\[[^\[\]]{1,40}\]\s*)+)(\S.*))");
        tagged_after_title && venue_tag.empty()) {
      // "[2021 | CVPR] Title [[paper](…)]": the venue before a title its
      // tags link opens the description, as before a linked title.
      if (std::string tags, words;
          RE2::FullMatch(entry.title, k_leading_tags, &tags, &words) && has_word_character(words)) {
        venue_tag = trim(tags);
        entry.title = std::move(words);
      }
    }
    if (tagged_after_title && entry.links.size() > 1) {
      // "Title [[paper](u)] [[homepage](h)]": an entry's links are words of
      // its title, so the first tag links the title and each further tag
      // keeps its label after it, as "[Title](u) [[homepage](h)]" reads.
      entry.links.front().label = entry.title;
      for (std::size_t i = 1; i < entry.links.size(); ++i) {
        entry.title += " [" + entry.links[i].label + "]";
      }
    }
    if (entry_link != nullptr && !titled_after_tag && entry.links.size() <= 1) {
      // "[Name](url) [2547⭐] - Text", "[Title](url) [Very Good Tutorial]",
      // "[Title](url) 📖: Text": stars, a rating or a mark after the link are
      // no words of the title; a bracketed note opens the description, as a
      // venue does (another link's label, "[[woxi](…)]", stays in the title).
      static const RE2 k_annotations(R"((?:\s*(?:\[[^\[\]]{0,40}\]|[^\pL\pN\s\[\]()]+))+\s*)");
      static const RE2 k_note(R"((\[[^\[\]]{0,40}\]))");
      const std::string label(trim(plain_text(entry_link)));
      if (entry.title.size() > label.size() && entry.title.starts_with(label) &&
          RE2::FullMatch(entry.title.substr(label.size()), k_annotations)) {
        re2::StringPiece rest(entry.title);
        rest.remove_prefix(label.size());
        std::string note;
        while (RE2::FindAndConsume(&rest, k_note, &note)) {
          venue_tag += venue_tag.empty() ? note : " " + note;
        }
        entry.title = label;
      }
    }
    // "_Authors._ Arxiv 2025.": after the credit, a venue and a year at most
    // ("ICLR.", "EMNLP Findings 2024."); "A benchmark of agents." is a sentence.
    if (static const RE2 k_venue_tail(
            R"(\W*(?:[\pL\d'’&-]+\W*){0,4}(?:19|20)\d\d\b\W*|\W*(?:[\pL\d'’&-]+\W*){0,2})");
        credit_ends_at &&
        RE2::FullMatch(std::string_view(description).substr(*credit_ends_at), k_venue_tail)) {
      entry.description_form = DescriptionForm::credit;
    }
    entry.description = trim(description);
    // "[Canal](…) by [Tigera](…)", "[Data Pipelines](…) by Bas P. Harenslak
    // and Julian Rutger de Ruiter": who made it, no sentence about it.
    static const RE2 k_by_credit(R"(by\s+[\p{Lu}@][^.,;:]{0,60}\.?)");
    static const RE2 k_by_authors(
        R"(by\s+(?:(?:[\p{Lu}][\p{L}'’-]*\.?|de|van|von|der|da|di|la|le)(?:\s+|\s*(?:,\s*(?:and\s+)?|and|&)\s*)?)+)"
        R"((?:,?\s*et al\.?)?\s*)");
    if (RE2::FullMatch(entry.description, k_by_credit) ||
        RE2::FullMatch(entry.description, k_by_authors)) {
      entry.description_form = DescriptionForm::credit;
    }
    if (static const RE2 k_bracketed_note(R"(\[([^\[\]]+)\])");
        entry_link != nullptr && entry.title == url_of(entry_link)) {
      // "- https://github.com/o/kit [A toolkit for compilers]": a bare URL's
      // note in brackets is its description.
      if (std::string note; RE2::FullMatch(entry.description, k_bracketed_note, &note)) {
        entry.description = std::move(note);
      }
    }
    if (const std::string venue(trim(venue_tag)); !venue.empty()) {
      entry.description = entry.description.empty() ? venue : venue + " " + entry.description;
    }
    // "[Talk](…) [47']", "[Survey](…) [2023.03]", "[Paper](…) (Extended version
    // of above one)": only its tags or a note in brackets, no sentence about it.
    if (static const RE2 k_tags_only(R"((?:\s*(?:\[[^\[\]]{1,40}\]|\([^()]{1,40}\)))+\s*)");
        RE2::FullMatch(entry.description, k_tags_only)) {
      entry.description_form = DescriptionForm::credit;
    }
    if (static const RE2 k_year_then_text(R"((.+?\((?:19|20)\d\d\))\s*:\s+(\S.*))");
        !entry.links.empty() && names_a_kind(entry.links.front().label) &&
        entry.description.empty()) {
      // "Attention Is All You Need (2017): Presents the transformer.
      // [[Paper]](url)": the year closes the title, the words after it
      // describe the paper the tag links.
      const std::string line = entry.title;
      if (std::string head, words; RE2::FullMatch(line, k_year_then_text, &head, &words)) {
        entry.title = std::move(head);
        entry.description = std::move(words);
        entry.set_position("description", entry.where("title"));
      }
    }
    if (!entry.links.empty()) {
      entry.url = entry.links.front().url;
    } else if (group_site != nullptr) {
      entry.url = url_of(group_site);
      entry.set_position("url", locate(group_site));
    } else if (seen_link_group && !entry.code.empty()) {
      // "**hosts** - ([Repo](…)) Text with a [mention](…)": the repository
      // is the entry, not a page its description mentions.
      entry.url = std::exchange(entry.code, {});
      entry.set_position("url", entry.where("code"));
    } else if (described_link != nullptr && (titled_by_emphasis || is_name(entry.title))) {
      // "**Name** - [Website](url) …", "Name - https://…": a title without a
      // link names the resource its description links; a sentence before a
      // dash ("Now you are in this section — go to [X](…)") names nothing.
      entry.url = url_of(described_link);
      entry.set_position("url", locate(described_link));
      drop_kind_chip(entry.description, plain_text(described_link));
      std::erase_if(entry.description_links,
                    [&](const EntryLink& link) { return link.location == locate(described_link); });
      // "[[homepage](…)], [[slides](…)], [[video](…)]": the other pages of
      // the resource are named by their kind, no words of its description.
      for (const EntryLink& page : entry.description_links) {
        drop_kind_chip(entry.description, page.label);
      }
    }
    if (entry_link != nullptr && is_relative_link(entry_link)) {
      // "- [KDD'24] [Title](notes/kdd24.md) - [[PDF](…)]": the list's own notes
      // on a paper its tag links; the paper is the resource.
      const auto is_web_page = [](const EntryLink& link) {
        return is_web_link(link.url) && names_a_kind(link.label);
      };
      auto tag = std::find_if(entry.links.begin() + 1, entry.links.end(), is_web_page);
      auto named =
          std::find_if(entry.description_links.begin(), entry.description_links.end(), is_web_page);
      if (tag == entry.links.end() && named == entry.description_links.end()) {
        // "- Check out the [readings](extras/readings.md) for classic books": a
        // pointer into the repository, checked by link/relative, no resource.
        ++m_out.not_entries["links into the repository"];
        return;
      }
      if (tag != entry.links.end()) {
        entry.links.front() = *tag;
        entry.links.erase(tag);
      } else {
        drop_kind_chip(entry.description, named->label);
        entry.links.front() = *named;
        entry.description_links.erase(named);
      }
      entry.links.front().label = entry.title;
      entry.url = entry.links.front().url;
      entry.set_position("url", entry.links.front().location);
    }
    drop_closing_page_labels(entry.description, page_labels);
    if (entry.links.size() <= 1) {
      entry.links.clear();
    }
    if (entry.url.empty() && entry.title.empty() && declarations.empty()) {
      // "- :free: - Free", a legend's line: a mark and its meaning, no link
      // and no name.
      ++m_out.not_entries["prose items"];
      return;
    }
    if (entry.url.empty()) {
      entry.kind = EntryKind::note;
    }
    for (cmark_node* node : declarations) {
      if (std::optional<Declaration> declared = read_declaration(node, &entry)) {
        declare(*declared, locate_literal(node), entry);
      }
    }
    add_entry(std::move(entry), entries);
  }

  /// Where an HTML node's text starts in the list: found from its block's line.
  std::size_t offset_of_literal(cmark_node* node) const {
    cmark_node* block = node;
    while (block != nullptr && cmark_node_get_start_line(block) <= 0) {
      block = cmark_node_parent(block);
    }
    const std::size_t from =
        block == nullptr ? 0 : m_lines.offset_of(cmark_node_get_start_line(block), 1);
    const std::size_t at = m_text.find(literal(node), from);
    return at == std::string_view::npos ? from : at;
  }
  Location locate_literal(cmark_node* node) const {
    return m_lines.locate(m_path, offset_of_literal(node));
  }

  /// Parses a declaration comment; its mistakes are entry/schema errors at
  /// their place, about `entry` when it is known.
  std::optional<Declaration> read_declaration(cmark_node* node, const Entry* entry) {
    const std::string comment = literal(node);
    ParsedDeclaration parsed = parse_declaration(comment);
    const std::size_t at = offset_of_literal(node);
    for (const DeclarationError& error : parsed.errors) {
      m_out.diagnostics.push_back(schema_error(
          Finding{.location = m_lines.locate(m_path, at + error.offset),
                  .message = error.message,
                  .hint = "see `sourcegate explain entry/schema` for what a declaration says",
                  .entry = entry}));
    }
    if (!parsed.errors.empty()) {
      return std::nullopt;
    }
    return std::move(parsed.declaration);
  }

  void declare(const Declaration& declaration, const Location& where, Entry& entry) {
    if (auto conflict = apply_declaration(declaration, entry)) {
      m_out.diagnostics.push_back(
          schema_error(Finding{.location = where,
                               .message = *conflict,
                               .hint = "merge the declarations into one comment",
                               .entry = &entry}));
    }
    if (declaration.claim) {
      entry.set_position("claim", where);
    }
    if (!declaration.code.empty()) {
      entry.set_position("code", where);
    }
    for (Waiver& waiver : entry.waivers) {
      if (waiver.location.line == 0) {
        waiver.location = where;
      }
    }
  }

  /// A declaration alone on its lines binds to the next entry.
  void read_block_declaration(cmark_node* block) {
    flush_pending_declaration();
    if (std::optional<Declaration> declared = read_declaration(block, nullptr)) {
      m_pending = PendingDeclaration{std::move(*declared), locate_literal(block)};
    }
  }

  /// A declaration no entry followed: an error where it is, not a silent skip.
  void flush_pending_declaration() {
    if (m_pending) {
      m_out.diagnostics.push_back(schema_error(
          Finding{.location = m_pending->where,
                  .message = "this sourcegate declaration binds to no entry",
                  .hint = "put it on the line just before an entry, or on the entry's own line"}));
      m_pending.reset();
    }
  }

  /// The last step of every entry a list yields (items and table rows): its
  /// links are checked, credentials in them redacted.
  void add_entry(Entry entry, std::vector<Entry>& entries) {
    if (m_pending) {
      declare(m_pending->declaration, m_pending->where, entry);
      m_pending.reset();
    }
    entry.parse_urls();
    for (const Entry::LocatedUrl& located : entry.located_urls()) {
      if (auto problem = web_url_problem(located.url, located.parsed)) {
        m_out.diagnostics.push_back(schema_error(
            Finding{.location = located.location,
                    .message = fmt::format("a link is {}", *problem),
                    .hint = "link an https:// URL (http:// only where the host serves no https)",
                    .entry = &entry}));
      }
    }
    // Credentials in a list are an error above; they go no further.
    bool redacted = false;
    for (std::string* url : {&entry.url, &entry.code}) {
      redacted = redact_in_place(*url) || redacted;
    }
    for (EntryLink& link : entry.links) {
      redacted = redact_in_place(link.url) || redacted;
    }
    if (redacted) {
      entry.parse_urls();
    }
    // A mention that no request may follow (mailto:, credentials) stays words.
    std::erase_if(entry.description_links, [](const EntryLink& link) {
      return web_url_problem(link.url, link.parsed ? &*link.parsed : nullptr).has_value();
    });
    // "Arxiv 2025.&nbsp;&nbsp;[![Homepage](…)](…)": padding, no words.
    for (std::string* text : {&entry.title, &entry.description}) {
      if (text->find(k_no_break_space) != std::string::npos) {
        *text = trim(with_plain_spaces(std::move(*text)));
      }
    }
    entry.set_position("title", entry.location);
    entries.push_back(std::move(entry));
  }

  /// Replaces credentials in `url` (redact_userinfo); true when there were any.
  static bool redact_in_place(std::string& url) {
    std::string redacted = redact_userinfo(url);
    if (redacted == url) {
      return false;
    }
    url = std::move(redacted);
    return true;
  }

  /// A link into the list's own repository ("LICENSE", "docs/x.md"); an empty
  /// link is an entry's defect, not a path.
  static bool is_relative_link(std::string_view url) {
    return is_relative_link(url, links::classify_link(url));
  }
  /// The same for a link node of the document, as survey_links judged it.
  bool is_relative_link(cmark_node* link) const {
    return is_relative_link(url_of(link), m_link_kinds.at(link));
  }
  static bool is_relative_link(std::string_view url, links::LinkKind kind) {
    // "//host/x" names another host, not a file of the repository.
    return !url.empty() && !url.starts_with("//") && kind == links::LinkKind::relative;
  }

  /// One walk over the whole document before any block is read: classifies
  /// every link once (the readers of tables, paragraphs and items all ask what
  /// a link is, and a web link's answer costs a URL parse), and collects the
  /// in-page anchor links, the relative links and the HTML anchors, and
  /// unwraps a tag and a link in one emphasis (emphasises_a_tagged_link). A
  /// walk over a large list's tree is mostly waiting for memory: one, not two.
  void survey_links(cmark_node* document) {
    std::vector<cmark_node*> tagged_links;  // unwrapped after the walk, not under it
    cmark_iter* iter = cmark_iter_new(document);
    for (cmark_event_type event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
      if (event != CMARK_EVENT_ENTER) {
        continue;
      }
      cmark_node* node = cmark_iter_get_node(iter);
      const cmark_node_type type = cmark_node_get_type(node);
      if (type == CMARK_NODE_LINK) {
        std::string url = url_of(node);
        const links::LinkKind kind = links::classify_link(url);
        m_link_kinds.emplace(node, kind);
        if (url.starts_with("#")) {
          m_out.list.anchor_links.push_back({url.substr(1), locate(node)});
        } else if (is_relative_link(url, kind)) {
          const bool exists = relative_target_exists(url);
          m_out.list.relative_links.push_back({std::move(url), locate(node), exists});
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
      } else if (emphasises_a_tagged_link(node)) {
        tagged_links.push_back(node);
      }
    }
    cmark_iter_free(iter);
    for (cmark_node* emphasis : tagged_links) {
      unwrap(emphasis);
    }
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
  /// Why the blocks under the current heading are not entries (a table of
  /// contents, a footer), or null.
  const char* m_skipping = nullptr;
  struct PendingDeclaration {
    Declaration declaration;
    Location where;
  };
  /// A declaration alone on its lines, waiting for the next entry.
  std::optional<PendingDeclaration> m_pending;
  /// Under a footer heading (licence, contributing, sponsors).
  bool m_in_footer = false;
  /// The level of the subheading that opened a footer inside a section ("###
  /// See also"); 0 for a footer that is a section.
  int m_footer_group_level = 0;
  /// After a table of contents headed at the sections' level, with no
  /// section heading since: its subheadings are sections.
  bool m_after_contents = false;
  /// Inside the <details> an HTML entry opened.
  bool m_in_entry_details = false;
  /// The entry the last heading was ("### [name](url)"), whose description
  /// and details follow it.
  struct HeadingEntry {
    std::size_t group;
    std::size_t index;
    /// The last paragraph under it ends with a colon ("Tools provided:"):
    /// the list after it is the entry's.
    bool lead_in = false;
    /// Its heading's level: deeper headings without a link ("### Links")
    /// name parts of its details.
    int level = 0;
    /// Under such a subheading: every list is the entry's.
    bool in_details = false;
    /// Inside a <details> tag the entry opened: every heading there, at any
    /// level, names a part of its details ("## Links").
    bool in_details_tag = false;
  };
  /// Whether the first section holds what stands before any section heading.
  bool m_preamble_section = false;
  bool m_seen_section_heading = false;
  /// Whether the list's sections are "#" headings after its title ("#
  /// Open-source projects"): a "## [Name](url)" below one is an entry.
  bool m_sections_at_level_one = false;
  /// Whether the entry read_item made last is described only by its
  /// authors and venue ("*Lin Xu et al.* arXiv."), so that a sentence
  /// nested under it may describe it further.
  bool m_described_by_credit_only = false;
  /// Whether the list's "##" headings that link a resource are its entries.
  bool m_level_two_links_are_entries = false;
  std::optional<HeadingEntry> m_heading_entry;
  /// A heading without a link that opened a group, until the next block:
  /// "### cuda-samples" over a bare URL is an entry written as a heading.
  std::optional<OpenedGroup> m_group_just_opened;
  /// Where the next heading's entries go once the group a heading entry's
  /// list opened ends.
  std::optional<std::size_t> m_group_before_heading_group;
  /// The group the last heading opened in the current section, or the
  /// section itself (k_section_entries).
  std::size_t m_heading_group = k_section_entries;
  links::MarkdownLinkLocator m_locator{m_text, m_lines};
  /// What each link node of the document is (survey_links).
  std::unordered_map<cmark_node*, links::LinkKind> m_link_kinds;
};

}  // namespace

/// Frameworks whose name labels a paper's code ("[[PyTorch](repo)]").
constexpr std::string_view k_framework_names =
    "pytorch|tensorflow|tf|jax|flax|keras|mxnet|caffe2?|paddle(?:paddle)?|mindspore|chainer|"
    "theano|torch";

bool is_code_label(std::string_view label) {
  // "Code", "GitHub", and code named by its origin or framework ("Official
  // Code", "PyTorch Code", "PyTorch (lucidrains)"); a "#opensource" tag.
  // A label in brackets ("[[repo]](url)") is the same label. Other words
  // before "Code" name a product or a font ("Visual Studio Code", "Fira
  // Code"), not the entry's code.
  static const RE2 k_code(
      R"((?i)\s*\[?\s*(?:(?:(?:official|unofficial|original|authors?['’]?s?|our|the|project|)"
      R"(paper|reference|example|sample|full|training|inference|evaluation|release|github|)"
      R"(gitlab|)" +
      std::string(k_framework_names) +
      R"()\s+){0,2}(?:source\s+)?code|source|repo(?:sitory)?|github|)"
      R"(gitlab|bitbucket|codeberg|sourcehut|sourceforge|#open-?source|(?:)" +
      std::string(k_framework_names) + R"()(?:-?\d)?(?:\s*\([^()]{1,40}\))?)\s*\]?\s*)");
  return RE2::FullMatch(label, k_code);
}

bool names_only_a_framework(std::string_view label) {
  static const RE2 k_framework(R"((?i)\s*(?:)" + std::string(k_framework_names) +
                               R"()(?:-?\d)?\s*)");
  return RE2::FullMatch(label, k_framework);
}

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
