// The one table of rules. `sourcegate rules` lists it; `sourcegate explain ID`
// prints a row's doc. Adding a rule: a file named after its id holding its
// check and its row, a test file named after it, and a line here.
#include <algorithm>

#include "rules/rule.h"
#include "util/spelling.h"

namespace sg {

// The rows, one per file under src/rules/ (the link-status rows are in
// link_findings.cpp, the one place link results become findings; the pr/*
// rows in pr_template.cpp, which reads a pull request's description).
extern const Rule k_claim_incomplete;
extern const Rule k_claim_superlative;
extern const Rule k_entry_duplicate_url;
extern const Rule k_entry_review;
extern const Rule k_entry_schema;
extern const Rule k_entry_unused_waiver;
extern const Rule k_freshness_stale;
extern const Rule k_link_anchor;
extern const Rule k_link_blocked;
extern const Rule k_link_broken;
extern const Rule k_link_canonical;
extern const Rule k_link_fragment;
extern const Rule k_link_redirected;
extern const Rule k_link_relative;
extern const Rule k_link_timeout;
extern const Rule k_link_unreachable;
extern const Rule k_link_unverifiable;
extern const Rule k_list_group_size;
extern const Rule k_pr_claim_mismatch;
extern const Rule k_pr_unanswered;
extern const Rule k_source_kind_mismatch;
extern const Rule k_source_not_primary;
extern const Rule k_source_report_evidence;
extern const Rule k_source_unclassified;
extern const Rule k_style_description;
extern const Rule k_surface_tutorial;

const std::vector<Rule>& rule_registry() {
  static const std::vector<Rule> k_rules = {
      k_claim_incomplete,       k_claim_superlative,
      k_entry_duplicate_url,    k_entry_review,
      k_entry_schema,           k_entry_unused_waiver,
      k_freshness_stale,        k_link_anchor,
      k_link_blocked,           k_link_broken,
      k_link_canonical,         k_link_fragment,
      k_link_redirected,        k_link_relative,
      k_link_timeout,           k_link_unreachable,
      k_link_unverifiable,      k_list_group_size,
      k_pr_claim_mismatch,      k_pr_unanswered,
      k_source_kind_mismatch,   k_source_not_primary,
      k_source_report_evidence, k_source_unclassified,
      k_style_description,      k_surface_tutorial,
  };
  return k_rules;
}

const Rule* find_rule(std::string_view id) {
  const std::vector<Rule>& rules = rule_registry();
  auto it = std::find_if(rules.begin(), rules.end(), [&](const Rule& r) { return r.id == id; });
  return it == rules.end() ? nullptr : &*it;
}

std::string unknown_rule_hint(std::string_view id) {
  std::vector<std::string_view> ids;
  for (const Rule& rule : rule_registry()) {
    ids.push_back(rule.id);
  }
  return did_you_mean(id, ids, "see `sourcegate rules` for the rule ids");
}

}  // namespace sg
