#pragma once

#include <string>

namespace sg {

/// A place in an input file. Lines and columns are 1-based; columns count
/// Unicode code points, as editors and GitHub annotations do.
struct Location {
  std::string file;
  int line = 0;
  int column = 0;

  bool operator==(const Location&) const = default;
};

}  // namespace sg
