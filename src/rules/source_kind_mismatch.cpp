// source/kind-mismatch: the declared kind must agree with what the host
// publishes.
#include <algorithm>

#include <fmt/format.h>

#include "rules/rule.h"

namespace sg {
namespace {

void check_kind_mismatch(const EntryView& view, const RuleContext& context, Findings& out) {
  const SourceClass* source_class = view.source_class();
  if (!view.entry.kind || view.is_note() || source_class == nullptr) {
    return;
  }
  const EntryKind kind = *view.entry.kind;
  // A host the policy does not know, whose URL or byline reads as secondary,
  // against a declared primary kind: the contributor and the inference
  // disagree, and only a host rule or another kind settles it.
  if (!source_class->primary && view.classification->inferred() && !source_class->allows(kind)) {
    out.push_back(Finding{
        .location = view.entry.where("kind"),
        .message = fmt::format("declared kind \"{}\" but {} reads as a {} page", to_string(kind),
                               view.url_place(), source_class->name),
        .hint = fmt::format("if it is a {}, add a host rule for \"{}\" to the policy; otherwise "
                            "link the {} itself",
                            to_string(kind), view.classification->domain, to_string(kind)),
        .evidence = fmt::format("declared kind {}; {}", to_string(kind), view.class_evidence()),
        .entry = &view.entry});
    return;
  }
  // On a secondary host the fix is another source, not another kind:
  // source/not-primary or surface/tutorial says so.
  if (!source_class->primary) {
    return;
  }
  // A publisher's post about its own mechanism is documentation, and still
  // whatever its blog publishes (an implementer report).
  const SourceClass* post_class =
      view.classification->first_party.empty()
          ? nullptr
          : context.policy.find_class(context.policy.first_party_class_from);
  if (!source_class->allows(kind) && (post_class == nullptr || !post_class->allows(kind))) {
    out.push_back(Finding{
        .location = view.entry.where("kind"),
        .message = fmt::format("declared kind \"{}\" but {} is a {} host", to_string(kind),
                               view.classification->host, source_class->name),
        .hint = fmt::format("set \"kind\" to \"{}\", or link the {} itself",
                            source_class->inferred_kind ? to_string(*source_class->inferred_kind)
                                                        : to_string(source_class->kinds.front()),
                            to_string(kind)),
        .evidence = fmt::format("declared kind {}; {}", to_string(kind), view.class_evidence()),
        .entry = &view.entry});
    return;
  }
  if (source_class->path_pattern && source_class->inferred_kind == kind &&
      !RE2::FullMatch(view.classification->path, *source_class->path_pattern)) {
    out.push_back(Finding{
        .location = view.entry.where("url"),
        .message = fmt::format("declared kind \"{}\" but {} is not the {} itself (a file or page "
                               "inside it)",
                               to_string(kind), view.url_place(), to_string(kind)),
        .hint = fmt::format("link the {} root, or change \"kind\"", to_string(kind)),
        .evidence = fmt::format("declared kind {}; {}", to_string(kind), view.class_evidence()),
        .entry = &view.entry});
  }
}

}  // namespace

extern const Rule k_source_kind_mismatch = {
    .id = "source/kind-mismatch",
    .severity = Severity::error,
    .summary = "the declared kind contradicts the URL",
    .doc =
        "An entry's kind must agree with what its host publishes (the policy's \"classes\": a "
        "paper on a paper host, a repo at a repository root). On a secondary host "
        "source/not-primary reports the problem instead.",
    .hint = "fix \"kind\" or link the resource itself",
    .check_entry = check_kind_mismatch,
};

}  // namespace sg
