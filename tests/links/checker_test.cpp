#include "links/checker.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "test_server.h"

namespace sg::links {
namespace {

using namespace std::chrono_literals;
using testing::check_one;
using testing::loopback_settings;
using testing::target;
using testing::TestServer;

const char* const k_page =
    "<!doctype html><html><head><title>Welcome</title></head><body>"
    "<h1 id=\"present\">Hi</h1><a name=\"named\"></a>"
    "<h2 id=\"user-content-install\">Install</h2></body></html>";

/// One server for every behaviour, plus per-path request counters.
class CheckerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto& http = m_server.http();
    auto count = [this](const httplib::Request& request) {
      std::lock_guard lock(m_mutex);
      m_hits[request.path]++;
      m_methods[request.path].push_back(request.method);
      return m_hits[request.path];
    };
    auto page = [count](const httplib::Request& request, httplib::Response& response) {
      count(request);
      response.set_content(k_page, "text/html");
    };
    http.Get("/ok", page);
    http.Get("/page", page);
    http.Get("/rel/b", page);
    http.Get("/head405", [count](const httplib::Request& request, httplib::Response& response) {
      count(request);
      response.status = request.method == "HEAD" ? 405 : 200;
      response.set_content(k_page, "text/html");
    });
    http.Get("/headlie", [count](const httplib::Request& request, httplib::Response& response) {
      count(request);
      response.status = request.method == "HEAD" ? 404 : 200;
      response.set_content(k_page, "text/html");
    });
    for (int code : {301, 302, 307, 308}) {
      http.Get("/r" + std::to_string(code),
               [count, code](const httplib::Request& request, httplib::Response& response) {
                 count(request);
                 response.set_redirect("/ok", code);
               });
    }
    http.Get("/chain", [count](const httplib::Request& request, httplib::Response& response) {
      count(request);
      response.set_redirect("/r301", 302);
    });
    http.Get("/docs", [count](const httplib::Request& request, httplib::Response& response) {
      count(request);
      response.set_redirect("/docs/latest", 301);
    });
    http.Get("/docs/latest", [](const httplib::Request&, httplib::Response& response) {
      response.set_redirect("/docs/v3.2", 302);
    });
    http.Get("/docs/v3.2", [](const httplib::Request&, httplib::Response& response) {
      response.set_content(k_page, "text/html");
    });
    http.Get("/temp-chain", [count](const httplib::Request& request, httplib::Response& response) {
      count(request);
      response.set_redirect("/r307", 302);
    });
    http.Get("/rel/a", [count](const httplib::Request& request, httplib::Response& response) {
      count(request);
      response.status = 302;
      response.set_header("Location", "b");  // relative to /rel/a
    });
    http.Get("/loop-a", [](const httplib::Request&, httplib::Response& response) {
      response.set_redirect("/loop-b", 302);
    });
    http.Get("/loop-b", [](const httplib::Request&, httplib::Response& response) {
      response.set_redirect("/loop-a", 302);
    });
    for (int code : {404, 410, 500}) {
      http.Get("/" + std::to_string(code),
               [count, code](const httplib::Request& request, httplib::Response& response) {
                 count(request);
                 response.status = code;
                 response.set_content("<title>Error</title>", "text/html");
               });
    }
    http.Get("/flaky503", [count](const httplib::Request& request, httplib::Response& response) {
      response.status = count(request) == 1 ? 503 : 200;
      response.set_content(k_page, "text/html");
    });
    http.Get("/ratelimited", [count](const httplib::Request& request, httplib::Response& response) {
      if (count(request) == 1) {
        response.status = 429;
        response.set_header("Retry-After", "1");
      } else {
        response.set_content(k_page, "text/html");
      }
    });
    http.Get("/slow", [this, count](const httplib::Request& request, httplib::Response& response) {
      count(request);
      m_server.nap(1500ms);
      response.set_content(k_page, "text/html");
    });
    http.Get("/soft404", [count](const httplib::Request& request, httplib::Response& response) {
      count(request);
      response.set_content("<html><head><title>Page not found - Example</title></head></html>",
                           "text/html");
    });
    http.Get("/cf", [](const httplib::Request&, httplib::Response& response) {
      response.status = 403;
      response.set_header("cf-mitigated", "challenge");
      response.set_content("<html></html>", "text/html");
    });
    http.Get("/cfbody", [](const httplib::Request&, httplib::Response& response) {
      response.status = 503;
      response.set_header("Server", "cloudflare");
      response.set_content(
          "<html><head><title>Just a moment...</title></head><body>"
          "<script src=\"/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1\"></script>"
          "</body></html>",
          "text/html");
    });
    http.Get("/999",
             [](const httplib::Request&, httplib::Response& response) { response.status = 999; });
    http.Get("/plain403", [](const httplib::Request&, httplib::Response& response) {
      response.status = 403;
      response.set_content("<title>Forbidden</title>", "text/html");
    });
    http.Get("/private", [](const httplib::Request&, httplib::Response& response) {
      response.set_redirect("/login?next=/private", 302);
    });
    http.Get("/to-metadata", [](const httplib::Request&, httplib::Response& response) {
      response.set_redirect("http://169.254.169.254/latest/meta-data/", 302);
    });
    http.Get("/to-ftp", [](const httplib::Request&, httplib::Response& response) {
      response.set_redirect("ftp://example.org/file", 302);
    });
    http.Get("/endless", [](const httplib::Request&, httplib::Response& response) {
      response.set_chunked_content_provider("text/html", [](std::size_t, httplib::DataSink& sink) {
        static const std::string k_chunk(8192, 'x');
        return sink.write(k_chunk.data(), k_chunk.size());
      });
    });
    http.Get("/bigheaders", [](const httplib::Request&, httplib::Response& response) {
      for (int i = 0; i < 40; ++i) {
        response.set_header("X-Filler-" + std::to_string(i), std::string(100, 'y'));
      }
      response.set_content("ok", "text/plain");
    });
    // A PDF that never ends, behind a HEAD the server refuses, so that a GET
    // is sent: a checker that read non-HTML bodies would run into its
    // request timeout here.
    http.Get("/pdf", [count](const httplib::Request& request, httplib::Response& response) {
      count(request);
      if (request.method == "HEAD") {
        response.status = 405;
        return;
      }
      response.set_chunked_content_provider(
          "application/pdf", [](std::size_t, httplib::DataSink& sink) {
            static const std::string k_chunk(std::size_t{64} * 1024, 'p');
            return sink.write(k_chunk.data(), k_chunk.size());
          });
    });
    m_server.start();
  }

