#include "links/scheduler.h"

#include <algorithm>

namespace sg::links {

Scheduler::Scheduler(SchedulerLimits limits)
    : m_limits(limits),
      m_random(limits.random_seed != 0 ? limits.random_seed : std::random_device{}()) {}

HostState& Scheduler::host(std::string_view name) {
  auto& slot = m_hosts[std::string(name)];
  if (!slot) {
    slot = std::make_unique<HostState>();
    slot->name = std::string(name);
    slot->limit = m_limits.max_per_host;
  }
  return *slot;
}

void Scheduler::enqueue(std::size_t job, HostState& host, bool front) {
  if (front) {
    host.queue.push_front(job);
  } else {
    host.queue.push_back(job);
  }
  if (!host.in_ring) {
    host.in_ring = true;
    m_ring.push_back(&host);
  }
}

void Scheduler::delay(std::size_t job, HostState& host, TimePoint when) {
  m_delayed.push({when, job, &host});
}

std::optional<TimePoint> Scheduler::schedule(
    TimePoint now, const std::function<void(std::size_t, HostState&)>& start) {
  std::optional<TimePoint> wake;
  while (!m_delayed.empty() && m_delayed.top().when <= now) {
    Delayed ready = m_delayed.top();
    m_delayed.pop();
    // A retry goes before the host's new work: it has waited already.
    enqueue(ready.job, *ready.host, true);
  }
  if (!m_delayed.empty()) {
    wake = m_delayed.top().when;
  }
  bool started_any = true;
  while (started_any && m_in_flight < m_limits.max_concurrency && !m_ring.empty()) {
    started_any = false;
    std::size_t count = m_ring.size();
    for (std::size_t i = 0; i < count && m_in_flight < m_limits.max_concurrency; ++i) {
      HostState* host = m_ring.front();
      m_ring.pop_front();
      if (host->queue.empty() || host->in_flight >= host->limit) {
        host->in_ring = false;  // back in when a request ends or work arrives
        continue;
      }
      if (now < host->next_allowed) {
        m_ring.push_back(host);
        wake = wake ? std::min(*wake, host->next_allowed) : host->next_allowed;
        continue;
      }
      std::size_t job = host->queue.front();
      host->queue.pop_front();
      m_ring.push_back(host);
      start(job, *host);
      started_any = true;
    }
  }
  return wake;
}

void Scheduler::started(HostState& host, TimePoint now) {
  host.in_flight++;
  m_in_flight++;
  if (m_limits.min_interval_ms > 0) {
    host.next_allowed =
        std::max(host.next_allowed, now + std::chrono::milliseconds(m_limits.min_interval_ms));
  }
}

void Scheduler::ended(HostState& host) {
  host.in_flight--;
  m_in_flight--;
  if (!host.in_ring && !host.queue.empty()) {
    host.in_ring = true;
    m_ring.push_back(&host);
  }
}

void Scheduler::slow_down(HostState& host, TimePoint now, std::optional<long> server_delay_ms) {
  const long base = m_limits.retry_base_delay_ms;
  const long most = std::max(base, m_limits.retry_max_delay_ms);
  long pause = 0;
  if (server_delay_ms) {
    // The server said how long: wait that, no more.
    pause = std::min(*server_delay_ms, most);
  } else {
    host.slowdown_ms = std::clamp(std::min(host.slowdown_ms, most / 2) * 2, base, most);
    pause = host.slowdown_ms;
  }
  host.next_allowed = std::max(host.next_allowed, now + std::chrono::milliseconds(pause));
  host.limit = std::max(1, host.limit / 2);
}

void Scheduler::recover(HostState& host) {
  host.slowdown_ms = host.slowdown_ms < 100 ? 0 : host.slowdown_ms / 2;
  host.limit = std::min(m_limits.max_per_host, host.limit + 1);
}

long Scheduler::backoff_ms(int retry_number) {
  const long most = m_limits.retry_max_delay_ms;
  long base = std::min(m_limits.retry_base_delay_ms, most);
  for (int i = 1; i < retry_number && base < most; ++i) {
    base = base > most / 2 ? most : base * 2;
  }
  std::uniform_int_distribution<long> jitter(0, std::max(base / 2, 0L));
  const long extra = jitter(m_random);
  return extra <= most - base ? base + extra : most;
}

std::string Scheduler::busiest_host() const {
  std::string busiest;
  std::size_t most = 0;
  for (const auto& [name, host] : m_hosts) {
    std::size_t pending = host->queue.size() + static_cast<std::size_t>(host->in_flight);
    if (pending > most || (pending == most && pending > 0 && name < busiest)) {
      most = pending;
      busiest = name;
    }
  }
  return busiest;
}

}  // namespace sg::links
