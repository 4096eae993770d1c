// `sourcegate init`: a starter policy for an existing Markdown list, its style
// settings inferred from the list itself.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/lint_pipeline.h"
#include "load/markdown_loader.h"
#include "policy/list_conventions.h"
#include "rules/engine.h"
#include "sourcegate/shipped_policy.h"
#include "util/date.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

struct InitOptions {
  std::string list = "README.md";
  std::string output = k_default_policy;
  bool force = false;
};

/// How many hosts without a host rule `init` names for review.
constexpr std::size_t k_hosts_to_review = 10;

/// Sets "a.b" in `policy` to `value`, creating the object "a" if needed.
void set_key(Json& policy, const std::string& dotted, Json value) {
  const std::size_t dot = dotted.find('.');
  policy[dotted.substr(0, dot)][dotted.substr(dot + 1)] = std::move(value);
}

/// Length bounds the list does not keep to would flag its convention, not
/// its problems: such a bound is dropped (0).
std::vector<std::string> fit_length_bounds(const List& list, Json& policy) {
  Json& description = policy["description"];
  const std::size_t min = description.value("min_length", std::size_t{0});
  const std::size_t max = description.value("max_length", std::size_t{0});
  std::size_t described = 0;
  std::size_t within_min = 0;
  std::size_t within_max = 0;
  list.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
    if (entry.description.empty()) {
      return;
    }
    ++described;
    const std::size_t length = utf8_length(entry.description);
    within_min += length >= min ? 1 : 0;
    within_max += max == 0 || length <= max ? 1 : 0;
  });
  std::vector<std::string> notes;
  auto fit = [&](const char* key, std::size_t within, std::size_t bound) {
    if (bound != 0 && !keeps_to(within, described)) {
      description[key] = 0;
      notes.push_back(
          fmt::format("description.{}: 0 (no bound): only {} of {} descriptions keep "
                      "the shipped bound of {} characters",
                      key, within, described, bound));
    }
  };
  fit("min_length", within_min, min);
  fit("max_length", within_max, max);
  return notes;
}

/// The hosts the list links most that no host rule of `policy` classifies:
/// the first place to extend a starter policy.
std::vector<std::pair<std::string, std::size_t>> unclassified_hosts(const List& list,
                                                                    const Policy& policy) {
  std::map<std::string, std::size_t> counts;
  list.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
    if (auto classification =
            entry.parsed_url ? classify_url(policy, *entry.parsed_url) : std::nullopt;
        classification && classification->rule == nullptr && classification->shape == nullptr) {
      ++counts[classification->host];
    }
  });
  std::vector<std::pair<std::string, std::size_t>> hosts(counts.begin(), counts.end());
  std::stable_sort(hosts.begin(), hosts.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  hosts.resize(std::min(hosts.size(), k_hosts_to_review));
  return hosts;
}

