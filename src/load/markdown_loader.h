#pragma once

#include <string>
#include <string_view>

#include "load/load_result.h"
#include "model/item_separators.h"

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
/// for the policy to infer. `separators` are the marks the list writes between
/// title and description.
void load_markdown_text(const std::string& path, std::string_view text, LoadResult& out,
                        const ItemSeparators& separators = {});

/// Whether a link's text makes it its entry's code: "code", "source",
/// "source code", "repository", "repo", a forge's name ("GitHub"), a "#opensource" tag or a
/// framework's ("PyTorch"), in any case.
bool is_code_label(std::string_view label);

/// Whether a link's text is only a framework's name ("TensorFlow"): code in
/// a list of papers' tags ("[[PyTorch](repo)]"), a mention in a sentence.
bool names_only_a_framework(std::string_view label);

}  // namespace sg
