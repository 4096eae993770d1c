// Connection-level behaviours an HTTP server library cannot produce: a peer
// that never answers, a peer that resets.

#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "links/checker.h"
#include "test_server.h"

namespace sg::links {
namespace {

using testing::check_one;
using testing::loopback_settings;
using testing::RawServer;

/// The site's home: a raw server answers every path alike, which a deep
/// link's soft-404 probe would rightly report.
std::string url_for(const RawServer& server) {
  return "http://127.0.0.1:" + std::to_string(server.port()) + "/";
}

void answer_ok(int fd, bool read_request = true) {
  if (read_request) {
    RawServer::read_request(fd);
  }
  static const std::string k_body = "<title>Fine</title>\n";
  static const std::string k_answer =
      "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: " +
      std::to_string(k_body.size()) + "\r\nConnection: close\r\n\r\n" + k_body;
  ::send(fd, k_answer.data(), k_answer.size(), MSG_NOSIGNAL);
  ::close(fd);
}

TEST(CheckerConnection, NeverAnsweringEndpointTimesOut) {
  RawServer* self = nullptr;
  RawServer server([&](int fd, int) {
    RawServer::read_request(fd);
    self->hold(fd);
  });
  self = &server;
  auto settings = loopback_settings();
  settings.request_timeout_ms = 200;
  settings.retries = 1;
  auto result = check_one(settings, url_for(server));
  EXPECT_EQ(result.status, LinkStatus::timeout) << result.error;
  EXPECT_EQ(result.attempts, 2);
  EXPECT_EQ(server.connections(), 2);
}

TEST(CheckerConnection, ResetIsRetriedAndThenSucceeds) {
  RawServer server([](int fd, int connection) {
    if (connection == 0) {
      RawServer::read_request(fd);
      RawServer::reset(fd);
    } else {
      answer_ok(fd);
    }
  });
  auto result = check_one(loopback_settings(), url_for(server));
  EXPECT_EQ(result.status, LinkStatus::ok) << result.error;
  EXPECT_EQ(result.attempts, 2);
}

TEST(CheckerConnection, PersistentResetIsUnreachable) {
  RawServer server([](int fd, int) {
    RawServer::read_request(fd);
    RawServer::reset(fd);
  });
  auto result = check_one(loopback_settings(), url_for(server));
  EXPECT_EQ(result.status, LinkStatus::unreachable) << result.error;
  EXPECT_EQ(result.attempts, 3);
  EXPECT_EQ(result.reason, LinkReason::connection_reset);
}

TEST(CheckerConnection, RefusedConnectionIsUnreachableNotBlocked) {
  // A socket bound but not listening refuses connections, and holding it
  // keeps another process from taking the port during the test.
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  socklen_t length = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  auto settings = loopback_settings();
  settings.retries = 1;
  auto result =
      check_one(settings, "http://127.0.0.1:" + std::to_string(ntohs(address.sin_port)) + "/");
  ::close(fd);
  EXPECT_EQ(result.status, LinkStatus::unreachable) << result.error;
  EXPECT_EQ(result.attempts, 2);
  EXPECT_EQ(result.reason, LinkReason::connect);
}

TEST(CheckerConnection, AReplyThatIsNotHttpIsUnreachableNotBlocked) {
  RawServer server([](int fd, int) {
    RawServer::read_request(fd);
    static const std::string k_garbage = "garbage without a status line\r\n";
    ::send(fd, k_garbage.data(), k_garbage.size(), MSG_NOSIGNAL);
    ::close(fd);
  });
  auto settings = loopback_settings();
  settings.retries = 0;
  auto result = check_one(settings, url_for(server));
  EXPECT_EQ(result.status, LinkStatus::unreachable) << result.error;
  EXPECT_EQ(result.reason, LinkReason::transport);
}

TEST(CheckerConnection, CredentialsInAUrlAreNeverSent) {
  std::atomic<bool> saw_credentials{false};
  RawServer server([&](int fd, int) {
    std::string request = RawServer::read_request(fd);
    if (request.find("Authorization") != std::string::npos ||
        request.find("REDACTED") != std::string::npos) {
      saw_credentials = true;
    }
    answer_ok(fd, false);
  });
  auto result = check_one(loopback_settings(),
                          "http://REDACTED@127.0.0.1:" + std::to_string(server.port()) + "/");
  EXPECT_EQ(result.status, LinkStatus::ok) << result.error;
  EXPECT_FALSE(saw_credentials);
}

}  // namespace
}  // namespace sg::links
