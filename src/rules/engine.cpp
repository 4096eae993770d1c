#include "rules/engine.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <re2/re2.h>

#include "rules/rule.h"
#include "util/date.h"
#include "util/error.h"
#include "util/text.h"

namespace sg {
namespace {

void check_policy_rule_ids(const Policy& policy) {
  for (const auto& [id, setting] : policy.rules) {
    if (find_rule(id) == nullptr) {
      throw InputError(Location{policy.file, 0, 0},
                       fmt::format("policy: \"rules\" names unknown rule \"{}\"; {}", id,
                                   unknown_rule_hint(id)));
    }
  }
}

/// One list check, its findings stamped with the rule and its severity.
void run_list_check(const Rule& rule, Severity severity, const List& list,
                    const RuleContext& context, std::vector<Diagnostic>& out) {
  Findings findings;
  rule.check_list(list, context, findings);
  for (Finding& finding : findings) {
    out.push_back(make_diagnostic(rule, severity, std::move(finding)));
  }
}

/// Whether a claim in the entry's title is the list's to support. A title
/// of one word is a name ("Beats", Elastic's data shippers), and so is the
/// linked repository's path ("9seconds/repolink.nvim"). A list that quotes
/// papers by their titles ("claims.paper_titles": false) quotes them on the
/// authors' code too: "SRU: training RNNs as fast as CNNs" at github.com/…/sru.
bool title_states_claims(const Policy& policy, const std::string& title,
                         std::optional<EntryKind> kind, const Classification* classification) {
  static const RE2 k_one_word(R"(\s*[\p{Latin}\p{N}._+#-]+\s*)");
  if (RE2::FullMatch(title, k_one_word) ||
      (classification != nullptr && title_is_repository_path(*classification, title))) {
    return false;
  }
  if (policy.claims_in_paper_titles) {
    return true;
  }
  return kind != EntryKind::paper &&
         !(classification != nullptr && title_heads_with_repository_name(*classification, title));
}

}  // namespace

std::optional<Classification> classify_entry(const Entry& entry, const Policy& policy) {
  std::optional<Classification> classification =
      entry.parsed_url ? classify_url(policy, *entry.parsed_url) : std::nullopt;
  if (classification) {
    apply_weak_shape(policy, entry.title, entry.kind.has_value(), *classification);
    apply_first_party(policy, entry.title, entry.description, entry.code, *classification);
    apply_byline(policy, entry.description, *classification);
  }
  return classification;
}

std::optional<EntryKind> effective_kind(const Entry& entry, const Classification* classification) {
  if (entry.kind) {
    return entry.kind;
  }
  const SourceClass* source_class =
      classification != nullptr ? classification->source_class : nullptr;
  // A code link makes an implementer report of a page where reports are
  // published (a blog, slides), not of a shop's page or a video.
  if (!entry.code.empty() &&
      (source_class == nullptr ||
       (!source_class->primary && source_class->allows(EntryKind::report)))) {
    return EntryKind::report;
  }
  if (source_class != nullptr) {
    return source_class->inferred_kind;
  }
  return std::nullopt;
}

Diagnostic make_diagnostic(const Rule& rule, Severity severity, Finding finding) {
  Diagnostic d;
  d.rule = rule.id;
  d.severity = finding.severity ? std::min(severity, *finding.severity) : severity;
  d.message = std::move(finding.message);
  d.hint = finding.hint.empty() ? std::string(rule.hint) : std::move(finding.hint);
  d.location = std::move(finding.location);
  d.evidence = std::move(finding.evidence);
  if (finding.entry != nullptr) {
    d.title = finding.entry->title;
    d.url = finding.entry->url;
    d.entry_location = finding.entry->location;
  } else {
    d.title = std::move(finding.subject);
  }
  for (const Entry* entry : finding.involves) {
    d.involved_entries.push_back(entry->location);
  }
  return d;
}

std::optional<Severity> rule_severity(const Rule& rule, const Policy& policy) {
  if (policy.turns_off(rule.id)) {
    return std::nullopt;
  }
  const auto setting = policy.rules.find(rule.id);
  return setting == policy.rules.end() ? rule.severity
                                       : setting->second.severity.value_or(rule.severity);
}

std::vector<Diagnostic> run_document_link_rules(const List& list, const Policy& policy) {
  check_policy_rule_ids(policy);
  const RuleContext context{policy, today_utc()};
  std::vector<Diagnostic> diagnostics;
  for (const Rule& rule : rule_registry()) {
    const std::optional<Severity> severity = rule_severity(rule, policy);
    if (rule.document_links && severity && rule.check_list != nullptr) {
      run_list_check(rule, *severity, list, context, diagnostics);
    }
  }
  return diagnostics;
}

std::vector<Diagnostic> run_rules(const List& list, const Policy& policy,
                                  std::chrono::sys_days today) {
  check_policy_rule_ids(policy);
  const RuleContext context{policy, today};
  struct Active {
    const Rule* rule;
    Severity severity;
  };
  std::vector<Active> active;
  for (const Rule& rule : rule_registry()) {
    const std::optional<Severity> severity = rule_severity(rule, policy);
    if (severity && (rule.check_entry != nullptr || rule.check_list != nullptr)) {
      active.push_back({&rule, *severity});
    }
  }
  std::vector<Diagnostic> diagnostics;
  Findings findings;
  // Entries come group by group: whether a group lists names only is found
  // once for it, not once for each of its entries.
  const std::vector<Entry>* siblings_seen = nullptr;
  bool names_only = false;
  list.for_each_entry([&](const Section& section, const Group* group, const Entry& entry) {
    std::optional<Classification> classification = classify_entry(entry, policy);
    const std::optional<EntryKind> kind =
        effective_kind(entry, classification ? &*classification : nullptr);
    const std::vector<Entry>& siblings = group != nullptr ? group->entries : section.entries;
    if (&siblings != siblings_seen) {
      siblings_seen = &siblings;
      // At most one in ten described: a list of names, one of which says a
      // word more ("[Greg's wiki](…). Specifically [Bash Guide](…)").
      const auto described = std::count_if(siblings.begin(), siblings.end(),
                                           [](const Entry& e) { return e.described(); });
      names_only = static_cast<std::size_t>(described) * 10 <= siblings.size();
    }
    const bool labelled_link =
        !entry.description.empty() && policy.link_labels.first_match(entry.title).has_value();
    const std::string* exempt_under = heading_among(policy.sources_exempt_sections, section, group);
    const bool reads_title_claims =
        title_states_claims(policy, entry.title, kind, classification ? &*classification : nullptr);
    const EntryView view{section, group, entry, std::move(classification), kind, names_only,
                         reads_title_claims ? claim_text(entry.title, policy) : std::string(),
                         claim_text(entry.description, policy),
                         // Lists of papers quote a title ("[paper] \"A Survey of …\""):
                         // patterns anchored at its start must see its first word.
                         without_opening_quotes(labelled_link ? entry.description : entry.title),
                         labelled_link ? "description" : "title"};
    for (const Active& a : active) {
      if (a.rule->check_entry == nullptr) {
        continue;
      }
      findings.clear();
      a.rule->check_entry(view, context, findings);
      for (Finding& finding : findings) {
        diagnostics.push_back(make_diagnostic(*a.rule, a.severity, std::move(finding)));
        if (exempt_under != nullptr && judges_sources(a.rule->id)) {
          diagnostics.back().waived_reason = fmt::format(
              "the policy keeps \"{}\" outside the source rules (exempt_sections.sources)",
              *exempt_under);
        }
      }
    }
  });
  for (const Active& a : active) {
    if (a.rule->check_list == nullptr) {
      continue;
    }
    run_list_check(*a.rule, a.severity, list, context, diagnostics);
  }
  return diagnostics;
}

void apply_waivers(const List& list, std::vector<Diagnostic>& diagnostics, RulesRun run) {
  auto key = [](const Location& l) { return std::make_tuple(l.file, l.line, l.column); };
  std::map<std::tuple<std::string, int, int>, const Entry*> entries;
  list.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
    if (!entry.waivers.empty()) {
      entries.emplace(key(entry.location), &entry);
    }
  });
  if (entries.empty()) {
    return;
  }
  std::map<const Waiver*, bool> used;
  for (Diagnostic& d : diagnostics) {
    if (d.entry_location.line == 0) {
      continue;
    }
    auto it = entries.find(key(d.entry_location));
    if (it == entries.end()) {
      continue;
    }
    for (const Waiver& waiver : it->second->waivers) {
      if (waiver.rule == d.rule) {
        d.waived_reason = waiver.reason;
        used[&waiver] = true;
      }
    }
  }
  const Rule* unused = find_rule("entry/unused-waiver");
  for (const auto& [location, entry] : entries) {
    for (const Waiver& waiver : entry->waivers) {
      if (used[&waiver]) {
        continue;
      }
      if (find_rule(waiver.rule) == nullptr) {
        diagnostics.push_back(schema_error(
            Finding{.location = waiver.location,
                    .message = fmt::format("waiver names unknown rule \"{}\"", waiver.rule),
                    .hint = unknown_rule_hint(waiver.rule),
                    .entry = entry}));
        continue;
      }
      const bool judged = run == RulesRun::both ||
                          (find_rule(waiver.rule)->network() == (run == RulesRun::network));
      if (!judged) {
        continue;
      }
      diagnostics.push_back(make_diagnostic(
          *unused, unused->severity,
          Finding{.location = waiver.location,
                  .message = fmt::format("waiver of {} silences nothing", waiver.rule),
                  .entry = entry}));
    }
  }
}

}  // namespace sg
