#include "model/list.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include <fmt/format.h>
#include <re2/re2.h>

#include "util/text.h"

namespace sg {
namespace {
constexpr std::array<std::pair<EntryKind, std::string_view>, 6> k_kind_names = {{
    {EntryKind::paper, "paper"},
    {EntryKind::spec, "spec"},
    {EntryKind::docs, "docs"},
    {EntryKind::repo, "repo"},
    {EntryKind::report, "report"},
    {EntryKind::note, "note"},
}};
}  // namespace

std::optional<EntryKind> parse_entry_kind(std::string_view text) {
  for (const auto& [kind, name] : k_kind_names) {
    if (name == text) {
      return kind;
    }
  }
  return std::nullopt;
}

std::string_view to_string(EntryKind kind) {
  for (const auto& [k, name] : k_kind_names) {
    if (k == kind) {
      return name;
    }
  }
  return "?";
}

std::vector<std::string_view> entry_kind_names() {
  std::vector<std::string_view> names;
  names.reserve(std::size(k_kind_names));
  for (const auto& [kind, name] : k_kind_names) {
    names.push_back(name);
  }
  return names;
}

void Entry::set_position(std::string_view name, const Location& at) {
  for (const FieldPosition& position : fields) {
    if (position.name == name) {
      return;
    }
  }
  fields.push_back({name, at.line, at.column});
}

Location Entry::where(std::string_view field) const {
  for (const FieldPosition& position : fields) {
    if (position.name == field) {
      return Location{location.file, position.line, position.column};
    }
  }
  return location;
}

void Entry::parse_urls() {
  for (EntryLink& link : links) {
    link.parsed = parse_url(link.url);
  }
  // With links, url is the first of them: parsed once.
  parsed_url = !links.empty() && links.front().url == url ? links.front().parsed : parse_url(url);
  parsed_code = parse_url(code);
  for (EntryLink& link : description_links) {
    link.parsed = parse_url(link.url);
  }
}

namespace {

const Url* parsed_or_null(const std::optional<Url>& parsed) { return parsed ? &*parsed : nullptr; }

}  // namespace

std::vector<Entry::LocatedUrl> Entry::located_urls() const {
  std::vector<LocatedUrl> urls;
  if (links.empty()) {
    if (!url.empty()) {
      urls.push_back({"url", url, where("url"), parsed_or_null(parsed_url)});
    }
  } else {
    for (const EntryLink& link : links) {
      if (!link.url.empty()) {
        urls.push_back({"links", link.url, link.location, parsed_or_null(link.parsed)});
      }
    }
  }
  if (!code.empty()) {
    urls.push_back({"code", code, where("code"), parsed_or_null(parsed_code)});
  }
  return urls;
}

std::vector<Entry::LocatedUrl> Entry::written_urls() const {
  std::vector<LocatedUrl> urls = located_urls();
  for (const EntryLink& link : description_links) {
    if (!link.url.empty()) {
      urls.push_back({"description_links", link.url, link.location, parsed_or_null(link.parsed)});
    }
  }
  return urls;
}

namespace {

/// A title's letters and digits, lower case: "Real-time" and "Real time"
/// are one name.
std::string name_key(std::string_view title) {
  std::string key;
  for (const char c : to_lower(title)) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0 || static_cast<unsigned char>(c) >= 0x80) {
      key += c;
    }
  }
  return key;
}

/// `text` without each part from `open` to the next `close`, both included;
/// an `open` never closed stays.
void erase_enclosed(std::string& text, std::string_view open, std::string_view close) {
  for (std::size_t at = text.find(open); at != std::string::npos; at = text.find(open, at)) {
    const std::size_t end = text.find(close, at + open.size());
    if (end == std::string::npos) {
      return;
    }
    text.erase(at, end + close.size() - at);
  }
}

/// The names a title gives, its bracketed tags aside: the whole, and for a
/// repository's "owner/name" each side ("surrealdb/surrealdb" names SurrealDB).
std::vector<std::string> name_keys(std::string_view written) {
  std::string title(written);
  // "linebender/xilem [xilem]": a tag another link labels names nothing new.
  erase_enclosed(title, "[", "]");
  // "Title(@Microsoft)", "Title(@Tri Dao etc)": who wrote it, no part of its name.
  erase_enclosed(title, "(@", ")");
  // "Title (`P^2`)": the short name it goes by, no part of its title.
  erase_enclosed(title, "(`", "`)");
  std::vector<std::string> keys = {name_key(title)};
  if (const std::size_t slash = title.find('/');
      slash != std::string::npos && title.find('/', slash + 1) == std::string::npos) {
    keys.push_back(name_key(title.substr(0, slash)));
    keys.push_back(name_key(title.substr(slash + 1)));
  }
  std::erase(keys, std::string());
  return keys;
}

