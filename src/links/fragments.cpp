#include "links/fragments.h"

#include <gumbo.h>

#include <algorithm>
#include <cctype>

#include "links/url.h"
#include "util/text.h"

namespace sg::links {

namespace {

void walk(const GumboNode* node, std::unordered_set<std::string>& anchors) {
  if (node->type != GUMBO_NODE_ELEMENT && node->type != GUMBO_NODE_TEMPLATE) {
    return;
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
    walk(static_cast<const GumboNode*>(element.children.data[i]), anchors);
  }
}

}  // namespace

std::unordered_set<std::string> collect_anchors(std::string_view html) {
  std::unordered_set<std::string> anchors;
  GumboOutput* output = gumbo_parse_with_options(&kGumboDefaultOptions, html.data(), html.size());
  walk(output->root, anchors);
  gumbo_destroy_output(&kGumboDefaultOptions, output);
  return anchors;
}

bool has_anchor(const std::unordered_set<std::string>& anchors, std::string_view fragment) {
  std::string decoded = percent_decode(fragment);
  if (decoded.empty() || to_lower(decoded) == "top") {
    return true;
  }
  constexpr std::string_view k_github_prefix = "user-content-";
  for (const std::string& candidate : {decoded, std::string(k_github_prefix) + decoded}) {
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
