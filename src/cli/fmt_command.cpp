#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/git_changes.h"
#include "load/entries_loader.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

struct FmtOptions {
  std::vector<std::string> paths{"entries"};
  bool check = false;
  std::string changed_since;
};

std::vector<std::string> json_files(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
      files.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    for (const fs::directory_entry& item : fs::directory_iterator(path)) {
      if (item.path().extension() == ".json") {
        found.push_back(item.path().lexically_normal().string());
      }
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

}  // namespace

void add_fmt_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<FmtOptions>();
  CLI::App* command =
      app.add_subcommand("fmt", "Rewrite entry files in canonical key order and indentation");
  command->add_option("paths", options->paths,
                      "Entries directories or .json files (default: entries)");
  command->add_flag("--check", options->check,
                    "Change nothing; list files that are not canonical and exit 1");
  command->add_option("--changed-since", options->changed_since,
                      "Only the files changed since this git ref's merge base with HEAD "
                      "(the pull-request gate)");
  command->footer(
      "Examples:\n"
      "  sourcegate fmt            rewrite entries/*.json canonically\n"
      "  sourcegate fmt --check    in CI: fail when a file is not canonical\n"
      "  sourcegate fmt --check --changed-since origin/main   only what a pull request changed");
  command->callback([options, &exit_code] {
    // Format everything in memory first, so a malformed file stops the run
    // before any file is rewritten.
    struct Rewrite {
      std::string file;
      std::string canonical;
      FileStamp read_as;  // an edit made while fmt runs is refused, not reverted
    };
    std::vector<std::string> files = json_files(options->paths);
    if (!options->changed_since.empty()) {
      const ChangedLines touched = changed_since(options->changed_since);
      std::erase_if(files, [&](const std::string& file) { return !touched.contains(file); });
    }
    std::vector<Rewrite> changed;
    for (const std::string& file : files) {
      FileStamp stamp;
      const std::string text = read_file(file, &stamp);
      std::string canonical = canonical_entries_text(file, text);
      if (canonical != text) {
        changed.push_back({file, std::move(canonical), stamp});
      }
    }
    for (const auto& [file, canonical, read_as] : changed) {
      if (options->check) {
        std::cout << file << ": not canonical; run `sourcegate fmt` to rewrite it\n";
      } else {
        if (auto problem = write_file_atomically(file, canonical, read_as)) {
          throw InputError(Location{file, 0, 0}, *problem);
        }
        std::cout << "formatted " << file << '\n';
      }
    }
    exit_code = options->check && !changed.empty() ? 1 : 0;
  });
}

}  // namespace sg
