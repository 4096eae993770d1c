#include "policy/policy.h"

#include <libpsl.h>
#include <unicode/normalizer2.h>
#include <unicode/translit.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>

#include <fmt/format.h>

#include "load/json_tree.h"
#include "policy/policy_settings.h"
#include "util/error.h"
#include "util/file.h"
#include "util/github_url.h"
#include "util/spelling.h"
#include "util/text.h"
#include "util/url.h"

namespace sg {

const RE2& NamedPattern::regex() const {
  std::call_once(m_compiled->once, [&] {
    RE2::Options options;
    options.set_log_errors(false);
    m_compiled->regex = std::make_unique<RE2>(m_compiled->source, options);
  });
  return *m_compiled->regex;
}

std::optional<std::size_t> first_matching(const RE2::Set& set, std::string_view text,
                                          std::size_t from) {
  // Built from pointer and size: where Abseil's string_view is a type of its
  // own (Debian 13), std::string_view does not convert to re2::StringPiece.
  const re2::StringPiece input(text.data(), text.size());
  // Most texts match nothing: asked only whether any pattern matches, the
  // set stops at the first match and allocates nothing.
  if (!set.Match(input, nullptr)) {
    return std::nullopt;
  }
  std::vector<int> matched;
  if (!set.Match(input, &matched)) {
    return std::nullopt;
  }
  std::optional<std::size_t> first;
  for (const int index : matched) {
    const auto at = static_cast<std::size_t>(index);
    if (at >= from && (!first || at < *first)) {
      first = at;
    }
  }
  return first;
}

std::optional<PatternMatch> PatternSet::first_match(std::string_view text) const {
  const std::optional<std::size_t> first =
      set && !patterns.empty() ? first_matching(*set, text) : std::nullopt;
  if (!first || *first >= patterns.size()) {
    return std::nullopt;
  }
  const NamedPattern& pattern = patterns[*first];
  const re2::StringPiece input(text.data(), text.size());
  re2::StringPiece found;
  if (!pattern.regex().Match(input, 0, input.size(), RE2::UNANCHORED, &found, 1)) {
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

bool UrlShapes::holds(const UrlShape* shape) const {
  // std::less orders any two pointers, even into different arrays.
  return !shapes.empty() && !std::less<const UrlShape*>()(shape, shapes.data()) &&
         std::less<const UrlShape*>()(shape, shapes.data() + shapes.size());
}

const UrlShape* UrlShapes::first_match(std::string_view place, const UrlShape* after) const {
  if (!set || shapes.empty() || (after != nullptr && !holds(after))) {
    return nullptr;
  }
  const std::size_t from =
      after != nullptr ? static_cast<std::size_t>(after - shapes.data()) + 1 : 0;
  const std::optional<std::size_t> first = first_matching(*set, place, from);
  return first && *first < shapes.size() ? &shapes[*first] : nullptr;
}

bool Policy::turns_off(std::string_view id) const {
  const auto setting = rules.find(id);
  return setting != rules.end() && setting->second.off;
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
  // A list names a few hundred hosts many times over (github.com, arxiv.org):
  // each is looked up in the public suffix list once.
  thread_local std::unordered_map<std::string, std::string> known;
  if (const auto found = known.find(host); found != known.end()) {
    return found->second;
  }
  const char* domain = psl_registrable_domain(psl_builtin(), host.c_str());
  std::string result = domain != nullptr ? std::string(domain) : host;
  if (known.size() >= 4096) {
    known.clear();  // bounded: a hostile list of distinct hosts is only slower
  }
  known.emplace(host, result);
  return result;
}

Policy parse_policy(const std::string& path, std::string_view text) {
  const JsonDocument document = parse_json_tree(text, path);
  const JsonNode& root = document.root;
  Policy policy = empty_policy();
  policy.file = path;
  read_fields(policy_settings(), root, "", "the policy", policy);
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

bool forge_host(std::string_view host) { return host == "github.com" || host == "gitlab.com"; }

namespace {

/// A host rule's path prefix, on a forge in any case ("/MachineLearningSystem/"
/// and github.com/machinelearningsystem/ are one organisation).
bool path_has_prefix(std::string_view host, std::string_view path, std::string_view prefix) {
  if (!forge_host(host)) {
    return path.starts_with(prefix);
  }
  return path.size() >= prefix.size() &&
         to_lower(path.substr(0, prefix.size())) == to_lower(prefix);
}

}  // namespace

namespace {

/// The first shape after `after` that `place` matches, in the order shapes
/// are tried: those on any host, then, where no host rule decides, those on
/// unknown hosts.
const UrlShape* next_shape(const Policy& policy, const Classification& classification,
                           std::string_view place, const UrlShape* after) {
  if (after == nullptr || policy.shapes_on_any_host.holds(after)) {
    if (const UrlShape* shape = policy.shapes_on_any_host.first_match(place, after)) {
      return shape;
    }
    after = nullptr;
  }
  return classification.rule == nullptr ? policy.shapes_on_unknown_hosts.first_match(place, after)
                                        : nullptr;
}

/// Whether a query that is there names one item of the page `shape` indexes.
bool turned_away_by_query(const UrlShape& shape, const std::string& query) {
  return shape.unless_query && !query.empty() &&
         RE2::PartialMatch(re2::StringPiece(query.data(), query.size()), *shape.unless_query);
}

/// Sets the shape that decides `classification` (the first after `after`
/// that its "unless_query" does not turn away) and the class it gives: the
/// shape's, else the host rule's.
void decide_by_shape(const Policy& policy, const UrlShape* after, Classification& classification) {
  const std::string place = classification.place();
  const UrlShape* shape = next_shape(policy, classification, place, after);
  // Each step moves to a later shape, so the walk ends.
  while (shape != nullptr && turned_away_by_query(*shape, classification.query)) {
    shape = next_shape(policy, classification, place, shape);
  }
  classification.shape = shape;
  classification.source_class = shape != nullptr ? policy.find_class(shape->class_name)
                                : classification.rule != nullptr
                                    ? policy.find_class(classification.rule->class_name)
                                    : nullptr;
}

/// Whether `host` is `rule_host` or a host under it: "instinct.docs.amd.com"
/// is under "docs.amd.com", "mydocs.amd.com" is not.
bool host_is_or_under(std::string_view host, std::string_view rule_host) {
  return host == rule_host || (host.size() > rule_host.size() && host.ends_with(rule_host) &&
                               host[host.size() - rule_host.size() - 1] == '.');
}

}  // namespace

std::optional<Classification> classify_url(const Policy& policy, const Url& written) {
  if (!written.is_web()) {
    return std::nullopt;
  }
  // A link through a redirect wrapper is a link to the page it carries.
  // Normalised first, as link/canonical sees it ("/%75rl" is "/url").
  const std::optional<Url> target =
      written.has_query ? redirect_target(normalize(written), policy.canonical.redirect_wrappers)
                        : std::nullopt;
  const Url& url = target ? *target : written;
  Classification result;
  result.host = url.site_host();
  result.domain = registrable_domain(result.host);
  result.path = url.path;
  result.query = url.query;
  // Most specific first: a host beats the domain, a longer host (a
  // subdomain's own rule) beats the host it is under, a longer path prefix
  // beats a shorter one. A host's rule covers its subdomains: docs.amd.com's
  // says what instinct.docs.amd.com is.
  std::size_t best_score = 0;
  for (const HostRule& rule : policy.hosts) {
    if (rule.domain != result.domain) {
      continue;
    }
    if (!rule.host.empty() && !host_is_or_under(result.host, rule.host)) {
      continue;
    }
    if (!rule.path.empty() && !path_has_prefix(result.host, result.path, rule.path)) {
      continue;
    }
    const std::size_t score =
        1 + (rule.host.empty() ? 0 : 10000 + 1000 * rule.host.size()) + rule.path.size();
    if (score > best_score) {
      best_score = score;
      result.rule = &rule;
    }
  }
  decide_by_shape(policy, nullptr, result);
  return result;
}

namespace {

/// Whether `text`, after canonical decomposition, still holds a Latin letter
/// outside ASCII: one with no decomposition, such as "ß", "ø" or "ł".
bool has_undecomposed_latin(const icu::UnicodeString& text) {
  for (int32_t i = 0; i < text.length(); i = text.moveIndex32(i, 1)) {
    const UChar32 c = text.char32At(i);
    if (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) {
      return true;
    }
  }
  return false;
}

/// `text` with its accents dropped: canonical decomposition splits "é" into
/// "e" and a combining mark, and ICU's Latin-ASCII table spells the letters
/// that have no decomposition ("ß" as "ss"). Non-Latin letters stay.
std::string fold_latin(std::string_view text) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
  if (U_FAILURE(status)) {
    return std::string(text);
  }
  icu::UnicodeString decomposed =
      nfd->normalize(icu::UnicodeString::fromUTF8(
                         icu::StringPiece(text.data(), static_cast<int32_t>(text.size()))),
                     status);
  if (U_FAILURE(status)) {
    return std::string(text);
  }
  // The Latin-ASCII table's data costs a megabyte: load it only for a text
  // that needs it.
  if (has_undecomposed_latin(decomposed)) {
    static const std::unique_ptr<icu::Transliterator> k_latin_ascii = [] {
      UErrorCode create_status = U_ZERO_ERROR;
      std::unique_ptr<icu::Transliterator> created(
          icu::Transliterator::createInstance("Latin-ASCII", UTRANS_FORWARD, create_status));
      return U_SUCCESS(create_status) ? std::move(created) : nullptr;
    }();
    if (k_latin_ascii != nullptr) {
      k_latin_ascii->transliterate(decomposed);
    }
  }
  std::string folded;
  decomposed.toUTF8String(folded);
  return folded;
}

}  // namespace

std::string name_key(std::string_view text) {
  const bool ascii = std::all_of(text.begin(), text.end(),
                                 [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  std::string folded;
  if (!ascii) {
    folded = fold_latin(text);
    text = folded;
  }
  std::string key;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80 && std::isalnum(byte) != 0) {
      key += static_cast<char>(std::tolower(byte));
    }
  }
  return key;
}

namespace {

/// The names a registrable domain goes by: "starship" and "starshiprs" for
/// starship.rs.
std::vector<std::string> domain_names(std::string_view domain) {
  return {name_key(domain.substr(0, domain.find('.'))), name_key(domain)};
}

/// The words of a hyphenated name: "topology", "tool", "kit".
std::vector<std::string_view> hyphenated_words(std::string_view name) {
  std::vector<std::string_view> words;
  for (std::size_t start = 0; start < name.size();) {
    const std::size_t end = std::min(name.find('-', start), name.size());
    if (end > start) {
      words.push_back(name.substr(start, end - start));
    }
    start = end + 1;
  }
  return words;
}

/// The initials of a name of three or more hyphenated words: "ttk" for
/// topology-tool-kit, or "" when the name has fewer words.
std::string initials(std::string_view hyphenated) {
  std::string letters;
  for (const std::string_view word : hyphenated_words(hyphenated)) {
    letters += name_key(word.substr(0, 1));
  }
  return letters.size() >= 3 ? letters : std::string();
}

/// Whether `label` (a name key) abbreviates words of `title` in order: the
/// start of each of two or more words in a row, "kubeprod" for "Bitnami
/// Kubernetes Production Runtime", "agpt" for "AutoGPT", "cmusphinx" for "CMU
/// Sphinx".
bool abbreviates(const std::string& label, std::string_view title) {
  if (label.size() < 4) {
    return false;
  }
  // The title's words, a capital inside one starting another ("AutoGPT").
  std::vector<std::string> words;
  std::string word;
  for (std::size_t i = 0; i < title.size(); ++i) {
    const auto c = static_cast<unsigned char>(title[i]);
    const bool splits_camel = std::isupper(c) != 0 && i > 0 &&
                              std::islower(static_cast<unsigned char>(title[i - 1])) != 0;
    if (std::isalnum(c) == 0 || splits_camel) {
      if (!word.empty()) {
        words.push_back(std::move(word));
        word.clear();
      }
      if (std::isalnum(c) == 0) {
        continue;
      }
    }
    word += static_cast<char>(std::tolower(c));
  }
  if (!word.empty()) {
    words.push_back(std::move(word));
  }
  // Depth first over (where in the label, which word, one piece or more):
  // each word gives a non-empty start of itself. Each state is visited once,
  // so a hostile title of many alike words costs label × words steps.
  struct Step {
    std::size_t at;
    std::size_t word;
    std::size_t pieces;  // 0, 1, or 2 for two or more
  };
  std::vector<bool> seen((label.size() + 1) * (words.size() + 1) * 3, false);
  std::vector<Step> steps;
  for (std::size_t first = 0; first < words.size(); ++first) {
    steps.push_back({0, first, 0});
  }
  while (!steps.empty()) {
    const Step step = steps.back();
    steps.pop_back();
    const std::size_t state = (step.at * (words.size() + 1) + step.word) * 3 + step.pieces;
    if (seen[state]) {
      continue;
    }
    seen[state] = true;
    if (step.at == label.size()) {
      if (step.pieces >= 2) {
        return true;
      }
      continue;
    }
    if (step.word >= words.size()) {
      continue;
    }
    const std::string& next = words[step.word];
    for (std::size_t length = 1; length <= next.size() && step.at + length <= label.size() &&
                                 label.compare(step.at, length, next, 0, length) == 0;
         ++length) {
      steps.push_back({step.at + length, step.word + 1, std::min<std::size_t>(step.pieces + 1, 2)});
    }
  }
  return false;
}

/// Hosts whose sites are named by their path, not their domain: a forge's
/// organisations and repositories, GitHub Pages projects.
bool named_by_path(std::string_view host) {
  return forge_host(host) || host.ends_with(".github.io");
}

/// `classification`'s path without its slashes and its index page: "" at a
/// site's root, "pg_bulkload" for ossc-db.github.io/pg_bulkload/index.html.
std::string_view bare_path(const Classification& classification) {
  std::string_view path = classification.path;
  while (path.starts_with('/')) {
    path.remove_prefix(1);
  }
  for (const std::string_view index : {"index.html", "index.htm"}) {
    if (path.ends_with(index) &&
        (path.size() == index.size() || path[path.size() - index.size() - 1] == '/')) {
      path.remove_suffix(index.size());
    }
  }
  while (path.ends_with('/')) {
    path.remove_suffix(1);
  }
  return path;
}

/// Whether a bare path is a site's root: none, the root in one language
/// ("ceph.io/en/"), of the current release ("petsc.org/release/") or of its
/// wiki ("fail2ban.org/wiki/index.php/Main_Page").
bool is_site_root(std::string_view bare) {
  static const RE2 k_front(
      R"([a-z]{2}(?:-[a-zA-Z]{2})?|release|latest|stable|current|main|(?i:(?:wiki/)?(?:index\.php/)?Main_Page))");
  return bare.empty() || RE2::FullMatch(bare, k_front);
}

/// The words a project's domain or page may add to its name ("futhark-lang",
/// "fishshell", "dlthub", "pestphp", "greatexpectations", "mindustrygame",
/// "kasmweb", "anvilformac", "larksuite", "gioui", "lumalabs", "micro-editor").
constexpr std::array<std::string_view, 36> k_name_suffixes{
    "lang",  "project", "hq",        "js",    "api", "app",  "framework", "ai",     "cli",
    "shell", "tool",    "tools",     "io",    "hub", "data", "games",     "game",   "engine",
    "ds",    "org",     "community", "php",   "py",  "rb",   "rs",        "online", "office",
    "web",   "formac",  "mac",       "suite", "ui",  "labs", "editor",    "dev",    "s"};

/// A name without the suffix its domain added ("futhark" for futharklang),
/// for each of k_name_suffixes it ends in, leaving three letters or more.
std::vector<std::string> without_suffixes(const std::string& name) {
  std::vector<std::string> names;
  for (const std::string_view suffix : k_name_suffixes) {
    if (name.size() >= suffix.size() + 3 && name.ends_with(suffix)) {
      names.push_back(name.substr(0, name.size() - suffix.size()));
    }
  }
  return names;
}

/// Whether the URL is a product page or a front page below a site's root,
/// as the policy classes it ("marketing", "home page").
bool front_or_product_page(const Classification& classification) {
  return classification.source_class != nullptr &&
         (classification.source_class->name == "marketing" ||
          classification.source_class->name == "home page");
}

/// The names a project's own site goes by, when the URL is one: a site root
/// by its domain ("starship" and "starshiprs" for starship.rs/), an
/// organisation page by the organisation, a GitHub Pages project by the
/// project (never by its user: that is a person's site), a product page by
/// its domain.
std::vector<std::string> own_site_names(const Classification& classification) {
  const std::string_view path = bare_path(classification);
  const bool one_segment = !path.empty() && path.find('/') == std::string_view::npos;
  if (named_by_path(classification.host)) {
    return one_segment ? std::vector<std::string>{name_key(path)} : std::vector<std::string>{};
  }
  // A product page ("cloudsmith.com/product/…") or a front page below the
  // root ("sentry.io/welcome/", "new.drupal.org/home") is the project's own
  // at any path; any other page of a site is one source among many.
  if (!is_site_root(path) && !front_or_product_page(classification)) {
    return {};
  }
  return domain_names(classification.domain);
}

/// The name of a project's site at the root of its subdomain under its
/// organisation's domain ("warewulf" for warewulf.hpcng.org/; blog. or docs.
/// name no project).
std::optional<std::string> project_subdomain(const Classification& classification) {
  static const std::array<std::string_view, 16> k_sections{
      "www",         "blog", "blogs", "docs", "doc",      "developer", "developers", "dev",
      "engineering", "eng",  "tech",  "news", "research", "labs",      "community",  "learn"};
  if (!is_site_root(bare_path(classification)) || named_by_path(classification.host) ||
      classification.host.size() <= classification.domain.size()) {
    return std::nullopt;
  }
  std::string subdomain = name_key(classification.host.substr(0, classification.host.find('.')));
  if (std::find(k_sections.begin(), k_sections.end(), subdomain) != k_sections.end()) {
    return std::nullopt;
  }
  return subdomain;
}

/// Further names a project's site root may go by, which name it only at the
/// start of a title ("Futhark" for futhark-lang.org, not "Learn Rust 101"
/// for rust-lang.guide): the name without the affix its domain needed
/// (futhark-lang.org, getsentry.com, libsdl.org, thenile.dev, goauthentik.io;
/// a plural: greatexpectations.io for "GreatExpectation"), a word of a
/// hyphenated domain (git-scm.com, linux-kvm.org) and a project's subdomain
/// under its organisation's domain (warewulf.hpcng.org; blog. or docs. name
/// no project).
/// Only at the root or on a product page (crunchydata.com/products/… for
/// "Crunchy Bridge"): aws.amazon.com/fis/ is a product page of Amazon's,
/// not a site of AWS's.
std::vector<std::string> own_site_aliases(const Classification& classification) {
  // A product page is the product's own at any path (own_site_names), by
  // its domain's name; a subdomain names a site only at its root.
  const bool at_root = is_site_root(bare_path(classification));
  if (named_by_path(classification.host) || (!at_root && !front_or_product_page(classification))) {
    return {};
  }
  std::vector<std::string> aliases;
  static const std::array<std::string_view, 8> k_prefixes{"get", "use", "try", "join",
                                                          "lib", "the", "go",  "pg"};
  auto add_unaffixed = [&](const std::string& label) {
    for (std::string& name : without_suffixes(label)) {
      aliases.push_back(std::move(name));
    }
    for (const std::string_view prefix : k_prefixes) {
      if (label.size() >= prefix.size() + 3 && label.starts_with(prefix)) {
        aliases.push_back(label.substr(prefix.size()));
      }
    }
  };
  add_unaffixed(domain_names(classification.domain).front());
  // Each word of a hyphenated domain: "jenkins" of jenkins-ci.org, "kvm" of
  // linux-kvm.org; and its initials: "tla" of the-lean-amp.org.
  if (const std::string label = classification.domain.substr(0, classification.domain.find('.'));
      label.find('-') != std::string::npos) {
    if (std::string acronym = initials(label); !acronym.empty()) {
      aliases.push_back(std::move(acronym));
    }
    for (const std::string_view word : hyphenated_words(label)) {
      if (word.size() >= 3) {
        aliases.push_back(name_key(word));
      }
    }
  }
  if (const std::optional<std::string> subdomain = project_subdomain(classification)) {
    aliases.push_back(*subdomain);
    add_unaffixed(*subdomain);  // mooseframework.inl.gov
  }
  return aliases;
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

/// Whether a name key spells a domain's label, with the word a company's
/// blog domain may add ("uber" for uberengineering).
bool spells_label(const std::string& label, const std::string& key) {
  // A company's domain may add a word to its name: datadoghq.com for
  // "Datadog".
  static const std::array<std::string_view, 11> k_suffixes{
      "", "blog", "engineering", "tech", "ai", "research", "hq", "labs", "inc", "io", "dev"};
  return key.size() >= 3 &&
         std::any_of(k_suffixes.begin(), k_suffixes.end(), [&](std::string_view suffix) {
           return label.size() == key.size() + suffix.size() && label.starts_with(key) &&
                  label.ends_with(suffix);
         });
}

/// The company `domain` names ("DoorDash" for doordash.news, "Stitch Fix"
/// for stitchfix.com, "Google" for googleblog.com), as `title` or
/// `description` credits it with the work: "… at DoorDash", "SRE@Xero",
/// "Inside Atlassian: …", "Instacart: …", "Facebook AI's …", or "Stitch Fix 2020" (the
/// company and the year, as lists of companies' posts write it), or "[Google]"
/// (a list's tag for the maker: "**Meena** [[Google]](post)").
std::optional<std::string> publisher_named(std::string_view domain, std::string_view title,
                                           std::string_view description) {
  const std::string label = name_key(domain.substr(0, domain.find('.')));
  if (label.size() < 3) {
    return std::nullopt;
  }
  auto spells = [&](const std::string& key) { return spells_label(label, key); };
  static const RE2 k_word(R"(([\p{L}\p{N}]+))");
  static const RE2 k_credit_before(R"((?i)(?:^|\W)(?:at\s+|inside\s+)$|@\s*$)");
  static const RE2 k_credit_after(
      R"(^(?:\s*(?:AI|Research|Engineering|Labs))?(?:['’]s\b|,?\s+(?:19|20)\d\d\b|\]))");
  // The company's name heading the text: "Instacart: Item Availability …".
  static const RE2 k_credit_lead_before(R"(^\W*$)");
  static const RE2 k_credit_lead_after(R"(^\s*:)");
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
            RE2::PartialMatch(after, k_credit_after) ||
            (RE2::PartialMatch(before, k_credit_lead_before) &&
             RE2::PartialMatch(after, k_credit_lead_after))) {
          return std::string(text.substr(begin, end - begin));
        }
      }
    }
  }
  return std::nullopt;
}

/// Whether a title (as a name key) names the page whose last path segment is
/// `segment`: the whole title ("Spring Boot" at /spring-boot/, "PFA" at
/// /pfa), a one-word segment in it ("Kotlin/Wasm" at /wasm) or a one-word
/// title that begins it ("Terminus" at /terminus-ttf/). A title holding a
/// slug of several words is an article's: "The Illustrated Transformer" at
/// /illustrated-transformer/.
bool title_names_page(std::string_view title, std::string_view segment) {
  const std::string title_key = name_key(title);
  const std::string page = name_key(segment);
  const bool one_word_segment = segment.find_first_of("-_.+ %") == std::string_view::npos;
  const bool one_word_title =
      title_key.size() >= 4 && title.find_first_of(" -_") == std::string_view::npos;
  return (page.size() >= 3 && page == title_key) ||
         (one_word_segment && page.size() >= 4 && title_key.find(page) != std::string::npos) ||
         (one_word_title && page.starts_with(title_key));
}

/// Whether a one-word title is the exact name of GitHub Pages: an
/// organisation's root ("tmux" at tmux.github.io/; "Lilian Weng", two
/// words, is a person's), also with the affix its name needed ("Ginkgo" at
/// ginkgo-project.github.io/) or by its initials ("TTK" at
/// topology-tool-kit.github.io/), or a project's page named with an affix
/// ("es" at wryun.github.io/es-shell/).
bool pages_named(const Classification& classification, std::string_view title) {
  if (!classification.host.ends_with(".github.io") ||
      title.find_first_of(" \t") != std::string_view::npos) {
    return false;
  }
  const std::string title_key = name_key(title);
  const std::string_view path = bare_path(classification);
  if (path.empty()) {
    const std::string label = classification.host.substr(0, classification.host.find('.'));
    const std::vector<std::string> unaffixed = without_suffixes(name_key(label));
    const bool affixed =
        std::find(unaffixed.begin(), unaffixed.end(), title_key) != unaffixed.end();
    return title_key.size() >= 2 &&
           (title_key == name_key(label) || affixed ||
            (title_key == initials(label) && std::none_of(title.begin(), title.end(), [](char c) {
               return std::islower(static_cast<unsigned char>(c)) != 0;
             })));
  }
  const std::size_t mark = path.find_last_of("-_");
  if (mark == std::string_view::npos || mark < 2 || path.find('/') != std::string_view::npos) {
    return false;
  }
  const std::string suffix = to_lower(path.substr(mark + 1));
  return std::find(k_name_suffixes.begin(), k_name_suffixes.end(), suffix) !=
             k_name_suffixes.end() &&
         name_key(path.substr(0, mark)) == title_key;
}

/// Whether a product page is named like the entry by its last path segment,
/// whatever its domain: "Z-Ray" at zend.com/products/z-ray, "PhpEd" at
/// nusphere.com/products/phped.htm.
bool product_page_named(const Classification& classification, std::string_view title) {
  if (classification.source_class == nullptr || classification.source_class->name != "marketing") {
    return false;
  }
  std::string_view segment = bare_path(classification);
  segment.remove_prefix(std::min(segment.rfind('/') + 1, segment.size()));
  for (const std::string_view extension : {".html", ".htm", ".php", ".aspx"}) {
    if (segment.ends_with(extension)) {
      segment.remove_suffix(extension.size());
    }
  }
  const std::string page = name_key(segment);
  return page.size() >= 3 && page == name_key(title);
}

/// Whether the entry calls the page a blog: a person's blog named after its
/// author, or crediting its author, stays a blog.
bool says_blog(std::string_view title, std::string_view description) {
  static const RE2 k_blog(
      R"((?i)\b(?:blog|newsletter|homepage|personal (?:site|website|page|home ?page|notes))\b)");
  // "Newsletter and email marketing software", "a static blog generator",
  // "wiki and blog engines", "create a blog in seconds": the kind of product
  // the project is, or what it makes, not a blog.
  static const RE2 k_product(
      R"((?i)\b(?:blog|newsletter)s?\b(?:\s+(?:and\s+)?[\w-]+){0,2}?\s+(?:software|tools?|manager|)"
      R"(platform|engine|server|system|app|application|framework|library|generator|plugin|CMS|)"
      R"(marketing)s?\b|\b(?:create|start|build|run|host|publish|make)(?:s|ing)?\s+(?:[\w,-]+\s+){0,5}?)"
      R"(blogs?\b)");
  for (const std::string_view text : {title, description}) {
    const re2::StringPiece piece(text.data(), text.size());
    if (RE2::PartialMatch(piece, k_blog) && !RE2::PartialMatch(piece, k_product)) {
      return true;
    }
  }
  return false;
}

}  // namespace

