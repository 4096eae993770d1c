#pragma once

// A real nginx on loopback for the link checker's tests: the configuration is
// written by the test, TLS uses a throwaway CA made with the openssl command
// line, and the access log tells the test what nginx actually received.
// Everything binds 127.0.0.1 on ephemeral ports.

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

extern char** environ;

namespace sg::links::testing {

/// One line of the access log.
struct NginxRequest {
  std::string method;
  std::string uri;  ///< as sent, with the query string
  int status = 0;
  std::string protocol;    ///< "HTTP/1.1", "HTTP/2.0"
  std::string host;        ///< nginx's $host: lower case, no port
  long connection = 0;     ///< nginx's connection serial number
  std::string gzip_ratio;  ///< "-" when the answer was not compressed
};

/// nginx in the foreground as a single process of the current user, with
/// every file it writes inside a fresh temporary directory.
///
/// The constructor takes one or more `server { ... }` blocks in which
/// `{http_port}`, `{https_port}`, `{root}`, `{cert}` and `{key}` are
/// replaced. It never throws: a test asserts `started()` and prints
/// `error()`, which carries nginx's error log.
class NginxServer {
 public:
  /// Names the server certificate is valid for, besides localhost and 127.0.0.1.
  static inline const std::vector<std::string> k_tls_names = {"tls.test", "site.test", "pages.test",
                                                              "redirect.test"};

  explicit NginxServer(std::string server_blocks) : m_blocks(std::move(server_blocks)) {
    std::string pattern = (std::filesystem::temp_directory_path() / "sg-nginx-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      m_error = "cannot create a temporary directory: " + std::string(std::strerror(errno));
      return;
    }
    m_dir = pattern;
    m_root = m_dir / "root";
    std::error_code ec;
    for (const char* sub : {"root", "temp", "logs"}) {
      std::filesystem::create_directories(m_dir / sub, ec);
    }
    m_nginx = find_nginx();
    if (m_nginx.empty()) {
      m_error = "nginx is not installed; run scripts/dev.sh test to install it";
      return;
    }
    if (!make_certificates()) {
      return;
    }
    // A port picked free can be taken before nginx binds it; pick again.
    for (int attempt = 0; attempt < 4 && !m_started; ++attempt) {
      m_started = start();
      if (!m_started && m_error.find("bind()") == std::string::npos) {
        break;
      }
    }
  }

  ~NginxServer() {
    stop();
    if (!m_dir.empty()) {
      std::error_code ec;
      std::filesystem::remove_all(m_dir, ec);
    }
  }
  NginxServer(const NginxServer&) = delete;
  NginxServer& operator=(const NginxServer&) = delete;

  bool started() const { return m_started; }
  const std::string& error() const { return m_error; }

  int http_port() const { return m_http_port; }
  int https_port() const { return m_https_port; }
  std::filesystem::path root() const { return m_root; }
  std::string ca_file() const { return (m_dir / "ca.pem").string(); }

  std::string url(const std::string& path, const std::string& host = "127.0.0.1") const {
    return "http://" + host + ":" + std::to_string(m_http_port) + path;
  }
  std::string tls_url(const std::string& path, const std::string& host = "127.0.0.1") const {
    return "https://" + host + ":" + std::to_string(m_https_port) + path;
  }

  /// Writes a file under the document root (`{root}`), making directories.
  void write_file(const std::string& relative_path, const std::string& content) const {
    auto path = m_root / relative_path;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << content;
  }

  /// Every request nginx has logged so far, oldest first. A request sent to
  /// nginx's own control port first makes sure that every answer already
  /// sent has been logged: nginx runs one event loop and logs a request
  /// when its answer has been written, before it reads the next one.
  std::vector<NginxRequest> requests() const {
    std::vector<NginxRequest> result;
    if (!m_started) {
      return result;
    }
    std::string marker = "/.sync/" + std::to_string(++m_syncs);
    control_request(marker);
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(3);
    bool synced = false;
    while (!synced && std::chrono::steady_clock::now() < until) {
      result.clear();
      std::ifstream log(m_dir / "logs" / "access.log");
      std::string line;
      while (std::getline(log, line)) {
        NginxRequest request = parse_line(line);
        if (request.uri == marker) {
          synced = true;
        } else if (!request.uri.starts_with("/.sync/")) {
          result.push_back(std::move(request));
        }
      }
      if (!synced) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    }
    return result;
  }

  /// nginx's error log, for failure messages.
  std::string error_log() const { return read_text(m_dir / "logs" / "error.log"); }

 private:
  static std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }

  static std::string find_nginx() {
    // /usr/sbin is not on every user's PATH.
    for (const char* candidate : {"/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"}) {
      if (::access(candidate, X_OK) == 0) {
        return candidate;
      }
    }
    if (const char* path = std::getenv("PATH")) {
      std::stringstream dirs(path);
      std::string dir;
      while (std::getline(dirs, dir, ':')) {
        auto candidate = std::filesystem::path(dir) / "nginx";
        if (::access(candidate.c_str(), X_OK) == 0) {
          return candidate.string();
        }
      }
    }
    return "";
  }

