#include "render/entries_writer.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "load/entries_loader.h"
#include "render/markdown_writer.h"
#include "rules/engine.h"
#include "util/error.h"
#include "util/text.h"

namespace sg {
namespace {

using Json = nlohmann::ordered_json;

/// A one-line field of the schema: each run of white space holding a line
/// break becomes one space (the Markdown reads the same), and the ends trimmed.
std::string one_line(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find_first_not_of(" \t\r\n", at);
    const std::string_view space = text.substr(at, end == std::string_view::npos ? end : end - at);
    if (space.empty()) {
      out += text[at++];
      continue;
    }
    out += space.find_first_of("\r\n") == std::string_view::npos ? std::string(space) : " ";
    at = end == std::string_view::npos ? text.size() : end;
  }
  return std::string(trim(out));
}

/// Converts one list at a time, counting the guesses for the summary.
class Converter {
 public:
  Converter(const Policy& policy, ImportedEntries& out) : m_policy(policy), m_out(out) {}

  Json section(const Section& section, std::size_t number) {
    Json json = Json::object();
    std::string title = one_line(section.title);
    if (title.empty()) {
      title = fmt::format("Section {}", number);
      m_out.notes.push_back(
          fmt::format("section {} has no title: \"{}\" stands in", number, title));
    }
    json["title"] = title;
    if (!section.intro.empty()) {
      json["intro"] = section.intro;
    }
    if (section.volatile_info) {
      // A Markdown list says when, not for how long: the policy's default.
      const int max_age = section.volatile_info->max_age_days > 0
                              ? section.volatile_info->max_age_days
                              : m_policy.freshness_default_max_age_days;
      json["volatile"] = {{"verified", section.volatile_info->verified},
                          {"max_age_days", max_age > 0 ? max_age : 90}};
    }
    if (section.ordered) {
      json["ordered"] = true;
    }
    if (!section.entries.empty()) {
      json["entries"] = entries(section.entries);
    }
    if (!section.groups.empty()) {
      Json groups = Json::array();
      for (const Group& group : section.groups) {
        std::string group_title = one_line(group.title);
        if (group_title.empty()) {
          group_title = fmt::format("{} {}", title, groups.size() + 1);
          m_out.notes.push_back(
              fmt::format("a group of \"{}\" has no title: \"{}\" stands in", title, group_title));
        }
        groups.push_back({{"title", group_title}, {"entries", entries(group.entries)}});
      }
      json["groups"] = std::move(groups);
    }
    return json;
  }

 private:
  Json entries(const std::vector<Entry>& list) {
    Json json = Json::array();
    for (const Entry& entry : list) {
      json.push_back(this->entry(entry));
    }
    return json;
  }

  Json entry(const Entry& entry) {
    ++m_out.entries;
    std::vector<std::string> review;
    auto guessed = [&](std::string_view what, const std::string& evidence) {
      review.push_back(fmt::format("{} ({})", what, evidence));
      ++m_out.guesses[std::string(what)];
    };
    Json json = Json::object();
    std::string title = one_line(entry.title);
    if (title.empty()) {
      title = entry.url.empty() ? "Untitled" : entry.url;
      guessed(k_review_title_missing,
              entry.url.empty() ? "a placeholder stands in" : "the URL stands in");
    }
    json["title"] = title;
    if (!entry.links.empty()) {
      Json links = Json::array();
      for (const EntryLink& link : entry.links) {
        links.push_back({{"label", one_line(link.label)}, {"url", one_line(link.url)}});
      }
      json["links"] = std::move(links);
    } else if (!entry.url.empty()) {
      json["url"] = one_line(entry.url);
    }
    json["kind"] = to_string(kind(entry, guessed));
    std::string description = one_line(entry.description);
    if (description.empty()) {
      description = title;
      guessed(k_review_description_missing, "the title stands in");
    }
    json["description"] = description;
    for (const EntryLink& link : entry.description_links) {
      // Rendered entries link only what the rules judge (the title's links
      // and code): a mention's page is named here, so nothing is lost unseen.
      guessed(k_review_description_link,
              fmt::format("[{}]({}): give that page its own entry, or leave it out",
                          one_line(link.label), one_line(link.url)));
    }
    if (entry.claim) {
      Json claim = Json::object();
      for (const auto& [name, value] : {std::pair{"hardware", &entry.claim->hardware},
                                        {"workload", &entry.claim->workload},
                                        {"precision", &entry.claim->precision},
                                        {"baseline", &entry.claim->baseline},
                                        {"correctness", &entry.claim->correctness}}) {
        if (!value->empty()) {
          claim[name] = one_line(*value);
        }
      }
      json["claim"] = std::move(claim);
    }
    if (!entry.code.empty()) {
      json["code"] = one_line(entry.code);
    }
    if (!entry.verified.empty()) {
      json["verified"] = entry.verified;
    }
    if (!entry.waivers.empty()) {
      Json waive = Json::array();
      for (const Waiver& waiver : entry.waivers) {
        waive.push_back({{"rule", waiver.rule}, {"reason", one_line(waiver.reason)}});
      }
      json["waive"] = std::move(waive);
    }
    review.insert(review.end(), entry.review.begin(), entry.review.end());
    if (!review.empty()) {
      ++m_out.reviewed;
      json["review"] = review;
    }
    return json;
  }

