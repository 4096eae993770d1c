#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sg {

/// The file of URL patterns the link checker leaves out, read from the
/// directory sourcegate runs in (the root of the list's repository, where CI
/// and hooks run it), as lychee reads its .lycheeignore.
inline constexpr std::string_view k_ignore_file_name = ".sourcegateignore";

/// The patterns of an ignore file's text: one RE2 pattern per line, matched
/// anywhere in the URL (as links.exclude and --exclude); a line whose first
/// character that is not a space is `#` is a comment, blank lines are
/// skipped, and spaces around a pattern are not part of it. A `#` after the
/// start of a pattern is part of it: URLs have fragments. Throws InputError
/// at file:line:column for a pattern that does not compile.
std::vector<std::string> parse_ignore_file(const std::string& path, std::string_view text);

/// The patterns of the ignore file at `path`; none when there is no file.
std::vector<std::string> read_ignore_file(const std::string& path);

}  // namespace sg
