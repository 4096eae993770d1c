// `sourcegate import`: entry files from an existing Markdown list, so that a
// list can move to the data model in one command.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/lint_pipeline.h"
#include "load/entries_loader.h"
#include "load/markdown_loader.h"
#include "render/entries_writer.h"
#include "sourcegate/shipped_policy.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

struct ImportOptions {
  std::string list;
  std::string output = "entries";
  std::string policy;
  bool force = false;
};

/// The policy the kinds are inferred under: --policy, else the list's own
/// policy/policy.json, else the shipped one (its host classes).
Policy import_policy(const std::string& explicit_path) {
  std::error_code ec;
  if (!explicit_path.empty() || fs::exists(k_default_policy, ec)) {
    return resolve_policy(explicit_path, MissingPolicy::quiet);
  }
  return parse_policy("the shipped policy", k_shipped_policy);
}

/// Files of `dir` an import would leave mixed with its own: section files
/// (and list.json) it does not write. The loader would read them too.
std::vector<fs::path> stale_files(const fs::path& dir, const ImportedEntries& imported) {
  std::vector<fs::path> stale;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name != k_list_file_name && !is_section_file_name(name)) {
      continue;
    }
    const bool written = std::any_of(imported.documents.begin(), imported.documents.end(),
                                     [&](const EntryDocument& d) { return d.name == name; });
    if (!written) {
      stale.push_back(it->path());
    }
  }
  std::sort(stale.begin(), stale.end());
  return stale;
}

void print_summary(const ImportOptions& options, const ImportedEntries& imported,
                   const LoadResult& loaded) {
  std::string dir = options.output;
  while (dir.size() > 1 && dir.ends_with('/')) {
    dir.pop_back();
  }
  std::cout << fmt::format("imported {} into {}/: {} {}, {} {}\n", options.list, dir,
                           imported.sections, imported.sections == 1 ? "section" : "sections",
                           imported.entries, imported.entries == 1 ? "entry" : "entries");
  for (const std::string& note : imported.notes) {
    std::cout << "  note: " << printable(note) << '\n';
  }
  if (!loaded.diagnostics.empty()) {
    std::cout << fmt::format(
        "  note: {} {} in the list itself (declarations, URLs) came along; `sourcegate lint` "
        "reports them\n",
        loaded.diagnostics.size(), loaded.diagnostics.size() == 1 ? "problem" : "problems");
  }
  if (imported.reviewed == 0) {
    std::cout << "nothing was guessed; run `sourcegate lint`, then `sourcegate render`\n";
    return;
  }
  std::cout << fmt::format("{} {} \"review\", saying what was guessed or left out:\n",
                           imported.reviewed,
                           imported.reviewed == 1 ? "entry carries" : "entries carry");
  for (const auto& [guess, count] : imported.guesses) {
    std::cout << fmt::format("  {:>6}  {}\n", count, guess);
  }
  std::cout << "check those fields, then remove \"review\" (`sourcegate lint` warns, entry/review, "
               "until it is gone); `sourcegate render` writes the list back\n";
}

void run_import(const ImportOptions& options) {
  const std::string extension = fs::path(options.list).extension().string();
  if (extension != ".md" && extension != ".markdown") {
    throw UsageError("import reads a Markdown list (.md); got \"" + options.list + "\"");
  }
  const Policy policy = import_policy(options.policy);
  const std::string text = read_file(options.list);
  LoadResult loaded;
  load_markdown_text(options.list, text, loaded, policy.separators);
  if (loaded.list.sections.empty()) {
    throw InputError(Location{options.list, 0, 0},
                     "holds no sections or entries: nothing to import");
  }
  const ImportedEntries imported = entries_from_list(loaded.list, policy);

  // Refuse before writing anything: either every file is written or none.
  const fs::path dir(options.output);
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
    throw InputError(Location{options.output, 0, 0}, "exists and is not a directory");
  }
  if (!options.force) {
    for (const EntryDocument& document : imported.documents) {
      const std::string path = (dir / document.name).string();
      if (fs::exists(fs::symlink_status(path, ec))) {
        throw UsageError(path + " exists; give --force to replace it, or -o another directory");
      }
    }
  }
  const std::vector<fs::path> stale = stale_files(dir, imported);
  if (!stale.empty() && !options.force) {
    throw UsageError(stale.front().string() +
                     " is an entry file the import would not replace, and the imported list "
                     "would be read with it; give --force to remove it, or -o another directory");
  }
  fs::create_directories(dir, ec);
  if (ec) {
    throw InputError(Location{options.output, 0, 0}, "cannot create directory: " + ec.message());
  }
  for (const EntryDocument& document : imported.documents) {
    const std::string path = (dir / document.name).string();
    if (auto problem = write_file_atomically(path, document.text)) {
      throw InputError(Location{path, 0, 0}, "cannot write the entry file: " + *problem);
    }
  }
  for (const fs::path& path : stale) {
    if (!fs::remove(path, ec) || ec) {
      throw InputError(Location{path.string(), 0, 0}, "cannot remove: " + ec.message());
    }
    std::cout << "removed " << path.string() << " (not part of the imported list)\n";
  }
  print_summary(options, imported, loaded);
}

}  // namespace

void add_import_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ImportOptions>();
  CLI::App* command =
      app.add_subcommand("import", "Write entry files (entries/) from a Markdown list");
  command->add_option("list", options->list, "The Markdown list")->required();
  command->add_option("-o,--output", options->output,
                      "Entries directory to write (default: entries)");
  command->add_option("--policy", options->policy,
                      "Policy whose host classes infer the kinds (default: policy/policy.json, "
                      "else the shipped one)");
  command->add_flag("--force", options->force,
                    "Replace entry files that exist, and remove other section files there");
  command->footer(
      "One file per top-level section (NN-slug.json, in list order) and list.json. A kind the\n"
      "list does not declare is inferred from the URL; an entry whose kind or description was\n"
      "guessed, or whose description linked a page (not written back), carries \"review\",\n"
      "which lint reports (entry/review) until it is removed.\n"
      "Examples:\n"
      "  sourcegate import README.md               entries/ from README.md\n"
      "  sourcegate import docs/list.md -o data --force");
  command->callback([options, &exit_code] {
    run_import(*options);
    exit_code = 0;
  });
}

}  // namespace sg
