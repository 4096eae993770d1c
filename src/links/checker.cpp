#include "links/checker.h"

#include <curl/curl.h>
#include <fmt/format.h>
#include <re2/re2.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <deque>
#include <nlohmann/json.hpp>
#include <queue>
#include <random>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "links/fragments.h"
#include "links/response.h"
#include "links/url.h"
#include "sourcegate/version.h"
#include "util/text.h"

namespace sg::links {

namespace {

using SteadyClock = std::chrono::steady_clock;
using TimePoint = SteadyClock::time_point;
using std::chrono::milliseconds;

/// How much of a 4xx/5xx body is read to recognise a bot challenge.
constexpr std::size_t k_wall_body_bytes = std::size_t{16} * 1024;
/// How much of a GitHub API answer is read (a repository is a few KiB).
constexpr std::size_t k_api_body_bytes = std::size_t{256} * 1024;

long to_ms(SteadyClock::duration duration) {
  return static_cast<long>(std::chrono::duration_cast<milliseconds>(duration).count());
}

std::string reason_phrase(long status) {
  switch (status) {
    case 400:
      return "Bad Request";
    case 401:
      return "Unauthorized";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 410:
      return "Gone";
    case 429:
      return "Too Many Requests";
    case 500:
      return "Internal Server Error";
    case 502:
      return "Bad Gateway";
    case 503:
      return "Service Unavailable";
    case 504:
      return "Gateway Timeout";
    default:
      return "";
  }
}

std::string describe_http(long status) {
  std::string phrase = reason_phrase(status);
  return phrase.empty() ? fmt::format("HTTP {}", status)
                        : fmt::format("HTTP {} {}", status, phrase);
}

bool is_retryable_status(long status) { return status == 429 || (status >= 500 && status < 600); }

std::unique_ptr<RE2> compile(const std::string& pattern) {
  RE2::Options options;
  options.set_log_errors(false);
  return std::make_unique<RE2>(pattern, options);
}

bool valid_resolve_entry(std::string_view entry) {
  // [+]HOST:PORT:ADDR[,ADDR]; an IPv6 HOST needs curl 8.13, so HOST has no ':'.
  if (entry.starts_with('+') || entry.starts_with('-')) {
    entry.remove_prefix(1);
  }
  auto first = entry.find(':');
  if (first == std::string_view::npos || first == 0) {
    return false;
  }
  auto second = entry.find(':', first + 1);
  if (second == std::string_view::npos || second == first + 1 || second + 1 >= entry.size()) {
    return false;
  }
  auto port = entry.substr(first + 1, second - first - 1);
  return std::all_of(port.begin(), port.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

/// Makes curl's process-wide initialisation happen once, before any handle.
void ensure_curl_initialised() {
  static const bool k_initialised = [] {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    return true;
  }();
  (void)k_initialised;
}

}  // namespace

std::optional<std::string> validate(const CheckSettings& settings) {
  if (settings.max_concurrency < 1) {
    return "max concurrency must be at least 1";
  }
  if (settings.max_per_host < 1) {
    return "max per host must be at least 1";
  }
  if (settings.connect_timeout_ms < 1 || settings.request_timeout_ms < 1 ||
      settings.link_deadline_ms < 1) {
    return "timeouts must be positive";
  }
  if (settings.retries < 0 || settings.retries > 20) {
    return "retries must be between 0 and 20";
  }
  if (settings.max_redirects < 0) {
    return "max redirects must not be negative";
  }
  if (settings.max_body_bytes < 1024 || settings.max_header_bytes < 1024) {
    return "body and header caps must be at least 1 KiB";
  }
  auto check_patterns = [](const std::vector<std::string>& patterns,
                           std::string_view what) -> std::optional<std::string> {
    for (const auto& pattern : patterns) {
      auto re = compile(pattern);
      if (!re->ok()) {
        return fmt::format("{} pattern '{}' is not valid RE2: {}", what, pattern, re->error());
      }
    }
    return std::nullopt;
  };
  for (const auto& [patterns, what] :
       {std::pair{&settings.include, "include"}, std::pair{&settings.exclude, "exclude"},
        std::pair{&settings.soft_404_patterns, "soft-404"},
        std::pair{&settings.login_wall_patterns, "login-wall"}}) {
    if (auto problem = check_patterns(*patterns, what)) {
      return problem;
    }
  }
  for (const auto& rule : settings.accept) {
    if (auto problem = check_patterns({rule.host_pattern}, "accepted-status host")) {
      return problem;
    }
  }
  for (const auto& entry : settings.resolve) {
    if (!valid_resolve_entry(entry)) {
      return fmt::format("resolve entry '{}' is not HOST:PORT:ADDRESS", entry);
    }
  }
  for (const auto& header : settings.extra_headers) {
    auto colon = header.find(':');
    if (colon == std::string::npos || colon == 0 ||
        header.find_first_of("\r\n") != std::string::npos) {
      return fmt::format("header '{}' is not 'Name: value'", header);
    }
  }
  if (!settings.ca_file.empty() && ::access(settings.ca_file.c_str(), R_OK) != 0) {
    return fmt::format("CA file '{}' cannot be read", settings.ca_file);
  }
  if (!settings.github_token.empty() && !is_web_url(settings.github_api_base)) {
    return fmt::format("GitHub API base '{}' is not an http(s) URL", settings.github_api_base);
  }
  return std::nullopt;
}

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

// --- Engine -----------------------------------------------------------------

namespace {

enum class Method { head, get };

struct Job;

/// Per-host scheduling state: our own queue, so that the per-request clock
/// starts when the request does (libcurl's host queueing would count the
/// wait against CURLOPT_TIMEOUT_MS) and a slow host never blocks others.
struct Host {
  std::string name;
  std::deque<Job*> queue;
  int in_flight = 0;
  int limit = 1;  ///< adaptive: halves on 429/5xx, grows back on success
  TimePoint next_allowed{};
  long slowdown_ms = 0;
  bool in_ring = false;
};

/// What one response said, filled by the header and write callbacks.
struct Response {
  long status = 0;
  std::string content_type;
  std::string retry_after;
  std::string rate_limit_reset;  ///< X-RateLimit-Reset or RateLimit-Reset
  std::string rate_limit_remaining;
  std::string cf_mitigated;
  std::string server;
  std::size_t header_bytes = 0;
  bool header_cap_hit = false;

  bool body_decided = false;
  std::size_t body_wanted = 0;
  std::size_t body_seen = 0;
  std::string body;
  bool stopped_early = false;
  bool body_cap_hit = false;
};

struct Engine;

/// One distinct fetch URL (fragment stripped) and the targets that share it.
struct Job {
  Engine* engine = nullptr;
  std::string fetch_url;
  std::vector<std::size_t> targets;
  bool need_anchors = false;
  std::optional<std::string> github_repo;

  std::string url;  ///< the current hop
  Host* host = nullptr;
  Method method = Method::get;
  bool use_range = false;
  bool api_hop = false;  ///< the current hop goes to the GitHub API origin
  int hops = 0;
  std::vector<std::string> chain;
  bool permanent = false;

  int attempts = 0;
  bool started = false;
  TimePoint first_start{};
  TimePoint deadline{};
  TimePoint request_start{};
  TimePoint ready_at{};

  CURL* easy = nullptr;
  curl_slist* headers = nullptr;
  char error_buffer[CURL_ERROR_SIZE] = {};
  Response response;
  std::string blocked_reason;

  bool finished = false;
  LinkStatus status = LinkStatus::skipped;
  long http_status = 0;
  std::string final_url;
  std::string error;
  bool page_is_html = false;
  bool anchors_truncated = false;
  std::unordered_set<std::string> anchors;
};

struct Delayed {
  TimePoint when;
  Job* job;
  bool operator>(const Delayed& other) const { return when > other.when; }
};

/// Settings compiled once: patterns, guard, user agent.
struct Config {
  CheckSettings settings;
  AddressGuard guard;
  std::vector<std::unique_ptr<RE2>> include;
  std::vector<std::unique_ptr<RE2>> exclude;
  std::vector<std::unique_ptr<RE2>> soft_404;
  std::vector<std::unique_ptr<RE2>> login_wall;
  std::vector<std::pair<std::unique_ptr<RE2>, std::vector<long>>> accept;
  std::string api_authority;
  std::string user_agent;

  explicit Config(CheckSettings given) : settings(std::move(given)), guard(settings.allowed_cidrs) {
    if (auto problem = validate(settings)) {
      throw std::invalid_argument("invalid link check settings: " + *problem);
    }
    for (const auto& pattern : settings.include) {
      include.push_back(compile(pattern));
    }
    for (const auto& pattern : settings.exclude) {
      exclude.push_back(compile(pattern));
    }
    for (const auto& pattern : settings.soft_404_patterns) {
      soft_404.push_back(compile(pattern));
    }
    for (const auto& pattern : settings.login_wall_patterns) {
      login_wall.push_back(compile(pattern));
    }
    for (const auto& rule : settings.accept) {
      accept.emplace_back(compile(rule.host_pattern), rule.codes);
    }
    api_authority = url_origin(settings.github_api_base);
    user_agent = settings.user_agent.empty() ? fmt::format("sourcegate/{} (link checker)", kVersion)
                                             : settings.user_agent;
  }

  bool matches_any(const std::vector<std::unique_ptr<RE2>>& patterns, std::string_view text) const {
    return std::any_of(patterns.begin(), patterns.end(),
                       [&](const auto& re) { return RE2::PartialMatch(text, *re); });
  }

  bool accepted(std::string_view host, long status) const {
    for (const auto& [pattern, codes] : accept) {
      if (RE2::FullMatch(host, *pattern) &&
          std::find(codes.begin(), codes.end(), status) != codes.end()) {
        return true;
      }
    }
    return false;
  }
};

/// The curl multi loop and its scheduler, alive for one check() call.
struct Engine {
  const Config& config;
  const CheckSettings& settings;
  CURLM* multi = nullptr;
  curl_slist* resolve = nullptr;
  std::vector<CURL*> idle_handles;
  std::unordered_map<std::string, std::unique_ptr<Host>> hosts;
  std::deque<Host*> ring;
  std::priority_queue<Delayed, std::vector<Delayed>, std::greater<>> delayed;
  std::vector<std::unique_ptr<Job>> jobs;
  int in_flight = 0;
  std::size_t finished_jobs = 0;
  std::mt19937 random;

  explicit Engine(const Config& impl)
      : config(impl),
        settings(impl.settings),
        random(impl.settings.random_seed != 0 ? impl.settings.random_seed
                                              : std::random_device{}()) {
    ensure_curl_initialised();
    multi = curl_multi_init();
    if (multi == nullptr) {
      throw std::runtime_error("curl_multi_init failed");
    }
    // One multi handle shares DNS and connections between all transfers;
    // multiplexing is on by default for HTTP/2, set explicitly for clarity.
    curl_multi_setopt(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
    curl_multi_setopt(multi, CURLMOPT_MAXCONNECTS,
                      static_cast<long>(std::max(settings.max_concurrency * 2, 16)));
    for (const auto& entry : settings.resolve) {
      resolve = curl_slist_append(resolve, entry.c_str());
    }
  }

  ~Engine() {
    for (auto& job : jobs) {
      release_handle(*job);
    }
    for (CURL* easy : idle_handles) {
      curl_easy_cleanup(easy);
    }
    curl_multi_cleanup(multi);
    curl_slist_free_all(resolve);
  }

  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  Host& host_for(const std::string& url) {
    std::string name = url_host(url);
    auto& slot = hosts[name];
    if (!slot) {
      slot = std::make_unique<Host>();
      slot->name = name;
      slot->limit = settings.max_per_host;
    }
    return *slot;
  }

  void enqueue(Job& job, bool front) {
    Host& host = host_for(job.url);
    job.host = &host;
    job.api_hop = job.github_repo && url_origin(job.url) == config.api_authority;
    if (front) {
      host.queue.push_front(&job);
    } else {
      host.queue.push_back(&job);
    }
    if (!host.in_ring) {
      host.in_ring = true;
      ring.push_back(&host);
    }
  }

  void release_handle(Job& job) {
    if (job.easy != nullptr) {
      curl_multi_remove_handle(multi, job.easy);
      idle_handles.push_back(job.easy);
      job.easy = nullptr;
    }
    curl_slist_free_all(job.headers);
    job.headers = nullptr;
  }

  // --- libcurl callbacks ----------------------------------------------------

  static std::size_t on_header(char* data, std::size_t size, std::size_t count, void* user) {
    auto& job = *static_cast<Job*>(user);
    std::size_t length = size * count;
    Response& response = job.response;
    std::string_view line(data, length);
    if (line.starts_with("HTTP/")) {
      // A new response (an interim 1xx came first): start over.
      response = Response{};
      auto space = line.find(' ');
      if (space != std::string_view::npos) {
        response.status = std::atol(std::string(line.substr(space + 1, 3)).c_str());
      }
    }
    response.header_bytes += length;
    if (response.header_bytes > job.engine->settings.max_header_bytes) {
      response.header_cap_hit = true;
      return 0;  // aborts the transfer with CURLE_WRITE_ERROR
    }
    auto colon = line.find(':');
    if (colon == std::string_view::npos) {
      return length;
    }
    std::string name = to_lower(trim(line.substr(0, colon)));
    std::string value(trim(line.substr(colon + 1)));
    if (name == "content-type") {
      response.content_type = to_lower(value);
    } else if (name == "retry-after") {
      response.retry_after = value;
    } else if (name == "x-ratelimit-reset" || name == "ratelimit-reset") {
      response.rate_limit_reset = value;
    } else if (name == "x-ratelimit-remaining" || name == "ratelimit-remaining") {
      response.rate_limit_remaining = value;
    } else if (name == "cf-mitigated") {
      response.cf_mitigated = value;
    } else if (name == "server") {
      response.server = value;
    }
    return length;
  }

  /// Decides, at the first body byte, how much of the body the verdict needs.
  static std::size_t wanted_body(const Job& job, const Response& response,
                                 const CheckSettings& settings) {
    long status = response.status;
    if (status >= 200 && status < 300) {
      if (job.api_hop) {
        return k_api_body_bytes;
      }
      bool html =
          response.content_type.empty() || response.content_type.find("html") != std::string::npos;
      if (!html) {
        return 0;
      }
      if (job.need_anchors) {
        return settings.max_body_bytes;
      }
      if (!settings.soft_404_patterns.empty()) {
        return std::min(settings.soft_404_read_bytes, settings.max_body_bytes);
      }
      return 0;
    }
    if (status == 403 || status == 429 || status == 503) {
      return std::min(k_wall_body_bytes, settings.max_body_bytes);
    }
    return 0;
  }

  static std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user) {
    auto& job = *static_cast<Job*>(user);
    std::size_t length = size * count;
    Response& response = job.response;
    if (!response.body_decided) {
      response.body_decided = true;
      response.body_wanted = wanted_body(job, response, job.engine->settings);
    }
    std::size_t room = response.body_wanted - std::min(response.body_wanted, response.body.size());
    response.body.append(data, std::min(room, length));
    response.body_seen += length;
    if (response.body_seen > response.body_wanted) {
      // Enough for the verdict, or the cap: stop here. curl 7.88's
      // MAXFILESIZE cannot stop a body of unknown length, this can.
      response.stopped_early = true;
      response.body_cap_hit = response.body_wanted >= job.engine->settings.max_body_bytes;
      return CURL_WRITEFUNC_ERROR;
    }
    return length;
  }

  /// The address guard, run on every resolved address before connect().
  static curl_socket_t on_open_socket(void* user, curlsocktype purpose, curl_sockaddr* address) {
    auto& job = *static_cast<Job*>(user);
    (void)purpose;
    auto ip = ip_from_sockaddr(&address->addr, address->addrlen);
    if (!ip) {
      job.blocked_reason = "refused to connect: the address family is not IPv4 or IPv6";
      return CURL_SOCKET_BAD;
    }
    auto verdict = job.engine->config.guard.check(*ip);
    if (verdict.refused) {
      job.blocked_reason = fmt::format(
          "refused to connect to {} for host '{}': {}. Links must point at public addresses; "
          "if this range is intended, allow it with --allow-address",
          to_string(*ip), url_host(job.url), describe(verdict.address_class));
      return CURL_SOCKET_BAD;
    }
    return ::socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
  }

  /// A second look after connect (also sees reused connections); the open
  /// socket callback above is the one that prevents the connection.
  static int on_prereq(void* user, char* primary_ip, char* local_ip, int primary_port,
                       int local_port) {
    auto& job = *static_cast<Job*>(user);
    (void)local_ip;
    (void)primary_port;
    (void)local_port;
    auto ip = parse_ip(primary_ip != nullptr ? primary_ip : "");
    if (ip) {
      auto verdict = job.engine->config.guard.check(*ip);
      if (verdict.refused) {
        job.blocked_reason =
            fmt::format("refused a connection to {} for host '{}': {}", *primary_ip,
                        url_host(job.url), describe(verdict.address_class));
        return CURL_PREREQFUNC_ABORT;
      }
    }
    return CURL_PREREQFUNC_OK;
  }

  // --- starting requests ----------------------------------------------------

  void start(Job& job, TimePoint now) {
    if (!job.started) {
      job.started = true;
      job.first_start = now;
      job.deadline = now + milliseconds(settings.link_deadline_ms);
      job.attempts = 1;
    }
    long remaining = to_ms(job.deadline - now);
    if (remaining <= 0) {
      finish(job, LinkStatus::timeout, 0,
             fmt::format("no final answer within the link deadline of {} ms ({} attempts); the "
                         "host is slow or rate-limiting: raise the deadline or check later",
                         settings.link_deadline_ms, job.attempts));
      return;
    }
    CURL* easy = nullptr;
    if (!idle_handles.empty()) {
      easy = idle_handles.back();
      idle_handles.pop_back();
      curl_easy_reset(easy);
    } else {
      easy = curl_easy_init();
    }
    job.easy = easy;
    job.response = Response{};
    job.blocked_reason.clear();
    job.error_buffer[0] = '\0';
    job.request_start = now;

    long timeout = std::min(settings.request_timeout_ms, remaining);
    curl_easy_setopt(easy, CURLOPT_URL, job.url.c_str());
    curl_easy_setopt(easy, CURLOPT_PRIVATE, &job);
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    // Redirects are followed here, hop by hop, so that every hop goes
    // through the scheduler and the guard, and credentials never follow.
    curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, timeout);
    curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS,
                     std::min(settings.connect_timeout_ms, timeout));
    curl_easy_setopt(easy, CURLOPT_USERAGENT, config.user_agent.c_str());
    curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(easy, CURLOPT_PIPEWAIT, 1L);
    curl_easy_setopt(easy, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS);
    curl_easy_setopt(easy, CURLOPT_PROXY, settings.proxy.c_str());
    if (!settings.ca_file.empty()) {
      curl_easy_setopt(easy, CURLOPT_CAINFO, settings.ca_file.c_str());
    }
    curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, job.error_buffer);
    curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, &Engine::on_header);
    curl_easy_setopt(easy, CURLOPT_HEADERDATA, &job);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, &Engine::on_body);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, &job);
    curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, &Engine::on_open_socket);
    curl_easy_setopt(easy, CURLOPT_OPENSOCKETDATA, &job);
    curl_easy_setopt(easy, CURLOPT_PREREQFUNCTION, &Engine::on_prereq);
    curl_easy_setopt(easy, CURLOPT_PREREQDATA, &job);
    if (resolve != nullptr) {
      curl_easy_setopt(easy, CURLOPT_RESOLVE, resolve);
    }
    if (job.method == Method::head) {
      curl_easy_setopt(easy, CURLOPT_NOBODY, 1L);
    } else {
      curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
    }

    curl_slist* headers = nullptr;
    if (job.api_hop) {
      headers = curl_slist_append(headers, "Accept: application/vnd.github+json");
      headers = curl_slist_append(headers, "X-GitHub-Api-Version: 2022-11-28");
    } else {
      headers = curl_slist_append(
          headers, "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8");
    }
    for (const auto& header : settings.extra_headers) {
      headers = curl_slist_append(headers, header.c_str());
    }
    if (job.use_range && job.method == Method::get && !job.api_hop) {
      std::string range = fmt::format(
          "Range: bytes=0-{}", std::min(settings.soft_404_read_bytes, settings.max_body_bytes) - 1);
      headers = curl_slist_append(headers, range.c_str());
    }
    // Credentials go only to the origin they belong to, decided per hop.
    if (job.api_hop && !settings.github_token.empty()) {
      std::string header = "Authorization: Bearer " + settings.github_token;
      headers = curl_slist_append(headers, header.c_str());
    } else {
      std::string host = url_host(job.url);
      const bool secure = job.url.starts_with("https://") || settings.allow_insecure_credentials;
      for (const auto& token : settings.host_tokens) {
        if (secure && to_lower(token.host) == host && !token.authorization.empty()) {
          std::string header = "Authorization: " + token.authorization;
          headers = curl_slist_append(headers, header.c_str());
          break;
        }
      }
    }
    job.headers = headers;
    curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);

    job.host->in_flight++;
    in_flight++;
    if (settings.min_interval_per_host_ms > 0) {
      job.host->next_allowed =
          std::max(job.host->next_allowed, now + milliseconds(settings.min_interval_per_host_ms));
    }
    curl_multi_add_handle(multi, easy);
  }

  /// Starts what the limits allow, round-robin over hosts with work, and
  /// returns the earliest time a waiting host may start again.
  std::optional<TimePoint> schedule(TimePoint now) {
    std::optional<TimePoint> wake;
    while (!delayed.empty() && delayed.top().when <= now) {
      Job* job = delayed.top().job;
      delayed.pop();
      enqueue(*job, false);
    }
    if (!delayed.empty()) {
      wake = delayed.top().when;
    }
    bool started_any = true;
    while (started_any && in_flight < settings.max_concurrency && !ring.empty()) {
      started_any = false;
      std::size_t count = ring.size();
      for (std::size_t i = 0; i < count && in_flight < settings.max_concurrency; ++i) {
        Host* host = ring.front();
        ring.pop_front();
        if (host->queue.empty() || host->in_flight >= host->limit) {
          host->in_ring = false;  // back in when a request ends or work arrives
          continue;
        }
        if (now < host->next_allowed) {
          ring.push_back(host);
          wake = wake ? std::min(*wake, host->next_allowed) : host->next_allowed;
          continue;
        }
        Job* job = host->queue.front();
        host->queue.pop_front();
        ring.push_back(host);
        start(*job, now);
        started_any = true;
      }
    }
    return wake;
  }

  // --- outcomes -------------------------------------------------------------

  void finish(Job& job, LinkStatus status, long http_status, std::string error) {
    job.finished = true;
    job.status = status;
    job.http_status = http_status;
    job.error = std::move(error);
    if (job.final_url.empty()) {
      job.final_url = job.github_repo && job.api_hop ? job.fetch_url : job.url;
    }
    ++finished_jobs;
  }

  long backoff_ms(int retry_number) {
    long base = settings.retry_base_delay_ms << std::min(retry_number - 1, 16);
    base = std::min(base, settings.retry_max_delay_ms);
    std::uniform_int_distribution<long> jitter(0, std::max(base / 2, 0L));
    return std::min(base + jitter(random), settings.retry_max_delay_ms);
  }

  /// The wait the server asked for, from Retry-After or a rate-limit reset.
  std::optional<long> server_delay_ms(const Response& response) const {
    auto now = std::chrono::system_clock::now();
    std::optional<milliseconds> delay = parse_retry_after(response.retry_after, now);
    if (!delay && !response.rate_limit_reset.empty() &&
        (response.status == 429 || trim(response.rate_limit_remaining) == "0")) {
      delay = parse_rate_limit_reset(response.rate_limit_reset, now);
    }
    if (!delay) {
      return std::nullopt;
    }
    return static_cast<long>(delay->count());
  }

  /// Schedules another try when retries and the deadline allow it.
  bool retry(Job& job, TimePoint now, std::optional<long> server_delay) {
    if (job.attempts > settings.retries) {
      return false;
    }
    long delay = server_delay ? std::min(*server_delay, settings.retry_max_delay_ms)
                              : backoff_ms(job.attempts);
    if (now + milliseconds(delay) >= job.deadline) {
      return false;
    }
    job.attempts++;
    job.ready_at = now + milliseconds(delay);
    delayed.push({job.ready_at, &job});
    return true;
  }

  /// A host that answers 429 or 5xx is slowed as a whole, not just the
  /// request that got the answer: fewer requests in flight and a pause.
  void slow_down(Host& host, TimePoint now, std::optional<long> server_delay) {
    host.slowdown_ms =
        std::clamp(host.slowdown_ms * 2, settings.retry_base_delay_ms,
                   std::max(settings.retry_base_delay_ms, settings.retry_max_delay_ms));
    long pause = std::max(server_delay.value_or(0), host.slowdown_ms);
    pause = std::min(pause, settings.retry_max_delay_ms);
    host.next_allowed = std::max(host.next_allowed, now + milliseconds(pause));
    host.limit = std::max(1, host.limit / 2);
  }

  void recover(Host& host) {
    host.slowdown_ms = host.slowdown_ms < 100 ? 0 : host.slowdown_ms / 2;
    host.limit = std::min(settings.max_per_host, host.limit + 1);
  }

  void on_done(Job& job, CURLcode code, TimePoint now) {
    Host& host = *job.host;
    host.in_flight--;
    in_flight--;
    if (!host.in_ring && !host.queue.empty()) {
      host.in_ring = true;
      ring.push_back(&host);
    }
    long status = 0;
    curl_easy_getinfo(job.easy, CURLINFO_RESPONSE_CODE, &status);
    std::string redirect;
    if (char* target = nullptr;
        curl_easy_getinfo(job.easy, CURLINFO_REDIRECT_URL, &target) == CURLE_OK &&
        target != nullptr) {
      redirect = target;
    }
    std::string curl_error =
        job.error_buffer[0] != '\0' ? job.error_buffer : curl_easy_strerror(code);
    release_handle(job);

    Response& response = job.response;
    if (code == CURLE_WRITE_ERROR && response.stopped_early && !response.header_cap_hit) {
      code = CURLE_OK;
    }
    if (response.header_cap_hit) {
      finish(job, LinkStatus::broken, status,
             fmt::format("the response headers exceed {} KiB, so the answer was not read; the "
                         "server is misbehaving",
                         settings.max_header_bytes / 1024));
      return;
    }
    if (!job.blocked_reason.empty() &&
        (code == CURLE_COULDNT_CONNECT || code == CURLE_ABORTED_BY_CALLBACK)) {
      finish(job, LinkStatus::blocked, 0, job.blocked_reason);
      return;
    }
    if (code != CURLE_OK) {
      on_transport_error(job, code, curl_error, now);
      return;
    }
    // A 206 answers our own Range request: for the report it is the 200 of
    // the whole page.
    if (status == 206 && job.use_range) {
      status = 200;
    }
    response.status = status;
    on_response(job, redirect, now);
  }

  void on_transport_error(Job& job, CURLcode code, const std::string& curl_error, TimePoint now) {
    std::string host = url_host(job.url);
    switch (code) {
      case CURLE_OPERATION_TIMEDOUT:
        if (retry(job, now, std::nullopt)) {
          return;
        }
        finish(job, LinkStatus::timeout, 0,
               fmt::format("no answer from {} within {} ms (tried {} times); the server is slow, "
                           "down, or drops robots: check later or raise the timeout",
                           host, std::min(settings.request_timeout_ms, settings.link_deadline_ms),
                           job.attempts));
        return;
      case CURLE_COULDNT_CONNECT:
      case CURLE_RECV_ERROR:
      case CURLE_SEND_ERROR:
      case CURLE_GOT_NOTHING:
      case CURLE_PARTIAL_FILE:
      case CURLE_HTTP2:
      case CURLE_HTTP2_STREAM:
        if (retry(job, now, std::nullopt)) {
          return;
        }
        finish(job, LinkStatus::unreachable, 0,
               fmt::format("{} ({} attempts): {}; the server refused or dropped the connection: "
                           "check that the site is up",
                           code == CURLE_COULDNT_CONNECT ? "cannot connect" : "connection reset",
                           job.attempts, curl_error));
        return;
      case CURLE_COULDNT_RESOLVE_HOST:
        finish(job, LinkStatus::unreachable, 0,
               fmt::format("DNS: cannot resolve '{}'; check the spelling, or whether the domain "
                           "has lapsed",
                           host));
        return;
      case CURLE_SSL_CONNECT_ERROR:
      case CURLE_PEER_FAILED_VERIFICATION:
      case CURLE_SSL_CERTPROBLEM:
      case CURLE_SSL_CIPHER:
      case CURLE_SSL_CACERT_BADFILE:
      case CURLE_SSL_ISSUER_ERROR:
        finish(job, LinkStatus::unreachable, 0,
               fmt::format("TLS: {}; the site's certificate or TLS setup is broken, browsers will "
                           "warn too",
                           curl_error));
        return;
      case CURLE_UNSUPPORTED_PROTOCOL:
        finish(job, LinkStatus::blocked, 0,
               fmt::format("only http and https are followed: {}", curl_error));
        return;
      default:
        finish(job, LinkStatus::unreachable, 0, fmt::format("request failed: {}", curl_error));
        return;
    }
  }

  void continue_same_host(Job& job) { enqueue(job, true); }

  void on_response(Job& job, const std::string& redirect, TimePoint now) {
    const Response& response = job.response;
    long status = response.status;
    Host& host = *job.host;
    std::string host_name = url_host(job.url);

    if (is_retryable_status(status)) {
      slow_down(host, now, server_delay_ms(response));
    } else {
      recover(host);
    }

    if (status >= 300 && status < 400 && status != 304) {
      follow_redirect(job, status, redirect);
      return;
    }
    if (job.api_hop) {
      on_api_response(job, now);
      return;
    }
    if (job.method == Method::head && status >= 400) {
      // HEAD answers are often wrong (405, 501, 403, 404 on HEAD only, or a
      // 5xx from a broken handler): only a GET can tell.
      job.method = Method::get;
      continue_same_host(job);
      return;
    }
    if (status == 416 && job.use_range) {
      job.use_range = false;
      continue_same_host(job);
      return;
    }
    if (config.accepted(host_name, status)) {
      finish(job, LinkStatus::ok, status, "");
      return;
    }
    WallSignals signals{status, response.server, response.cf_mitigated, response.body};
    if (auto wall = detect_bot_wall(signals, settings.bot_wall_markers)) {
      finish(job, LinkStatus::unverifiable, status, *wall);
      return;
    }
    if (is_retryable_status(status)) {
      if (retry(job, now, server_delay_ms(response))) {
        return;
      }
      if (status == 429) {
        finish(job, LinkStatus::unverifiable, status,
               fmt::format("{} is rate-limiting us (HTTP 429 after {} attempts), so nothing can be "
                           "said about the link; lower --max-per-host or check later",
                           host_name, job.attempts));
        return;
      }
      finish(job, LinkStatus::broken, status,
             fmt::format("{} after {} attempts; the server is failing: check later, and report "
                         "it to the site if it persists",
                         describe_http(status), job.attempts));
      return;
    }
    if (status >= 400) {
      std::string advice = status == 404 || status == 410
                               ? "the page is gone: find its new address (or an archived copy) or "
                                 "remove the link"
                               : "the server refuses the page: check it in a browser, or accept "
                                 "this status for the host in the policy";
      finish(job, LinkStatus::broken, status, fmt::format("{}; {}", describe_http(status), advice));
      return;
    }
    if (status < 200) {
      finish(job, LinkStatus::broken, status,
             fmt::format("unexpected {} as a final answer", describe_http(status)));
      return;
    }
    // 2xx. HEAD cannot see a soft 404 or anchors; those jobs start with GET.
    bool html =
        response.content_type.empty() || response.content_type.find("html") != std::string::npos;
    if (job.method == Method::get && html && !response.body.empty()) {
      job.page_is_html = true;
      if (!config.soft_404.empty()) {
        PageHeadings headings = page_headings(response.body);
        for (const std::string* text : {&headings.title, &headings.h1}) {
          if (!text->empty() && config.matches_any(config.soft_404, *text)) {
            finish(job, LinkStatus::broken, status,
                   fmt::format("soft 404: the page answers {} but its {} says \"{}\"; find the "
                               "page's new address or remove the link",
                               status, text == &headings.title ? "title" : "heading",
                               text->substr(0, 120)));
            return;
          }
        }
      }
      if (job.need_anchors) {
        job.anchors = collect_anchors(response.body);
        job.anchors_truncated = response.body_cap_hit;
      }
    }
    finish(job, job.permanent ? LinkStatus::redirected : LinkStatus::ok, status, "");
  }

  void on_api_response(Job& job, TimePoint now) {
    const Response& response = job.response;
    long status = response.status;
    const std::string& repo = *job.github_repo;
    if (status == 200) {
      auto json = nlohmann::json::parse(response.body, nullptr, false);
      std::string full_name = json.is_object() ? json.value("full_name", "") : "";
      std::string html_url = json.is_object() ? json.value("html_url", "") : "";
      job.final_url = html_url.empty() ? job.fetch_url : html_url;
      bool renamed = !full_name.empty() && to_lower(full_name) != to_lower(repo);
      if (job.permanent || renamed) {
        finish(job, LinkStatus::redirected, status,
               fmt::format("the repository moved to {}; update the link", job.final_url));
      } else {
        job.final_url = job.fetch_url;
        finish(job, LinkStatus::ok, status, "");
      }
      return;
    }
    if (status == 404 || status == 410 || status == 451) {
      job.final_url = job.fetch_url;
      finish(job, LinkStatus::broken, status,
             fmt::format("GitHub API: repository {} not found ({}); it was deleted, made private "
                         "or renamed without a redirect",
                         repo, describe_http(status)));
      return;
    }
    bool rate_limited =
        status == 429 || (status == 403 && trim(response.rate_limit_remaining) == "0");
    if (rate_limited || status >= 500) {
      if (retry(job, now, server_delay_ms(response))) {
        return;
      }
    }
    job.final_url = job.fetch_url;
    if (status == 401) {
      finish(job, LinkStatus::unverifiable, status,
             "GitHub API rejected the token (HTTP 401); renew the token the checker is given");
      return;
    }
    finish(job, LinkStatus::unverifiable, status,
           fmt::format("GitHub API answered {}{} for {}; the repository could not be checked",
                       describe_http(status), rate_limited ? " (rate limit)" : "", repo));
  }

  void follow_redirect(Job& job, long status, const std::string& location) {
    if (status == 301 || status == 308) {
      job.permanent = true;
    }
    if (location.empty()) {
      finish(job, LinkStatus::broken, status,
             fmt::format("{} without a Location header; the server's redirect is broken",
                         describe_http(status)));
      return;
    }
    std::string next(strip_fragment(location));
    if (!is_web_url(next)) {
      job.final_url = next;
      finish(
          job, LinkStatus::blocked, status,
          fmt::format("redirects to '{}', which is not http(s); only http and https are followed",
                      next));
      return;
    }
    if (config.matches_any(config.login_wall, next) &&
        !config.matches_any(config.login_wall, job.url)) {
      job.final_url = next;
      finish(job, LinkStatus::unverifiable, status,
             fmt::format("redirects to a login page ({}); the content is behind a login wall, "
                         "check it in a browser",
                         next));
      return;
    }
    if (job.chain.empty()) {
      job.chain.push_back(job.url);
    }
    if (std::find(job.chain.begin(), job.chain.end(), next) != job.chain.end()) {
      job.chain.push_back(next);
      std::string path;
      for (const auto& hop : job.chain) {
        path += (path.empty() ? "" : " -> ") + hop;
      }
      job.final_url = next;
      finish(job, LinkStatus::broken, status,
             fmt::format("redirect loop: {}; the site is misconfigured", path));
      return;
    }
    if (job.hops >= settings.max_redirects) {
      job.final_url = next;
      finish(job, LinkStatus::broken, status,
             fmt::format("more than {} redirects (last to {}); the link leads nowhere stable",
                         settings.max_redirects, next));
      return;
    }
    job.hops++;
    job.chain.push_back(next);
    job.url = next;
    bool same_host = url_host(next) == job.host->name;
    enqueue(job, same_host);
  }

  // --- the loop ---------------------------------------------------------------

  void run(const std::function<void()>& progress_tick) {
    auto now = SteadyClock::now();
    while (finished_jobs < jobs.size()) {
      now = SteadyClock::now();
      std::optional<TimePoint> wake = schedule(now);
      int running = 0;
      curl_multi_perform(multi, &running);
      int left = 0;
      bool any_done = false;
      while (CURLMsg* message = curl_multi_info_read(multi, &left)) {
        if (message->msg != CURLMSG_DONE) {
          continue;
        }
        Job* job = nullptr;
        curl_easy_getinfo(message->easy_handle, CURLINFO_PRIVATE, &job);
        on_done(*job, message->data.result, SteadyClock::now());
        any_done = true;
      }
      if (progress_tick) {
        progress_tick();
      }
      if (finished_jobs >= jobs.size()) {
        break;
      }
      if (any_done) {
        continue;  // schedule follow-ups before waiting
      }
      long wait_ms = 1000;
      if (wake) {
        wait_ms = std::clamp(to_ms(*wake - SteadyClock::now()) + 1, 0L, 1000L);
      }
      if (in_flight == 0 && !wake) {
        // Nothing in flight and nothing waiting: every queued job's host is
        // blocked only by limits that cannot change. Defensive; should not happen.
        break;
      }
      curl_multi_poll(multi, nullptr, 0, static_cast<int>(wait_ms), nullptr);
    }
  }
};

}  // namespace