/// Whether `repo` ("owner/name") belongs to the owner of the GitHub Pages
/// `classification` is on: "adacache-dit.github.io" and AdaCache-DiT/AdaCache.
bool on_owners_pages(const Classification& classification, const std::string& repo) {
  return classification.host.ends_with(".github.io") &&
         to_lower(repo.substr(0, repo.find('/'))) ==
             to_lower(classification.host.substr(0, classification.host.find('.')));
}

bool is_own_site(const Classification& classification, std::string_view title,
                 std::string_view description, std::string_view code) {
  const std::string title_key = name_key(title);
  const std::vector<std::string> names = own_site_names(classification);
  const std::vector<std::string> aliases = own_site_aliases(classification);
  // "[Strider](https://strider-cd.github.io/) … ([Source Code](https://github.com/Strider-CD/…))":
  // GitHub Pages of the organisation whose repository the entry links are
  // that organisation's site.
  // Deeper pages under the repository's own name are its documentation:
  // "[Synapse](https://element-hq.github.io/synapse/latest/)" beside
  // github.com/element-hq/synapse.
  const std::string_view pages_path = bare_path(classification);
  if (const std::optional<std::string> repo = github_repo_of(code);
      repo && on_owners_pages(classification, *repo) &&
      (pages_path.find('/') == std::string_view::npos ||
       to_lower(pages_path.substr(0, pages_path.find('/'))) ==
           to_lower(repo->substr(repo->find('/') + 1)))) {
    return !says_blog(title, {});
  }
  // "[Aurora](https://design.gccollab.ca/) … ([Source Code](https://github.com/o/r))":
  // the entry's own source code, which the list gives beside a site's root or
  // front page, on any forge, vouches for that site as the project's,
  // whatever its name. Then "blog" or "homepage" in the description says
  // what the software makes ("Feature-rich homepage for your homelab"),
  // unless the description is only the blog's name ("The Git blog.").
  if (!names.empty() && !code.empty()) {
    static const RE2 k_names_a_blog(
        R"((?i)\W*(?:(?:the|our|my|official)\s+)?(?:[\w'’.-]+\s+){0,3}?(?:blog|newsletter)\W*)");
    return !says_blog(title, {}) &&
           !RE2::FullMatch(re2::StringPiece(description.data(), description.size()),
                           k_names_a_blog);
  }
  // A site's name is chosen for the project: "zed" in "Zed Editor" names
  // zed.dev.
  // The domain may add a word to the name instead: "vagrant" in vagrantup.com,
  // "atlantis" in runatlantis.io, "argo" in argoproj.github.io.
  // Or it abbreviates the title: "kubeprod" for "Bitnami Kubernetes
  // Production Runtime".
  const bool named = std::any_of(names.begin(), names.end(), [&](const std::string& name) {
    return (name.size() >= 2 && name == title_key) ||
           (name.size() >= 3 && title_key.find(name) != std::string::npos) ||
           (title_key.size() >= 4 && (name.starts_with(title_key) || name.ends_with(title_key))) ||
           abbreviates(name, title);
  });
  const bool aliased = std::any_of(aliases.begin(), aliases.end(), [&](const std::string& alias) {
    return alias.size() >= 3 && title_key.starts_with(alias);
  });
  return (named || aliased || pages_named(classification, title) ||
          product_page_named(classification, title)) &&
         !says_blog(title, description);
}

