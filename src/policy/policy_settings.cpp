#include "policy/policy_settings.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <type_traits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "policy/policy.h"
#include "policy/policy_values.h"
#include "util/spelling.h"
#include "util/url.h"

namespace sg {
namespace {

using namespace policy_values;  // NOLINT(google-build-using-namespace): this file's vocabulary
using links::CheckSettings;
using Type = SettingType;

constexpr std::size_t k_day_ms = 24ULL * 3600 * 1000;

/// The policy a file without any key gets: where the table's defaults come
/// from, so that they cannot drift from the code.
const Policy& defaults() {
  static const Policy policy = empty_policy();
  return policy;
}

/// What a leaf's messages call it: its dotted path ("links.retries") or,
/// in the blocks that always named their members so, its key alone.
enum class Naming { path, key };

std::string name_of(const Setting& self, const std::string& path, Naming naming) {
  return naming == Naming::key ? std::string(self.key) : path;
}

/// A setting's identity: key, meaning and example.
struct About {
  std::string_view key;
  std::string_view description;
  std::string_view example;
};

Setting row(const About& about, Type type) {
  Setting setting;
  setting.key = about.key;
  setting.type = type;
  setting.description = about.description;
  setting.example = about.example;
  return setting;
}

/// A leaf read into the policy through `get`, which names the field once for
/// both reading and the default.
template <typename Get>
Setting leaf(const About& about, Type type, Get get) {
  Setting setting = row(about, type);
  Policy copy = defaults();
  setting.default_value = get(copy);
  return setting;
}

/// A leaf whose JSON value `convert` (policy_values) checks and reads.
template <typename Get, typename Convert>
Setting converted(const About& about, Type type, Get get, Naming naming, Convert convert) {
  Setting setting = leaf(about, type, get);
  setting.read = [get, naming, convert](const Setting& self, const JsonNode& value,
                                        const std::string& path, Policy& policy) {
    get(policy) = convert(value, name_of(self, path, naming));
  };
  return setting;
}

template <typename Get>
Setting flag(const About& about, Get get, Naming naming) {
  return converted(about, Type::boolean, get, naming, bool_value);
}

/// A whole number; with a ceiling, one the durations and sizes built from it
/// stay far from overflow under.
template <typename Get>
Setting count(const About& about, Get get, Naming naming, std::size_t ceiling = 0) {
  Setting setting = leaf(about, Type::count, get);
  setting.maximum = ceiling;
  setting.read = [get, naming](const Setting& self, const JsonNode& value, const std::string& path,
                               Policy& policy) {
    using Value = std::remove_reference_t<decltype(get(policy))>;
    const std::string name = name_of(self, path, naming);
    get(policy) = static_cast<Value>(self.maximum != 0 ? bounded_count(value, name, self.maximum)
                                                       : count_value(value, name));
  };
  return setting;
}

template <typename Get>
Setting text(const About& about, Get get, Naming naming) {
  return converted(about, Type::string, get, naming, string_value);
}

template <typename Get>
Setting texts(const About& about, Get get, Naming naming) {
  return converted(about, Type::strings, get, naming, string_list);
}

/// RE2 patterns, compiled here so that a bad one is reported at its position.
template <typename Get>
Setting patterns(const About& about, Get get) {
  Setting setting = leaf(about, Type::patterns, get);
  setting.read = [get](const Setting& /*self*/, const JsonNode& value, const std::string& path,
                       Policy& policy) {
    if (!value.is_array()) {
      fail(value.location, path + " must be an array of RE2 patterns");
    }
    std::vector<std::string> list;
    for (const JsonNode& item : value.items) {
      list.push_back(string_value(item, path));
      compile(list.back(), item.location);
    }
    get(policy) = std::move(list);
  };
  return setting;
}

/// Builds the RE2::Set of a pattern map or of URL shapes: each pattern's
/// syntax is checked, and reported at its place, as it is added.
class SetBuilder {
 public:
  SetBuilder() {
    RE2::Options options;
    options.set_log_errors(false);
    m_set = std::make_shared<RE2::Set>(options, RE2::UNANCHORED);
  }
  void add(const std::string& pattern, const Location& where) {
    if (std::string error; m_set->Add(pattern, &error) < 0) {
      fail(where, fmt::format("bad pattern: {}", error));
    }
  }
  std::shared_ptr<RE2::Set> finish(const Location& where, std::string_view what) {
    if (!m_set->Compile()) {
      fail(where, fmt::format("{}: the patterns are too large to compile", what));
    }
    return std::move(m_set);
  }