  /// The declared kind; else the kind the rules infer from the URL; else a
  /// guess: the one kind the URL's class allows first, or docs.
  template <typename Guessed>
  EntryKind kind(const Entry& entry, Guessed& guessed) {
    if (entry.kind) {
      return *entry.kind;
    }
    if (entry.url.empty()) {
      return EntryKind::note;  // an item without a link
    }
    const std::optional<Classification> classification = classify_entry(entry, m_policy);
    const Classification* decided = classification ? &*classification : nullptr;
    if (const std::optional<EntryKind> inferred = effective_kind(entry, decided)) {
      const bool by_code = decided == nullptr || decided->source_class == nullptr ||
                           decided->source_class->inferred_kind != inferred;
      guessed(k_review_kind_inferred,
              by_code ? "a code link beside a page that is no primary source: a report"
                      : class_evidence_of(*decided));
      return *inferred;
    }
    const SourceClass* source_class = decided != nullptr ? decided->source_class : nullptr;
    if (source_class == nullptr) {
      guessed(k_review_kind_guessed,
              decided == nullptr
                  ? "not an http(s) URL"
                  : fmt::format("no host rule or URL shape classifies {}", decided->host));
      return EntryKind::docs;
    }
    const EntryKind kind = source_class->kinds.empty() ? EntryKind::docs : source_class->kinds[0];
    guessed(k_review_kind_guessed,
            fmt::format("{}, a class that infers no kind", class_evidence_of(*decided)));
    return kind;
  }

  const Policy& m_policy;
  ImportedEntries& m_out;
};

}  // namespace

ImportedEntries entries_from_list(const List& list, const Policy& policy) {
  if (list.sections.size() > k_max_section_files) {
    // Named at the first section that finds no file name.
    throw InputError(list.sections[k_max_section_files].location,
                     fmt::format("the list has {} sections; entry files name at most {} (two "
                                 "digits give their order): gather its sections under at most {} "
                                 "top-level headings before importing, or keep the Markdown list "
                                 "and lint it as it is",
                                 list.sections.size(), k_max_section_files, k_max_section_files));
  }
  ImportedEntries out;
  Converter converter(policy, out);
  for (std::size_t i = 0; i < list.sections.size(); ++i) {
    const std::size_t before = out.entries;
    const Json json = converter.section(list.sections[i], i + 1);
    const std::string name = section_file_name(i, json["title"].get<std::string>());
    out.documents.push_back(
        {name, canonical_entries_text(name, json.dump()), out.entries - before});
  }
  out.sections = list.sections.size();
  if (const std::string title = one_line(list.title); !title.empty()) {
    Json json = {{"title", title}};
    // A tagline is plain text, rendered escaped: one with markup (links,
    // emphasis, HTML) or several lines opens the intro instead, verbatim.
    std::string intro = list.intro;
    if (!list.tagline.empty() && list.tagline.find_first_of("\r\n") == std::string::npos &&
        renders_as_written(list.tagline)) {
      json["tagline"] = list.tagline;
    } else if (!list.tagline.empty()) {
      intro = list.tagline + (intro.empty() ? "" : "\n\n") + intro;
    }
    if (!intro.empty()) {
      json["intro"] = intro;
    }
    const std::string name(k_list_file_name);
    out.documents.push_back({name, canonical_entries_text(name, json.dump()), 0});
  } else {
    out.notes.emplace_back("the list has no \"#\" title: no list.json is written");
  }
  return out;
}

}  // namespace sg
