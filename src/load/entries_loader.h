#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "load/load_result.h"

namespace sg {

/// The name of the list-level file in an entries directory.
inline constexpr std::string_view k_list_file_name = "list.json";

/// Which `.json` files an entries directory holds, as names without the
/// directory. The default reads the directory; `--tracked` asks git, so that
/// an untracked file never takes part.
using EntriesLister = std::function<std::vector<std::string>(const std::string& dir)>;

/// Loads `list.json` and every `NN-slug.json` section file of `dir` (as
/// `list_files` names them, by default every `.json` file in it), in name
/// order, into `out`.
void load_entries_dir(const std::string& dir, LoadResult& out,
                      const EntriesLister& list_files = {});

/// Loads one entries file (`list.json` or a section file) from its text.
void load_entries_text(const std::string& path, std::string_view text, LoadResult& out);

/// The canonical text of an entries file: keys in schema order (unknown keys
/// kept, after the known ones), 2-space indent, one trailing newline. Throws
/// InputError on malformed JSON.
std::string canonical_entries_text(const std::string& path, std::string_view text);

/// Section files are `NN-slug.json`: two digits fix the list order, so a
/// directory holds at most k_max_section_files of them.
bool is_section_file_name(std::string_view name);
inline constexpr std::size_t k_max_section_files = 100;

/// The file name of the section at `index` (from 0, below
/// k_max_section_files) titled `title`: "07-frontier.json". The slug keeps
/// ASCII letters and digits, lower case, runs of anything else as one "-".
std::string section_file_name(std::size_t index, std::string_view title);

/// The JSON Schemas of entry files, from the same tables the loader checks
/// them with: a section file's (docs/schema/entries.schema.json) and
/// list.json's (docs/schema/list.schema.json). `sourcegate schema entries`
/// and `sourcegate schema list` print them.
inline constexpr std::string_view k_section_schema_file = "entries.schema.json";
inline constexpr std::string_view k_list_schema_file = "list.schema.json";
nlohmann::ordered_json section_json_schema();
nlohmann::ordered_json list_json_schema();

/// True for a date `YYYY-MM-DD` that exists in the calendar.
bool is_valid_date(std::string_view text);

}  // namespace sg
