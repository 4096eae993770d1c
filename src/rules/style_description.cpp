// style/description: one sentence, capitalised, ending with a period, within
// the policy's length bounds.
#include <algorithm>
#include <cctype>
#include <string>

#include <fmt/format.h>

#include "rules/rule.h"
#include "util/text.h"

namespace sg {
namespace {

/// "npm library for pagination" at www.npmjs.com: a word of three letters or
/// more that the link's host spells is the site's name.
bool names_host(const Entry& entry, std::string_view word) {
  return word.size() >= 3 && entry.parsed_url &&
         entry.parsed_url->host.find(to_lower(word)) != std::string::npos;
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

void check_style_description(const EntryView& view, const RuleContext& context, Findings& out) {
  const Entry& entry = view.entry;
  const std::string& text = entry.description;
  const Policy& policy = context.policy;
  auto report = [&](std::string message, std::string hint = {}) {
    out.push_back(Finding{.location = entry.where("description"),
                          .message = std::move(message),
                          .hint = std::move(hint),
                          .entry = &entry});
  };
  if (text.empty()) {
    // A section or group where no entry has a description is a list of
    // names by design (related lists, books): nothing is missing there.
    if (!policy.description_required || view.among_names_only) {
      return;
    }
    report("the entry has no description", "add one sentence on what the resource teaches");
    return;
  }
  if (text.front() == ' ' || text.back() == ' ' || text.find("  ") != std::string::npos) {
    report("the description has leading, trailing or doubled spaces",
           "remove the extra whitespace");
    return;
  }
  // A name written in lower case is no sentence start to capitalise: one the
  // policy lists, the entry's own title ("npm - npm is …") or a part of it, its
  // link's host, a linked name, or a word no
  // sentence starts with: with a digit ("i18n"), a capital inside
  // ("eCommerce"), or a hyphen or dot inside ("oh-my-zsh", "node.js").
  std::string_view first_word = std::string_view(text).substr(0, text.find(' '));
  while (!first_word.empty() && std::ispunct(static_cast<unsigned char>(first_word.back())) != 0) {
    first_word.remove_suffix(1);
  }
  const bool allowed_lowercase =
      std::any_of(policy.description_lowercase_starts.begin(),
                  policy.description_lowercase_starts.end(),
                  [&](const std::string& word) { return text.starts_with(word); }) ||
      to_lower(first_word) == to_lower(entry.title) || names_host(entry, first_word) ||
      opens_with_a_name(entry, first_word) ||
      std::any_of(first_word.begin(), first_word.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0 ||
               std::isupper(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '.';
      });
  if (policy.description_capital_start &&
      std::islower(static_cast<unsigned char>(text.front())) != 0 && !allowed_lowercase) {
    report("the description does not start with a capital letter",
           "capitalise the first word, or add it to \"description.lowercase_starts\" in the "
           "policy if it is a name written in lower case");
    return;
  }
  // "… into your app. [BERT on iPhone](…)": a link after the last sentence
  // points further; its label is no sentence of the description.
  std::string_view sentences = text;
  if (!entry.description_links.empty() &&
      sentences.ends_with(entry.description_links.back().label)) {
    const std::string_view before =
        trim(sentences.substr(0, sentences.size() - entry.description_links.back().label.size()));
    if (ends_sentence(before)) {
      sentences = before;
    }
  }
  const DescriptionForm form = entry.description_form;
  if (policy.description_final_period && !ends_sentence(sentences) &&
      form != DescriptionForm::heading && form != DescriptionForm::lead_in) {
    report("the description does not end with a period", "end the sentence with a period");
    return;
  }
  // "Data apps. Dashboards for.." is cut short where a generator truncated
  // it: the sentence it would have been is not there to judge.
  const bool truncated = text.ends_with("..") || text.ends_with("\u2026");
  const bool prose = form == DescriptionForm::paragraph || form == DescriptionForm::lead_in;
  if (policy.description_one_sentence && !truncated && !prose &&
      has_second_sentence(sentences, policy.description_abbreviations)) {
    report("the description is more than one sentence", "keep one sentence; cut the rest");
    return;
  }
  const std::size_t length = utf8_length(text);
  if (policy.description_min_length != 0 && length < policy.description_min_length) {
    report(fmt::format("the description is {} characters, below the policy's minimum of {}", length,
                       policy.description_min_length),
           "say what the resource teaches");
  } else if (policy.description_max_length != 0 && length > policy.description_max_length &&
             !prose) {
    report(fmt::format("the description is {} characters, above the policy's maximum of {}", length,
                       policy.description_max_length),
           "shorten it to the one point a reader needs");
  }
}

}  // namespace

extern const Rule k_style_description = {
    .id = "style/description",
    .severity = Severity::warning,
    .summary = "the description is not one tidy sentence",
    .doc =
        "A description is one sentence, starting with a capital letter or a name written in "
        "lower case (the entry's title or a part of it, a name its link's host spells, a name the "
        "description links, a name the policy lists in "
        "\"description.lowercase_starts\", or a word such as \"i18n\", \"eCommerce\" or "
        "\"oh-my-zsh\"), ending with a period, without stray spaces, within the policy's length "
        "bounds; words on an entry's heading need no period, a paragraph under it is prose of any "
        "length and sentences, and a lead-in to the details listed under it ends with its colon; "
        "an entry "
        "without a description is fine in a section or group of names only, and a "
        "description cut short (\"..\", \"\u2026\") is not counted by its sentences. "
        "A list whose convention differs says so in its "
        "policy: \"description.final_period\", \"description.one_sentence\", "
        "\"description.capital_start\" and \"description.required\" set to false.",
    .hint = "rewrite the description as one sentence",
    .check_entry = check_style_description,
};

}  // namespace sg
