#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <re2/re2.h>

#include "load/json_tree.h"
#include "model/location.h"

namespace sg::policy_values {

/// Reading typed values out of the policy's JSON tree. Each throws an
/// InputError at the value's file:line:column, saying what was expected.

[[noreturn]] void fail(const Location& where, const std::string& message);
/// Refuses a key not in `keys`, with the closest spelling as a suggestion.
void allow_keys(const JsonNode& node, const std::vector<std::string_view>& keys,
                std::string_view what);
std::string string_value(const JsonNode& node, std::string_view what);
bool bool_value(const JsonNode& node, std::string_view what);
std::size_t count_value(const JsonNode& node, std::string_view what);
/// A whole number no greater than `ceiling`: a ceiling on every count keeps
/// the durations and sizes built from it far from overflow.
std::size_t bounded_count(const JsonNode& node, std::string_view what, std::size_t ceiling);
std::vector<std::string> string_list(const JsonNode& node, std::string_view what);
std::shared_ptr<RE2> compile(const std::string& pattern, const Location& where);

}  // namespace sg::policy_values
