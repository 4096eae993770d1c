// style/description: one sentence, capitalised, ending with a period, within
// the policy's length bounds.
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "rules/rule.h"
#include "util/text.h"

namespace sg {
namespace {

/// Whether `text` has two spaces in a row other than after a sentence's end:
/// two spaces between sentences are a typing convention that Markdown
/// renders as one, "file system  changes" a slip.
bool doubled_space(const std::string& text) {
  for (std::size_t at = text.find("  "); at != std::string::npos; at = text.find("  ", at + 1)) {
    if (at == 0 || std::string_view(".!?").find(text[at - 1]) == std::string_view::npos) {
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
    // A section or group where no entry, or one in ten at most, has a
    // description is a list of names by design (related lists, books, guides):
    // nothing is missing there.
    if (!policy.description_required || view.among_names_only) {
      return;
    }
    report("the entry has no description", "add one sentence on what the resource teaches");
    return;
  }
  const std::string list_mark =
      policy.separators.marks.empty() ? std::string("-") : policy.separators.marks.front();
  // A list that asks for no description asks for no separator either.
  if (entry.description_form == DescriptionForm::other_mark && policy.description_required) {
    report("the description follows a mark the list does not separate with",
           fmt::format("write \"[Name](url) {} Description.\", as the list does", list_mark));
    return;
  }
  if (text.front() == ' ' || text.back() == ' ' || doubled_space(text)) {
    report("the description has leading, trailing or doubled spaces",
           "remove the extra whitespace");
    return;
  }
  // "_Xiaoran Liu, …_ Arxiv 2025.", "by Tigera": who made it and where, no
  // sentence whose length or form to judge.
  if (entry.description_form == DescriptionForm::credit) {
    return;
  }
  if (policy.description_capital_start &&
      !starts_with_capital_or_name(entry, policy.description_lowercase_starts)) {
    if (entry.description_form == DescriptionForm::after_name) {
      // "[DockerSlim](…) shrinks fat images.": the sentence starts with the
      // name; what is missing is the separator, not a capital.
      report("the description goes on from the linked name, with no separator before it",
             fmt::format("write \"[Name](url) {} Description.\", as the list does", list_mark));
      return;
    }
    report("the description does not start with a capital letter",
           "capitalise the first word, or add it to \"description.lowercase_starts\" in the "
           "policy if it is a name written in lower case");
    return;
  }
  // "… into your app. [BERT on iPhone](…)", "… library. [Resources](…).": a
  // link after the last sentence points further; its label is no sentence of
  // the description.
  std::string_view sentences = text;
  if (std::string_view tail =
          text.ends_with('.') ? sentences.substr(0, text.size() - 1) : sentences;
      !entry.description_links.empty() && !entry.description_links.back().label.empty() &&
      tail.ends_with(entry.description_links.back().label)) {
    const std::string_view before =
        trim(tail.substr(0, tail.size() - entry.description_links.back().label.size()));
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
      has_second_sentence(sentences, policy.description_abbreviations, entry.title)) {
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
        "without a description is fine in a section or group of names only (one in ten "
        "may say a word more), and a "
        "description cut short (\"..\", \"\u2026\") is not counted by its sentences. "
        "A credit alone (authors in italics with a venue and year, \"by Tigera\") is no "
        "sentence: only its spaces are judged, and it describes nothing. A description after "
        "a mark the list does not separate with (\"[Name](…): Text\" where the list writes "
        "\" - \") is reported as that. "
        "A list whose convention differs says so in its "
        "policy: \"description.final_period\", \"description.one_sentence\", "
        "\"description.capital_start\" and \"description.required\" set to false.",
    .hint = "rewrite the description as one sentence",
    .check_entry = check_style_description,
};

}  // namespace sg
