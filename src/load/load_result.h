#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "model/diagnostic.h"
#include "model/list.h"

namespace sg {

/// What a loader produces: the list, and the schema findings (entry/schema)
/// for input that parsed but breaks the entry schema. Malformed input is not a
/// finding but an InputError.
struct LoadResult {
  List list;
  std::vector<Diagnostic> diagnostics;
  std::vector<std::string> files;
  /// Markdown lists: the bullets read, and those that are not entries, by
  /// reason ("table-of-contents items", "prose items"), so that a summary
  /// says what was not judged rather than skipping it silently.
  std::size_t list_items = 0;
  std::map<std::string, std::size_t> not_entries;
  /// How many entries used each separator mark, for inferring a list's own.
  std::map<std::string, std::size_t, std::less<>> separators_used;
};

}  // namespace sg