  int hits(const std::string& path) {
    std::lock_guard lock(m_mutex);
    return m_hits[path];
  }
  std::vector<std::string> methods(const std::string& path) {
    std::lock_guard lock(m_mutex);
    return m_methods[path];
  }

  CheckSettings settings() const { return loopback_settings(m_server.port()); }
  std::string url(const std::string& path) const { return m_server.url(path); }

  TestServer m_server;
  std::mutex m_mutex;
  std::map<std::string, int> m_hits;
  std::map<std::string, std::vector<std::string>> m_methods;
};

TEST_F(CheckerTest, OkPage) {
  auto result = check_one(settings(), url("/ok"));
  EXPECT_EQ(result.status, LinkStatus::ok) << result.error;
  EXPECT_EQ(result.http_status, 200);
  EXPECT_EQ(result.attempts, 1);
  EXPECT_EQ(result.final_url, url("/ok"));
  EXPECT_TRUE(result.error.empty());
  EXPECT_EQ(result.sources.size(), 1u);
}

TEST_F(CheckerTest, HeadFirstWhenNoBodyIsNeeded) {
  auto config = settings();
  config.soft_404_patterns.clear();
  auto result = check_one(config, url("/ok"));
  EXPECT_EQ(result.status, LinkStatus::ok) << result.error;
  EXPECT_EQ(methods("/ok"), std::vector<std::string>{"HEAD"});
}

TEST_F(CheckerTest, Head405ThenGet200) {
  auto config = settings();
  config.soft_404_patterns.clear();
  auto result = check_one(config, url("/head405"));
  EXPECT_EQ(result.status, LinkStatus::ok) << result.error;
  EXPECT_EQ(result.http_status, 200);
  EXPECT_EQ(result.attempts, 1);  // falling back to GET is not a retry
  EXPECT_EQ(methods("/head405"), (std::vector<std::string>{"HEAD", "GET"}));
}

