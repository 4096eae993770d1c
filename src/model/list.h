#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/location.h"
#include "util/url.h"

namespace sg {

/// What an entry links to, as declared in entry data or inferred from the URL.
enum class EntryKind { paper, spec, docs, repo, report, note };

std::optional<EntryKind> parse_entry_kind(std::string_view text);
std::string_view to_string(EntryKind kind);
/// Every kind's name, in declaration order: for schemas and messages.
std::vector<std::string_view> entry_kind_names();

/// A link on words of an entry: of its title, when the entry names several
/// resources ("vLLM, SGLang, and TensorRT-LLM"), or of its description (an
/// author's page, a project it mentions). The label is the words it links.
struct EntryLink {
  std::string label;
  std::string url;
  Location location;
  /// `url` parsed (Entry::parse_urls); nullopt when it is no absolute URL.
  std::optional<Url> parsed;
};

/// The five fields that make a performance number checkable.
struct Claim {
  std::string hardware;
  std::string workload;
  std::string precision;
  std::string baseline;
  std::string correctness;
  Location location;
};

struct Waiver {
  std::string rule;
  std::string reason;
  Location location;
};

/// Where a Markdown list writes an entry's description, which decides what
/// its style rules ask of it.
enum class DescriptionForm {
  item,       ///< after the title on the entry's own line: one tidy sentence
  heading,    ///< on the entry's heading ("### [x](…) - Windows-only"): no period
  paragraph,  ///< a paragraph under the entry's heading: prose of any length
  lead_in,    ///< a paragraph ending "with support for:" before the details
  /// the words go on from the linked name, no separator between them:
  /// "[DockerSlim](…) shrinks fat Docker images."
  after_name,
  /// after a mark the list does not separate with: "[Matano](…): Open source
  /// …" in a list that writes " - "
  other_mark,
  /// only who wrote it and where it appeared, in italics after the title's
  /// link: "[**Title.**](…) _Xiaoran Liu, Ruixiao Li, …_ Arxiv 2025.", who
  /// made it: "[Canal](…) by [Tigera](…)", or only tags: "[Talk](…) [47']";
  /// no sentence about the resource
  credit,
};

struct Entry {
  std::string title;
  /// The entry's link; for an entry with `links`, the first of them.
  std::string url;
  /// `url` parsed, once, when the entry is loaded (parse_urls): what the
  /// rules read. nullopt when it is no absolute URL.
  std::optional<Url> parsed_url;
  /// Set only when the entry names several resources; then url == links[0].url.
  std::vector<EntryLink> links;
  /// Empty for Markdown input, where the kind is inferred from the URL.
  std::optional<EntryKind> kind;
  std::string description;
  /// Links on words of the description ("by [Ann](…)", "inspired by
  /// [x](…)"), in description order: mentions, which `check` follows and
  /// no source rule judges the entry by.
  std::vector<EntryLink> description_links;
  std::optional<Claim> claim;
  std::string code;
  /// `code` parsed, as `parsed_url` is.
  std::optional<Url> parsed_code;
  std::string verified;
  std::vector<Waiver> waivers;
  /// What `sourcegate import` guessed about the entry ("kind inferred from the
  /// URL"), for a person to check; entry/review reports it until removed.
  std::vector<std::string> review;
  /// How the description is written: after the title on the entry's line
  /// (judged as one sentence), or otherwise (see DescriptionForm).
  DescriptionForm description_form = DescriptionForm::item;
  /// Whether the entry says something about the resource: a description
  /// that is more than a credit.
  bool described() const {
    return !description.empty() && description_form != DescriptionForm::credit;
  }
  /// Listed under another entry (the papers a collection implements): a
  /// detail of it, which may repeat a link the list gives elsewhere.
  bool detail = false;
  /// Where the entry starts (its `{` or its list item).
  Location location;
  /// The entry's last line of content: the end of its Markdown item, or the
  /// line before its closing `}` (appending an entry turns the previous "}"
  /// into "},", which changes nothing about that entry).
  int end_line = 0;
  /// Where each field present in the input is (the key of a JSON member, the
  /// link or text of a Markdown item), in the entry's file. A list holds many
  /// entries: positions stay small, the file name is the entry's.
  struct FieldPosition {
    std::string_view name;  ///< a schema field name: static storage
    int line = 0;
    int column = 0;
  };
  std::vector<FieldPosition> fields;

  /// Records where `name` (a string literal or schema name) is, once.
  void set_position(std::string_view name, const Location& at);
  /// The location of `field` if it was given, else of the entry.
  Location where(std::string_view field) const;
  /// Parses url, code and each of links into their `parsed` fields: the
  /// last step of loading an entry, after anything that changes its URLs.
  void parse_urls();