namespace {

/// Whether the description calls the entry a piece of software ("a grep-like
/// search tool") and not a list, a course or writing about one. The entry's
/// own name says neither ("JSONAPI::Resources provides a framework").
bool calls_software(std::string_view title, std::string_view description) {
  static const RE2 k_software(
      R"((?i)\b(?:tools?|utility|utilities|shells?|librar(?:y|ies)|frameworks?|compilers?|)"
      R"(interpreters?|(?:programming |scripting )?languages?|runtimes?|engines?|editors?|IDE|)"
      R"(servers?|clients?|CLI|command[- ]line|prompts?|plugins?|extensions?|apps?|applications?|)"
      R"(implementations?|implements|databases?|terminals?|parsers?|emulators?|toolkits?|SDK|)"
      R"(debuggers?|profilers?|linters?|formatters?|generators?|games?|simulat(?:ors?|ions?)|)"
      R"(players?|viewers?|readers?|browsers?|managers?|software)\b)");
  static const RE2 k_not_software(
      R"((?i)\b(?:lists?|collections?|tutorials?|courses?|learn\w*|guides?|books?|benchmarks?|)"
      R"(leaderboards?|datasets?|awesome|resources|community|forums?|cheat ?sheets?|news|)"
      R"(articles?|directory|catalog(?:ue)?s?|writes|writing|posts|essays|talks|podcasts?)\b)");
  std::string words(description);
  if (const std::string_view name = trim(title); !name.empty()) {
    for (std::size_t at = words.find(name); at != std::string::npos;
         at = words.find(name, at + 1)) {
      words.replace(at, name.size(), " ");
    }
  }
  return RE2::PartialMatch(words, k_software) && !RE2::PartialMatch(words, k_not_software);
}

}  // namespace

