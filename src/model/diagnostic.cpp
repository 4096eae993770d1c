#include "model/diagnostic.h"

#include <algorithm>
#include <tuple>

namespace sg {

std::string_view to_string(Severity severity) {
  switch (severity) {
    case Severity::info:
      return "info";
    case Severity::warning:
      return "warning";
    case Severity::error:
      return "error";
  }
  return "error";
}

void sort_diagnostics(std::vector<Diagnostic>& diagnostics) {
  std::stable_sort(
      diagnostics.begin(), diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return std::tie(a.location.file, a.location.line, a.location.column, a.rule, a.message) <
               std::tie(b.location.file, b.location.line, b.location.column, b.rule, b.message);
      });
}

}  // namespace sg
