#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sg::links {

/// Every checked link ends in exactly one of these (DESIGN.md, "Link statuses").
enum class LinkStatus {
  ok,
  redirected,
  broken,
  timeout,
  unreachable,
  blocked,
  fragment_missing,
  unverifiable,
  excluded,
  skipped,
};

/// The report spelling: `ok`, `redirected`, ..., `fragment-missing`, ...
std::string_view to_string(LinkStatus status);

/// True for the statuses that fail a run (unverifiable, excluded and skipped
/// do not).
bool is_failure(LinkStatus status);

/// Where a URL was found. A URL found in several places is checked once.
struct LinkSource {
  std::string file;
  int line = 0;
  int column = 0;
};

struct LinkResult {
  std::string url;
  LinkStatus status = LinkStatus::skipped;
  long http_status = 0;
  std::string final_url;
  int attempts = 0;
  long elapsed_ms = 0;
  /// Why the link is not ok, in words a maintainer can act on; empty when ok.
  std::string error;
  std::vector<LinkSource> sources;
  /// With a history (periodic reports): consecutive failed runs and the date
  /// the streak began; 0 and empty otherwise.
  int failed_runs = 0;
  std::string failing_since;
};

}  // namespace sg::links
