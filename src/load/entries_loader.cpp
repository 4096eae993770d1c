#include "load/entries_loader.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <span>
#include <unordered_set>

#include <fmt/format.h>

#include "load/json_tree.h"
#include "rules/rule.h"
#include "util/date.h"
#include "util/error.h"
#include "util/file.h"
#include "util/json_schema.h"
#include "util/spelling.h"
#include "util/text.h"
#include "util/url.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

/// `string` is one line: it renders inside a heading or a list item, where a
/// line break would start new Markdown structure. `markdown` is a block of
/// Markdown (an intro), rendered as its own paragraphs. `lines` is one line
/// or an array of them (an entry's `review`).
enum class FieldType { string, markdown, date, boolean, positive_integer, object, array, lines };

struct FieldSpec {
  std::string_view name;
  FieldType type;
  bool required;
  /// One line, for the JSON Schema editors show (docs/schema/).
  std::string_view description;
};

constexpr FieldSpec k_schema_field = {
    "$schema", FieldType::string, false,
    "The JSON Schema editors check the file against; sourcegate ignores it."};

// The entry schema (docs/entries.md), one table per object type, in
// canonical key order: `fmt` writes keys in this order.
constexpr FieldSpec k_list_fields[] = {
    k_schema_field,
    {"title", FieldType::string, true, "The list's title, the page's first heading."},
    {"tagline", FieldType::string, false, "One line under the title."},
    {"intro", FieldType::markdown, false, "Markdown paragraphs before the first section."},
};
constexpr FieldSpec k_section_fields[] = {
    k_schema_field,
    {"title", FieldType::string, true, "The section's heading, as published."},
    {"intro", FieldType::markdown, false, "Markdown under the heading, before the entries."},
    {"volatile", FieldType::object, false,
     "For a section whose evidence changes quickly: when it was verified and for how long."},
    {"ordered", FieldType::boolean, false,
     "A reading path: entries are read in order and rendered as a numbered list."},
    {"entries", FieldType::array, false, "Entries directly under the section."},
    {"groups", FieldType::array, false, "Sub-headings, each with its entries."},
};
constexpr FieldSpec k_volatile_fields[] = {
    {"verified", FieldType::date, true, "When the section was last verified (YYYY-MM-DD)."},
    {"max_age_days", FieldType::positive_integer, true,
     "Days the verification stays fresh (freshness/stale)."},
};
constexpr FieldSpec k_group_fields[] = {
    {"title", FieldType::string, true, "The group's sub-heading."},
    {"entries", FieldType::array, true, "The group's entries."},
};
constexpr FieldSpec k_entry_fields[] = {
    {"title", FieldType::string, true, "The resource's title."},
    {"url", FieldType::string, false,
     "The canonical link; required unless \"links\" is given or the kind is note."},
    {"links", FieldType::array, false,
     "For an entry naming several resources: {label, url} pairs, labels in title order."},
    {"kind", FieldType::string, true, "What the entry links to."},
    {"description", FieldType::string, true, "One sentence on what the resource is."},
    {"claim", FieldType::object, false, "The evidence behind a performance figure."},
    {"code", FieldType::string, false, "The implementing repository; required for a report."},
    {"verified", FieldType::date, false, "When the entry was last checked (YYYY-MM-DD)."},
    {"waive", FieldType::array, false, "Rules waived for this entry, each with a reason."},
    {"review", FieldType::lines, false,
     "What an import guessed, one line each; remove it once checked."},
};
constexpr FieldSpec k_link_fields[] = {
    {"label", FieldType::string, true, "The words of the title this link covers."},
    {"url", FieldType::string, true, "The link."},
};
constexpr FieldSpec k_claim_fields[] = {
    {"hardware", FieldType::string, false, "Hardware and software versions."},
    {"workload", FieldType::string, false, "Workload shapes or request distribution."},
    {"precision", FieldType::string, false, "Precision and algorithm."},
    {"baseline", FieldType::string, false, "What the figure is compared with."},
    {"correctness", FieldType::string, false, "How the results were checked to be right."},
};
constexpr FieldSpec k_waiver_fields[] = {
    {"rule", FieldType::string, true, "The rule id, family/name."},
    {"reason", FieldType::string, true, "Why the rule does not apply here."},
};

