#include "links/checker.h"

#include <curl/curl.h>
#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <clocale>
#include <random>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "links/check_config.h"
#include "links/fragments.h"
#include "links/github.h"
#include "links/html.h"
#include "links/scheduler.h"
#include "links/transfer.h"
#include "util/github_url.h"
#include "util/text.h"
#include "util/url.h"

namespace sg::links {

void ensure_curl_initialised() {
  // libcurl converts internationalised host names (bücher.example) to
  // punycode with libidn2, which reads the character set from the locale: in
  // the "C" locale every such host would be "bad/illegal format".
  static const bool k_initialised = [] {
    if (std::setlocale(LC_CTYPE, "C.UTF-8") == nullptr) {
      std::setlocale(LC_CTYPE, "");
    }
    curl_global_init(CURL_GLOBAL_DEFAULT);
    return true;
  }();
  (void)k_initialised;
}

namespace {

using std::chrono::milliseconds;

/// How much of a GitHub API answer is read (a repository is a few KiB).
constexpr std::size_t k_api_body_bytes = std::size_t{256} * 1024;

long to_ms(SteadyClock::duration duration) {
  return static_cast<long>(std::chrono::duration_cast<milliseconds>(duration).count());
}

/// A link to check, or one of the two requests that tell what a host
/// answers for a page that does not exist.
enum class JobKind { link, random_path, home };

struct Job {
  std::size_t id = 0;
  JobKind kind = JobKind::link;
  std::string fetch_url;  ///< the link without its fragment; for probes, the probe URL
  std::string origin;     ///< probes: the origin they describe
  std::vector<std::size_t> targets;
  bool need_anchors = false;
  std::optional<std::string> github_repo;

  std::string url;  ///< the current hop
  HostState* host = nullptr;
  bool head = false;
  bool ranged = false;
  bool api_hop = false;
  std::vector<RedirectHop> chain;

  int attempts = 0;
  int requests = 0;  ///< transfers made, hops and retries included
  bool started = false;
  TimePoint first_start{};
  TimePoint deadline{};
  TimePoint queued_at{};
  TimePoint finished_at{};
  long attempt_timeout_ms = 0;
  CURL* easy = nullptr;
  std::unique_ptr<Transfer> transfer;

