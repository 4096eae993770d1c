#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/git_changes.h"
#include "load/entries_loader.h"
#include "render/markdown_writer.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

namespace sg {
namespace {

struct RenderOptions {
  std::string entries = "entries";
  std::string output = "LIST.md";
  bool check = false;
  bool tracked = false;
};

}  // namespace

void add_render_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<RenderOptions>();
  CLI::App* command = app.add_subcommand("render", "Render the Markdown list from entries");
  command->add_option("--entries", options->entries, "Entries directory (default: entries)");
  command->add_option("-o,--output", options->output, "Markdown file to write (default: LIST.md)");
  command->add_flag("--check", options->check,
                    "Change nothing; exit 1 with a diff when the output is stale");
  command->add_flag("--tracked", options->tracked,
                    "Render only the entry files git tracks; untracked files are never read "
                    "(the pre-commit hooks)");
  command->footer(
      "Examples:\n"
      "  sourcegate render            write LIST.md from entries/\n"
      "  sourcegate render --check    in CI: fail when LIST.md is stale");
  command->callback([options, &exit_code] {
    LoadResult loaded;
    load_entries_dir(options->entries, loaded,
                     options->tracked ? EntriesLister(tracked_json_files) : EntriesLister());
    if (!loaded.diagnostics.empty()) {
      const Diagnostic& first = loaded.diagnostics.front();
      throw InputError(first.location,
                       first.message + "; run `sourcegate lint` and fix the entries first");
    }
    if (loaded.list.sections.empty()) {
      // Rendering nothing over the list would erase it.
      throw InputError(Location{options->entries, 0, 0},
                       "holds no section files (NN-slug.json); check the --entries path");
    }
    const std::string rendered = render_markdown(loaded.list);
    if (!options->check) {
      if (auto problem = write_file_atomically(options->output, rendered)) {
        throw InputError(Location{options->output, 0, 0},
                         "cannot write the rendered list: " + *problem);
      }
      exit_code = 0;
      return;
    }
    std::string current;
    if (std::filesystem::exists(options->output)) {
      current = read_file(options->output);
    }
    if (current == rendered) {
      exit_code = 0;
      return;
    }
    std::cout << options->output << " is stale; run `sourcegate render` to update it:\n"
              << line_diff(current, rendered);
    exit_code = 1;
  });
}

}  // namespace sg
