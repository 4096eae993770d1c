#pragma once

#include <string>

#include "model/list.h"

namespace sg {

/// Renders the list as an awesome-style Markdown page: title, tagline, intro, a
/// table of contents, then one `##` heading per section and `###` per group,
/// with `- [Title](url) - Description.` lines (numbered in an ordered section).
/// Loading the result with the Markdown loader gives back the same entries.
std::string render_markdown(const List& list);

/// The lines that differ between two texts, as `-`/`+` lines under `@@ line N`
/// markers; empty when the texts are equal.
std::string line_diff(std::string_view before, std::string_view after);

}  // namespace sg
