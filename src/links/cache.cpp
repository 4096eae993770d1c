#include "links/cache.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "links/keyed_json.h"
#include "util/file.h"
#include "util/text.h"

namespace sg::links {

namespace {

// 2: results carry a reason and evidence; verdicts of version 1 are not reused.
constexpr int k_format_version = 2;

nlohmann::json facts_to_json(const PageFacts& facts) {
  return {{"status", facts.status},
          {"final_url", facts.final_url},
          {"redirected", facts.redirected},
          {"title", facts.title},
          {"size", facts.size}};
}

std::optional<PageFacts> facts_from_json(const nlohmann::json& item) {
  if (!item.is_object()) {
    return std::nullopt;
  }
  PageFacts facts;
  auto status = item.find("status");
  auto final_url = item.find("final_url");
  auto redirected = item.find("redirected");
  auto title = item.find("title");
  auto size = item.find("size");
  if (status == item.end() || !status->is_number_integer() || final_url == item.end() ||
      !final_url->is_string() || redirected == item.end() || !redirected->is_boolean() ||
      title == item.end() || !title->is_string() || size == item.end() ||
      !size->is_number_unsigned()) {
    return std::nullopt;
  }
  facts.status = status->get<long>();
  facts.final_url = final_url->get<std::string>();
  facts.redirected = redirected->get<bool>();
  facts.title = title->get<std::string>();
  facts.size = size->get<std::size_t>();
  return facts;
}

/// A whole number from a hand-editable file, clamped to [0, ceiling]: a
/// value past what a long holds must not wrap (18446744073709551615 read as -1).
long long bounded_number(const nlohmann::json& item, const char* key, long long ceiling) {
  const auto found = item.find(key);
  if (found == item.end()) {
    return 0;
  }
  if (!found->is_number()) {
    throw std::invalid_argument(std::string(key) + " is not a number");  // drops the entry
  }
  if (found->is_number_unsigned()) {
    return static_cast<long long>(
        std::min<std::uint64_t>(found->get<std::uint64_t>(), static_cast<std::uint64_t>(ceiling)));
  }
  if (found->is_number_integer()) {
    return std::clamp(found->get<long long>(), 0LL, ceiling);
  }
  const double value = found->get<double>();
  return value > 0 ? static_cast<long long>(std::min(value, static_cast<double>(ceiling))) : 0;
}

/// Seconds since the epoch, kept where the clock cannot overflow: the
/// system clock counts nanoseconds, which end in 2262.
std::chrono::system_clock::time_point time_from_json(const nlohmann::json& item, const char* key) {
  constexpr long long k_year_2200 = 7'258'118'400LL;
  return std::chrono::system_clock::time_point(
      std::chrono::seconds(bounded_number(item, key, k_year_2200)));
}

long long time_to_json(std::chrono::system_clock::time_point time) {
  return std::chrono::duration_cast<std::chrono::seconds>(time.time_since_epoch()).count();
}

}  // namespace

LinkCache::Entry LinkCache::entry_from_json(const std::string& url, LinkStatus status,
                                            const nlohmann::json& item) {
  Entry entry;
  entry.result.url = url;
  entry.result.status = status;
  entry.result.http_status = static_cast<long>(bounded_number(item, "http_status", 999));
  entry.result.final_url = item.value("final_url", url);
  entry.result.attempts = static_cast<int>(bounded_number(item, "attempts", 1000));
  entry.result.elapsed_ms =
      static_cast<long>(bounded_number(item, "elapsed_ms", 7LL * 24 * 3600 * 1000));
  entry.result.reason = parse_reason(item.value("reason", "")).value_or(LinkReason::none);
  entry.result.evidence = item.value("evidence", "");
  entry.result.error = item.value("error", "");
  entry.checked_at = time_from_json(item, "checked_at");
  entry.seen_at = item.contains("seen_at") ? time_from_json(item, "seen_at") : entry.checked_at;
  return entry;
}

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
  // One bad entry (hand-edited, or from a newer version) is dropped, never
  // the whole cache or the run.
  std::size_t dropped = 0;
  auto take = [&](const std::string& url, const nlohmann::json& item) {
    try {
      auto status = item.is_object() ? parse_status(item.value("status", "")) : std::nullopt;
      if (status) {
        m_entries.insert_or_assign(m_entries.end(), url, entry_from_json(url, *status, item));
        return;
      }
    } catch (const std::exception&) {  // a wrongly typed field
    }
    ++dropped;
  };
  KeyedFile file = read_keyed_file(m_path, "links", k_format_version, take);
  m_read_as = file.stamp;
  switch (file.state) {
    case KeyedFile::State::missing:
      return std::nullopt;
    case KeyedFile::State::unreadable:
      return m_path + ": cannot read the link cache (" + file.error +
             "); starting with an empty one";
    case KeyedFile::State::malformed:
      m_entries.clear();
      return m_path + ": the link cache is malformed or from another version; ignoring it";
    case KeyedFile::State::read:
      break;
  }
  const nlohmann::json* json = &file.others;
  if (auto probes = json->find("probes"); probes != json->end() && probes->is_object()) {
    for (const auto& [origin, item] : probes->items()) {
      if (!item.is_object()) {
        continue;
      }
      auto random_path = facts_from_json(item.value("random_path", nlohmann::json()));
      auto checked_at = item.find("checked_at");
      if (!random_path || checked_at == item.end() || !checked_at->is_number_integer()) {
        continue;
      }
      ProbeEntry entry;
      entry.probe.random_path = *random_path;
      if (item.contains("home")) {
        entry.probe.home = facts_from_json(item["home"]);
      }
      entry.checked_at = time_from_json(item, "checked_at");
      m_probes[origin] = std::move(entry);
    }
  }
  if (dropped > 0) {
    return fmt::format("{}: {} malformed entr{} dropped; the rest of the link cache is used",
                       m_path, dropped, dropped == 1 ? "y was" : "ies were");
  }
  return std::nullopt;
}

