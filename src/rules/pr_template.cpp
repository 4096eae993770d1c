// pr/unanswered and pr/claim-mismatch: a pull request that adds a source
// answers the template's questions, and its claim answers say what the
// entries' "claim" fields say. Judged from the pull request's body by
// `check --pr-body`, not by lint: the rows have no entry or list check.
#include "rules/pr_template.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <optional>

#include <fmt/format.h>

#include "rules/rule.h"
#include "util/text.h"

namespace sg {

extern const Rule k_pr_unanswered = {
    .id = "pr/unanswered",
    .severity = Severity::error,
    .summary = "a pull request that adds a source leaves a template question unanswered",
    .doc =
        "A pull request that adds an entry's link answers the questions of "
        ".github/PULL_REQUEST_TEMPLATE.md: why the source is primary, where it belongs in the "
        "reading order, what it replaces (a group holds at most five links), and any conflict "
        "of interest; when an added entry carries a performance claim, also its five fields "
        "(hardware and software versions, workload, precision and algorithm, baseline, "
        "correctness method). A question still showing the template's \"_Answer here._\", left "
        "empty, or deleted is unanswered. `sourcegate check --changed-since REF --pr-body FILE` "
        "judges the body.",
    .hint = "answer the question in the pull request's description, in place of \"_Answer here._\"",
};

extern const Rule k_pr_claim_mismatch = {
    .id = "pr/claim-mismatch",
    .severity = Severity::error,
    .summary = "a pull request's claim answers and the added entries' claims disagree",
    .doc =
        "Each claim answer in the pull request's description names the matching field of the "
        "\"claim\" of every entry the pull request adds (compared without regard to case or "
        "spacing), so that reviewers read the same evidence the list will show. A description "
        "that describes a claim when no added entry carries one is a mismatch too: the claim "
        "belongs in the entry, or the answers say \"No claim\".",
    .hint = "make the answer and the entry's \"claim\" field say the same",
};

namespace {

constexpr std::array k_heading_questions = {PrQuestion::why_primary, PrQuestion::place,
                                            PrQuestion::replaces, PrQuestion::conflicts};
constexpr std::array k_claim_questions = {PrQuestion::hardware, PrQuestion::workload,
                                          PrQuestion::precision, PrQuestion::baseline,
                                          PrQuestion::correctness};

/// The words that identify a question in a heading, or a claim field at the
/// start of a list item, lower case.
std::string_view question_key(PrQuestion question) {
  switch (question) {
    case PrQuestion::why_primary:
      return "primary";
    case PrQuestion::place:
      return "reading order";
    case PrQuestion::replaces:
      return "replace";
    case PrQuestion::hardware:
      return "hardware";
    case PrQuestion::workload:
      return "workload";
    case PrQuestion::precision:
      return "precision";
    case PrQuestion::baseline:
      return "baseline";
    case PrQuestion::correctness:
      return "correctness";
    case PrQuestion::conflicts:
      return "conflict";
  }
  return "";
}

const std::string& claim_field(const Claim& claim, PrQuestion question) {
  switch (question) {
    case PrQuestion::hardware:
      return claim.hardware;
    case PrQuestion::workload:
      return claim.workload;
    case PrQuestion::precision:
      return claim.precision;
    case PrQuestion::baseline:
      return claim.baseline;
    default:
      return claim.correctness;
  }
}

/// The body with each HTML comment blanked (line breaks kept, so that lines
/// still count as in the file): the template's guidance is no answer.
std::string without_comments(std::string_view body) {
  std::string out(body);
  std::size_t at = 0;
  while ((at = out.find("<!--", at)) != std::string::npos) {
    std::size_t end = out.find("-->", at + 4);
    end = end == std::string::npos ? out.size() : end + 3;
    for (std::size_t i = at; i < end; ++i) {
      if (out[i] != '\n') {
        out[i] = ' ';
      }
    }
    at = end;
  }
  return out;
}

/// An ATX heading's text ("## Why? ##" -> "Why?"), or nullopt.
std::optional<std::string_view> heading_text(std::string_view line) {
  line = trim(line);
  std::size_t hashes = 0;
  while (hashes < line.size() && line[hashes] == '#') {
    ++hashes;
  }
  if (hashes == 0 || hashes > 6 || (hashes < line.size() && line[hashes] != ' ')) {
    return std::nullopt;
  }
  std::string_view text = trim(line.substr(hashes));
  while (!text.empty() && text.back() == '#') {
    text.remove_suffix(1);
  }
  return trim(text);
}

/// The answer with the placeholder taken out, on one line.
std::string answer_text(std::string_view text) {
  std::string kept(text);
  for (std::size_t at; (at = kept.find(k_pr_placeholder)) != std::string::npos;) {
    kept.erase(at, k_pr_placeholder.size());
  }
  return collapse_spaces(kept);
}

/// A claim field written as a list item, "- Hardware and software versions:
/// H100": the field and what follows the first colon.
std::optional<std::pair<PrQuestion, std::string_view>> claim_item(std::string_view line) {
  line = trim(line);
  if (line.size() < 2 || (line[0] != '-' && line[0] != '*' && line[0] != '+') || line[1] != ' ') {
    return std::nullopt;
  }
  line = trim(line.substr(2));
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) {
    return std::nullopt;
  }
  const std::string label = to_lower(line.substr(0, colon));
  for (const PrQuestion question : k_claim_questions) {
    if (label.find(question_key(question)) != std::string::npos) {
      return std::pair{question, line.substr(colon + 1)};
    }
  }
  return std::nullopt;
}

std::string normalized(std::string_view text) { return to_lower(collapse_spaces(text)); }

Diagnostic finding(const Rule& rule, const std::string& file, int line, std::string message,
                   std::string evidence = {}) {
  Finding found;
  found.location = Location{file, line, line > 0 ? 1 : 0};
  found.message = std::move(message);
  found.evidence = std::move(evidence);
  return make_diagnostic(rule, rule.severity, std::move(found));
}

}  // namespace

