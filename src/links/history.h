#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "links/link_result.h"
#include "util/file.h"

namespace sg::links {

/// What one run says about a link, as far as the history is concerned.
enum class DayOutcome {
  failed,   ///< broken, timeout, unreachable, blocked, fragment-missing
  worked,   ///< ok or redirected
  unknown,  ///< unverifiable, rate-limited, excluded, not checked: says nothing
};

/// The history's reading of one result.
DayOutcome day_outcome(const LinkResult& result);

/// How long a link has been failing, in UTC days.
struct FailureStreak {
  std::string first_failed;  ///< YYYY-MM-DD of the first failed day; empty when none
  int failed_days = 0;       ///< failed days with no day that worked between them
};

/// What the history keeps of one link. The last day a run said something is
/// kept apart from the streak before it, so that a later run on the same day
/// can replace that day's outcome: the last run of a day decides the day.
struct LinkDays {
  std::string day;                          ///< YYYY-MM-DD (UTC) of the last day with an outcome
  DayOutcome outcome = DayOutcome::failed;  ///< failed or worked, never unknown
  FailureStreak before;                     ///< the streak as the day before `day` ended
  std::string last_seen;                    ///< YYYY-MM-DD of the last run that saw the link at all
};

/// The streak as `days.day` ended: `before` extended by that day, or none
/// when the day worked.
FailureStreak streak_of(const LinkDays& days);

/// Records one run's outcome on `day` (YYYY-MM-DD, UTC) and returns what is
/// worth keeping: nullopt when the link is not failing and no later run today
/// could make it so. A run on the same day as the last one replaces that
/// day's outcome; a later day settles it into the streak first; an earlier
/// day (a clock set back) and an unknown outcome change nothing but
/// `last_seen`. Days without a run neither extend nor break a streak: a weekly
/// report counts its weeks.
std::optional<LinkDays> record_outcome(std::optional<LinkDays> known, const std::string& day,
                                       DayOutcome outcome);

/// The memory of a periodic link report, so that it does not cry wolf: a
/// link is reported dead only after failing on several UTC days with no day
/// between them on which it worked, with the date it first failed. A file of
/// its own, apart from the cache, because it must outlive any cache age.
class LinkHistory {
 public:
  explicit LinkHistory(std::string path);

  /// Reads the file; a missing one is an empty history, a malformed one too,
  /// with the returned warning. A file of the first format (which counted
  /// runs, not days) is read and written back in the current one.
  std::optional<std::string> load();
  std::optional<std::string> save() const;
  /// False when the file exists but could not be read or parsed as a whole:
  /// a run must then stop rather than start the streaks over, and save()
  /// leaves the file as it is.
  bool usable() const { return !m_unusable; }

  /// Records a run made on `today` (YYYY-MM-DD, UTC). Links not in this run
  /// are kept.
  void record(const std::vector<LinkResult>& results, const std::string& today);
  /// The link's streak; empty (0 days) when it is not failing.
  FailureStreak streak(const std::string& url) const;
  /// Drops links no run has seen for more than `unseen_days` (the link left
  /// the list). Only a run over the whole list may prune. Returns how many
  /// were dropped.
  std::size_t prune(const std::string& today, int unseen_days);

 private:
  std::string m_path;
  std::optional<FileStamp> m_read_as;
  bool m_unusable = false;
  /// Sorted, as the file is: written without a sort, read back in linear time.
  std::map<std::string, LinkDays> m_links;
};

}  // namespace sg::links
