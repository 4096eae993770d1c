#pragma once

#include <string>
#include <vector>

#include "model/location.h"

namespace sg {

enum class Severity { info, warning, error };

std::string_view to_string(Severity severity);

/// One finding: what is wrong, where, and what to do about it.
struct Diagnostic {
  std::string rule;
  Severity severity = Severity::error;
  std::string message;
  Location location;
  /// The entry the finding is about, when there is one.
  std::string title;
  std::string url;
  std::string hint;
  /// What decided the finding, quoted from its input: a response's status
  /// line or title, a landing URL. Empty when the message says it all.
  std::string evidence;
  /// Where the entry the finding is about starts (line 0 when none), so that
  /// the entry's waivers can be applied. Not part of any report.
  Location entry_location;
  /// Where the other entries the finding is about start (Finding::involves),
  /// so that a change to any of them owns the finding. Not part of any report.
  std::vector<Location> involved_entries;
  /// Set when a waiver silenced the finding; it is then reported, not counted.
  std::string waived_reason;
};

/// Sorts by file, line, column, rule and message, so reports are deterministic.
void sort_diagnostics(std::vector<Diagnostic>& diagnostics);

}  // namespace sg
