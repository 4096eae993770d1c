#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "load/json_tree.h"

namespace sg {

struct Policy;

/// The JSON shape of a setting's value: what the loader accepts, what the
/// JSON Schema says and how docs/policy.md names it.
enum class SettingType {
  note,          ///< any string, for people and editors ("$comment", "$schema")
  string,        ///< a string
  boolean,       ///< true or false
  count,         ///< a whole number from `minimum` to `maximum`
  strings,       ///< an array of strings
  patterns,      ///< an array of RE2 patterns
  pattern_map,   ///< an object of name: RE2 pattern
  object,        ///< an object of the setting's `fields`
  object_map,    ///< an object of name: {the setting's `fields`}
  object_list,   ///< an array of {the setting's `fields`}
  severity_map,  ///< an object of rule id: error, warning, info or off
  kind,          ///< an entry kind
  kinds,         ///< an array of entry kinds
  status_codes,  ///< an array of HTTP status codes
};

struct Setting;

/// Reads a setting's value into the policy; throws InputError at the value.
/// `path` is the setting's dotted name ("links.retries").
using SettingReader = std::function<void(const Setting& self, const JsonNode& value,
                                         const std::string& path, Policy& policy)>;

/// One policy.json key: its shape, its default, what it means, an example,
/// and how it is read. The tree of these (policy_settings()) is the one list
/// of keys: the loader checks keys against it and reads through it, and the
/// JSON Schema and docs/policy.md are generated from it.
struct Setting {
  std::string_view key;
  SettingType type = SettingType::string;
  /// One line: what the setting means.
  std::string_view description;
  /// JSON text of a value, shown in the reference and offered by editors.
  std::string_view example;
  /// The value a policy without the key gets (from the code's own defaults);
  /// null when `default_words` says it better or there is none.
  nlohmann::json default_value;
  std::string_view default_words;
  /// An object's members; the fields of each item of an object_map or
  /// object_list.
  std::vector<Setting> fields;
  std::size_t minimum = 0;
  /// 0: no ceiling.
  std::size_t maximum = 0;
  /// Within its object, for the fields of collection items.
  bool required = false;
  /// Read before the other members of its object ("classes": host rules
  /// name them) or after them ("links.accept": the older rules match last).
  enum class Order { first, in_file, last } order = Order::in_file;
  /// Empty for the fields of collection items: their collection reads them.
  SettingReader read;
  /// For objects: a check across fields, once all are read.
  std::function<void(const JsonNode& value, Policy& policy)> check;
};

/// The root of policy.json: every key, nested.
const Setting& policy_settings();

/// The setting at a dotted path ("links.hosts.accept": through collections
/// too), or null.
const Setting* find_setting(std::string_view path);

/// The keys of an object's fields, in table order: for allow_keys.
std::vector<std::string_view> field_keys(const Setting& object);

/// Reads an object setting: unknown keys refused with a suggestion (`what`
/// names the object in messages), then each member through its field's
/// reader, in file order (Order::first and Order::last aside), then the
/// object's check.
void read_fields(const Setting& object, const JsonNode& value, const std::string& path,
                 std::string_view what, Policy& policy);

}  // namespace sg