  bool finished = false;
  Outcome outcome;
  long http_status = 0;
  std::string final_url;
  std::optional<PageFacts> page;  ///< a 2xx page that waits for its host's probe
  bool page_is_html = false;
  bool anchors_truncated = false;
  std::unordered_set<std::string> anchors;
};

/// What is known about one origin's answers to a path that does not exist.
struct ProbeState {
  enum class Phase { none, running, done };
  Phase random_path = Phase::none;
  Phase home = Phase::none;
  HostProbe facts;
  std::vector<std::size_t> waiting;  ///< link jobs parked on this probe
  bool learned = false;              ///< new in this run: to be stored
};

/// The curl multi loop and its jobs, alive for one check() call.
class Engine {
 public:
  Engine(const CheckConfig& config, HostProbes* known_probes)
      : m_config(config),
        m_settings(config.settings()),
        m_scheduler(SchedulerLimits{m_settings.max_concurrency, m_settings.max_per_host,
                                    m_settings.min_interval_per_host_ms,
                                    m_settings.retry_base_delay_ms, m_settings.retry_max_delay_ms,
                                    m_settings.random_seed}),
        m_random(m_settings.random_seed != 0 ? m_settings.random_seed : std::random_device{}()),
        m_known_probes(known_probes) {
    ensure_curl_initialised();
    m_multi = curl_multi_init();
    if (m_multi == nullptr) {
      throw std::runtime_error("curl_multi_init failed");
    }
    // One multi handle shares DNS and connections between all transfers;
    // multiplexing is on by default for HTTP/2, set explicitly for clarity.
    curl_multi_setopt(m_multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
    curl_multi_setopt(m_multi, CURLMOPT_MAXCONNECTS,
                      static_cast<long>(std::max(m_settings.max_concurrency * 2, 16)));
    for (const auto& entry : m_settings.resolve) {
      m_resolve = curl_slist_append(m_resolve, entry.c_str());
    }
    if (known_probes != nullptr) {
      for (const auto& [origin, probe] : *known_probes) {
        ProbeState& state = m_probes[origin];
        state.random_path = ProbeState::Phase::done;
        state.facts = probe;
        state.home = probe.home ? ProbeState::Phase::done : ProbeState::Phase::none;
      }
    }
  }

  ~Engine() {
    for (auto& job : m_jobs) {
      release_handle(*job);
    }
    for (CURL* easy : m_idle_handles) {
      curl_easy_cleanup(easy);
    }
    curl_multi_cleanup(m_multi);
    curl_slist_free_all(m_resolve);
  }

  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  const std::vector<std::unique_ptr<Job>>& jobs() const { return m_jobs; }
  const Scheduler& scheduler() const { return m_scheduler; }

  /// A link job for `fetch_url`; call start_all() when every one is added.
  Job& add_link(const std::string& fetch_url) { return add_job(JobKind::link, fetch_url); }

  void start_all() {
    const auto now = SteadyClock::now();
    for (std::size_t i = 0; i < m_jobs.size(); ++i) {
      Job& job = *m_jobs[i];
      if (!m_settings.github_token.empty() && !job.need_anchors) {
        job.github_repo = github_repo_of(job.fetch_url);
      }
      if (job.github_repo) {
        job.url = github_api_url(m_settings.github_api_base, *job.github_repo);
        job.head = false;
      } else {
        job.url = job.fetch_url;
        const bool read_page = job.need_anchors || m_config.soft_404_enabled();
        job.head = !read_page;
        job.ranged = read_page && !job.need_anchors;
      }
      queue(job, false, now);
    }
  }

  void run(const std::function<void()>& progress_tick) {
    while (m_finished < m_jobs.size()) {
      std::optional<TimePoint> wake = m_scheduler.schedule(
          SteadyClock::now(),
          [this](std::size_t id, HostState& host) { start(*m_jobs[id], host); });
      int running = 0;
      curl_multi_perform(m_multi, &running);
      int left = 0;
      bool any_done = false;
      while (CURLMsg* message = curl_multi_info_read(m_multi, &left)) {
        if (message->msg != CURLMSG_DONE) {
          continue;
        }
        Job* job = nullptr;
        curl_easy_getinfo(message->easy_handle, CURLINFO_PRIVATE, &job);
        on_done(*job, message->data.result);
        any_done = true;
      }
      if (progress_tick) {
        progress_tick();
      }
      if (m_finished >= m_jobs.size()) {
        break;
      }
      if (any_done) {
        continue;  // schedule follow-ups before waiting
      }
      long wait_ms = 1000;
      if (wake) {
        wait_ms = std::clamp(to_ms(*wake - SteadyClock::now()) + 1, 0L, 1000L);
      }
      if (m_scheduler.in_flight() == 0 && !wake) {
        // Nothing in flight and nothing waiting: every queued job's host is
        // blocked only by limits that cannot change. Defensive.
        break;
      }
      curl_multi_poll(m_multi, nullptr, 0, static_cast<int>(wait_ms), nullptr);
    }
  }

  /// Every unfinished job ends as interrupted (the run was stopped).
  void finish_the_rest() {
    for (auto& job : m_jobs) {
      if (!job->finished) {
        finish(*job, {LinkStatus::timeout, LinkReason::interrupted, ""});
      }
    }
  }

  /// The probes learned in this run, for the cache.
  void report_probes() {
    if (m_known_probes == nullptr) {
      return;
    }
    for (const auto& [origin, state] : m_probes) {
      if (state.learned && state.random_path == ProbeState::Phase::done) {
        (*m_known_probes)[origin] = state.facts;
      }
    }
  }

 private:
  Job& add_job(JobKind kind, const std::string& url) {
    m_jobs.push_back(std::make_unique<Job>());
    Job& job = *m_jobs.back();
    job.id = m_jobs.size() - 1;
    job.kind = kind;
    job.fetch_url = url;
    return job;
  }

  void queue(Job& job, bool front, TimePoint now) {
    job.host = &m_scheduler.host(url_host(job.url));
    job.api_hop = job.github_repo && url_origin(job.url) == m_config.api_origin();
    job.queued_at = now;
    m_scheduler.enqueue(job.id, *job.host, front);
  }

  void release_handle(Job& job) {
    if (job.easy != nullptr) {
      curl_multi_remove_handle(m_multi, job.easy);
      m_idle_handles.push_back(job.easy);
      job.easy = nullptr;
    }
  }

  std::vector<std::string> request_headers(const Job& job, const HostSettings& host) const {
    std::vector<std::string> headers;
    if (job.api_hop) {
      headers.emplace_back("Accept: application/vnd.github+json");
      headers.emplace_back("X-GitHub-Api-Version: 2022-11-28");
    } else {
      headers.emplace_back(
          "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8");
    }
    headers.insert(headers.end(), m_settings.extra_headers.begin(), m_settings.extra_headers.end());
    for (const std::string* header : host.headers) {
      headers.push_back(*header);
    }
    // Credentials go only to the origin they belong to, decided per hop.
    if (job.api_hop && !m_settings.github_token.empty()) {
      headers.push_back("Authorization: Bearer " + m_settings.github_token);
    } else {
      const std::string name = url_host(job.url);
      const bool secure = job.url.starts_with("https://") || m_settings.allow_insecure_credentials;
      for (const auto& token : m_settings.host_tokens) {
        if (secure && to_lower(token.host) == name && !token.authorization.empty()) {
          headers.push_back("Authorization: " + token.authorization);
          break;
        }
      }
    }
    return headers;
  }

  void start(Job& job, HostState& host) {
    const auto now = SteadyClock::now();
    if (!job.started) {
      job.started = true;
      job.first_start = now;
      job.deadline = now + milliseconds(m_settings.link_deadline_ms);
      job.attempts = 1;
    } else {
      // Waiting for a free slot is our queue, not the host's slowness.
      job.deadline += now - job.queued_at;
    }
    if (host.unresponsive) {
      finish(job, {LinkStatus::timeout, LinkReason::host_timed_out, host.unresponsive_evidence});
      return;
    }
    if (host.suspect && host.suspect_job != job.id) {
      host.held.push_back(job.id);
      job.queued_at = now;
      return;
    }
    const long remaining = to_ms(job.deadline - now);
    if (remaining <= 0) {
      finish(job, {LinkStatus::timeout, LinkReason::timed_out,
                   fmt::format("no final answer within the link deadline of {} ms ({} attempts)",
                               m_settings.link_deadline_ms, job.attempts)});
      return;
    }
    const HostSettings settings = m_config.host(host.name);
    TransferRequest request;
    request.url = job.url;
    request.head = job.head;
    request.timeout_ms = std::min(settings.request_timeout_ms, remaining);
    request.connect_timeout_ms = settings.connect_timeout_ms;
    request.user_agent = std::string(settings.user_agent);
    request.headers = request_headers(job, settings);
    if (job.api_hop) {
      request.page_bytes = k_api_body_bytes;
      request.any_content_type = true;
    } else if (job.need_anchors) {
      request.page_bytes = m_settings.max_body_bytes;
    } else if (!job.head) {
      request.page_bytes = std::min(m_settings.soft_404_read_bytes, m_settings.max_body_bytes);
      request.range_bytes = job.ranged ? request.page_bytes : 0;
    }
    job.attempt_timeout_ms = request.timeout_ms;
    job.requests++;

    CURL* easy = nullptr;
    if (!m_idle_handles.empty()) {
      easy = m_idle_handles.back();
      m_idle_handles.pop_back();
      curl_easy_reset(easy);
    } else {
      easy = curl_easy_init();
    }
    job.easy = easy;
    // A transfer lives only while its request is in flight and judged: 20,000
    // links queued at once must not hold 20,000 of them.
    job.transfer = std::make_unique<Transfer>(m_config);
    job.transfer->prepare(easy, request, m_resolve);
    curl_easy_setopt(easy, CURLOPT_PRIVATE, &job);
    m_scheduler.started(host, now);
    curl_multi_add_handle(m_multi, easy);
  }

  void on_done(Job& job, CURLcode code) {
    // The answer is judged within this call; then the transfer goes.
    struct TransferRelease {
      Job& job;
      ~TransferRelease() { job.transfer.reset(); }
    } release_transfer{job};
    const auto now = SteadyClock::now();
    HostState& host = *job.host;
    m_scheduler.ended(host);
    const TransferEnd end = job.transfer->end(job.easy, code);
    release_handle(job);
    const RecordedResponse& response = job.transfer->response();

    Decision decision;
    if (end.answered) {
      host_answered(host, now);
      // A 206 answers our own Range request: it is the 200 of the whole page.
      job.http_status = response.status == 206 && job.ranged ? 200 : response.status;
      const long status = response.status;
      if (status == 429 || (status >= 500 && status < 600)) {
        m_scheduler.slow_down(host, now,
                              server_delay_ms(response, std::chrono::system_clock::now()));
      } else {
        m_scheduler.recover(host);
      }
      const bool redirect = status >= 300 && status < 400 && status != 304;
      decision =
          job.api_hop && !redirect
              ? judge_api_response(response, *job.github_repo, std::chrono::system_clock::now())
              : judge_response(Hop{job.url, job.head}, response, m_config,
                               std::chrono::system_clock::now());
    } else {
      job.http_status = 0;
      decision = judge_transfer_error(end, host.name, job.attempt_timeout_ms);
    }
    apply(job, decision, now);
  }

  void host_answered(HostState& host, TimePoint now) {
    host.answered = true;
    if (host.suspect) {
      host.suspect = false;
      for (std::size_t id : host.held) {
        queue(*m_jobs[id], true, now);
      }
      host.held.clear();
    }
  }

  void apply(Job& job, const Decision& decision, TimePoint now) {
    switch (decision.next) {
      case Decision::Next::follow:
        follow(job, decision, now);
        return;
      case Decision::Next::retry:
        if (decision.outcome.reason == LinkReason::timed_out && hold_for_suspect_host(job, now)) {
          return;
        }
        if (!retry(job, now, decision.server_delay_ms)) {
          finish(job, decision.outcome);
        }
        return;
      case Decision::Next::get_instead:
        job.head = false;
        queue(job, true, now);
        return;
      case Decision::Next::without_range:
        if (!job.ranged) {
          finish(job, {LinkStatus::broken, LinkReason::http_status, status_line(416)});
          return;
        }
        job.ranged = false;
        queue(job, true, now);
        return;
      case Decision::Next::judge_page:
        on_page(job);
        return;
      case Decision::Next::done:
        if (!decision.target.empty()) {
          job.final_url = decision.target;
        }
        finish(job, decision.outcome);
        return;
    }
  }

  /// A timeout from a host that never answered makes it suspect: one job
  /// tries again, the others wait for its result instead of spending their
  /// own deadlines. True when `job` was held back.
  bool hold_for_suspect_host(Job& job, TimePoint now) {
    HostState& host = *job.host;
    if (host.answered) {
      return false;
    }
    if (host.suspect && host.suspect_job != job.id) {
      host.held.push_back(job.id);
      job.queued_at = now;
      return true;
    }
    host.suspect = true;
    host.suspect_job = job.id;
    return false;
  }

  void follow(Job& job, const Decision& decision, TimePoint now) {
    job.chain.push_back({job.url, job.transfer->response().status, decision.target});
    if (auto problem = chain_problem(job.chain, decision.target, m_settings.max_redirects)) {
      job.final_url = decision.target;
      finish(job, *problem);
      return;
    }
    const std::string next_host = url_host(decision.target);
    if (HostSettings rule = m_config.host(next_host); !rule.unverifiable.empty()) {
      job.final_url = decision.target;
      finish(job, {LinkStatus::unverifiable, LinkReason::host_policy,
                   fmt::format("{}: {}", next_host, rule.unverifiable)});
      return;
    }
    const bool same_host = next_host == job.host->name;
    job.url = decision.target;
    queue(job, same_host, now);
  }

  /// Schedules another try when retries and the deadline allow it.
  bool retry(Job& job, TimePoint now, std::optional<long> server_delay) {
    if (job.attempts > m_settings.retries) {
      return false;
    }
    const long delay = server_delay ? std::min(*server_delay, m_settings.retry_max_delay_ms)
                                    : m_scheduler.backoff_ms(job.attempts);
    if (to_ms(job.deadline - now) <= delay) {
      return false;
    }
    job.attempts++;
    const TimePoint ready = now + milliseconds(delay);
    job.queued_at = ready;
    m_scheduler.delay(job.id, *job.host, ready);
    return true;
  }

  void on_page(Job& job) {
    const RecordedResponse& response = job.transfer->response();
    const bool read = !job.head && response.is_html() && !response.body.empty();
    const PageHeadings headings = read ? page_headings(response.body) : PageHeadings{};
    PageFacts facts{job.http_status, job.url, !job.chain.empty(), headings.title, response.size()};
    if (job.kind != JobKind::link) {
      job.page = facts;
      finish(job, {});
      return;
    }
    if (read) {
      job.page_is_html = true;
      if (job.need_anchors) {
        bool too_deep = false;
        job.anchors = collect_anchors(response.body, &too_deep);
        job.anchors_truncated = response.body_truncated || too_deep;
      }
    }
    if (auto outcome = judge_page(job.fetch_url, facts, headings, m_config)) {
      finish(job, *outcome);
      return;
    }
    if (read && m_settings.soft_404_probe && m_config.soft_404_enabled() && is_deep_link(job.url)) {
      job.page = facts;
      consult_probe(job);
      return;
    }
    finish(job, {});
  }

  /// Compares a page with its host's answer to a random path, starting the
  /// probe (or the home page request) and parking the job when needed.
  void consult_probe(Job& job) {
    const std::string origin = url_origin(job.url);
    ProbeState& state = m_probes[origin];
    if (state.random_path == ProbeState::Phase::none) {
      state.random_path = ProbeState::Phase::running;
      start_probe(origin, JobKind::random_path);
    }
    if (state.random_path == ProbeState::Phase::running) {
      state.waiting.push_back(job.id);
      return;
    }
    const bool home_known = state.home == ProbeState::Phase::done;
    ProbeVerdict verdict = judge_by_probe(*job.page, state.facts.random_path,
                                          home_known ? state.facts.home : std::nullopt);
    if (verdict.need_home) {
      if (state.home == ProbeState::Phase::none) {
        state.home = ProbeState::Phase::running;
        start_probe(origin, JobKind::home);
      }
      state.waiting.push_back(job.id);
      return;
    }
    finish(job, verdict.outcome.value_or(Outcome{}));
  }

  void start_probe(const std::string& origin, JobKind kind) {
    std::string path = "/";
    if (kind == JobKind::random_path) {
      std::uniform_int_distribution<unsigned long long> digits;
      path = fmt::format("/sourcegate-probe-{:016x}", digits(m_random));
    }
    Job& probe = add_job(kind, origin + path);
    probe.origin = origin;
    probe.url = probe.fetch_url;
    probe.ranged = true;
    queue(probe, true, SteadyClock::now());
  }

  void finish(Job& job, Outcome outcome) {
    job.finished = true;
    job.finished_at = SteadyClock::now();
    ++m_finished;
    if (job.kind == JobKind::link && outcome.status == LinkStatus::ok &&
        outcome.reason == LinkReason::none) {
      if (auto fix = permanent_target(job.chain)) {
        outcome = {LinkStatus::redirected, LinkReason::moved_permanently,
                   describe_chain(job.chain)};
        job.final_url = *fix;
      }
    }
    if (job.final_url.empty()) {
      job.final_url = job.github_repo && job.api_hop ? job.fetch_url : job.url;
    }
    job.outcome = std::move(outcome);
    if (job.host != nullptr) {
      settle_suspect_host(job);
    }
    if (job.kind != JobKind::link) {
      on_probe_finished(job);
    }
  }

  /// The suspect job's end decides for the jobs held behind it.
  void settle_suspect_host(Job& job) {
    HostState& host = *job.host;
    if (!host.suspect || host.suspect_job != job.id) {
      return;
    }
    host.suspect = false;
    std::vector<std::size_t> held;
    held.swap(host.held);
    if (job.outcome.status == LinkStatus::timeout && !host.answered) {
      host.unresponsive = true;
      host.unresponsive_evidence = fmt::format("{} gave no answer within {} ms to an earlier link",
                                               host.name, job.attempt_timeout_ms);
      for (std::size_t id : held) {
        Job& waiting = *m_jobs[id];
        finish(waiting, waiting.requests == 0
                            ? Outcome{LinkStatus::timeout, LinkReason::host_timed_out,
                                      host.unresponsive_evidence}
                            : Outcome{LinkStatus::timeout, LinkReason::timed_out,
                                      fmt::format("no answer from {} within {} ms", host.name,
                                                  waiting.attempt_timeout_ms)});
      }
      return;
    }
    for (std::size_t id : held) {
      queue(*m_jobs[id], true, SteadyClock::now());
    }
  }

  void on_probe_finished(Job& job) {
    ProbeState& state = m_probes[job.origin];
    PageFacts facts =
        job.page.value_or(PageFacts{job.http_status, job.final_url, !job.chain.empty(), "", 0});
    if (job.kind == JobKind::random_path) {
      state.facts.random_path = facts;
      state.random_path = ProbeState::Phase::done;
    } else {
      state.facts.home = facts;
      state.home = ProbeState::Phase::done;
    }
    state.learned = true;
    std::vector<std::size_t> waiting;
    waiting.swap(state.waiting);
    for (std::size_t id : waiting) {
      consult_probe(*m_jobs[id]);
    }
  }

  const CheckConfig& m_config;
  const CheckSettings& m_settings;
  Scheduler m_scheduler;
  std::mt19937_64 m_random;
  HostProbes* m_known_probes;
  CURLM* m_multi = nullptr;
  curl_slist* m_resolve = nullptr;
  std::vector<CURL*> m_idle_handles;
  std::vector<std::unique_ptr<Job>> m_jobs;
  std::unordered_map<std::string, ProbeState> m_probes;
  std::size_t m_finished = 0;
};

/// The result for one target of a finished link job.
LinkResult result_for(const Job& job, const LinkTarget& target, const CheckSettings& settings) {
  LinkResult result;
  result.url = target.url;
  result.sources = target.sources;
  result.status = job.outcome.status;
  result.reason = job.outcome.reason;
  result.evidence = job.outcome.evidence;
  result.http_status = job.http_status;
  result.final_url = job.final_url;
  result.attempts = job.attempts;
  result.elapsed_ms = job.started ? to_ms(job.finished_at - job.first_start) : 0;
  const std::string_view fragment = url_fragment(target.url);
  if (result.status == LinkStatus::redirected && !fragment.empty() &&
      url_fragment(result.final_url).empty()) {
    result.final_url += "#" + std::string(fragment);
  }
  const bool reachable = result.status == LinkStatus::ok || result.status == LinkStatus::redirected;
  if (reachable && settings.check_fragments && !fragment.empty() && job.page_is_html &&
      !has_anchor(job.anchors, fragment)) {
    result.status = LinkStatus::fragment_missing;
    result.reason = LinkReason::missing_fragment;
    result.evidence = fmt::format(
        "no element with id or name '{}'{}", percent_decode(fragment),
        job.anchors_truncated
            ? fmt::format(" in the part of the page that was read (the first {} KiB, at most {} "
                          "levels deep)",
                          settings.max_body_bytes / 1024, HtmlDocument::k_max_depth)
            : "");
  }
  if (result.status == LinkStatus::ok && result.final_url == strip_fragment(result.url)) {
    result.final_url = result.url;
  }
  if (result.status != LinkStatus::ok) {
    result.error = describe(result.reason, result.evidence);
  }
  return result;
}

}  // namespace

long raise_open_file_limit(long needed) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) {
    return -1;
  }
  auto wanted = static_cast<rlim_t>(needed);
  if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < wanted) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max == RLIM_INFINITY ? wanted : std::min(wanted, limit.rlim_max);
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) {
      limit = raised;
    }
  }
  return limit.rlim_cur == RLIM_INFINITY ? needed : static_cast<long>(limit.rlim_cur);
}