std::string_view type_words(FieldType type) {
  switch (type) {
    case FieldType::string:
    case FieldType::markdown:
      return "a string";
    case FieldType::date:
      return "a date string YYYY-MM-DD";
    case FieldType::boolean:
      return "true or false";
    case FieldType::positive_integer:
      return "a whole number from 1, at most 99999";
    case FieldType::object:
      return "an object";
    case FieldType::array:
      return "an array";
    case FieldType::lines:
      return "a string or an array of strings";
  }
  return "a value";
}

bool has_type(const JsonNode& node, FieldType type) {
  switch (type) {
    case FieldType::string:
    case FieldType::markdown:
    case FieldType::date:
      return node.is_string();
    case FieldType::boolean:
      return node.type == json::value_t::boolean;
    case FieldType::positive_integer:
      return (node.type == json::value_t::number_unsigned ||
              node.type == json::value_t::number_integer) &&
             node.scalar.get<std::int64_t>() > 0 && node.scalar.get<std::int64_t>() < 100000;
    case FieldType::object:
      return node.is_object();
    case FieldType::array:
      return node.is_array();
    case FieldType::lines:
      return node.is_string() || node.is_array();
  }
  return false;
}

/// Checks objects of one file against the schema tables and collects findings.
class SchemaReader {
 public:
  explicit SchemaReader(LoadResult& out) : m_out(out) {}

  void error(const Location& where, std::string message, std::string hint,
             const Entry* entry = nullptr) {
    m_out.diagnostics.push_back(schema_error(Finding{.location = where,
                                                     .message = std::move(message),
                                                     .hint = std::move(hint),
                                                     .entry = entry}));
  }

  /// Reports unknown, repeated, missing and mistyped members. Returns false when
  /// `node` is not an object at all.
  template <std::size_t N>
  bool check(const JsonNode& node, const FieldSpec (&specs)[N], std::string_view what,
             const Entry* entry = nullptr) {
    if (!node.is_object()) {
      error(node.location, fmt::format("{} must be an object, got {}", what, node.type_name()),
            fmt::format("write the {} as {{ \"key\": value, ... }}", what), entry);
      return false;
    }
    std::vector<std::string_view> names;
    for (const FieldSpec& spec : specs) {
      names.push_back(spec.name);
    }
    std::vector<std::string_view> seen;
    for (const JsonNode::Member& member : node.members) {
      const FieldSpec* spec = find_spec(specs, member.key);
      if (spec == nullptr) {
        error(
            member.key_location, fmt::format("unknown field \"{}\" in {}", member.key, what),
            did_you_mean(member.key, names,
                         fmt::format("remove it; {} fields are: {}", what, fmt::join(names, ", "))),
            entry);
        continue;
      }
      if (std::find(seen.begin(), seen.end(), spec->name) != seen.end()) {
        error(member.key_location,
              fmt::format("field \"{}\" is given twice in {}", member.key, what),
              "keep one of them", entry);
        continue;
      }
      seen.push_back(spec->name);
      if (!has_type(member.value, spec->type)) {
        error(member.value.location,
              fmt::format("field \"{}\" must be {}, got {}", member.key, type_words(spec->type),
                          describe(member.value)),
              fmt::format("change the value of \"{}\"", member.key), entry);
      } else if (spec->type == FieldType::date &&
                 !is_valid_date(member.value.scalar.get_ref<const std::string&>())) {
        error(member.value.location,
              fmt::format("field \"{}\" must be a calendar date YYYY-MM-DD, got \"{}\"", member.key,
                          member.value.scalar.get_ref<const std::string&>()),
              "write the date as e.g. 2026-10-17", entry);
      } else if (spec->type == FieldType::string &&
                 member.value.scalar.get_ref<const std::string&>().find_first_of("\r\n") !=
                     std::string::npos) {
        error(member.value.location,
              fmt::format("field \"{}\" must be one line: a line break in it would add headings "
                          "or entries to the rendered list",
                          member.key),
              fmt::format("remove the line breaks from \"{}\"", member.key), entry);
      } else if (spec->type == FieldType::string && spec->required &&
                 member.value.scalar.get_ref<const std::string&>().empty()) {
        error(member.value.location, fmt::format("field \"{}\" must not be empty", member.key),
              fmt::format("fill in \"{}\"", member.key), entry);
      }
    }
    for (const FieldSpec& spec : specs) {
      if (spec.required && std::find(seen.begin(), seen.end(), spec.name) == seen.end()) {
        error(node.location, fmt::format("{} is missing required field \"{}\"", what, spec.name),
              fmt::format("add \"{}\": {}", spec.name, type_words(spec.type)), entry);
      }
    }
    return true;
  }

