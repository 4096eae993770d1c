#pragma once

#include <string>

#include "model/list.h"

namespace sg {

/// Renders the list as an awesome-style Markdown page: title, tagline, intro, a
/// table of contents, then one `##` heading per section and `###` per group,
/// with `- [Title](url) - Description.` lines (numbered in an ordered section).
/// Loading the result with the Markdown loader gives back the same entries.
std::string render_markdown(const List& list);

/// Whether plain text (a title, the tagline) renders as written: it holds no
/// character the writer escapes, so no markup in it is lost.
bool renders_as_written(std::string_view text);

/// The lines that differ between two texts, as `-`/`+` lines under `@@ line N`
/// markers; empty when the texts are equal.
std::string line_diff(std::string_view before, std::string_view after);

}  // namespace sg