struct LinkChecker::Impl : CheckConfig {
  using CheckConfig::CheckConfig;
};

LinkChecker::LinkChecker(CheckSettings settings)
    : m_impl(std::make_unique<Impl>(std::move(settings))) {}

LinkChecker::~LinkChecker() = default;

std::optional<LinkResult> LinkChecker::precheck(const LinkTarget& target) const {
  LinkResult result;
  result.url = target.url;
  result.sources = target.sources;
  auto settle = [&](LinkStatus status, LinkReason reason, std::string evidence) {
    result.status = status;
    result.reason = reason;
    result.evidence = std::move(evidence);
    result.error = describe(reason, result.evidence);
    return result;
  };
  if (!is_web_url(target.url)) {
    return settle(LinkStatus::skipped, LinkReason::not_web, "");
  }
  const bool included = m_impl->included(target.url);
  if (m_impl->has_include() && !included) {
    return settle(LinkStatus::excluded, LinkReason::excluded, "matches no include pattern");
  }
  if (!included && m_impl->excluded(target.url)) {
    return settle(LinkStatus::excluded, LinkReason::excluded, "matches an exclude pattern");
  }
  const std::string host = url_host(target.url);
  if (HostSettings rule = m_impl->host(host); !rule.unverifiable.empty()) {
    return settle(LinkStatus::unverifiable, LinkReason::host_policy,
                  fmt::format("{}: {}", host, rule.unverifiable));
  }
  return std::nullopt;
}

