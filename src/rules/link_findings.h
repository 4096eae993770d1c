#pragma once

#include <vector>

#include "links/link_result.h"
#include "model/diagnostic.h"
#include "model/list.h"
#include "policy/policy.h"
#include "rules/rule.h"

namespace sg {

/// The rule that reports a link status: the registry row naming it. Null for
/// a status that needs no finding (ok, excluded, skipped).
const Rule* rule_for_link(links::LinkStatus status);

/// The findings for checked links: one per place each was written, under its
/// status's rule at the policy's severity, naming the entry written there.
/// Rules the policy turns off give none.
std::vector<Diagnostic> link_findings(const std::vector<const links::LinkResult*>& results,
                                      const List& entries, const Policy& policy);

}  // namespace sg