  /// The string value of `key`, if present and of the right type.
  static std::string string_of(const JsonNode& node, std::string_view key) {
    const JsonNode* value = node.find(key);
    return value != nullptr && value->is_string() ? value->scalar.get<std::string>()
                                                  : std::string();
  }

 private:
  template <std::size_t N>
  static const FieldSpec* find_spec(const FieldSpec (&specs)[N], std::string_view key) {
    for (const FieldSpec& spec : specs) {
      if (spec.name == key) {
        return &spec;
      }
    }
    return nullptr;
  }

  static std::string describe(const JsonNode& node) {
    if (node.is_string() || node.type == json::value_t::boolean || node.is_object() ||
        node.is_array() || node.type == json::value_t::null) {
      return node.type_name();
    }
    return fmt::format("{}", node.scalar.dump());
  }

  LoadResult& m_out;
};

void record_fields(const JsonNode& node, Entry& entry) {
  for (const JsonNode::Member& member : node.members) {
    for (const FieldSpec& spec : k_entry_fields) {
      if (spec.name == member.key) {
        entry.set_position(spec.name, member.key_location);
      }
    }
  }
}

std::optional<Claim> read_claim(const JsonNode& node, SchemaReader& schema, const Entry& entry) {
  if (!schema.check(node, k_claim_fields, "claim", &entry)) {
    return std::nullopt;
  }
  Claim claim;
  claim.hardware = SchemaReader::string_of(node, "hardware");
  claim.workload = SchemaReader::string_of(node, "workload");
  claim.precision = SchemaReader::string_of(node, "precision");
  claim.baseline = SchemaReader::string_of(node, "baseline");
  claim.correctness = SchemaReader::string_of(node, "correctness");
  claim.location = node.location;
  return claim;
}

void read_links(const JsonNode& node, SchemaReader& schema, Entry& entry) {
  for (const JsonNode& item : node.items) {
    if (!schema.check(item, k_link_fields, "link", &entry)) {
      continue;
    }
    entry.links.push_back({SchemaReader::string_of(item, "label"),
                           SchemaReader::string_of(item, "url"), item.location, std::nullopt});
  }
  if (entry.links.size() < 2) {
    schema.error(node.location, "\"links\" needs at least two links",
                 "use \"url\" for an entry with one link", &entry);
  }
  // Each label links words of the title, in order, so that the rendered line
  // reads as the title.
  std::size_t from = 0;
  for (const EntryLink& link : entry.links) {
    const std::size_t at =
        link.label.empty() ? std::string::npos : entry.title.find(link.label, from);
    if (at == std::string::npos) {
      schema.error(link.location,
                   fmt::format("link label \"{}\" does not appear in the title (after the labels "
                               "before it)",
                               link.label),
                   "use the words of the title that name this resource, in title order", &entry);
      continue;
    }
    from = at + link.label.size();
  }
  if (!entry.links.empty()) {
    entry.url = entry.links.front().url;
  }
}

