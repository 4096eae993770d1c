#include "links/markdown.h"

#include <cmark-gfm-core-extensions.h>

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

}  // namespace sg::links
