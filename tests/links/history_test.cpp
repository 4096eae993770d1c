#include "links/history.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <ostream>

#include "support/cli_runner.h"

namespace sg::links {
namespace {

using testing::TempDir;

LinkResult result(const std::string& url, LinkStatus status, LinkReason reason = LinkReason::none) {
  LinkResult r;
  r.url = url;
  r.status = status;
  r.reason = reason;
  return r;
}

constexpr DayOutcome F = DayOutcome::failed;
constexpr DayOutcome W = DayOutcome::worked;
constexpr DayOutcome U = DayOutcome::unknown;

/// One run: the UTC day it ran on and what it said about the link.
struct Run {
  const char* day;
  DayOutcome outcome;
};

/// Runs in the order they happened, and the streak after the last.
struct StreakCase {
  const char* name;
  std::vector<Run> runs;
  FailureStreak expected;
};

// Named in test output rather than dumped as bytes.
void PrintTo(const StreakCase& streak_case, std::ostream* out) { *out << streak_case.name; }

FailureStreak streak_after(const std::vector<Run>& runs) {
  std::optional<LinkDays> known;
  for (const Run& run : runs) {
    known = record_outcome(known, run.day, run.outcome);
  }
  return known ? streak_of(*known) : FailureStreak{};
}

class StreakRules : public ::testing::TestWithParam<StreakCase> {};

TEST_P(StreakRules, FollowTheDays) {
  const FailureStreak streak = streak_after(GetParam().runs);
  EXPECT_EQ(streak.failed_days, GetParam().expected.failed_days);
  EXPECT_EQ(streak.first_failed, GetParam().expected.first_failed);
}

const StreakCase k_streak_cases[] = {
    {"NoRunsNoStreak", {}, {}},
    {"OneFailedDay", {{"2026-11-02", F}}, {"2026-11-02", 1}},
    {"ThreeWeeklyFailures",
     {{"2026-11-02", F}, {"2026-11-09", F}, {"2026-11-16", F}},
     {"2026-11-02", 3}},
    {"ThreeRunsOnOneDayAreOneDay",
     {{"2026-11-02", F}, {"2026-11-02", F}, {"2026-11-02", F}},
     {"2026-11-02", 1}},
    {"ADayThatWorkedEndsTheStreak",
     {{"2026-11-02", F}, {"2026-11-03", W}, {"2026-11-04", F}},
     {"2026-11-04", 1}},
    {"ALaterSuccessTheSameDayClearsThatDay",
     {{"2026-11-02", F}, {"2026-11-03", F}, {"2026-11-03", W}},
     {}},
    {"ALaterFailureTheSameDayReplacesAnEarlierSuccess",
     {{"2026-11-02", F}, {"2026-11-03", W}, {"2026-11-03", F}},
     {"2026-11-02", 2}},
    {"AFailureAfterASuccessThatWasReplacedKeepsTheWholeStreak",
     {{"2026-11-02", F},
      {"2026-11-03", F},
      {"2026-11-04", W},
      {"2026-11-04", F},
      {"2026-11-05", F}},
     {"2026-11-02", 4}},
    {"UnknownLeavesTheStreakAsItIs",
     {{"2026-11-02", F}, {"2026-11-03", U}, {"2026-11-04", F}},
     {"2026-11-02", 2}},
    {"UnknownAfterAFailureTheSameDayKeepsTheFailure",
     {{"2026-11-02", F}, {"2026-11-02", U}},
     {"2026-11-02", 1}},
    {"UnknownAloneStartsNothing", {{"2026-11-02", U}, {"2026-11-03", U}}, {}},
    {"SuccessAloneStartsNothing", {{"2026-11-02", W}, {"2026-11-03", W}}, {}},
    {"AnEarlierDayThanTheLastIsIgnored",
     {{"2026-11-02", F}, {"2026-11-03", F}, {"2026-11-01", W}},
     {"2026-11-02", 2}},
    {"DaysWithoutARunNeitherExtendNorBreak",
     {{"2026-01-01", F}, {"2026-06-30", F}},
     {"2026-01-01", 2}},
};

std::string case_name(const ::testing::TestParamInfo<StreakCase>& test) { return test.param.name; }

INSTANTIATE_TEST_SUITE_P(History, StreakRules, ::testing::ValuesIn(k_streak_cases), case_name);

struct OutcomeCase {
  LinkStatus status;
  LinkReason reason;
  DayOutcome expected;
};

void PrintTo(const OutcomeCase& outcome_case, std::ostream* out) {
  *out << to_string(outcome_case.status) << " (" << to_string(outcome_case.reason) << ")";
}

class OutcomeRules : public ::testing::TestWithParam<OutcomeCase> {};

TEST_P(OutcomeRules, SayWhatEachResultMeans) {
  EXPECT_EQ(day_outcome(result("https://a/", GetParam().status, GetParam().reason)),
            GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(
    History, OutcomeRules,
    ::testing::Values(OutcomeCase{LinkStatus::ok, LinkReason::none, W},
                      OutcomeCase{LinkStatus::redirected, LinkReason::moved_permanently, W},
                      OutcomeCase{LinkStatus::broken, LinkReason::http_status, F},
                      OutcomeCase{LinkStatus::timeout, LinkReason::timed_out, F},
                      OutcomeCase{LinkStatus::unreachable, LinkReason::dns, F},
                      OutcomeCase{LinkStatus::blocked, LinkReason::blocked_address, F},
                      OutcomeCase{LinkStatus::fragment_missing, LinkReason::missing_fragment, F},
                      OutcomeCase{LinkStatus::unverifiable, LinkReason::bot_wall, U},
                      OutcomeCase{LinkStatus::unverifiable, LinkReason::rate_limited, U},
                      OutcomeCase{LinkStatus::timeout, LinkReason::rate_limited, U},
                      OutcomeCase{LinkStatus::excluded, LinkReason::excluded, U},
                      OutcomeCase{LinkStatus::skipped, LinkReason::offline, U}));

TEST(LinkHistory, RecordsRunsByDayAndForgetsLinksThatWork) {
  TempDir dir;
  LinkHistory history((dir.path() / "history.json").string());
  history.record({result("https://a/", LinkStatus::broken), result("https://b/", LinkStatus::ok)},
                 "2026-11-01");
  history.record({result("https://a/", LinkStatus::timeout)}, "2026-11-01");
  history.record({result("https://a/", LinkStatus::timeout)}, "2026-11-08");
  EXPECT_EQ(history.streak("https://a/").failed_days, 2);
  EXPECT_EQ(history.streak("https://a/").first_failed, "2026-11-01");
  EXPECT_EQ(history.streak("https://b/").failed_days, 0);
  history.record({result("https://a/", LinkStatus::ok)}, "2026-11-15");
  EXPECT_EQ(history.streak("https://a/").failed_days, 0);
  ASSERT_FALSE(history.save());
  // A link that works is not written at all: the file holds failing links.
  EXPECT_EQ(testing::read_text(dir.path() / "history.json").find("https://b/"), std::string::npos);
}

TEST(LinkHistory, SurvivesASaveAndLoadWithTheSameDaysReplaceable) {
  TempDir dir;
  const std::string path = (dir.path() / "history.json").string();
  {
    LinkHistory history(path);
    history.record({result("https://a/", LinkStatus::broken)}, "2026-11-01");
    history.record({result("https://a/", LinkStatus::broken)}, "2026-11-02");
    history.record({result("https://a/", LinkStatus::ok)}, "2026-11-03");
    ASSERT_FALSE(history.save());
  }
  LinkHistory loaded(path);
  EXPECT_FALSE(loaded.load());
  EXPECT_EQ(loaded.streak("https://a/").failed_days, 0);
  // The success of 2026-11-03 was that day's outcome only until a later run.
  loaded.record({result("https://a/", LinkStatus::broken)}, "2026-11-03");
  EXPECT_EQ(loaded.streak("https://a/").failed_days, 3);
  EXPECT_EQ(loaded.streak("https://a/").first_failed, "2026-11-01");
}

// The first format counted runs: three re-runs on one day made a link dead.
TEST(LinkHistory, ReadsTheFormatThatCountedRunsAsDays) {
  TempDir dir;
  const std::string path = (dir.path() / "history.json").string();
  std::ofstream(path) << R"({"version": 1, "failing": {
    "https://rerun/": {"first_failed": "2026-11-02", "runs": 3, "last_seen": "2026-11-02"},
    "https://weekly/": {"first_failed": "2026-11-02", "runs": 3, "last_seen": "2026-11-16"},
    "https://bad/": {"first_failed": 7, "runs": 3}
  }})";
  LinkHistory history(path);
  const auto warning = history.load();
  ASSERT_TRUE(warning);
  EXPECT_NE(warning->find("1 malformed entry was dropped"), std::string::npos) << *warning;
  EXPECT_EQ(history.streak("https://rerun/").failed_days, 1);
  EXPECT_EQ(history.streak("https://weekly/").failed_days, 3);
  EXPECT_EQ(history.streak("https://weekly/").first_failed, "2026-11-02");
  EXPECT_EQ(history.streak("https://bad/").failed_days, 0);
  ASSERT_FALSE(history.save());
  LinkHistory again(path);
  EXPECT_FALSE(again.load());
  EXPECT_EQ(again.streak("https://weekly/").failed_days, 3);
  EXPECT_NE(testing::read_text(path).find("\"version\": 2"), std::string::npos);
}

TEST(LinkHistory, AFileOfAnotherVersionStopsTheRunAndIsLeftAlone) {
  TempDir dir;
  const std::string path = (dir.path() / "history.json").string();
  const std::string future = R"({"version": 3, "links": {}})";
  std::ofstream(path) << future;
  LinkHistory history(path);
  const auto warning = history.load();
  ASSERT_TRUE(warning);
  EXPECT_FALSE(history.usable());
  EXPECT_NE(warning->find("reads versions 1 and 2"), std::string::npos) << *warning;
  EXPECT_TRUE(history.save());
  EXPECT_EQ(testing::read_text(path), future);
}

TEST(LinkHistory, HandEditedEntriesAreDroppedOneByOne) {
  TempDir dir;
  const std::string path = (dir.path() / "history.json").string();
  std::ofstream(path) << R"({"version": 2, "links": {
    "https://a/": {"day": "2026-11-02", "outcome": "failed", "failed_days_before": 2147483647,
                   "failed_before_since": "2020-01-01", "last_seen": "2026-11-02"},
    "https://b/": {"day": "2026-11-02", "outcome": "maybe", "last_seen": "2026-11-02"},
    "https://c/": {"day": "2026-02-30", "outcome": "failed", "last_seen": "2026-11-02"},
    "https://d/": {"day": "2026-11-02", "outcome": "failed", "failed_days_before": 2,
                   "failed_before_since": "2026-12-01", "last_seen": "2026-11-02"}
  }})";
  LinkHistory history(path);
  const auto warning = history.load();
  ASSERT_TRUE(warning);
  EXPECT_NE(warning->find("3 malformed entries were dropped"), std::string::npos) << *warning;
  // The longest streak stays at the largest count rather than wrapping.
  history.record({result("https://a/", LinkStatus::broken)}, "2026-11-09");
  EXPECT_EQ(history.streak("https://a/").failed_days, 2147483647);
}

// A link removed from the list kept its streak forever.
TEST(LinkHistory, LinksNoRunHasSeenForLongArePruned) {
  TempDir dir;
  LinkHistory history((dir.path() / "history.json").string());
  history.record({result("https://removed/", LinkStatus::broken),
                  result("https://still/", LinkStatus::broken)},
                 "2026-01-01");
  // Seen, though the run could not tell: still in the list.
  history.record({result("https://still/", LinkStatus::unverifiable)}, "2026-03-01");
  EXPECT_EQ(history.prune("2026-03-01", 30), 1U);
  EXPECT_EQ(history.streak("https://removed/").failed_days, 0);
  EXPECT_EQ(history.streak("https://still/").failed_days, 1);
  EXPECT_EQ(history.streak("https://still/").first_failed, "2026-01-01");
}

TEST(LinkHistory, AMalformedFileIsNotUsable) {
  TempDir dir;
  const std::string path = (dir.path() / "history.json").string();
  std::ofstream(path) << "{not json";
  LinkHistory broken(path);
  EXPECT_TRUE(broken.load().has_value());
  EXPECT_FALSE(broken.usable());
}

}  // namespace
}  // namespace sg::links
