// `sourcegate init`: a starter policy for an existing Markdown list, its style
// settings inferred from the list itself; if asked, the workflow that runs the
// GitHub Action on it and the pre-commit configuration that runs the hooks.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/lint_pipeline.h"
#include "load/markdown_loader.h"
#include "policy/list_conventions.h"
#include "rules/engine.h"
#include "sourcegate/shipped_policy.h"
#include "sourcegate/version.h"
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
  bool workflow = false;
  bool pre_commit = false;
  /// Write only the workflow and hook configuration, for the policy there is.
  bool keep_policy = false;
  bool force = false;
};

constexpr const char* k_workflow_path = ".github/workflows/sourcegate.yml";
constexpr const char* k_pre_commit_path = ".pre-commit-config.yaml";

/// A file `init` writes, with what its reader should check.
struct StarterFile {
  std::string path;
  std::string text;
  std::string review;
};

/// "owner/name" of the project's GitHub repository, from its homepage.
std::string project_repository() {
  constexpr std::string_view prefix = "https://github.com/";
  std::string_view homepage = kHomepage;
  if (homepage.starts_with(prefix)) {
    homepage.remove_prefix(prefix.size());
  }
  return std::string(homepage);
}

/// `text` as a YAML scalar: plain when it is a plain path, else double-quoted
/// (JSON's escapes are YAML's).
std::string yaml_scalar(const std::string& text) {
  const bool plain =
      !text.empty() && text.front() != '-' && std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '_' ||
               c == '/' || c == '-';
      });
  return plain ? text : nlohmann::json(text).dump();
}

/// The regular expression that matches exactly `path`, as pre-commit's
/// `files` takes it.
std::string exact_path_pattern(const std::string& path) {
  std::string pattern = "^";
  for (const char c : path) {
    if (std::string_view(".^$*+?()[]{}|\\").find(c) != std::string_view::npos) {
      pattern += '\\';
    }
    pattern += c;
  }
  return pattern + "$";
}

/// The workflow of docs/action.md: on every push and pull request, the
/// policy and links of the list, with the released action.
StarterFile starter_workflow(const InitOptions& options) {
  std::string with = "command: check, paths: " + yaml_scalar(options.list);
  if (options.output != k_default_policy) {
    with += ", policy: " + yaml_scalar(options.output);
  }
  return {k_workflow_path,
          fmt::format("name: sourcegate\n"
                      "on: [push, pull_request]\n"
                      "permissions: {{contents: read}}\n"
                      "jobs:\n"
                      "  list:\n"
                      "    runs-on: ubuntu-latest\n"
                      "    steps:\n"
                      "      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 "
                      "# v4.2.2\n"
                      "      - uses: {}@v1\n"
                      "        with: {{{}}}\n",
                      project_repository(), with),
          fmt::format("on every push and pull request, the policy and the links of {} "
                      "(`sourcegate check`) in the released image, with annotations and a step "
                      "summary; to judge a pull request on what it changed only, add "
                      "changed-since (docs/action.md)",
                      options.list)};
}

/// The pre-commit framework's configuration: the Markdown-list hook of this
/// version of sourcegate, on the list alone.
StarterFile starter_pre_commit(const InitOptions& options) {
  std::string args;
  if (options.output != k_default_policy) {
    args = "\n        args: [--policy, " + yaml_scalar(options.output) + "]";
  }
  return {k_pre_commit_path,
          fmt::format("# sourcegate-markdown runs the sourcegate on PATH (or $SOURCEGATE);\n"
                      "# sourcegate-markdown-docker runs the released image instead.\n"
                      "repos:\n"
                      "  - repo: https://github.com/{}\n"
                      "    rev: v{}\n"
                      "    hooks:\n"
                      "      - id: sourcegate-markdown\n"
                      "        files: {}{}\n",
                      project_repository(), kVersion, yaml_scalar(exact_path_pattern(options.list)),
                      args),
          fmt::format("`pre-commit install` turns it on; the hook lints {} when it is committed, "
                      "offline, with the sourcegate on PATH; sourcegate-markdown-docker needs "
                      "only Docker (docs/pre-commit.md)",
                      options.list)};
}

/// How many hosts without a host rule `init` names for review.
constexpr std::size_t k_hosts_to_review = 10;
/// A list that names its sections kept outside the source rules keeps the
/// rest to them all but once in this many entries.
constexpr std::size_t k_exempt_rest_per_failing = 100;

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