bool software_site_root(const Classification& classification, std::string_view title,
                        std::string_view description) {
  // A product's page just below a vendor's root, named in one word:
  // "jetbrains.com/objc/" for AppCode, "symas.com/mdb/" for LMDB; a slug of
  // words ("why-ack", "introducing-devin") names an article.
  static const RE2 k_product_segment(R"([a-z][a-z0-9]{1,11})");
  static const RE2 k_not_product(R"(log-?in|sign-?(?:in|up)|register|account|blog|news|posts?)");
  const std::string_view bare = bare_path(classification);
  const re2::StringPiece segment(bare.data(), bare.size());
  return !named_by_path(classification.host) &&
         (is_site_root(bare) || (RE2::FullMatch(segment, k_product_segment) &&
                                 !RE2::FullMatch(segment, k_not_product))) &&
         calls_software(title, description) && !says_blog(title, description);
}

namespace {

/// The name key of the repository a forge URL links ("awesomeprint" for
/// github.com/awesome-print/awesome_print), if it links one.
std::optional<std::string> repository_name(const Classification& classification) {
  if (!forge_host(classification.host)) {
    return std::nullopt;
  }
  std::string_view path = classification.path;
  path.remove_prefix(std::min(path.find_first_not_of('/'), path.size()));
  const std::size_t slash = path.find('/');
  if (slash == std::string_view::npos) {
    return std::nullopt;
  }
  const std::string_view repository = path.substr(slash + 1);
  return name_key(repository.substr(0, repository.find('/')));
}

/// Whether the URL is a forge repository's root: github.com/owner/name.
bool is_repository_root(const Classification& classification) {
  std::string_view path = classification.path;
  while (path.ends_with('/')) {
    path.remove_suffix(1);
  }
  return repository_name(classification).has_value() &&
         std::count(path.begin(), path.end(), '/') == 2;
}

}  // namespace

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
  if (std::optional<std::string> repository = repository_name(classification)) {
    names.push_back(std::move(*repository));
  }
  // "Primer Components" at primer.style/components/ is named after the site.
  return std::any_of(names.begin(), names.end(), [&](const std::string& name) {
    return name == title_key || (name.size() >= 4 && title_key.starts_with(name));
  });
}

