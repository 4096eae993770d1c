#include "links/shard.h"

#include <charconv>

#include <fmt/format.h>

#include "util/url.h"

namespace sg::links {
namespace {

std::optional<int> whole_number(std::string_view text) {
  int value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

std::string Shard::name() const { return fmt::format("{}/{}", index, count); }

std::optional<Shard> parse_shard(std::string_view text, std::string& problem) {
  const std::size_t slash = text.find('/');
  const std::optional<int> index =
      slash == std::string_view::npos ? std::nullopt : whole_number(text.substr(0, slash));
  const std::optional<int> count =
      slash == std::string_view::npos ? std::nullopt : whole_number(text.substr(slash + 1));
  if (!index || !count) {
    problem = "is not K/N, two whole numbers such as 2/3";
    return std::nullopt;
  }
  if (*count < 1 || *count > k_max_shards) {
    problem = fmt::format("has N = {}; N counts the shards, from 1 to {}", *count, k_max_shards);
    return std::nullopt;
  }
  if (*index < 1 || *index > *count) {
    problem = fmt::format("has K = {}; K picks one of the N shards, from 1 to {}", *index, *count);
    return std::nullopt;
  }
  return Shard{*index, *count};
}

std::uint64_t fnv1a_64(std::string_view bytes) {
  constexpr std::uint64_t k_offset_basis = 0xcbf29ce484222325ULL;
  constexpr std::uint64_t k_prime = 0x100000001b3ULL;
  std::uint64_t hash = k_offset_basis;
  for (const char byte : bytes) {
    hash ^= static_cast<unsigned char>(byte);
    hash *= k_prime;
  }
  return hash;
}

int shard_of_host(std::string_view host, int count) {
  return static_cast<int>(fnv1a_64(host) % static_cast<std::uint64_t>(count)) + 1;
}

bool in_shard(std::string_view url, const Shard& shard) {
  return shard_of_host(url_host(url), shard.count) == shard.index;
}

}  // namespace sg::links
