#include "links/fragments.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "links/html.h"
#include "util/text.h"
#include "util/url.h"

namespace sg::links {

namespace {

/// Walked with an explicit stack: a hostile page can nest elements deeper
/// than any call stack.
void walk(const GumboNode* root, std::unordered_set<std::string>& anchors) {
  std::vector<const GumboNode*> stack{root};
  while (!stack.empty()) {
    const GumboNode* node = stack.back();
    stack.pop_back();
    if (node->type != GUMBO_NODE_ELEMENT && node->type != GUMBO_NODE_TEMPLATE) {
      continue;
    }
    const GumboElement& element = node->v.element;
    for (const char* name : {"id", "name"}) {
      if (const GumboAttribute* attribute = gumbo_get_attribute(&element.attributes, name)) {
        if (attribute->value != nullptr && attribute->value[0] != '\0') {
          anchors.emplace(attribute->value);
        }
      }
    }
    for (unsigned i = 0; i < element.children.length; ++i) {
      stack.push_back(static_cast<const GumboNode*>(element.children.data[i]));
    }
  }
}

}  // namespace

std::unordered_set<std::string> collect_anchors(std::string_view html, bool* truncated) {
  std::unordered_set<std::string> anchors;
  HtmlDocument document(html);
  if (truncated != nullptr) {
    *truncated = document.truncated();
  }
  walk(document.root(), anchors);
  return anchors;
}

bool has_anchor(const std::unordered_set<std::string>& anchors, std::string_view fragment) {
  std::string decoded = percent_decode(fragment);
  if (decoded.empty() || to_lower(decoded) == "top") {
    return true;
  }
  constexpr std::string_view k_github_prefix = "user-content-";
  // Browsers look an id up as written, then percent-decoded: id="a%2Fb" is
  // found by "#a%2Fb" as well as an id "a/b" is.
  for (const std::string& candidate :
       {std::string(fragment), decoded, std::string(k_github_prefix) + decoded}) {
    if (anchors.contains(candidate)) {
      return true;
    }
  }
  // GitHub lower-cases heading anchors; a link written "#Install" still works
  // there because its script compares case-insensitively.
  if (anchors.contains(std::string(k_github_prefix) + to_lower(decoded))) {
    return true;
  }
  // Text-fragment directives (#:~:text=...) are not anchors; they cannot miss.
  return decoded.starts_with(":~:");
}

}  // namespace sg::links
