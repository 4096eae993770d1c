#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "links/link_result.h"
#include "links/verdict.h"
#include "util/file.h"

namespace sg::links {

/// How a run uses the cache.
enum class CacheMode {
  normal,    ///< fresh entries answer without a request; new results are stored
  no_cache,  ///< neither read nor written
  offline,   ///< answers from the cache only; a URL not in it is `skipped`
};

/// How long a stored result stays fresh. Successes change rarely; failures
/// are re-checked soon, because most are transient.
struct CacheMaxAge {
  std::chrono::seconds success{std::chrono::hours(24)};  ///< ok, redirected
  std::chrono::seconds failure{std::chrono::hours(1)};   ///< everything else stored

  std::chrono::seconds for_status(LinkStatus status) const;
};

using WallClock = std::function<std::chrono::system_clock::time_point()>;

/// Link results on disk, one JSON file keyed by URL (fragment included). The
/// sources are not stored: they belong to the current input. `blocked`,
/// `excluded` and `skipped` are never stored, as they follow from settings.
class LinkCache {
 public:
  explicit LinkCache(std::string path, CacheMaxAge max_age = {},
                     WallClock clock = std::chrono::system_clock::now);

  /// Reads the file. A missing file is an empty cache; an unreadable or
  /// malformed one is an empty cache too, and the returned text says why
  /// (a warning: a cache must never fail a run).
  std::optional<std::string> load();
  /// Writes the file atomically (temporary file + rename), creating the
  /// directory. Returns an error text on failure.
  std::optional<std::string> save() const;

  /// Marks every URL of a run as seen now, whether it was fetched or answered
  /// from the cache.
  void mark_seen(const std::vector<LinkResult>& results);
  /// Drops entries and probes not seen for longer than `unseen`, so that a
  /// list's removed links do not stay forever. Only a run over the whole
  /// list may prune: a partial run has not seen the rest. Returns how many
  /// were dropped.
  std::size_t prune(std::chrono::seconds unseen);

  /// The stored result when still fresh, with `sources` empty.
  std::optional<LinkResult> lookup(const std::string& url) const;
  void store(const LinkResult& result);

  /// The fresh host probes (soft-404 detection), by origin.
  HostProbes probes() const;
  /// Stores new or changed probes, checked now.
  void store_probes(const HostProbes& probes);

  std::size_t size() const { return m_entries.size(); }
  const std::string& path() const { return m_path; }

  static bool storable(LinkStatus status);

 private:
  struct Entry {
    LinkResult result;
    std::chrono::system_clock::time_point checked_at;
    std::chrono::system_clock::time_point seen_at;
  };

  static Entry entry_from_json(const std::string& url, LinkStatus status,
                               const nlohmann::json& item);

  std::string m_path;
  /// The file as it was read: a save refuses to overwrite another run's.
  std::optional<FileStamp> m_read_as;
  CacheMaxAge m_max_age;
  WallClock m_clock;
  /// Sorted: the file is written in this order without a sort, and read back
  /// in it, each entry placed at the end in constant time.
  std::map<std::string, Entry> m_entries;
  struct ProbeEntry {
    HostProbe probe;
    std::chrono::system_clock::time_point checked_at;
  };
  std::map<std::string, ProbeEntry> m_probes;
};

}  // namespace sg::links
