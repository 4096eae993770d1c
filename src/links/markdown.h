#pragma once

#include <cmark-gfm.h>

#include <memory>
#include <string_view>

namespace sg::links {

/// The one reading of Markdown that `lint` and `links` share: cmark-gfm with
/// source positions and the GitHub extensions GitHub renders (autolink,
/// table, strikethrough, tasklist), so both see the same links at the same
/// positions.
class MarkdownDocument {
 public:
  explicit MarkdownDocument(std::string_view text);
  cmark_node* root() const { return m_root.get(); }

 private:
  struct NodeDeleter {
    void operator()(cmark_node* node) const { cmark_node_free(node); }
  };
  std::unique_ptr<cmark_node, NodeDeleter> m_root;
};

/// The nearest ancestor with a source position. cmark-gfm 0.29 gives none to
/// autolinked bare URLs and to reference links; their place is searched for
/// in this ancestor's lines.
cmark_node* positioned_ancestor(cmark_node* node);

}  // namespace sg::links
