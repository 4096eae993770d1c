#pragma once

#include <cmark-gfm.h>

#include <memory>
#include <string_view>
#include <unordered_map>

#include "util/text.h"

namespace sg::links {

/// The one reading of Markdown that `lint` and `links` share: cmark-gfm with
/// source positions and the GitHub extensions GitHub renders (autolink,
/// table, strikethrough, tasklist), so both see the same links at the same
/// positions.
class MarkdownDocument {
 public:
  explicit MarkdownDocument(std::string_view text);
  ~MarkdownDocument();
  MarkdownDocument(const MarkdownDocument&) = delete;
  MarkdownDocument& operator=(const MarkdownDocument&) = delete;

  cmark_node* root() const { return m_root; }

  /// Where the document's nodes are allocated (markdown.cpp).
  class NodePool;

 private:
  std::unique_ptr<NodePool> m_pool;
  cmark_node* m_root = nullptr;
};

/// The nearest ancestor with a source position: cmark-gfm 0.29 gives none to
/// bare URLs and some inline HTML.
cmark_node* positioned_ancestor(cmark_node* node);

/// Where a node of a MarkdownDocument sits in its source, as a byte
/// offset; `lint` and `links` both ask it, so they agree. cmark-gfm 0.29
/// positions `[text](url)`, `[text][ref]` and `<url>` links, but bare URLs
/// not at all or a column off. Those are searched for in the enclosing
/// block's source, on from the last one found there (a paragraph that
/// repeats a URL gives each its own place), then in the whole document. A
/// node asked about twice gets the same answer. Other nodes are where cmark
/// says.
class MarkdownLinkLocator {
 public:
  /// `text` and `lines` must outlive the locator.
  MarkdownLinkLocator(std::string_view text, const LineIndex& lines)
      : m_text(text), m_lines(lines) {}

  std::size_t offset(cmark_node* node, std::string_view url);

 private:
  std::size_t search(cmark_node* node, std::string_view url);

  std::string_view m_text;
  const LineIndex& m_lines;
  std::unordered_map<const cmark_node*, std::size_t> m_cursors;  ///< per block
  std::unordered_map<const cmark_node*, std::size_t> m_found;    ///< per searched node
};

}  // namespace sg::links
