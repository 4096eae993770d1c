#include "links/extract.h"

#include <cmark-gfm.h>
#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <unordered_map>

#include "links/html.h"
#include "links/markdown.h"
#include "util/text.h"
#include "util/url.h"

namespace sg::links {

namespace {

FoundLink make_link(std::string_view url, const LineIndex& index, const std::string& file,
                    std::size_t offset) {
  FoundLink link;
  link.url = std::string(url);
  link.location = index.locate(file, offset);
  link.kind = classify_link(link.url);
  return link;
}

// --- HTML -------------------------------------------------------------------

/// The attributes that carry a URL, per element.
const char* link_attribute(GumboTag tag, std::string_view attribute) {
  switch (tag) {
    case GUMBO_TAG_A:
    case GUMBO_TAG_AREA:
    case GUMBO_TAG_LINK:
      return attribute == "href" ? "href" : nullptr;
    case GUMBO_TAG_IMG:
    case GUMBO_TAG_SCRIPT:
    case GUMBO_TAG_IFRAME:
    case GUMBO_TAG_EMBED:
    case GUMBO_TAG_SOURCE:
    case GUMBO_TAG_TRACK:
    case GUMBO_TAG_AUDIO:
      return attribute == "src" ? "src" : nullptr;
    case GUMBO_TAG_VIDEO:
      return attribute == "src" || attribute == "poster" ? "src" : nullptr;
    case GUMBO_TAG_BLOCKQUOTE:
    case GUMBO_TAG_Q:
    case GUMBO_TAG_DEL:
    case GUMBO_TAG_INS:
      return attribute == "cite" ? "cite" : nullptr;
    case GUMBO_TAG_OBJECT:
      return attribute == "data" ? "data" : nullptr;
    case GUMBO_TAG_FORM:
      return attribute == "action" ? "action" : nullptr;
    default:
      return nullptr;
  }
}

void collect_html_links(const GumboElement& element, std::string_view text, const LineIndex& index,
                        const std::string& file, std::vector<FoundLink>& out) {
  for (unsigned i = 0; i < element.attributes.length; ++i) {
    const auto* attribute = static_cast<const GumboAttribute*>(element.attributes.data[i]);
    if (link_attribute(element.tag, attribute->name) == nullptr) {
      continue;
    }
    auto value = trim(attribute->value);
    if (value.empty()) {
      continue;
    }
    // Point at the value itself; original_value is a slice of our buffer
    // (quotes included) unless gumbo synthesised the attribute.
    std::size_t offset = element.start_pos.offset;
    const char* raw = attribute->original_value.data;
    if (raw != nullptr && raw >= text.data() && raw < text.data() + text.size()) {
      offset = static_cast<std::size_t>(raw - text.data());
      if (*raw == '"' || *raw == '\'') {
        ++offset;
      }
    }
    out.push_back(make_link(value, index, file, offset));
  }
}

/// Walked with an explicit stack, in document order: a hostile page can nest
/// elements deeper than any call stack.
void walk_html(const GumboNode* root, std::string_view text, const LineIndex& index,
               const std::string& file, std::vector<FoundLink>& out) {
  std::vector<const GumboNode*> stack{root};
  while (!stack.empty()) {
    const GumboNode* node = stack.back();
    stack.pop_back();
    if (node->type == GUMBO_NODE_ELEMENT || node->type == GUMBO_NODE_TEMPLATE) {
      collect_html_links(node->v.element, text, index, file, out);
      const GumboVector& children = node->v.element.children;
      for (unsigned i = children.length; i > 0; --i) {
        stack.push_back(static_cast<const GumboNode*>(children.data[i - 1]));
      }
    }
  }
}

// --- Markdown ---------------------------------------------------------------

struct MarkdownScan {
  std::string_view text;
  const LineIndex& index;
  const std::string& file;
  MarkdownLinkLocator locator;
  std::vector<FoundLink> out;
  bool html_truncated = false;  ///< raw HTML nested past HtmlDocument::k_max_depth
};

/// Raw HTML in Markdown (`<a href=...>` blocks or inline tags) holds links too.
void scan_raw_html(MarkdownScan& scan, cmark_node* node) {
  const char* literal = cmark_node_get_literal(node);
  int first_line = cmark_node_get_start_line(node);
  if (first_line <= 0) {
    const cmark_node* block = positioned_ancestor(node);
    first_line = block != nullptr ? cmark_node_get_start_line(const_cast<cmark_node*>(block)) : 1;
  }
  if (literal == nullptr) {
    return;
  }
  std::string_view html(literal);
  LineIndex html_index(html);
  bool truncated = false;
  for (auto& link : extract_html(html, scan.file, &truncated)) {
    // Re-anchor on the document: same URL, searched from the block's line.
    std::size_t from = scan.index.offset_of(first_line + link.location.line - 1, 1);
    auto found = scan.text.find(link.url, from);
    std::size_t offset = found == std::string_view::npos ? from : found;
    scan.out.push_back(make_link(link.url, scan.index, scan.file, offset));
  }
  scan.html_truncated = scan.html_truncated || truncated;
}

struct IterDeleter {
  void operator()(cmark_iter* iter) const { cmark_iter_free(iter); }
};

/// Trims sentence punctuation and closing brackets that have no opener in the
/// URL ("(see https://x.example/a)." keeps "https://x.example/a"). Brackets are
/// counted once, so a URL followed by a megabyte of ")" stays linear.
std::string_view trim_trailing_punctuation(std::string_view url) {
  constexpr std::string_view k_closers = ")]}";
  constexpr std::string_view k_openers = "([{";
  constexpr std::string_view k_punctuation = ".,;:!?*_~";
  std::array<std::ptrdiff_t, 3> unmatched{};  // closers minus openers, per kind
  for (std::size_t kind = 0; kind < k_closers.size(); ++kind) {
    unmatched[kind] = std::count(url.begin(), url.end(), k_closers[kind]) -
                      std::count(url.begin(), url.end(), k_openers[kind]);
  }
  while (!url.empty()) {
    const char last = url.back();
    if (k_punctuation.find(last) != std::string_view::npos) {
      url.remove_suffix(1);
      continue;
    }
    const std::size_t kind = k_closers.find(last);
    if (kind != std::string_view::npos && unmatched[kind] > 0) {
      --unmatched[kind];
      url.remove_suffix(1);
      continue;
    }
    break;
  }
  return url;
}

/// "http:" or "https:", in any case.
bool has_web_scheme(std::string_view url) {
  const std::size_t colon = url.find(':');
  if (colon == std::string_view::npos) {
    return false;
  }
  const std::string scheme = to_lower(url.substr(0, colon));
  return scheme == "http" || scheme == "https";
}

}  // namespace

LinkKind classify_link(std::string_view url) {
  if (url.starts_with('#')) {
    return LinkKind::fragment_only;
  }
  // A link with a web scheme is the web's whether or not the rest parses:
  // the web checks say what is wrong with it. The scheme alone decides, so
  // the reader of a list of thousands of links parses each once, later.
  if (has_web_scheme(url)) {
    return LinkKind::web;
  }
  auto parts = parse_url(url);
  if (parts && !url.starts_with("//")) {
    // "c:/x" style Windows paths parse as a scheme; a one-letter scheme is a
    // drive letter in practice.
    if (parts->scheme.size() > 1) {
      return LinkKind::other_scheme;
    }
  }
  return LinkKind::relative;
}

std::vector<FoundLink> extract_html(std::string_view text, const std::string& file,
                                    bool* truncated) {
  std::vector<FoundLink> out;
  LineIndex index(text);
  HtmlDocument document(text);
  walk_html(document.root(), text, index, file, out);
  if (truncated != nullptr) {
    // Only what could hold a link makes the cut matter: 100,000 empty
    // <div>s before a list's entries lose nothing.
    const std::string unread = to_lower(document.unread());
    *truncated = unread.find("href") != std::string::npos ||
                 unread.find("src") != std::string::npos || unread.find("://") != std::string::npos;
  }
  return out;
}

std::vector<FoundLink> extract_markdown(std::string_view text, const std::string& file,
                                        bool* truncated) {
  LineIndex index(text);
  MarkdownScan scan{text, index, file, MarkdownLinkLocator(text, index), {}, false};
  const MarkdownDocument document(text);
  std::unique_ptr<cmark_iter, IterDeleter> iter(cmark_iter_new(document.root()));

  for (auto event = cmark_iter_next(iter.get()); event != CMARK_EVENT_DONE;
       event = cmark_iter_next(iter.get())) {
    if (event != CMARK_EVENT_ENTER) {
      continue;
    }
    cmark_node* node = cmark_iter_get_node(iter.get());
    auto type = cmark_node_get_type(node);
    if (type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE) {
      const char* url = cmark_node_get_url(node);
      std::string_view view = url != nullptr ? trim(url) : std::string_view();
      if (view.empty()) {
        continue;
      }
      scan.out.push_back(make_link(view, index, file, scan.locator.offset(node, view)));
    } else if (type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE) {
      scan_raw_html(scan, node);
    }
  }
  // Autolinks found by searching may come out of order relative to
  // positioned links in the same paragraph; report in document order.
  std::stable_sort(scan.out.begin(), scan.out.end(), [](const FoundLink& a, const FoundLink& b) {
    return a.location.line != b.location.line ? a.location.line < b.location.line
                                              : a.location.column < b.location.column;
  });
  if (truncated != nullptr) {
    *truncated = scan.html_truncated;
  }
  return std::move(scan.out);
}

std::vector<FoundLink> extract_text(std::string_view text, const std::string& file) {
  // Case-insensitive scheme, then anything up to whitespace, quotes or angle
  // brackets. Linear-time (RE2), and the input is consumed left to right.
  static const RE2 k_url(R"((?i)(https?://[^\s<>"'`]+))");
  std::vector<FoundLink> out;
  LineIndex index(text);
  re2::StringPiece input(text.data(), text.size());
  re2::StringPiece match;
  while (RE2::FindAndConsume(&input, k_url, &match)) {
    std::string_view url(match.data(), match.size());
    url = trim_trailing_punctuation(url);
    if (!is_web_url(url)) {
      continue;
    }
    out.push_back(make_link(url, index, file, static_cast<std::size_t>(url.data() - text.data())));
  }
  return out;
}

std::vector<LinkTarget> group_links(const std::vector<FoundLink>& links) {
  std::vector<LinkTarget> targets;
  std::unordered_map<std::string, std::size_t> by_url;
  for (const auto& link : links) {
    if (link.kind != LinkKind::web) {
      continue;
    }
    auto normalized = normalize_url(link.url);
    std::string key = normalized ? *normalized : link.url;
    auto [it, inserted] = by_url.try_emplace(key, targets.size());
    if (inserted) {
      targets.push_back({key, {}});
    }
    targets[it->second].sources.push_back(
        {link.location.file, link.location.line, link.location.column});
  }
  return targets;
}

}  // namespace sg::links