bool title_is_repository_name(const Classification& classification, std::string_view title) {
  const std::optional<std::string> repository = repository_name(classification);
  return repository && repository->size() >= 3 && *repository == name_key(title);
}

bool title_is_repository_path(const Classification& classification, std::string_view title) {
  if (!repository_name(classification)) {
    return false;
  }
  std::string_view path = classification.path;
  path.remove_prefix(std::min(path.find_first_not_of('/'), path.size()));
  const std::size_t owner_end = path.find('/');
  const std::size_t name_end = path.find('/', owner_end + 1);
  return to_lower(trim(title)) == to_lower(path.substr(0, name_end));
}

bool title_heads_with_repository_name(const Classification& classification,
                                      std::string_view title) {
  const std::size_t colon = title.find(": ");
  const std::optional<std::string> repository = repository_name(classification);
  if (colon == std::string_view::npos || !repository) {
    return false;
  }
  const std::string head = name_key(title.substr(0, colon));
  return head.size() >= 3 && repository->find(head) != std::string::npos;
}

void apply_byline(const Policy& policy, std::string_view description,
                  Classification& classification) {
  if (classification.source_class != nullptr || policy.byline_class.empty()) {
    return;
  }
  const std::optional<PatternMatch> match = policy.bylines.first_match(description);
  if (!match) {
    return;
  }
  // "by Hugging Face" at huggingface.co is the site's owner, not a guest;
  // "by Andrej Karpathy" at karpathy.ai is still a person's writing.
  const std::string_view text = match->text;
  const std::string credited = name_key(text.substr(std::min(text.find(' '), text.size())));
  const std::vector<std::string> names = domain_names(classification.domain);
  if (std::find(names.begin(), names.end(), credited) != names.end()) {
    return;
  }
  classification.byline = fmt::format("{} (\"{}\")", match->pattern->name, match->text);
  classification.source_class = policy.find_class(policy.byline_class);
}

