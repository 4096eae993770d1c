#pragma once

#include <string>
#include <vector>

#include "load/entries_loader.h"
#include "load/load_result.h"
#include "model/item_separators.h"

namespace sg {

/// Loads what `lint` is pointed at: an entries directory, single entry files
/// (`.json`) and Markdown lists (`.md`, `.markdown`), merged in argument order.
/// Throws InputError for unreadable or malformed input and UsageError for a
/// path of an unknown type. `separators` are the marks Markdown lists write
/// between title and description. `list_files` names an entries directory's
/// files (load_entries_dir).
LoadResult load_inputs(const std::vector<std::string>& paths, const ItemSeparators& separators,
                       const EntriesLister& list_files = {});

}  // namespace sg