std::vector<LinkResult> LinkChecker::check(const std::vector<LinkTarget>& targets,
                                           const ProgressCallback& progress, HostProbes* probes) {
  const CheckSettings& settings = m_impl->settings();
  const auto begin = SteadyClock::now();
  std::vector<LinkResult> results(targets.size());
  /// Targets settled without a request (skipped, excluded, unverifiable hosts).
  std::vector<bool> done(targets.size(), false);
  Engine engine(*m_impl, probes);
  std::unordered_map<std::string, Job*> by_fetch_url;

  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (auto early = precheck(targets[i])) {
      results[i] = std::move(*early);
      done[i] = true;
      continue;
    }
    // Credentials in a URL are never sent: a redacted "REDACTED@" would go
    // out as Basic authentication.
    std::optional<Url> parts = parse_url(targets[i].url);
    if (parts) {
      parts->userinfo.clear();
    }
    const std::string url = parts ? to_string(*parts) : targets[i].url;
    const std::string fetch(strip_fragment(url));
    Job*& job = by_fetch_url[fetch];
    if (job == nullptr) {
      job = &engine.add_link(fetch);
    }
    job->targets.push_back(i);
    if (settings.check_fragments && !url_fragment(url).empty()) {
      job->need_anchors = true;
    }
  }
  engine.start_all();
  raise_open_file_limit(static_cast<long>(settings.max_concurrency) * 2 + 64);

  auto last_progress = TimePoint{};
  auto report = [&](bool final) {
    if (!progress) {
      return;
    }
    const auto now = SteadyClock::now();
    if (!final && now - last_progress < milliseconds(100)) {
      return;
    }
    last_progress = now;
    CheckProgress snapshot;
    snapshot.total = targets.size();
    for (std::size_t i = 0; i < targets.size(); ++i) {
      if (done[i]) {
        snapshot.done++;
        snapshot.failures += is_failure(results[i].status) ? 1 : 0;
      }
    }
    for (const auto& job : engine.jobs()) {
      if (job->kind == JobKind::link && job->finished) {
        snapshot.done += job->targets.size();
        snapshot.failures += is_failure(job->outcome.status) ? job->targets.size() : 0;
      }
    }
    snapshot.slowest_host = engine.scheduler().busiest_host();
    snapshot.elapsed = std::chrono::duration_cast<milliseconds>(now - begin);
    progress(snapshot);
  };

  engine.run([&] { report(false); });
  engine.finish_the_rest();
  engine.report_probes();

  for (const auto& job : engine.jobs()) {
    if (job->kind != JobKind::link) {
      continue;
    }
    for (std::size_t index : job->targets) {
      results[index] = result_for(*job, targets[index], settings);
    }
  }
  report(true);
  return results;
}

