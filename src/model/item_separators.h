#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace sg {

/// Where a separator starts in a text, and how long it is as written.
struct SeparatorAt {
  std::size_t at = std::string_view::npos;
  std::size_t size = 0;
  /// The mark found ("-", "–", ":"); empty when none.
  std::string_view mark;
};

/// The marks a list writes between an item's title and its description: the
/// policy's "description.separators". A dash stands between spaces
/// ("Name - Text"), or right after the link with a space after it
/// ("[Name](…)- Text"); any other mark follows the title's last word ("Name:
/// Text") and counts only after the item's link, so that "Paper: [Name](…)"
/// keeps its link in the title.
struct ItemSeparators {
  std::vector<std::string> marks = {"-", "\u2013", "\u2014"};

  /// Where the first separator written in `text` starts; `after_link` says
  /// whether the item's link came before `text`.
  SeparatorAt find(std::string_view text, bool after_link) const;
  /// Every mark a list may use, for inferring which ones it does.
  static ItemSeparators all();
};

/// The dashes a list writes between spaces ("Name - Text", "Name – Text").
inline constexpr std::array<std::string_view, 3> k_dash_marks = {"-", "\u2013", "\u2014"};

/// The separator written between an item's title and its description when a
/// list is rendered.
inline constexpr std::string_view k_item_separator = " - ";

}  // namespace sg
