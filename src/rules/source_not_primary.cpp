// source/not-primary: link the paper, spec, official docs, implementing
// repository or a direct implementer report, not a secondary page.
#include <fmt/format.h>

#include <algorithm>

#include <re2/re2.h>

#include "rules/rule.h"

namespace sg {
namespace {

/// "a video page", "an aggregator page", "a home page": the class as prose.
std::string a_class_page(std::string_view class_name) {
  const bool vowel = !class_name.empty() &&
                     std::string_view("aeiou").find(class_name.front()) != std::string_view::npos;
  return fmt::format("{} {}{}", vowel ? "an" : "a", class_name,
                     class_name.ends_with("page") ? "" : " page");
}

/// What makes an undeclared blog post read as a direct implementer report:
/// its title says it is a worklog, or its text states a measurement.
std::optional<std::string> report_evidence(const EntryView& view, const Policy& policy) {
  const Entry& entry = view.entry;
  if (entry.kind || !view.source_class()->allows(EntryKind::report)) {
    return std::nullopt;
  }
  if (!entry.code.empty()) {
    return fmt::format("it links its code ({})", entry.code);
  }
  if (auto match = policy.report_titles.first_match(view.title_text)) {
    return fmt::format("its title says {} (\"{}\")", match->pattern->name, match->text);
  }
  for (const std::string* claim : {&view.claim_title, &view.claim_description}) {
    if (auto match = policy.claim_figures.first_match(*claim)) {
      return fmt::format("it states a measurement (\"{}\")", match->text);
    }
  }
  return std::nullopt;
}

constexpr std::string_view k_reimplementation_hint =
    "link the authors' own work: their repository or the paper; if this is the authors' code, "
    "add its description to \"reimplementations.own_work_descriptions\" or its place to "
    "\"reimplementations.own_work_places\" in the policy";

/// Whether the description credits the owner of the repository it links:
/// "ported to javascript by Uber" at github.com/uber/h3.
bool credits_the_owner(const EntryView& view) {
  static const RE2 k_forge_owner(R"((?:github\.com|gitlab\.com|codeberg\.org)/([^/]+)/)");
  static const RE2 k_by_name(R"(\bby\s+(\p{Lu}[\pL\d.&-]*(?:\s+\p{Lu}[\pL\d.&-]*)?))");
  std::string owner;
  if (!RE2::PartialMatch(view.classification->place(), k_forge_owner, &owner)) {
    return false;
  }
  re2::StringPiece rest(view.entry.description);
  for (std::string name; RE2::FindAndConsume(&rest, k_by_name, &name);) {
    if (const std::string key = name_key(name); key.size() >= 3 && key == name_key(owner)) {
      return true;
    }
  }
  return false;
}

/// The authors' own code: its description says so ("official implementation"),
/// or credits the repository's owner, or it lives where a research
/// organisation publishes its papers' code.
bool is_own_work(const EntryView& view, const Policy& policy) {
  return policy.own_work_descriptions.first_match(view.entry.description) ||
         policy.own_work_places.first_match(view.classification->place()) ||
         credits_the_owner(view);
}

void check_not_primary(const EntryView& view, const RuleContext& context, Findings& out) {
  const SourceClass* source_class = view.source_class();
  if (view.is_note() || view.is_report_with_code() || !view.classification) {
    return;
  }
  if (source_class != nullptr && !source_class->primary && !source_class->surface) {
    const bool inferred = view.classification->inferred();
    // A declared kind against an inferred class is source/kind-mismatch.
    if (view.entry.kind && inferred && !source_class->allows(*view.entry.kind)) {
      return;
    }
    if (auto evidence = report_evidence(view, context.policy)) {
      out.push_back(Finding{
          .location = view.entry.where("url"),
          .message = fmt::format("links {} ({}), which looks like an implementer report: {}",
                                 a_class_page(source_class->name), view.url_place(), *evidence),
          .hint = view.entry.code.empty()
                      ? "declare it a report with its code: a [code](REPOSITORY) link in the "
                        "entry (\"kind\": \"report\" and \"code\" in entry files)"
                      : "check that the post measures what it reports; in entry files, declare "
                        "\"kind\": \"report\" with the hardware it ran on",
          .evidence = view.class_evidence(),
          .severity = Severity::warning,
          .entry = &view.entry});
      return;
    }
    out.push_back(Finding{
        .location = view.entry.where("url"),
        .message = fmt::format("links {} ({}), which is not a primary source",
                               a_class_page(source_class->name), view.url_place()),
        .hint = inferred
                    ? "link the primary source instead; if this is one, add a host rule to the "
                      "policy or declare the entry's kind"
                    : std::string(),
        .evidence = view.class_evidence(),
        .entry = &view.entry});
    return;
  }
  // A primary host, or one the policy does not know, can still carry
  // secondary material: surveys, studies of someone else's system, summaries.
  const Policy& policy = context.policy;
  // A repository's title that is its name ("Awesome Print" for
  // awesome-print/awesome_print) names it; the URL's shape judged the name.
  const bool titled_by_name =
      view.classification && title_is_repository_name(*view.classification, view.title_text);
  if (auto match =
          titled_by_name ? std::nullopt : policy.secondary_titles.first_match(view.title_text)) {
    if (!policy.method_titles.first_match(view.title_text)) {
      out.push_back(Finding{
          .location = view.entry.where(view.title_field),
          .message = fmt::format("the {} reads as {} (\"{}\"), which is not a primary source",
                                 view.title_field, match->pattern->name, match->text),
          .evidence = "title pattern: " + match->pattern->name,
          .entry = &view.entry});
      return;
    }
  }
  // Documentation documents its product, whatever the product is ("runs it
  // as a managed service"): the description's words judge other pages, and
  // a site that is documentation only as a project's own (a cheat sheet's).
  const bool documentation = source_class != nullptr && source_class->allows(EntryKind::docs) &&
                             !source_class->allows(EntryKind::repo) &&
                             view.classification->first_party.empty();
  if (auto match = documentation
                       ? std::nullopt
                       : policy.secondary_descriptions.first_match(view.entry.description)) {
    out.push_back(Finding{
        .location = view.entry.where("description"),
        .message = fmt::format("the description says it is {} (\"{}\"), not the primary source",
                               match->pattern->name, match->text),
        .hint = "link the work itself: the paper, the official repository or its documentation",
        .evidence = "description pattern: " + match->pattern->name,
        .entry = &view.entry});
    return;
  }
  // The list's own heading says what it holds; documentation (a project's
  // tutorial under "Tutorials") stays documentation. On a list of projects a
  // heading names a category of projects ("Books": e-book readers,
  // "Presentations": slide tools), and a repository or site under it is a
  // project of that category; a page its host classes as secondary was
  // judged above.
  const bool project_under_category = !policy.own_site_classes.empty();
  if (!view.entry.kind && !project_under_category &&
      (source_class == nullptr ||
       (source_class->primary && !source_class->allows(EntryKind::docs)))) {
    // The innermost heading names the entries; a label in a list
    // ("- Siraj Raval: …") names a series under the heading above it.
    std::string_view heading = view.group != nullptr ? view.group->title : view.section.title;
    std::optional<PatternMatch> match = policy.secondary_sections.first_match(heading);
    if (!match && view.group != nullptr && !view.group->under.empty()) {
      heading = view.group->under;
      match = policy.secondary_sections.first_match(heading);
    }
    if (match) {
      out.push_back(Finding{
          .location = view.entry.where("url"),
          .message = fmt::format(
              "listed under \"{}\", a section of {}: {} there is that material, "
              "not a primary source",
              heading, match->pattern->name,
              source_class != nullptr ? a_class_page(source_class->name) : std::string("a page")),
          .hint = "link the paper, docs or repository the material teaches; if this entry is "
                  "one, move it to a section for its kind",
          .evidence = "section pattern: " + match->pattern->name,
          .entry = &view.entry});
      return;
    }
  }
  // The authors' own code is asked about only for a text that reads as
  // someone else's: most entries match neither pattern.
  if (auto match = policy.reimplementation_descriptions.first_match(view.entry.description);
      match && !is_own_work(view, policy)) {
    out.push_back(Finding{
        .location = view.entry.where("description"),
        .message =
            fmt::format("the description says it is {} (\"{}\"), not the authors' implementation",
                        match->pattern->name, match->text),
        .hint = std::string(k_reimplementation_hint),
        .evidence = "reimplementation pattern: " + match->pattern->name,
        .entry = &view.entry});
    return;
  }
  const std::optional<PatternMatch> place =
      policy.port_places.first_match(view.classification->place());
  if (!place) {
    return;
  }
  if (auto match = policy.port_descriptions.first_match(view.entry.description);
      match && !is_own_work(view, policy)) {
    out.push_back(Finding{
        .location = view.entry.where("description"),
        .message = fmt::format(
            "a repository named for its framework ({}) whose description says it is {} (\"{}\"): "
            "a port of someone else's work, not the authors' implementation",
            view.url_place(), match->pattern->name, match->text),
        .hint = std::string(k_reimplementation_hint),
        .evidence = "port pattern: " + place->pattern->name + ", " + match->pattern->name,
        .entry = &view.entry});
  }
}

}  // namespace

extern const Rule k_source_not_primary = {
    .id = "source/not-primary",
    .severity = Severity::error,
    .summary = "the URL is a secondary source",
    .doc =
        "A core source is the paper that introduced the mechanism, the specification or official "
        "documentation that defines it, the repository that implements it, or a direct "
        "implementer report with code and measurements. Blogs, news, aggregators, communities, "
        "videos, marketing pages, surveys, summaries, leaderboards and online demos are not, "
        "unless the entry "
        "is a \"report\" that names its \"code\". Decided by the host rule or URL shape (on an "
        "unknown host, by a person's byline: \"bylines\"), then on "
        "primary and unknown hosts by \"secondary_titles\" (unless \"method_titles\" says the "
        "work also builds something), \"secondary_descriptions\" (not on a documentation "
        "page: it documents its product, whatever that is), \"secondary_sections\" "
        "(the heading above an undeclared entry that is not documentation) and "
        "\"reimplementations\" "
        "(unless its description or place says it is the authors' own code). Where the link "
        "text only labels the link (\"link_labels\": \"arXiv\", \"PDF\"), the title "
        "patterns read the description.",
    .hint =
        "link the paper, spec, official docs or repository instead; or, for a direct implementer "
        "report, declare kind \"report\" with its \"code\" repository",
    .check_entry = check_not_primary,
};

}  // namespace sg
