// source/not-primary, source/kind-mismatch, source/unclassified and
// source/report-evidence: what the URL of an entry is, against what the entry
// says it is.
#include <fmt/format.h>

#include "rules/rule.h"

namespace sg {
namespace {

std::string where(const EntryView& view) {
  const Classification& c = *view.classification;
  return c.path.size() > 1 ? c.host + c.path : c.host;
}

bool kind_allowed(const SourceClass& source_class, EntryKind kind) {
  return std::find(source_class.kinds.begin(), source_class.kinds.end(), kind) !=
         source_class.kinds.end();
}

}  // namespace

void check_not_primary(const EntryView& view, const RuleContext& context, Findings& out) {
  const SourceClass* source_class = view.source_class();
  if (view.is_note() || view.is_report_with_code() || source_class == nullptr) {
    return;
  }
  if (!source_class->primary && !source_class->surface) {
    out.push_back({view.entry.where("url"),
                   fmt::format("links a {} page ({}), which is not a primary source",
                               source_class->name, where(view)),
                   {},
                   &view.entry,
                   {}});
    return;
  }
  // A primary host can still carry secondary material: surveys, summaries,
  // leaderboards.
  if (auto match = context.policy.secondary_titles.first_match(view.entry.title)) {
    out.push_back({view.entry.where("title"),
                   fmt::format("the title reads as a {} (\"{}\"), which is not a primary source",
                               match->first->name, match->second),
                   {},
                   &view.entry,
                   {}});
  }
}

void check_kind_mismatch(const EntryView& view, const RuleContext& /*context*/, Findings& out) {
  const SourceClass* source_class = view.source_class();
  if (!view.entry.kind || view.is_note() || source_class == nullptr) {
    return;
  }
  // On a secondary host the fix is another source, not another kind:
  // source/not-primary or surface/tutorial says so.
  if (!source_class->primary) {
    return;
  }
  const EntryKind kind = *view.entry.kind;
  if (!kind_allowed(*source_class, kind)) {
    out.push_back({view.entry.where("kind"),
                   fmt::format("declared kind \"{}\" but {} is a {} host", to_string(kind),
                               view.classification->host, source_class->name),
                   fmt::format("set \"kind\" to \"{}\", or link the {} itself",
                               source_class->inferred_kind ? to_string(*source_class->inferred_kind)
                                                           : to_string(source_class->kinds.front()),
                               to_string(kind)),
                   &view.entry,
                   {}});
    return;
  }
  if (source_class->path_pattern && source_class->inferred_kind == kind &&
      !RE2::FullMatch(view.classification->path, *source_class->path_pattern)) {
    out.push_back({view.entry.where("url"),
                   fmt::format("declared kind \"{}\" but {} is not the {} itself (a file or page "
                               "inside it)",
                               to_string(kind), where(view), to_string(kind)),
                   fmt::format("link the {} root, or change \"kind\"", to_string(kind)),
                   &view.entry,
                   {}});
  }
}

void check_unclassified(const EntryView& view, const RuleContext& context, Findings& out) {
  if (view.is_note() || context.policy.hosts.empty() || view.entry.url.empty()) {
    return;
  }
  // A URL that is not http(s) is an entry/schema error already.
  if (view.classification && view.classification->rule == nullptr) {
    out.push_back(
        {view.entry.where("url"),
         fmt::format("no host rule classifies {} (domain {})", view.classification->host,
                     view.classification->domain),
         fmt::format("add a line for \"{}\" to \"hosts\" in {}", view.classification->domain,
                     context.policy.file.empty() ? "the policy" : context.policy.file),
         &view.entry,
         {}});
  }
}

void check_report_evidence(const EntryView& view, const RuleContext& context, Findings& out) {
  if (view.kind != EntryKind::report) {
    return;
  }
  const Entry& entry = view.entry;
  if (entry.code.empty()) {
    out.push_back({entry.where("kind"), "a report names no code repository", {}, &entry, {}});
  } else if (auto code = classify_url(context.policy, entry.code);
             !context.policy.hosts.empty() &&
             (!code || code->source_class == nullptr ||
              code->source_class->inferred_kind != EntryKind::repo)) {
    out.push_back({entry.where("code"),
                   fmt::format("\"code\" ({}) is not a repository URL", entry.code),
                   "point \"code\" at the repository that holds the measured code",
                   &entry,
                   {}});
  }
  if (!entry.claim || entry.claim->hardware.empty()) {
    out.push_back({entry.claim ? entry.where("claim") : entry.location,
                   "a report does not say what hardware it was measured on",
                   "add \"claim\": {\"hardware\": \"GPU model, driver and software versions\"}",
                   &entry,
                   {}});
  }
}

}  // namespace sg