  /// Spawns `argv` with stdin from /dev/null and stdout and stderr appended
  /// to `output`; returns the pid, or -1.
  static pid_t spawn(const std::vector<std::string>& argv, const std::filesystem::path& output) {
    std::vector<char*> args;
    for (const auto& arg : argv) {
      args.push_back(const_cast<char*>(arg.c_str()));
    }
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, output.c_str(), O_WRONLY | O_CREAT | O_APPEND,
                                     0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    pid_t pid = -1;
    int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    return rc == 0 ? pid : -1;
  }

  /// Waits up to `limit` for `pid`; kills it when the time is up. Returns
  /// the exit status, or -1 when it did not exit normally.
  static int wait_bounded(pid_t pid, std::chrono::milliseconds limit) {
    auto until = std::chrono::steady_clock::now() + limit;
    int status = 0;
    while (std::chrono::steady_clock::now() < until) {
      if (::waitpid(pid, &status, WNOHANG) == pid) {
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    return -1;
  }

  bool run(const std::vector<std::string>& argv) {
    auto output = m_dir / "openssl.out";
    pid_t pid = spawn(argv, output);
    if (pid < 0 || wait_bounded(pid, std::chrono::seconds(20)) != 0) {
      m_error = "'" + argv[0] + " " + argv[1] + "' failed (run scripts/dev.sh test to install " +
                "openssl):\n" + read_text(output);
      return false;
    }
    return true;
  }

  /// A CA and a server certificate signed by it, valid for two days. EC
  /// keys, because RSA key generation would dominate a test's run time.
  bool make_certificates() {
    std::string names = "DNS:localhost,IP:127.0.0.1";
    for (const auto& name : k_tls_names) {
      names += ",DNS:" + name;
    }
    auto config = m_dir / "openssl.cnf";
    std::ofstream(config) << "[req]\n"
                             "distinguished_name = dn\n"
                             "prompt = no\n"
                             "[dn]\n"
                             "CN = sourcegate test CA\n"
                             "[ca]\n"
                             "basicConstraints = critical,CA:TRUE\n"
                             "keyUsage = critical,keyCertSign,cRLSign\n"
                             "subjectKeyIdentifier = hash\n"
                             "[server]\n"
                             "basicConstraints = critical,CA:FALSE\n"
                             "keyUsage = critical,digitalSignature\n"
                             "extendedKeyUsage = serverAuth\n"
                             "subjectKeyIdentifier = hash\n"
                             "authorityKeyIdentifier = keyid\n"
                          << "subjectAltName = " << names << "\n";
    std::string dir = m_dir.string();
    std::string serial = std::to_string(std::random_device{}() | 1U);
    return run({"openssl", "req", "-x509", "-config", config.string(), "-extensions", "ca",
                "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                dir + "/ca.key", "-out", dir + "/ca.pem", "-days", "2"}) &&
           run({"openssl", "req", "-new", "-config", config.string(), "-subj", "/CN=localhost",
                "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                dir + "/server.key", "-out", dir + "/server.csr"}) &&
           run({"openssl", "x509", "-req", "-in", dir + "/server.csr", "-CA", dir + "/ca.pem",
                "-CAkey", dir + "/ca.key", "-set_serial", serial, "-days", "2", "-extfile",
                config.string(), "-extensions", "server", "-out", dir + "/server.pem"});
  }

  /// `count` distinct ports that were free a moment ago. The sockets stay
  /// open until all are picked, or the kernel could hand out one port twice.
  static std::vector<int> free_ports(int count) {
    std::vector<int> fds;
    std::vector<int> ports;
    for (int i = 0; i < count; ++i) {
      int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
      sockaddr_in address{};
      address.sin_family = AF_INET;
      address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      socklen_t length = sizeof address;
      int port = 0;
      if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
          ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
        port = ntohs(address.sin_port);
      }
      fds.push_back(fd);
      ports.push_back(port);
    }
    for (int fd : fds) {
      ::close(fd);
    }
    return ports;
  }

  static void replace_all(std::string& text, const std::string& from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
      text.replace(at, from.size(), to);
    }
  }

  std::string config_text() const {
    std::string dir = m_dir.string();
    std::string blocks = m_blocks;
    replace_all(blocks, "{http_port}", std::to_string(m_http_port));
    replace_all(blocks, "{https_port}", std::to_string(m_https_port));
    replace_all(blocks, "{root}", m_root.string());
    replace_all(blocks, "{cert}", dir + "/server.pem");
    replace_all(blocks, "{key}", dir + "/server.key");
    // No master process: nginx stays one process of the current user, with
    // no worker to switch users, and SIGTERM stops it.
    return "daemon off;\n"
           "master_process off;\n"
           "pid " +
           dir +
           "/nginx.pid;\n"
           "error_log " +
           dir +
           "/logs/error.log warn;\n"
           "events {}\n"
           "http {\n"
           "  types { text/html html; text/plain txt; application/pdf pdf; }\n"
           "  default_type text/html;\n"
           "  log_format sg \"$request_method\\t$request_uri\\t$status\\t$server_protocol\\t"
           "$host\\t$connection\\t$gzip_ratio\";\n"
           "  access_log " +
           dir +
           "/logs/access.log sg;\n"
           "  client_body_temp_path " +
           dir +
           "/temp/body;\n"
           "  proxy_temp_path " +
           dir +
           "/temp/proxy;\n"
           "  fastcgi_temp_path " +
           dir +
           "/temp/fastcgi;\n"
           "  uwsgi_temp_path " +
           dir +
           "/temp/uwsgi;\n"
           "  scgi_temp_path " +
           dir +
           "/temp/scgi;\n"
           "  keepalive_timeout 10s;\n"
           "  server {\n"
           "    listen 127.0.0.1:" +
           std::to_string(m_control_port) +
           ";\n"
           "    location / { return 204; }\n"
           "  }\n" +
           blocks + "\n}\n";
  }

  bool start() {
    auto ports = free_ports(3);
    m_http_port = ports[0];
    m_https_port = ports[1];
    m_control_port = ports[2];
    auto config = m_dir / "nginx.conf";
    std::ofstream(config) << config_text();
    auto output = m_dir / "logs" / "nginx.out";
    // A failure message shows this attempt's logs only.
    std::ofstream(output, std::ios::trunc).flush();
    std::ofstream(m_dir / "logs" / "error.log", std::ios::trunc).flush();
    m_pid = spawn({m_nginx, "-p", m_dir.string() + "/", "-e",
                   (m_dir / "logs" / "error.log").string(), "-c", config.string()},
                  output);
    if (m_pid < 0) {
      m_error = "cannot start " + m_nginx;
      return false;
    }
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (std::chrono::steady_clock::now() < until) {
      int status = 0;
      if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
        m_pid = -1;
        m_error = "nginx exited at start:\n" + error_log() + read_text(output) +
                  "\nconfiguration:\n" + read_text(config);
        return false;
      }
      // nginx keeps trying a taken port for 2.5 s; new ports are quicker.
      if (error_log().find("bind() to") != std::string::npos) {
        stop();
        m_error = "nginx could not bind its ports:\n" + error_log();
        return false;
      }
      if (control_request("/.sync/start")) {
        return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    stop();
    m_error = "nginx did not answer within 5 s:\n" + error_log() + read_text(output);
    return false;
  }

  void stop() {
    if (m_pid > 0) {
      ::kill(m_pid, SIGTERM);
      int status = 0;
      auto until = std::chrono::steady_clock::now() + std::chrono::seconds(3);
      bool reaped = false;
      while (!reaped && std::chrono::steady_clock::now() < until) {
        reaped = ::waitpid(m_pid, &status, WNOHANG) == m_pid;
        if (!reaped) {
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
      }
      if (!reaped) {
        ::kill(m_pid, SIGKILL);
        ::waitpid(m_pid, &status, 0);
      }
      m_pid = -1;
    }
    m_started = false;
  }

  /// One HTTP/1.0 request to the control server; true when an answer came
  /// within a second.
  bool control_request(const std::string& path) const {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<uint16_t>(m_control_port));
    bool answered = false;
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
      std::string request = "GET " + path + " HTTP/1.0\r\nHost: control\r\n\r\n";
      ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
      std::string answer;
      char buffer[512];
      for (int i = 0; i < 100; ++i) {
        pollfd poll_fd{fd, POLLIN, 0};
        if (::poll(&poll_fd, 1, 10) <= 0) {
          continue;
        }
        auto n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) {
          break;  // HTTP/1.0: the server closes after the answer
        }
        answer.append(buffer, static_cast<std::size_t>(n));
      }
      answered = answer.starts_with("HTTP/1.1 204");
    }
    ::close(fd);
    return answered;
  }

  static NginxRequest parse_line(const std::string& line) {
    std::vector<std::string> fields;
    std::stringstream stream(line);
    std::string field;
    while (std::getline(stream, field, '\t')) {
      fields.push_back(field);
    }
    NginxRequest request;
    if (fields.size() >= 7) {
      request.method = fields[0];
      request.uri = fields[1];
      request.status = std::atoi(fields[2].c_str());
      request.protocol = fields[3];
      request.host = fields[4];
      request.connection = std::atol(fields[5].c_str());
      request.gzip_ratio = fields[6];
    }
    return request;
  }

  std::string m_blocks;
  std::filesystem::path m_dir;
  std::filesystem::path m_root;
  std::string m_nginx;
  std::string m_error;
  bool m_started = false;
  pid_t m_pid = -1;
  int m_http_port = 0;
  int m_https_port = 0;
  int m_control_port = 0;
  mutable int m_syncs = 0;
};

}  // namespace sg::links::testing
