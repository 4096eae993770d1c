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

/// What decided the class of a URL: the first-party ownership, the URL shape,
/// the entry's byline or the host rule ("host rule: arxiv.org is paper").
inline std::string class_evidence_of(const Classification& classification) {
  if (!classification.first_party.empty()) {
    return "first party: " + classification.first_party;
  }
  if (classification.shape != nullptr) {
    return "URL shape: " + classification.shape->name;
  }
  if (!classification.byline.empty()) {
    return "byline: " + classification.byline;
  }
  if (classification.rule != nullptr) {
    const HostRule& rule = *classification.rule;
    return "host rule: " + (rule.host.empty() ? rule.domain : rule.host) + rule.path + " is " +
           rule.class_name;
  }
  return "no host rule or URL shape";
}

/// One entry as the rules see it, with the facts several rules need computed
/// once: where it sits, the class of its URL, and its kind (declared, or
/// inferred from the URL for Markdown input).
struct EntryView {
  const Section& section;
  const Group* group = nullptr;
  const Entry& entry;
  std::optional<Classification> classification;
  std::optional<EntryKind> kind;
  /// No entry of its group (or of its section, outside groups), or one in
  /// ten at most, has a description: a list of names by design (related
  /// lists, books, guides).
  bool among_names_only = false;
  /// The title and description as the claim rules read them (claim_text),
  /// blanked once for all of them.
  std::string claim_title;
  std::string claim_description;
  /// The text the title rules read, and the field it is: the title, or the
  /// description when the link text only labels the link ("arXiv", "PDF").
  std::string_view title_text;
  std::string_view title_field = "title";

  const SourceClass* source_class() const {
    return classification ? classification->source_class : nullptr;
  }
  /// What decided the class of the entry's URL: the first-party ownership, the
  /// URL shape, the byline or the host rule, as a finding's evidence.
  std::string class_evidence() const {
    return classification ? class_evidence_of(*classification) : std::string();
  }
  /// "host/path" (or the host alone for a site root), to name in a finding.
  std::string url_place() const {
    return classification->path.size() > 1 ? classification->host + classification->path
                                           : classification->host;
  }
  bool is_note() const { return kind == EntryKind::note; }
  /// A declared direct implementer report that names its code (a kind
  /// inferred from a code link is a guess, not a declaration).
  bool is_report_with_code() const {
    return entry.kind == EntryKind::report && !entry.code.empty();
  }
};

/// The entry's title or description with what the policy calls "not a claim"
/// ("8x H100", "100% Go") blanked out: the text the claim rules read.
std::string claim_text(const std::string& text, const Policy& policy);

/// A finding before the engine stamps it with the rule's id and severity.
struct Finding {
  Location location;
  std::string message;
  /// Overrides the rule's generic hint when the fix is specific (a canonical URL).
  std::string hint;
  /// What decided the finding ("host rule nvidia.com: marketing", "URL shape:
  /// a site root"), so that a contributor who disagrees knows what to change.
  std::string evidence;
  /// Milder than the rule's severity when the evidence is weaker (a blog post
  /// that reads as an implementer report); never stronger.
  std::optional<Severity> severity = std::nullopt;
  /// The entry the finding is about; null for section- or list-level findings.
  const Entry* entry = nullptr;
  /// For findings without an entry: the section or group title to name.
  std::string subject;
  /// Other entries the finding is about (a duplicate's first occurrence, the
  /// entries of an oversized group): a change to any of them is a change
  /// that makes or keeps the finding.
  std::vector<const Entry*> involves = {};
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
  /// A list check of the links a document makes into itself and its
  /// repository (anchors, relative files): `links` runs it on a Markdown
  /// input as `lint` does, so the two agree.
  bool document_links = false;
  /// Judged against today's date (freshness): its findings appear as time
  /// passes with no change at all, so they fail a change only where it wrote
  /// the date, and otherwise belong to the scheduled run.
  bool dated = false;
  bool network() const { return link_status.has_value(); }
};

/// The one way a finding becomes a diagnostic: stamped with the rule's id and
/// `severity`, the rule's generic hint unless the finding has its own, and the
/// entry it names.
Diagnostic make_diagnostic(const Rule& rule, Severity severity, Finding finding);

/// An entry/schema error: input that parsed but breaks the entry schema (a
/// loader's finding, or a waiver naming no rule). Credentials in the entry's
/// URL are redacted.
Diagnostic schema_error(Finding finding);

/// Every rule, in id order: the one table (rules/registry.cpp). Each row is
/// defined beside its check, in the file named after its id
/// (source/not-primary in rules/source_not_primary.cpp).
const std::vector<Rule>& rule_registry();
const Rule* find_rule(std::string_view id);
/// What to say about a rule id that names no rule: the closest id, or where
/// the ids are listed.
std::string unknown_rule_hint(std::string_view id);

}  // namespace sg
