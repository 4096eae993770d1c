#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <re2/re2.h>
#include <re2/set.h>
#include <nlohmann/json.hpp>

#include "model/diagnostic.h"
#include "model/item_separators.h"
#include "model/list.h"
#include "model/location.h"
#include "policy/link_policy.h"
#include "util/url.h"

namespace sg {

/// What kind of publisher a host is (paper, docs, blog, ...), and what that
/// means for an entry linking it.
struct SourceClass {
  std::string name;
  /// A core source: the paper, spec, docs or repository itself.
  bool primary = false;
  /// Surface material (tutorial sites): reported by surface/tutorial rather
  /// than source/not-primary.
  bool surface = false;
  /// Declared kinds that agree with this class.
  std::vector<EntryKind> kinds;
  [[nodiscard]] bool allows(EntryKind kind) const {
    return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
  }
  /// For Markdown input: the kind an entry linking this class is taken to be.
  std::optional<EntryKind> inferred_kind;
  /// When set, a URL of this class must match it to be of the class's main
  /// kind (a repository root, not a file in it).
  std::shared_ptr<RE2> path_pattern;
  std::string path_pattern_text;
  Location location;
};

/// Classifies URLs of one registrable domain, optionally narrowed to one host
/// and a path prefix. The most specific matching rule wins.
struct HostRule {
  std::string domain;
  std::string host;
  std::string path;
  std::string class_name;
  Location location;
};

/// A URL shape (policy "url_shapes"): an RE2 pattern over "host/path" (host
/// without "www.", no query; only "unless_query" reads the query) that says
/// what a URL is when its host does not, or whatever its host says (a site
/// root is a home page anywhere).
struct UrlShape {
  std::string name;
  /// A class name, looked up when used: a copied Policy holds no pointers
  /// into another one.
  std::string class_name;
  /// A weak shape decides only for an entry that neither declares its kind
  /// nor names the page (its last path segment) in its title: such a page may
  /// be the project's own, which a host rule or the declared kind settles.
  bool weak = false;
  /// A non-empty query this matches names one item on the page the path
  /// indexes ("Schedule?showEvent=8961" is one paper's page): the shape does
  /// not apply.
  std::shared_ptr<RE2> unless_query;
  Location location;
};

/// URL shapes in policy order, and the RE2::Set that finds which of them a
/// "host/path" matches in one pass instead of one pass per shape.
struct UrlShapes {
  std::vector<UrlShape> shapes;
  std::shared_ptr<RE2::Set> set;

  /// The first shape (in policy order) that `place` matches, or null; with
  /// `after`, the first after it (null when `after` is not one of these).
  const UrlShape* first_match(std::string_view place, const UrlShape* after = nullptr) const;
  /// Whether `shape` is one of these shapes.
  bool holds(const UrlShape* shape) const;
};

/// The mechanisms one publisher (a registrable domain) introduced, defines or
/// implements: its technical posts about them are documentation.
struct Publisher {
  std::string domain;
  /// Further registrable domains it publishes on (its blog's own domain).
  std::vector<std::string> also_domains;
  /// Names (matched as whole words, any case) and patterns, as one RE2.
  std::shared_ptr<RE2> owns;
  Location location;

  bool publishes_on(std::string_view registrable_domain) const {
    return domain == registrable_domain || std::find(also_domains.begin(), also_domains.end(),
                                                     registrable_domain) != also_domains.end();
  }
};

/// A named RE2 pattern of a pattern set, compiled alone when first asked
/// for: its set (RE2::Set) says whether it matches, and most never do.
class NamedPattern {
 public:
  NamedPattern(std::string pattern_name, std::string source, Location where)
      : name(std::move(pattern_name)),
        location(std::move(where)),
        m_compiled(std::make_shared<Compiled>(std::move(source))) {}

  std::string name;
  Location location;
  const RE2& regex() const;