void read_waivers(const JsonNode& node, SchemaReader& schema, Entry& entry) {
  for (const JsonNode& item : node.items) {
    if (!schema.check(item, k_waiver_fields, "waiver", &entry)) {
      continue;
    }
    entry.waivers.push_back({SchemaReader::string_of(item, "rule"),
                             SchemaReader::string_of(item, "reason"), item.location});
  }
}

/// `review`: what an import guessed, one line each. An empty note would say
/// nothing is left to check, which is what removing the field says.
void read_review(const JsonNode& node, SchemaReader& schema, Entry& entry) {
  auto add = [&](const JsonNode& item) {
    if (!item.is_string()) {
      schema.error(item.location, fmt::format("\"review\" holds strings, got {}", item.type_name()),
                   "write what was guessed as a string", &entry);
      return;
    }
    const auto& text = item.scalar.get_ref<const std::string&>();
    if (trim(text).empty() || text.find_first_of("\r\n") != std::string::npos) {
      schema.error(item.location, "each \"review\" note must be one line, not empty",
                   "say in one line what was guessed, or remove \"review\"", &entry);
      return;
    }
    entry.review.push_back(text);
  };
  if (node.is_string()) {
    add(node);
    return;
  }
  for (const JsonNode& item : node.items) {
    add(item);
  }
  if (node.items.empty()) {
    schema.error(node.location, "\"review\" is empty",
                 "remove \"review\" once its guesses are checked", &entry);
  }
}

Entry read_entry(const JsonNode& node, SchemaReader& schema) {
  Entry entry;
  entry.location = node.location;
  entry.end_line = node.end_line > node.location.line ? node.end_line - 1 : node.location.line;
  entry.title = SchemaReader::string_of(node, "title");
  entry.url = SchemaReader::string_of(node, "url");
  if (!schema.check(node, k_entry_fields, "entry", &entry)) {
    entry.parse_urls();
    return entry;
  }
  record_fields(node, entry);
  entry.description = SchemaReader::string_of(node, "description");
  entry.code = SchemaReader::string_of(node, "code");
  entry.verified = SchemaReader::string_of(node, "verified");
  if (const JsonNode* kind = node.find("kind"); kind != nullptr && kind->is_string()) {
    entry.kind = parse_entry_kind(kind->scalar.get<std::string>());
    if (!entry.kind) {
      schema.error(kind->location,
                   fmt::format("\"{}\" is not an entry kind", kind->scalar.get<std::string>()),
                   "use one of paper, spec, docs, repo, report, note", &entry);
    }
  }
  if (const JsonNode* links = node.find("links"); links != nullptr && links->is_array()) {
    read_links(*links, schema, entry);
  }
  if (const JsonNode* claim = node.find("claim"); claim != nullptr && claim->is_object()) {
    entry.claim = read_claim(*claim, schema, entry);
  }
  if (const JsonNode* waive = node.find("waive"); waive != nullptr && waive->is_array()) {
    read_waivers(*waive, schema, entry);
  }
  if (const JsonNode* review = node.find("review");
      review != nullptr && has_type(*review, FieldType::lines)) {
    read_review(*review, schema, entry);
  }

  // A URL that cannot be followed is an error; credentials in one are
  // redacted first, so that no report prints them and no request sends them.
  entry.parse_urls();
  bool redacted = false;
  auto check_url = [&](std::string& url, const std::optional<Url>& parsed, std::string_view field,
                       const Location& at) {
    if (auto problem = web_url_problem(url, parsed ? &*parsed : nullptr); !url.empty() && problem) {
      url = redact_userinfo(url);
      entry.url = redact_userinfo(entry.url);
      redacted = true;
      schema.error(at, fmt::format("\"{}\" is {}", field, *problem),
                   "link an https:// URL (http:// only where the host serves no https)", &entry);
    }
  };
  if (entry.links.empty()) {
    check_url(entry.url, entry.parsed_url, "url", entry.where("url"));
  } else {
    for (EntryLink& link : entry.links) {
      check_url(link.url, link.parsed, "links", link.location);
    }
    entry.url = entry.links.front().url;
  }
  check_url(entry.code, entry.parsed_code, "code", entry.where("code"));
  if (redacted) {
    entry.parse_urls();  // the URLs as redacted are the ones the rules read
  }

  const bool has_url = node.find("url") != nullptr;
  const bool has_links = node.find("links") != nullptr;
  if (entry.kind == EntryKind::note) {
    for (std::string_view field : {"url", "links", "code", "claim"}) {
      if (node.find(field) != nullptr) {
        schema.error(entry.where(field), fmt::format("a note has no \"{}\"", field),
                     "remove it, or give the entry a kind other than note", &entry);
      }
    }
  } else if (entry.kind && !has_url && !has_links) {
    schema.error(entry.location, "entry is missing required field \"url\"",
                 "add \"url\": the canonical link to the resource (only a note has none)", &entry);
  } else if (has_url && has_links) {
    schema.error(entry.where("links"), "entry has both \"url\" and \"links\"",
                 "keep \"links\" for an entry that names several resources, else \"url\"", &entry);
  }
  return entry;
}

