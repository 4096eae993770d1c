// Behaviours across several host names: per-host limits, credentials that
// must stay with their host. Fake names resolve to 127.0.0.1 through resolve
// overrides, as curl --resolve does.

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <mutex>
#include <string>

#include "links/checker.h"
#include "test_server.h"

namespace sg::links {
namespace {

using namespace std::chrono_literals;
using testing::loopback_settings;
using testing::target;
using testing::TestServer;

std::string host_of(const httplib::Request& request) {
  std::string host = request.get_header_value("Host");
  return host.substr(0, host.find(':'));
}

TEST(CheckerHosts, PerHostLimitHoldsWhileHostsRunInParallel) {
  TestServer server;
  std::mutex mutex;
  std::map<std::string, int> current;
  std::map<std::string, int> peak;
  int all_current = 0;
  int all_peak = 0;
  server.http().Get("/slow/(\\d+)",
                    [&](const httplib::Request& request, httplib::Response& response) {
                      std::string host = host_of(request);
                      {
                        std::lock_guard lock(mutex);
                        peak[host] = std::max(peak[host], ++current[host]);
                        all_peak = std::max(all_peak, ++all_current);
                      }
                      server.nap(120ms);
                      {
                        std::lock_guard lock(mutex);
                        --current[host];
                        --all_current;
                      }
                      response.set_content("<title>ok</title>", "text/html");
                    });
  server.start();

  std::vector<std::string> hosts = {"a.test", "b.test", "c.test"};
  auto settings = loopback_settings(server.port(), hosts);
  settings.max_per_host = 2;
  std::vector<LinkTarget> targets;
  for (const auto& host : hosts) {
    for (int i = 0; i < 6; ++i) {
      targets.push_back(target(server.url("/slow/" + std::to_string(i), host)));
    }
  }
  LinkChecker checker(settings);
  auto results = checker.check(targets);
  for (const auto& result : results) {
    EXPECT_EQ(result.status, LinkStatus::ok) << result.url << ": " << result.error;
  }
  std::lock_guard lock(mutex);
  for (const auto& host : hosts) {
    EXPECT_EQ(peak[host], 2) << host;
  }
  EXPECT_GE(all_peak, 4);  // hosts do not wait for each other
}

TEST(CheckerHosts, TimeQueuedForASlotDoesNotCountAgainstTheDeadline) {
  // Every link starts on a.test, which redirects at once to b.test, where the
  // links wait for one slot in turn: the last waits longer than a deadline.
  TestServer server;
  server.http().Get("/(\\d+)", [&](const httplib::Request& request, httplib::Response& response) {
    if (host_of(request) == "a.test") {
      response.set_redirect(server.url(request.path, "b.test"), 302);
      return;
    }
    server.nap(250ms);
    response.set_content("<title>ok</title>", "text/html");
  });
  server.start();
  auto settings = loopback_settings(server.port(), {"a.test", "b.test"});
  settings.max_per_host = 1;
  settings.request_timeout_ms = 900;
  settings.link_deadline_ms = 1000;  // less than the six answers take one after another
  std::vector<LinkTarget> targets;
  for (int i = 0; i < 6; ++i) {
    targets.push_back(target(server.url("/" + std::to_string(i), "a.test")));
  }
  LinkChecker checker(settings);
  for (const auto& result : checker.check(targets)) {
    EXPECT_EQ(result.status, LinkStatus::ok) << result.url << ": " << result.error;
  }
}

TEST(CheckerHosts, ElapsedTimeIsEachLinksOwn) {
  TestServer server;
  server.http().Get("/fast", [](const httplib::Request&, httplib::Response& response) {
    response.set_content("<title>ok</title>", "text/html");
  });
  server.http().Get("/slow", [&](const httplib::Request&, httplib::Response& response) {
    server.nap(2500ms);
    response.set_content("<title>ok</title>", "text/html");
  });
  server.start();
  auto settings = loopback_settings(server.port());
  settings.request_timeout_ms = 5000;
  LinkChecker checker(settings);
  auto results = checker.check({target(server.url("/fast")), target(server.url("/slow"))});
  EXPECT_EQ(results[1].status, LinkStatus::ok) << results[1].error;
  // The fast link's time is its own, not the batch's: well under the slow
  // one's nap even on a loaded sanitizer build.
  EXPECT_LT(results[0].elapsed_ms, 2500);
  EXPECT_GE(results[1].elapsed_ms, 2500);
}

TEST(CheckerHosts, AHostThatNeverAnswersFailsItsOtherLinksFast) {
  testing::RawServer* self = nullptr;
  testing::RawServer server([&](int fd, int) {
    testing::RawServer::read_request(fd);
    self->hold(fd);
  });
  self = &server;
  auto settings = loopback_settings();
  settings.max_per_host = 2;
  settings.request_timeout_ms = 300;
  settings.retries = 1;
  std::vector<LinkTarget> targets;
  for (int i = 0; i < 8; ++i) {
    targets.push_back(
        target("http://127.0.0.1:" + std::to_string(server.port()) + "/" + std::to_string(i)));
  }
  LinkChecker checker(settings);
  auto results = checker.check(targets);
  int never_tried = 0;
  for (const auto& result : results) {
    EXPECT_EQ(result.status, LinkStatus::timeout) << result.url << ": " << result.error;
    never_tried += result.reason == LinkReason::host_timed_out ? 1 : 0;
  }
  // Two links in flight, one retry of the first; the other six are not tried.
  EXPECT_EQ(server.connections(), 3);
  EXPECT_EQ(never_tried, 6);
}

TEST(CheckerHosts, AHostThatAnswersAfterATimeoutReleasesItsHeldLinks) {
  TestServer server;
  std::atomic<int> calls{0};
  server.http().Get("/(\\d+)", [&](const httplib::Request&, httplib::Response& response) {
    if (calls++ == 0) {
      server.nap(600ms);  // the first answer is too late
    }
    response.set_content("<title>ok</title>", "text/html");
  });
  server.start();
  auto settings = loopback_settings(server.port());
  settings.max_per_host = 1;
  settings.request_timeout_ms = 300;
  std::vector<LinkTarget> targets;
  for (int i = 0; i < 4; ++i) {
    targets.push_back(target(server.url("/" + std::to_string(i))));
  }
  LinkChecker checker(settings);
  for (const auto& result : checker.check(targets)) {
    EXPECT_EQ(result.status, LinkStatus::ok) << result.url << ": " << result.error;
  }
}

TEST(CheckerHosts, PerHostUserAgentHeadersTimeoutsAndUnverifiableHosts) {
  TestServer server;
  std::atomic<int> unverifiable_requests{0};
  server.http().Get("/page", [&](const httplib::Request& request, httplib::Response& response) {
    const std::string host = host_of(request);
    if (host == "never.test") {
      unverifiable_requests++;
    }
    if (host == "slow.test") {
      server.nap(600ms);
    }
    const bool browser_like = request.get_header_value("User-Agent").starts_with("Mozilla/") &&
                              request.get_header_value("X-Team") == "docs";
    response.status = browser_like || host != "picky.test" ? 200 : 403;
    response.set_content("<title>Page</title>", "text/html");
  });
  server.start();
  std::vector<std::string> hosts = {"picky.test", "plain.test", "slow.test", "never.test"};
  auto settings = loopback_settings(server.port(), hosts);
  HostRule picky;
  picky.host_pattern = R"(picky\.test)";
  picky.user_agent = "Mozilla/5.0 (compatible; sourcegate)";
  picky.headers = {"X-Team: docs"};
  HostRule slow;
  slow.host_pattern = R"(slow\.test)";
  slow.request_timeout_ms = 200;
  HostRule never;
  never.host_pattern = R"(never\.test)";
  never.unverifiable = "needs a login";
  settings.hosts = {picky, slow, never};
  settings.retries = 0;
  LinkChecker checker(settings);
  auto results = checker.check(
      {target(server.url("/page", "picky.test")), target(server.url("/page", "plain.test")),
       target(server.url("/page", "slow.test")), target(server.url("/page", "never.test"))});
  EXPECT_EQ(results[0].status, LinkStatus::ok) << results[0].error;
  EXPECT_EQ(results[1].status, LinkStatus::ok) << results[1].error;
  EXPECT_EQ(results[2].status, LinkStatus::timeout) << results[2].error;
  EXPECT_EQ(results[3].status, LinkStatus::unverifiable);
  EXPECT_EQ(results[3].reason, LinkReason::host_policy);
  EXPECT_EQ(results[3].evidence, "never.test: needs a login");
  EXPECT_EQ(unverifiable_requests, 0);
}

TEST(CheckerHosts, MinimumIntervalSpacesRequestsToOneHost) {
  TestServer server;
  server.http().Get("/(\\d+)", [](const httplib::Request&, httplib::Response& response) {
    response.set_content("<title>ok</title>", "text/html");
  });
  server.start();
  auto settings = loopback_settings(server.port());
  settings.min_interval_per_host_ms = 100;
  auto start = std::chrono::steady_clock::now();
  LinkChecker checker(settings);
  auto results = checker.check({target(server.url("/1")), target(server.url("/2")),
                                target(server.url("/3")), target(server.url("/4"))});
  EXPECT_GE(std::chrono::steady_clock::now() - start, 300ms);
  for (const auto& result : results) {
    EXPECT_EQ(result.status, LinkStatus::ok);
  }
}

/// A fake GitHub API and another host on one loopback server; records which
/// hosts saw an Authorization header.
class GithubApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto json = [](const std::string& full_name) {
      return "{\"full_name\":\"" + full_name + "\",\"html_url\":\"https://github.com/" + full_name +
             "\"}";
    };
    auto record = [this](const httplib::Request& request) {
      std::lock_guard lock(m_mutex);
      m_requests[host_of(request) + request.path] = request.get_header_value("Authorization");
    };
    auto& http = m_server.http();
    http.Get("/repos/owner/repo",
             [record, json](const httplib::Request& request, httplib::Response& response) {
               record(request);
               if (request.get_header_value("Authorization") != "Bearer sekret") {
                 response.status = 401;
                 return;
               }
               response.set_content(json("owner/repo"), "application/json");
             });
    http.Get("/repos/owner/gone",
             [record](const httplib::Request& request, httplib::Response& response) {
               record(request);
               response.status = 404;
               response.set_content("{\"message\":\"Not Found\"}", "application/json");
             });
    http.Get("/repos/owner/old-name",
             [record, this](const httplib::Request& request, httplib::Response& response) {
               record(request);
               response.set_redirect(m_server.url("/repositories/42", "api.github.test"), 301);
             });
    http.Get("/repositories/42",
             [record, json](const httplib::Request& request, httplib::Response& response) {
               record(request);
               response.set_content(json("owner/new-name"), "application/json");
             });
    http.Get("/repos/owner/elsewhere",
             [record, this](const httplib::Request& request, httplib::Response& response) {
               record(request);
               response.set_redirect(m_server.url("/landing", "other.test"), 302);
             });
    http.Get("/landing", [record](const httplib::Request& request, httplib::Response& response) {
      record(request);
      response.set_content("<title>Landing</title>", "text/html");
    });
    m_server.start();
  }

