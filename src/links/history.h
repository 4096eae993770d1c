#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "links/link_result.h"
#include "util/file.h"

namespace sg::links {

/// How long a link has been failing, run after run.
struct FailureStreak {
  std::string first_failed;  ///< YYYY-MM-DD of the first failed run in the streak
  int runs = 0;              ///< consecutive failed runs, this one included
  std::string last_seen;     ///< YYYY-MM-DD of the last run that saw the link
};

/// The memory of a periodic link report, so that it does not cry wolf: a
/// link is reported dead only after failing several runs in a row, with the
/// date it first failed. A file of its own, apart from the cache, because it
/// must outlive any cache age.
class LinkHistory {
 public:
  explicit LinkHistory(std::string path);

  /// Reads the file; a missing one is an empty history, a malformed one too,
  /// with the returned warning.
  std::optional<std::string> load();
  std::optional<std::string> save() const;
  /// False when the file exists but could not be read or parsed as a whole:
  /// a run must then stop rather than start the streaks over, and save()
  /// leaves the file as it is.
  bool usable() const { return !m_unusable; }

  /// Records a run: a failure extends its link's streak (or starts one on
  /// `today`), any other status ends it. Links not in this run are kept.
  void record(const std::vector<LinkResult>& results, const std::string& today);
  const FailureStreak* find(const std::string& url) const;
  /// Drops streaks of links no run has seen for more than `unseen_days` (the
  /// link left the list). Only a run over the whole list may prune. Returns
  /// how many were dropped.
  std::size_t prune(const std::string& today, int unseen_days);

 private:
  std::string m_path;
  std::optional<FileStamp> m_read_as;
  bool m_unusable = false;
  /// Sorted, as the file is: written without a sort, read back in linear time.
  std::map<std::string, FailureStreak> m_streaks;
};

}  // namespace sg::links
