#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace sg {

/// The paths `lint`, `check` and `links` are given, expanded to what they
/// read, in argument order:
/// - a directory that holds `.json` files is an entries directory, kept as
///   it is; any other directory stands for the Markdown files (`.md`,
///   `.markdown`) under it, in path order, hidden folders skipped;
/// - a path that does not exist and holds `*`, `?` or `[` is a glob
///   (path_glob_match: `**` crosses folders) naming the files it matches;
/// - anything else (a file, a URL, `-` for stdin) is kept as it is.
/// A path matching an `exclude` glob, or inside a folder that matches one,
/// is left out. Throws InputError when a directory or glob names no file,
/// when one names more than k_max_expanded_files, and when every input is
/// left out.
std::vector<std::string> expand_input_paths(const std::vector<std::string>& inputs,
                                            const std::vector<std::string>& exclude);

/// A bound on what one directory or glob may expand to: a glob like "/**"
/// must not walk the whole machine.
inline constexpr std::size_t k_max_expanded_files = 10'000;

/// True when `path` or a folder holding it matches one of the globs.
bool is_excluded_path(const std::string& path, const std::vector<std::string>& exclude);

}  // namespace sg
