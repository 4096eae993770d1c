#include "policy/policy_reference.h"

#include <functional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "model/list.h"
#include "policy/policy_settings.h"
#include "render/anchors.h"
#include "util/json_schema.h"

namespace sg {
namespace {

using Json = nlohmann::ordered_json;
using Type = SettingType;

constexpr std::string_view k_severities[] = {"error", "warning", "info", "off"};

Json string_array() { return Json{{"type", "array"}, {"items", {{"type", "string"}}}}; }

Json kind_schema() {
  Json kinds = Json::array();
  for (const std::string_view name : entry_kind_names()) {
    kinds.push_back(name);
  }
  return Json{{"type", "string"}, {"enum", kinds}};
}

Json schema_of(const Setting& setting);

Json object_schema(const Setting& object) {
  Json properties = Json::object();
  Json required = Json::array();
  for (const Setting& field : object.fields) {
    properties[std::string(field.key)] = schema_of(field);
    if (field.required) {
      required.push_back(field.key);
    }
  }
  Json schema{{"type", "object"}, {"properties", properties}};
  if (!required.empty()) {
    schema["required"] = required;
  }
  schema["additionalProperties"] = false;
  return schema;
}

Json type_schema(const Setting& setting) {
  switch (setting.type) {
    case Type::note:
    case Type::string:
      return Json{{"type", "string"}};
    case Type::boolean:
      return Json{{"type", "boolean"}};
    case Type::count: {
      Json schema{{"type", "integer"}, {"minimum", setting.minimum}};
      if (setting.maximum != 0) {
        schema["maximum"] = setting.maximum;
      }
      return schema;
    }
    case Type::strings:
    case Type::patterns:
      return string_array();
    case Type::pattern_map:
      return Json{{"type", "object"}, {"additionalProperties", {{"type", "string"}}}};
    case Type::object:
      return object_schema(setting);
    case Type::object_map:
      return Json{{"type", "object"}, {"additionalProperties", object_schema(setting)}};
    case Type::object_list:
      return Json{{"type", "array"}, {"items", object_schema(setting)}};
    case Type::severity_map:
      return Json{{"type", "object"},
                  {"additionalProperties", {{"type", "string"}, {"enum", k_severities}}}};
    case Type::kind:
      return kind_schema();
    case Type::kinds:
      return Json{{"type", "array"}, {"items", kind_schema()}};
    case Type::status_codes:
      return Json{{"type", "array"},
                  {"items", {{"type", "integer"}, {"minimum", 100}, {"maximum", 999}}}};
  }
  return Json::object();
}

Json schema_of(const Setting& setting) {
  Json schema{{"description", setting.description}};
  schema.update(type_schema(setting));
  if (!setting.default_value.is_null()) {
    schema["default"] = setting.default_value;
  }
  schema["examples"] = Json::array({Json::parse(setting.example)});
  return schema;
}

std::string type_words(const Setting& setting) {
  switch (setting.type) {
    case Type::note:
      return "string, ignored";
    case Type::string:
      return "string";
    case Type::boolean:
      return "true or false";
    case Type::count:
      return setting.maximum != 0
                 ? fmt::format("whole number, {} to {}", setting.minimum, setting.maximum)
                 : "whole number";
    case Type::strings:
      return "array of strings";
    case Type::patterns:
      return "array of RE2 patterns";
    case Type::pattern_map:
      return "object of name: RE2 pattern";
    case Type::object:
      return "object";
    case Type::object_map:
      return "object of name: object";
    case Type::object_list:
      return "array of objects";
    case Type::severity_map:
      return fmt::format("object of rule id: {}", fmt::join(k_severities, " | "));
    case Type::kind:
      return fmt::format("entry kind: {}", fmt::join(entry_kind_names(), " | "));
    case Type::kinds:
      return "array of entry kinds";
    case Type::status_codes:
      return "array of HTTP status codes";
  }
  return "value";
}

std::string default_words(const Setting& setting) {
  if (!setting.default_words.empty()) {
    return std::string(setting.default_words);
  }
  if (!setting.default_value.is_null()) {
    return fmt::format("`{}`", setting.default_value.dump());
  }
  return setting.required ? "required" : "none";
}

/// Calls `visit` for every setting under `object`, parents first, with its
/// dotted path ("links.hosts[].accept", "classes.*.kinds") and the example
/// as it is written in a policy.
void for_each_setting(const Setting& object, const std::string& path,
                      const std::function<std::string(std::string_view)>& in_context,
                      const std::function<void(const Setting&, const std::string& path,
                                               const std::string& example)>& visit) {
  for (const Setting& field : object.fields) {
    const std::string field_path =
        path.empty() ? std::string(field.key) : fmt::format("{}.{}", path, field.key);
    const std::string member = fmt::format("\"{}\": {}", field.key, field.example);
    visit(field, field_path, in_context(member));
    switch (field.type) {
      case Type::object:
        for_each_setting(
            field, field_path,
            [&](std::string_view inner) {
              return in_context(fmt::format("\"{}\": {{{}}}", field.key, inner));
            },
            visit);
        break;
      case Type::object_map:
        // An item's field is shown as it is written inside one item.
        for_each_setting(
            field, field_path + ".*",
            [](std::string_view inner) { return fmt::format("{{{}}}", inner); }, visit);
        break;
      case Type::object_list:
        for_each_setting(
            field, field_path + "[]",
            [](std::string_view inner) { return fmt::format("{{{}}}", inner); }, visit);
        break;
      default:
        break;
    }
  }
}

void for_each_policy_setting(const std::function<void(const Setting&, const std::string& path,
                                                      const std::string& example)>& visit) {
  for_each_setting(
      policy_settings(), "", [](std::string_view member) { return fmt::format("{{{}}}", member); },
      visit);
}

/// A Markdown table cell: a `|` in it would end the cell.
std::string table_cell(std::string_view text) {
  std::string cell;
  for (const char c : text) {
    cell += c == '|' ? std::string("\\|") : std::string(1, c);
  }
  return cell;
}

constexpr std::string_view k_intro =
    R"(# Policy keys

A list's `policy/policy.json` holds everything about it that is not code: the
classes of the hosts it links, the patterns that find claims and tutorials,
the style of its descriptions, rule severities and the link checker's
settings. This page lists every key, with its type, its default (the value a
policy without the key gets), what it means and an example. It is written by
`sourcegate policy-keys --markdown` from the table the loader reads policies
through, and a test fails when the two differ, so the page cannot fall behind
the code. `sourcegate policy-keys` lists the keys one per line.

A key the table does not know is an error at its `file:line:column` (exit 2),
with the nearest known key as a suggestion: a typo never passes silently.

## Checking a policy in an editor

`docs/schema/policy.schema.json` is the JSON Schema of `policy.json`
(draft-07), generated from the same table (`sourcegate schema policy`); the
entry files have theirs, `docs/schema/entries.schema.json` for section files
and `docs/schema/list.schema.json` for `entries/list.json` (`sourcegate schema
entries`, `sourcegate schema list`). Editors that read a file's `"$schema"`
key (Visual Studio Code among them) then complete keys, show each key's
description and default, and underline unknown keys and wrong types:

```json
{
  "$schema": "https://raw.githubusercontent.com/sourcegate/sourcegate/main/docs/schema/policy.schema.json",
  "classes": {"paper": {"primary": true, "kinds": ["paper"]}}
}
```

sourcegate itself ignores `"$schema"`, and `sourcegate fmt` keeps it first in
an entry file. The schema checks shapes; the loader checks more (patterns
compile, classes named exist, a host rule's domain is registrable), always
with the position of the problem.

## Ignoring URLs: `.sourcegateignore`

A `.sourcegateignore` file in the directory `sourcegate links` (or `check`)
runs in holds URL patterns the link checker leaves out, one per line: the
same RE2 patterns, partially matched against the URL, as `links.exclude` and
`--exclude`, and all three add up. A line whose first character other than a
space is `#` is a comment (say why the URLs are left out: the next reader
will want to know); a `#` later in a line is part of the pattern, as URLs
have fragments. Blank lines are ignored, and so are spaces around a pattern.
A pattern that does not compile is an error naming
`.sourcegateignore:LINE:COLUMN` (exit 2).

```
# The publisher answers every robot with 403; checked by hand each release.
^https://www\.example-journal\.com/
# Local development servers named in the setup guide.
^http://localhost:
```

## Keys

| key | type | default |
|---|---|---|
)";

}  // namespace

nlohmann::ordered_json policy_json_schema() {
  Json schema = schema_document(
      "policy.schema.json", "sourcegate policy",
      "A list's source policy (policy/policy.json). Generated from sourcegate's settings table; "
      "docs/policy.md explains every key.");
  schema.update(object_schema(policy_settings()));
  return schema;
}

std::string policy_reference() {
  std::string table;
  std::string sections;
  for_each_policy_setting(
      [&](const Setting& setting, const std::string& path, const std::string& example) {
        const std::string fallback = default_words(setting);
        table += fmt::format("| [`{}`](#{}) | {} | {} |\n", path, github_anchor(path),
                             table_cell(type_words(setting)),
                             fallback.size() > 40 ? "see below" : table_cell(fallback));
        sections += fmt::format("\n### `{}`\n\n{}\n\n- type: {}\n- default: {}\n", path,
                                setting.description, type_words(setting), fallback);
        if (setting.required) {
          sections += "- required in each item\n";
        }
        sections += fmt::format("\n```json\n{}\n```\n", example);
      });
  return std::string(k_intro) + table + sections;
}

std::string policy_key_list() {
  std::string list;
  for_each_policy_setting([&](const Setting& setting, const std::string& path,
                              const std::string& /*example*/) {
    list += fmt::format("{:<44} {:<28} {}\n", path, type_words(setting), default_words(setting));
  });
  return list;
}

}  // namespace sg
