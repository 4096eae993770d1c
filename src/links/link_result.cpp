#include "links/link_result.h"

#include <array>

#include <fmt/format.h>

namespace sg::links {

namespace {

struct StatusName {
  LinkStatus status;
  std::string_view name;
};

constexpr std::array<StatusName, 10> k_statuses = {{
    {LinkStatus::ok, "ok"},
    {LinkStatus::redirected, "redirected"},
    {LinkStatus::broken, "broken"},
    {LinkStatus::timeout, "timeout"},
    {LinkStatus::unreachable, "unreachable"},
    {LinkStatus::blocked, "blocked"},
    {LinkStatus::fragment_missing, "fragment-missing"},
    {LinkStatus::unverifiable, "unverifiable"},
    {LinkStatus::excluded, "excluded"},
    {LinkStatus::skipped, "skipped"},
}};

/// One row per reason: its report spelling and the sentence a report prints.
struct ReasonRow {
  LinkReason reason;
  std::string_view name;
  std::string_view summary;
};

constexpr std::array<ReasonRow, 32> k_reasons = {{
    {LinkReason::none, "", ""},
    {LinkReason::moved_permanently, "moved-permanently", "the link moved permanently"},
    // The status line says it all: "HTTP 404 Not Found".
    {LinkReason::http_status, "http-status", ""},
    {LinkReason::server_error, "server-error", "the server keeps failing"},
    {LinkReason::soft_404_title, "soft-404-title",
     "soft 404: the page answers 2xx but says it does not exist"},
    {LinkReason::soft_404_landing, "soft-404-landing",
     "soft 404: the deep link is sent to the site's home page"},
    {LinkReason::soft_404_probe, "soft-404-probe",
     "soft 404: the page is what the host answers for a path that does not exist"},
    {LinkReason::any_path_alike, "any-path-alike",
     "the host answers every path alike, so a missing page cannot be told from a present one"},
    {LinkReason::redirect_loop, "redirect-loop", "the redirects loop"},
    {LinkReason::too_many_redirects, "too-many-redirects", "the redirects lead nowhere stable"},
    {LinkReason::login_wall, "login-wall", "the content is behind a login"},
    {LinkReason::bot_wall, "bot-wall",
     "the server refuses automated clients, so nothing can be said about the page"},
    {LinkReason::rate_limited, "rate-limited",
     "the server is rate-limiting the checker, so nothing can be said about the page"},
    {LinkReason::storage_denial, "storage-denial",
     "the storage service has no such object (its denial names a missing key)"},
    {LinkReason::host_policy, "host-policy", "the policy lists this host as unverifiable"},
    {LinkReason::accepted_status, "accepted-status", "the policy accepts this status for the host"},
    {LinkReason::dns, "dns", "the host name does not resolve"},
    {LinkReason::connect, "connect", "the server refuses connections"},
    {LinkReason::connection_reset, "connection-reset", "the server drops the connection"},
    {LinkReason::tls, "tls", "TLS fails; browsers will warn too"},
    {LinkReason::timed_out, "timed-out", "no answer in time"},
    {LinkReason::host_timed_out, "host-timed-out",
     "not tried: an earlier link to the same host got no answer in time"},
    {LinkReason::blocked_address, "blocked-address",
     "refused: the address is not public (loopback, private, link-local, ...)"},
    {LinkReason::blocked_scheme, "blocked-scheme", "refused: only http and https are followed"},
    {LinkReason::oversized_headers, "oversized-headers",
     "the response headers are too large to read; the server is misbehaving"},
    {LinkReason::missing_fragment, "missing-fragment", "the page has no such anchor"},
    {LinkReason::github_api, "github-api", "the GitHub API's answer about the repository"},
    {LinkReason::excluded, "excluded", "excluded by the settings"},
    {LinkReason::not_web, "not-web",
     "not an http(s) URL (mailto:, tel:); only http and https links are checked"},
    {LinkReason::offline, "offline",
     "offline: no fresh result in the link cache; run once without --offline to fill it"},
    {LinkReason::interrupted, "interrupted", "the check was stopped before this link finished"},
    {LinkReason::transport, "transport", "the request failed"},
}};

const ReasonRow& row_of(LinkReason reason) {
  for (const ReasonRow& row : k_reasons) {
    if (row.reason == reason) {
      return row;
    }
  }
  return k_reasons.back();
}

}  // namespace

std::string_view to_string(LinkStatus status) {
  for (const StatusName& row : k_statuses) {
    if (row.status == status) {
      return row.name;
    }
  }
  return "skipped";
}

std::optional<LinkStatus> parse_status(std::string_view text) {
  for (const StatusName& row : k_statuses) {
    if (row.name == text) {
      return row.status;
    }
  }
  return std::nullopt;
}

bool is_failure(LinkStatus status) {
  switch (status) {
    case LinkStatus::broken:
    case LinkStatus::timeout:
    case LinkStatus::unreachable:
    case LinkStatus::blocked:
    case LinkStatus::fragment_missing:
      return true;
    default:
      return false;
  }
}

std::string_view to_string(LinkReason reason) { return row_of(reason).name; }

std::optional<LinkReason> parse_reason(std::string_view text) {
  for (const ReasonRow& row : k_reasons) {
    if (row.name == text) {
      return row.reason;
    }
  }
  return std::nullopt;
}

std::string describe(LinkReason reason, std::string_view evidence) {
  std::string_view summary = row_of(reason).summary;
  if (evidence.empty()) {
    return std::string(summary);
  }
  if (summary.empty()) {
    return std::string(evidence);
  }
  return fmt::format("{} ({})", summary, evidence);
}

}  // namespace sg::links
