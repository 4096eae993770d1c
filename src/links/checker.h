#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "links/cache.h"
#include "links/extract.h"
#include "links/link_result.h"
#include "links/url_guard.h"

namespace sg::links {

/// Status codes that count as success for hosts matching `host_pattern`
/// (RE2, full match on the lower-cased host), e.g. `dl\.acm\.org` -> {403}
/// for a publisher that answers every robot with 403.
struct AcceptRule {
  std::string host_pattern;
  std::vector<long> codes;
};

/// A credential sent only to one host (exact, case-insensitive name match),
/// and only on requests to that host: never on a redirect elsewhere.
struct HostToken {
  std::string host;
  std::string authorization;  ///< the Authorization header value, e.g. "Bearer ..."
};

/// Everything the link checker can be told. The defaults are the ones a CI
/// job on the open internet wants; the policy file and flags override them.
struct CheckSettings {
  int max_concurrency = 32;                ///< requests in flight, all hosts together
  int max_per_host = 4;                    ///< requests in flight to one host name
  long min_interval_per_host_ms = 0;       ///< between request starts to one host
  long connect_timeout_ms = 10'000;        ///< per attempt, from when it starts
  long request_timeout_ms = 20'000;        ///< per attempt, from when it starts
  long link_deadline_ms = 120'000;         ///< whole link: hops, retries, waits
  int retries = 2;                         ///< extra tries after the first
  long retry_base_delay_ms = 500;          ///< backoff: base * 2^n plus up to 50% jitter
  long retry_max_delay_ms = 60'000;        ///< cap for backoff and Retry-After alike
  std::string user_agent;                  ///< empty: "sourcegate/VERSION (link checker)"
  std::vector<std::string> extra_headers;  ///< "Name: value", on every request
  std::vector<AcceptRule> accept;
  /// RE2, partial match on the URL. When `include` is non-empty only URLs
  /// matching one of them are checked; a URL matching `exclude` (and no
  /// include) is `excluded`.
  std::vector<std::string> include;
  std::vector<std::string> exclude;
  /// RE2, partial match on a 2xx HTML page's <title> or first <h1>: a match
  /// makes it a soft 404 (`broken`). Empty turns detection off, which lets
  /// links be checked with HEAD alone.
  std::vector<std::string> soft_404_patterns = {
      R"((?i)\b(page|file|article|post|repository) (was )?not found\b|\b404\b|)"
      R"(does not exist|doesn't exist|no longer (exists|available))"};
  std::size_t soft_404_read_bytes = std::size_t{32} * 1024;  ///< the head of the page that is read
  /// RE2, partial match on a redirect target: landing there means a login
  /// wall, so the link is `unverifiable`.
  std::vector<std::string> login_wall_patterns = {
      R"((?i)^https?://[^/]*linkedin\.com/(authwall|uas/login|login))",
      R"((?i)^https?://accounts\.google\.com/)",
      R"((?i)^https?://[^/]+/(login|signin|sign-in|sign_in|auth/login|users/sign_in)([/?#]|$))"};
  /// Case-insensitive body snippets of bot challenges, looked for in 403/503
  /// answers.
  std::vector<std::string> bot_wall_markers = {"cf-chl",
                                               "challenge-platform",
                                               "<title>just a moment...</title>",
                                               "attention required! | cloudflare",
                                               "captcha-delivery.com",
                                               "px-captcha",
                                               "ddos-guard",
                                               "checking your browser"};
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
  /// Seed for backoff jitter; 0 picks a random one.
  unsigned random_seed = 0;
};

/// The first problem with the settings (a bad RE2 pattern, a limit below 1,
/// a malformed resolve entry), or nullopt. Call this before LinkChecker,
/// whose constructor treats bad settings as a programming error.
std::optional<std::string> validate(const CheckSettings& settings);

/// What the command line draws while checking.
struct CheckProgress {
  std::size_t done = 0;  ///< links (targets) with a final status
  std::size_t total = 0;
  std::size_t failures = 0;  ///< broken, timeout, unreachable, blocked, fragment-missing
  /// The host with the most unfinished requests: what the run is waiting on.
  std::string slowest_host;
  std::chrono::milliseconds elapsed{0};
};
using ProgressCallback = std::function<void(const CheckProgress&)>;

/// Checks links over one libcurl multi handle with its own per-host
/// scheduler. Not thread-safe; one check() at a time.
class LinkChecker {
 public:
  /// Throws std::invalid_argument when validate() would report a problem.
  explicit LinkChecker(CheckSettings settings);
  ~LinkChecker();
  LinkChecker(const LinkChecker&) = delete;
  LinkChecker& operator=(const LinkChecker&) = delete;

  /// The result a target gets without any request (`skipped` for a non-http
  /// URL, `excluded` by pattern), or nullopt when it must be fetched.
  std::optional<LinkResult> precheck(const LinkTarget& target) const;

  /// One result per target, in input order, `sources` copied. URLs that
  /// differ only in their fragment are fetched once. The progress callback
  /// is called at most ten times a second and once at the end.
  std::vector<LinkResult> check(const std::vector<LinkTarget>& targets,
                                const ProgressCallback& progress = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

/// check() with a cache in front: fresh cached results answer without a
/// request, new results are stored (the caller saves the cache). In offline
/// mode a URL not in the cache is `skipped`. `cache` may be null.
std::vector<LinkResult> check_links(const std::vector<LinkTarget>& targets,
                                    const CheckSettings& settings, LinkCache* cache, CacheMode mode,
                                    const ProgressCallback& progress = {});

/// Raises the soft RLIMIT_NOFILE to at least `needed` (bounded by the hard
/// limit); returns the resulting soft limit.
long raise_open_file_limit(long needed);

}  // namespace sg::links
