#pragma once

// Loopback servers for the link checker's tests. Everything binds 127.0.0.1
// on an ephemeral port; nothing here can reach another machine.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <httplib.h>
#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "links/checker.h"
#include "links/url_guard.h"
#include "support/loopback.h"

namespace sg::links::testing {

using sg::testing::listen_on_loopback;
using sg::testing::LoopbackListener;

/// An HTTP server on 127.0.0.1 with enough worker threads that keep-alive
/// connections held by the checker never starve new ones.
class TestServer {
 public:
  TestServer() {
    m_server.new_task_queue = [] { return new httplib::ThreadPool(64); };
    m_server.set_keep_alive_timeout(2);
    m_port = m_server.bind_to_any_port("127.0.0.1");
  }
  ~TestServer() { stop(); }
  TestServer(const TestServer&) = delete;
  TestServer& operator=(const TestServer&) = delete;

  httplib::Server& http() { return m_server; }
  int port() const { return m_port; }

  /// Starts accepting; call after registering handlers.
  void start() {
    m_thread = std::thread([this] { m_server.listen_after_bind(); });
    for (int i = 0; i < 200 && !m_server.is_running(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  void stop() {
    m_stopping = true;
    if (m_thread.joinable()) {
      m_server.stop();
      m_thread.join();
    }
  }
  /// Sleeps up to `duration` but wakes when the server stops, so that slow
  /// handlers never hold a test's teardown.
  void nap(std::chrono::milliseconds duration) const {
    auto until = std::chrono::steady_clock::now() + duration;
    while (!m_stopping && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  std::string url(const std::string& path, const std::string& host = "127.0.0.1") const {
    return "http://" + host + ":" + std::to_string(m_port) + path;
  }

 private:
  httplib::Server m_server;
  int m_port = 0;
  std::thread m_thread;
  std::atomic<bool> m_stopping{false};
};

/// A bare TCP listener on 127.0.0.1 whose per-connection behaviour is a
/// function of the accepted socket and the connection's sequence number, for
/// what HTTP servers cannot do: never answer, reset the connection.
class RawServer {
 public:
  using Handler = std::function<void(int fd, int connection)>;

  explicit RawServer(Handler handler) : m_handler(std::move(handler)) {
    const LoopbackListener listener = listen_on_loopback();
    m_listen = listener.fd;
    m_port = listener.port;
    m_thread = std::thread([this] { loop(); });
  }
  ~RawServer() {
    m_stopping = true;
    m_thread.join();
    for (auto& worker : m_workers) {
      worker.join();
    }
    for (int fd : m_open) {
      ::close(fd);
    }
    ::close(m_listen);
  }
  RawServer(const RawServer&) = delete;
  RawServer& operator=(const RawServer&) = delete;

  int port() const { return m_port; }
  int connections() const { return m_count; }
  bool stopping() const { return m_stopping; }

  /// Keeps a socket open until the server is destroyed (never answers).
  void hold(int fd) {
    std::lock_guard lock(m_mutex);
    m_open.push_back(fd);
  }

  /// Reads the request head (up to the blank line) or gives up after 1 s.
  static std::string read_request(int fd) {
    std::string data;
    char buffer[4096];
    for (int i = 0; i < 200 && data.find("\r\n\r\n") == std::string::npos; ++i) {
      pollfd poll_fd{fd, POLLIN, 0};
      if (::poll(&poll_fd, 1, 5) <= 0) {
        continue;
      }
      auto n = ::recv(fd, buffer, sizeof buffer, 0);
      if (n <= 0) {
        break;
      }
      data.append(buffer, static_cast<std::size_t>(n));
    }
    return data;
  }

  /// Closes with RST rather than FIN: the peer sees "connection reset".
  static void reset(int fd) {
    linger option{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, sizeof option);
    ::close(fd);
  }

 private:
  void loop() {
    while (!m_stopping) {
      pollfd poll_fd{m_listen, POLLIN, 0};
      if (::poll(&poll_fd, 1, 10) <= 0) {
        continue;
      }
      int fd = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
      if (fd < 0) {
        continue;
      }
      int number = m_count++;
      std::lock_guard lock(m_mutex);
      m_workers.emplace_back([this, fd, number] { m_handler(fd, number); });
    }
  }

  Handler m_handler;
  int m_listen = -1;
  int m_port = 0;
  std::atomic<int> m_count{0};
  std::atomic<bool> m_stopping{false};
  std::thread m_thread;
  std::mutex m_mutex;
  std::vector<std::thread> m_workers;
  std::vector<int> m_open;
};

/// The small site the command-line tests check: /ok answers a page with an
/// "intro" anchor, /gone is 404, /moved is a 301 to /ok.
inline void serve_ok_gone_moved(TestServer& server) {
  server.http().Get("/ok", [](const httplib::Request&, httplib::Response& res) {
    res.set_content("<html><title>Fine</title><h1 id='intro'>Fine</h1></html>", "text/html");
  });
  server.http().Get("/gone",
                    [](const httplib::Request&, httplib::Response& res) { res.status = 404; });
  server.http().Get("/moved", [](const httplib::Request&, httplib::Response& res) {
    res.status = 301;
    res.set_header("Location", "/ok");
  });
}

/// Settings for loopback tests: 127.0.0.0/8 allowed and nothing more, short
/// timeouts and backoff so that every test stays well under a few seconds,
/// and fake host names resolved to 127.0.0.1 on `port`.
inline CheckSettings loopback_settings(int port = 0, std::vector<std::string> hosts = {}) {
  CheckSettings settings;
  settings.allowed_cidrs = {*parse_cidr("127.0.0.0/8")};
  settings.connect_timeout_ms = 1000;
  settings.request_timeout_ms = 1500;
  settings.link_deadline_ms = 8000;
  settings.retry_base_delay_ms = 50;
  settings.retry_max_delay_ms = 3000;
  settings.random_seed = 42;
  for (const auto& host : hosts) {
    settings.resolve.push_back(host + ":" + std::to_string(port) + ":127.0.0.1");
  }
  return settings;
}

inline LinkTarget target(const std::string& url) { return LinkTarget{url, {{"list.md", 1, 1}}}; }

/// Runs the checker on one URL.
inline LinkResult check_one(const CheckSettings& settings, const std::string& url) {
  LinkChecker checker(settings);
  return checker.check({target(url)}).at(0);
}

}  // namespace sg::links::testing