void apply_weak_shape(const Policy& policy, std::string_view title, bool kind_declared,
                      Classification& classification) {
  if (classification.shape == nullptr || !classification.shape->weak) {
    return;
  }
  std::string_view path = classification.path;
  while (path.ends_with('/')) {
    path.remove_suffix(1);
  }
  // A page's name without the id a site appends to it
  // ("qwen3-omni-68d100a86a5f0e4b3b6f2c1d").
  static const RE2 k_id_suffix(R"((.+?)-[0-9a-f]{8,})");
  std::string_view segment = path.substr(path.rfind('/') + 1);
  re2::StringPiece without_id;
  if (RE2::FullMatch(re2::StringPiece(segment.data(), segment.size()), k_id_suffix, &without_id)) {
    segment = std::string_view(without_id.data(), without_id.size());
  }
  // GitHub Pages serve a repository's site under its name: "MPL: A message
  // passing library" at rabauke.github.io/mpl/html/ is the project's page,
  // not a person's post.
  std::string_view project =
      classification.host.ends_with(".github.io") ? bare_path(classification) : std::string_view();
  project = project.substr(0, project.find('/'));
  if (std::none_of(project.begin(), project.end(),
                   [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; })) {
    project = {};  // a year ("2023/…") names no project
  }
  const bool named =
      title_names_page(title, segment) ||
      (!project.empty() && title_names_page(title.substr(0, title.find(": ")), project));
  if (!named && !kind_declared) {
    return;
  }
  // Each step moves to a later shape, so the walk ends.
  while (classification.shape != nullptr && classification.shape->weak) {
    decide_by_shape(policy, classification.shape, classification);
  }
}