/// Whether `off` turns the rule with `id` off.
bool turns_off(const std::vector<InferredSetting>& off, std::string_view id) {
  return std::any_of(off.begin(), off.end(), [&](const InferredSetting& s) {
    return s.key == fmt::format("rules.{}", id);
  });
}

bool turns_sources_off(const std::vector<InferredSetting>& off) {
  return turns_off(off, "source/not-primary");
}

/// The judgement rules the list does not keep to, run as lint will run them
/// under `policy`. A list with whole sections of books or tutorials breaks
/// source/not-primary by its headings alone (secondary_sections): then the
/// headings are not read, which keeps the rule on for every other entry, and
/// the note says how many entries that spared.
std::vector<InferredSetting> judgement_rules_off(const List& list, const std::string& path,
                                                 Json& policy, std::optional<std::string>& note) {
  auto findings_under = [&](const Json& candidate) {
    return run_rules(list, parse_policy(path, candidate.dump()), today_utc());
  };
  const std::vector<Diagnostic> findings = findings_under(policy);
  std::vector<InferredSetting> off = rules_the_list_does_not_keep(list, findings);
  const auto by_heading = std::count_if(findings.begin(), findings.end(), [](const Diagnostic& d) {
    return d.rule == "source/not-primary" && d.evidence.starts_with("section pattern:") &&
           d.waived_reason.empty();
  });
  if (by_heading == 0 || !turns_sources_off(off)) {
    return off;
  }
  Json headings_unread = policy;
  headings_unread["secondary_sections"] = Json::object(
      {{"$comment",
        "Empty: read by this list's headings, source/not-primary would be off for every entry. "
        "Add patterns when the list's sections of books, tutorials or surveys should be "
        "found."}});
  std::vector<InferredSetting> off_unread =
      rules_the_list_does_not_keep(list, findings_under(headings_unread));
  if (turns_sources_off(off_unread)) {
    return off;
  }
  policy = std::move(headings_unread);
  note = fmt::format(
      "secondary_sections: {{}}  ({} entries under headings of books, tutorials, surveys or "
      "lists would turn source/not-primary off; without reading headings it stays on)",
      by_heading);
  return off_unread;
}

/// `policy` with `rules_off` turned off, as the starter writes them.
Json with_rules_off(Json policy, const std::vector<InferredSetting>& rules_off) {
  for (const InferredSetting& rule : rules_off) {
    set_key(policy, rule.key, "off");
  }
  return policy;
}

/// The headings of `sections`, each once whatever its case.
std::vector<std::string> exempt_headings(const std::vector<SectionOutsideSources>& sections) {
  std::vector<std::string> headings;
  for (const SectionOutsideSources& section : sections) {
    if (std::none_of(headings.begin(), headings.end(), [&](const std::string& named) {
          return to_lower(named) == to_lower(section.heading);
        })) {
      headings.push_back(section.heading);
    }
  }
  return headings;
}

struct ExemptTrial {
  bool kept_on = false;
  Json policy;
  std::vector<InferredSetting> rules_off;
  std::optional<std::string> headings_note;
  std::vector<SectionOutsideSources> sections;
};

