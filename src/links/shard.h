#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sg::links {

/// Part K of N of a run's links, split by host so that each host's
/// politeness limits hold within one part (a CI matrix job per part).
struct Shard {
  int index = 1;  ///< K, 1-based
  int count = 1;  ///< N

  /// "K/N".
  std::string name() const;
};

/// At most this many shards: more would be jobs with next to nothing to do.
inline constexpr int k_max_shards = 1000;

/// Parses "K/N" (1 <= K <= N <= k_max_shards); on failure returns nullopt
/// and sets `problem` to what is wrong with the text.
std::optional<Shard> parse_shard(std::string_view text, std::string& problem);

/// 64-bit FNV-1a: unlike std::hash, the same on every build and platform, so
/// that every job of a matrix agrees on where a host belongs.
std::uint64_t fnv1a_64(std::string_view bytes);

/// The shard (1-based) of a host name among `count`. A link with no host
/// (mailto:, tel:, an unparsable URL) has the empty host and so lands in
/// one shard too.
int shard_of_host(std::string_view host, int count);

/// Whether the URL's host (the scheduler's per-host key) falls in `shard`.
bool in_shard(std::string_view url, const Shard& shard);

}  // namespace sg::links
