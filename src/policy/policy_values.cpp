#include "policy/policy_values.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "util/error.h"
#include "util/spelling.h"

namespace sg::policy_values {

[[noreturn]] void fail(const Location& where, const std::string& message) {
  throw InputError(where, "policy: " + message);
}

void allow_keys(const JsonNode& node, const std::vector<std::string_view>& keys,
                std::string_view what) {
  if (!node.is_object()) {
    fail(node.location, fmt::format("{} must be an object, got {}", what, node.type_name()));
  }
  for (const JsonNode::Member& member : node.members) {
    if (std::find(keys.begin(), keys.end(), member.key) == keys.end()) {
      fail(member.key_location,
           fmt::format("unknown key \"{}\" in {}; {}", member.key, what,
                       did_you_mean(member.key, keys,
                                    fmt::format("known keys: {}", fmt::join(keys, ", ")))));
    }
  }
}

std::string string_value(const JsonNode& node, std::string_view what) {
  if (!node.is_string()) {
    fail(node.location, fmt::format("{} must be a string, got {}", what, node.type_name()));
  }
  return node.scalar.get<std::string>();
}

bool bool_value(const JsonNode& node, std::string_view what) {
  if (node.type != nlohmann::json::value_t::boolean) {
    fail(node.location, fmt::format("{} must be true or false, got {}", what, node.type_name()));
  }
  return node.scalar.get<bool>();
}

std::size_t count_value(const JsonNode& node, std::string_view what) {
  if (node.type != nlohmann::json::value_t::number_unsigned) {
    fail(node.location, fmt::format("{} must be a whole number, got {}", what, node.type_name()));
  }
  return node.scalar.get<std::size_t>();
}

std::size_t bounded_count(const JsonNode& node, std::string_view what, std::size_t ceiling) {
  const std::size_t count = count_value(node, what);
  if (count > ceiling) {
    fail(node.location, fmt::format("{} is at most {}", what, ceiling));
  }
  return count;
}

std::vector<std::string> string_list(const JsonNode& node, std::string_view what) {
  if (!node.is_array()) {
    fail(node.location, fmt::format("{} must be an array of strings", what));
  }
  std::vector<std::string> values;
  for (const JsonNode& item : node.items) {
    values.push_back(string_value(item, what));
  }
  return values;
}

std::shared_ptr<RE2> compile(const std::string& pattern, const Location& where) {
  RE2::Options options;
  options.set_log_errors(false);
  auto regex = std::make_shared<RE2>(pattern, options);
  if (!regex->ok()) {
    fail(where, fmt::format("bad pattern: {}", regex->error()));
  }
  return regex;
}

}  // namespace sg::policy_values
