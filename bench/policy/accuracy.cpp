// How often the source, claim and surface rules agree with a careful
// curator: the labelled entries of tests/policy-corpus/, read as one Markdown
// list (as a user's list would be) with the repository's policy, scored per
// part of the split (tune, held-out).
//
//   sourcegate_bench_policy CORPUS_DIR POLICY [--misses | --tune] [--second LABELS]
//
// --misses lists the tuning part's disagreements and --tune all of it, never
// the held-out part. --second reads a second curator's labels of a sample
// (id, verdict, rules per line) and prints, per part, how far the two
// curators agree and how sourcegate scores against each: the ceiling a
// rule set can reach is the curators' own agreement. "flagged, sure labels"
// scores only the entries whose reason is not marked "uncertain:". Each part
// also gets a 95% bootstrap interval of F1 (2,000 resamples of its lists,
// fixed seed): how far its figure could move with another draw of lists.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <re2/re2.h>
#include <nlohmann/json.hpp>

#include "load/load_result.h"
#include "load/markdown_loader.h"
#include "policy/policy.h"
#include "rules/engine.h"
#include "util/date.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

namespace {

namespace fs = std::filesystem;

struct Labelled {
  std::string id;
  std::string list;  ///< the corpus file it came from
  std::string part;
  std::string url;
  std::string title;
  std::string description;
  /// The entry's code repository: the first forge link among its further
  /// links, when its text names one ("Repository", "code").
  std::string code;
  bool violates = false;
  /// The curator marked the verdict "uncertain:": the link alone left it open.
  bool uncertain = false;
  std::set<std::string> rules;
  /// A second curator's verdict and rules, when the sample holds the entry.
  std::optional<bool> second_violates;
  std::set<std::string> second_rules;
  // What sourcegate said.
  std::set<std::string> errors;
  /// Why, for the tuning part's listing: each error's evidence.
  std::vector<std::string> reasons;
  std::string host_class;
};

/// Rules that decide "flagged": the errors a curator's verdict is about.
bool judged_rule(std::string_view id) {
  return id.starts_with("source/") || id.starts_with("claim/") || id.starts_with("surface/");
}

std::string markdown_line(const Labelled& entry) {
  std::string title = entry.title;
  for (const char c : {'[', ']'}) {
    for (std::size_t at = title.find(c); at != std::string::npos; at = title.find(c, at + 2)) {
      title.insert(at, "\\");
    }
  }
  std::string line = fmt::format("- [{}](<{}>)", title, entry.url);
  std::string description = entry.description;
  // The corpus keeps a link's text and drops its target: the code link the
  // list wrote ("- Repository") is written back, as the list has it, under
  // the last word that labels code, never the "source" of "open source".
  if (!entry.code.empty()) {
    static const RE2 k_word(R"((\pL+))");
    re2::StringPiece rest(description);
    re2::StringPiece word;
    std::optional<std::size_t> at;
    std::size_t size = 0;
    while (RE2::FindAndConsume(&rest, k_word, &word)) {
      const auto offset = static_cast<std::size_t>(word.data() - description.data());
      const bool open_source = offset >= 5 && sg::to_lower(description.substr(
                                                  offset - 5, 5 + word.size())) == "open source";
      if (sg::is_code_label(std::string_view(word.data(), word.size())) && !open_source) {
        at = offset;
        size = word.size();
      }
    }
    if (at) {
      // A framework's name labels code only as a tag ("[[PyTorch](repo)]"):
      // in a sentence it is a mention.
      const std::string label = description.substr(*at, size);
      const std::string link = fmt::format("[{}](<{}>)", label, entry.code);
      description.replace(*at, size, sg::names_only_a_framework(label) ? "[" + link + "]" : link);
    }
  }
  if (!description.empty()) {
    line += " - " + description;
  }
  std::replace(line.begin(), line.end(), '\n', ' ');
  return line;
}

struct Counts {
  int tp = 0, fp = 0, fn = 0, tn = 0;
  void add(bool predicted, bool actual) {
    (predicted ? (actual ? tp : fp) : (actual ? fn : tn)) += 1;
  }
  [[nodiscard]] double precision() const {
    return tp + fp == 0 ? 1.0 : static_cast<double>(tp) / (tp + fp);
  }
  [[nodiscard]] double recall() const {
    return tp + fn == 0 ? 1.0 : static_cast<double>(tp) / (tp + fn);
  }
  [[nodiscard]] double f1() const {
    const double p = precision();
    const double r = recall();
    return p + r == 0 ? 0.0 : 2 * p * r / (p + r);
  }
  // F1 to three places: the targets are thresholds, and 0.845 must not read
  // as 0.85.
  [[nodiscard]] std::string line() const {
    return fmt::format("P {:.2f}  R {:.2f}  F1 {:.3f}   (tp {} fp {} fn {} tn {})", precision(),
                       recall(), f1(), tp, fp, fn, tn);
  }
};

/// Each entry's (said, labelled) pair for one measure, by the list it came
/// from.
using Outcomes = std::map<std::string, std::vector<std::pair<bool, bool>>>;

/// The 95% bootstrap interval of F1: the range the figure would move over
/// with another draw of as many lists. Lists, not entries, are drawn: the
/// entries of one list share its style and its curator's habits, so drawing
/// entries alone would make the interval too narrow. The seed is fixed, so
/// the interval is the same on every run with the same standard library.
std::pair<double, double> f1_interval(const Outcomes& outcomes) {
  constexpr std::size_t k_resamples = 2000;
  if (outcomes.empty()) {
    return {0.0, 0.0};
  }
  std::vector<const std::vector<std::pair<bool, bool>>*> lists;
  for (const auto& [list, pairs] : outcomes) {
    lists.push_back(&pairs);
  }
  std::mt19937_64 random(20261206);
  std::uniform_int_distribution<std::size_t> pick(0, lists.size() - 1);
  std::vector<double> scores;
  scores.reserve(k_resamples);
  for (std::size_t resample = 0; resample < k_resamples; ++resample) {
    Counts counts;
    for (std::size_t i = 0; i < lists.size(); ++i) {
      for (const auto& [said, labelled] : *lists[pick(random)]) {
        counts.add(said, labelled);
      }
    }
    scores.push_back(counts.f1());
  }
  std::sort(scores.begin(), scores.end());
  return {scores[k_resamples / 40], scores[k_resamples - 1 - k_resamples / 40]};
}

/// Reads a second curator's labels: one JSON object per line with id,
/// verdict and rules.
std::map<std::string, std::pair<bool, std::set<std::string>>> read_second_labels(
    const std::string& path) {
  std::map<std::string, std::pair<bool, std::set<std::string>>> labels;
  std::istringstream lines(sg::read_file(path));
  std::string text;
  while (std::getline(lines, text)) {
    if (text.empty()) {
      continue;
    }
    const nlohmann::json row = nlohmann::json::parse(text);
    const std::string id = row.at("id").get<std::string>();
    if (labels.contains(id)) {
      throw sg::InputError(sg::Location{.file = path}, "second labels: id " + id + " twice");
    }
    auto& [violates, rules] = labels[id];
    violates = row.at("verdict") == "violate";
    for (const auto& rule : row.at("rules")) {
      rules.insert(rule.get<std::string>());
    }
  }
  return labels;
}

/// How the second curator, the corpus's labels and sourcegate agree on the
/// part's entries that both curators labelled.
void print_agreement(const std::vector<Labelled>& entries, const std::string& part) {
  Counts second_flagged, second_primary, tool_flagged, tool_primary, tool_vs_second, tool_on_agreed;
  int sample = 0, agreed = 0;
  for (const Labelled& entry : entries) {
    if (entry.part != part || !entry.second_violates) {
      continue;
    }
    ++sample;
    const bool flagged = !entry.errors.empty();
    second_flagged.add(*entry.second_violates, entry.violates);
    second_primary.add(entry.second_rules.contains("source/not-primary"),
                       entry.rules.contains("source/not-primary"));
    tool_flagged.add(flagged, entry.violates);
    tool_primary.add(entry.errors.contains("source/not-primary"),
                     entry.rules.contains("source/not-primary"));
    tool_vs_second.add(flagged, *entry.second_violates);
    if (*entry.second_violates == entry.violates) {
      ++agreed;
      tool_on_agreed.add(flagged, entry.violates);
    }
  }
  std::cout << fmt::format(
      "second curator, {} entries of this part (agree on the verdict of {}):\n", sample, agreed);
  std::cout << fmt::format("  {:<38} {}\n", "second curator vs labels, flagged",
                           second_flagged.line());
  std::cout << fmt::format("  {:<38} {}\n", "second curator vs labels, not-primary",
                           second_primary.line());
  std::cout << fmt::format("  {:<38} {}\n", "sourcegate vs labels, flagged", tool_flagged.line());
  std::cout << fmt::format("  {:<38} {}\n", "sourcegate vs labels, not-primary",
                           tool_primary.line());
  std::cout << fmt::format("  {:<38} {}\n", "sourcegate vs second curator, flagged",
                           tool_vs_second.line());
  std::cout << fmt::format("  {:<38} {}\n", "sourcegate where both agree, flagged",
                           tool_on_agreed.line());
}

int run_bench(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: sourcegate_bench_policy CORPUS_DIR POLICY [--misses | --tune] "
                 "[--second LABELS]\n";
    return 2;
  }
  const fs::path corpus = argv[1];
  bool show_misses = false;
  bool show_tune = false;
  std::map<std::string, std::pair<bool, std::set<std::string>>> second_labels;
  for (int i = 3; i < argc; ++i) {
    const std::string_view option = argv[i];
    if (option == "--misses") {
      show_misses = true;
    } else if (option == "--tune") {
      show_tune = true;
    } else if (option == "--second") {
      if (i + 1 == argc) {
        std::cerr << "sourcegate_bench_policy: --second needs a labels file\n";
        return 2;
      }
      second_labels = read_second_labels(argv[++i]);
    } else {
      std::cerr << "sourcegate_bench_policy: unknown option " << option << '\n';
      return 2;
    }
  }
  const sg::Policy policy = sg::load_policy(argv[2]);