 private:
  struct Compiled {
    explicit Compiled(std::string text) : source(std::move(text)) {}
    std::string source;
    std::once_flag once;
    std::unique_ptr<RE2> regex;
  };
  std::shared_ptr<Compiled> m_compiled;
};

/// The index of the first of `set`'s patterns (in the order they were added),
/// from index `from` on, that matches `text`: one pass over the text,
/// whatever the number of patterns.
std::optional<std::size_t> first_matching(const RE2::Set& set, std::string_view text,
                                          std::size_t from = 0);

/// Several patterns matched in one pass (RE2::Set), then the matching one run
/// alone to quote what it found.
/// Which pattern matched, the text it quotes, and where in the input that text starts.
struct PatternMatch {
  const NamedPattern* pattern = nullptr;
  std::string text;
  std::size_t offset = 0;
};

struct PatternSet {
  std::vector<NamedPattern> patterns;
  std::shared_ptr<RE2::Set> set;

  /// The first pattern (in policy order) that matches, with the matched text.
  std::optional<PatternMatch> first_match(std::string_view text) const;
};

struct RuleSetting {
  std::optional<Severity> severity;
  bool off = false;
};

/// Everything list-specific, from policy/policy.json. The C++ holds the
/// mechanisms; this holds the hosts, patterns and limits.
struct Policy {
  std::string file;
  std::vector<SourceClass> classes;
  std::vector<HostRule> hosts;
  PatternSet secondary_titles;
  /// Titles that say the work builds something, not only studies it
  /// ("Characterizing and Optimizing …"): no secondary title pattern applies.
  PatternSet method_titles;
  /// Descriptions that say a link is not the source itself: a paper list, a
  /// guide, course material (repositories are named, not titled).
  PatternSet secondary_descriptions;
  /// Headings of sections that hold secondary material (Books, Courses,
  /// Talks, Surveys): the list itself says what an entry under one is.
  PatternSet secondary_sections;
  /// "reimplementations": descriptions of a reproduction or a port of someone
  /// else's work, unless a description or a place says it is the authors' own.
  PatternSet reimplementation_descriptions;
  /// A repository named after the framework it was written for ("pytorch-ntm")
  /// whose description says it implements something is a port.
  PatternSet port_places;
  PatternSet port_descriptions;
  PatternSet own_work_descriptions;
  /// Host-and-path places where research organisations publish their own code.
  PatternSet own_work_places;
  /// Titles that say a blog post is its author's own worklog.
  PatternSet report_titles;
  /// Link texts that only label the link ("arXiv", "PDF", "CVPR 2021"): the
  /// title rules read the entry's description in their place.
  PatternSet link_labels;
  /// "first_party": publishers and what they own; posts on a host of class
  /// `first_party_class_from` about an owned mechanism become
  /// `first_party_class_to`, unless a `not_documentation` pattern matches.
  std::vector<Publisher> publishers;
  std::string first_party_class_from;
  /// Posts on a host of this class (a company's engineering blog) are about
  /// the company's own systems: `first_party_class_to` without an ownership
  /// table, unless the title reads as a beginner's tutorial.
  std::string own_systems_class;
  /// Classes that a project's own site becomes `first_party_class_to` from:
  /// a site root, an organisation page or a GitHub Pages project named like
  /// the entry ("Starship" at starship.rs) is where the project documents
  /// itself.
  std::vector<std::string> own_site_classes;
  std::string first_party_class_to;
  PatternSet not_documentation;
  /// "bylines": descriptions that credit a person ("by Jane Doe: …"). On a
  /// host no rule or URL shape classes, the page is that person's writing,
  /// of class `byline_class`, unless the name is the site's own.
  PatternSet bylines;
  std::string byline_class;
  /// Shapes that decide on any host (site roots, aggregator repositories).
  UrlShapes shapes_on_any_host;
  /// Shapes that decide only where no host rule does (docs.*, /blog/ paths).
  UrlShapes shapes_on_unknown_hosts;
  PatternSet claim_figures;
  PatternSet claim_comparisons;
  /// Praise without a baseline ("blazingly fast"): claim/superlative.
  PatternSet claim_superlatives;
  /// Text that looks like a figure but is not a claim ("8x H100", "covers
  /// 100% of the ISA"), blanked out before the claim patterns run.
  PatternSet not_claims;
  PatternSet surface_titles;
  /// Words that make a secondary page (one not classed primary) a tutorial:
  /// "tutorial", "primer"; a first-party tutorial is documentation.
  PatternSet surface_secondary;
  /// URL paths of secondary pages that say they are tutorials ("/tutorials/").
  PatternSet surface_paths;
  /// Text that says the material goes past an introduction ("intermediate",
  /// "advanced"): its tutorial words do not make it surface.
  PatternSet surface_depth;
  std::size_t description_min_length = 0;
  std::size_t description_max_length = 0;
  /// The list's convention: a description ends with a period (true), or
  /// lists whose descriptions carry none are not told to add one (false).
  bool description_final_period = true;
  /// One sentence (true), or several allowed ("Author. Description.").
  bool description_one_sentence = true;
  /// A description starts with a capital letter (true), or lists whose
  /// descriptions start in lower case are not told otherwise (false).
  bool description_capital_start = true;
  /// Every entry has a description (true), or a list of bare links (false).
  bool description_required = true;
  /// The marks written between an item's title and its description.
  ItemSeparators separators;
  std::vector<std::string> description_lowercase_starts;
  std::vector<std::string> description_abbreviations;
  /// Whether entry/duplicate-url compares entries of different sections
  /// ("duplicates.across_sections"); a generated feed repeats by topic.
  bool duplicates_across_sections = true;
  /// Whether a paper's own title is read for claims ("claims.paper_titles");
  /// a list that names papers by their titles cannot rewrite them.
  bool claims_in_paper_titles = true;
  std::size_t group_max_links = 0;
  std::vector<std::string> group_size_exempt_sections;
  /// Headings of sections or groups whose entries the source and surface
  /// rules do not judge ("exempt_sections.sources"): a list's Resources of
  /// books and talks. Their findings are reported as waived, by heading.
  std::vector<std::string> sources_exempt_sections;
  /// Headings of sections or groups that repeat entries listed elsewhere on
  /// purpose ("exempt_sections.repeats"): a featured or sponsors' table. A
  /// repeat under the same name with one copy there is no duplicate.
  std::vector<std::string> repeats_exempt_sections;
  int freshness_default_max_age_days = 0;
  CanonicalRules canonical;
  std::map<std::string, RuleSetting, std::less<>> rules;
  /// The "links" object: the link checker's settings.
  LinkPolicy links;

