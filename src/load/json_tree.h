#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/location.h"

namespace sg {

/// A position in the parsed file, compact because a tree holds one per value
/// and key: the file name is shared, not copied. Converts to a Location.
struct JsonPosition {
  const std::string* file = nullptr;
  int line = 0;
  int column = 0;

  operator Location() const {  // NOLINT(google-explicit-constructor): a position is a location
    return Location{file != nullptr ? *file : std::string(), line, column};
  }
};

/// A JSON value with the position of every value and member key. Objects keep
/// their members in input order, duplicates included, so that the schema check
/// can report a key given twice instead of silently keeping one.
struct JsonNode {
  struct Member;

  nlohmann::json::value_t type = nlohmann::json::value_t::null;
  /// The value of a scalar (string, number, boolean, null).
  nlohmann::json scalar;
  std::vector<Member> members;
  std::vector<JsonNode> items;
  JsonPosition location;
  /// For objects and arrays: the line of the closing bracket.
  int end_line = 0;

  bool is_object() const { return type == nlohmann::json::value_t::object; }
  bool is_array() const { return type == nlohmann::json::value_t::array; }
  bool is_string() const { return type == nlohmann::json::value_t::string; }
  /// The first member named `key`, or null.
  const JsonNode* find(std::string_view key) const;
  /// "string", "number", "object", ... for messages.
  std::string type_name() const;
};

struct JsonNode::Member {
  std::string key;
  JsonPosition key_location;
  JsonNode value;
};

/// A parsed file: the tree's positions point at `file`, which the document owns.
struct JsonDocument {
  std::unique_ptr<const std::string> file;
  JsonNode root;
};

/// Parses strict JSON. Throws InputError with file:line:column and the
/// offending line on malformed input (never crashes, never loses the position).
JsonDocument parse_json_tree(std::string_view text, const std::string& file);

}  // namespace sg
