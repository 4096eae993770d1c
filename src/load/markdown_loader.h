#pragma once

#include <string>
#include <string_view>

#include "load/load_result.h"

namespace sg {

/// Loads an awesome-style Markdown list into the same model as entry files:
/// `#` is the list title (the paragraph after it the tagline), `##` headings are
/// sections, deeper headings groups, and list items
/// `- [Title](url) - Description.` entries. An item naming several links before
/// the separator becomes an entry with `links`; a link labelled code, source
/// or repository after it is the entry's `code`; an item without a link is a
/// note. Items that only link `#anchors` (a table of contents) are not entries,
/// and a section headed Contents is skipped. A paragraph opening
/// "Verified on YYYY-MM-DD." marks its section volatile. Kinds are left unset
/// for the policy to infer.
void load_markdown_text(const std::string& path, std::string_view text, LoadResult& out);

/// The separator written between an item's title and its description.
inline constexpr std::string_view k_item_separator = " - ";

/// Where the first separator a list may use between title and description
/// (" - ", " – ", " — ") starts in `text`, and how long it is.
struct SeparatorAt {
  std::size_t at = std::string_view::npos;
  std::size_t size = 0;
};
SeparatorAt find_item_separator(std::string_view text);

}  // namespace sg