namespace {

/// Whether the entry is the publisher itself, linked by a post of its own
/// site about it: "[MongoDB](mongodb.com/blog/post/running-mongodb-as-a-
/// microservice-…)". The post's slug names it too, in words of an article,
/// not an announcement; an index ("Chris Stucchio" at
/// chrisstucchio.com/blog/index.html) is no post about anything.
bool publisher_titled(const Policy& policy, const Classification& classification,
                      std::string_view title) {
  const std::string label =
      name_key(classification.domain.substr(0, classification.domain.find('.')));
  if (!spells_label(label, name_key(title))) {
    return false;
  }
  std::string_view segment = bare_path(classification);
  segment.remove_prefix(std::min(segment.rfind('/') + 1, segment.size()));
  segment = segment.substr(0, segment.find('.'));
  if (std::count(segment.begin(), segment.end(), '-') < 2 ||
      name_key(segment).find(name_key(title)) == std::string::npos) {
    return false;
  }
  std::string words(segment);
  std::replace(words.begin(), words.end(), '-', ' ');
  return !policy.not_documentation.first_match(words);
}

}  // namespace

void apply_first_party(const Policy& policy, std::string_view title, std::string_view description,
                       std::string_view code, Classification& classification) {
  // "[React Official Tutorial](https://react.dev/learn)": a page the entry
  // calls official, on the site of the project its title names, is that
  // project's documentation, whatever its URL's shape suggested.
  if (static const RE2 k_official(R"((?i)\bofficial\b)");
      classification.inferred() && classification.byline.empty() &&
      classification.source_class != nullptr && !classification.source_class->primary &&
      !policy.first_party_class_to.empty() &&
      RE2::PartialMatch(re2::StringPiece(title.data(), title.size()), k_official) &&
      title_names_link(classification, title)) {
    classification.first_party =
        fmt::format("the entry calls {}{} official, on the site of \"{}\" itself",
                    classification.host, classification.path, title);
    classification.source_class = policy.find_class(policy.first_party_class_to);
    return;
  }
  // "[[pdf]](https://adacache-dit.github.io/clarity/…) [[code]](https://github.com/
  // AdaCache-DiT/AdaCache)": outside a list of projects (whose own sites are
  // judged below), the GitHub Pages of whoever publishes the entry's code are
  // the authors' pages, not a person's blog; a path shaped as a post stays one.
  if (classification.inferred() && classification.byline.empty() &&
      classification.shape != nullptr && classification.shape->weak &&
      policy.own_site_classes.empty() && classification.source_class != nullptr &&
      !classification.source_class->primary && !policy.first_party_class_to.empty() &&
      !code.empty()) {
    if (const std::optional<std::string> repo = github_repo_containing(code);
        repo && on_owners_pages(classification, *repo)) {
      classification.first_party =
          fmt::format("{} is the GitHub Pages of {}, who publish the entry's code",
                      classification.host, repo->substr(0, repo->find('/')));
      classification.source_class = policy.find_class(policy.first_party_class_to);
      return;
    }
  }
  if (classification.source_class != nullptr && !policy.first_party_class_to.empty() &&
      std::find(policy.own_site_classes.begin(), policy.own_site_classes.end(),
                classification.source_class->name) != policy.own_site_classes.end()) {
    if (is_own_site(classification, title, description, code) ||
        software_site_root(classification, title, description)) {
      classification.first_party = fmt::format("{}{} is the site of \"{}\" itself",
                                               classification.host, classification.path, title);
      classification.source_class = policy.find_class(policy.first_party_class_to);
      return;
    }
  }
  // On a list of projects, a repository its description calls software is the
  // project's own, whatever its name looks like ("jsonapi-resources": a
  // framework, not a list of resources).
  if (!policy.own_site_classes.empty() && classification.shape != nullptr &&
      classification.rule != nullptr && is_repository_root(classification) &&
      calls_software(title, description)) {
    classification.first_party =
        fmt::format("{}{} is the repository of \"{}\", which its description calls software",
                    classification.host, classification.path, title);
    classification.shape = nullptr;
    classification.source_class = policy.find_class(classification.rule->class_name);
    return;
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
    if (!publisher.publishes_on(classification.domain)) {
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
  // unless its subject is a mechanism another publisher owns; "Brendan
  // Gregg's blog" is still a blog.
  if (says_blog(title, description)) {
    return;
  }
  if (publisher_titled(policy, classification, title)) {
    classification.first_party =
        fmt::format("the entry is \"{}\", whose own site {} writes the post about it", title,
                    classification.domain);
    classification.source_class = policy.find_class(policy.first_party_class_to);
    return;
  }
  if (std::optional<std::string> name =
          publisher_named(classification.domain, title, description)) {
    for (const Publisher& other : policy.publishers) {
      if (!other.publishes_on(classification.domain) && owned_in(other, title)) {
        return;
      }
    }
    classification.first_party =
        fmt::format("the entry credits \"{}\", whose own site {} is", *name, classification.domain);
    classification.source_class = policy.find_class(policy.first_party_class_to);
  }
}

}  // namespace sg