/// "npm library for pagination" at www.npmjs.com: a word of three letters or
/// more that the link's host spells, or that is its path's last segment, is
/// the site's or the project's name.
bool names_link(const Entry& entry, std::string_view word) {
  if (word.size() < 3 || !entry.parsed_url) {
    return false;
  }
  // "flightsim is a utility …" at github.com/alphasoc/flightsim.
  std::string_view path = entry.parsed_url->path;
  while (path.ends_with('/')) {
    path.remove_suffix(1);
  }
  const std::string lower = to_lower(word);
  return entry.parsed_url->host.find(lower) != std::string::npos ||
         to_lower(path.substr(path.rfind('/') + 1)) == lower;
}

/// "[zgenom](…) extension for …" under "zgenom-ext-eval": a description that
/// opens with a link's label, or with a word of three letters or more that
/// names a part of the title, opens with a name.
bool opens_with_a_name(const Entry& entry, std::string_view word) {
  if (std::any_of(entry.description_links.begin(), entry.description_links.end(),
                  [&](const EntryLink& link) {
                    return !link.label.empty() && entry.description.starts_with(link.label);
                  })) {
    return true;
  }
  if (word.size() < 3) {
    return false;
  }
  const std::string title = to_lower(entry.title);
  const std::string name = to_lower(word);
  for (std::size_t at = title.find(name); at != std::string::npos; at = title.find(name, at + 1)) {
    const auto part_edge = [&](std::size_t i) {
      return i >= title.size() || std::isalnum(static_cast<unsigned char>(title[i])) == 0;
    };
    if ((at == 0 || part_edge(at - 1)) && part_edge(at + name.size())) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool starts_with_capital_or_name(const Entry& entry,
                                 const std::vector<std::string>& lowercase_starts) {
  const std::string& text = entry.description;
  if (text.empty() || std::islower(static_cast<unsigned char>(text.front())) == 0) {
    return true;
  }
  // A name written in lower case is no sentence start to capitalise: one the
  // policy lists, the entry's own title ("npm - npm is …") or a part of it, its
  // link's host, a linked name, or a word no sentence starts with: with a
  // digit ("i18n"), a capital inside ("eCommerce"), or a hyphen or dot inside
  // ("oh-my-zsh", "node.js").
  std::string_view first_word = std::string_view(text).substr(0, text.find(' '));
  while (!first_word.empty() && std::ispunct(static_cast<unsigned char>(first_word.back())) != 0) {
    first_word.remove_suffix(1);
  }
  // "by Jeff Bollinger and Brandon Enright.": a book's credit names its
  // authors, no sentence to capitalise.
  static const RE2 k_credit(R"(^by \p{Lu})");
  return std::any_of(lowercase_starts.begin(), lowercase_starts.end(),
                     [&](const std::string& word) { return text.starts_with(word); }) ||
         RE2::PartialMatch(text, k_credit) || to_lower(first_word) == to_lower(entry.title) ||
         names_link(entry, first_word) || opens_with_a_name(entry, first_word) ||
         std::any_of(first_word.begin(), first_word.end(), [](char c) {
           return std::isdigit(static_cast<unsigned char>(c)) != 0 ||
                  std::isupper(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '.';
         });
}

const std::string* heading_among(const std::vector<std::string>& headings, const Section& section,
                                 const Group* group) {
  for (const std::string& heading : headings) {
    const std::string named = to_lower(trim(heading));
    if (named == to_lower(trim(section.title))) {
      return &section.title;
    }
    if (group != nullptr && named == to_lower(trim(group->title))) {
      return &group->title;
    }
  }
  return nullptr;
}

const std::string& FilingTopics::of(const Section& section, const Group* group) {
  const void* named =
      group != nullptr ? static_cast<const void*>(group) : static_cast<const void*>(&section);
  if (named == m_named) {
    return m_topic;
  }
  m_named = named;
  m_topic = to_lower(trim(section.title));
  if (group == nullptr) {
    return m_topic;
  }
  const std::string group_title = to_lower(trim(group->title));
  m_topic += '\n';
  m_topic += group_title;
  // "2025" under each subheading of one section: groups that one section
  // names alike stand under headings the reader did not keep, so each is a
  // topic of its own.
  if (std::count_if(section.groups.begin(), section.groups.end(), [&](const Group& other) {
        return to_lower(trim(other.title)) == group_title;
      }) > 1) {
    m_topic += fmt::format("\n{}", named);
  }
  return m_topic;
}

namespace {

/// The first words of a title, in lower case: letters and digits only. A
/// title is a few dozen words; a longer text is compared by its start.
std::vector<std::string> title_words(std::string_view title) {
  constexpr std::size_t k_words_compared = 64;
  std::vector<std::string> words;
  std::string word;
  for (const char c : title) {
    if (words.size() == k_words_compared) {
      return words;
    }
    if (std::isalnum(static_cast<unsigned char>(c)) != 0 || (c & 0x80) != 0) {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!word.empty()) {
      words.push_back(std::move(word));
      word.clear();
    }
  }
  if (!word.empty()) {
    words.push_back(std::move(word));
  }
  return words;
}

/// Whether two texts have `run` words in a row in common.
bool share_words_in_a_row(std::string_view a, std::string_view b, std::size_t run) {
  const std::vector<std::string> a_words = title_words(a);
  const std::vector<std::string> b_words = title_words(b);
  if (a_words.size() < run || b_words.size() < run) {
    return false;
  }
  // The longest common run, by the usual table of run lengths ending at
  // each pair of words; titles are short.
  std::vector<std::size_t> previous(b_words.size() + 1, 0);
  std::vector<std::size_t> current(b_words.size() + 1, 0);
  for (const std::string& a_word : a_words) {
    for (std::size_t j = 0; j < b_words.size(); ++j) {
      current[j + 1] = a_word == b_words[j] ? previous[j] + 1 : 0;
      if (current[j + 1] >= run) {
        return true;
      }
    }
    std::swap(previous, current);
  }
  return false;
}

/// The name a title gives before its colon, the last word there as written
/// ("DYP-SLAM" in "DYP-SLAM: A Real-time Visual SLAM", "PILCO" in "Marc
/// Deisenroth, Carl Rasmussen, PILCO: A Model-Based …"), in lower case;
/// empty without one.
std::string name_before_colon(std::string_view title) {
  const std::size_t colon = title.find(": ");
  if (colon == std::string_view::npos) {
    return {};
  }
  const std::string_view head = title.substr(0, colon);
  const std::size_t start = head.find_last_of(" ,");
  return to_lower(start == std::string_view::npos ? head : head.substr(start + 1));
}

}  // namespace

bool same_name(const Entry& a, const Entry& b) {
  // "[BURLAP](…) - Brown-UMBC Reinforcement Learning and Planning, a
  // library" names "Brown-UMBC Reinforcement Learning and Planning Library".
  // Two works named before a colon are two works: "DYP-SLAM: A Real-time
  // Visual SLAM" and "CFP-SLAM: A Real-time Visual SLAM".
  if (const std::string a_name = name_before_colon(a.title), b_name = name_before_colon(b.title);
      (a_name.empty() || b_name.empty() || a_name == b_name) &&
      (share_words_in_a_row(a.title, b.title + ' ' + b.description, 5) ||
       share_words_in_a_row(b.title, a.title + ' ' + a.description, 5))) {
    return true;
  }
  const std::vector<std::string> a_keys = name_keys(a.title);
  const std::vector<std::string> b_keys = name_keys(b.title);
  if (a_keys.empty() || b_keys.empty()) {
    return false;
  }
  // One title's whole name against the other's names: "google/guava" and
  // "google/gson" share an owner, not a name.
  const auto names = [](const std::vector<std::string>& keys, const std::string& key) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
  };
  return names(b_keys, a_keys.front()) || names(a_keys, b_keys.front());
}

const Entry* slip_against(const std::vector<FiledEntry>& earlier, const Entry& entry,
                          std::string_view topic) {
  for (const FiledEntry& filed : earlier) {
    if (filed.topic == topic) {
      return filed.entry;
    }
  }
  // Its first copies only: a page hundreds of entries link is no one
  // resource filed by topic, and comparing every pair grows as squares.
  constexpr std::size_t k_copies_compared = 32;
  for (std::size_t i = 0; i < std::min(earlier.size(), k_copies_compared); ++i) {
    if (same_name(*earlier[i].entry, entry)) {
      return nullptr;
    }
  }
  return earlier.empty() ? nullptr : earlier.front().entry;
}

std::size_t List::entry_count() const {
  std::size_t count = 0;
  for_each_entry([&](const Section&, const Group*, const Entry&) { ++count; });
  return count;
}

}  // namespace sg
