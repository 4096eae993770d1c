// 20,000 distinct URLs on loopback, checked in one process: peak RSS (bound:
// 64 MB), open descriptors before and after (bound: equal), and every URL
// reported exactly once. The server is a child process, so that neither its
// memory nor its sockets count against the checker.
//
//   bench/links/scale.sh    (builds this and runs it)
#include <httplib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <unordered_set>
#include <vector>

#include "links/checker.h"
#include "links/url_guard.h"

namespace {

constexpr int k_urls = 20'000;
constexpr int k_hosts = 16;

std::size_t open_descriptors() {
  return static_cast<std::size_t>(std::distance(
      std::filesystem::directory_iterator("/proc/self/fd"), std::filesystem::directory_iterator()));
}

/// Runs the loopback server in a child; returns its pid and writes its port.
pid_t start_server(int& port) {
  int channel[2];
  if (::pipe(channel) != 0) {
    return -1;
  }
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(channel[0]);
    httplib::Server server;
    // A thread per connection the checker may hold open (128), so that the
    // server is never the bottleneck being measured.
    server.new_task_queue = [] { return new httplib::ThreadPool(160); };
    // Pages answer with a title; any other path is a real 404, as the
    // soft-404 probe expects of an honest server.
    server.Get(R"(/page/\d+)", [](const httplib::Request& request, httplib::Response& response) {
      response.set_content("<!doctype html><title>Page " + request.path + "</title><h1>Hi</h1>",
                           "text/html");
    });
    const int bound = server.bind_to_any_port("127.0.0.1");
    (void)!::write(channel[1], &bound, sizeof bound);
    ::close(channel[1]);
    server.listen_after_bind();
    ::_exit(0);
  }
  ::close(channel[1]);
  const bool read = ::read(channel[0], &port, sizeof port) == static_cast<ssize_t>(sizeof port);
  ::close(channel[0]);
  return read && port > 0 ? child : -1;
}

}  // namespace

int main() {
  int port = 0;
  const pid_t server = start_server(port);
  if (server < 0) {
    std::fprintf(stderr, "scale: the loopback server did not start\n");
    return 1;
  }
  sg::links::CheckSettings settings;
  settings.allowed_cidrs = {*sg::links::parse_cidr("127.0.0.0/8")};
  settings.max_concurrency = 128;
  settings.max_per_host = 8;
  std::vector<sg::links::LinkTarget> targets;
  for (int host = 0; host < k_hosts; ++host) {
    settings.resolve.push_back("host" + std::to_string(host) + ".test:" + std::to_string(port) +
                               ":127.0.0.1");
  }
  for (int i = 0; i < k_urls; ++i) {
    targets.push_back({"http://host" + std::to_string(i % k_hosts) +
                           ".test:" + std::to_string(port) + "/page/" + std::to_string(i),
                       {{"urls.txt", i + 1, 1}}});
  }

  const std::size_t descriptors_before = open_descriptors();
  const auto start = std::chrono::steady_clock::now();
  const auto results =
      sg::links::check_links(targets, settings, nullptr, sg::links::CacheMode::no_cache);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::size_t descriptors_after = open_descriptors();
  ::kill(server, SIGTERM);
  ::waitpid(server, nullptr, 0);

  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  const double peak_mb = static_cast<double>(usage.ru_maxrss) / 1024.0;
  std::unordered_set<std::string> reported;
  std::map<std::string, int> statuses;
  for (const auto& result : results) {
    reported.insert(result.url);
    ++statuses[std::string(sg::links::to_string(result.status))];
  }
  const bool once = results.size() == targets.size() && reported.size() == targets.size();
  std::printf("%d URLs on %d loopback hosts: %.2f s, peak RSS %.1f MB (bound 64 MB)\n", k_urls,
              k_hosts, seconds, peak_mb);
  std::printf("descriptors before %zu, after %zu; %zu results, %zu distinct URLs\n",
              descriptors_before, descriptors_after, results.size(), reported.size());
  for (const auto& [status, count] : statuses) {
    std::printf("  %-12s %d\n", status.c_str(), count);
  }
  const bool within = peak_mb < 64.0 && descriptors_after == descriptors_before && once;
  std::printf("%s\n", within ? "within bounds" : "OUT OF BOUNDS");
  return within ? 0 : 1;
}
