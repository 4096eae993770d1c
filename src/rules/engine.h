#pragma once

#include <chrono>
#include <vector>

#include "model/diagnostic.h"
#include "model/list.h"
#include "policy/policy.h"

namespace sg {

/// Runs every rule over the list and returns the findings with severities from
/// the policy (waivers are applied by apply_waivers, once all findings of a
/// run are in). Throws InputError when the policy names a rule
/// that does not exist.
std::vector<Diagnostic> run_rules(const List& list, const Policy& policy,
                                  std::chrono::sys_days today);

/// Applies entries' waivers to the run's findings and adds a finding for each
/// waiver that silenced nothing, or that names no rule. Waivers of link/*
/// rules count as unused only when `links_checked`.
void apply_waivers(const List& list, std::vector<Diagnostic>& diagnostics, bool links_checked);

}  // namespace sg
