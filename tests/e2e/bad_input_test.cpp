// The bad-input corpus: every case of tests/bad-input/cases.json runs the
// built binary once, in a fresh directory, under a watchdog, and checks its
// exit code, its messages, the files it leaves and (in an optimised build)
// its peak memory. Cases that need a hostile server get one on loopback.
// tests/bad-input/README.md describes the case format.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <httplib.h>
#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/cli_runner.h"
#include "support/loopback.h"

extern char** environ;

namespace sg {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::source_dir;
using testing::TempDir;
using Clock = std::chrono::steady_clock;
using testing::listen_on_loopback;
using testing::LoopbackListener;

// Sanitizers reserve terabytes of address space and slow the binary down:
// peak memory means nothing there, and watchdogs get more room.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool k_sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
constexpr bool k_sanitized = true;
#else
constexpr bool k_sanitized = false;
#endif
#else
constexpr bool k_sanitized = false;
#endif
constexpr int k_sanitizer_slowdown = 3;

#ifdef SOURCEGATE_BINARY
const char* const k_binary = SOURCEGATE_BINARY;
#else
const char* const k_binary = "sourcegate";
#endif

/// How much of an output is read back and shown; a runaway output is judged
/// by its size, never read whole.
constexpr std::size_t k_read_limit = 8U << 20U;
constexpr std::size_t k_shown_chars = 2000;

// --- Small helpers ---------------------------------------------------------

std::string read_prefix(const fs::path& path, std::size_t limit) {
  std::ifstream in(path, std::ios::binary);
  std::string text(limit, '\0');
  in.read(text.data(), static_cast<std::streamsize>(limit));
  text.resize(static_cast<std::size_t>(in.gcount()));
  text.shrink_to_fit();
  return text;
}

/// A file's bytes for a check, or a note when it is no regular file:
/// opening a FIFO would block this process.
std::string read_for_check(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::status(path, ec))) {
    return "<not a regular file: " + path.filename().string() + ">";
  }
  return testing::read_text(path);
}

std::string clip(const std::string& text) {
  if (text.size() <= k_shown_chars) {
    return text;
  }
  return text.substr(0, k_shown_chars) + "\n[... " + std::to_string(text.size() - k_shown_chars) +
         " more bytes]";
}

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

/// "\xNN" escapes to bytes, "\\" to one backslash: JSON strings cannot hold
/// invalid UTF-8, so the corpus spells such bytes this way.
std::string decode_bytes(std::string_view text) {
  std::string bytes;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '\\') {
      bytes += '\\';
      ++i;
    } else if (text[i] == '\\' && i + 3 < text.size() && text[i + 1] == 'x') {
      bytes += static_cast<char>(std::stoi(std::string(text.substr(i + 2, 2)), nullptr, 16));
      i += 3;
    } else {
      bytes += text[i];
    }
  }
  return bytes;
}

/// One string or an array of strings, as a list.
std::vector<std::string> string_list(const json& value) {
  if (value.is_string()) {
    return {value.get<std::string>()};
  }
  return value.get<std::vector<std::string>>();
}

std::string utc_today() {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  gmtime_r(&now, &parts);
  std::array<char, 16> text{};
  std::strftime(text.data(), text.size(), "%Y-%m-%d", &parts);
  return text.data();
}

// --- Hostile servers -------------------------------------------------------

/// A raw HTTP server on 127.0.0.1 whose every answer is one named hostile
/// behaviour. One thread per connection; every wait is short and checks for
/// the stop, so that teardown never waits on a client that hangs.
class HostileServer {
 public:
  explicit HostileServer(std::string behaviour) : m_behaviour(std::move(behaviour)) {
    const LoopbackListener listener = listen_on_loopback();
    m_listen = listener.fd;
    m_port = listener.port;
    m_acceptor = std::thread([this] { accept_loop(); });
  }
  ~HostileServer() {
    m_stopping = true;
    m_acceptor.join();
    // Joined outside the lock: a worker takes it to record its request.
    std::vector<std::thread> workers;
    {
      std::lock_guard lock(m_mutex);
      workers.swap(m_workers);
    }
    for (std::thread& worker : workers) {
      worker.join();
    }
    ::close(m_listen);
  }
  HostileServer(const HostileServer&) = delete;
  HostileServer& operator=(const HostileServer&) = delete;

  static bool knows(const std::string& behaviour) {
    static const std::set<std::string> k_behaviours = {"ok",
                                                       "slowloris",
                                                       "reset",
                                                       "endless-body",
                                                       "huge-header",
                                                       "http09",
                                                       "malformed-status",
                                                       "redirect-loop",
                                                       "redirect-metadata",
                                                       "gzip-bomb",
                                                       "retry-after-year-9999",
                                                       "ratelimit-reset-int64-max",
                                                       "retry-after-int64-seconds",
                                                       "deep-page"};
    return k_behaviours.contains(behaviour);
  }

