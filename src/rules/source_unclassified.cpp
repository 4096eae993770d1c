// source/unclassified: every entry URL falls under a host rule of the policy.
#include <fmt/format.h>

#include "rules/rule.h"

namespace sg {
namespace {

void check_unclassified(const EntryView& view, const RuleContext& context, Findings& out) {
  if (view.is_note() || context.policy.hosts.empty() || view.entry.url.empty()) {
    return;
  }
  // A URL that is not http(s) is an entry/schema error already.
  if (!view.classification || view.classification->rule != nullptr) {
    return;
  }
  // A class read from the URL's shape or a byline is weaker than a host
  // rule: a primary one passes, but never silently.
  if (view.classification->inferred()) {
    const SourceClass* source_class = view.source_class();
    if (source_class != nullptr && source_class->primary) {
      const Classification& classification = *view.classification;
      // An entry file declares its kind: there the policy must know the host.
      out.push_back(Finding{
          .location = view.entry.where("url"),
          .message = classification.shape != nullptr
                         ? fmt::format("judged a {} page by its URL alone ({})", source_class->name,
                                       classification.shape->name)
                         : fmt::format("judged a {} page by a byline alone ({})",
                                       source_class->name, classification.byline),
          .hint = fmt::format("add a line for \"{}\" to \"hosts\" in {} to make it certain",
                              view.classification->domain,
                              context.policy.file.empty() ? "the policy" : context.policy.file),
          .evidence = view.class_evidence(),
          .severity = view.entry.kind ? Severity::warning : Severity::info,
          .entry = &view.entry});
    }
    return;
  }
  // Neither a host rule nor the URL's shape says what it is: unknown, so
  // the policy is asked for a host rule rather than a verdict guessed.
  out.push_back(Finding{
      .location = view.entry.where("url"),
      .message = fmt::format("no host rule classifies {} (domain {})", view.classification->host,
                             view.classification->domain),
      .hint = fmt::format("add a line for \"{}\" to \"hosts\" in {}", view.classification->domain,
                          context.policy.file.empty() ? "the policy" : context.policy.file),
      .evidence = view.class_evidence(),
      .entry = &view.entry});
}

}  // namespace

extern const Rule k_source_unclassified = {
    .id = "source/unclassified",
    .severity = Severity::warning,
    .summary = "no host rule classifies the URL",
    .doc =
        "Every entry URL should fall under a host rule of the policy, so that the source rules "
        "can judge it. An unclassified host means the policy needs a line.",
    .hint = "add the host to the policy's \"hosts\"",
    .check_entry = check_unclassified,
};

}  // namespace sg
