#pragma once

#include <chrono>
#include <optional>
#include <vector>

#include "model/diagnostic.h"
#include "model/list.h"
#include "policy/policy.h"
#include "rules/rule.h"

namespace sg {

/// Runs every rule over the list and returns the findings with severities from
/// the policy (waivers are applied by apply_waivers, once all findings of a
/// run are in). Throws InputError when the policy names a rule
/// that does not exist.
std::vector<Diagnostic> run_rules(const List& list, const Policy& policy,
                                  std::chrono::sys_days today);

/// Runs only the rules that check a document's links into itself and its
/// repository (`Rule::document_links`), for `links` on a Markdown file.
std::vector<Diagnostic> run_document_link_rules(const List& list, const Policy& policy);

/// The class of an entry's URL as the rules judge it: the host rule or URL
/// shape, then first-party ownership (a publisher's post about its own
/// mechanism). nullopt when the URL is not http(s).
std::optional<Classification> classify_entry(const Entry& entry, const Policy& policy);

/// The kind an entry is judged as: declared, or for Markdown input inferred.
/// The host's class decides; a code link makes a post on a host where
/// reports are published (a blog, slides) a report, but a paper with its code
/// beside it stays a paper, and a shop's page or a video stays what it is.
/// nullopt when nothing decides (an unclassified host, a class without a kind).
std::optional<EntryKind> effective_kind(const Entry& entry, const Classification* classification);

/// A rule's severity under the policy ("rules": {"id": "warning"}), or
/// nullopt when the policy turns it off. One answer for lint and links.
std::optional<Severity> rule_severity(const Rule& rule, const Policy& policy);

/// Which rules a run judged: a waiver can only be found unused by a run that
/// judged its rule.
enum class RulesRun { policy, network, both };

/// Applies entries' waivers to the run's findings and adds a finding for each
/// waiver that silenced nothing (among the rules `run` judged), or that names
/// no rule.
void apply_waivers(const List& list, std::vector<Diagnostic>& diagnostics, RulesRun run);

}  // namespace sg
