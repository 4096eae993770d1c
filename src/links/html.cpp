#include "links/html.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "util/text.h"

namespace sg::links {

namespace {

GumboOptions quiet_options() {
  GumboOptions options = kGumboDefaultOptions;
  options.max_errors = 0;
  return options;
}

bool is_void_element(std::string_view name) {
  static constexpr std::array<std::string_view, 14> k_void = {
      "area",  "base", "br",   "col",   "embed",  "hr",    "img",
      "input", "link", "meta", "param", "source", "track", "wbr"};
  return std::find(k_void.begin(), k_void.end(), to_lower(name)) != k_void.end();
}

}  // namespace

std::size_t nesting_safe_prefix(std::string_view html, std::size_t max_depth) {
  std::size_t depth = 0;
  std::size_t at = 0;
  while ((at = html.find('<', at)) != std::string_view::npos) {
    const std::size_t start = at;
    ++at;
    if (at >= html.size()) {
      break;
    }
    if (html[at] == '/') {
      depth = depth > 0 ? depth - 1 : 0;
      continue;
    }
    if (!std::isalpha(static_cast<unsigned char>(html[at]))) {
      continue;  // comments, doctypes, stray '<'
    }
    std::size_t end = at;
    while (end < html.size() && std::isalnum(static_cast<unsigned char>(html[end]))) {
      ++end;
    }
    if (is_void_element(html.substr(at, end - at))) {
      continue;
    }
    if (++depth > max_depth) {
      return start;
    }
  }
  return html.size();
}

HtmlDocument::HtmlDocument(std::string_view html, std::size_t max_depth)
    : m_options(quiet_options()) {
  const std::size_t keep = nesting_safe_prefix(html, max_depth);
  m_unread = html.substr(keep);
  m_output = gumbo_parse_with_options(&m_options, html.data(), keep);
}

HtmlDocument::~HtmlDocument() { gumbo_destroy_output(&m_options, m_output); }

}  // namespace sg::links
