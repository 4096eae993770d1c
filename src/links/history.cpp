#include "links/history.h"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "links/keyed_json.h"
#include "util/date.h"
#include "util/file.h"

namespace sg::links {

namespace {

/// 2 counts days; 1 counted runs, so that re-runs on one day made a link dead.
constexpr int k_format_version = 2;
constexpr int k_runs_format_version = 1;

/// A streak longer than any int stays at the largest: wrapping to a negative
/// count would hide a dead link.
int saturated(long long days) {
  return static_cast<int>(std::clamp<long long>(days, 0, std::numeric_limits<int>::max()));
}

bool is_date(const std::string& text) { return parse_date(text).has_value(); }

/// A link's first recorded day. (Built field by field: GCC 12 takes a
/// brace-initialised member for an uninitialised one.)
LinkDays first_day(const std::string& day, DayOutcome outcome) {
  LinkDays days;
  days.day = day;
  days.outcome = outcome;
  days.last_seen = day;
  return days;
}

std::string_view outcome_name(DayOutcome outcome) {
  return outcome == DayOutcome::failed ? "failed" : "worked";
}

/// One entry of the current format; nullopt when any field is missing or
/// wrong, so that a hand-edited entry is dropped rather than misread.
std::optional<LinkDays> read_days(const nlohmann::json& item) {
  if (!item.is_object()) {
    return std::nullopt;
  }
  LinkDays days;
  days.day = item.value("day", "");
  const std::string outcome = item.value("outcome", "");
  days.before.first_failed = item.value("failed_before_since", "");
  days.before.failed_days = saturated(item.value("failed_days_before", 0LL));
  days.last_seen = item.value("last_seen", days.day);
  if (outcome != "failed" && outcome != "worked") {
    return std::nullopt;
  }
  days.outcome = outcome == "failed" ? DayOutcome::failed : DayOutcome::worked;
  const bool before_consistent =
      days.before.failed_days == 0
          ? days.before.first_failed.empty()
          : is_date(days.before.first_failed) && days.before.first_failed < days.day;
  if (!is_date(days.day) || !is_date(days.last_seen) || !before_consistent) {
    return std::nullopt;
  }
  return days;
}

/// An entry of the first format, {"first_failed", "runs", "last_seen"}: its
/// runs become days, at most one a day between the first and the last.
std::optional<LinkDays> migrate_runs(const nlohmann::json& item) {
  if (!item.is_object()) {
    return std::nullopt;
  }
  const long long runs = item.value("runs", 0LL);
  const std::string first_failed = item.value("first_failed", "");
  const std::string last_seen = item.value("last_seen", first_failed);
  const auto first = parse_date(first_failed);
  const auto last = parse_date(last_seen);
  if (runs <= 0 || !first || !last || *last < *first) {
    return std::nullopt;
  }
  const long long span_days = (*last - *first).count() + 1;
  const int failed_days = saturated(std::min(runs, span_days));
  LinkDays days = first_day(last_seen, DayOutcome::failed);
  if (failed_days > 1) {
    days.before = {first_failed, failed_days - 1};
  }
  return days;
}

}  // namespace

DayOutcome day_outcome(const LinkResult& result) {
  if (result.reason == LinkReason::rate_limited) {
    return DayOutcome::unknown;
  }
  if (is_failure(result.status)) {
    return DayOutcome::failed;
  }
  if (result.status == LinkStatus::ok || result.status == LinkStatus::redirected) {
    return DayOutcome::worked;
  }
  return DayOutcome::unknown;
}

FailureStreak streak_of(const LinkDays& days) {
  if (days.outcome != DayOutcome::failed) {
    return {};
  }
  if (days.before.failed_days == 0) {
    return {days.day, 1};
  }
  return {days.before.first_failed, saturated(static_cast<long long>(days.before.failed_days) + 1)};
}

std::optional<LinkDays> record_outcome(std::optional<LinkDays> known, const std::string& day,
                                       DayOutcome outcome) {
  if (!known) {
    if (outcome != DayOutcome::failed) {
      return std::nullopt;
    }
    return first_day(day, outcome);
  }
  known->last_seen = std::max(known->last_seen, day);
  if (outcome == DayOutcome::unknown || day < known->day) {
    return known;
  }
  if (day > known->day) {
    known->before = streak_of(*known);
    known->day = day;
  }
  known->outcome = outcome;
  // Kept while it fails, or while a later run today could bring the streak back.
  if (streak_of(*known).failed_days == 0 && known->before.failed_days == 0) {
    return std::nullopt;
  }
  return known;
}

LinkHistory::LinkHistory(std::string path) : m_path(std::move(path)) {}

std::optional<std::string> LinkHistory::load() {
  m_links.clear();
  m_read_as.reset();
  m_unusable = false;
  // One bad entry is dropped, never the whole history or the run.
  std::size_t dropped = 0;
  auto taker = [&](auto read) {
    return [&, read](const std::string& url, const nlohmann::json& item) {
      std::optional<LinkDays> days;
      try {
        days = read(item);
      } catch (const nlohmann::json::exception&) {
      }
      if (days) {
        m_links.insert_or_assign(m_links.end(), url, std::move(*days));
      } else {
        ++dropped;
      }
    };
  };
  KeyedFile file = read_keyed_file(m_path, "links", k_format_version, taker(read_days));
  if (file.state == KeyedFile::State::malformed) {
    m_links.clear();
    dropped = 0;
    file = read_keyed_file(m_path, "failing", k_runs_format_version, taker(migrate_runs));
  }
  m_read_as = file.stamp;
  switch (file.state) {
    case KeyedFile::State::missing:
      return std::nullopt;
    case KeyedFile::State::unreadable:
      m_unusable = true;
      return m_path + ": cannot read the link history (" + file.error +
             "); give a readable file, or a new path to start one";
    case KeyedFile::State::malformed:
      m_links.clear();
      m_unusable = true;
      return fmt::format(
          "{}: the link history is malformed or from another version (this one reads "
          "versions {} and {}); fix it, or remove it to start a new one",
          m_path, k_runs_format_version, k_format_version);
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
  KeyedEntriesWriter writer("links", k_format_version);
  for (const auto& [url, days] : m_links) {
    nlohmann::json item = {{"day", days.day}, {"outcome", outcome_name(days.outcome)}};
    if (days.before.failed_days > 0) {
      item["failed_days_before"] = days.before.failed_days;
      item["failed_before_since"] = days.before.first_failed;
    }
    item["last_seen"] = days.last_seen;
    writer.add(url, item);
  }
  if (auto problem = write_file_atomically(m_path, std::move(writer).finish(), m_read_as)) {
    return "the link history: " + *problem;
  }
  return std::nullopt;
}

void LinkHistory::record(const std::vector<LinkResult>& results, const std::string& today) {
  for (const LinkResult& result : results) {
    auto it = m_links.find(result.url);
    std::optional<LinkDays> known;
    if (it != m_links.end()) {
      known = std::move(it->second);
    }
    std::optional<LinkDays> kept = record_outcome(std::move(known), today, day_outcome(result));
    if (kept) {
      m_links.insert_or_assign(result.url, std::move(*kept));
    } else if (it != m_links.end()) {
      m_links.erase(it);
    }
  }
}

FailureStreak LinkHistory::streak(const std::string& url) const {
  auto it = m_links.find(url);
  return it == m_links.end() ? FailureStreak{} : streak_of(it->second);
}

std::size_t LinkHistory::prune(const std::string& today, int unseen_days) {
  const auto now = parse_date(today);
  if (!now) {
    return 0;
  }
  const std::chrono::sys_days oldest = *now - std::chrono::days(unseen_days);
  return std::erase_if(m_links, [&](const auto& item) {
    const auto seen = parse_date(item.second.last_seen);
    return !seen || *seen < oldest;
  });
}

}  // namespace sg::links
