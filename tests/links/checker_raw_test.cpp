// Connection-level behaviours an HTTP server library cannot produce: a peer
// that never answers, a peer that resets.

#include <gtest/gtest.h>

#include <string>

#include "links/checker.h"
#include "test_server.h"

namespace sg::links {
namespace {

using testing::check_one;
using testing::loopback_settings;
using testing::RawServer;

std::string url_for(const RawServer& server) {
  return "http://127.0.0.1:" + std::to_string(server.port()) + "/x";
}

void answer_ok(int fd) {
  RawServer::read_request(fd);
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
  EXPECT_NE(result.error.find("connection reset"), std::string::npos) << result.error;
}

TEST(CheckerConnection, RefusedConnectionIsUnreachableNotBlocked) {
  int port = 0;
  {
    RawServer closed([](int fd, int) { ::close(fd); });
    port = closed.port();
  }  // nothing listens on the port any more
  auto settings = loopback_settings();
  settings.retries = 1;
  auto result = check_one(settings, "http://127.0.0.1:" + std::to_string(port) + "/");
  EXPECT_EQ(result.status, LinkStatus::unreachable) << result.error;
  EXPECT_NE(result.error.find("cannot connect"), std::string::npos) << result.error;
}

}  // namespace
}  // namespace sg::links
