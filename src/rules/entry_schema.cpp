// entry/schema: an entry file breaks the entry schema.
#include "rules/rule.h"
#include "util/url.h"

namespace sg {

extern const Rule k_entry_schema = {
    .id = "entry/schema",
    .severity = Severity::error,
    .summary = "an entry file breaks the entry schema",
    .doc =
        "Entry files are strict: every required field present (title, url or links, kind, "
        "description), no unknown or repeated field, each of the right type, dates that exist "
        "(YYYY-MM-DD), kinds from paper, spec, docs, repo, report, note, and every waiver with a "
        "rule and a reason. Typos must not pass silently. See docs/entries.md.",
    .hint = "fix the field as the message says",
};

Diagnostic schema_error(Finding finding) {
  Diagnostic d = make_diagnostic(k_entry_schema, Severity::error, std::move(finding));
  d.url = redact_userinfo(d.url);
  return d;
}

}  // namespace sg