 private:
  std::shared_ptr<RE2::Set> m_set;
};

/// An object of name -> RE2 pattern, and the RE2::Set that finds which of
/// them match in one pass. The set checks each pattern's syntax as it adds
/// it; a pattern is compiled alone only when a match is quoted.
PatternSet pattern_set(const JsonNode& node, std::string_view what) {
  if (!node.is_object()) {
    fail(node.location, fmt::format("{} must be an object of name: pattern", what));
  }
  PatternSet result;
  SetBuilder set;
  for (const JsonNode::Member& member : node.members) {
    // "$comment" and the like are notes for the reader, never patterns.
    if (member.key.starts_with('$')) {
      continue;
    }
    const std::string pattern = string_value(member.value, what);
    result.patterns.emplace_back(member.key, pattern, member.value.location);
    set.add(pattern, member.value.location);
  }
  result.set = set.finish(node.location, what);
  return result;
}

template <typename Get>
Setting pattern_map(const About& about, Get get) {
  Setting setting = row(about, Type::pattern_map);
  setting.default_value = nlohmann::json::object();
  setting.read = [get](const Setting& /*self*/, const JsonNode& value, const std::string& path,
                       Policy& policy) { get(policy) = pattern_set(value, path); };
  return setting;
}

/// An object read member by member through its fields.
Setting block(const About& about, std::vector<Setting> fields) {
  Setting setting = row(about, Type::object);
  setting.fields = std::move(fields);
  setting.read = [](const Setting& self, const JsonNode& value, const std::string& path,
                    Policy& policy) {
    read_fields(self, value, path, fmt::format("\"{}\"", self.key), policy);
  };
  return setting;
}

/// A field of a collection's items: its collection reads it.
Setting item_field(const About& about, Type type, bool required = false,
                   nlohmann::json default_value = nullptr) {
  Setting setting = row(about, type);
  setting.required = required;
  setting.default_value = std::move(default_value);
  return setting;
}

Setting comment() {
  Setting setting = row({"$comment", "A note for people reading the file; ignored.",
                         R"("Host classes follow policy/POLICY.md.")"},
                        Type::note);
  setting.read = [](const Setting&, const JsonNode&, const std::string&, Policy&) {};
  return setting;
}

// ---- description ----------------------------------------------------------

/// "description.separators": the marks between title and description, each
/// a short run of punctuation ("-", "–", ":"), written without its spaces.
std::vector<std::string> separator_marks(const JsonNode& node) {
  if (!node.is_array() || node.items.empty()) {
    fail(node.location,
         "description.separators must be a non-empty array of marks, e.g. "
         "[\"-\", \"\u2013\", \"\u2014\", \":\"]");
  }
  std::vector<std::string> marks;
  for (const JsonNode& item : node.items) {
    std::string mark = string_value(item, "description.separators");
    const bool has_word_or_space = std::any_of(mark.begin(), mark.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
             std::isspace(static_cast<unsigned char>(c)) != 0;
    });
    if (mark.empty() || mark.size() > 4 || has_word_or_space) {
      fail(item.location, fmt::format("separator \"{}\" is not a mark: write the punctuation "
                                      "alone (\"-\", \"\u2013\", \":\"), without spaces",
                                      mark));
    }
    marks.push_back(std::move(mark));
  }
  return marks;
}

Setting description_block() {
  Setting separators = leaf(
      {"separators",
       "The marks written between an item's title and its description, without spaces.",
       R"(["-", "\u2013", ":"])"},
      Type::strings, [](Policy & p) -> auto& { return p.separators.marks; });
  separators.read = [](const Setting&, const JsonNode& value, const std::string&, Policy& policy) {
    policy.separators.marks = separator_marks(value);
  };
  Setting description = block(
      {"description", "The style/description rule's conventions for entry descriptions.",
       R"({"min_length": 20, "max_length": 240, "final_period": true})"},
      {
          count(
              {"min_length", "Shortest description in characters; 0 sets no bound.", "20"},
              [](Policy & p) -> auto& { return p.description_min_length; }, Naming::key),
          count(
              {"max_length", "Longest description in characters; 0 sets no bound.", "240"},
              [](Policy & p) -> auto& { return p.description_max_length; }, Naming::key),
          texts(
              {"lowercase_starts",
               "Words a description may start with in lower case (names written so).",
               R"(["cuBLAS", "vLLM"])"},
              [](Policy & p) -> auto& { return p.description_lowercase_starts; }, Naming::key),
          texts(
              {"abbreviations", "Abbreviations whose period does not end a sentence.",
               R"(["e.g.", "i.e.", "vs."])"},
              [](Policy & p) -> auto& { return p.description_abbreviations; }, Naming::key),
          flag(
              {"final_period",
               "A description ends with a period; false for lists whose descriptions carry "
               "none.",
               "true"},
              [](Policy & p) -> auto& { return p.description_final_period; }, Naming::key),
          flag(
              {"one_sentence",
               "A description is one sentence; false allows several (\"Author. Text.\").", "true"},
              [](Policy & p) -> auto& { return p.description_one_sentence; }, Naming::key),
          flag(
              {"capital_start",
               "A description starts with a capital letter; false for lists written in lower "
               "case.",
               "true"},
              [](Policy & p) -> auto& { return p.description_capital_start; }, Naming::key),
          flag(
              {"required", "Every entry has a description; false for a list of bare links.",
               "true"},
              [](Policy & p) -> auto& { return p.description_required; }, Naming::key),
          std::move(separators),
      });
  description.check = [](const JsonNode& value, Policy& policy) {
    if (policy.description_max_length != 0 &&
        policy.description_max_length < policy.description_min_length) {
      fail(value.location, "description max_length is below min_length");
    }
  };
  return description;
}

// ---- classes, hosts, shapes -------------------------------------------------

std::optional<EntryKind> kind_value(const JsonNode& node) {
  const std::string name = string_value(node, "a kind");
  auto kind = parse_entry_kind(name);
  if (!kind) {
    fail(node.location,
         fmt::format("\"{}\" is not an entry kind; use paper, spec, docs, repo, report or note",
                     name));
  }
  return kind;
}

void read_classes(const Setting& self, const JsonNode& node, const std::string& /*path*/,
                  Policy& policy) {
  if (!node.is_object()) {
    fail(node.location, "\"classes\" must be an object of class name: {...}");
  }
  for (const JsonNode::Member& member : node.members) {
    allow_keys(member.value, field_keys(self), fmt::format("class \"{}\"", member.key));
    SourceClass source_class;
    source_class.name = member.key;
    source_class.location = member.key_location;
    for (const JsonNode::Member& field : member.value.members) {
      if (field.key == "primary") {
        source_class.primary = bool_value(field.value, "primary");
      } else if (field.key == "surface") {
        source_class.surface = bool_value(field.value, "surface");
      } else if (field.key == "kinds") {
        if (!field.value.is_array()) {
          fail(field.value.location, "\"kinds\" must be an array of entry kinds");
        }
        for (const JsonNode& item : field.value.items) {
          source_class.kinds.push_back(*kind_value(item));
        }
      } else if (field.key == "infer") {
        source_class.inferred_kind = kind_value(field.value);
      } else if (field.key == "path_pattern") {
        source_class.path_pattern_text = string_value(field.value, "path_pattern");
        source_class.path_pattern = compile(source_class.path_pattern_text, field.value.location);
      }
    }
    if (source_class.primary && source_class.kinds.empty()) {
      fail(member.key_location,
           fmt::format("primary class \"{}\" needs \"kinds\": the entry kinds it publishes",
                       member.key));
    }
    if (policy.find_class(source_class.name) != nullptr) {
      fail(member.key_location, fmt::format("class \"{}\" is defined twice", member.key));
    }
    policy.classes.push_back(std::move(source_class));
  }
}

Setting classes_setting() {
  Setting classes =
      row({"classes",
           "Source classes by name: what kind of publisher a host is, and what that means for "
           "an entry linking it.",
           R"({"paper": {"primary": true, "kinds": ["paper"], "infer": "paper"}})"},
          Type::object_map);
  classes.default_value = nlohmann::json::object();
  classes.order = Setting::Order::first;
  classes.fields = {
      item_field({"primary", "A core source: the paper, spec, docs or repository itself.", "true"},
                 Type::boolean, false, SourceClass{}.primary),
      item_field({"surface",
                  "Surface material (tutorial sites): reported by surface/tutorial rather than "
                  "source/not-primary.",
                  "false"},
                 Type::boolean, false, SourceClass{}.surface),
      item_field(
          {"kinds", "Declared entry kinds that agree with the class; a primary class needs them.",
           R"(["paper"])"},
          Type::kinds, false, nlohmann::json::array()),
      item_field(
          {"infer", "For Markdown input: the kind an entry linking this class is taken to be.",
           R"("paper")"},
          Type::kind),
      item_field({"path_pattern",
                  "RE2 over the URL path: a URL of the class is of its inferred kind only when "
                  "the whole path matches (a repository root, not a file in it).",
                  R"("/[^/]+/[^/]+/?")"},
                 Type::string),
  };
  classes.read = read_classes;
  return classes;
}

/// The items of `value`, which must be an array of objects of `shape`.
const std::vector<JsonNode>& object_items(const JsonNode& value, const std::string& what,
                                          std::string_view shape) {
  if (!value.is_array()) {
    fail(value.location, fmt::format("{} must be an array of {}", what, shape));
  }
  return value.items;
}

void read_hosts(const Setting& self, const JsonNode& node, const std::string& /*path*/,
                Policy& policy) {
  std::vector<std::string_view> class_names;
  for (const SourceClass& source_class : policy.classes) {
    class_names.push_back(source_class.name);
  }
  for (const JsonNode& item : object_items(node, "\"hosts\"", "{\"domain\", \"class\", ...}")) {
    allow_keys(item, field_keys(self), "a host rule");
    HostRule rule;
    rule.location = item.location;
    for (const JsonNode::Member& field : item.members) {
      std::string value = string_value(field.value, field.key);
      if (field.key == "domain") {
        rule.domain = value;
      } else if (field.key == "host") {
        rule.host = value;
      } else if (field.key == "path") {
        if (!value.starts_with("/")) {
          fail(field.value.location, "\"path\" must start with /");
        }
        rule.path = value;
      } else {
        rule.class_name = value;
        if (policy.find_class(value) == nullptr) {
          fail(field.value.location,
               fmt::format("host rule names unknown class \"{}\"; {}", value,
                           did_you_mean(value, class_names, "define it under \"classes\"")));
        }
      }
    }
    if (rule.domain.empty() || rule.class_name.empty()) {
      fail(item.location, "a host rule needs \"domain\" and \"class\"");
    }
    if (registrable_domain(rule.domain) != rule.domain) {
      fail(item.location,
           fmt::format("\"{}\" is not a registrable domain (that would be \"{}\"); put the full "
                       "name in \"host\"",
                       rule.domain, registrable_domain(rule.domain)));
    }
    if (!rule.host.empty() && registrable_domain(rule.host) != rule.domain) {
      fail(item.location,
           fmt::format("host \"{}\" is not in domain \"{}\"", rule.host, rule.domain));
    }
    for (const HostRule& other : policy.hosts) {
      if (other.domain == rule.domain && other.host == rule.host && other.path == rule.path) {
        fail(item.location,
             fmt::format("host rule repeats the one at line {}", other.location.line));
      }
    }
    policy.hosts.push_back(std::move(rule));
  }
}

Setting hosts_setting() {
  Setting hosts =
      row({"hosts",
           "Host rules: the class of the URLs of a registrable domain, optionally narrowed to "
           "one host and a path prefix; the most specific matching rule wins.",
           R"([{"domain": "arxiv.org", "class": "paper"}])"},
          Type::object_list);
  hosts.default_value = nlohmann::json::array();
  hosts.fields = {
      item_field({"domain", "The registrable domain (public suffix list) the rule classifies.",
                  R"("acm.org")"},
                 Type::string, true),
      item_field({"host",
                  "Narrows the rule to one host name in the domain and its subdomains (a "
                  "subdomain's own rule wins).",
                  R"("dl.acm.org")"},
                 Type::string),
      item_field({"path", "Narrows the rule to paths starting with this prefix (starts with /).",
                  R"("/doi/")"},
                 Type::string),
      item_field({"class", "The class of the URLs the rule matches; defined under \"classes\".",
                  R"("paper")"},
                 Type::string, true),
  };
  hosts.read = read_hosts;
  return hosts;
}

UrlShapes read_shapes(const Setting& self, const JsonNode& node, std::string_view what,
                      const Policy& policy) {
  if (!node.is_object()) {
    fail(node.location,
         fmt::format("\"{}\" must be an object of name: {{\"pattern\", \"class\"}}", what));
  }
  UrlShapes shapes;
  SetBuilder set;
  for (const JsonNode::Member& member : node.members) {
    allow_keys(member.value, field_keys(self), fmt::format("shape \"{}\"", member.key));
    const JsonNode* pattern = member.value.find("pattern");
    const JsonNode* class_name = member.value.find("class");
    if (pattern == nullptr || class_name == nullptr) {
      fail(member.key_location,
           fmt::format("shape \"{}\" needs \"pattern\" and \"class\"", member.key));
    }
    UrlShape shape;
    shape.name = member.key;
    shape.location = member.key_location;
    set.add(string_value(*pattern, "pattern"), pattern->location);
    shape.class_name = string_value(*class_name, "class");
    if (const JsonNode* weak = member.value.find("weak")) {
      shape.weak = bool_value(*weak, "weak");
    }
    if (const JsonNode* unless_query = member.value.find("unless_query")) {
      shape.unless_query =
          compile(string_value(*unless_query, "unless_query"), unless_query->location);
    }
    if (policy.find_class(shape.class_name) == nullptr) {
      fail(class_name->location, fmt::format("shape names unknown class \"{}\"; define it under "
                                             "\"classes\"",
                                             shape.class_name));
    }
    shapes.shapes.push_back(std::move(shape));
  }
  shapes.set = set.finish(node.location, fmt::format("\"{}\"", what));
  return shapes;
}

template <typename Get>
Setting shapes(const About& about, Get get) {
  Setting setting = row(about, Type::object_map);
  setting.default_value = nlohmann::json::object();
  setting.fields = {
      item_field({"pattern",
                  "RE2 over \"host/path\" (the host without \"www.\", no query), partial match.",
                  R"("^[^/]+/?$")"},
                 Type::string, true),
      item_field({"class", "The class a URL of this shape is.", R"("home page")"}, Type::string,
                 true),
      item_field({"weak",
                  "A weak shape decides only for an entry that neither declares its kind nor "
                  "names the page in its title (its last path segment: \"PAPI\" at "
                  "icl.utk.edu/papi/): such a page may be the project's own, which a host rule "
                  "or the declared kind settles. The next shape, or the host rule, decides "
                  "instead.",
                  "true"},
                 Type::boolean, false, false),
      item_field({"unless_query",
                  "RE2 over the URL's query (without \"?\"), partial match: a non-empty query "
                  "it matches names one item of the page the path indexes "
                  "(\"Schedule?showEvent=8961\" is one paper's page), and the shape does not "
                  "apply. The next shape, or the host rule, decides instead.",
                  R"("(?:^|&)showEvent=\\d+")"},
                 Type::string, false),
  };
  setting.read = [get](const Setting& self, const JsonNode& value, const std::string& path,
                       Policy& policy) { get(policy) = read_shapes(self, value, path, policy); };
  return setting;
}

// ---- first party ------------------------------------------------------------

/// A class named by first_party: it must be defined under "classes".
template <typename Get>
Setting class_name(const About& about, Get get) {
  Setting setting = row(about, Type::string);
  setting.default_words = "none";
  setting.read = [get](const Setting& self, const JsonNode& value, const std::string& /*path*/,
                       Policy& policy) {
    std::string& name = get(policy);
    name = string_value(value, self.key);
    if (policy.find_class(name) == nullptr) {
      fail(value.location, fmt::format("\"{}\" names unknown class \"{}\"", self.key, name));
    }
  };
  return setting;
}

void read_publishers(const Setting& self, const JsonNode& publishers, const std::string& /*path*/,
                     Policy& policy) {
  if (!publishers.is_object()) {
    fail(publishers.location,
         "\"publishers\" must be an object of domain: {\"names\": [...], \"patterns\": [...]}");
  }
  for (const JsonNode::Member& member : publishers.members) {
    allow_keys(member.value, field_keys(self), fmt::format("publisher \"{}\"", member.key));
    std::vector<std::string> alternatives;
    for (const char* field : {"names", "patterns"}) {
      const JsonNode* list = member.value.find(field);
      if (list == nullptr) {
        continue;
      }
      if (!list->is_array()) {
        fail(list->location, fmt::format("\"{}\" must be an array of strings", field));
      }
      for (const JsonNode& item : list->items) {
        const std::string text = string_value(item, field);
        if (std::string_view(field) == "names") {
          if (text.empty()) {
            fail(item.location, "a name must not be empty");
          }
          // Whole words: "HIP" is not in "chip"; "libcu++" ends where it ends.
          auto edge = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
          alternatives.push_back((edge(text.front()) ? "\\b" : "") + RE2::QuoteMeta(text) +
                                 (edge(text.back()) ? "\\b" : ""));
        } else {
          (void)compile(text, item.location);  // an error points at the pattern itself
          alternatives.push_back("(?:" + text + ")");
        }
      }
    }
    if (alternatives.empty()) {
      fail(
          member.key_location,
          fmt::format("publisher \"{}\" owns nothing; give \"names\" or \"patterns\"", member.key));
    }
    std::vector<std::string> also_domains;
    if (const JsonNode* domains = member.value.find("also_domains")) {
      also_domains = string_list(*domains, "also_domains");
    }
    policy.publishers.push_back(
        {member.key, std::move(also_domains),
         compile("(?i)(?:" + fmt::format("{}", fmt::join(alternatives, "|")) + ")",
                 member.key_location),
         member.key_location});
  }
}

/// Redirect wrappers, each checked at its place: a wrapper not written
/// "host/path?parameter" would never match, and silently.
Setting redirect_wrappers_setting() {
  Setting setting = leaf(
      {"redirect_wrappers",
       "Redirect wrappers, written host/path?parameter: a link through one is a link to the URL "
       "the parameter carries, which link/canonical asks for and the source rules judge.",
       R"(["google.com/url?q", "l.facebook.com/l.php?u"])"},
      Type::strings, [](Policy & p) -> auto& { return p.canonical.redirect_wrappers; });
  setting.read = [](const Setting&, const JsonNode& value, const std::string&, Policy& policy) {
    policy.canonical.redirect_wrappers = string_list(value, "redirect_wrappers");
    for (std::size_t i = 0; i < value.items.size(); ++i) {
      if (!is_redirect_wrapper_form(policy.canonical.redirect_wrappers[i])) {
        fail(value.items[i].location,
             fmt::format("redirect wrapper \"{}\" is not written host/path?parameter with the "
                         "host in lower case and without \"www.\", as \"google.com/url?q\" is",
                         policy.canonical.redirect_wrappers[i]));
      }
    }
  };
  return setting;
}

Setting first_party_block() {
  Setting own_site_classes = leaf(
      {"own_site_classes",
       "Classes a project's own site (a site root, organisation or GitHub Pages project "
       "named like the entry, a site root or front page beside the entry's own source "
       "code, or a site root the description calls a piece of software, not a list, course "
       "or benchmark) becomes to_class from.",
       R"(["home page", "marketing"])"},
      Type::strings, [](Policy & p) -> auto& { return p.own_site_classes; });
  own_site_classes.read = [](const Setting&, const JsonNode& value, const std::string&,
                             Policy& policy) {
    policy.own_site_classes = string_list(value, "own_site_classes");
    for (const std::string& name : policy.own_site_classes) {
      if (policy.find_class(name) == nullptr) {
        fail(value.location, fmt::format("\"own_site_classes\" names unknown class \"{}\"", name));
      }
    }
  };
  Setting publishers =
      row({"publishers",
           "Publishers by registrable domain, and the mechanisms each introduced, defines or "
           "implements.",
           R"({"nvidia.com": {"names": ["CUDA", "PTX"]}})"},
          Type::object_map);
  publishers.default_value = nlohmann::json::object();
  publishers.fields = {
      item_field({"names", "Names the publisher owns, matched as whole words in any case.",
                  R"(["CUDA", "NCCL"])"},
                 Type::strings),
      item_field({"patterns", "RE2 patterns for what the publisher owns.", R"(["cuDNN\\w*"])"},
                 Type::patterns),
      item_field({"also_domains",
                  "Further registrable domains the publisher writes on, such as its blog's own.",
                  R"(["googleblog.com"])"},
                 Type::strings),
  };
  publishers.read = read_publishers;
  Setting first_party =
      block({"first_party",
             "First-party ownership: a post on a publisher's blog about a mechanism it owns is its "
             "documentation.",
             R"({"from_class": "blog", "to_class": "docs"})"},
            {
                comment(),
                class_name(
                    {"from_class",
                     "The class (a vendor's blog) whose posts about an owned mechanism become "
                     "to_class.",
                     R"("blog")"},
                    [](Policy & p) -> auto& { return p.first_party_class_from; }),
                class_name(
                    {"own_systems_class",
                     "The class (a company's engineering blog) whose posts are about the "
                     "company's own systems: to_class without an ownership table.",
                     R"("engineering blog")"},
                    [](Policy & p) -> auto& { return p.own_systems_class; }),
                std::move(own_site_classes),
                class_name(
                    {"to_class", "The class first-party pages become.", R"("docs")"},
                    [](Policy & p) -> auto& { return p.first_party_class_to; }),
                std::move(publishers),
                pattern_map(
                    {"not_documentation",
                     "Titles or descriptions that keep a first-party post what its host says: "
                     "announcements, customer stories, marketing.",
                     R"({"an announcement": "(?i)\\bannounc(?:es|ing)\\b"})"},
                    [](Policy & p) -> auto& { return p.not_documentation; }),
            });
  first_party.check = [](const JsonNode& value, Policy& policy) {
    if ((!policy.own_systems_class.empty() || !policy.own_site_classes.empty()) &&
        policy.first_party_class_to.empty()) {
      fail(value.location,
           "\"own_systems_class\" and \"own_site_classes\" need a \"to_class\" to turn pages "
           "into");
    }
  };
  return first_party;
}

// ---- bylines -------------------------------------------------------------------

Setting bylines_block() {
  Setting bylines = block(
      {"bylines",
       "Descriptions that credit a person (\"by Jane Doe: …\"): on a host no host rule or URL "
       "shape classes, the page is that person's writing.",
       R"({"class": "blog", "patterns": {"a person's byline": "^by \\p{Lu}\\pL+ \\p{Lu}\\pL+:"}})"},
      {
          comment(),
          class_name(
              {"class",
               "The class a credited page is, unless the name is the site's own "
               "(\"by Hugging Face\" at huggingface.co).",
               R"("blog")"},
              [](Policy & p) -> auto& { return p.byline_class; }),
          pattern_map(
              {"patterns", "RE2 patterns over the description; the first decides.",
               R"({"a person's byline": "^by \\p{Lu}\\pL+ \\p{Lu}\\pL+:"})"},
              [](Policy & p) -> auto& { return p.bylines; }),
      });
  bylines.check = [](const JsonNode& value, Policy& policy) {
    if (!policy.bylines.patterns.empty() && policy.byline_class.empty()) {
      fail(value.location, "\"bylines\" needs a \"class\" for the pages its patterns credit");
    }
  };
  return bylines;
}

// ---- rules --------------------------------------------------------------------

void read_rules(const Setting& /*self*/, const JsonNode& node, const std::string& /*path*/,
                Policy& policy) {
  if (!node.is_object()) {
    fail(node.location, "\"rules\" must be an object of rule id: severity");
  }
  for (const JsonNode::Member& member : node.members) {
    const std::string value = string_value(member.value, "a severity");
    RuleSetting setting;
    if (value == "error") {
      setting.severity = Severity::error;
    } else if (value == "warning") {
      setting.severity = Severity::warning;
    } else if (value == "info") {
      setting.severity = Severity::info;
    } else if (value == "off") {
      setting.off = true;
    } else {
      fail(member.value.location,
           fmt::format("\"{}\" is not a severity; use error, warning, info or off", value));
    }
    policy.rules[member.key] = setting;
  }
}

// ---- links ----------------------------------------------------------------------

std::vector<long> status_codes(const JsonNode& value, const std::string& what) {
  if (!value.is_array()) {
    fail(value.location, what + " must be an array of HTTP status codes");
  }
  std::vector<long> codes;
  for (const JsonNode& code : value.items) {
    const std::size_t status = count_value(code, "an HTTP status code");
    if (status < 100 || status > 999) {
      fail(code.location, fmt::format("{} is not an HTTP status code", status));
    }
    codes.push_back(static_cast<long>(status));
  }
  return codes;
}

std::string host_pattern(const JsonNode& rule, std::string_view what) {
  const JsonNode* pattern = rule.find("host_pattern");
  if (pattern == nullptr) {
    fail(rule.location, fmt::format("{} needs \"host_pattern\"", what));
  }
  std::string text = string_value(*pattern, "host_pattern");
  compile(text, pattern->location);
  return text;
}

const Setting& link_host_field(const Setting& host_rules, std::string_view key) {
  return *std::find_if(host_rules.fields.begin(), host_rules.fields.end(),
                       [&](const Setting& field) { return field.key == key; });
}

/// links.hosts: per-host settings, each with a host pattern.
void read_host_rules(const Setting& self, const JsonNode& value, const std::string& what,
                     Policy& policy) {
  const std::size_t timeout_ceiling = link_host_field(self, "connect_timeout_ms").maximum;
  for (const JsonNode& item : object_items(value, what, "{\"host_pattern\", ...}")) {
    allow_keys(item, field_keys(self), "a host rule");
    links::HostRule rule;
    rule.host_pattern = host_pattern(item, "a host rule");
    for (const JsonNode::Member& field : item.members) {
      const std::string name = what + "." + field.key;
      if (field.key == "accept") {
        rule.accept = status_codes(field.value, name);
      } else if (field.key == "connect_timeout_ms") {
        rule.connect_timeout_ms =
            static_cast<long>(bounded_count(field.value, name, timeout_ceiling));
      } else if (field.key == "request_timeout_ms") {
        rule.request_timeout_ms =
            static_cast<long>(bounded_count(field.value, name, timeout_ceiling));
      } else if (field.key == "headers") {
        rule.headers = string_list(field.value, name);
      } else if (field.key == "unverifiable") {
        rule.unverifiable = string_value(field.value, name);
      } else if (field.key == "user_agent") {
        rule.user_agent = string_value(field.value, name);
      }
    }
    policy.links.settings.hosts.push_back(std::move(rule));
  }
}

/// links.accept, the older shorthand: {"host_pattern", "codes"} accepts statuses.
void read_accept_rules(const Setting& self, const JsonNode& value, const std::string& what,
                       Policy& policy) {
  for (const JsonNode& item : object_items(value, what, "{\"host_pattern\", \"codes\"}")) {
    allow_keys(item, field_keys(self), "an accept rule");
    const JsonNode* codes = item.find("codes");
    if (codes == nullptr) {
      fail(item.location, "an accept rule needs \"host_pattern\" and \"codes\"");
    }
    links::HostRule rule;
    rule.host_pattern = host_pattern(item, "an accept rule");
    rule.accept = status_codes(*codes, "\"codes\"");
    policy.links.settings.hosts.push_back(std::move(rule));
  }
}

void read_host_tokens(const Setting& self, const JsonNode& value, const std::string& what,
                      Policy& policy) {
  for (const JsonNode& token : object_items(value, what, "{\"host\", \"env\"}")) {
    allow_keys(token, field_keys(self), "a host token");
    LinkPolicy::TokenSource source;
    for (auto [key, field] : {std::pair{"host", &source.host}, std::pair{"env", &source.env}}) {
      const JsonNode* node = token.find(key);
      if (node == nullptr) {
        fail(token.location, fmt::format("a host token needs \"{}\"", key));
      }
      *field = string_value(*node, key);
    }
    policy.links.host_tokens.push_back(std::move(source));
  }
}

Setting collection(const About& about, Type type, std::vector<Setting> fields, SettingReader read) {
  Setting setting = row(about, type);
  setting.default_value = nlohmann::json::array();
  setting.fields = std::move(fields);
  setting.read = std::move(read);
  return setting;
}

Setting links_block() {
  auto settings = [](auto member) {
    return [member](Policy & p) -> auto& { return p.links.settings.*member; };
  };
  auto ms = [&](std::string_view key, auto member, std::string_view description,
                std::string_view example, std::size_t ceiling = k_day_ms) {
    return count({key, description, example}, settings(member), Naming::path, ceiling);
  };
  Setting user_agent = text(
      {"user_agent", "The User-Agent header of every request.", R"("example-list-checker/1.0")"},
      settings(&CheckSettings::user_agent), Naming::path);
  user_agent.default_value = nullptr;
  user_agent.default_words = "\"sourcegate/VERSION (link checker)\"";
  Setting ca_file =
      text({"ca_file", "A PEM bundle of certificate authorities to trust instead of the system's.",
            R"("certs/company-proxy.pem")"},
           settings(&CheckSettings::ca_file), Naming::path);
  ca_file.default_value = nullptr;
  ca_file.default_words = "the system's store";
  Setting github_token_env = text(
      {"github_token_env",
       "The environment variable holding a GitHub token: github.com repository links are "
       "then checked through the REST API.",
       R"("GITHUB_TOKEN")"},
      [](Policy & p) -> auto& { return p.links.github_token_env; }, Naming::path);
  github_token_env.default_value = nullptr;
  github_token_env.default_words = "none: repository pages are fetched as pages";
  Setting soft_404_patterns = patterns(
      {"soft_404_patterns",
       "RE2, whole-text match on a 2xx page's title or first heading (or a part between "
       "site-name separators): a match makes the link broken. Empty turns soft-404 detection "
       "off.",
       R"(["(?i)page not found"])"},
      settings(&CheckSettings::soft_404_patterns));
  Setting cache_success =
      row({"cache_success_hours",
           "How long a success (ok, redirected) is kept in the result cache.", "48"},
          Type::count);
  cache_success.default_value =
      std::chrono::duration_cast<std::chrono::hours>(links::CacheMaxAge{}.success).count();
  cache_success.maximum = std::size_t{24} * 3660;
  cache_success.read = [](const Setting& self, const JsonNode& value, const std::string& path,
                          Policy& policy) {
    policy.links.cache_max_age.success =
        std::chrono::hours(bounded_count(value, path, self.maximum));
  };
  Setting cache_failure =
      row({"cache_failure_minutes", "How long any other result is kept in the result cache.", "30"},
          Type::count);
  cache_failure.default_value =
      std::chrono::duration_cast<std::chrono::minutes>(links::CacheMaxAge{}.failure).count();
  cache_failure.maximum = std::size_t{60} * 24 * 366;
  cache_failure.read = [](const Setting& self, const JsonNode& value, const std::string& path,
                          Policy& policy) {
    policy.links.cache_max_age.failure =
        std::chrono::minutes(bounded_count(value, path, self.maximum));
  };
  Setting dead_after = count(
      {"dead_after_days",
       "With a link history: UTC days a link must fail, with no day between on which it "
       "worked, before a report calls it dead (--dead-after overrides).",
       "3"},
      [](Policy & p) -> auto& { return p.links.dead_after_days; }, Naming::path, 1000);
  dead_after.minimum = 1;
  dead_after.read = [](const Setting& self, const JsonNode& value, const std::string& path,
                       Policy& policy) {
    const std::size_t days = bounded_count(value, path, self.maximum);
    if (days == 0) {
      fail(value.location,
           path + " must be at least 1: a link is dead after failing on that many days");
    }
    policy.links.dead_after_days = static_cast<int>(days);
  };
  Setting host_rules = collection(
      {"hosts",
       "Per-host settings: each applies to the hosts whose lower-cased name fully matches its "
       "host_pattern; the first rule with a value wins, field by field.",
       R"([{"host_pattern": "(www\\.)?linkedin\\.com", "unverifiable": "needs a login"}])"},
      Type::object_list,
      {
          item_field({"host_pattern", "RE2, full match on the lower-cased host name.",
                      R"("dl\\.acm\\.org|doi\\.org")"},
                     Type::string, true),
          item_field({"accept", "Statuses that count as success for the host.", "[403]"},
                     Type::status_codes, false, nlohmann::json::array()),
          item_field({"unverifiable",
                      "The host is never fetched; its links are unverifiable, with this text as "
                      "the evidence.",
                      R"("needs a login")"},
                     Type::string),
          item_field(
              {"connect_timeout_ms", "Connect timeout for the host (0: the global one).", "30000"},
              Type::count, false, links::HostRule{}.connect_timeout_ms),
          item_field(
              {"request_timeout_ms", "Request timeout for the host (0: the global one).", "60000"},
              Type::count, false, links::HostRule{}.request_timeout_ms),
          item_field({"user_agent", "User-Agent for the host (empty: the global one).",
                      R"("example-list-checker/1.0 +https://example.com/about")"},
                     Type::string),
          item_field({"headers", "\"Name: value\" headers added for the host.",
                      R"(["Accept-Language: en"])"},
                     Type::strings, false, nlohmann::json::array()),
      },
      read_host_rules);
  for (Setting& field : host_rules.fields) {
    if (field.type == Type::count) {
      field.maximum = k_day_ms;
    }
  }
  Setting accept = collection(
      {"accept",
       "The older form of hosts[].accept: statuses accepted for matching hosts, after the "
       "\"hosts\" rules.",
       R"([{"host_pattern": "ieeexplore\\.ieee\\.org", "codes": [418]}])"},
      Type::object_list,
      {
          item_field({"host_pattern", "RE2, full match on the lower-cased host name.",
                      R"("ieeexplore\\.ieee\\.org")"},
                     Type::string, true),
          item_field({"codes", "Statuses that count as success for the host.", "[403, 418]"},
                     Type::status_codes, true),
      },
      read_accept_rules);
  accept.order = Setting::Order::last;
  Setting host_tokens = collection(
      {"host_tokens",
       "Bearer tokens sent only to one host (exact name), read from environment variables when "
       "a run starts.",
       R"([{"host": "gitlab.example.com", "env": "GITLAB_TOKEN"}])"},
      Type::object_list,
      {
          item_field({"host", "The host name the token is sent to, and no other.",
                      R"("gitlab.example.com")"},
                     Type::string, true),
          item_field({"env", "The environment variable that holds the token.", R"("GITLAB_TOKEN")"},
                     Type::string, true),
      },
      read_host_tokens);
  return block(
      {"links", "The link checker's settings; command-line options override them.",
       R"({"max_per_host": 2, "exclude": ["^https://example\\.com/"]})"},
      {
          count({"max_concurrency", "Requests in flight, all hosts together.", "16"},
                settings(&CheckSettings::max_concurrency), Naming::path, 10'000),
          count({"max_per_host", "Requests in flight to one host name.", "2"},
                settings(&CheckSettings::max_per_host), Naming::path, 1'000),
          ms("min_interval_per_host_ms", &CheckSettings::min_interval_per_host_ms,
             "Milliseconds between request starts to one host.", "100"),
          ms("connect_timeout_ms", &CheckSettings::connect_timeout_ms,
             "Connect timeout per attempt, in milliseconds.", "5000"),
          ms("request_timeout_ms", &CheckSettings::request_timeout_ms,
             "Whole-request timeout per attempt, in milliseconds.", "30000"),
          ms("link_deadline_ms", &CheckSettings::link_deadline_ms,
             "Milliseconds for a whole link: hops, retries and the waits its server asked for.",
             "300000", 7 * k_day_ms),
          count({"retries", "Extra tries after timeouts, resets, 429 and 5xx.", "3"},
                settings(&CheckSettings::retries), Naming::path, 100),
          ms("retry_base_delay_ms", &CheckSettings::retry_base_delay_ms,
             "Backoff base: base * 2^n milliseconds plus up to 50% jitter.", "1000"),
          ms("retry_max_delay_ms", &CheckSettings::retry_max_delay_ms,
             "Cap in milliseconds for backoff and Retry-After alike.", "30000"),
          count({"max_body_bytes", "The most ever read of a response body.", "2097152"},
                settings(&CheckSettings::max_body_bytes), Naming::path, std::size_t{1} << 30U),
          count({"max_header_bytes", "The most read of one response's headers.", "131072"},
                settings(&CheckSettings::max_header_bytes), Naming::path, std::size_t{1} << 26U),
          count({"max_redirects", "Redirects followed before a link is broken.", "5"},
                settings(&CheckSettings::max_redirects), Naming::path, 100),
          std::move(user_agent),
          std::move(ca_file),
          texts({"headers", "\"Name: value\" headers sent on every request.",
                 R"(["Accept-Language: en"])"},
                settings(&CheckSettings::extra_headers), Naming::path),
          texts({"bot_wall_markers",
                 "Case-insensitive body snippets of bot challenges and WAF denials, looked for "
                 "in 403, 429 and 503 answers: a match makes the link unverifiable.",
                 R"(["checking your browser"])"},
                settings(&CheckSettings::bot_wall_markers), Naming::path),
          patterns({"include",
                    "RE2, partial match on the URL: when any is given, only matching URLs are "
                    "checked.",
                    R"(["^https://docs\\.example\\.com/"])"},
                   settings(&CheckSettings::include)),
          patterns({"exclude",
                    "RE2, partial match on the URL: matching URLs are excluded, not fetched "
                    "(with .sourcegateignore and --exclude).",
                    R"(["^https://(www\\.)?example\\.com/"])"},
                   settings(&CheckSettings::exclude)),
          std::move(soft_404_patterns),
          patterns({"login_wall_patterns",
                    "RE2, partial match on a redirect target: landing there means a login "
                    "wall, so the link is unverifiable.",
                    R"(["(?i)^https?://sso\\.example\\.com/"])"},
                   settings(&CheckSettings::login_wall_patterns)),
          flag({"fragments", "Check #fragments against the ids of the page.", "true"},
               settings(&CheckSettings::check_fragments), Naming::path),
          flag({"soft_404_probe",
                "Compare a 2xx deep link with the host's answer to a random path (one request "
                "per host) when the page proves nothing.",
                "false"},
               settings(&CheckSettings::soft_404_probe), Naming::path),
          std::move(host_rules),
          std::move(accept),
          std::move(host_tokens),
          std::move(github_token_env),
          std::move(cache_success),
          std::move(cache_failure),
          count(
              {"prune_unseen_days",
               "Cache and history entries of links no whole run has seen for this many days "
               "are dropped.",
               "60"},
              [](Policy & p) -> auto& { return p.links.prune_unseen_days; }, Naming::path, 3660),
          std::move(dead_after),
      });
}

// ---- the root -------------------------------------------------------------------

Setting make_policy_settings() {
  Setting rules = row({"rules",
                       "Severity by rule id (error, warning, info) or off: sourcegate rules lists "
                       "the ids.",
                       R"({"style/description": "warning", "list/group-size": "off"})"},
                      Type::severity_map);
  rules.default_value = nlohmann::json::object();
  rules.read = read_rules;
  Setting schema = row(
      {"$schema", "The JSON Schema editors check the file against; ignored.",
       R"("https://raw.githubusercontent.com/sourcegate/sourcegate/main/docs/schema/policy.schema.json")"},
      Type::note);
  schema.read = [](const Setting&, const JsonNode& value, const std::string& path, Policy&) {
    (void)string_value(value, path);
  };
  Setting root = row({"", "A list's source policy: policy/policy.json.", "{}"}, Type::object);
  root.fields = {
      std::move(schema),
      comment(),
      classes_setting(),
      hosts_setting(),
      block({"url_shapes",
             "URL shapes: what a URL is when its host does not say, or whatever its host says.",
             R"({"on_unknown_hosts": {"a docs host": {"pattern": "^docs\\.", "class": "docs"}}})"},
            {
                shapes(
                    {"on_any_host",
                     "Shapes that decide on any host: site roots, aggregator repositories.",
                     R"({"a site root": {"pattern": "^[^/]+/?$", "class": "home page"}})"},
                    [](Policy & p) -> auto& { return p.shapes_on_any_host; }),
                shapes(
                    {"on_unknown_hosts",
                     "Shapes that decide only where no host rule does: docs.* hosts, /blog/ "
                     "paths.",
                     R"({"a docs host": {"pattern": "^docs\\.", "class": "docs"}})"},
                    [](Policy & p) -> auto& { return p.shapes_on_unknown_hosts; }),
            }),
      first_party_block(),
      pattern_map(
          {"link_labels",
           "Link texts that only label the link (\"arXiv\", \"PDF\", \"CVPR 2021\"): the "
           "title rules read the entry's description as its title.",
           R"({"a generic label": "(?i)^(?:arxiv|paper|pdf)$"})"},
          [](Policy & p) -> auto& { return p.link_labels; }),
      pattern_map(
          {"report_titles",
           "Titles that say a blog post is its author's own worklog: it reads as a "
           "direct implementer report.",
           R"({"a worklog": "(?i)\\bworklog\\b"})"},
          [](Policy & p) -> auto& { return p.report_titles; }),
      pattern_map(
          {"secondary_titles",
           "Titles that say a link is not a primary source: a survey, a summary, a "
           "leaderboard.",
           R"({"a survey": "(?i)\\bsurvey of\\b"})"},
          [](Policy & p) -> auto& { return p.secondary_titles; }),
      pattern_map(
          {"method_titles",
           "Titles that say the work builds something, not only studies it: no "
           "secondary title pattern applies.",
           R"({"a study that builds": "(?i)\\bcharacterizing and optimizing\\b"})"},
          [](Policy & p) -> auto& { return p.method_titles; }),
      pattern_map(
          {"secondary_descriptions",
           "Descriptions that say a link is not the source itself: a paper list, a guide, "
           "course material.",
           R"({"a link collection": "(?i)\\bcurated list\\b"})"},
          [](Policy & p) -> auto& { return p.secondary_descriptions; }),
      pattern_map(
          {"secondary_sections",
           "Headings of sections that hold secondary material (Books, Courses, Talks, Surveys): an "
           "undeclared entry under one, on a paper, repository or unknown host, is that "
           "material, not a primary source. `init` writes it empty for a list whose headings "
           "alone would turn source/not-primary off.",
           R"({"teaching material": "(?i)^\\W*(?:books?|courses?|talks)\\W*$"})"},
          [](Policy & p) -> auto& { return p.secondary_sections; }),
      block(
          {"reimplementations",
           "Links that say they reimplement someone else's work (a reproduction, a port to "
           "another framework), unless they are the authors' own code.",
           R"({"descriptions": {"a reproduction": "(?i)\\bunofficial implementation\\b"}})"},
          {
              pattern_map(
                  {"descriptions", "Descriptions of a reimplementation of someone else's work.",
                   R"({"a reproduction": "(?i)\\bunofficial implementation\\b"})"},
                  [](Policy & p) -> auto& { return p.reimplementation_descriptions; }),
              pattern_map(
                  {"port_places",
                   "Places, host and path, of a repository named after the framework it was "
                   "written for (\"pytorch-ntm\", \"AAE_pytorch\"): with a description "
                   "matching \"port_descriptions\", a port of someone else's work.",
                   R"({"a framework in the name": "(?i)^github\\.com/[^/]+/[\\w.-]+-pytorch/?$"})"},
                  [](Policy & p) -> auto& { return p.port_places; }),
              pattern_map(
                  {"port_descriptions",
                   "Descriptions that say a repository implements something (\"Implementation "
                   "of Neural Style\"): at a \"port_places\" place, a port.",
                   R"({"an implementation": "(?i)\\bimplementation of\\b"})"},
                  [](Policy & p) -> auto& { return p.port_descriptions; }),
              pattern_map(
                  {"own_work_descriptions",
                   "Descriptions of the authors' own code (\"official implementation\", "
                   "\"code for our paper\"): not a reimplementation.",
                   R"({"the authors' code": "(?i)^official implementation\\b"})"},
                  [](Policy & p) -> auto& { return p.own_work_descriptions; }),
              pattern_map(
                  {"own_work_places",
                   "Places, host and path, where research organisations publish their own "
                   "papers' code: not a reimplementation.",
                   R"({"a research lab": "(?i)^github\\.com/google-research/"})"},
                  [](Policy & p) -> auto& { return p.own_work_places; }),
          }),
      bylines_block(),
      block({"claims", "Patterns that find performance claims in descriptions (claim/* rules).",
             R"({"figures": {"speed-up": "(?i)\\b\\d+(?:\\.\\d+)?x\\b"}})"},
            {
                pattern_map(
                    {"figures", "Numbers that make a performance claim (\"3x\", \"40%\").",
                     R"({"percentage": "\\b\\d+(?:\\.\\d+)?\\s*%"})"},
                    [](Policy & p) -> auto& { return p.claim_figures; }),
                pattern_map(
                    {"comparisons", "Comparisons that make a claim without a number.",
                     R"({"faster than": "(?i)\\bfaster than\\b"})"},
                    [](Policy & p) -> auto& { return p.claim_comparisons; }),
                pattern_map(
                    {"superlatives",
                     "Praise without a baseline (\"blazingly fast\"): claim/superlative.",
                     R"({"blazing": "(?i)\\bblazing(?:ly)? fast\\b"})"},
                    [](Policy & p) -> auto& { return p.claim_superlatives; }),
                pattern_map(
                    {"not_claims",
                     "Text that looks like a figure but is not a claim (\"8x H100\"), "
                     "blanked out before the claim patterns run.",
                     R"({"a GPU count": "\\b\\d+x\\s*(?:H100|A100)\\b"})"},
                    [](Policy & p) -> auto& { return p.not_claims; }),
                flag(
                    {"paper_titles",
                     "Read a paper's own title for claims, as the list's words; false for a "
                     "list that names each paper by its title, which it cannot rewrite: "
                     "\"9x Acceleration\" there is the authors' claim, put in context by "
                     "the paper, and a claim in the entry's description is still read.",
                     "false"},
                    [](Policy & p) -> auto& { return p.claims_in_paper_titles; }, Naming::key),
            }),
      block({"surface", "Patterns that find surface material: tutorials, introductions.",
             R"({"title_patterns": {"beginner tutorial": "(?i)\\bfor beginners\\b"}})"},
            {
                pattern_map(
                    {"title_patterns", "Titles of beginner tutorials, whoever publishes them.",
                     R"({"beginner tutorial": "(?i)\\bfor beginners\\b"})"},
                    [](Policy & p) -> auto& { return p.surface_titles; }),
                pattern_map(
                    {"secondary_patterns",
                     "Words that make a secondary page (one not classed primary) a "
                     "tutorial; a first-party tutorial is documentation.",
                     R"({"tutorial": "(?i)\\btutorial\\b"})"},
                    [](Policy & p) -> auto& { return p.surface_secondary; }),
                pattern_map(
                    {"path_patterns", "URL paths of secondary pages that say they are tutorials.",
                     R"({"a tutorials path": "/tutorials?/"})"},
                    [](Policy & p) -> auto& { return p.surface_paths; }),
                pattern_map(
                    {"depth_patterns",
                     "Text that says the material goes past an introduction: its "
                     "tutorial words do not make it surface.",
                     R"({"advanced": "(?i)\\badvanced\\b"})"},
                    [](Policy & p) -> auto& { return p.surface_depth; }),
            }),
      description_block(),
      block({"duplicates", "How entry/duplicate-url compares entries.",
             R"({"across_sections": false})"},
            {
                flag(
                    {"across_sections",
                     "Report a resource repeated under its title in another topic (a group, "
                     "else a section), as a warning; false for a list that files one resource "
                     "under each topic it serves, where only a repeat within one topic or under "
                     "another title (a copied link) is reported.",
                     "false"},
                    [](Policy & p) -> auto& { return p.duplicates_across_sections; }, Naming::key),
            }),
      block({"group_size", "The list/group-size rule: a learning path, not a link collection.",
             R"({"max_links": 5, "exempt_sections": ["Start here"]})"},
            {
                count(
                    {"max_links", "Most links in one group; 0 sets no limit.", "5"},
                    [](Policy & p) -> auto& { return p.group_max_links; }, Naming::key),
                texts(
                    {"exempt_sections", "Titles of sections the limit does not apply to.",
                     R"(["Start here"])"},
                    [](Policy & p) -> auto& { return p.group_size_exempt_sections; }, Naming::key),
            }),
      block({"exempt_sections", "Sections a list keeps outside a family of rules, by heading.",
             R"({"sources": ["Resources"]})"},
            {
                texts(
                    {"sources",
                     "Headings of sections or groups (as written, case aside) whose entries "
                     "the source and surface rules do not judge: a list of libraries that "
                     "keeps its books and talks under Resources. A heading applies wherever "
                     "it stands; its findings are reported as waived, naming it.",
                     R"(["Resources"])"},
                    [](Policy & p) -> auto& { return p.sources_exempt_sections; }, Naming::key),
                texts(
                    {"repeats",
                     "Headings of sections or groups (as written, case aside) that repeat "
                     "entries the list files elsewhere, on purpose: a featured or sponsors' "
                     "table at the top. A repeat under the same name with one copy under "
                     "such a heading is not reported by entry/duplicate-url.",
                     R"(["Featured"])"},
                    [](Policy & p) -> auto& { return p.repeats_exempt_sections; }, Naming::key),
            }),
      block({"freshness", "The freshness/stale rule for volatile sections.",
             R"({"default_max_age_days": 90})"},
            {
                count(
                    {"default_max_age_days",
                     "Days a volatile section's verification date stays fresh when the "
                     "section gives no max_age_days; 0 turns the check off.",
                     "60"},
                    [](Policy & p) -> auto& { return p.freshness_default_max_age_days; },
                    Naming::key),
            }),
      block(
          {"canonical", "The canonical form of URLs the link/canonical rule asks for.",
           R"({"tracking_parameters": ["utm_*"], "https": true})"},
          {
              texts(
                  {"tracking_parameters",
                   "Query parameters to drop: exact names, or a prefix ending in *.",
                   R"(["utm_*", "fbclid"])"},
                  [](Policy & p) -> auto& { return p.canonical.tracking_parameters; }, Naming::key),
              texts(
                  {"http_only_hosts", "Hosts that serve no https: their links stay http.",
                   R"(["example.org"])"},
                  [](Policy & p) -> auto& { return p.canonical.http_only_hosts; }, Naming::key),
              flag(
                  {"https", "Ask for https wherever the host is not http-only.", "true"},
                  [](Policy & p) -> auto& { return p.canonical.https; }, Naming::key),
              flag(
                  {"arxiv_abstract",
                   "Ask for arXiv's abstract page instead of its PDF, HTML or versioned "
                   "forms.",
                   "true"},
                  [](Policy & p) -> auto& { return p.canonical.arxiv_abstract; }, Naming::key),
              redirect_wrappers_setting(),
          }),
      std::move(rules),
      links_block(),
  };
  return root;
}

const Setting* find_field(const Setting& object, std::string_view key) {
  for (const Setting& field : object.fields) {
    if (field.key == key) {
      return &field;
    }
  }
  return nullptr;
}

}  // namespace

const Setting& policy_settings() {
  static const Setting root = make_policy_settings();
  return root;
}

const Setting* find_setting(std::string_view path) {
  const Setting* setting = &policy_settings();
  while (setting != nullptr && !path.empty()) {
    const std::size_t dot = path.find('.');
    setting = find_field(*setting, path.substr(0, dot));
    path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
  }
  return setting;
}

std::vector<std::string_view> field_keys(const Setting& object) {
  std::vector<std::string_view> keys;
  keys.reserve(object.fields.size());
  for (const Setting& field : object.fields) {
    keys.push_back(field.key);
  }
  return keys;
}

void read_fields(const Setting& object, const JsonNode& value, const std::string& path,
                 std::string_view what, Policy& policy) {
  allow_keys(value, field_keys(object), what);
  for (const Setting::Order order :
       {Setting::Order::first, Setting::Order::in_file, Setting::Order::last}) {
    for (const JsonNode::Member& member : value.members) {
      const Setting& field = *find_field(object, member.key);
      if (field.order == order) {
        field.read(field, member.value, path.empty() ? member.key : path + "." + member.key,
                   policy);
      }
    }
  }
  if (object.check) {
    object.check(value, policy);
  }
}

}  // namespace sg
