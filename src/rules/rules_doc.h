#pragma once

#include <string>
#include <string_view>

namespace sg {

/// Where the rules' documentation lives in the repository.
inline constexpr std::string_view k_rules_doc_path = "docs/rules.md";

/// docs/rules.md as the rule table makes it: every rule's id, severity,
/// summary, documentation and fix, in id order. `sourcegate rules --markdown`
/// prints it; a test keeps the committed page equal to it.
std::string rules_reference();

/// The web address of a rule's section in docs/rules.md, for SARIF's helpUri
/// (an absolute URI: code scanning links it from each alert).
std::string rule_help_uri(std::string_view id);

}  // namespace sg