  std::map<std::string, std::string> part_of;
  {
    std::istringstream split(sg::read_file((corpus / "split.tsv").string()));
    std::string line;
    while (std::getline(split, line)) {
      const std::size_t tab = line.find('\t');
      if (tab != std::string::npos && line.substr(0, tab) != "id") {
        part_of[line.substr(0, tab)] = line.substr(tab + 1);
      }
    }
  }
  std::vector<fs::path> files;
  for (const auto& item : fs::directory_iterator(corpus)) {
    if (item.path().extension() == ".jsonl") {
      files.push_back(item.path());
    }
  }
  std::sort(files.begin(), files.end());

  std::vector<Labelled> entries;
  std::string markdown = "# Corpus\n";
  std::map<int, std::size_t> entry_at_line;
  int line_number = 2;
  std::string last_section;
  // Each entry sits under its list's headings, outermost as a section and
  // innermost as a group, as the list had them: a heading is evidence too.
  const auto write_headings = [&](const std::string& path) {
    std::vector<std::string> names;
    for (std::size_t at = 0; at <= path.size();) {
      const std::size_t end = std::min(path.find(" > ", at), path.size());
      if (end > at) {
        names.push_back(path.substr(at, end - at));
      }
      at = end + 3;
    }
    if (names.empty()) {
      names.emplace_back("Entries");
    }
    markdown += fmt::format("\n## {}\n\n", names.front());
    line_number += 3;
    if (names.size() > 1) {
      markdown += fmt::format("### {}\n\n", names.back());
      line_number += 2;
    }
  };
  for (const fs::path& file : files) {
    std::istringstream lines(sg::read_file(file.string()));
    std::string text;
    while (std::getline(lines, text)) {
      if (text.empty()) {
        continue;
      }
      const nlohmann::json row = nlohmann::json::parse(text);
      Labelled entry;
      entry.id = row.at("id");
      entry.list = file.stem().string();
      entry.part = part_of.contains(entry.id) ? part_of.at(entry.id) : "unsplit";
      entry.url = row.at("url");
      entry.title = row.at("title");
      entry.description = row.value("description", "");
      for (const auto& other : row.value("other_urls", nlohmann::json::array())) {
        static const RE2 k_forge(
            R"(^https?://(?:www\.)?(?:github\.com|gitlab\.com)/[^/]+/[^/?#]+)");
        if (RE2::PartialMatch(other.get<std::string>(), k_forge)) {
          entry.code = other.get<std::string>();
          break;
        }
      }
      entry.violates = row.at("verdict") == "violate";
      entry.uncertain = row.value("reason", "").starts_with("uncertain:");
      for (const auto& rule : row.at("rules")) {
        entry.rules.insert(rule.get<std::string>());
      }
      if (auto second = second_labels.find(entry.id); second != second_labels.end()) {
        entry.second_violates = second->second.first;
        entry.second_rules = second->second.second;
      }
      const std::optional<sg::Url> url = sg::parse_url(entry.url);
      if (auto classified = url ? sg::classify_url(policy, *url) : std::nullopt) {
        entry.host_class =
            classified->source_class != nullptr ? classified->source_class->name : "unclassified";
      } else {
        entry.host_class = "not a web URL";
      }
      if (const std::string section = row.value("section", "");
          section != last_section || entries.empty()) {
        write_headings(section);
        last_section = section;
      }
      markdown += markdown_line(entry) + "\n";
      entry_at_line[line_number++] = entries.size();
      entries.push_back(std::move(entry));
    }
  }

