#pragma once

#include <gumbo.h>

#include <cstddef>
#include <string_view>

namespace sg::links {

/// An HTML document parsed by gumbo, made safe for hostile pages:
/// - parse errors are not recorded: gumbo copies the stack of open elements
///   into each one, memory quadratic in the nesting depth;
/// - the input is cut where its nesting could pass `max_depth`: gumbo's
///   scope checks take time quadratic in the depth, and it frees its tree
///   recursively. The cut is estimated from start and end tags, erring deep.
/// Walk the tree with an explicit stack.
class HtmlDocument {
 public:
  static constexpr std::size_t k_max_depth = 2048;

  explicit HtmlDocument(std::string_view html, std::size_t max_depth = k_max_depth);
  ~HtmlDocument();
  HtmlDocument(const HtmlDocument&) = delete;
  HtmlDocument& operator=(const HtmlDocument&) = delete;

  const GumboNode* root() const { return m_output->root; }
  /// The input was cut short because it nests too deeply.
  bool truncated() const { return !m_unread.empty(); }
  /// What was not parsed: the input past the cut.
  std::string_view unread() const { return m_unread; }

 private:
  GumboOptions m_options;
  std::string_view m_unread;
  GumboOutput* m_output = nullptr;
};

/// The length of the longest prefix of `html` whose estimated element
/// nesting stays within `max_depth`: start tags of non-void elements count
/// one deeper, end tags one shallower. Pure, linear.
std::size_t nesting_safe_prefix(std::string_view html, std::size_t max_depth);

}  // namespace sg::links
