#include "policy/policy.h"

#include <libpsl.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "load/json_tree.h"
#include "policy/policy_values.h"
#include "util/error.h"
#include "util/file.h"
#include "util/spelling.h"
#include "util/text.h"
#include "util/url.h"

namespace sg {
namespace {

using policy_values::allow_keys;
using policy_values::bool_value;
using policy_values::compile;
using policy_values::count_value;
using policy_values::fail;
using policy_values::string_list;
using policy_values::string_value;

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

/// An object of name -> RE2 pattern, compiled once, plus the RE2::Set that
/// finds which of them match in one pass.
PatternSet pattern_set(const JsonNode& node, std::string_view what) {
  if (!node.is_object()) {
    fail(node.location, fmt::format("{} must be an object of name: pattern", what));
  }
  PatternSet result;
  RE2::Options options;
  options.set_log_errors(false);
  result.set = std::make_shared<RE2::Set>(options, RE2::UNANCHORED);
  for (const JsonNode::Member& member : node.members) {
    const std::string pattern = string_value(member.value, what);
    result.patterns.push_back(
        {member.key, compile(pattern, member.value.location), member.value.location});
    std::string error;
    if (result.set->Add(pattern, &error) < 0) {
      fail(member.value.location, fmt::format("bad pattern: {}", error));
    }
  }
  if (!result.set->Compile()) {
    fail(node.location, fmt::format("{}: the patterns are too large to compile", what));
  }
  return result;
}

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

void read_classes(const JsonNode& node, Policy& policy) {
  if (!node.is_object()) {
    fail(node.location, "\"classes\" must be an object of class name: {...}");
  }
  for (const JsonNode::Member& member : node.members) {
    allow_keys(member.value, {"primary", "surface", "kinds", "infer", "path_pattern"},
               fmt::format("class \"{}\"", member.key));
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

std::vector<UrlShape> read_shapes(const JsonNode& node, std::string_view what,
                                  const Policy& policy) {
  if (!node.is_object()) {
    fail(node.location,
         fmt::format("\"{}\" must be an object of name: {{\"pattern\", \"class\"}}", what));
  }
  std::vector<UrlShape> shapes;
  for (const JsonNode::Member& member : node.members) {
    allow_keys(member.value, {"pattern", "class"}, fmt::format("shape \"{}\"", member.key));
    UrlShape shape;
    shape.name = member.key;
    shape.location = member.key_location;
    const JsonNode* pattern = member.value.find("pattern");
    const JsonNode* class_name = member.value.find("class");
    if (pattern == nullptr || class_name == nullptr) {
      fail(member.key_location,
           fmt::format("shape \"{}\" needs a \"pattern\" and a \"class\"", member.key));
    }
    shape.regex = compile(string_value(*pattern, "pattern"), pattern->location);
    shape.class_name = string_value(*class_name, "class");
    if (policy.find_class(shape.class_name) == nullptr) {
      fail(class_name->location, fmt::format("shape names unknown class \"{}\"; define it under "
                                             "\"classes\"",
                                             shape.class_name));
    }
    shapes.push_back(std::move(shape));
  }
  return shapes;
}

void read_first_party(const JsonNode& node, Policy& policy) {
  allow_keys(node,
             {"$comment", "from_class", "own_systems_class", "own_site_classes", "to_class",
              "publishers", "not_documentation"},
             "\"first_party\"");
  for (const auto& [key, name] :
       {std::pair<std::string_view, std::string*>{"from_class", &policy.first_party_class_from},
        {"own_systems_class", &policy.own_systems_class},
        {"to_class", &policy.first_party_class_to}}) {
    if (const JsonNode* value = node.find(key)) {
      *name = string_value(*value, std::string(key));
      if (policy.find_class(*name) == nullptr) {
        fail(value->location, fmt::format("\"{}\" names unknown class \"{}\"", key, *name));
      }
    }
  }
  if (const JsonNode* classes = node.find("own_site_classes")) {
    policy.own_site_classes = string_list(*classes, "own_site_classes");
    for (const std::string& name : policy.own_site_classes) {
      if (policy.find_class(name) == nullptr) {
        fail(classes->location,
             fmt::format("\"own_site_classes\" names unknown class \"{}\"", name));
      }
    }
  }
  if ((!policy.own_systems_class.empty() || !policy.own_site_classes.empty()) &&
      policy.first_party_class_to.empty()) {
    fail(node.location,
         "\"own_systems_class\" and \"own_site_classes\" need a \"to_class\" to turn pages into");
  }
  if (const JsonNode* not_documentation = node.find("not_documentation")) {
    policy.not_documentation = pattern_set(*not_documentation, "first_party.not_documentation");
  }
  const JsonNode* publishers = node.find("publishers");
  if (publishers == nullptr) {
    return;
  }
  if (!publishers->is_object()) {
    fail(publishers->location,
         "\"publishers\" must be an object of domain: {\"names\": [...], \"patterns\": [...]}");
  }
  for (const JsonNode::Member& member : publishers->members) {
    allow_keys(member.value, {"names", "patterns"}, fmt::format("publisher \"{}\"", member.key));
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
    policy.publishers.push_back(
        {member.key,
         compile("(?i)(?:" + fmt::format("{}", fmt::join(alternatives, "|")) + ")",
                 member.key_location),
         member.key_location});
  }
}

void read_hosts(const JsonNode& node, Policy& policy) {
  if (!node.is_array()) {
    fail(node.location, "\"hosts\" must be an array of {\"domain\", \"class\", ...}");
  }
  std::vector<std::string_view> class_names;
  for (const SourceClass& source_class : policy.classes) {
    class_names.push_back(source_class.name);
  }
  for (const JsonNode& item : node.items) {
    allow_keys(item, {"domain", "host", "path", "class"}, "a host rule");
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

void read_rules(const JsonNode& node, Policy& policy) {
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

void read_policy(const JsonNode& root, Policy& policy) {
  allow_keys(
      root,
      {"$comment", "classes", "hosts", "url_shapes", "first_party", "report_titles",
       "secondary_titles", "method_titles", "secondary_descriptions", "claims", "surface",
       "description", "duplicates", "group_size", "freshness", "canonical", "rules", "links"},
      "the policy");
  // Classes first: host rules refer to them.
  if (const JsonNode* classes = root.find("classes")) {
    read_classes(*classes, policy);
  }
  for (const JsonNode::Member& member : root.members) {
    const JsonNode& value = member.value;
    if (member.key == "hosts") {
      read_hosts(value, policy);
    } else if (member.key == "url_shapes") {
      allow_keys(value, {"on_any_host", "on_unknown_hosts"}, "\"url_shapes\"");
      if (const JsonNode* any = value.find("on_any_host")) {
        policy.shapes_on_any_host = read_shapes(*any, "url_shapes.on_any_host", policy);
      }
      if (const JsonNode* unknown = value.find("on_unknown_hosts")) {
        policy.shapes_on_unknown_hosts =
            read_shapes(*unknown, "url_shapes.on_unknown_hosts", policy);
      }
    } else if (member.key == "first_party") {
      read_first_party(value, policy);
    } else if (member.key == "report_titles") {
      policy.report_titles = pattern_set(value, "report_titles");
    } else if (member.key == "secondary_titles") {
      policy.secondary_titles = pattern_set(value, "secondary_titles");
    } else if (member.key == "method_titles") {
      policy.method_titles = pattern_set(value, "method_titles");
    } else if (member.key == "secondary_descriptions") {
      policy.secondary_descriptions = pattern_set(value, "secondary_descriptions");
    } else if (member.key == "claims") {
      allow_keys(value, {"figures", "comparisons", "superlatives", "not_claims"}, "\"claims\"");
      if (const JsonNode* not_claims = value.find("not_claims")) {
        policy.not_claims = pattern_set(*not_claims, "claims.not_claims");
      }
      if (const JsonNode* figures = value.find("figures")) {
        policy.claim_figures = pattern_set(*figures, "claims.figures");
      }
      if (const JsonNode* comparisons = value.find("comparisons")) {
        policy.claim_comparisons = pattern_set(*comparisons, "claims.comparisons");
      }
      if (const JsonNode* superlatives = value.find("superlatives")) {
        policy.claim_superlatives = pattern_set(*superlatives, "claims.superlatives");
      }
    } else if (member.key == "surface") {
      allow_keys(value, {"title_patterns", "secondary_patterns", "path_patterns", "depth_patterns"},
                 "\"surface\"");
      if (const JsonNode* secondary = value.find("secondary_patterns")) {
        policy.surface_secondary = pattern_set(*secondary, "surface.secondary_patterns");
      }
      if (const JsonNode* paths = value.find("path_patterns")) {
        policy.surface_paths = pattern_set(*paths, "surface.path_patterns");
      }
      if (const JsonNode* titles = value.find("title_patterns")) {
        policy.surface_titles = pattern_set(*titles, "surface.title_patterns");
      }
      if (const JsonNode* depth = value.find("depth_patterns")) {
        policy.surface_depth = pattern_set(*depth, "surface.depth_patterns");
      }
    } else if (member.key == "description") {
      allow_keys(value,
                 {"min_length", "max_length", "lowercase_starts", "abbreviations", "final_period",
                  "one_sentence", "capital_start", "required", "separators"},
                 "\"description\"");
      for (const JsonNode::Member& field : value.members) {
        if (field.key == "final_period") {
          policy.description_final_period = bool_value(field.value, "final_period");
        } else if (field.key == "one_sentence") {
          policy.description_one_sentence = bool_value(field.value, "one_sentence");
        } else if (field.key == "capital_start") {
          policy.description_capital_start = bool_value(field.value, "capital_start");
        } else if (field.key == "required") {
          policy.description_required = bool_value(field.value, "required");
        } else if (field.key == "separators") {
          policy.separators.marks = separator_marks(field.value);
        } else if (field.key == "min_length") {
          policy.description_min_length = count_value(field.value, field.key);
        } else if (field.key == "max_length") {
          policy.description_max_length = count_value(field.value, field.key);
        } else if (field.key == "lowercase_starts") {
          policy.description_lowercase_starts = string_list(field.value, field.key);
        } else {
          policy.description_abbreviations = string_list(field.value, field.key);
        }
      }
      if (policy.description_max_length != 0 &&
          policy.description_max_length < policy.description_min_length) {
        fail(value.location, "description max_length is below min_length");
      }
    } else if (member.key == "duplicates") {
      allow_keys(value, {"across_sections"}, "\"duplicates\"");
      if (const JsonNode* across = value.find("across_sections")) {
        policy.duplicates_across_sections = bool_value(*across, "across_sections");
      }
    } else if (member.key == "group_size") {
      allow_keys(value, {"max_links", "exempt_sections"}, "\"group_size\"");
      if (const JsonNode* max = value.find("max_links")) {
        policy.group_max_links = count_value(*max, "max_links");
      }
      if (const JsonNode* exempt = value.find("exempt_sections")) {
        policy.group_size_exempt_sections = string_list(*exempt, "exempt_sections");
      }
    } else if (member.key == "freshness") {
      allow_keys(value, {"default_max_age_days"}, "\"freshness\"");
      if (const JsonNode* age = value.find("default_max_age_days")) {
        policy.freshness_default_max_age_days =
            static_cast<int>(count_value(*age, "default_max_age_days"));
      }
    } else if (member.key == "canonical") {
      allow_keys(value, {"tracking_parameters", "http_only_hosts", "https", "arxiv_abstract"},
                 "\"canonical\"");
      if (const JsonNode* https = value.find("https")) {
        policy.canonical.https = bool_value(*https, "https");
      }
      if (const JsonNode* arxiv = value.find("arxiv_abstract")) {
        policy.canonical.arxiv_abstract = bool_value(*arxiv, "arxiv_abstract");
      }
      if (const JsonNode* tracking = value.find("tracking_parameters")) {
        policy.canonical.tracking_parameters = string_list(*tracking, "tracking_parameters");
      }
      if (const JsonNode* http = value.find("http_only_hosts")) {
        policy.canonical.http_only_hosts = string_list(*http, "http_only_hosts");
      }
    } else if (member.key == "rules") {
      read_rules(value, policy);
    } else if (member.key == "links") {
      policy.links = read_link_policy(value);
    }
  }
}

}  // namespace

std::optional<PatternMatch> PatternSet::first_match(std::string_view text) const {
  if (!set || patterns.empty()) {
    return std::nullopt;
  }
  std::vector<int> matched;
  if (!set->Match(text, &matched)) {
    return std::nullopt;
  }
  std::sort(matched.begin(), matched.end());
  const NamedPattern& pattern = patterns[static_cast<std::size_t>(matched.front())];
  re2::StringPiece input(text.data(), text.size());
  re2::StringPiece found;
  if (!pattern.regex->Match(input, 0, input.size(), RE2::UNANCHORED, &found, 1)) {
    return std::nullopt;
  }
  // Quote the figure itself, not the delimiter a pattern needed to see.
  std::string quote(found);
  while (!quote.empty() &&
         (std::isspace(static_cast<unsigned char>(quote.back())) != 0 ||
          std::ispunct(static_cast<unsigned char>(quote.back())) != 0) &&
         quote.back() != '%') {
    quote.pop_back();
  }
  return PatternMatch{.pattern = &pattern,
                      .text = std::move(quote),
                      .offset = static_cast<std::size_t>(found.data() - text.data())};
}

const SourceClass* Policy::find_class(std::string_view name) const {
  for (const SourceClass& source_class : classes) {
    if (source_class.name == name) {
      return &source_class;
    }
  }
  return nullptr;
}

std::string registrable_domain(const std::string& host) {
  const char* domain = psl_registrable_domain(psl_builtin(), host.c_str());
  return domain != nullptr ? std::string(domain) : host;
}

Policy parse_policy(const std::string& path, std::string_view text) {
  const JsonDocument document = parse_json_tree(text, path);
  const JsonNode& root = document.root;
  Policy policy = empty_policy();
  policy.file = path;
  read_policy(root, policy);
  return policy;
}

Policy load_policy(const std::string& path) { return parse_policy(path, read_file(path)); }

Policy empty_policy() {
  Policy policy;
  policy.description_min_length = 10;
  policy.description_max_length = 300;
  policy.freshness_default_max_age_days = 90;
  return policy;
}

std::optional<Classification> classify_url(const Policy& policy, const Url& url) {
  if (!url.is_web()) {
    return std::nullopt;
  }
  Classification result;
  result.host = url.site_host();
  result.domain = registrable_domain(result.host);
  result.path = url.path;
  // Most specific first: an exact host beats the domain, a longer path prefix
  // beats a shorter one.
  std::size_t best_score = 0;
  for (const HostRule& rule : policy.hosts) {
    if (rule.domain != result.domain) {
      continue;
    }
    if (!rule.host.empty() && rule.host != result.host) {
      continue;
    }
    if (!rule.path.empty() && !result.path.starts_with(rule.path)) {
      continue;
    }
    const std::size_t score = 1 + (rule.host.empty() ? 0 : 10000) + rule.path.size();
    if (score > best_score) {
      best_score = score;
      result.rule = &rule;
    }
  }
  if (result.rule != nullptr) {
    result.source_class = policy.find_class(result.rule->class_name);
  }
  const std::string place = result.host + result.path;
  auto first_shape = [&](const std::vector<UrlShape>& shapes) -> const UrlShape* {
    for (const UrlShape& shape : shapes) {
      if (RE2::PartialMatch(place, *shape.regex)) {
        return &shape;
      }
    }
    return nullptr;
  };
  result.shape = first_shape(policy.shapes_on_any_host);
  if (result.shape == nullptr && result.rule == nullptr) {
    result.shape = first_shape(policy.shapes_on_unknown_hosts);
  }
  if (result.shape != nullptr) {
    result.source_class = policy.find_class(result.shape->class_name);
  }
  return result;
}

namespace {

/// Letters and digits only, in lower case: "Oh My Zsh", "oh-my-zsh" and
/// "ohmyz.sh" all read "ohmyzsh".
std::string name_key(std::string_view text) {
  std::string key;
  for (const char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
      key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return key;
}

/// The names a registrable domain goes by: "starship" and "starshiprs" for
/// starship.rs.
std::vector<std::string> domain_names(std::string_view domain) {
  return {name_key(domain.substr(0, domain.find('.'))), name_key(domain)};
}

/// Hosts whose sites are named by their path, not their domain: a forge's
/// organisations and repositories, GitHub Pages projects.
bool named_by_path(std::string_view host) {
  return host == "github.com" || host == "gitlab.com" || host.ends_with(".github.io");
}

/// The names a project's own site goes by, when the URL is one: a site root
/// by its domain ("starship" and "starshiprs" for starship.rs/), an
/// organisation page by the organisation, a GitHub Pages project by the
/// project (never by its user: that is a person's site), a product page by
/// its domain.
std::vector<std::string> own_site_names(const Classification& classification) {
  std::string_view path = classification.path;
  while (path.starts_with('/')) {
    path.remove_prefix(1);
  }
  while (path.ends_with('/')) {
    path.remove_suffix(1);
  }
  const bool one_segment = !path.empty() && path.find('/') == std::string_view::npos;
  if (named_by_path(classification.host)) {
    return one_segment ? std::vector<std::string>{name_key(path)} : std::vector<std::string>{};
  }
  // A product page ("cloudsmith.com/product/…") is the product's own at any
  // path; any other page of a site is one source among many.
  const bool product_page =
      classification.source_class != nullptr && classification.source_class->name == "marketing";
  if (!path.empty() && !product_page) {
    return {};
  }
  return domain_names(classification.domain);
}

}  // namespace

namespace {

/// The mechanism of `publisher`'s that `subject` names, if any.
std::optional<std::string_view> owned_in(const Publisher& publisher, std::string_view subject) {
  const re2::StringPiece text(subject.data(), subject.size());
  re2::StringPiece match;
  if (publisher.owns->Match(text, 0, text.size(), RE2::UNANCHORED, &match, 1)) {
    return std::string_view(match.data(), match.size());
  }
  return std::nullopt;
}

/// The company `domain` names ("DoorDash" for doordash.news, "Stitch Fix"
/// for stitchfix.com, "Google" for googleblog.com), as `title` or
/// `description` credits it with the work: "… at DoorDash", "Facebook AI's
/// …", or "Stitch Fix 2020" (the company and the year, as lists of
/// companies' posts write it).
std::optional<std::string> publisher_named(std::string_view domain, std::string_view title,
                                           std::string_view description) {
  const std::string label = name_key(domain.substr(0, domain.find('.')));
  if (label.size() < 3) {
    return std::nullopt;
  }
  static const std::array<std::string_view, 6> k_suffixes{"",     "blog", "engineering",
                                                          "tech", "ai",   "research"};
  auto spells = [&](const std::string& key) {
    return key.size() >= 3 &&
           std::any_of(k_suffixes.begin(), k_suffixes.end(), [&](std::string_view suffix) {
             return label.size() == key.size() + suffix.size() && label.starts_with(key) &&
                    label.ends_with(suffix);
           });
  };
  static const RE2 k_word(R"(([\p{L}\p{N}]+))");
  static const RE2 k_credit_before(R"((?i)(?:^|\W)(?:at|@)\s+$)");
  static const RE2 k_credit_after(
      R"(^(?:\s*(?:AI|Research|Engineering|Labs))?(?:['’]s\b|,?\s+(?:19|20)\d\d\b))");
  for (const std::string_view text : {title, description}) {
    std::vector<std::string_view> words;
    re2::StringPiece rest(text.data(), text.size());
    re2::StringPiece word;
    while (RE2::FindAndConsume(&rest, k_word, &word)) {
      words.emplace_back(word.data(), word.size());
    }
    for (std::size_t i = 0; i < words.size(); ++i) {
      for (std::size_t length = 1; length <= 2 && i + length <= words.size(); ++length) {
        const std::string key =
            name_key(words[i]) + (length == 2 ? name_key(words[i + 1]) : std::string());
        if (!spells(key)) {
          continue;
        }
        const auto begin = static_cast<std::size_t>(words[i].data() - text.data());
        const auto end = static_cast<std::size_t>(words[i + length - 1].end() - text.data());
        const re2::StringPiece before(text.data(), begin);
        const re2::StringPiece after(text.data() + end, text.size() - end);
        if (RE2::PartialMatch(before, k_credit_before) ||
            RE2::PartialMatch(after, k_credit_after)) {
          return std::string(text.substr(begin, end - begin));
        }
      }
    }
  }
  return std::nullopt;
}

}  // namespace

bool is_own_site(const Classification& classification, std::string_view title,
                 std::string_view description) {
  // A person's blog named after its author stays a blog.
  static const RE2 k_blog(R"((?i)\b(?:blog|newsletter|personal|homepage)\b)");
  const std::string title_key = name_key(title);
  const std::vector<std::string> names = own_site_names(classification);
  return std::any_of(names.begin(), names.end(),
                     [&](const std::string& name) {
                       return name.size() >= 3 && title_key.find(name) != std::string::npos;
                     }) &&
         !RE2::PartialMatch(title, k_blog) && !RE2::PartialMatch(description, k_blog);
}

bool title_names_link(const Classification& classification, std::string_view title) {
  const std::string title_key = name_key(title);
  if (title_key.size() < 3) {
    return false;
  }
  std::vector<std::string> names = own_site_names(classification);
  if (names.empty() && !named_by_path(classification.host)) {
    names = domain_names(classification.domain);  // a page of the site: primer.style/components/
  }
  // A repository by its name: github.com/owner/name.
  if (classification.host == "github.com" || classification.host == "gitlab.com") {
    std::string_view path = classification.path;
    path.remove_prefix(std::min(path.find_first_not_of('/'), path.size()));
    if (const std::size_t slash = path.find('/'); slash != std::string_view::npos) {
      std::string_view repository = path.substr(slash + 1);
      names.push_back(name_key(repository.substr(0, repository.find('/'))));
    }
  }
  // "Primer Components" at primer.style/components/ is named after the site.
  return std::any_of(names.begin(), names.end(), [&](const std::string& name) {
    return name == title_key || (name.size() >= 4 && title_key.starts_with(name));
  });
}

void apply_first_party(const Policy& policy, std::string_view title, std::string_view description,
                       Classification& classification) {
  if (classification.source_class != nullptr && !policy.first_party_class_to.empty() &&
      std::find(policy.own_site_classes.begin(), policy.own_site_classes.end(),
                classification.source_class->name) != policy.own_site_classes.end()) {
    if (is_own_site(classification, title, description)) {
      classification.first_party = fmt::format("{}{} is the site of \"{}\" itself",
                                               classification.host, classification.path, title);
      classification.source_class = policy.find_class(policy.first_party_class_to);
      return;
    }
  }
  if (policy.first_party_class_to.empty() || classification.source_class == nullptr ||
      (classification.source_class->name != policy.first_party_class_from &&
       classification.source_class->name != policy.own_systems_class)) {
    return;
  }
  // A beginner's tutorial stays what the blog says, whoever wrote it.
  if (policy.surface_titles.first_match(title)) {
    return;
  }
  // A company's engineering blog writes about the systems the company built,
  // and does not sell them: "Introducing Orbit" there is its authors' release.
  if (classification.source_class->name == policy.own_systems_class) {
    classification.first_party =
        fmt::format("{} is an engineering blog on its own systems", classification.host);
    classification.source_class = policy.find_class(policy.first_party_class_to);
    return;
  }
  // On a vendor's blog, an announcement, a customer story or marketing stays
  // a blog post.
  if (policy.not_documentation.first_match(title) ||
      policy.not_documentation.first_match(description)) {
    return;
  }
  for (const Publisher& publisher : policy.publishers) {
    if (publisher.domain != classification.domain) {
      continue;
    }
    for (const std::string_view subject : {title, description}) {
      if (std::optional<std::string_view> owned = owned_in(publisher, subject)) {
        classification.first_party = fmt::format("{} owns {}", publisher.domain, *owned);
        classification.source_class = policy.find_class(policy.first_party_class_to);
        return;
      }
    }
  }
  // A company's post the entry credits to the company itself ("Powering
  // Search at DoorDash", "| Stitch Fix 2020") reports the company's own work,
  // unless its subject is a mechanism another publisher owns.
  if (std::optional<std::string> name =
          publisher_named(classification.domain, title, description)) {
    for (const Publisher& other : policy.publishers) {
      if (other.domain != classification.domain && owned_in(other, title)) {
        return;
      }
    }
    classification.first_party =
        fmt::format("the entry credits \"{}\", whose own site {} is", *name, classification.domain);
    classification.source_class = policy.find_class(policy.first_party_class_to);
  }
}

}  // namespace sg
