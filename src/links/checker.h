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
#include "links/settings.h"
#include "links/verdict.h"

namespace sg::links {

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
  /// is called at most ten times a second and once at the end. `probes`
  /// (may be null) answers soft-404 probes and receives the new ones.
  std::vector<LinkResult> check(const std::vector<LinkTarget>& targets,
                                const ProgressCallback& progress = {},
                                HostProbes* probes = nullptr);

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

/// Makes curl's process-wide initialisation happen once, before any handle:
/// every user of libcurl calls it first.
void ensure_curl_initialised();

}  // namespace sg::links