TEST_F(CheckerTest, HeadThatLiesWith404IsNotTrusted) {
  auto config = settings();
  config.soft_404_patterns.clear();
  auto result = check_one(config, url("/headlie"));
  EXPECT_EQ(result.status, LinkStatus::ok) << result.error;
  EXPECT_EQ(methods("/headlie"), (std::vector<std::string>{"HEAD", "GET"}));
}

TEST_F(CheckerTest, PermanentRedirectsAreReportedWithTheFinalUrl) {
  for (const char* path : {"/r301", "/r308"}) {
    auto result = check_one(settings(), url(path));
    EXPECT_EQ(result.status, LinkStatus::redirected) << path << result.error;
    EXPECT_EQ(result.final_url, url("/ok")) << path;
    EXPECT_EQ(result.http_status, 200);
  }
}

TEST_F(CheckerTest, TemporaryRedirectsAreOk) {
  for (const char* path : {"/r302", "/r307", "/temp-chain"}) {
    auto result = check_one(settings(), url(path));
    EXPECT_EQ(result.status, LinkStatus::ok) << path << result.error;
    EXPECT_EQ(result.final_url, url("/ok")) << path;
  }
}

TEST_F(CheckerTest, AChainThatStartsWithATemporaryHopIsOk) {
  auto result = check_one(settings(), url("/chain"));  // 302, then 301
  EXPECT_EQ(result.status, LinkStatus::ok) << result.error;
  EXPECT_EQ(result.final_url, url("/ok"));
}

TEST_F(CheckerTest, TheFixIsTheLastPermanentHopBeforeATemporaryOne) {
  auto result = check_one(settings(), url("/docs"));  // 301 /docs/latest, 302 /docs/v3.2
  EXPECT_EQ(result.status, LinkStatus::redirected) << result.error;
  EXPECT_EQ(result.final_url, url("/docs/latest"));
  EXPECT_EQ(result.reason, LinkReason::moved_permanently);
  EXPECT_NE(result.evidence.find("HTTP 302 Found to " + url("/docs/v3.2")), std::string::npos)
      << result.evidence;
}

TEST_F(CheckerTest, RelativeRedirectIsResolved) {
  auto result = check_one(settings(), url("/rel/a"));
  EXPECT_EQ(result.status, LinkStatus::ok) << result.error;
  EXPECT_EQ(result.final_url, url("/rel/b"));
}

TEST_F(CheckerTest, RedirectLoopIsBroken) {
  auto result = check_one(settings(), url("/loop-a"));
  EXPECT_EQ(result.status, LinkStatus::broken);
  EXPECT_EQ(result.reason, LinkReason::redirect_loop);
  EXPECT_NE(result.error.find("the redirects loop"), std::string::npos) << result.error;
}

TEST_F(CheckerTest, TooManyRedirectsIsBroken) {
  auto config = settings();
  config.max_redirects = 1;
  auto result = check_one(config, url("/chain"));
  EXPECT_EQ(result.status, LinkStatus::broken);
  EXPECT_NE(result.error.find("more than 1 redirects"), std::string::npos) << result.error;
}

TEST_F(CheckerTest, ClientErrorsAreBrokenWithoutRetry) {
  for (const char* path : {"/404", "/410"}) {
    auto result = check_one(settings(), url(path));
    EXPECT_EQ(result.status, LinkStatus::broken) << path;
    EXPECT_EQ(result.attempts, 1);
    EXPECT_EQ(result.reason, LinkReason::http_status);
    EXPECT_EQ(result.evidence.substr(0, 8), "HTTP " + std::string(path + 1)) << result.evidence;
    EXPECT_EQ(hits(path), 1);
  }
}

TEST_F(CheckerTest, ServerErrorIsRetriedThenBroken) {
  auto result = check_one(settings(), url("/500"));
  EXPECT_EQ(result.status, LinkStatus::broken);
  EXPECT_EQ(result.http_status, 500);
  EXPECT_EQ(result.attempts, 3);  // retries = 2
  EXPECT_EQ(hits("/500"), 3);
}

TEST_F(CheckerTest, ServiceUnavailableThenOkIsRetried) {
  auto result = check_one(settings(), url("/flaky503"));
  EXPECT_EQ(result.status, LinkStatus::ok) << result.error;
  EXPECT_EQ(result.attempts, 2);
  EXPECT_EQ(hits("/flaky503"), 2);
}

