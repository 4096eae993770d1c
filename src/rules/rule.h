#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "links/link_result.h"
#include "model/diagnostic.h"
#include "model/list.h"
#include "policy/policy.h"

namespace sg {

/// What every rule may read: the policy and the date to judge freshness by.
struct RuleContext {
  const Policy& policy;
  std::chrono::sys_days today;
};

/// One entry as the rules see it, with the facts several rules need computed
/// once: where it sits, the class of its URL, and its kind (declared, or
/// inferred from the URL for Markdown input).
struct EntryView {
  const Section& section;
  const Group* group = nullptr;
  const Entry& entry;
  std::optional<Classification> classification;
  std::optional<EntryKind> kind;

  const SourceClass* source_class() const {
    return classification ? classification->source_class : nullptr;
  }
  bool is_note() const { return kind == EntryKind::note; }
  /// A direct implementer report that names its code.
  bool is_report_with_code() const { return kind == EntryKind::report && !entry.code.empty(); }
};

/// A finding before the engine stamps it with the rule's id and severity.
struct Finding {
  Location location;
  std::string message;
  /// Overrides the rule's generic hint when the fix is specific (a canonical URL).
  std::string hint;
  /// The entry the finding is about; null for section- or list-level findings.
  const Entry* entry = nullptr;
  /// For findings without an entry: the section or group title to name.
  std::string subject;
};

using Findings = std::vector<Finding>;

/// A rule: a stable id, its default severity, its documentation, and one or
/// both checks. `check_entry` sees one entry at a time; `check_list` sees the
/// whole list (duplicates, group sizes, anchors, freshness of sections).
struct Rule {
  std::string_view id;
  Severity severity;
  std::string_view summary;
  std::string_view doc;
  std::string_view hint;
  void (*check_entry)(const EntryView& view, const RuleContext& context, Findings& out) = nullptr;
  void (*check_list)(const List& list, const RuleContext& context, Findings& out) = nullptr;
  /// For a rule the link checker reports: the link status it stands for.
  /// Such a rule is judged from what the network answers, not by lint.
  std::optional<links::LinkStatus> link_status = std::nullopt;
  bool network() const { return link_status.has_value(); }
};

/// Every rule, in id order: the one table (rules/registry.cpp).
const std::vector<Rule>& rule_registry();
const Rule* find_rule(std::string_view id);

// The checks, one file each under src/rules/.
void check_not_primary(const EntryView& view, const RuleContext& context, Findings& out);
void check_kind_mismatch(const EntryView& view, const RuleContext& context, Findings& out);
void check_unclassified(const EntryView& view, const RuleContext& context, Findings& out);
void check_report_evidence(const EntryView& view, const RuleContext& context, Findings& out);
void check_claim_incomplete(const EntryView& view, const RuleContext& context, Findings& out);
void check_surface_tutorial(const EntryView& view, const RuleContext& context, Findings& out);
void check_style_description(const EntryView& view, const RuleContext& context, Findings& out);
void check_link_canonical(const EntryView& view, const RuleContext& context, Findings& out);
void check_freshness_stale(const List& list, const RuleContext& context, Findings& out);
void check_duplicate_url(const List& list, const RuleContext& context, Findings& out);
void check_group_size(const List& list, const RuleContext& context, Findings& out);
void check_link_anchor(const List& list, const RuleContext& context, Findings& out);

}  // namespace sg