  CheckSettings settings() const {
    auto config = loopback_settings(m_server.port(), {"api.github.test", "other.test"});
    config.github_token = "sekret";
    config.github_api_base = m_server.url("", "api.github.test");
    return config;
  }

  std::map<std::string, std::string> requests() {
    std::lock_guard lock(m_mutex);
    return m_requests;
  }

  TestServer m_server;
  std::mutex m_mutex;
  std::map<std::string, std::string> m_requests;  // host+path -> Authorization
};

TEST_F(GithubApiTest, RepositoryIsCheckedThroughTheApiWithTheToken) {
  LinkChecker checker(settings());
  auto results = checker.check({target("https://github.com/owner/repo"),
                                target("https://github.com/owner/gone/"),
                                target("https://github.com/owner/old-name")});
  EXPECT_EQ(results[0].status, LinkStatus::ok) << results[0].error;
  EXPECT_EQ(results[0].final_url, "https://github.com/owner/repo");
  EXPECT_EQ(results[1].status, LinkStatus::broken) << results[1].error;
  EXPECT_NE(results[1].error.find("owner/gone"), std::string::npos);
  EXPECT_EQ(results[2].status, LinkStatus::redirected) << results[2].error;
  EXPECT_EQ(results[2].final_url, "https://github.com/owner/new-name");
  auto seen = requests();
  EXPECT_EQ(seen["api.github.test/repos/owner/repo"], "Bearer sekret");
  EXPECT_EQ(seen["api.github.test/repositories/42"], "Bearer sekret");  // same origin
}

