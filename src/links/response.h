#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sg::links {

/// `Retry-After`: delta-seconds ("120") or an HTTP-date ("Wed, 21 Oct 2015
/// 07:28:00 GMT"), as a delay from `now`; a date in the past is zero.
std::optional<std::chrono::milliseconds> parse_retry_after(
    std::string_view value, std::chrono::system_clock::time_point now);

/// `X-RateLimit-Reset` / `RateLimit-Reset`: GitHub and others send a Unix
/// time, the IETF draft sends delta-seconds. Values above 10^9 are read as a
/// Unix time. Also accepts an HTTP-date.
std::optional<std::chrono::milliseconds> parse_rate_limit_reset(
    std::string_view value, std::chrono::system_clock::time_point now);

/// The `<title>` and the first `<h1>` of a page (text only, whitespace
/// collapsed). Works on a truncated page.
struct PageHeadings {
  std::string title;
  std::string h1;
};
PageHeadings page_headings(std::string_view html);

/// The response facts that bot-wall detection looks at.
struct WallSignals {
  long status = 0;
  std::string server;        ///< the `Server` header
  std::string cf_mitigated;  ///< Cloudflare's `cf-mitigated` header
  std::string body;          ///< the start of the body
};

/// Why the response is a robot wall rather than an answer about the page, or
/// nullopt. LinkedIn's 999; a 403/429/503 carrying `cf-mitigated: challenge`;
/// a 403/503 from Cloudflare (or anyone) whose body holds a challenge marker.
std::optional<std::string> detect_bot_wall(const WallSignals& signals,
                                           const std::vector<std::string>& body_markers);

/// "owner/repo" for https://github.com/OWNER/REPO (optionally with a trailing
/// slash or ".git"), nullopt for any deeper path or another host.
std::optional<std::string> github_repo_of(std::string_view url);

}  // namespace sg::links
