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
  for (const auto& [name, text] :
       {std::pair<std::string_view, const std::string&>{"title", entry.title},
        {"description", entry.description}}) {
    if (auto match = context.policy.surface_titles.first_match(text)) {
      out.push_back(Finding{
          .location = entry.where(name),
          .message =
              fmt::format("the {} reads as a surface-level tutorial (\"{}\")", name, match->second),
          .evidence = fmt::format("{} pattern: {}", name, match->first->name),
          .entry = &entry});
      return;
    }
  }
}

}  // namespace

extern const Rule k_surface_tutorial = {
    .id = "surface/tutorial",
    .severity = Severity::error,
    .summary = "a surface-level tutorial",
    .doc =
        "Generic or surface-level tutorials are out: hosts the policy classes as surface "
        "material, and titles or descriptions matching the policy's \"surface.title_patterns\". "
        "A direct implementer report with code is exempt.",
    .hint = "link the primary source the tutorial summarises",
    .check_entry = check_surface_tutorial,
};

}  // namespace sg