TEST_F(GithubApiTest, TokenNeverCrossesToAnotherHost) {
  LinkChecker checker(settings());
  auto results = checker.check({target("https://github.com/owner/elsewhere"),
                                target(m_server.url("/landing", "other.test") + "?direct")});
  EXPECT_EQ(results[1].status, LinkStatus::ok) << results[1].error;
  auto seen = requests();
  EXPECT_EQ(seen["api.github.test/repos/owner/elsewhere"], "Bearer sekret");
  ASSERT_TRUE(seen.count("other.test/landing"));
  EXPECT_EQ(seen["other.test/landing"], "");
  for (const auto& result : results) {
    EXPECT_EQ(result.error.find("sekret"), std::string::npos);
  }
}

TEST_F(GithubApiTest, HostTokenGoesOnlyToItsHost) {
  auto config = settings();
  config.github_token.clear();
  config.host_tokens.push_back({"api.github.test", "token host-secret"});
  config.allow_insecure_credentials = true;  // the loopback server speaks plain http
  LinkChecker checker(config);
  auto results = checker.check({target(m_server.url("/landing", "api.github.test")),
                                target(m_server.url("/landing", "other.test"))});
  EXPECT_EQ(results[0].status, LinkStatus::ok);
  auto seen = requests();
  EXPECT_EQ(seen["api.github.test/landing"], "token host-secret");
  EXPECT_EQ(seen["other.test/landing"], "");
}

TEST_F(GithubApiTest, HostTokensNeverTravelOverPlainHttp) {
  auto config = settings();
  config.github_token.clear();
  config.host_tokens.push_back({"api.github.test", "token host-secret"});
  LinkChecker checker(config);
  checker.check({target(m_server.url("/landing", "api.github.test"))});
  EXPECT_EQ(requests()["api.github.test/landing"], "");
}

TEST_F(GithubApiTest, WithoutATokenGithubIsNotAskedThroughTheApi) {
  auto config = settings();
  config.github_token.clear();
  config.exclude = {"github\\.com"};
  LinkChecker checker(config);
  auto results = checker.check({target("https://github.com/owner/repo")});
  EXPECT_EQ(results[0].status, LinkStatus::excluded);
  EXPECT_TRUE(requests().empty());
}

}  // namespace
}  // namespace sg::links
