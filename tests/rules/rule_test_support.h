#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "model/diagnostic.h"
#include "policy/policy.h"

// Rule tests live in sg::testing, where the helpers below and the matchers
// they use are in scope.
namespace sg::testing {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

/// The repository's own policy, loaded once.
const Policy& list_policy();

/// Loads `section_json` as entries/01-test.json, runs every rule with the
/// list's policy as of `today`, applies waivers, and returns the findings.
std::vector<Diagnostic> lint_section(const std::string& section_json,
                                     const std::string& today = "2026-11-30");

/// The same for a Markdown list.
std::vector<Diagnostic> lint_markdown(const std::string& markdown,
                                      const std::string& today = "2026-11-30");

/// The same for a Markdown list of one section holding one list item
/// (`item`, a "- [Title](url) - Description." line).
std::vector<Diagnostic> lint_item(const std::string& item);

/// The first finding of `rule`, or null.
const Diagnostic* finding_of(const std::vector<Diagnostic>& diagnostics, std::string_view rule);

/// The ids of the findings that count (not waived), in report order.
std::vector<std::string> rule_ids(const std::vector<Diagnostic>& diagnostics);

/// A paper entry (a JSON object) with `title` and `url`.
std::string paper(const std::string& title, const std::string& url);

/// A section with one entry made of `members` (JSON object members).
std::string one_entry(const std::string& members);

}  // namespace sg::testing