std::vector<Entry> read_entries(const JsonNode* node, SchemaReader& schema) {
  std::vector<Entry> entries;
  if (node == nullptr || !node->is_array()) {
    return entries;
  }
  entries.reserve(node->items.size());
  for (const JsonNode& item : node->items) {
    entries.push_back(read_entry(item, schema));
  }
  return entries;
}

void read_section(const JsonNode& root, SchemaReader& schema, LoadResult& out) {
  Section section;
  section.location = root.location;
  if (!schema.check(root, k_section_fields, "section")) {
    return;
  }
  section.title = SchemaReader::string_of(root, "title");
  section.intro = SchemaReader::string_of(root, "intro");
  if (const JsonNode* ordered = root.find("ordered");
      ordered != nullptr && ordered->type == json::value_t::boolean) {
    section.ordered = ordered->scalar.get<bool>();
  }
  if (const JsonNode* info = root.find("volatile"); info != nullptr && info->is_object()) {
    if (schema.check(*info, k_volatile_fields, "volatile") &&
        is_valid_date(SchemaReader::string_of(*info, "verified"))) {
      const JsonNode* age = info->find("max_age_days");
      if (age != nullptr && has_type(*age, FieldType::positive_integer)) {
        section.volatile_info = Volatile{SchemaReader::string_of(*info, "verified"),
                                         age->scalar.get<int>(), info->location};
      }
    }
  }
  section.entries = read_entries(root.find("entries"), schema);
  if (const JsonNode* groups = root.find("groups"); groups != nullptr && groups->is_array()) {
    for (const JsonNode& item : groups->items) {
      if (!schema.check(item, k_group_fields, "group")) {
        continue;
      }
      Group group;
      group.title = SchemaReader::string_of(item, "title");
      group.location = item.location;
      group.entries = read_entries(item.find("entries"), schema);
      section.groups.push_back(std::move(group));
    }
  }
  out.list.sections.push_back(std::move(section));
}

void read_list(const JsonNode& root, SchemaReader& schema, LoadResult& out) {
  if (!schema.check(root, k_list_fields, "list")) {
    return;
  }
  out.list.location = root.location;
  out.list.title = SchemaReader::string_of(root, "title");
  out.list.tagline = SchemaReader::string_of(root, "tagline");
  out.list.intro = SchemaReader::string_of(root, "intro");
}

/// Which schema table governs each nested member, for canonical ordering.
struct ObjectShape {
  std::span<const FieldSpec> fields;
  /// Shape of an object member's value or of an array member's items, by key.
  const ObjectShape* (*child)(std::string_view key);
};