std::string_view question_text(PrQuestion question) {
  switch (question) {
    case PrQuestion::why_primary:
      return "Why is the source primary?";
    case PrQuestion::place:
      return "Where does it belong in the reading order?";
    case PrQuestion::replaces:
      return "What does it replace?";
    case PrQuestion::hardware:
      return "Hardware and software versions";
    case PrQuestion::workload:
      return "Workload (shapes or request distribution)";
    case PrQuestion::precision:
      return "Precision and algorithm";
    case PrQuestion::baseline:
      return "Baseline";
    case PrQuestion::correctness:
      return "Correctness method";
    case PrQuestion::conflicts:
      return "Conflicts of interest";
  }
  return "";
}

bool says_no_claim(std::string_view answer) {
  std::string text = normalized(answer);
  while (!text.empty() && (text.back() == '.' || text.back() == '!')) {
    text.pop_back();
  }
  return text == "no claim" || text == "none" || text == "n/a" || text == "na" || text == "-";
}

std::vector<PrAnswer> read_pr_body(std::string_view raw) {
  const std::string body = without_comments(raw);
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= body.size();) {
    const std::size_t end = std::min(body.find('\n', start), body.size());
    lines.push_back(std::string_view(body).substr(start, end - start));
    start = end + 1;
  }
  std::vector<PrAnswer> answers;
  // The heading question whose answer is being read, and where it is.
  std::optional<PrAnswer> open;
  std::string open_text;
  int placeholder_line = 0;
  auto close = [&](int heading_line) {
    if (open) {
      open->text = answer_text(open_text);
      if (open->text.empty()) {
        open->line = placeholder_line > 0 ? placeholder_line : heading_line;
      }
      answers.push_back(std::move(*open));
      open.reset();
    }
  };
  int open_heading_line = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int number = static_cast<int>(i) + 1;
    if (auto heading = heading_text(lines[i])) {
      close(open_heading_line);
      const std::string text = to_lower(*heading);
      for (const PrQuestion question : k_heading_questions) {
        if (text.find(question_key(question)) != std::string::npos) {
          open = PrAnswer{.question = question, .text = {}, .line = 0};
          open_text.clear();
          placeholder_line = 0;
          open_heading_line = number;
          break;
        }
      }
      continue;
    }
    if (auto item = claim_item(lines[i])) {
      std::string text = answer_text(item->second);
      answers.push_back({.question = item->first, .text = std::move(text), .line = number});
      continue;
    }
    if (open) {
      if (open->line == 0 && !trim(lines[i]).empty() && !trim(answer_text(lines[i])).empty()) {
        open->line = number;
      }
      if (placeholder_line == 0 && lines[i].find(k_pr_placeholder) != std::string_view::npos) {
        placeholder_line = number;
      }
      open_text += lines[i];
      open_text += '\n';
    }
  }
  close(open_heading_line);
  return answers;
}

