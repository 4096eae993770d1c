#pragma once

#include <string>
#include <vector>

#include "load/load_result.h"

namespace sg {

/// Loads what `lint` is pointed at: an entries directory, single entry files
/// (`.json`) and Markdown lists (`.md`, `.markdown`), merged in argument order.
/// Throws InputError for unreadable or malformed input and UsageError for a
/// path of an unknown type.
LoadResult load_inputs(const std::vector<std::string>& paths);

}  // namespace sg