/// Whether naming the sections the source rules fail most keeps
/// source/not-primary on for the rest of a list that would turn it off: a
/// list of libraries with one section of talks. Only a few sections are
/// named: sections holding a third of the list are what the list is. And
/// the rest must keep to the rules all but once in a hundred entries: where
/// more fail, they are the list's way too (product sites, its own channels,
/// a handful of courses), and a gate that starts by crying wolf is turned off.
ExemptTrial exempt_to_keep_sources(const List& list, const std::string& path, const Json& policy) {
  ExemptTrial trial;
  const Policy parsed = parse_policy(path, policy.dump());
  trial.sections = sections_outside_sources(list, run_rules(list, parsed, today_utc()),
                                            parsed.secondary_sections);
  std::size_t exempt_entries = 0;
  for (const SectionOutsideSources& section : trial.sections) {
    exempt_entries += section.entries;
  }
  if (trial.sections.empty() || 3 * exempt_entries > list.entry_count()) {
    return trial;
  }
  trial.policy = policy;
  trial.policy["exempt_sections"]["sources"] = exempt_headings(trial.sections);
  trial.rules_off = judgement_rules_off(list, path, trial.policy, trial.headings_note);
  const std::size_t still_failing = entries_failing_sources(
      list,
      run_rules(list, parse_policy(path, with_rules_off(trial.policy, trial.rules_off).dump()),
                today_utc()));
  trial.kept_on = !turns_sources_off(trial.rules_off) &&
                  still_failing * k_exempt_rest_per_failing <= list.entry_count();
  return trial;
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

/// Writes through the crash-safe writer, creating the folders it needs.
void write_starter_file(const std::string& path, const std::string& text) {
  std::error_code ec;
  if (const fs::path parent = fs::path(path).parent_path(); !parent.empty()) {
    fs::create_directories(parent, ec);
  }
  if (auto problem = write_file_atomically(path, text)) {
    throw InputError(Location{path, 0, 0}, "cannot write " + path + ": " + *problem);
  }
}

/// Writes the workflow and hook configuration and says what to review in each.
void write_and_describe(const std::vector<StarterFile>& files) {
  for (const StarterFile& file : files) {
    write_starter_file(file.path, file.text);
  }
  for (const StarterFile& file : files) {
    std::cout << "\nwrote " << file.path << ": " << file.review << "\n";
  }
}

void run_init(const InitOptions& options) {
  const std::string extension = fs::path(options.list).extension().string();
  if (extension != ".md" && extension != ".markdown") {
    throw UsageError("init reads a Markdown list (.md); got \"" + options.list + "\"");
  }
  std::vector<StarterFile> extras;
  if (options.workflow) {
    extras.push_back(starter_workflow(options));
  }
  if (options.pre_commit) {
    extras.push_back(starter_pre_commit(options));
  }
  // Every file is checked before any is written: a refusal leaves nothing
  // half done.
  std::error_code ec;
  if (options.keep_policy) {
    if (extras.empty()) {
      throw UsageError(
          "--keep-policy writes only what --workflow or --pre-commit ask for; give "
          "one of them");
    }
    if (!fs::exists(options.output, ec)) {
      throw UsageError("--keep-policy: there is no " + options.output +
                       " to keep; leave --keep-policy out to write one, or -o the policy's path");
    }
  } else if (fs::exists(options.output, ec) && !options.force) {
    throw UsageError(options.output +
                     " exists; give --force to replace it, -o another path, or --keep-policy to "
                     "write only the workflow and hook configuration");
  }
  for (const StarterFile& file : extras) {
    if (fs::exists(file.path, ec) && !options.force) {
      throw UsageError(file.path + " exists; give --force to replace it");
    }
  }
  const std::string list_text = read_file(options.list);
  if (options.keep_policy) {
    write_and_describe(extras);
    return;
  }
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
  // A strict list's featured or sponsors' table repeats entries on purpose.
  const bool strict_duplicates = std::any_of(
      conventions.settings.begin(), conventions.settings.end(),
      [](const InferredSetting& s) { return s.key == "duplicates.across_sections" && s.value; });
  if (!strict_duplicates) {
    conventions.featured_sections.clear();
  }
  if (!conventions.featured_sections.empty()) {
    Json& headings = policy["exempt_sections"]["repeats"];
    headings = Json::array();
    for (const RepeatingSection& section : conventions.featured_sections) {
      headings.push_back(section.heading);
    }
  }
  if (!conventions.referral_tag.empty()) {
    // The list tags links on purpose: utm_* is its own, not tracking.
    Json& tracking = policy["canonical"]["tracking_parameters"];
    tracking.erase(std::remove(tracking.begin(), tracking.end(), "utm_*"), tracking.end());
  }
  const std::vector<std::string> bound_notes = fit_length_bounds(loaded.list, policy);
  // A list of projects links each by its own site: that site is the
  // project's documentation there, not a home page standing in for a source.
  const ProjectLinks project_sites =
      project_links(loaded.list, parse_policy(options.output, policy.dump()));
  if (project_sites.of_projects()) {
    policy["first_party"]["own_site_classes"] = k_own_site_classes;
  }
  // A list names a paper by the paper's own title: a figure there is the
  // authors' claim, put in context by the paper, and no words to rewrite.
  if (project_sites.papers_by_title > 0) {
    policy["claims"]["paper_titles"] = false;
  }
  // The judgement rules, run as lint will run them, under the starter so far.
  std::optional<std::string> headings_note;
  std::vector<InferredSetting> rules_off =
      judgement_rules_off(loaded.list, options.output, policy, headings_note);
  // A section of books, talks or tutorials the list keeps on purpose is
  // named, not judged entry by entry: where the source or surface rules stay
  // on, and where naming it is what keeps them on for the rest of the list.
  std::vector<SectionOutsideSources> outside_sources;
  if (turns_sources_off(rules_off)) {
    if (ExemptTrial trial = exempt_to_keep_sources(loaded.list, options.output, policy);
        trial.kept_on) {
      policy = std::move(trial.policy);
      rules_off = std::move(trial.rules_off);
      headings_note = std::move(trial.headings_note);
      outside_sources = std::move(trial.sections);
    }
  }
  if (outside_sources.empty() &&
      (!turns_sources_off(rules_off) || !turns_off(rules_off, "surface/tutorial"))) {
    const Policy judged = parse_policy(options.output, with_rules_off(policy, rules_off).dump());
    outside_sources = sections_outside_sources(
        loaded.list, run_rules(loaded.list, judged, today_utc()), judged.secondary_sections);
    if (!outside_sources.empty()) {
      policy["exempt_sections"]["sources"] = exempt_headings(outside_sources);
    }
  }
  policy = with_rules_off(std::move(policy), rules_off);
  const std::string text = policy.dump(2) + "\n";
  // The starter must be a policy lint accepts: check it before writing it.
  const Policy parsed = parse_policy(options.output, text);

  write_starter_file(options.output, text);

  const std::size_t entries = loaded.list.entry_count();
  std::cout << fmt::format("wrote {} from {} ({} {})\n\nstyle settings, from the list:\n",
                           options.output, options.list, entries,
                           entries == 1 ? "entry" : "entries");
  for (const InferredSetting& setting : conventions.settings) {
    // "0 of 0 arXiv links …" says nothing: the list gives nothing to go by.
    std::cout << (setting.seen == 0
                      ? fmt::format("  {}: {}  (the default: nothing in the list to go by)\n",
                                    setting.key, setting.value)
                      : fmt::format("  {}: {}  ({} of {} {})\n", setting.key, setting.value,
                                    setting.following, setting.seen, setting.what));
  }
  std::vector<std::string> marks;
  for (const auto& [mark, count] : conventions.separator_counts) {
    marks.push_back(fmt::format("\"{}\" {}", mark, count));
  }
  std::cout << fmt::format(
      "  description.separators: [\"{}\"]  ({}entries per mark: {})\n",
      fmt::join(conventions.separators, "\", \""),
      conventions.default_separators ? "the default, as no mark separates two entries; " : "",
      marks.empty() ? std::string("none") : fmt::format("{}", fmt::join(marks, ", ")));
  for (const std::string& note : bound_notes) {
    std::cout << "  " << note << "\n";
  }
  if (!conventions.referral_tag.empty()) {
    std::cout << fmt::format(
        "  canonical.tracking_parameters: without \"utm_*\"  ({} links carry the list's own "
        "referral tag {}; a tag a list adds on purpose is no tracking to strip)\n",
        conventions.referral_links, printable(conventions.referral_tag));
  }
  for (const RepeatingSection& section : conventions.featured_sections) {
    std::cout << fmt::format(
        "  exempt_sections.repeats: \"{}\"  ({} of its {} entries are filed again elsewhere under "
        "the same name: a featured table, whose repeats are not reported)\n",
        printable(section.heading), section.repeats, section.entries);
  }
  if (project_sites.of_projects()) {
    std::cout << fmt::format(
        "  first_party.own_site_classes: [\"{}\"]  ({} entries link their project's own site, "
        "{} a repository, of {})\n",
        fmt::join(k_own_site_classes, "\", \""), project_sites.own_sites,
        project_sites.repositories, project_sites.entries);
  }
  if (project_sites.papers_by_title > 0) {
    std::cout << fmt::format(
        "  claims.paper_titles: false  ({} entries link a paper under its own title, which the "
        "list cannot rewrite: a figure there is the authors' claim; descriptions are still read)\n",
        project_sites.papers_by_title);
  }
  if (headings_note) {
    std::cout << "  " << *headings_note << "\n";
  }
  for (const SectionOutsideSources& section : outside_sources) {
    std::cout << fmt::format(
        "  exempt_sections.sources: \"{}\"  ({} of its {} entries fail the source or surface "
        "rules; its findings are reported as waived)\n",
        printable(section.heading), section.failing, section.entries);
  }
  if (!rules_off.empty()) {
    std::cout << "\nrules the list does not keep to, turned off (turn them on when it does):\n";
  }
  for (const InferredSetting& rule : rules_off) {
    // A rule turned off with another one has no count of its own.
    std::cout << (rule.seen == 0 ? fmt::format("  {}: off  ({})\n", rule.key, rule.what)
                                 : fmt::format("  {}: off  (only {} of {} {})\n", rule.key,
                                               rule.following, rule.seen, rule.what));
  }
  // Host rules serve the source rules: with source/not-primary off, no
  // host needs one.
  const bool sources_off = turns_sources_off(rules_off);
  const std::vector<std::pair<std::string, std::size_t>> unknown_hosts =
      sources_off ? std::vector<std::pair<std::string, std::size_t>>{}
                  : unclassified_hosts(loaded.list, parsed);
  std::cout << "\nto review:\n"
               "  - host classes and patterns are the shipped defaults; "
            << (sources_off ? "source/not-primary is off, so no host needs a rule of its own\n"
                : unknown_hosts.empty()
                    ? "each entry's link is classified by a host rule or by its URL's shape\n"
                    : "add host rules for the hosts your list links most:\n");
  for (const auto& [host, count] : unknown_hosts) {
    std::cout << fmt::format("      {} ({} {}, no host rule)\n", printable(host), count,
                             count == 1 ? "entry" : "entries");
  }
  // The rules that judge what an entry is stay on where 19 in 20 entries
  // pass them; the rest may be kept on purpose: the maintainer decides.
  std::vector<std::string_view> judging;
  for (const std::string_view id : {"source/not-primary", "surface/tutorial"}) {
    if (!turns_off(rules_off, id)) {
      judging.push_back(id);
    }
  }
  if (!judging.empty()) {
    const bool one = judging.size() == 1;
    std::cout << fmt::format(
        "  - {0} {1} on: {2} every entry by the source policy (primary sources only: the "
        "paper, the spec or docs, the implementing repository, an implementer's report with "
        "code; no surface tutorials); a list that also keeps other material on purpose names "
        "its sections in \"exempt_sections.sources\", and one that does not follow that "
        "policy turns {3} off in \"rules\"\n",
        fmt::join(judging, " and "), one ? "stays" : "stay", one ? "it judges" : "they judge",
        one ? "it" : "them");
  }
  std::cout << "  - then run `sourcegate lint " << options.list << " --policy " << options.output
            << "` and read `sourcegate explain RULE` for any rule that fires\n";
  write_and_describe(extras);
}

}  // namespace

