#include "links/markdown.h"

#include <cmark-gfm-core-extensions.h>

#include <algorithm>
#include <vector>

namespace sg::links {

MarkdownDocument::MarkdownDocument(std::string_view text) {
  static const bool k_registered = [] {
    cmark_gfm_core_extensions_ensure_registered();
    return true;
  }();
  (void)k_registered;
  struct ParserDeleter {
    void operator()(cmark_parser* parser) const { cmark_parser_free(parser); }
  };
  std::unique_ptr<cmark_parser, ParserDeleter> parser(cmark_parser_new(CMARK_OPT_SOURCEPOS));
  for (const char* name : {"autolink", "table", "strikethrough", "tasklist"}) {
    if (cmark_syntax_extension* extension = cmark_find_syntax_extension(name)) {
      cmark_parser_attach_syntax_extension(parser.get(), extension);
    }
  }
  cmark_parser_feed(parser.get(), text.data(), text.size());
  m_root.reset(cmark_parser_finish(parser.get()));
}

cmark_node* positioned_ancestor(cmark_node* node) {
  for (cmark_node* at = cmark_node_parent(node); at != nullptr; at = cmark_node_parent(at)) {
    if (cmark_node_get_start_line(at) > 0) {
      return at;
    }
  }
  return nullptr;
}

std::size_t MarkdownLinkLocator::offset(cmark_node* node, std::string_view url) {
  if (const int line = cmark_node_get_start_line(node); line > 0) {
    // Link syntax starts with "[", "![" or "<". The autolink extension gives
    // some bare "www." links a position a column off either way; those are
    // searched for like the bare URLs it gives none.
    const std::size_t at = m_lines.offset_of(line, cmark_node_get_start_column(node));
    const cmark_node_type type = cmark_node_get_type(node);
    if ((type != CMARK_NODE_LINK && type != CMARK_NODE_IMAGE) ||
        (at < m_text.size() && (m_text[at] == '[' || m_text[at] == '!' || m_text[at] == '<'))) {
      return at;
    }
  }
  if (auto known = m_found.find(node); known != m_found.end()) {
    return known->second;
  }
  const std::size_t found = search(node, url);
  m_found.emplace(node, found);
  return found;
}

std::size_t MarkdownLinkLocator::search(cmark_node* node, std::string_view url) {
  cmark_node* block = positioned_ancestor(node);
  std::size_t begin = 0;
  std::size_t end = m_text.size();
  if (block != nullptr) {
    begin = m_lines.offset_of(cmark_node_get_start_line(block), 1);
    const std::string_view last = m_lines.line_text(cmark_node_get_end_line(block));
    if (last.data() != nullptr) {
      end = static_cast<std::size_t>(last.data() - m_text.data()) + last.size();
    }
  }
  std::size_t& cursor = m_cursors[block];
  cursor = std::max(cursor, begin);
  if (url.empty()) {
    return begin;
  }
  std::vector<std::string_view> needles = {url};
  // The autolink extension adds "http://" to "www." links and "mailto:" to
  // bare e-mail addresses.
  for (const std::string_view prefix : {"http://", "mailto:"}) {
    if (url.starts_with(prefix)) {
      needles.push_back(url.substr(prefix.size()));
    }
  }
  for (const std::string_view needle : needles) {
    const std::size_t found = m_text.substr(0, end).find(needle, cursor);
    if (found != std::string_view::npos) {
      cursor = found + needle.size();
      return found;
    }
  }
  for (const std::string_view needle : needles) {
    if (const std::size_t found = m_text.find(needle); found != std::string_view::npos) {
      return found;
    }
  }
  return begin;
}

}  // namespace sg::links
