#include "load/input_paths.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "util/error.h"
#include "util/path_glob.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

/// Files and folders visited for one input before it is refused: the walk is
/// bounded as well as what it finds.
constexpr std::size_t k_max_visited = 20 * k_max_expanded_files;

bool is_markdown(const fs::path& path) {
  const std::string extension = path.extension().string();
  return extension == ".md" || extension == ".markdown";
}

bool holds_entry_files(const std::string& dir) {
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".json") {
      return true;
    }
  }
  return false;
}

std::string display_path(const fs::path& path) { return path.lexically_normal().generic_string(); }

/// The leading folders of a glob that hold no metacharacter: where to walk.
fs::path glob_base(const std::string& pattern) {
  fs::path base;
  for (const fs::path& segment : fs::path(pattern).parent_path()) {
    if (has_glob_characters(segment.string())) {
      break;
    }
    base /= segment;
  }
  return base.empty() ? fs::path(".") : base;
}

/// Walks `root` for the files `keep` accepts, skipping hidden and excluded
/// folders, in path order.
template <typename Keep>
std::vector<std::string> walk(const std::string& input, const fs::path& root,
                              const std::vector<std::string>& exclude, Keep keep) {
  std::vector<std::string> found;
  std::error_code ec;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    throw InputError(Location{input, 0, 0}, "cannot read directory: " + ec.message());
  }
  std::size_t visited = 0;
  for (fs::recursive_directory_iterator end; it != end; it.increment(ec)) {
    if (ec) {
      throw InputError(Location{input, 0, 0}, "cannot read directory: " + ec.message());
    }
    if (++visited > k_max_visited || found.size() > k_max_expanded_files) {
      throw InputError(Location{input, 0, 0},
                       fmt::format("names more than {} files; narrow the path or glob, or leave "
                                   "folders out with --exclude-path",
                                   k_max_expanded_files));
    }
    const std::string path = display_path(it->path());
    const bool hidden = it->path().filename().string().starts_with('.');
    std::error_code type_ec;
    if (it->is_directory(type_ec)) {
      if (hidden || is_excluded_path(path, exclude)) {
        it.disable_recursion_pending();
      }
      continue;
    }
    if (!hidden && it->is_regular_file(type_ec) && !is_excluded_path(path, exclude) && keep(path)) {
      found.push_back(path);
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace

bool is_excluded_path(const std::string& path, const std::vector<std::string>& exclude) {
  if (exclude.empty()) {
    return false;
  }
  const fs::path normal = fs::path(path).lexically_normal();
  fs::path prefix;
  for (const fs::path& segment : normal) {
    prefix /= segment;
    for (const std::string& pattern : exclude) {
      if (path_glob_match(pattern, prefix.generic_string())) {
        return true;
      }
    }
  }
  return false;
}

std::vector<std::string> expand_input_paths(const std::vector<std::string>& inputs,
                                            const std::vector<std::string>& exclude) {
  std::vector<std::string> out;
  for (const std::string& input : inputs) {
    if (input == "-" || input.starts_with("http://") || input.starts_with("https://")) {
      out.push_back(input);
      continue;
    }
    if (is_excluded_path(input, exclude)) {
      continue;
    }
    std::error_code ec;
    if (fs::is_directory(input, ec)) {
      if (holds_entry_files(input)) {
        out.push_back(input);
        continue;
      }
      std::vector<std::string> files =
          walk(input, input, exclude, [](const std::string& path) { return is_markdown(path); });
      if (files.empty()) {
        throw InputError(Location{input, 0, 0},
                         "no entry files (.json) and no Markdown files (.md) here; check the "
                         "path and --exclude-path");
      }
      out.insert(out.end(), files.begin(), files.end());
      continue;
    }
    if (!fs::exists(input, ec) && has_glob_characters(input)) {
      const fs::path base = glob_base(input);
      std::vector<std::string> files;
      if (fs::is_directory(base, ec)) {
        files = walk(input, base, exclude,
                     [&input](const std::string& path) { return path_glob_match(input, path); });
      }
      if (files.empty()) {
        throw InputError(Location{input, 0, 0},
                         "no file matches this glob; check the pattern (\"**\" crosses "
                         "folders, \"*\" does not) and --exclude-path");
      }
      out.insert(out.end(), files.begin(), files.end());
      continue;
    }
    out.push_back(input);
  }
  if (out.empty() && !inputs.empty()) {
    // Checking nothing must not pass for a clean run.
    throw InputError(Location{inputs.front(), 0, 0},
                     "every input is left out by --exclude-path; nothing to check");
  }
  return out;
}

}  // namespace sg