  std::set<std::string> second_placed;
  for (const Labelled& entry : entries) {
    if (entry.second_violates) {
      second_placed.insert(entry.id);
    }
  }
  if (second_placed.size() != second_labels.size()) {
    std::cerr << fmt::format("second labels: {} of {} ids are not in the corpus\n",
                             second_labels.size() - second_placed.size(), second_labels.size());
    return 2;
  }

  sg::LoadResult loaded;
  sg::load_markdown_text("corpus.md", markdown, loaded);
  const auto today = sg::parse_date("2026-12-01").value();
  std::vector<sg::Diagnostic> diagnostics = sg::run_rules(loaded.list, policy, today);
  diagnostics.insert(diagnostics.end(), loaded.diagnostics.begin(), loaded.diagnostics.end());
  int unmatched = 0;
  for (const sg::Diagnostic& d : diagnostics) {
    if (d.severity != sg::Severity::error || !judged_rule(d.rule)) {
      continue;
    }
    const int line = d.entry_location.line != 0 ? d.entry_location.line : d.location.line;
    if (auto it = entry_at_line.find(line); it != entry_at_line.end()) {
      entries[it->second].errors.insert(d.rule);
      entries[it->second].reasons.push_back(d.evidence.empty() ? d.message : d.evidence);
    } else {
      ++unmatched;
    }
  }
  std::cout << fmt::format("{} labelled entries read as {} list entries; {} findings not placed\n",
                           entries.size(), loaded.list.entry_count(), unmatched);