void run_init(const InitOptions& options) {
  const std::string extension = fs::path(options.list).extension().string();
  if (extension != ".md" && extension != ".markdown") {
    throw UsageError("init reads a Markdown list (.md); got \"" + options.list + "\"");
  }
  std::error_code ec;
  if (fs::exists(options.output, ec) && !options.force) {
    throw UsageError(options.output + " exists; give --force to replace it, or -o another path");
  }
  const std::string list_text = read_file(options.list);
  // Read once with every mark to learn the list's separators, then again
  // with those, as lint will read it, for everything else.
  LoadResult with_every_mark;
  const ItemSeparators every_mark = ItemSeparators::all();
  load_markdown_text(options.list, list_text, with_every_mark, every_mark);

  Json policy = Json::parse(k_shipped_policy);
  // What only this repository's own list needs stays behind.
  policy["$comment"] = fmt::format(
      "The source policy of {}, started by `sourcegate init` from the shipped defaults; style "
      "settings were inferred from the list. Run `sourcegate rules` for what each rule checks.",
      options.list);
  policy["group_size"]["exempt_sections"] = Json::array();
  policy["rules"] = Json::object();
  // Length bounds and names start from the general defaults, not this
  // repository's own.
  const Policy defaults = empty_policy();
  policy["description"]["min_length"] = defaults.description_min_length;
  policy["description"]["max_length"] = defaults.description_max_length;
  policy["description"]["lowercase_starts"] = Json::array();
  const auto abbreviations =
      policy["description"].value("abbreviations", std::vector<std::string>{});
  const ListConventions marks_used = infer_conventions(with_every_mark, abbreviations);
  ItemSeparators list_marks;
  list_marks.marks = marks_used.separators;
  LoadResult loaded;
  load_markdown_text(options.list, list_text, loaded, list_marks);
  ListConventions conventions = infer_conventions(loaded, abbreviations);
  conventions.separators = marks_used.separators;
  conventions.separator_counts = marks_used.separator_counts;
  for (const InferredSetting& setting : conventions.settings) {
    set_key(policy, setting.key, setting.value);
  }
  set_key(policy, "description.separators", conventions.separators);
  const std::vector<std::string> bound_notes = fit_length_bounds(loaded.list, policy);
  // A list of projects links each by its own site: that site is the
  // project's documentation there, not a home page standing in for a source.
  const std::size_t own_sites =
      own_site_entries(loaded.list, parse_policy(options.output, policy.dump()));
  if (own_sites >= 3) {
    policy["first_party"]["own_site_classes"] = k_own_site_classes;
  }
  // The judgement rules, run as lint will run them, under the starter so far.
  const Policy style_only = parse_policy(options.output, policy.dump());
  const std::vector<InferredSetting> rules_off =
      rules_the_list_does_not_keep(loaded.list, run_rules(loaded.list, style_only, today_utc()));
  for (const InferredSetting& rule : rules_off) {
    set_key(policy, rule.key, "off");
  }
  const std::string text = policy.dump(2) + "\n";
  // The starter must be a policy lint accepts: check it before writing it.
  const Policy parsed = parse_policy(options.output, text);

  if (const fs::path parent = fs::path(options.output).parent_path(); !parent.empty()) {
    fs::create_directories(parent, ec);
  }
  if (auto problem = write_file_atomically(options.output, text)) {
    throw InputError(Location{options.output, 0, 0}, "cannot write the policy: " + *problem);
  }

  const std::size_t entries = loaded.list.entry_count();
  std::cout << fmt::format("wrote {} from {} ({} {})\n\nstyle settings, from the list:\n",
                           options.output, options.list, entries,
                           entries == 1 ? "entry" : "entries");
  for (const InferredSetting& setting : conventions.settings) {
    std::cout << fmt::format("  {}: {}  ({} of {} {})\n", setting.key, setting.value,
                             setting.following, setting.seen, setting.what);
  }
  std::vector<std::string> marks;
  for (const auto& [mark, count] : conventions.separator_counts) {
    marks.push_back(fmt::format("\"{}\" {}", mark, count));
  }
  std::cout << fmt::format(
      "  description.separators: [\"{}\"]  (entries per mark: {})\n",
      fmt::join(conventions.separators, "\", \""),
      marks.empty() ? std::string("none") : fmt::format("{}", fmt::join(marks, ", ")));
  for (const std::string& note : bound_notes) {
    std::cout << "  " << note << "\n";
  }
  if (own_sites >= 3) {
    std::cout << fmt::format(
        "  first_party.own_site_classes: [\"{}\"]  ({} entries link their project's own site)\n",
        fmt::join(k_own_site_classes, "\", \""), own_sites);
  }
  if (!rules_off.empty()) {
    std::cout << "\nrules the list does not keep to, turned off (turn them on when it does):\n";
  }
  for (const InferredSetting& rule : rules_off) {
    std::cout << fmt::format("  {}: off  (only {} of {} {})\n", rule.key, rule.following, rule.seen,
                             rule.what);
  }
  std::cout << "\nto review:\n"
               "  - host classes and patterns are the shipped defaults; add host rules for the "
               "hosts your list links most:\n";
  for (const auto& [host, count] : unclassified_hosts(loaded.list, parsed)) {
    std::cout << fmt::format("      {} ({} {}, no host rule)\n", printable(host), count,
                             count == 1 ? "entry" : "entries");
  }
  std::cout << "  - then run `sourcegate lint " << options.list << " --policy " << options.output
            << "` and read `sourcegate explain RULE` for any rule that fires\n";
}

}  // namespace

void add_init_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<InitOptions>();
  CLI::App* command =
      app.add_subcommand("init", "Write a starter policy for a Markdown list, inferred from it");
  command->add_option("list", options->list, "The Markdown list (default: README.md)");
  command->add_option("-o,--output", options->output,
                      "Policy file to write (default: policy/policy.json)");
  command->add_flag("--force", options->force, "Replace the policy file if it exists");
  command->footer(
      "A style setting or a judgement rule stays on only where at least 19 in 20 entries\n"
      "already pass it, so a first lint reports the exceptions, not the list's own style.\n"
      "Examples:\n"
      "  sourcegate init                      policy/policy.json for README.md\n"
      "  sourcegate init docs/list.md -o .github/sourcegate.json");
  command->callback([options, &exit_code] {
    run_init(*options);
    exit_code = 0;
  });
}

}  // namespace sg
