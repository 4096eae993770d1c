// surface/tutorial: no generic or surface-level tutorials.
#include <fmt/format.h>

#include "rules/rule.h"

namespace sg {

namespace {

void check_surface_tutorial(const EntryView& view, const RuleContext& context, Findings& out) {
  if (view.is_note() || view.is_report_with_code()) {
    return;
  }
  const Entry& entry = view.entry;
  if (const SourceClass* source_class = view.source_class();
      source_class != nullptr && source_class->surface) {
    out.push_back(
        Finding{.location = entry.where("url"),
                .message = fmt::format("links a {} site ({}), which offers surface-level material",
                                       source_class->name, view.classification->host),
                .evidence = view.class_evidence(),
                .entry = &entry});
    return;
  }
  // The vendor's own introduction to its own mechanism is documentation.
  if (const SourceClass* source_class = view.source_class();
      source_class != nullptr && source_class->primary &&
      (source_class->inferred_kind == EntryKind::docs ||
       source_class->inferred_kind == EntryKind::spec)) {
    return;
  }
  // A repository's or a paper's description says what it contains ("with
  // tutorials"); only its title says what it is. A page not classed primary
  // is also judged by its tutorial words and its path.
  const bool primary = view.source_class() != nullptr && view.source_class()->primary;
  for (const auto& [name, text] :
       {std::pair<std::string_view, const std::string&>{"title", entry.title},
        {"description", entry.description}}) {
    if (name == "description" && primary) {
      continue;
    }
    // "Primer" at primer.style is a design system's name, not a primer.
    if (name == "title" && view.classification &&
        title_names_link(*view.classification, entry.title)) {
      continue;
    }
    auto match = context.policy.surface_titles.first_match(text);
    if (!match && !primary) {
      match = context.policy.surface_secondary.first_match(text);
    }
    // The word may be the name itself: "Primer Design System" at primer.style.
    if (match && !(view.classification &&
                   title_names_link(*view.classification, std::string(match->second)))) {
      out.push_back(Finding{
          .location = entry.where(name),
          .message =
              fmt::format("the {} reads as a surface-level tutorial (\"{}\")", name, match->second),
          .evidence = fmt::format("{} pattern: {}", name, match->first->name),
          .entry = &entry});
      return;
    }
  }
  if (primary || !view.classification) {
    return;
  }
  if (auto match = context.policy.surface_paths.first_match(view.classification->path)) {
    out.push_back(
        Finding{.location = entry.where("url"),
                .message = fmt::format("the link's path reads as a surface-level tutorial (\"{}\")",
                                       match->second),
                .evidence = "path pattern: " + match->first->name,
                .entry = &entry});
  }
}

}  // namespace

extern const Rule k_surface_tutorial = {
    .id = "surface/tutorial",
    .severity = Severity::error,
    .summary = "a surface-level tutorial",
    .doc =
        "Generic or surface-level tutorials are out: hosts the policy classes as surface "
        "material, and titles or descriptions matching the policy's \"surface.title_patterns\" "
        "(for a "
        "repository or a paper, its title only: a description says what it contains), and "
        "secondary pages (not classed primary) whose text matches \"surface.secondary_patterns\" "
        "or whose path matches \"surface.path_patterns\". "
        "A title that is the name the link goes by (\"Primer\" at primer.style) names a project "
        "and is not judged by its words. A direct implementer report with code is exempt.",
    .hint = "link the primary source the tutorial summarises",
    .check_entry = check_surface_tutorial,
};

}  // namespace sg