  const std::vector<std::string> rules = {"source/not-primary", "surface/tutorial",
                                          "claim/incomplete"};
  for (const std::string part : {"tune", "held-out"}) {
    Counts flagged;
    Counts flagged_sure;
    Outcomes flagged_outcomes;
    Outcomes not_primary_outcomes;
    std::map<std::string, Counts> per_rule;
    std::map<std::string, Counts> per_list;
    std::map<std::string, Counts> by_class;
    int count = 0;
    for (const Labelled& entry : entries) {
      if (entry.part != part) {
        continue;
      }
      ++count;
      flagged.add(!entry.errors.empty(), entry.violates);
      flagged_outcomes[entry.list].emplace_back(!entry.errors.empty(), entry.violates);
      not_primary_outcomes[entry.list].emplace_back(entry.errors.contains("source/not-primary"),
                                                    entry.rules.contains("source/not-primary"));
      if (!entry.uncertain) {
        flagged_sure.add(!entry.errors.empty(), entry.violates);
      }
      per_list[entry.list].add(!entry.errors.empty(), entry.violates);
      for (const std::string& rule : rules) {
        per_rule[rule].add(entry.errors.contains(rule), entry.rules.contains(rule));
      }
      by_class[entry.host_class].add(!entry.errors.empty(), entry.violates);
    }
    std::cout << fmt::format("\n== {} ({} entries)\n", part, count);
    std::cout << fmt::format("{:<22} {}\n", "flagged", flagged.line());
    // Where the curator was sure, a disagreement is sourcegate's; where the
    // label says "uncertain:", it may be the label's.
    std::cout << fmt::format("{:<22} {}\n", "flagged, sure labels", flagged_sure.line());
    for (const std::string& rule : rules) {
      std::cout << fmt::format("{:<22} {}\n", rule, per_rule[rule].line());
    }
    const auto [flagged_low, flagged_high] = f1_interval(flagged_outcomes);
    const auto [primary_low, primary_high] = f1_interval(not_primary_outcomes);
    std::cout << fmt::format(
        "95% bootstrap interval of F1, resampling lists: flagged [{:.3f}, {:.3f}], "
        "source/not-primary "
        "[{:.3f}, {:.3f}]\n",
        flagged_low, flagged_high, primary_low, primary_high);
    // Whole names: two lists may share their first twenty letters.
    std::size_t width = 0;
    for (const auto& [list, counts] : per_list) {
      width = std::max(width, list.size());
    }
    for (const auto& [list, counts] : per_list) {
      std::cout << fmt::format("  {:<{}} {}\n", list, width, counts.line());
    }
    // Where the misses and false alarms are, by the class each link was given.
    std::cout << fmt::format("{:<22} {:>7} {:>9} {:>9} {:>7} {:>7}\n", "host class", "entries",
                             "labelled", "flagged", "missed", "false");
    for (const auto& [name, counts] : by_class) {
      std::cout << fmt::format("{:<22} {:>7} {:>9} {:>9} {:>7} {:>7}\n", name,
                               counts.tp + counts.fp + counts.fn + counts.tn, counts.tp + counts.fn,
                               counts.tp + counts.fp, counts.fn, counts.fp);
    }
    if (!second_labels.empty()) {
      print_agreement(entries, part);
    }
  }
  if (show_misses || show_tune) {
    std::cout << (show_misses ? "\n== tuning part: disagreements\n" : "\n== tuning part\n");
    for (const Labelled& entry : entries) {
      // Every rule a label names, so that a missed tutorial or claim shows too.
      const bool agrees = std::all_of(rules.begin(), rules.end(), [&](const std::string& rule) {
        return entry.errors.contains(rule) == entry.rules.contains(rule);
      });
      if (entry.part != "tune" || (agrees && show_misses)) {
        continue;
      }
      std::string said;
      for (const std::string& rule : entry.errors) {
        said += rule + " ";
      }
      std::string labelled;
      for (const std::string& rule : entry.rules) {
        labelled += rule + " ";
      }
      std::cout << fmt::format("{} [{}] {}\n  {} | {}\n  labelled: {}  said: {}\n", entry.id,
                               entry.host_class, entry.url, entry.title, entry.description,
                               labelled.empty() ? "comply" : labelled, said.empty() ? "-" : said);
      for (const std::string& reason : entry.reasons) {
        std::cout << fmt::format("    because: {}\n", reason);
      }
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // A bad policy or corpus line is a message naming the file, not an abort.
  try {
    return run_bench(argc, argv);
  } catch (const sg::InputError& e) {
    const sg::Location& at = e.location();
    std::cerr << at.file << ':' << at.line << ':' << at.column << ": error: " << e.what() << '\n';
  } catch (const nlohmann::json::exception& e) {
    std::cerr << "corpus: error: " << e.what() << '\n';
  }
  return 2;
}
