#include "links/scheduler.h"

#include <gtest/gtest.h>

#include <limits>

namespace sg::links {
namespace {

using std::chrono::milliseconds;

std::vector<std::size_t> start_all(Scheduler& scheduler, TimePoint now) {
  std::vector<std::size_t> started;
  scheduler.schedule(now, [&](std::size_t job, HostState& host) {
    started.push_back(job);
    scheduler.started(host, now);
  });
  return started;
}

TEST(Scheduler, PerHostAndGlobalLimits) {
  Scheduler scheduler({3, 2, 0, 500, 60'000, 1});
  HostState& a = scheduler.host("a");
  HostState& b = scheduler.host("b");
  for (std::size_t job : {0, 1, 2}) {
    scheduler.enqueue(job, a, false);
  }
  scheduler.enqueue(3, b, false);
  const TimePoint now{};
  auto started = start_all(scheduler, now);
  EXPECT_EQ(started, (std::vector<std::size_t>{0, 3, 1}));  // round-robin over hosts
  EXPECT_EQ(scheduler.in_flight(), 3);
  EXPECT_EQ(a.in_flight, 2);
  scheduler.ended(b);
  EXPECT_TRUE(start_all(scheduler, now).empty());  // a is at its limit
  scheduler.ended(a);
  EXPECT_EQ(start_all(scheduler, now), std::vector<std::size_t>{2});
}

TEST(Scheduler, ARetryGoesBeforeNewWorkOnceItsTimeHasCome) {
  Scheduler scheduler({8, 1, 0, 500, 60'000, 1});
  HostState& host = scheduler.host("h");
  scheduler.enqueue(1, host, false);
  scheduler.enqueue(2, host, false);
  const TimePoint now{};
  scheduler.delay(0, host, now + milliseconds(100));
  EXPECT_EQ(start_all(scheduler, now), std::vector<std::size_t>{1});
  scheduler.ended(host);
  EXPECT_EQ(start_all(scheduler, now + milliseconds(100)), std::vector<std::size_t>{0});
}

TEST(Scheduler, AServerDelayPausesTheHostForExactlyThatLong) {
  Scheduler scheduler({8, 4, 0, 500, 60'000, 1});
  HostState& host = scheduler.host("h");
  const TimePoint now{};
  scheduler.slow_down(host, now, 1000);
  scheduler.slow_down(host, now, 1000);
  EXPECT_EQ(host.next_allowed, now + milliseconds(1000));
  EXPECT_EQ(host.limit, 1);
  scheduler.recover(host);
  EXPECT_EQ(host.limit, 2);
  // Without a server delay the pause doubles from the base.
  HostState& other = scheduler.host("o");
  scheduler.slow_down(other, now, std::nullopt);
  EXPECT_EQ(other.next_allowed, now + milliseconds(500));
  scheduler.slow_down(other, now, std::nullopt);
  EXPECT_EQ(other.next_allowed, now + milliseconds(1000));
}

TEST(Scheduler, BackoffStaysWithinItsCapForAnyRetryCount) {
  constexpr long k_huge = std::numeric_limits<long>::max();
  Scheduler scheduler({8, 4, 0, k_huge, k_huge, 1});
  for (int retry : {1, 2, 20, 1000}) {
    long delay = scheduler.backoff_ms(retry);
    EXPECT_GE(delay, 0) << retry;
    EXPECT_LE(delay, k_huge) << retry;
  }
  Scheduler small({8, 4, 0, 100, 1000, 1});
  EXPECT_LE(small.backoff_ms(30), 1000);
  EXPECT_GE(small.backoff_ms(1), 100);
}

}  // namespace
}  // namespace sg::links