  const SourceClass* find_class(std::string_view name) const;
  /// Whether "rules" turns the rule `id` off.
  bool turns_off(std::string_view id) const;
};

/// Where a URL comes from, according to the policy.
struct Classification {
  std::string host;
  /// The registrable domain (public suffix list), or the host when it has none.
  std::string domain;
  std::string path;
  /// The query, without the '?': shapes with "unless_query" read it.
  std::string query;
  const HostRule* rule = nullptr;
  /// Set when the URL's shape decided the class rather than a host rule.
  const UrlShape* shape = nullptr;
  const SourceClass* source_class = nullptr;
  /// Set when first-party ownership decided the class: "nvidia.com owns PTX".
  std::string first_party;
  /// Set when a byline decided the class: "a person's byline (\"by Jane Doe\")".
  std::string byline;

  /// Host and path, as URL shapes and places match them: "github.com/o/r".
  std::string place() const { return host + path; }

  /// The class was read from the URL's shape or the entry's byline, not
  /// from a host rule: weaker evidence, which a host rule or a declared kind
  /// settles.
  bool inferred() const { return rule == nullptr && (shape != nullptr || !byline.empty()); }
};

/// Reads and checks a policy file. Throws InputError with file:line:column for
/// malformed JSON, unknown keys, bad patterns and references to unknown
/// classes or rules.
Policy load_policy(const std::string& path);
Policy parse_policy(const std::string& path, std::string_view text);

/// The policy used when a list has none: no host tables, defaults elsewhere.
Policy empty_policy();

/// Classifies a parsed URL; nullopt when it is not an http(s) URL.
std::optional<Classification> classify_url(const Policy& policy, const Url& url);

/// First-party ownership: a post on a blog of the publisher whose subject
/// (the title, else the description) is a mechanism the publisher owns is
/// the publisher's documentation. Announcements, customer stories and other
/// `not_documentation` text stay what the host says.
void apply_first_party(const Policy& policy, std::string_view title, std::string_view description,
                       std::string_view code, Classification& classification);

/// A byline on a host no rule or URL shape classes: "by Jane Doe: …" makes
/// the page Jane Doe's writing (policy "bylines"), unless the name is the
/// site's own ("by Hugging Face" at huggingface.co).
void apply_byline(const Policy& policy, std::string_view description,
                  Classification& classification);

/// A shape marked `weak` gives way, to the next shape or to the host rule,
/// when the entry declares its kind or its `title` names the page: "PAPI"
/// at icl.utk.edu/papi/.
void apply_weak_shape(const Policy& policy, std::string_view title, bool kind_declared,
                      Classification& classification);

/// Whether a URL is the entry's own site: a site root named by its domain
/// ("starship" and starship.rs/), an organisation page, or a GitHub Pages
/// project (not a user's pages), named like the entry's title or vouched
/// for by the entry's `code` on any forge; never when the title calls it a
/// blog, nor the description (which, beside `code`, says what the software
/// makes unless it only names a blog: "The Git blog.").
bool is_own_site(const Classification& classification, std::string_view title,
                 std::string_view description, std::string_view code);

/// Letters and digits only, in lower case and without accents: "Oh My Zsh",
/// "oh-my-zsh" and "ohmyz.sh" all read "ohmyzsh", "Société Générale" reads
/// like societegenerale.com and "Straße" like strasse.de.
std::string name_key(std::string_view text);

/// "[ack](https://beyondgrep.com/) - A grep-like search tool …": a site's
/// root that the description calls a piece of software, and no list,
/// course, benchmark or blog, is that software's site on a list of projects,
/// whatever its domain is called. Weaker than is_own_site: `init` does not
/// count it as a sign that a list is one of projects.
bool software_site_root(const Classification& classification, std::string_view title,
                        std::string_view description);

/// Whether the title is the name the link goes by: the site's, the
/// organisation's, the GitHub Pages project's or the repository's own name
/// ("Primer" for primer.style/, "cheatsheet" for github.com/owner/cheatsheet).
/// Such a title names a project; its words do not describe it.
bool title_names_link(const Classification& classification, std::string_view title);

/// Whether the title is the linked repository's name and nothing more
/// ("Awesome Print" for github.com/awesome-print/awesome_print): its words
/// name the project; the URL's shape has judged the name.
bool title_is_repository_name(const Classification& classification, std::string_view title);

/// Whether the title is the forge path the entry links, "owner/name" as
/// written ("9seconds/repolink.nvim" at github.com/9seconds/repolink.nvim):
/// a name, whose digits state nothing.
bool title_is_repository_path(const Classification& classification, std::string_view title);

/// Whether the title names the linked repository before its colon, as a
/// paper's title names its method ("SRU: training RNNs as fast as CNNs" at
/// github.com/asappresearch/sru): the work's own title, quoted.
bool title_heads_with_repository_name(const Classification& classification, std::string_view title);

/// A forge, where a path names an owner and a repository, in any case.
bool forge_host(std::string_view host);

/// The registrable domain of a host (libpsl), or the host itself.
std::string registrable_domain(const std::string& host);

/// Whether the rule with `id` judges sources (source/*, surface/*): the
/// rules "exempt_sections.sources" keeps out of a section.
inline bool judges_sources(std::string_view id) {
  return id.starts_with("source/") || id.starts_with("surface/");
}

}  // namespace sg