std::vector<LinkResult> check_links(const std::vector<LinkTarget>& targets,
                                    const CheckSettings& settings, LinkCache* cache, CacheMode mode,
                                    const ProgressCallback& progress) {
  LinkChecker checker(settings);
  std::vector<LinkResult> results(targets.size());
  std::vector<LinkTarget> to_check;
  std::vector<std::size_t> positions;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (auto early = checker.precheck(targets[i])) {
      results[i] = std::move(*early);
      continue;
    }
    if (mode != CacheMode::no_cache && cache != nullptr) {
      if (auto hit = cache->lookup(targets[i].url)) {
        results[i] = std::move(*hit);
        results[i].url = targets[i].url;
        results[i].sources = targets[i].sources;
        continue;
      }
    }
    if (mode == CacheMode::offline) {
      results[i].url = targets[i].url;
      results[i].sources = targets[i].sources;
      results[i].status = LinkStatus::skipped;
      results[i].reason = LinkReason::offline;
      results[i].error = describe(LinkReason::offline, "");
      continue;
    }
    to_check.push_back(targets[i]);
    positions.push_back(i);
  }
  std::vector<LinkResult> checked;
  if (!to_check.empty()) {
    const bool use_cache = cache != nullptr && mode == CacheMode::normal;
    HostProbes probes = use_cache ? cache->probes() : HostProbes{};
    const HostProbes known = probes;
    checked = checker.check(to_check, progress, &probes);
    if (use_cache) {
      HostProbes learned;
      for (const auto& [origin, probe] : probes) {
        auto before = known.find(origin);
        if (before == known.end() || before->second.home.has_value() != probe.home.has_value()) {
          learned.emplace(origin, probe);
        }
      }
      cache->store_probes(learned);
    }
  }
  for (std::size_t k = 0; k < checked.size(); ++k) {
    if (cache != nullptr && mode == CacheMode::normal) {
      cache->store(checked[k]);
    }
    results[positions[k]] = std::move(checked[k]);
  }
  return results;
}

}  // namespace sg::links