std::vector<Diagnostic> check_pr_body(std::string_view body, const std::string& body_file,
                                      const std::vector<const Entry*>& added) {
  std::vector<Diagnostic> out;
  if (added.empty()) {
    return out;
  }
  const std::vector<PrAnswer> answers = read_pr_body(body);
  auto answer_to = [&](PrQuestion question) -> const PrAnswer* {
    auto it = std::find_if(answers.begin(), answers.end(),
                           [&](const PrAnswer& a) { return a.question == question; });
    return it == answers.end() ? nullptr : &*it;
  };
  const std::string sources = added.size() == 1 ? fmt::format("adds \"{}\"", added.front()->title)
                                                : fmt::format("adds {} sources", added.size());
  auto require = [&](PrQuestion question) -> const PrAnswer* {
    const PrAnswer* answer = answer_to(question);
    if (answer == nullptr) {
      out.push_back(finding(k_pr_unanswered, body_file, 0,
                            fmt::format("the pull request {} but its description does not ask "
                                        "\"{}\": the template's question is missing",
                                        sources, question_text(question))));
      return nullptr;
    }
    if (answer->text.empty()) {
      out.push_back(finding(k_pr_unanswered, body_file, answer->line,
                            fmt::format("the pull request {} but leaves \"{}\" unanswered", sources,
                                        question_text(question))));
      return nullptr;
    }
    return answer;
  };
  for (const PrQuestion question : k_heading_questions) {
    require(question);
  }
  std::vector<const Entry*> claims;
  std::copy_if(added.begin(), added.end(), std::back_inserter(claims),
               [](const Entry* entry) { return entry->claim.has_value(); });
  for (const PrQuestion question : k_claim_questions) {
    if (claims.empty()) {
      const PrAnswer* answer = answer_to(question);
      if (answer != nullptr && !answer->text.empty() && !says_no_claim(answer->text)) {
        out.push_back(finding(k_pr_claim_mismatch, body_file, answer->line,
                              fmt::format("the description gives a claim's \"{}\" but no entry "
                                          "the pull request adds carries a \"claim\"",
                                          question_text(question)),
                              fmt::format("answer: {}", answer->text)));
      }
      continue;
    }
    const PrAnswer* answer = require(question);
    if (answer == nullptr) {
      continue;
    }
    const std::string said = normalized(answer->text);
    for (const Entry* entry : claims) {
      const std::string& field = claim_field(*entry->claim, question);
      if (says_no_claim(answer->text) || said.find(normalized(field)) == std::string::npos) {
        out.push_back(finding(
            k_pr_claim_mismatch, body_file, answer->line,
            fmt::format("the description's \"{}\" does not say what entry \"{}\" claims",
                        question_text(question), entry->title),
            fmt::format("description: \"{}\"; entry's claim: \"{}\"", answer->text, field)));
      }
    }
  }
  // In the order of the body; a deleted question (line 0) first.
  sort_diagnostics(out);
  return out;
}

}  // namespace sg
