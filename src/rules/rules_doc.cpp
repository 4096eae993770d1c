#include "rules/rules_doc.h"

#include <fmt/format.h>

#include "render/anchors.h"
#include "rules/rule.h"
#include "sourcegate/version.h"

namespace sg {

std::string rules_reference() {
  std::string page =
      "# Rules\n\n"
      "Every rule sourcegate applies, with its default severity (a policy may change it) and "
      "the fix it suggests. `sourcegate rules` lists them, `sourcegate explain ID` prints one, "
      "and SARIF reports link each finding here. This page is written by `sourcegate rules "
      "--markdown`; a test fails when it and the rule table differ.\n";
  for (const Rule& rule : rule_registry()) {
    page += fmt::format("\n## {}\n\n{}: {}.\n\n{}\n\nFix: {}.\n", rule.id, to_string(rule.severity),
                        rule.summary, rule.doc, rule.hint);
  }
  return page;
}

std::string rule_help_uri(std::string_view id) {
  // The heading is the id itself, so its anchor is GitHub's slug of the id.
  return fmt::format("{}/blob/main/{}#{}", kHomepage, k_rules_doc_path, github_anchor(id));
}

}  // namespace sg
