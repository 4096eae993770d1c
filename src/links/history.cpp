#include "links/history.h"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "links/checker.h"
#include "links/keyed_json.h"
#include "util/date.h"
#include "util/file.h"
#include "util/text.h"

namespace sg::links {

namespace {

constexpr int k_format_version = 1;

/// A streak longer than any int stays at the largest: wrapping to a negative
/// count would hide a dead link.
int saturated_runs(long long runs) {
  return static_cast<int>(std::clamp<long long>(runs, 0, std::numeric_limits<int>::max()));
}

}  // namespace

LinkHistory::LinkHistory(std::string path) : m_path(std::move(path)) {}

std::optional<std::string> LinkHistory::load() {
  m_streaks.clear();
  m_read_as.reset();
  m_unusable = false;
  // One bad entry is dropped, never the whole history or the run.
  std::size_t dropped = 0;
  auto take = [&](const std::string& url, const nlohmann::json& item) {
    try {
      const long long runs = item.is_object() ? item.value("runs", 0LL) : 0;
      if (runs > 0) {
        std::string first_failed = item.value("first_failed", "");
        std::string last_seen = item.value("last_seen", first_failed);
        m_streaks.insert_or_assign(
            m_streaks.end(), url,
            FailureStreak{std::move(first_failed), saturated_runs(runs), std::move(last_seen)});
        return;
      }
    } catch (const nlohmann::json::exception&) {
    }
    ++dropped;
  };
  const KeyedFile file = read_keyed_file(m_path, "failing", k_format_version, take);
  m_read_as = file.stamp;
  switch (file.state) {
    case KeyedFile::State::missing:
      return std::nullopt;
    case KeyedFile::State::unreadable:
      m_unusable = true;
      return m_path + ": cannot read the link history (" + file.error +
             "); give a readable file, or a new path to start one";
    case KeyedFile::State::malformed:
      m_streaks.clear();
      m_unusable = true;
      return m_path +
             ": the link history is malformed or from another version; fix it, or remove it "
             "to start a new one";
    case KeyedFile::State::read:
      break;
  }
  if (dropped > 0) {
    return fmt::format("{}: {} malformed entr{} dropped; the rest of the link history is used",
                       m_path, dropped, dropped == 1 ? "y was" : "ies were");
  }
  return std::nullopt;
}

std::optional<std::string> LinkHistory::save() const {
  if (m_unusable) {
    return "the link history " + m_path + " was not readable; it is left as it was";
  }
  KeyedEntriesWriter writer("failing", k_format_version);
  for (const auto& [url, streak] : m_streaks) {
    writer.add(url, {{"first_failed", streak.first_failed},
                     {"runs", streak.runs},
                     {"last_seen", streak.last_seen}});
  }
  if (auto problem = write_file_atomically(m_path, std::move(writer).finish(), m_read_as)) {
    return "the link history: " + *problem;
  }
  return std::nullopt;
}

void LinkHistory::record(const std::vector<LinkResult>& results, const std::string& today) {
  for (const LinkResult& result : results) {
    if (!is_failure(result.status)) {
      m_streaks.erase(result.url);
      continue;
    }
    auto [it, inserted] = m_streaks.try_emplace(result.url, FailureStreak{today, 0, today});
    it->second.runs = saturated_runs(static_cast<long long>(it->second.runs) + 1);
    it->second.last_seen = today;
  }
}

std::size_t LinkHistory::prune(const std::string& today, int unseen_days) {
  const auto now = parse_date(today);
  if (!now) {
    return 0;
  }
  const std::chrono::sys_days oldest = *now - std::chrono::days(unseen_days);
  // A date that does not parse was hand-edited; it goes with the old ones.
  return std::erase_if(m_streaks, [&](const auto& item) {
    const auto seen = parse_date(item.second.last_seen);
    return !seen || *seen < oldest;
  });
}

const FailureStreak* LinkHistory::find(const std::string& url) const {
  auto it = m_streaks.find(url);
  return it == m_streaks.end() ? nullptr : &it->second;
}

}  // namespace sg::links
