#include "load/ignore_file.h"

#include <filesystem>

#include <fmt/format.h>
#include <re2/re2.h>

#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

namespace sg {

std::vector<std::string> parse_ignore_file(const std::string& path, std::string_view text) {
  std::vector<std::string> patterns;
  int line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string_view::npos || line[start] == '#') {
      continue;
    }
    const std::string pattern(line.substr(start, line.find_last_not_of(" \t\r") + 1 - start));
    RE2::Options options;
    options.set_log_errors(false);
    const RE2 regex(pattern, options);
    if (!regex.ok()) {
      throw InputError(
          Location{path, line_number, static_cast<int>(start) + 1},
          fmt::format("\"{}\" is not a URL pattern: {}; write an RE2 pattern that "
                      "matches part of the URLs to leave out (\"^https://example\\.com/\"), "
                      "or start the line with # to make it a comment",
                      printable(pattern), regex.error()));
    }
    patterns.push_back(pattern);
  }
  return patterns;
}

std::vector<std::string> read_ignore_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    return {};
  }
  return parse_ignore_file(path, read_file(path));
}

}  // namespace sg
