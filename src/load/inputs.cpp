#include "load/inputs.h"

#include <filesystem>

#include "load/entries_loader.h"
#include "load/markdown_loader.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

namespace sg {

LoadResult load_inputs(const std::vector<std::string>& paths, const ItemSeparators& separators,
                       const EntriesLister& list_files) {
  namespace fs = std::filesystem;
  LoadResult result;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      const std::size_t before = result.files.size();
      load_entries_dir(path, result, list_files);
      if (result.files.size() == before) {
        // A mistyped path in CI must not pass as "nothing to check".
        throw InputError(Location{path, 0, 0},
                         "no entry files here; expected list.json and NN-slug.json files");
      }
      continue;
    }
    if (!fs::exists(path, ec)) {
      throw InputError(Location{path, 0, 0},
                       "no such file or directory; check the path (default: entries)");
    }
    const std::string extension = fs::path(path).extension().string();
    if (extension == ".json") {
      load_entries_text(path, read_file(path), result);
    } else if (extension == ".md" || extension == ".markdown") {
      load_markdown_text(path, read_file(path), result, separators);
    } else {
      throw UsageError("cannot lint \"" + path +
                       "\": give an entries directory, a .json entry file or a .md list");
    }
  }
  return result;
}

}  // namespace sg