HostProbes LinkCache::probes() const {
  HostProbes fresh;
  const auto now = m_clock();
  for (const auto& [origin, entry] : m_probes) {
    auto age = now - entry.checked_at;
    if (age >= std::chrono::seconds(0) && age < m_max_age.success) {
      fresh.emplace(origin, entry.probe);
    }
  }
  return fresh;
}

void LinkCache::store_probes(const HostProbes& probes) {
  for (const auto& [origin, probe] : probes) {
    m_probes[origin] = ProbeEntry{probe, m_clock()};
  }
}

std::optional<std::string> LinkCache::save() const {
  // Fields at their default are left out: a smaller file reads faster.
  KeyedEntriesWriter writer("links", k_format_version);
  for (const auto& [url, entry] : m_entries) {
    const LinkResult& result = entry.result;
    nlohmann::json fields = {{"status", std::string(to_string(result.status))},
                             {"http_status", result.http_status},
                             {"attempts", result.attempts},
                             {"elapsed_ms", result.elapsed_ms},
                             {"checked_at", time_to_json(entry.checked_at)},
                             {"seen_at", time_to_json(entry.seen_at)}};
    if (result.reason != LinkReason::none) {
      fields["reason"] = std::string(to_string(result.reason));
    }
    if (result.final_url != url) {
      fields["final_url"] = result.final_url;
    }
    if (!result.evidence.empty()) {
      fields["evidence"] = result.evidence;
    }
    if (!result.error.empty()) {
      fields["error"] = result.error;
    }
    writer.add(url, fields);
  }
  nlohmann::json probes = nlohmann::json::object();
  for (const auto& [origin, entry] : m_probes) {
    nlohmann::json item = {{"random_path", facts_to_json(entry.probe.random_path)}};
    if (entry.probe.home) {
      item["home"] = facts_to_json(*entry.probe.home);
    }
    item["checked_at"] = time_to_json(entry.checked_at);
    probes[origin] = std::move(item);
  }
  const std::string text = std::move(writer).finish({{"probes", std::move(probes)}});
  if (auto problem = write_file_atomically(m_path, text, m_read_as)) {
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

void LinkCache::mark_seen(const std::vector<LinkResult>& results) {
  const auto now = m_clock();
  for (const LinkResult& result : results) {
    if (auto found = m_entries.find(result.url); found != m_entries.end()) {
      found->second.seen_at = now;
    }
  }
}

std::size_t LinkCache::prune(std::chrono::seconds unseen) {
  const auto now = m_clock();
  const std::size_t before = m_entries.size() + m_probes.size();
  std::erase_if(m_entries, [&](const auto& item) { return now - item.second.seen_at > unseen; });
  std::erase_if(m_probes, [&](const auto& item) { return now - item.second.checked_at > unseen; });
  return before - m_entries.size() - m_probes.size();
}

void LinkCache::store(const LinkResult& result) {
  if (!storable(result.status)) {
    return;
  }
  const auto now = m_clock();
  Entry entry{result, now, now};
  entry.result.sources.clear();
  m_entries[result.url] = std::move(entry);
}

}  // namespace sg::links
