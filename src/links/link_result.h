#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sg::links {

/// Every checked link ends in exactly one of these (docs/links.md).
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
std::optional<LinkStatus> parse_status(std::string_view text);

/// True for the statuses that fail a run (unverifiable, excluded and skipped
/// do not).
bool is_failure(LinkStatus status);

/// Why a link got its status: the kind of evidence that decided it. The
/// report spells these in kebab case (`soft-404-title`); messages are written
/// from the reason and its evidence, in one table (link_result.cpp).
enum class LinkReason {
  none,               ///< ok, nothing to say
  moved_permanently,  ///< a chain that starts with a permanent hop
  http_status,        ///< a final 4xx/5xx that is not a refusal
  server_error,       ///< 5xx after every retry
  soft_404_title,     ///< 2xx whose title or first heading says "not found"
  soft_404_landing,   ///< a deep link sent to the site's root
  soft_404_probe,     ///< the page is the host's answer to a random path
  any_path_alike,     ///< the host answers every path with the same page
  redirect_loop,
  too_many_redirects,
  login_wall,       ///< sent to a login page, or 401
  bot_wall,         ///< 403/999, challenge pages, WAF denials
  rate_limited,     ///< 429 after every retry
  storage_denial,   ///< an S3/GCS error document for a missing object
  host_policy,      ///< the policy lists the host as unverifiable
  accepted_status,  ///< the policy accepts this status for the host
  dns,
  connect,
  connection_reset,
  tls,
  timed_out,
  host_timed_out,  ///< an earlier link to the host timed out: failed fast
  blocked_address,
  blocked_scheme,
  oversized_headers,
  missing_fragment,
  github_api,  ///< the GitHub API's answer about a repository
  excluded,
  not_web,
  offline,
  interrupted,
  transport,  ///< any other transfer failure
};

std::string_view to_string(LinkReason reason);
std::optional<LinkReason> parse_reason(std::string_view text);

/// The sentence a report prints for a reason and the evidence that decided
/// it: "soft 404: the page answers 2xx but says it does not exist (title
/// \"Page not found\")". Advice lives in the rule's hint, not here.
std::string describe(LinkReason reason, std::string_view evidence);

/// Where a URL was found. A URL found in several places is checked once.
struct LinkSource {
  std::string file;
  int line = 0;
  int column = 0;
};

struct LinkResult {
  std::string url;
  LinkStatus status = LinkStatus::skipped;
  LinkReason reason = LinkReason::none;
  /// What decided the status, quoted from the answer: the status line, a
  /// header, the title, the landing URL.
  std::string evidence;
  long http_status = 0;
  std::string final_url;
  int attempts = 0;
  long elapsed_ms = 0;
  /// describe(reason, evidence): why the link is not ok; empty when ok.
  std::string error;
  std::vector<LinkSource> sources;
  /// With a history (periodic reports): UTC days failed in a row and the date
  /// the streak began; 0 and empty otherwise.
  int failed_days = 0;
  std::string failing_since;
};

}  // namespace sg::links
