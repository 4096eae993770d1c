#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace sg {

/// Where the generated policy reference and schema live in the repository.
inline constexpr std::string_view k_policy_doc_path = "docs/policy.md";
inline constexpr std::string_view k_policy_schema_path = "docs/schema/policy.schema.json";

/// The JSON Schema of policy.json, from the settings table: every key with
/// its type, default, description and an example. `sourcegate schema policy`
/// prints it; a test keeps docs/schema/policy.schema.json equal to it.
nlohmann::ordered_json policy_json_schema();

/// docs/policy.md as the settings table makes it: every key, its type,
/// default, meaning and an example. `sourcegate policy-keys --markdown`
/// prints it; a test keeps the committed page equal to it.
std::string policy_reference();

/// One line per key: path, type and default (`sourcegate policy-keys`).
std::string policy_key_list();

}  // namespace sg
