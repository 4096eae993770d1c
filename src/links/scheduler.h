#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <queue>
#include <random>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sg::links {

using SteadyClock = std::chrono::steady_clock;
using TimePoint = SteadyClock::time_point;

/// One host's share of the run: its own queue, so that a request's clock
/// starts when the request does (libcurl's own queueing would count the
/// wait against CURLOPT_TIMEOUT_MS) and a slow host never holds up others.
struct HostState {
  std::string name;
  std::deque<std::size_t> queue;  ///< job ids
  int in_flight = 0;
  int limit = 1;  ///< adaptive: halves on 429/5xx, grows back on success
  TimePoint next_allowed{};
  long slowdown_ms = 0;
  bool in_ring = false;
  /// Some request to the host got an HTTP answer in this run.
  bool answered = false;
  /// An attempt timed out and the host never answered: one job (`suspect_job`)
  /// tries again while the host's other jobs are held back.
  bool suspect = false;
  std::size_t suspect_job = 0;
  std::vector<std::size_t> held;
  /// The suspect job timed out for good: the host's other links fail fast
  /// instead of spending the deadline again.
  bool unresponsive = false;
  std::string unresponsive_evidence;
};

struct SchedulerLimits {
  int max_concurrency = 32;
  int max_per_host = 4;
  long min_interval_ms = 0;
  long retry_base_delay_ms = 500;
  long retry_max_delay_ms = 60'000;
  unsigned random_seed = 0;  ///< 0: a random one
};

/// Global and per-host limits, round-robin over hosts with work, delayed
/// retries and per-host slow-down. Knows jobs only by id; starting one is the
/// caller's business.
class Scheduler {
 public:
  explicit Scheduler(SchedulerLimits limits);

  HostState& host(std::string_view name);
  void enqueue(std::size_t job, HostState& host, bool front);
  /// Queues `job` at the front of `host`'s queue once `when` has come.
  void delay(std::size_t job, HostState& host, TimePoint when);

  /// Starts what the limits allow (calling `start` with the job and its
  /// host, which must call started()) and returns the earliest time a
  /// waiting host or delayed job may go.
  std::optional<TimePoint> schedule(TimePoint now,
                                    const std::function<void(std::size_t, HostState&)>& start);
  void started(HostState& host, TimePoint now);
  void ended(HostState& host);

  /// A host that answers 429 or 5xx is slowed as a whole, not just the
  /// request that got the answer: fewer requests in flight and a pause.
  void slow_down(HostState& host, TimePoint now, std::optional<long> server_delay_ms);
  void recover(HostState& host);
  /// Exponential backoff with up to 50% jitter for the n-th retry (n >= 1).
  long backoff_ms(int retry_number);

  int in_flight() const { return m_in_flight; }
  /// The host with the most unfinished requests: what the run waits on.
  std::string busiest_host() const;

 private:
  struct Delayed {
    TimePoint when;
    std::size_t job;
    HostState* host;
    bool operator>(const Delayed& other) const { return when > other.when; }
  };

  SchedulerLimits m_limits;
  std::unordered_map<std::string, std::unique_ptr<HostState>> m_hosts;
  std::deque<HostState*> m_ring;
  std::priority_queue<Delayed, std::vector<Delayed>, std::greater<>> m_delayed;
  int m_in_flight = 0;
  std::mt19937 m_random;
};

}  // namespace sg::links