void add_init_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<InitOptions>();
  CLI::App* command =
      app.add_subcommand("init", "Write a starter policy for a Markdown list, inferred from it");
  command->add_option("list", options->list, "The Markdown list (default: README.md)");
  command->add_option("-o,--output", options->output,
                      "Policy file to write (default: policy/policy.json)");
  command->add_flag("--workflow", options->workflow,
                    std::string("Also write ") + k_workflow_path +
                        ": the GitHub Action checks the list on every push and pull request");
  command->add_flag("--pre-commit", options->pre_commit,
                    std::string("Also write ") + k_pre_commit_path +
                        ": the pre-commit hook that lints the list, pinned to this version");
  command->add_flag("--keep-policy", options->keep_policy,
                    "Keep the policy there is (-o names it) and write only what --workflow and "
                    "--pre-commit ask for");
  command->add_flag("--force", options->force, "Replace the files it writes if they exist");
  command->footer(
      "A style setting or a judgement rule stays on only where at least 19 in 20 entries\n"
      "already pass it, so a first lint reports the exceptions, not the list's own style.\n"
      "Examples:\n"
      "  sourcegate init                      policy/policy.json for README.md\n"
      "  sourcegate init --workflow --pre-commit   the same, the workflow and the hook\n"
      "  sourcegate init docs/list.md -o .github/sourcegate.json");
  command->callback([options, &exit_code] {
    run_init(*options);
    exit_code = 0;
  });
}

}  // namespace sg
