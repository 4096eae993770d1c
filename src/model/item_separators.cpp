#include "model/item_separators.h"

#include <algorithm>

namespace sg {
namespace {

bool is_dash(std::string_view mark) {
  return std::find(k_dash_marks.begin(), k_dash_marks.end(), mark) != k_dash_marks.end();
}

}  // namespace

SeparatorAt ItemSeparators::find(std::string_view text, bool after_link) const {
  SeparatorAt first;
  for (const std::string& mark : marks) {
    if (is_dash(mark)) {
      const std::string spaced = " " + mark + " ";
      if (const std::size_t at = text.find(spaced); at < first.at) {
        first = {at, spaced.size(), mark};
      }
      // "<a …>Name</a>- Text": right after the link, the space before the
      // dash may be missing.
      if (after_link && first.at != 0 && text.starts_with(mark + " ")) {
        first = {0, mark.size() + 1, mark};
      }
      continue;
    }
    if (!after_link) {
      continue;
    }
    // A full-width colon takes no space after it ("[名称](…)：描述").
    const std::string written = mark == "\uff1a" ? mark : mark + " ";
    // "[Title](url) (also: [HN](…))", "https://… [Kit: a toolkit]": a colon
    // inside brackets is the bracket's own, not the item's separator.
    const auto in_brackets = [&](std::size_t at) {
      const std::string_view before = text.substr(0, at);
      return std::count(before.begin(), before.end(), '(') >
                 std::count(before.begin(), before.end(), ')') ||
             std::count(before.begin(), before.end(), '[') >
                 std::count(before.begin(), before.end(), ']');
    };
    // "[Book](…) is the first book. Loosely based on this article: [X](…)":
    // a colon after a sentence belongs to the prose, not to the item.
    const auto after_a_sentence = [&](std::size_t at) {
      return text.substr(0, at).find(". ") != std::string_view::npos;
    };
    if (const std::size_t at = text.find(written);
        at < first.at && !in_brackets(at) && !after_a_sentence(at)) {
      // " : " is the same separator with a space before it.
      const bool spaced = at > 0 && text[at - 1] == ' ';
      first = {spaced ? at - 1 : at, written.size() + (spaced ? 1 : 0), mark};
    }
  }
  return first;
}

ItemSeparators ItemSeparators::all() { return {{"-", "\u2013", "\u2014", ":", "\uff1a"}}; }

}  // namespace sg
