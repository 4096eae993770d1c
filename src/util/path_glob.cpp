#include "util/path_glob.h"

#include <fnmatch.h>

#include <string>
#include <vector>

namespace sg {
namespace {

std::vector<std::string> segments(std::string_view path) {
  while (path.starts_with("./")) {
    path.remove_prefix(2);
  }
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t slash = std::min(path.find('/', start), path.size());
    if (slash > start) {
      out.emplace_back(path.substr(start, slash - start));
    }
    start = slash + 1;
  }
  return out;
}

/// Segment-wise matching with `**`; iterative over the last `**` seen, so a
/// pattern of many `**` cannot take exponential time (the greedy wildcard
/// algorithm, on segments).
bool match_segments(const std::vector<std::string>& pattern, const std::vector<std::string>& path) {
  std::size_t p = 0;
  std::size_t s = 0;
  std::size_t star_p = std::string::npos;
  std::size_t star_s = 0;
  while (s < path.size()) {
    if (p < pattern.size() && pattern[p] == "**") {
      star_p = p++;
      star_s = s;
    } else if (p < pattern.size() && fnmatch(pattern[p].c_str(), path[s].c_str(), 0) == 0) {
      ++p;
      ++s;
    } else if (star_p != std::string::npos) {
      p = star_p + 1;
      s = ++star_s;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == "**") {
    ++p;
  }
  return p == pattern.size();
}

}  // namespace

bool has_glob_characters(std::string_view pattern) {
  return pattern.find_first_of("*?[") != std::string_view::npos;
}

bool path_glob_match(std::string_view pattern, std::string_view path) {
  return match_segments(segments(pattern), segments(path));
}

}  // namespace sg