  /// One URL of an entry and where it is written.
  struct LocatedUrl {
    std::string_view field;  ///< "url", "links", "code" or "description_links"
    std::string_view url;    ///< a view into the entry
    Location location;
    /// The URL as parse_urls parsed it; null when it is no absolute URL or
    /// was never parsed.
    const Url* parsed = nullptr;
  };
  /// Every URL the entry links to, with its place: url (or each of links),
  /// then code. Empty fields are left out.
  std::vector<LocatedUrl> located_urls() const;
  /// located_urls, then the links of the description: every URL the entry
  /// writes, for the link checker.
  std::vector<LocatedUrl> written_urls() const;
};

struct Group {
  std::string title;
  /// The title of the group whose list holds this group's label ("Lectures"
  /// over "- Siraj Raval: Introduction to AI for Video Games"); empty when
  /// the group opens under its section.
  std::string under;
  std::vector<Entry> entries;
  Location location;
};

/// A section whose evidence changes quickly carries the date it was last
/// checked and how long that check stays good.
struct Volatile {
  std::string verified;
  int max_age_days = 0;
  Location location;
};

struct Section {
  std::string title;
  /// Markdown paragraphs shown under the heading.
  std::string intro;
  std::optional<Volatile> volatile_info;
  /// A reading path: entries are read in order and rendered as a numbered list.
  bool ordered = false;
  /// Entries directly under the section, before any group.
  std::vector<Entry> entries;
  std::vector<Group> groups;
  Location location;
};

/// An internal link (`#anchor`) found in Markdown text, kept for link/anchor.
struct AnchorLink {
  std::string anchor;
  Location location;
};

/// A relative link (`docs/guide.md`, `LICENSE`) found in a Markdown list,
/// with whether its file was there when the list was read: link/relative.
struct RelativeLink {
  std::string target;
  Location location;
  bool exists = false;
};

struct List {
  std::string title;
  std::string tagline;
  /// Markdown paragraphs between the tagline and the contents.
  std::string intro;
  /// Markdown after the last section (license, maintainers).
  std::string footer;
  std::vector<Section> sections;
  /// Where the list's own data is (list.json, or the Markdown title).
  Location location;
  /// Headings of a Markdown list in document order, for anchor checks.
  std::vector<std::string> headings;
  /// Anchors a Markdown list writes in HTML (`<a name>`, `id` attributes).
  std::vector<std::string> html_anchors;
  std::vector<AnchorLink> anchor_links;
  std::vector<RelativeLink> relative_links;

  /// Calls `visit(section, group_or_null, entry)` for every entry in list order.
  template <typename Visit>
  void for_each_entry(Visit&& visit) const {
    for (const Section& section : sections) {
      for (const Entry& entry : section.entries) {
        visit(section, static_cast<const Group*>(nullptr), entry);
      }
      for (const Group& group : section.groups) {
        for (const Entry& entry : group.entries) {
          visit(section, &group, entry);
        }
      }
    }
  }
  std::size_t entry_count() const;
};

/// The topic an entry is filed under: its group, else its section, named by
/// their headings (case aside), so that two sections under one heading (a
/// "Codes" section written twice) are one topic; groups one section names
/// alike stay apart. A list that files one resource under several topics
/// repeats it once per topic.
class FilingTopics {
 public:
  /// The topic of the entries of `group` (null: of the section's own
  /// entries). Entries come group by group: each group is named once.
  const std::string& of(const Section& section, const Group* group);

 private:
  const void* m_named = nullptr;
  std::string m_topic;
};

/// Whether the entry's description starts as a sentence does, with a
/// capital, or with a name written in lower case: one of `lowercase_starts`,
/// the entry's title or a part of it, its link's host, a name the description
/// links, or a word such as "i18n", "eCommerce" or "oh-my-zsh". True when it
/// has no description.
bool starts_with_capital_or_name(const Entry& entry,
                                 const std::vector<std::string>& lowercase_starts);

/// The heading of `section` or `group` that `headings` name (as written,
/// case aside), else null: a policy names sections wherever they stand.
const std::string* heading_among(const std::vector<std::string>& headings, const Section& section,
                                 const Group* group);

/// True when two entries give one name: their titles have the same letters
/// and digits, case aside, or one names a repository ("surrealdb/surrealdb")
/// by the other's whole name, or both cite one work in their own words (five
/// words in a row in common: "Kohl, Stone, Policy Gradient … (ICRA 2004)"
/// and "Kohl and Stone, Policy Gradient …, ICRA, 2004."), or one's title is
/// written out in the other's description ("[BURLAP](…) - Brown-UMBC
/// Reinforcement Learning and Planning, …"). One page under two
/// names is a slip (a copied link); under one name in two topics it is the
/// same resource filed twice.
bool same_name(const Entry& a, const Entry& b);

/// An entry and the topic it is filed under (FilingTopics).
struct FiledEntry {
  const Entry* entry;
  std::string topic;
};

/// For a list that files by topic: the earlier entry of one page that
/// `entry` (filed under `topic`) slips against. One in the same topic is a
/// repeat there; else one under its own name in another topic makes it the
/// same resource filed again (null); else it gives the page another name (a
/// copied link), and the first is named.
const Entry* slip_against(const std::vector<FiledEntry>& earlier, const Entry& entry,
                          std::string_view topic);

}  // namespace sg