  int port() const { return m_port; }
  int connections() const { return m_connections; }
  /// Every request head received so far, in arrival order.
  std::string requests() const {
    std::lock_guard lock(m_mutex);
    return m_requests;
  }

 private:
  void accept_loop() {
    while (!m_stopping) {
      pollfd waiting{m_listen, POLLIN, 0};
      if (::poll(&waiting, 1, 20) <= 0) {
        continue;
      }
      const int fd = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
      if (fd < 0) {
        continue;
      }
      ++m_connections;
      std::lock_guard lock(m_mutex);
      m_workers.emplace_back([this, fd] {
        serve(fd);
        ::close(fd);
      });
    }
  }

  /// Sleeps up to `duration`; false when the server is stopping.
  bool nap(std::chrono::milliseconds duration) const {
    const auto until = Clock::now() + duration;
    while (!m_stopping && Clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return !m_stopping;
  }

  /// Sends everything; false when the peer is gone or the server stops.
  bool send_all(int fd, std::string_view bytes) const {
    while (!bytes.empty()) {
      if (m_stopping) {
        return false;
      }
      pollfd writable{fd, POLLOUT, 0};
      if (::poll(&writable, 1, 20) <= 0) {
        continue;
      }
      const auto sent = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      if (sent < 0) {
        if (errno == EAGAIN || errno == EINTR) {
          continue;
        }
        return false;
      }
      bytes.remove_prefix(static_cast<std::size_t>(sent));
    }
    return true;
  }

  /// The request head, or "" when none came within two seconds.
  std::string read_head(int fd) {
    std::string head;
    std::array<char, 4096> buffer{};
    const auto until = Clock::now() + std::chrono::seconds(2);
    while (!m_stopping && Clock::now() < until && head.find("\r\n\r\n") == std::string::npos &&
           head.size() < (64U << 10U)) {
      pollfd readable{fd, POLLIN, 0};
      if (::poll(&readable, 1, 20) <= 0) {
        continue;
      }
      const auto got = ::recv(fd, buffer.data(), buffer.size(), 0);
      if (got <= 0) {
        break;
      }
      head.append(buffer.data(), static_cast<std::size_t>(got));
    }
    std::lock_guard lock(m_mutex);
    m_requests += head;
    return head;
  }

  static void reset(int fd) {
    linger option{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, sizeof option);
    ::shutdown(fd, SHUT_RDWR);
  }

  bool answer(int fd, const std::string& status, const std::string& headers,
              const std::string& body, bool head_only) const {
    const std::string message = "HTTP/1.1 " + status + "\r\n" + headers +
                                "Content-Length: " + std::to_string(body.size()) +
                                "\r\nConnection: close\r\n\r\n";
    return send_all(fd, message) && (head_only || send_all(fd, body));
  }

  void serve(int fd) {
    if (m_behaviour == "reset") {
      reset(fd);  // at once, before a byte of the request is read
      return;
    }
    const std::string head = read_head(fd);
    const bool head_only = head.starts_with("HEAD ");
    const auto path_start = head.find(' ') + 1;
    const std::string path = head.substr(path_start, head.find(' ', path_start) - path_start);
    const std::string html = "Content-Type: text/html\r\n";
    // Only /bad... is hostile: the checker's probes of the home page and of a
    // random path get plain answers, as from a real site.
    if (m_behaviour == "ok" || !path.starts_with("/bad")) {
      if (path.starts_with("/ok")) {
        answer(fd, "200 OK", html,
               "<html><head><title>Fine</title></head><body><h1 id=\"intro\">Fine</h1></body>"
               "</html>",
               head_only);
      } else {
        answer(fd, "404 Not Found", html, "<html><head><title>Not Found</title></head></html>",
               head_only);
      }
    } else if (m_behaviour == "slowloris") {
      for (const char byte : std::string("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n")) {
        if (!send_all(fd, std::string_view(&byte, 1)) || !nap(std::chrono::seconds(1))) {
          return;
        }
      }
    } else if (m_behaviour == "endless-body") {
      if (send_all(fd, "HTTP/1.1 200 OK\r\n" + html + "\r\n<html><body>")) {
        const std::string filler(64U << 10U, 'x');
        while (send_all(fd, "<p>" + filler + "</p>")) {
        }
      }
    } else if (m_behaviour == "huge-header") {
      if (send_all(fd, "HTTP/1.1 200 OK\r\nX-Filler: ")) {
        const std::string filler(1U << 20U, 'h');
        for (int megabyte = 0; megabyte < 10 && send_all(fd, filler); ++megabyte) {
        }
        send_all(fd, "\r\nContent-Length: 0\r\n\r\n");
      }
    } else if (m_behaviour == "http09") {
      send_all(fd, "this is no HTTP answer at all\n");
    } else if (m_behaviour == "malformed-status") {
      send_all(fd, "HTTP/1.1 abc\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    } else if (m_behaviour == "redirect-loop") {
      answer(fd, "302 Found", path == "/bad" ? "Location: /bad2\r\n" : "Location: /bad\r\n", "",
             head_only);
    } else if (m_behaviour == "redirect-metadata") {
      answer(fd, "302 Found", "Location: http://169.254.169.254/latest/meta-data/\r\n", "",
             head_only);
    } else if (m_behaviour == "gzip-bomb") {
      answer(fd, "200 OK", html + "Content-Encoding: gzip\r\n", gzip_bomb(), head_only);
    } else if (m_behaviour == "retry-after-year-9999") {
      answer(fd, "429 Too Many Requests", "Retry-After: Fri, 31 Dec 9999 23:59:59 GMT\r\n", "",
             head_only);
    } else if (m_behaviour == "ratelimit-reset-int64-max") {
      answer(fd, "429 Too Many Requests",
             "X-RateLimit-Remaining: 0\r\nX-RateLimit-Reset: 9223372036854775807\r\n", "",
             head_only);
    } else if (m_behaviour == "retry-after-int64-seconds") {
      answer(fd, "503 Service Unavailable", "Retry-After: 9223372036854775807\r\n", "", head_only);
    } else if (m_behaviour == "deep-page") {
      std::string page = "<html><head><title>Deep</title></head><body><h1 id=\"intro\">Deep</h1>";
      for (int level = 0; level < 90'000; ++level) {
        page += "<div a=1>";
      }
      answer(fd, "200 OK", html, page + "</body></html>", head_only);
    }
  }

  /// A gzip stream of about 100 MB of zeros in 650 KB: one fixed-Huffman
  /// deflate block of a literal zero followed by length-258, distance-1
  /// copies (13 bits each), written by hand so that no zlib is needed here.
  static const std::string& gzip_bomb() {
    static const std::string bomb = [] {
      constexpr std::uint32_t k_copies = 400'000;
      std::string out = {'\x1f', '\x8b', '\x08', '\0', '\0', '\0', '\0', '\0', '\0', '\x03'};
      std::uint32_t bits = 0;
      int used = 0;
      auto put = [&](std::uint32_t value, int count) {  // LSB first
        bits |= value << used;
        used += count;
        while (used >= 8) {
          out += static_cast<char>(bits & 0xFFU);
          bits >>= 8U;
          used -= 8;
        }
      };
      auto put_code = [&](std::uint32_t code, int count) {  // Huffman codes go MSB first
        for (int bit = count - 1; bit >= 0; --bit) {
          put((code >> static_cast<unsigned>(bit)) & 1U, 1);
        }
      };
      put(1, 1);          // last block
      put(1, 2);          // fixed Huffman codes
      put_code(0x30, 8);  // literal 0
      for (std::uint32_t i = 0; i < k_copies; ++i) {
        put_code(0xC5, 8);  // length 258 (code 285)
        put_code(0, 5);     // distance 1
      }
      put_code(0, 7);  // end of block
      if (used > 0) {
        put(0, 8 - used);
      }
      const std::uint64_t size = 1 + 258ULL * k_copies;
      std::array<std::uint32_t, 256> table{};
      for (std::uint32_t n = 0; n < 256; ++n) {
        std::uint32_t c = n;
        for (int k = 0; k < 8; ++k) {
          c = (c & 1U) != 0 ? 0xEDB88320U ^ (c >> 1U) : c >> 1U;
        }
        table[n] = c;
      }
      std::uint32_t crc = 0xFFFFFFFFU;
      for (std::uint64_t i = 0; i < size; ++i) {
        crc = table[crc & 0xFFU] ^ (crc >> 8U);
      }
      crc ^= 0xFFFFFFFFU;
      for (std::uint32_t word : {crc, static_cast<std::uint32_t>(size)}) {
        for (int byte = 0; byte < 4; ++byte) {
          out += static_cast<char>((word >> (8U * static_cast<unsigned>(byte))) & 0xFFU);
        }
      }
      return out;
    }();
    return bomb;
  }

  std::string m_behaviour;
  int m_listen = -1;
  int m_port = 0;
  std::atomic<bool> m_stopping{false};
  std::atomic<int> m_connections{0};
  std::thread m_acceptor;
  mutable std::mutex m_mutex;
  std::vector<std::thread> m_workers;
  std::string m_requests;
};

/// Runs `argv` (looked up on PATH) with output to `log`; true when it exits 0
/// within 20 s.
bool run_tool(const std::vector<std::string>& argv, const fs::path& log) {
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& arg : argv) {
    args.push_back(const_cast<char*>(arg.c_str()));
  }
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(),
                                   O_WRONLY | O_CREAT | O_APPEND, 0600);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = -1;
  const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    return false;
  }
  int status = 0;
  const auto until = Clock::now() + std::chrono::seconds(20);
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (Clock::now() > until) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/// An HTTPS server on 127.0.0.1 that answers /ok, with a certificate for
/// 127.0.0.1 signed by a throwaway CA: valid for two days, or expired in
/// 2020 (made with `openssl ca`, whose -enddate takes a date in the past).
class TlsServer {
 public:
  enum class Validity { current, expired };