const ObjectShape* no_child(std::string_view /*key*/) { return nullptr; }
constexpr ObjectShape k_link_shape{k_link_fields, no_child};
constexpr ObjectShape k_claim_shape{k_claim_fields, no_child};
constexpr ObjectShape k_waiver_shape{k_waiver_fields, no_child};
constexpr ObjectShape k_volatile_shape{k_volatile_fields, no_child};
const ObjectShape* entry_child(std::string_view key) {
  if (key == "links") {
    return &k_link_shape;
  }
  if (key == "claim") {
    return &k_claim_shape;
  }
  return key == "waive" ? &k_waiver_shape : nullptr;
}
constexpr ObjectShape k_entry_shape{k_entry_fields, entry_child};
const ObjectShape* group_child(std::string_view key) {
  return key == "entries" ? &k_entry_shape : nullptr;
}
constexpr ObjectShape k_group_shape{k_group_fields, group_child};
const ObjectShape* section_child(std::string_view key) {
  if (key == "entries") {
    return &k_entry_shape;
  }
  if (key == "groups") {
    return &k_group_shape;
  }
  return key == "volatile" ? &k_volatile_shape : nullptr;
}
constexpr ObjectShape k_section_shape{k_section_fields, section_child};
constexpr ObjectShape k_list_shape{k_list_fields, no_child};

nlohmann::ordered_json canonical(const JsonNode& node, const ObjectShape* shape) {
  if (node.is_array()) {
    nlohmann::ordered_json array = nlohmann::ordered_json::array();
    for (const JsonNode& item : node.items) {
      array.push_back(canonical(item, shape));
    }
    return array;
  }
  if (!node.is_object()) {
    return nlohmann::ordered_json(node.scalar);
  }
  // Rewriting keeps one of two repeated keys: which one the author meant is
  // theirs to say, so a repeat stops fmt instead of being dropped silently.
  std::unordered_set<std::string_view> keys;
  for (const JsonNode::Member& member : node.members) {
    if (!keys.insert(member.key).second) {
      throw InputError(member.key_location,
                       fmt::format("field \"{}\" is given twice; keep one of them, then run "
                                   "fmt again",
                                   member.key));
    }
  }
  nlohmann::ordered_json object = nlohmann::ordered_json::object();
  std::unordered_set<std::string_view> placed;
  auto add = [&](std::string_view key, const JsonNode& value) {
    if (placed.insert(key).second) {
      object[std::string(key)] = canonical(value, shape != nullptr ? shape->child(key) : nullptr);
    }
  };
  if (shape != nullptr) {
    for (const FieldSpec& spec : shape->fields) {
      if (const JsonNode* value = node.find(spec.name); value != nullptr) {
        add(spec.name, *value);
      }
    }
  }
  for (const JsonNode::Member& member : node.members) {
    add(member.key, member.value);
  }
  return object;
}

using SchemaJson = nlohmann::ordered_json;

SchemaJson object_schema(const ObjectShape& shape);

SchemaJson field_schema(const FieldSpec& spec, const ObjectShape* child) {
  SchemaJson schema{{"description", spec.description}};
  switch (spec.type) {
    case FieldType::string:
      schema["type"] = "string";
      if (spec.name == "kind") {
        schema["enum"] = entry_kind_names();
        break;
      }
      schema["pattern"] = "^[^\\r\\n]*$";
      if (spec.required) {
        schema["minLength"] = 1;
      }
      break;
    case FieldType::markdown:
      schema["type"] = "string";
      break;
    case FieldType::date:
      schema["type"] = "string";
      schema["pattern"] = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
      break;
    case FieldType::boolean:
      schema["type"] = "boolean";
      break;
    case FieldType::positive_integer:
      schema["type"] = "integer";
      schema["minimum"] = 1;
      schema["maximum"] = 99999;
      break;
    case FieldType::object:
      schema.update(child != nullptr ? object_schema(*child) : SchemaJson{{"type", "object"}});
      break;
    case FieldType::array:
      schema["type"] = "array";
      if (child != nullptr) {
        schema["items"] = object_schema(*child);
      }
      break;
    case FieldType::lines:
      schema["anyOf"] = {SchemaJson{{"type", "string"}},
                         SchemaJson{{"type", "array"}, {"items", {{"type", "string"}}}}};
      break;
  }
  return schema;
}

