#pragma once

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
};

}  // namespace sg
