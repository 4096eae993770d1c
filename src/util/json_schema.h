#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace sg {

/// The JSON Schema dialect of sourcegate's schemas: draft-07, which editors
/// and validators support alike.
inline constexpr std::string_view k_json_schema_dialect = "http://json-schema.org/draft-07/schema#";

/// Where the schemas are published (docs/schema/ on the main branch): a
/// file's "$schema" names its schema here, so that a copy of the file in
/// another repository still finds it.
inline constexpr std::string_view k_schema_base_url =
    "https://raw.githubusercontent.com/sourcegate/sourcegate/main/docs/schema/";

/// The head of a schema document named `file` ("policy.schema.json").
inline nlohmann::ordered_json schema_document(std::string_view file, std::string_view title,
                                              std::string_view description) {
  nlohmann::ordered_json schema;
  schema["$schema"] = k_json_schema_dialect;
  schema["$id"] = std::string(k_schema_base_url) + std::string(file);
  schema["title"] = title;
  schema["description"] = description;
  return schema;
}

}  // namespace sg