  explicit TlsServer(Validity validity) {
    if (!make_certificates(validity)) {
      return;
    }
    const std::string cert = (m_dir.path() / "server.pem").string();
    const std::string key = (m_dir.path() / "server.key").string();
    m_server = std::make_unique<httplib::SSLServer>(cert.c_str(), key.c_str());
    if (!m_server->is_valid()) {
      m_error = "httplib cannot load the certificate";
      return;
    }
    m_server->Get("/ok", [](const httplib::Request&, httplib::Response& response) {
      response.set_content("<html><head><title>Fine</title></head></html>", "text/html");
    });
    m_port = m_server->bind_to_any_port("127.0.0.1");
    if (m_port <= 0) {
      m_error = "cannot listen on 127.0.0.1";
      return;
    }
    m_thread = std::thread([this] { m_server->listen_after_bind(); });
    for (int i = 0; i < 400 && !m_server->is_running(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  ~TlsServer() {
    if (m_thread.joinable()) {
      m_server->stop();
      m_thread.join();
    }
  }
  TlsServer(const TlsServer&) = delete;
  TlsServer& operator=(const TlsServer&) = delete;

  const std::string& error() const { return m_error; }
  int port() const { return m_port; }
  std::string ca_file() const { return (m_dir.path() / "ca.pem").string(); }

 private:
  bool make_certificates(Validity validity) {
    const fs::path dir = m_dir.path();
    std::ofstream(dir / "openssl.cnf") << "[req]\n"
                                          "distinguished_name = dn\n"
                                          "prompt = no\n"
                                          "[dn]\n"
                                          "CN = bad-input test CA\n"
                                          "[ca_ext]\n"
                                          "basicConstraints = critical,CA:TRUE\n"
                                          "keyUsage = critical,keyCertSign,cRLSign\n"
                                          "[ca]\n"
                                          "default_ca = test_ca\n"
                                          "[test_ca]\n"
                                       << "dir = " << dir.string() << "\n"
                                       << "database = $dir/index.txt\n"
                                          "new_certs_dir = $dir\n"
                                          "serial = $dir/serial\n"
                                          "default_md = sha256\n"
                                          "policy = any\n"
                                          "[any]\n"
                                          "commonName = supplied\n"
                                          "[server_ext]\n"
                                          "basicConstraints = critical,CA:FALSE\n"
                                          "extendedKeyUsage = serverAuth\n"
                                          "subjectAltName = DNS:localhost,IP:127.0.0.1\n";
    std::ofstream(dir / "index.txt").flush();
    std::ofstream(dir / "serial") << "01\n";
    const std::string config = (dir / "openssl.cnf").string();
    const std::string d = dir.string();
    const std::vector<std::string> new_key = {"-newkey", "ec", "-pkeyopt",
                                              "ec_paramgen_curve:prime256v1", "-nodes"};
    std::vector<std::string> make_ca = {"openssl", "req",         "-x509", "-config",
                                        config,    "-extensions", "ca_ext"};
    make_ca.insert(make_ca.end(), new_key.begin(), new_key.end());
    make_ca.insert(make_ca.end(), {"-keyout", d + "/ca.key", "-out", d + "/ca.pem", "-days", "2"});
    std::vector<std::string> make_request = {"openssl", "req",   "-new",         "-config",
                                             config,    "-subj", "/CN=127.0.0.1"};
    make_request.insert(make_request.end(), new_key.begin(), new_key.end());
    make_request.insert(make_request.end(),
                        {"-keyout", d + "/server.key", "-out", d + "/server.csr"});
    std::vector<std::string> sign = {
        "openssl",         "ca",          "-batch",          "-config",     config,
        "-cert",           d + "/ca.pem", "-keyfile",        d + "/ca.key", "-in",
        d + "/server.csr", "-out",        d + "/server.pem", "-extensions", "server_ext",
        "-notext"};
    if (validity == Validity::expired) {
      sign.insert(sign.end(), {"-startdate", "20200101000000Z", "-enddate", "20200102000000Z"});
    } else {
      sign.insert(sign.end(), {"-days", "2"});
    }
    const fs::path log = dir / "openssl.log";
    if (!run_tool(make_ca, log) || !run_tool(make_request, log) || !run_tool(sign, log)) {
      m_error = "openssl could not make the test certificates (install openssl):\n" +
                testing::read_text(log);
      return false;
    }
    return true;
  }

  TempDir m_dir;
  std::string m_error;
  std::unique_ptr<httplib::SSLServer> m_server;
  std::thread m_thread;
  int m_port = 0;
};

// --- The corpus ------------------------------------------------------------

struct CorpusCase {
  std::string name;
  json spec;
  std::string load_error;  ///< set when cases.json itself cannot be used
};

/// gtest names a failing parameter by this, instead of dumping its bytes.
void PrintTo(const CorpusCase& corpus_case, std::ostream* out) { *out << corpus_case.name; }

fs::path corpus_dir() { return source_dir() / "tests" / "bad-input"; }

/// The cases, or one case that carries the reason they cannot be read: a
/// broken cases.json must fail a test, not the whole test binary.
std::vector<CorpusCase> load_corpus() {
  try {
    const json cases = json::parse(testing::read_text(corpus_dir() / "cases.json"));
    std::vector<CorpusCase> corpus;
    std::set<std::string> names;
    for (const json& spec : cases) {
      CorpusCase item{spec.at("name").get<std::string>(), spec, ""};
      if (!names.insert(item.name).second) {
        return {{"cases_json", {}, "case \"" + item.name + "\" appears twice"}};
      }
      corpus.push_back(std::move(item));
    }
    return corpus;
  } catch (const std::exception& error) {
    return {{"cases_json", {}, std::string("tests/bad-input/cases.json: ") + error.what()}};
  }
}

/// Every key a case may have; an unknown one is a typo that would silently
/// skip a check.
const std::set<std::string>& known_keys() {
  static const std::set<std::string> keys = {"name",
                                             "why",
                                             "args",
                                             "files",
                                             "copy",
                                             "generate",
                                             "stdin",
                                             "env",
                                             "server",
                                             "expect_exit",
                                             "expect_stdout",
                                             "expect_stderr",
                                             "expect_output",
                                             "forbid_stdout",
                                             "forbid_stderr",
                                             "max_stdout_bytes",
                                             "max_stderr_bytes",
                                             "watchdog_seconds",
                                             "max_rss_mb",
                                             "expect_file",
                                             "expect_server_connections",
                                             "forbid_request"};
  return keys;
}

std::string check_shape(const json& spec) {
  if (!spec.is_object()) {
    return "a case must be an object";
  }
  for (const auto& [key, value] : spec.items()) {
    if (!known_keys().contains(key)) {
      return "unknown key \"" + key + "\"";
    }
  }
  const std::string name = spec.value("name", "");
  if (name.empty() || !std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
      })) {
    return "a name is kebab-case: lower-case letters, digits and '-'";
  }
  for (const char* key : {"why", "args", "expect_exit", "watchdog_seconds"}) {
    if (!spec.contains(key)) {
      return std::string("missing \"") + key + "\"";
    }
  }
  if (!spec.contains("expect_stdout") && !spec.contains("expect_stderr") &&
      !spec.contains("expect_output") && !spec.contains("expect_file")) {
    return "a case names at least one expected message (expect_stdout, expect_stderr, "
           "expect_output) or, for a command that prints nothing, the file it must leave "
           "(expect_file)";
  }
  if (spec.contains("server") && !HostileServer::knows(spec["server"]) &&
      spec["server"] != "tls-untrusted" && spec["server"] != "tls-expired") {
    return "unknown server behaviour " + spec["server"].dump();
  }
  return "";
}

/// What one run of the binary did.
struct RunOutcome {
  bool timed_out = false;
  int exit_code = -1;  ///< -1 when killed by a signal
  int signal = 0;
  long peak_rss_kb = 0;
  long parent_rss_kb = 0;  ///< a floor under peak_rss_kb: what the child started from
  double seconds = 0;
  std::string out;
  std::string err;
  std::uintmax_t out_bytes = 0;
  std::uintmax_t err_bytes = 0;
};

/// The resident set of this process now, in KiB.
long own_rss_kb() {
  std::ifstream statm("/proc/self/statm");
  long pages_total = 0;
  long pages_resident = 0;
  statm >> pages_total >> pages_resident;
  return pages_resident * (::sysconf(_SC_PAGESIZE) / 1024);
}

/// Runs the binary in `directory` in a process group of its own, with a
/// small fixed environment, output to files in `capture`; kills the group
/// when `watchdog` passes. wait4() gives the child's peak RSS. fork() rather
/// than posix_spawn(): a vfork-style spawn execs from this process's own
/// memory, and the kernel then books this process's high-water mark to the
/// child; after fork() the child starts from what this process holds now.
RunOutcome run_watched(const std::vector<std::string>& args, const fs::path& directory,
                       const fs::path& capture, const fs::path& stdin_file,
                       const std::vector<std::string>& extra_env,
                       std::chrono::milliseconds watchdog) {
  std::vector<std::string> env = {"HOME=" + directory.string()};
  for (const char* name : {"PATH", "TMPDIR", "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"}) {
    if (const char* value = std::getenv(name)) {
      env.push_back(std::string(name) + "=" + value);
    }
  }
  env.insert(env.end(), extra_env.begin(), extra_env.end());
  std::vector<char*> envp = testing::exec_array(env);
  std::vector<std::string> argv_text = {k_binary};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv = testing::exec_array(argv_text);
  const std::string out_path = (capture / "stdout").string();
  const std::string err_path = (capture / "stderr").string();
  const std::string in_path = stdin_file.string();
  const std::string work_path = directory.string();

  RunOutcome outcome;
  outcome.parent_rss_kb = own_rss_kb();
  const auto start = Clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    // Only async-signal-safe calls between fork and exec: the servers'
    // threads may hold locks in this process.
    ::setpgid(0, 0);  // the watchdog kills the whole group
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    ::sigaction(SIGPIPE, &default_action, nullptr);
    const int in_fd = ::open(in_path.c_str(), O_RDONLY);
    const int out_fd = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err_fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (in_fd < 0 || out_fd < 0 || err_fd < 0 || ::dup2(in_fd, STDIN_FILENO) < 0 ||
        ::dup2(out_fd, STDOUT_FILENO) < 0 || ::dup2(err_fd, STDERR_FILENO) < 0 ||
        ::chdir(work_path.c_str()) != 0) {
      ::_exit(127);
    }
    ::execve(k_binary, argv.data(), envp.data());
    // Exit code 127 alone would look like the binary's own answer.
    constexpr std::string_view k_no_exec = "bad-input runner: cannot execute the binary\n";
    [[maybe_unused]] const auto written =
        ::write(STDERR_FILENO, k_no_exec.data(), k_no_exec.size());
    ::_exit(127);
  }
  if (pid < 0) {
    outcome.err = std::string("cannot fork: ") + std::strerror(errno);
    return outcome;
  }
  int status = 0;
  rusage usage{};
  while (::wait4(pid, &status, WNOHANG, &usage) == 0) {
    if (Clock::now() - start > watchdog) {
      outcome.timed_out = true;
      ::kill(-pid, SIGKILL);
      ::wait4(pid, &status, 0, &usage);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  outcome.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  outcome.peak_rss_kb = usage.ru_maxrss;
  if (WIFEXITED(status)) {
    outcome.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    outcome.signal = WTERMSIG(status);
  }
  std::error_code ec;
  outcome.out_bytes = fs::file_size(out_path, ec);
  outcome.err_bytes = fs::file_size(err_path, ec);
  outcome.out = read_prefix(out_path, k_read_limit);
  outcome.err = read_prefix(err_path, k_read_limit);
  return outcome;
}

/// Builds one case's working directory: copied fixtures, literal files,
/// generated inputs and special files.
class CaseSetup {
 public:
  CaseSetup(const fs::path& root, std::map<std::string, std::string> placeholders)
      : m_root(root), m_placeholders(std::move(placeholders)) {}

  std::string expand(std::string text) const {
    for (const auto& [name, value] : m_placeholders) {
      replace_all(text, "{" + name + "}", value);
    }
    return text;
  }

  fs::path inside(const std::string& relative) const {
    if (relative.empty() || fs::path(relative).is_absolute() ||
        relative.find("..") != std::string::npos) {
      throw std::runtime_error("a path must stay inside the case's directory: " + relative);
    }
    return m_root / relative;
  }

  void copy_fixture(const std::string& name) const {
    const fs::path from = corpus_dir() / "files" / name;
    if (!fs::is_directory(from)) {
      throw std::runtime_error("no fixture folder tests/bad-input/files/" + name);
    }
    fs::copy(from, m_root, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  }

  void write(const std::string& relative, const std::string& bytes) const {
    const fs::path path = inside(relative);
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  }

  void generate(const json& item) const {
    const fs::path path = inside(item.at("path").get<std::string>());
    fs::create_directories(path.parent_path());
    const std::string kind = item.value("kind", "text");
    if (kind == "text") {
      write_repeated(path, item);
    } else if (kind == "bytes") {
      write(item.at("path"), decode_bytes(expand(item.at("text").get<std::string>())));
    } else if (kind == "fifo") {
      if (::mkfifo(path.c_str(), 0600) != 0) {
        throw std::runtime_error("mkfifo " + path.string() + ": " + std::strerror(errno));
      }
    } else if (kind == "directory") {
      fs::create_directories(path);
    } else if (kind == "symlink") {
      fs::create_symlink(item.at("target").get<std::string>(), path);
    } else if (kind == "device") {
      // Only devices that are harmless to read; nothing here ever names a
      // device the binary could be tricked into replacing.
      const std::string target = item.at("target");
      if (target != "/dev/zero" && target != "/dev/urandom") {
        throw std::runtime_error("a device case may point at /dev/zero or /dev/urandom only");
      }
      fs::create_symlink(target, path);
    } else {
      throw std::runtime_error("unknown generate kind \"" + kind + "\"");
    }
  }

 private:
  /// prefix + `times` copies of `repeat` ("{i}" counts from 0) + suffix,
  /// streamed, so that a 50 MB input never sits in this process.
  void write_repeated(const fs::path& path, const json& item) const {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << decode_bytes(expand(item.value("prefix", "")));
    const std::string unit = decode_bytes(expand(item.at("repeat").get<std::string>()));
    const auto times = item.at("times").get<std::uint64_t>();
    const bool numbered = unit.find("{i}") != std::string::npos;
    std::string chunk;
    for (std::uint64_t i = 0; i < times; ++i) {
      if (numbered) {
        std::string numbered_unit = unit;
        replace_all(numbered_unit, "{i}", std::to_string(i));
        chunk += numbered_unit;
      } else {
        chunk += unit;
      }
      if (chunk.size() >= (1U << 16U)) {
        out << chunk;
        chunk.clear();
      }
    }
    out << chunk << decode_bytes(expand(item.value("suffix", "")));
  }

  fs::path m_root;
  std::map<std::string, std::string> m_placeholders;
};

/// Checks that `text` holds every `wanted` fragment and no `unwanted` one
/// (each a string or an array of strings, placeholders expanded).
void expect_fragments(const std::string& text, const json& wanted, const json& unwanted,
                      const std::string& what, const CaseSetup& setup) {
  if (!wanted.is_null()) {
    for (const std::string& fragment : string_list(wanted)) {
      EXPECT_TRUE(text.find(setup.expand(fragment)) != std::string::npos)
          << what << " lacks: " << setup.expand(fragment);
    }
  }
  if (!unwanted.is_null()) {
    for (const std::string& fragment : string_list(unwanted)) {
      EXPECT_TRUE(text.find(setup.expand(fragment)) == std::string::npos)
          << what << " has what it must not: " << setup.expand(fragment);
    }
  }
}

std::string describe_kind(const fs::path& path) {
  const auto status = fs::symlink_status(path);
  switch (status.type()) {
    case fs::file_type::not_found:
      return "absent";
    case fs::file_type::symlink:
      return "symlink";
    case fs::file_type::fifo:
      return "fifo";
    case fs::file_type::directory:
      return "directory";
    case fs::file_type::regular:
      return "regular";
    default:
      return "other";
  }
}

class BadInputCorpus : public ::testing::TestWithParam<CorpusCase> {};

TEST_P(BadInputCorpus, Case) {
  const CorpusCase& corpus_case = GetParam();
  ASSERT_TRUE(corpus_case.load_error.empty()) << corpus_case.load_error;
  const json& spec = corpus_case.spec;
  const std::string shape_problem = check_shape(spec);
  ASSERT_TRUE(shape_problem.empty()) << corpus_case.name << ": " << shape_problem;

  // The server first: its port goes into the files and arguments.
  std::map<std::string, std::string> placeholders = {{"today", utc_today()},
                                                     {"now", std::to_string(std::time(nullptr))}};
  std::unique_ptr<HostileServer> hostile;
  std::unique_ptr<TlsServer> tls;
  if (spec.contains("server")) {
    const std::string behaviour = spec["server"];
    if (behaviour.starts_with("tls-")) {
      tls = std::make_unique<TlsServer>(behaviour == "tls-expired" ? TlsServer::Validity::expired
                                                                   : TlsServer::Validity::current);
      ASSERT_TRUE(tls->error().empty()) << tls->error();
      placeholders["port"] = std::to_string(tls->port());
      placeholders["ca_file"] = tls->ca_file();
    } else {
      hostile = std::make_unique<HostileServer>(behaviour);
      placeholders["port"] = std::to_string(hostile->port());
    }
  }

  TempDir work;
  TempDir capture;
  const CaseSetup setup(work.path(), placeholders);
  if (spec.contains("copy")) {
    setup.copy_fixture(spec["copy"]);
  }
  if (spec.contains("files")) {
    for (const auto& [relative, text] : spec["files"].items()) {
      setup.write(relative, setup.expand(text.get<std::string>()));
    }
  }
  if (spec.contains("generate")) {
    for (const json& item : spec["generate"]) {
      setup.generate(item);
    }
  }
  const fs::path stdin_file = capture.path() / "stdin";
  std::ofstream(stdin_file, std::ios::binary)
      << decode_bytes(setup.expand(spec.value("stdin", "")));

  std::vector<json> file_checks;
  if (spec.contains("expect_file")) {
    file_checks = spec["expect_file"].is_array() ? spec["expect_file"].get<std::vector<json>>()
                                                 : std::vector<json>{spec["expect_file"]};
  }
  // Files that must come out unchanged are read before the run.
  std::map<std::string, std::string> before;
  for (const json& check : file_checks) {
    if (check.value("unchanged", false)) {
      const std::string relative = check.at("path");
      before[relative] = read_for_check(setup.inside(relative));
    }
  }

  std::vector<std::string> args;
  for (const json& arg : spec["args"]) {
    args.push_back(setup.expand(arg.get<std::string>()));
  }
  std::vector<std::string> env;
  for (const json& item : spec.value("env", json::array())) {
    env.push_back(setup.expand(item.get<std::string>()));
  }
  const double watchdog_seconds =
      spec["watchdog_seconds"].get<double>() * (k_sanitized ? k_sanitizer_slowdown : 1);
  const RunOutcome run =
      run_watched(args, work.path(), capture.path(), stdin_file, env,
                  std::chrono::milliseconds(static_cast<long>(watchdog_seconds * 1000)));

  std::string command = "sourcegate";
  for (const std::string& arg : args) {
    command += " '" + (arg.size() > 200 ? arg.substr(0, 200) + "..." : arg) + "'";
  }
  const std::string context =
      "case " + corpus_case.name + ": " + spec["why"].get<std::string>() + "\ncommand: " + command +
      "\nexit " + std::to_string(run.exit_code) + " after " + std::to_string(run.seconds) +
      " s\n--- stdout (" + std::to_string(run.out_bytes) + " bytes)\n" + clip(run.out) +
      "\n--- stderr (" + std::to_string(run.err_bytes) + " bytes)\n" + clip(run.err);
  SCOPED_TRACE(context);
  // For writing a new case: see what the binary does before deciding what it should do.
  if (std::getenv("SOURCEGATE_BAD_INPUT_SHOW") != nullptr) {
    std::cout << context << "\n--- peak RSS " << run.peak_rss_kb / 1024 << " MB\n";
  }

  ASSERT_FALSE(run.timed_out) << "hung: killed by the watchdog after " << watchdog_seconds << " s";
  ASSERT_EQ(run.signal, 0) << "crashed: killed by signal " << run.signal << " ("
                           << strsignal(run.signal) << ")";
  // A sanitizer's report fails any case, whatever exit code it left behind.
  for (const char* report : {"runtime error:", "ERROR: AddressSanitizer", "ERROR: LeakSanitizer"}) {
    EXPECT_TRUE(run.err.find(report) == std::string::npos) << "a sanitizer report: " << report;
  }
  std::vector<int> allowed_exits;
  if (spec["expect_exit"].is_array()) {
    allowed_exits = spec["expect_exit"].get<std::vector<int>>();
  } else {
    allowed_exits = {spec["expect_exit"].get<int>()};
  }
  EXPECT_THAT(allowed_exits, ::testing::Contains(run.exit_code)) << "unexpected exit code";

  expect_fragments(run.out, spec.value("expect_stdout", json()),
                   spec.value("forbid_stdout", json()), "stdout", setup);
  expect_fragments(run.err, spec.value("expect_stderr", json()),
                   spec.value("forbid_stderr", json()), "stderr", setup);
  // Where a right answer may be an error (stderr) or a finding (stdout).
  expect_fragments(run.out + run.err, spec.value("expect_output", json()), json(),
                   "stdout and stderr", setup);
  if (spec.contains("max_stdout_bytes")) {
    EXPECT_LE(run.out_bytes, spec["max_stdout_bytes"].get<std::uintmax_t>()) << "stdout size";
  }
  if (spec.contains("max_stderr_bytes")) {
    EXPECT_LE(run.err_bytes, spec["max_stderr_bytes"].get<std::uintmax_t>()) << "stderr size";
  }
  // A forked child's peak counts the memory it started from: when this
  // process already holds more than the budget (the whole suite in one
  // process, not one test per process as ctest runs it), the child's own
  // use cannot be told apart, so the budget is checked only below that.
  if (spec.contains("max_rss_mb") && !k_sanitized &&
      run.parent_rss_kb / 1024 < spec["max_rss_mb"].get<long>()) {
    EXPECT_LE(run.peak_rss_kb / 1024, spec["max_rss_mb"].get<long>())
        << "peak RSS in MB (the child started from this process's " << run.parent_rss_kb / 1024
        << " MB)";
  }

  for (const json& check : file_checks) {
    const std::string relative = check.at("path");
    const fs::path path = setup.inside(relative);
    if (check.contains("kind")) {
      EXPECT_EQ(describe_kind(path), check["kind"].get<std::string>()) << relative;
    }
    if (check.contains("unchanged")) {
      const std::string after = read_for_check(path);
      EXPECT_TRUE(after == before[relative]) << relative << " was changed; it now reads:\n"
                                             << clip(after);
    }
    if (check.contains("equals")) {
      const std::string after = read_for_check(path);
      EXPECT_TRUE(after == setup.expand(check["equals"])) << relative << " reads:\n" << clip(after);
    }
    if (check.contains("contains") || check.contains("not_contains")) {
      expect_fragments(read_for_check(path), check.value("contains", json()),
                       check.value("not_contains", json()), relative, setup);
    }
  }

  if (hostile && spec.contains("expect_server_connections")) {
    EXPECT_EQ(hostile->connections(), spec["expect_server_connections"].get<int>())
        << "connections the server accepted";
  }
  if (hostile && spec.contains("forbid_request")) {
    expect_fragments(hostile->requests(), json(), spec["forbid_request"],
                     "what the server received", setup);
  }
}

std::string case_test_name(const ::testing::TestParamInfo<CorpusCase>& info) {
  std::string name = info.param.name;
  std::replace_if(
      name.begin(), name.end(),
      [](char c) { return std::isalnum(static_cast<unsigned char>(c)) == 0; }, '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(BadInput, BadInputCorpus, ::testing::ValuesIn(load_corpus()),
                         case_test_name);

}  // namespace
}  // namespace sg