TEST_F(CheckerTest, RetryAfterIsHonoured) {
  auto start = std::chrono::steady_clock::now();
  auto result = check_one(settings(), url("/ratelimited"));
  auto waited = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(result.status, LinkStatus::ok) << result.error;
  EXPECT_EQ(result.attempts, 2);
  EXPECT_GE(result.elapsed_ms, 950);
  EXPECT_GE(waited, 950ms);
}

TEST_F(CheckerTest, RetryAfterBeyondTheDeadlineGivesUp) {
  auto config = settings();
  config.link_deadline_ms = 500;
  auto result = check_one(config, url("/ratelimited"));
  EXPECT_EQ(result.status, LinkStatus::unverifiable) << result.error;
  EXPECT_EQ(result.attempts, 1);
}

TEST_F(CheckerTest, SlowEndpointTimesOut) {
  auto config = settings();
  config.request_timeout_ms = 200;
  config.retries = 1;
  auto result = check_one(config, url("/slow"));
  EXPECT_EQ(result.status, LinkStatus::timeout) << result.error;
  EXPECT_EQ(result.attempts, 2);
  EXPECT_NE(result.error.find("no answer"), std::string::npos) << result.error;
}

TEST_F(CheckerTest, SoftNotFoundIsBroken) {
  auto result = check_one(settings(), url("/soft404"));
  EXPECT_EQ(result.status, LinkStatus::broken);
  EXPECT_EQ(result.http_status, 200);
  EXPECT_NE(result.error.find("soft 404"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("Page not found"), std::string::npos) << result.error;
}

TEST_F(CheckerTest, BotWallsAreUnverifiable) {
  for (const char* path : {"/cf", "/cfbody", "/999"}) {
    auto result = check_one(settings(), url(path));
    EXPECT_EQ(result.status, LinkStatus::unverifiable) << path << ": " << result.error;
    EXPECT_EQ(result.attempts, 1) << path;
  }
}

TEST_F(CheckerTest, PlainForbiddenIsABotWallUnlessAcceptedForTheHost) {
  auto result = check_one(settings(), url("/plain403"));
  EXPECT_EQ(result.status, LinkStatus::unverifiable);
  EXPECT_EQ(result.reason, LinkReason::bot_wall);
  EXPECT_EQ(result.evidence, "HTTP 403 Forbidden, page \"Forbidden\"");
  auto config = settings();
  HostRule rule;
  rule.host_pattern = R"(127\.0\.0\.1)";
  rule.accept = {403};
  config.hosts.push_back(rule);
  EXPECT_EQ(check_one(config, url("/plain403")).status, LinkStatus::ok);
}

TEST_F(CheckerTest, LoginWallRedirectIsUnverifiable) {
  auto result = check_one(settings(), url("/private"));
  EXPECT_EQ(result.status, LinkStatus::unverifiable);
  EXPECT_NE(result.error.find("login"), std::string::npos) << result.error;
}

TEST_F(CheckerTest, FragmentsPresentAndMissing) {
  auto config = settings();
  config.check_fragments = true;
  LinkChecker checker(config);
  auto results = checker.check({target(url("/page#present")), target(url("/page#named")),
                                target(url("/page#install")), target(url("/page#missing"))});
  EXPECT_EQ(results[0].status, LinkStatus::ok) << results[0].error;
  EXPECT_EQ(results[1].status, LinkStatus::ok) << results[1].error;
  EXPECT_EQ(results[2].status, LinkStatus::ok) << results[2].error;  // user-content-install
  EXPECT_EQ(results[3].status, LinkStatus::fragment_missing);
  EXPECT_NE(results[3].error.find("'missing'"), std::string::npos) << results[3].error;
  EXPECT_EQ(hits("/page"), 1);  // one fetch for four fragments
}

TEST_F(CheckerTest, FragmentsAreNotCheckedUnlessAsked) {
  auto result = check_one(settings(), url("/page#missing"));
  EXPECT_EQ(result.status, LinkStatus::ok);
}

TEST_F(CheckerTest, EndlessBodyStopsAtTheCap) {
  auto config = settings();
  config.check_fragments = true;
  config.max_body_bytes = std::size_t{64} * 1024;
  // Room for a loaded machine to serve the first 64 KiB; without the cap the
  // read would run into this timeout instead: a timeout verdict, not a
  // judged first 64 KiB. (How fast is for bench/.)
  config.request_timeout_ms = 15000;
  config.link_deadline_ms = 20000;
  auto result = check_one(config, url("/endless#nothing"));
  EXPECT_EQ(result.status, LinkStatus::fragment_missing) << result.error;
  EXPECT_NE(result.error.find("first 64 KiB"), std::string::npos) << result.error;
}

TEST_F(CheckerTest, NonHtmlBodiesAreNotRead) {
  auto config = settings();
  config.request_timeout_ms = 3000;
  config.retries = 0;
  auto result = check_one(config, url("/pdf"));
  EXPECT_EQ(result.status, LinkStatus::ok) << result.error;
  const std::vector<std::string> sent = methods("/pdf");
  EXPECT_NE(std::find(sent.begin(), sent.end(), "GET"), sent.end());  // the endless body was sent
}

TEST_F(CheckerTest, HeaderCapStopsHugeHeaders) {
  auto config = settings();
  config.max_header_bytes = 2048;
  auto result = check_one(config, url("/bigheaders"));
  EXPECT_EQ(result.status, LinkStatus::broken);
  EXPECT_EQ(result.reason, LinkReason::oversized_headers);
}

TEST_F(CheckerTest, RedirectToMetadataAddressIsBlockedEvenWithLoopbackAllowed) {
  auto result = check_one(settings(), url("/to-metadata"));
  EXPECT_EQ(result.status, LinkStatus::blocked) << result.error;
  EXPECT_NE(result.error.find("169.254.169.254"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("link-local"), std::string::npos) << result.error;
  EXPECT_EQ(result.attempts, 1);
}

TEST_F(CheckerTest, RedirectToAnotherSchemeIsBlocked) {
  auto result = check_one(settings(), url("/to-ftp"));
  EXPECT_EQ(result.status, LinkStatus::blocked);
  EXPECT_EQ(result.reason, LinkReason::blocked_scheme);
  EXPECT_NE(result.error.find("ftp://example.org/file"), std::string::npos) << result.error;
}

TEST_F(CheckerTest, NameResolvingToPrivateAddressIsBlocked) {
  auto config = settings();
  config.resolve.push_back("internal.test:80:10.0.0.1");
  auto result = check_one(config, "http://internal.test/admin");
  EXPECT_EQ(result.status, LinkStatus::blocked) << result.error;
  EXPECT_NE(result.error.find("10.0.0.1"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("private"), std::string::npos) << result.error;
}

TEST_F(CheckerTest, InternationalHostNamesAreLookedUpInPunycode) {
  auto config = settings();
  config.resolve.push_back("xn--bcher-kva.test:" + std::to_string(m_server.port()) + ":127.0.0.1");
  auto result = check_one(config, m_server.url("/ok",
                                               "b\xC3\xBC"
                                               "cher.test"));
  EXPECT_EQ(result.status, LinkStatus::ok) << result.error;
}

TEST_F(CheckerTest, LoopbackWithoutAllowIsBlocked) {
  auto config = settings();
  config.allowed_cidrs.clear();
  auto result = check_one(config, url("/ok"));
  EXPECT_EQ(result.status, LinkStatus::blocked) << result.error;
  EXPECT_NE(result.error.find("loopback"), std::string::npos) << result.error;
  EXPECT_EQ(hits("/ok"), 0);
}

TEST_F(CheckerTest, ExcludedAndSkipped) {
  auto config = settings();
  config.exclude = {R"(/404$)"};
  LinkChecker checker(config);
  auto results = checker.check({target(url("/404")), target("mailto:a@example.org")});
  EXPECT_EQ(results[0].status, LinkStatus::excluded);
  EXPECT_EQ(results[1].status, LinkStatus::skipped);
  EXPECT_EQ(hits("/404"), 0);
}

TEST_F(CheckerTest, IncludeNarrowsTheCheck) {
  auto config = settings();
  config.include = {R"(/ok$)"};
  LinkChecker checker(config);
  auto results = checker.check({target(url("/ok")), target(url("/404"))});
  EXPECT_EQ(results[0].status, LinkStatus::ok);
  EXPECT_EQ(results[1].status, LinkStatus::excluded);
}

TEST_F(CheckerTest, ResultsKeepInputOrderAndProgressEnds) {
  std::vector<LinkTarget> targets = {target(url("/404")), target(url("/ok")), target(url("/r301")),
                                     target(url("/ok"))};
  targets[3].sources = {{"b.md", 7, 3}};
  std::vector<CheckProgress> seen;
  LinkChecker checker(settings());
  auto results = checker.check(targets, [&](const CheckProgress& p) { seen.push_back(p); });
  ASSERT_EQ(results.size(), 4u);
  EXPECT_EQ(results[0].status, LinkStatus::broken);
  EXPECT_EQ(results[1].status, LinkStatus::ok);
  EXPECT_EQ(results[2].status, LinkStatus::redirected);
  EXPECT_EQ(results[3].sources.at(0).file, "b.md");
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.back().done, 4u);
  EXPECT_EQ(seen.back().total, 4u);
  EXPECT_EQ(seen.back().failures, 1u);
}

std::size_t open_descriptors() {
  return static_cast<std::size_t>(std::distance(
      std::filesystem::directory_iterator("/proc/self/fd"), std::filesystem::directory_iterator()));
}

// At scale (bench/links/scale) the same holds for 20,000 URLs; here a few
// hundred keep it fast enough for every test run.
TEST_F(CheckerTest, EveryUrlIsReportedOnceAndNoDescriptorOutlivesTheRun) {
  std::vector<LinkTarget> targets;
  targets.reserve(400);
  for (int i = 0; i < 400; ++i) {
    targets.push_back(target(url("/ok?page=" + std::to_string(i))));
  }
  const std::size_t before = open_descriptors();
  auto results = check_links(targets, settings(), nullptr, CacheMode::no_cache);
  // The server shares this process: its side of a connection closes once it
  // reads the client's close, a moment later.
  for (int wait = 0; wait < 50 && open_descriptors() > before; ++wait) {
    std::this_thread::sleep_for(100ms);
  }
  // At most as many: a connection an earlier step left open may close during
  // the run, on a loaded machine.
  EXPECT_LE(open_descriptors(), before);
  ASSERT_EQ(results.size(), targets.size());
  std::set<std::string> urls;
  for (std::size_t i = 0; i < results.size(); ++i) {
    EXPECT_EQ(results[i].url, targets[i].url);
    EXPECT_EQ(results[i].status, LinkStatus::ok) << results[i].url;
    urls.insert(results[i].url);
  }
  EXPECT_EQ(urls.size(), targets.size());
}

TEST_F(CheckerTest, CacheAnswersTheSecondRunWithoutARequest) {
  auto path = std::filesystem::temp_directory_path() /
              ("sg-links-cache-" + std::to_string(::getpid()) + ".json");
  std::filesystem::remove(path);
  {
    LinkCache cache(path.string());
    ASSERT_FALSE(cache.load());
    auto results = check_links({target(url("/ok")), target(url("/404"))}, settings(), &cache,
                               CacheMode::normal);
    EXPECT_EQ(results[0].status, LinkStatus::ok);
    ASSERT_FALSE(cache.save());
  }
  EXPECT_EQ(hits("/ok"), 1);
  LinkCache cache(path.string());
  ASSERT_FALSE(cache.load());
  auto again =
      check_links({target(url("/ok")), target(url("/404"))}, settings(), &cache, CacheMode::normal);
  EXPECT_EQ(again[0].status, LinkStatus::ok);
  EXPECT_EQ(again[1].status, LinkStatus::broken);
  EXPECT_EQ(again[0].sources.size(), 1u);
  EXPECT_EQ(hits("/ok"), 1);
  EXPECT_EQ(hits("/404"), 1);

  auto offline = check_links({target(url("/ok")), target(url("/r302"))}, settings(), &cache,
                             CacheMode::offline);
  EXPECT_EQ(offline[0].status, LinkStatus::ok);
  EXPECT_EQ(offline[1].status, LinkStatus::skipped);
  EXPECT_NE(offline[1].error.find("offline"), std::string::npos);
  EXPECT_EQ(hits("/r302"), 0);

  auto fresh = check_links({target(url("/ok"))}, settings(), &cache, CacheMode::no_cache);
  EXPECT_EQ(fresh[0].status, LinkStatus::ok);
  EXPECT_EQ(hits("/ok"), 2);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace sg::links