SchemaJson object_schema(const ObjectShape& shape) {
  SchemaJson properties = SchemaJson::object();
  SchemaJson required = SchemaJson::array();
  for (const FieldSpec& spec : shape.fields) {
    properties[std::string(spec.name)] = field_schema(spec, shape.child(spec.name));
    if (spec.required) {
      required.push_back(spec.name);
    }
  }
  SchemaJson schema{{"type", "object"}, {"properties", properties}};
  if (!required.empty()) {
    schema["required"] = required;
  }
  schema["additionalProperties"] = false;
  return schema;
}

}  // namespace

nlohmann::ordered_json section_json_schema() {
  SchemaJson schema = schema_document(
      k_section_schema_file, "sourcegate section file",
      "One top-level section of a list (entries/NN-slug.json). Generated from sourcegate's entry "
      "tables; docs/entries.md explains the fields. The loader checks more than this schema: "
      "a url or links for every entry but a note, code for a report, labels in the title.");
  schema.update(object_schema(k_section_shape));
  return schema;
}

nlohmann::ordered_json list_json_schema() {
  SchemaJson schema = schema_document(
      k_list_schema_file, "sourcegate list file",
      "The list itself (entries/list.json): its title, tagline and intro. Generated from "
      "sourcegate's entry tables; docs/entries.md explains the fields.");
  schema.update(object_schema(k_list_shape));
  return schema;
}

std::string canonical_entries_text(const std::string& path, std::string_view text) {
  const JsonDocument document = parse_json_tree(text, path);
  const JsonNode& root = document.root;
  const ObjectShape* shape =
      fs::path(path).filename() == k_list_file_name ? &k_list_shape : &k_section_shape;
  return canonical(root, shape).dump(2) + "\n";
}

bool is_valid_date(std::string_view text) { return parse_date(text).has_value(); }

bool is_section_file_name(std::string_view name) {
  return name.size() > 8 && std::isdigit(static_cast<unsigned char>(name[0])) != 0 &&
         std::isdigit(static_cast<unsigned char>(name[1])) != 0 && name[2] == '-' &&
         name.ends_with(".json");
}

std::string section_file_name(std::size_t index, std::string_view title) {
  constexpr std::size_t k_max_slug = 48;
  std::string slug;
  for (const char c : title) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) != 0 && byte < 0x80) {
      slug += static_cast<char>(std::tolower(byte));
    } else if (!slug.empty() && slug.back() != '-') {
      slug += '-';
    }
  }
  if (slug.size() > k_max_slug) {
    slug.resize(k_max_slug);
    if (const std::size_t dash = slug.rfind('-'); dash != std::string::npos && dash > 0) {
      slug.resize(dash);
    }
  }
  while (!slug.empty() && slug.back() == '-') {
    slug.pop_back();
  }
  return fmt::format("{:02}-{}.json", index, slug.empty() ? "section" : slug);
}

void load_entries_text(const std::string& path, std::string_view text, LoadResult& out) {
  const JsonDocument document = parse_json_tree(text, path);
  const JsonNode& root = document.root;
  SchemaReader schema(out);
  out.files.push_back(path);
  if (fs::path(path).filename() == k_list_file_name) {
    read_list(root, schema, out);
  } else {
    read_section(root, schema, out);
  }
}

void load_entries_dir(const std::string& dir, LoadResult& out, const EntriesLister& list_files) {
  std::vector<std::string> names;
  if (list_files) {
    names = list_files(dir);
  } else {
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) {
      throw InputError(Location{dir, 0, 0}, "cannot read directory: " + ec.message());
    }
    for (const fs::directory_entry& item : it) {
      if (item.path().extension() == ".json") {
        names.push_back(item.path().filename().string());
      }
    }
  }
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    const std::string path = (fs::path(dir) / name).lexically_normal().string();
    if (name != k_list_file_name && !is_section_file_name(name)) {
      SchemaReader(out).error(Location{path, 1, 1},
                              fmt::format("\"{}\" is not a section file name", name),
                              "name section files NN-slug.json (two digits give the list order), "
                              "or move the file out of the entries directory");
      continue;
    }
    load_entries_text(path, read_file(path), out);
  }
}

}  // namespace sg
