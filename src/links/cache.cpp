#include "links/cache.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "util/text.h"

namespace sg::links {

namespace {

constexpr int k_format_version = 1;

std::optional<LinkStatus> parse_status(std::string_view text) {
  for (auto status :
       {LinkStatus::ok, LinkStatus::redirected, LinkStatus::broken, LinkStatus::timeout,
        LinkStatus::unreachable, LinkStatus::blocked, LinkStatus::fragment_missing,
        LinkStatus::unverifiable, LinkStatus::excluded, LinkStatus::skipped}) {
    if (to_string(status) == text) {
      return status;
    }
  }
  return std::nullopt;
}

}  // namespace

std::chrono::seconds CacheMaxAge::for_status(LinkStatus status) const {
  return status == LinkStatus::ok || status == LinkStatus::redirected ? success : failure;
}

LinkCache::LinkCache(std::string path, CacheMaxAge max_age, WallClock clock)
    : m_path(std::move(path)), m_max_age(max_age), m_clock(std::move(clock)) {}

bool LinkCache::storable(LinkStatus status) {
  return status != LinkStatus::blocked && status != LinkStatus::excluded &&
         status != LinkStatus::skipped;
}

std::optional<std::string> LinkCache::load() {
  m_entries.clear();
  std::error_code error;
  if (!std::filesystem::exists(m_path, error)) {
    return std::nullopt;
  }
  std::ifstream in(m_path, std::ios::binary);
  if (!in) {
    return m_path + ": cannot read the link cache; starting with an empty one";
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  auto json = nlohmann::json::parse(buffer.str(), nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded() || !json.is_object() || json.value("version", 0) != k_format_version ||
      !json.contains("links") || !json["links"].is_object()) {
    return m_path + ": the link cache is malformed or from another version; ignoring it";
  }
  for (const auto& [url, item] : json["links"].items()) {
    if (!item.is_object()) {
      continue;
    }
    auto status = parse_status(item.value("status", ""));
    if (!status) {
      continue;
    }
    Entry entry;
    entry.result.url = url;
    entry.result.status = *status;
    entry.result.http_status = item.value("http_status", 0L);
    entry.result.final_url = item.value("final_url", "");
    entry.result.attempts = item.value("attempts", 0);
    entry.result.elapsed_ms = item.value("elapsed_ms", 0L);
    entry.result.error = item.value("error", "");
    entry.checked_at = std::chrono::system_clock::time_point(
        std::chrono::seconds(item.value("checked_at", static_cast<long long>(0))));
    m_entries[url] = std::move(entry);
  }
  return std::nullopt;
}

std::optional<std::string> LinkCache::save() const {
  // Sorted keys make the file diff-friendly and its content deterministic.
  std::map<std::string, const Entry*> sorted;
  for (const auto& [url, entry] : m_entries) {
    sorted.emplace(url, &entry);
  }
  nlohmann::ordered_json links = nlohmann::ordered_json::object();
  for (const auto& [url, entry] : sorted) {
    const LinkResult& result = entry->result;
    links[url] = {
        {"status", std::string(to_string(result.status))},
        {"http_status", result.http_status},
        {"final_url", result.final_url},
        {"attempts", result.attempts},
        {"elapsed_ms", result.elapsed_ms},
        {"error", result.error},
        {"checked_at",
         std::chrono::duration_cast<std::chrono::seconds>(entry->checked_at.time_since_epoch())
             .count()},
    };
  }
  nlohmann::ordered_json document = {{"version", k_format_version}, {"links", links}};

  if (auto problem = write_file_atomically(m_path, document.dump(1) + "\n")) {
    return "the link cache: " + *problem;
  }
  return std::nullopt;
}

std::optional<LinkResult> LinkCache::lookup(const std::string& url) const {
  auto found = m_entries.find(url);
  if (found == m_entries.end()) {
    return std::nullopt;
  }
  const Entry& entry = found->second;
  auto age = m_clock() - entry.checked_at;
  if (age < std::chrono::seconds(0) || age >= m_max_age.for_status(entry.result.status)) {
    return std::nullopt;
  }
  return entry.result;
}

void LinkCache::store(const LinkResult& result) {
  if (!storable(result.status)) {
    return;
  }
  Entry entry{result, m_clock()};
  entry.result.sources.clear();
  m_entries[result.url] = std::move(entry);
}

}  // namespace sg::links
