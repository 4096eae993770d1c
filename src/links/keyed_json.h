#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "util/file.h"

namespace sg::links {

/// The shape of the link cache and the link history on disk:
///   {"version": N, "<member>": {"<key>": {...}, ...}, <other members>}
/// with one entry per line, sorted by key, so that the file diffs well and
/// is read and written in linear time at hundreds of thousands of entries.

/// Calls `take(key, value)` for each entry of `member` as the parse reaches
/// its end, so that the entries never form one big tree. Returns the rest of
/// the document (other members), or nullopt when the text is not such a
/// document of `version`; entries already taken then do not count.
std::optional<nlohmann::json> read_keyed_entries(
    std::string_view text, std::string_view member, int version,
    const std::function<void(const std::string& key, const nlohmann::json& value)>& take);

/// What reading a keyed-entries file found.
struct KeyedFile {
  enum class State { missing, unreadable, malformed, read };
  State state = State::missing;
  std::string error;               ///< unreadable: why
  std::optional<FileStamp> stamp;  ///< the file as read, for a later save
  nlohmann::json others;           ///< read: the members besides the entries
};

/// Reads the file at `path`, if there is one, with read_keyed_entries.
KeyedFile read_keyed_file(
    const std::string& path, std::string_view member, int version,
    const std::function<void(const std::string& key, const nlohmann::json& value)>& take);

/// Builds the text, entry by entry. Keys must come in sorted order.
class KeyedEntriesWriter {
 public:
  KeyedEntriesWriter(std::string_view member, int version);
  void add(const std::string& key, const nlohmann::json& value);
  /// Closes the entries and appends `others` (an object) as further members.
  std::string finish(const nlohmann::json& others = nlohmann::json::object()) &&;

 private:
  std::string m_text;
  const char* m_separator = "\n  ";
};

}  // namespace sg::links
