#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "links/url_guard.h"

namespace sg::links {

/// Settings for the hosts whose lower-cased name fully matches
/// `host_pattern` (RE2): the first matching rule with a value wins, field by
/// field. A publisher that answers every robot with 403 gets `accept`
/// {403}; a host that cannot be judged without a login gets `unverifiable`.
struct HostRule {
  std::string host_pattern;
  /// Statuses that count as success for the host.
  std::vector<long> accept;
  /// Non-empty: the host is never fetched and its links are `unverifiable`,
  /// with this text as the evidence ("needs a login").
  std::string unverifiable;
  long connect_timeout_ms = 0;       ///< 0: the global setting
  long request_timeout_ms = 0;       ///< 0: the global setting
  std::string user_agent;            ///< empty: the global one
  std::vector<std::string> headers;  ///< "Name: value", added for this host
};

/// A credential sent only to one host (exact, case-insensitive name match),
/// and only on requests to that host: never on a redirect elsewhere.
struct HostToken {
  std::string host;
  std::string authorization;  ///< the Authorization header value, e.g. "Bearer ..."
};

/// The whole-text soft-404 patterns used when the policy names none. Each is
/// matched against a whole title or first heading, or one of its parts split
/// at a site-name separator (" | ", " - ", " · ", ...), never inside text.
std::vector<std::string> default_soft_404_patterns();

/// Everything the link checker can be told. The defaults are the ones a CI
/// job on the open internet wants; the policy file and flags override them.
struct CheckSettings {
  int max_concurrency = 32;           ///< requests in flight, all hosts together
  int max_per_host = 4;               ///< requests in flight to one host name
  long min_interval_per_host_ms = 0;  ///< between request starts to one host
  long connect_timeout_ms = 10'000;   ///< per attempt, from when it starts
  long request_timeout_ms = 20'000;   ///< per attempt, from when it starts
  /// Whole link: hops, retries and the waits a server asked for. Time spent
  /// queued for a free slot does not count.
  long link_deadline_ms = 120'000;
  int retries = 2;                         ///< extra tries after the first
  long retry_base_delay_ms = 500;          ///< backoff: base * 2^n plus up to 50% jitter
  long retry_max_delay_ms = 60'000;        ///< cap for backoff and Retry-After alike
  std::string user_agent;                  ///< empty: "sourcegate/VERSION (link checker)"
  std::vector<std::string> extra_headers;  ///< "Name: value", on every request
  std::vector<HostRule> hosts;
  /// RE2, partial match on the URL. When `include` is non-empty only URLs
  /// matching one of them are checked; a URL matching `exclude` (and no
  /// include) is `excluded`.
  std::vector<std::string> include;
  std::vector<std::string> exclude;
  /// RE2, whole-text match (see default_soft_404_patterns). Empty turns
  /// soft-404 detection off, which lets links be checked with HEAD alone.
  std::vector<std::string> soft_404_patterns = default_soft_404_patterns();
  /// Compare a 2xx deep link with the host's answer to a random path (one
  /// request per host, kept in the cache) when the page proves nothing.
  bool soft_404_probe = true;
  std::size_t soft_404_read_bytes = std::size_t{32} * 1024;  ///< the head of the page that is read
  /// RE2, partial match on a redirect target: landing there means a login
  /// wall, so the link is `unverifiable`.
  std::vector<std::string> login_wall_patterns = {
      R"((?i)^https?://[^/]*linkedin\.com/(authwall|uas/login|login))",
      R"((?i)^https?://accounts\.google\.com/)",
      R"((?i)^https?://[^/]+/(login|signin|sign-in|sign_in|auth/login|users/sign_in)([/?#]|$))"};
  /// Case-insensitive body snippets of bot challenges and WAF denials, looked
  /// for in 403/429/503 answers.
  std::vector<std::string> bot_wall_markers = {"cf-chl",
                                               "challenge-platform",
                                               "<title>just a moment...</title>",
                                               "attention required! | cloudflare",
                                               "captcha-delivery.com",
                                               "px-captcha",
                                               "ddos-guard",
                                               "checking your browser",
                                               "<title>access denied</title>",
                                               "request blocked"};
  /// Address ranges the guard lets through (tests: 127.0.0.0/8).
  std::vector<Cidr> allowed_cidrs;
  /// curl-style "HOST:PORT:ADDR[,ADDR]" name overrides (tests, benchmarks).
  std::vector<std::string> resolve;
  std::size_t max_body_bytes = std::size_t{1024} * 1024;  ///< the most ever read of a body
  std::size_t max_header_bytes = std::size_t{64} * 1024;  ///< per response
  int max_redirects = 10;
  bool check_fragments = false;
  /// With a token, github.com/OWNER/REPO links are checked through the REST
  /// API (exact answers, no HTML rate limits). The token goes to the API
  /// origin only.
  std::string github_token;
  std::string github_api_base = "https://api.github.com";
  std::vector<HostToken> host_tokens;
  /// Host tokens travel over https only; loopback tests without TLS lift that.
  bool allow_insecure_credentials = false;
  /// A proxy URL. Empty means no proxy, whatever the environment says: the
  /// guard can only vet addresses it connects to itself.
  std::string proxy;
  /// A PEM bundle of certificate authorities to trust instead of the system's
  /// (a company proxy's CA, a test server's own). Empty: the system store.
  std::string ca_file;
  /// Seed for backoff jitter and probe paths; 0 picks a random one.
  unsigned random_seed = 0;
};

/// The first problem with the settings (a bad RE2 pattern, a limit below 1,
/// a malformed resolve entry), or nullopt. Call this before LinkChecker,
/// whose constructor treats bad settings as a programming error.
std::optional<std::string> validate(const CheckSettings& settings);

}  // namespace sg::links