struct LinkChecker::Impl : Config {
  using Config::Config;
};

LinkChecker::LinkChecker(CheckSettings settings)
    : m_impl(std::make_unique<Impl>(std::move(settings))) {}

LinkChecker::~LinkChecker() = default;

std::optional<LinkResult> LinkChecker::precheck(const LinkTarget& target) const {
  LinkResult result;
  result.url = target.url;
  result.sources = target.sources;
  if (!is_web_url(target.url)) {
    result.status = LinkStatus::skipped;
    result.error = "not an http(s) URL; only http and https links are checked";
    return result;
  }
  bool included = m_impl->matches_any(m_impl->include, target.url);
  if (!m_impl->include.empty() && !included) {
    result.status = LinkStatus::excluded;
    result.error = "does not match any include pattern";
    return result;
  }
  if (!included && m_impl->matches_any(m_impl->exclude, target.url)) {
    result.status = LinkStatus::excluded;
    result.error = "matches an exclude pattern";
    return result;
  }
  return std::nullopt;
}

std::vector<LinkResult> LinkChecker::check(const std::vector<LinkTarget>& targets,
                                           const ProgressCallback& progress) {
  const CheckSettings& settings = m_impl->settings;
  auto begin = SteadyClock::now();
  std::vector<LinkResult> results(targets.size());
  /// Targets settled without a request (skipped, excluded).
  std::vector<bool> done(targets.size(), false);
  Engine engine(*m_impl);
  std::unordered_map<std::string, Job*> by_fetch_url;

  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (auto early = precheck(targets[i])) {
      results[i] = std::move(*early);
      done[i] = true;
      continue;
    }
    std::string url = normalize_url(targets[i].url).value_or(targets[i].url);
    std::string fetch(strip_fragment(url));
    Job*& job = by_fetch_url[fetch];
    if (job == nullptr) {
      engine.jobs.push_back(std::make_unique<Job>());
      job = engine.jobs.back().get();
      job->engine = &engine;
      job->fetch_url = fetch;
    }
    job->targets.push_back(i);
    if (settings.check_fragments && !url_fragment(url).empty()) {
      job->need_anchors = true;
    }
  }
  for (auto& job : engine.jobs) {
    if (!settings.github_token.empty() && !job->need_anchors) {
      job->github_repo = github_repo_of(job->fetch_url);
    }
    if (job->github_repo) {
      job->url = settings.github_api_base;
      while (job->url.ends_with('/')) {
        job->url.pop_back();
      }
      job->url += "/repos/" + *job->github_repo;
      job->method = Method::get;
    } else {
      job->url = job->fetch_url;
      bool need_body = job->need_anchors || !settings.soft_404_patterns.empty();
      job->method = need_body ? Method::get : Method::head;
      job->use_range = !job->need_anchors && need_body;
    }
    engine.enqueue(*job, false);
  }
  raise_open_file_limit(static_cast<long>(settings.max_concurrency) * 2 + 64);

  std::size_t total = targets.size();
  auto last_progress = SteadyClock::time_point{};
  auto report = [&](bool final) {
    if (!progress) {
      return;
    }
    auto now = SteadyClock::now();
    if (!final && now - last_progress < milliseconds(100)) {
      return;
    }
    last_progress = now;
    CheckProgress snapshot;
    snapshot.total = total;
    for (std::size_t i = 0; i < total; ++i) {
      if (done[i]) {
        snapshot.done++;
        snapshot.failures += is_failure(results[i].status) ? 1 : 0;
      }
    }
    for (const auto& job : engine.jobs) {
      if (job->finished) {
        snapshot.done += job->targets.size();
        snapshot.failures += is_failure(job->status) ? job->targets.size() : 0;
      }
    }
    std::size_t most = 0;
    for (const auto& [name, host] : engine.hosts) {
      std::size_t pending = host->queue.size() + static_cast<std::size_t>(host->in_flight);
      if (pending > most || (pending == most && pending > 0 && name < snapshot.slowest_host)) {
        most = pending;
        snapshot.slowest_host = name;
      }
    }
    snapshot.elapsed = std::chrono::duration_cast<milliseconds>(now - begin);
    progress(snapshot);
  };

  engine.run([&] { report(false); });

  for (auto& job : engine.jobs) {
    if (!job->finished) {
      engine.finish(*job, LinkStatus::timeout, 0,
                    "the check was stopped before this link finished");
    }
    long elapsed = job->started ? to_ms(SteadyClock::now() - job->first_start) : 0;
    for (std::size_t index : job->targets) {
      LinkResult& result = results[index];
      result.url = targets[index].url;
      result.sources = targets[index].sources;
      result.status = job->status;
      result.http_status = job->http_status;
      result.final_url = job->final_url;
      result.attempts = job->attempts;
      result.elapsed_ms = elapsed;
      result.error = job->error;
      std::string_view fragment = url_fragment(targets[index].url);
      bool reachable = job->status == LinkStatus::ok || job->status == LinkStatus::redirected;
      if (reachable && settings.check_fragments && !fragment.empty() && job->page_is_html &&
          !has_anchor(job->anchors, fragment)) {
        result.status = LinkStatus::fragment_missing;
        result.error = fmt::format(
            "the page has no element with id or name '{}'{}; link to an existing heading or "
            "drop the fragment",
            percent_decode(fragment),
            job->anchors_truncated
                ? fmt::format(" in its first {} KiB", settings.max_body_bytes / 1024)
                : "");
      }
      if (result.final_url == strip_fragment(result.url) && result.status == LinkStatus::ok) {
        result.final_url = result.url;
      }
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
      results[i].error =
          "offline: no fresh result in the link cache; run once without --offline to fill it";
      continue;
    }
    to_check.push_back(targets[i]);
    positions.push_back(i);
  }
  std::vector<LinkResult> checked;
  if (!to_check.empty()) {
    checked = checker.check(to_check, progress);
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
