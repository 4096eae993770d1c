#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "model/list.h"
#include "policy/policy.h"

namespace sg {

/// One file of an entries directory: its name and its canonical text, as
/// `sourcegate fmt` writes it.
struct EntryDocument {
  std::string name;  ///< "list.json" or "NN-slug.json"
  std::string text;
  std::size_t entries = 0;
};

/// A list turned into entry files, with what the conversion had to guess.
struct ImportedEntries {
  /// Section files in list order, then list.json (when the list has a title).
  std::vector<EntryDocument> documents;
  std::size_t sections = 0;
  std::size_t entries = 0;
  /// Entries that carry `review`.
  std::size_t reviewed = 0;
  /// How many entries carry each kind of guess ("kind inferred from the URL").
  std::map<std::string, std::size_t> guesses;
  /// What the entry schema cannot hold, or had to be filled in outside
  /// entries (an untitled section), for the summary.
  std::vector<std::string> notes;
};

/// Review notes `entries_from_list` writes; each is followed by its
/// evidence in brackets ("kind inferred from the URL (host rule: arxiv.org
/// is paper)").
inline constexpr std::string_view k_review_kind_inferred = "kind inferred from the URL";
inline constexpr std::string_view k_review_kind_guessed = "kind guessed";
inline constexpr std::string_view k_review_description_missing = "description missing";
inline constexpr std::string_view k_review_title_missing = "title missing";
inline constexpr std::string_view k_review_description_link = "description link not kept";

/// Turns a loaded list (a Markdown list, most often) into entry documents:
/// one section file per section in list order, entries in order, groups,
/// links, code, claims and waivers kept. A kind the list does not declare is
/// inferred from the URL as the rules infer it under `policy` (a host rule,
/// a URL shape, first-party ownership, a code link); where nothing decides,
/// it is guessed. Every entry with a guessed kind, description or title
/// carries `review` saying what was guessed. One-line fields have their line
/// breaks folded into spaces. Throws InputError when the list has more
/// sections than file names can order.
ImportedEntries entries_from_list(const List& list, const Policy& policy);

}  // namespace sg
