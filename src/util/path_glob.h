#pragma once

#include <string_view>

namespace sg {

/// True when `pattern` contains a glob metacharacter (`*`, `?`, `[`).
bool has_glob_characters(std::string_view pattern);

/// Matches a '/'-separated path against a glob, as shells and .gitignore
/// spell them: `*` and `?` stay within one path segment, `[abc]` and `[!a-z]`
/// are character classes (fnmatch), and a segment that is exactly `**`
/// matches any number of segments, none included ("docs/**/*.md" matches
/// "docs/a.md" and "docs/x/y/a.md"). A leading "./" on either side is
/// ignored.
bool path_glob_match(std::string_view pattern, std::string_view path);

}  // namespace sg
