// The link checker against a real nginx: redirects with nginx's own bodies
// and Location rules, gzip, soft 404s, robot walls, rate limits and TLS with
// HTTP/2. Each behaviour asserts the verdict and what nginx received, from
// its access log. Server blocks are told apart by host name; every fake name
// resolves to 127.0.0.1.

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "links/checker.h"
#include "nginx_server.h"
#include "test_server.h"

namespace sg::links {

namespace {

using testing::check_one;
using testing::loopback_settings;
using testing::NginxRequest;
using testing::NginxServer;
using testing::target;

// A checker that probes a host for soft 404s fetches one random path there,
// and perhaps the site root, at most once per host and run.
constexpr std::size_t k_probe_allowance = 2;

const char* const k_server_blocks = R"nginx(
server {
  listen 127.0.0.1:{http_port} default_server;
  server_name redirect.test;
  location = /r301 { return 301 /new; }
  location = /r308 { return 308 /new; }
  location = /r302 { return 302 /new; }
  location = /r307 { return 307 /new; }
  location = /new {
    return 200 '<html><head><title>The new home of the page</title></head><body></body></html>';
  }
  location = /docs { return 301 /docs/latest; }
  location = /docs/latest { return 302 /docs/v3.2; }
  location = /docs/v3.2 {
    return 200 '<html><head><title>Documentation 3.2</title></head><body></body></html>';
  }
  location = /moving { return 302 /moved; }
  location = /moved { return 301 /new; }
  location = /blog/2019/retired-post { return 301 /; }
  location = / { return 200 '<html><head><title>Example blog</title></head></html>'; }
  location = /metadata { return 301 http://169.254.169.254/latest/meta-data/; }
  location / { return 404; }
}

server {
  listen 127.0.0.1:{http_port};
  server_name relative.test;
  # Without this nginx turns every Location starting with / into an absolute URL.
  absolute_redirect off;
  location = /a/b/sibling { return 301 new; }
  location = /a/b/parent { return 301 ../x; }
  location = /a/b/elsewhere { return 301 //pages.test:{http_port}/article.html; }
  location = /a/b/new { return 200 '<html><head><title>New</title></head></html>'; }
  location = /a/x { return 200 '<html><head><title>X</title></head></html>'; }
  location / { return 404; }
}

server {
  listen 127.0.0.1:{http_port};
  server_name pages.test;
  root {root}/pages;
  # gzip_types always includes text/html; naming it again only draws a warning.
  gzip on;
  gzip_min_length 0;
  location = /nohead.html {
    if ($request_method = HEAD) { return 405; }
  }
}

server {
  listen 127.0.0.1:{http_port};
  server_name soft.test;
  root {root}/soft;
  location / { try_files $uri $uri/ @missing; }
  location @missing {
    return 200 '<html><head><title>Example site</title></head><body><p>We could not find that.</p></body></html>';
  }
}

server {
  listen 127.0.0.1:{http_port};
  server_name spa.test;
  root {root}/spa;
  location / { try_files $uri /index.html; }
}

server {
  listen 127.0.0.1:{http_port};
  server_name walls.test;
  location = /browsers-only {
    if ($http_user_agent !~* Mozilla) {
      return 403 '<html><head><title>Access Denied</title></head><body><h1>Access Denied</h1>You do not have permission to access this page on this server.<p>Reference #18.5f3e1402.1700000000.1a2b3c</p></body></html>';
    }
    return 200 '<html><head><title>For browsers</title></head></html>';
  }
  location = /challenge {
    add_header cf-mitigated challenge always;
    return 403 '<html><head><title>One moment</title></head><body></body></html>';
  }
  location = /profile { return 999 '<html><body></body></html>'; }
  location = /members {
    add_header WWW-Authenticate 'Basic realm="members"' always;
    return 401;
  }
  location / { return 404; }
}

server {
  listen 127.0.0.1:{http_port};
  server_name storage.test;
  location = /bucket/private/report.pdf {
    # The error is XML whatever the object's extension says.
    types {}
    default_type application/xml;
    add_header x-amz-request-id 4442587FB7D0A2F9 always;
    return 403 '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message><RequestId>4442587FB7D0A2F9</RequestId></Error>';
  }
  location = /removed { return 410; }
  location / { return 404; }
}

server {
  listen 127.0.0.1:{http_port};
  server_name limits.test;
  location = /busy {
    add_header Retry-After 1 always;
    return 429;
  }
  location = /down { return 503; }
  location = /busy-no-retry-after { return 429; }
  location = /html-only {
    if ($http_accept !~ "text/html") { return 406; }
    default_type text/html;
    return 200 "<!doctype html><title>Crate</title>";
  }
  location / { return 404; }
}

server {
  listen 127.0.0.1:{https_port} ssl http2;
  server_name tls.test;
  ssl_certificate {cert};
  ssl_certificate_key {key};
  root {root}/tls;
}
)nginx";

const std::vector<std::string> k_hosts = {"redirect.test", "relative.test", "pages.test",
                                          "soft.test",     "spa.test",      "walls.test",
                                          "storage.test",  "limits.test",   "tls.test"};

/// For failure messages: gtest prints a status as its bytes.
std::string describe(const LinkResult& result) {
  return std::string(to_string(result.status)) + " (" + std::to_string(result.http_status) + ") " +
         result.final_url + ": " + result.error;
}

std::string page(const std::string& title, const std::string& body = "<p>Content.</p>") {
  return "<!doctype html><html><head><title>" + title + "</title></head><body><h1>" + title +
         "</h1>" + body + "</body></html>";
}

/// One nginx for the whole suite; each test looks only at the requests made
/// after it began.
class NginxBehaviours : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    s_server = std::make_unique<NginxServer>(k_server_blocks);
    if (!s_server->started()) {
      return;  // each test fails in SetUp with nginx's error log
    }
    std::string filler;
    for (int i = 0; i < 40; ++i) {
      filler += "<p>Paragraph " + std::to_string(i) + " of an ordinary article.</p>";
    }
    s_server->write_file("pages/article.html", page("Configuring the widget", filler));
    s_server->write_file("pages/http-status-codes.html",
                         page("Understanding HTTP 404 and 410 status codes"));
    s_server->write_file("pages/lat-404.html", page("lat 404"));
    s_server->write_file("pages/missing-page.html", page("Page not found | Example"));
    s_server->write_file("pages/nohead.html", page("Served to GET only"));
    s_server->write_file("soft/index.html", page("Example site - home"));
    s_server->write_file("soft/guide/intro.html", page("Introduction - Example site"));
    s_server->write_file("spa/index.html",
                         "<!doctype html><html><head><title>Example App</title></head><body>"
                         "<div id=\"app\"></div><script src=\"/app.js\"></script></body></html>");
    for (const char* name : {"a", "b", "c", "d", "e", "f"}) {
      s_server->write_file(std::string("tls/") + name + ".html", page(std::string("Page ") + name));
    }
  }
  static void TearDownTestSuite() { s_server.reset(); }

  void SetUp() override {
    ASSERT_TRUE(s_server->started()) << s_server->error();
    m_mark = s_server->requests().size();
  }

  NginxServer& server() { return *s_server; }

  /// Every fake name on both ports, the test CA trusted.
  CheckSettings settings() const {
    CheckSettings result = loopback_settings();
    for (const auto& host : k_hosts) {
      for (int port : {s_server->http_port(), s_server->https_port()}) {
        result.resolve.push_back(host + ":" + std::to_string(port) + ":127.0.0.1");
      }
    }
    result.ca_file = s_server->ca_file();
    return result;
  }

  LinkResult check(const std::string& url) const { return check_one(settings(), url); }

  /// The requests nginx received for `host` since the test began.
  std::vector<NginxRequest> made(const std::string& host) const {
    auto all = s_server->requests();
    std::vector<NginxRequest> result;
    for (std::size_t i = m_mark; i < all.size(); ++i) {
      if (all[i].host == host) {
        result.push_back(all[i]);
      }
    }
    return result;
  }

  std::size_t hits(const std::string& host, const std::string& uri) const {
    auto requests = made(host);
    return static_cast<std::size_t>(std::count_if(
        requests.begin(), requests.end(), [&](const NginxRequest& r) { return r.uri == uri; }));
  }

  /// Requests for `host` to none of `uris`: probes.
  std::size_t others(const std::string& host, const std::set<std::string>& uris) const {
    auto requests = made(host);
    return static_cast<std::size_t>(
        std::count_if(requests.begin(), requests.end(),
                      [&](const NginxRequest& r) { return uris.count(r.uri) == 0; }));
  }

  /// Each of `uris` fetched exactly once from `host`, and at most the probe
  /// allowance of anything else.
  void expect_each_fetched_once(const std::string& host, const std::set<std::string>& uris) const {
    for (const std::string& uri : uris) {
      EXPECT_EQ(hits(host, uri), 1U) << uri << "\n" << log_of(host);
    }
    EXPECT_LE(others(host, uris), k_probe_allowance) << log_of(host);
  }

  std::string log_of(const std::string& host) const {
    std::string text;
    for (const auto& r : made(host)) {
      text += r.method + " " + r.uri + " " + std::to_string(r.status) + " " + r.protocol + "\n";
    }
    return text;
  }

 private:
  static inline std::unique_ptr<NginxServer> s_server;
  std::size_t m_mark = 0;
};

// --- a. redirect codes ------------------------------------------------------

TEST_F(NginxBehaviours, Permanent301IsRedirectedToTheTarget) {
  auto result = check(server().url("/r301", "redirect.test"));
  EXPECT_EQ(result.status, LinkStatus::redirected) << describe(result);
  EXPECT_TRUE(result.final_url.ends_with("/new")) << result.final_url;
  expect_each_fetched_once("redirect.test", {"/r301", "/new"});
}

TEST_F(NginxBehaviours, Permanent308IsRedirectedToTheTarget) {
  auto result = check(server().url("/r308", "redirect.test"));
  EXPECT_EQ(result.status, LinkStatus::redirected) << describe(result);
  EXPECT_TRUE(result.final_url.ends_with("/new")) << result.final_url;
  expect_each_fetched_once("redirect.test", {"/r308", "/new"});
}

TEST_F(NginxBehaviours, Temporary302IsOkWithTheTargetAsFinalUrl) {
  auto result = check(server().url("/r302", "redirect.test"));
  EXPECT_EQ(result.status, LinkStatus::ok) << describe(result);
  EXPECT_EQ(result.final_url, server().url("/new", "redirect.test"));
  expect_each_fetched_once("redirect.test", {"/r302", "/new"});
}

TEST_F(NginxBehaviours, Temporary307IsOkWithTheTargetAsFinalUrl) {
  auto result = check(server().url("/r307", "redirect.test"));
  EXPECT_EQ(result.status, LinkStatus::ok) << describe(result);
  EXPECT_EQ(result.final_url, server().url("/new", "redirect.test"));
  expect_each_fetched_once("redirect.test", {"/r307", "/new"});
}

// --- b. relative Locations --------------------------------------------------

TEST_F(NginxBehaviours, RelativeLocationIsResolvedAgainstTheRequestUrl) {
  auto result = check(server().url("/a/b/sibling", "relative.test"));
  EXPECT_EQ(result.status, LinkStatus::redirected) << describe(result);
  EXPECT_EQ(result.final_url, server().url("/a/b/new", "relative.test"));
  expect_each_fetched_once("relative.test", {"/a/b/sibling", "/a/b/new"});
}

TEST_F(NginxBehaviours, DotDotLocationIsResolvedAgainstTheRequestUrl) {
  auto result = check(server().url("/a/b/parent", "relative.test"));
  EXPECT_EQ(result.status, LinkStatus::redirected) << describe(result);
  EXPECT_EQ(result.final_url, server().url("/a/x", "relative.test"));
  expect_each_fetched_once("relative.test", {"/a/b/parent", "/a/x"});
}

TEST_F(NginxBehaviours, ProtocolRelativeLocationKeepsTheScheme) {
  auto result = check(server().url("/a/b/elsewhere", "relative.test"));
  EXPECT_EQ(result.status, LinkStatus::redirected) << describe(result);
  EXPECT_EQ(result.final_url, server().url("/article.html", "pages.test"));
  EXPECT_EQ(hits("relative.test", "/a/b/elsewhere"), 1U) << log_of("relative.test");
  expect_each_fetched_once("pages.test", {"/article.html"});
}

// --- c. chains ----------------------------------------------------------------

TEST_F(NginxBehaviours, PermanentThenTemporaryChainOffersThePermanentTarget) {
  auto result = check(server().url("/docs", "redirect.test"));
  EXPECT_EQ(result.status, LinkStatus::redirected) << describe(result);
  // /docs/v3.2 is where /docs/latest points today; the link should say latest.
  EXPECT_TRUE(result.final_url.ends_with("/docs/latest")) << result.final_url;
  EXPECT_EQ(hits("redirect.test", "/docs"), 1U) << log_of("redirect.test");
  EXPECT_EQ(hits("redirect.test", "/docs/latest"), 1U) << log_of("redirect.test");
  EXPECT_EQ(hits("redirect.test", "/docs/v3.2"), 1U) << log_of("redirect.test");
}

TEST_F(NginxBehaviours, ChainStartingWithATemporaryHopIsOk) {
  auto result = check(server().url("/moving", "redirect.test"));
  EXPECT_EQ(result.status, LinkStatus::ok) << describe(result);
  EXPECT_EQ(hits("redirect.test", "/moving"), 1U) << log_of("redirect.test");
  EXPECT_EQ(hits("redirect.test", "/moved"), 1U) << log_of("redirect.test");
  EXPECT_EQ(hits("redirect.test", "/new"), 1U) << log_of("redirect.test");
}

// --- d. redirect to the site root -------------------------------------------

TEST_F(NginxBehaviours, DeepLinkRedirectedToTheSiteRootIsBroken) {
  auto result = check(server().url("/blog/2019/retired-post", "redirect.test"));
  EXPECT_EQ(result.status, LinkStatus::broken) << describe(result);
  EXPECT_EQ(result.reason, LinkReason::soft_404_landing);
  // Broken because of where it lands, not because the redirect went unread.
  EXPECT_EQ(result.final_url, server().url("/", "redirect.test"));
  EXPECT_EQ(hits("redirect.test", "/blog/2019/retired-post"), 1U) << log_of("redirect.test");
  EXPECT_LE(hits("redirect.test", "/"), 2U) << log_of("redirect.test");
  EXPECT_LE(others("redirect.test", {"/blog/2019/retired-post", "/"}), 1U);
}

// --- e. HEAD refused ----------------------------------------------------------

TEST_F(NginxBehaviours, HeadRefusedButGetWorksIsOk) {
  auto result = check(server().url("/nohead.html", "pages.test"));
  EXPECT_EQ(result.status, LinkStatus::ok) << describe(result);
  auto requests = made("pages.test");
  std::vector<NginxRequest> own;
  std::copy_if(requests.begin(), requests.end(), std::back_inserter(own),
               [](const NginxRequest& r) { return r.uri == "/nohead.html"; });
  // At most a HEAD (refused) and then a GET.
  ASSERT_GE(own.size(), 1U);
  EXPECT_LE(own.size(), 2U) << log_of("pages.test");
  EXPECT_EQ(own.back().method, "GET") << log_of("pages.test");
  EXPECT_EQ(own.back().status / 100, 2) << log_of("pages.test");
}

// --- f. gzip ------------------------------------------------------------------

TEST_F(NginxBehaviours, GzippedPageIsOk) {
  auto result = check(server().url("/article.html", "pages.test"));
  EXPECT_EQ(result.status, LinkStatus::ok) << describe(result);
  auto requests = made("pages.test");
  auto own = std::find_if(requests.begin(), requests.end(),
                          [](const NginxRequest& r) { return r.uri == "/article.html"; });
  ASSERT_NE(own, requests.end()) << log_of("pages.test");
  EXPECT_NE(own->gzip_ratio, "-") << "nginx did not compress the answer";
  expect_each_fetched_once("pages.test", {"/article.html"});
}

// --- g. titles ----------------------------------------------------------------

TEST_F(NginxBehaviours, TitleAboutStatusCodesIsNotASoft404) {
  auto result = check(server().url("/http-status-codes.html", "pages.test"));
  EXPECT_EQ(result.status, LinkStatus::ok) << describe(result);
  expect_each_fetched_once("pages.test", {"/http-status-codes.html"});
}

TEST_F(NginxBehaviours, TitleWithANumber404IsNotASoft404) {
  auto result = check(server().url("/lat-404.html", "pages.test"));
  EXPECT_EQ(result.status, LinkStatus::ok) << describe(result);
  expect_each_fetched_once("pages.test", {"/lat-404.html"});
}

TEST_F(NginxBehaviours, PageTitledPageNotFoundIsBroken) {
  auto result = check(server().url("/missing-page.html", "pages.test"));
  EXPECT_EQ(result.status, LinkStatus::broken) << describe(result);
  expect_each_fetched_once("pages.test", {"/missing-page.html"});
}

// --- h. soft 404 found by a probe ---------------------------------------------

TEST_F(NginxBehaviours, SoftNotFoundSiteIsFoundOutByOneProbe) {
  LinkChecker checker(settings());
  auto results = checker.check({target(server().url("/guide/removed-chapter", "soft.test")),
                                target(server().url("/guide/intro.html", "soft.test"))});
  ASSERT_EQ(results.size(), 2U);
  EXPECT_EQ(results[0].status, LinkStatus::broken) << describe(results[0]);
  EXPECT_EQ(results[0].reason, LinkReason::soft_404_probe);
  EXPECT_EQ(results[1].status, LinkStatus::ok) << describe(results[1]);
  EXPECT_EQ(hits("soft.test", "/guide/removed-chapter"), 1U) << log_of("soft.test");
  EXPECT_EQ(hits("soft.test", "/guide/intro.html"), 1U) << log_of("soft.test");
  // One probe for the host in the run, and perhaps its root.
  EXPECT_LE(hits("soft.test", "/"), 1U) << log_of("soft.test");
  EXPECT_LE(others("soft.test", {"/guide/removed-chapter", "/guide/intro.html", "/"}), 1U)
      << log_of("soft.test");
}

// --- i. single-page app ---------------------------------------------------------

TEST_F(NginxBehaviours, SinglePageAppDeepLinkIsUnverifiable) {
  auto result = check(server().url("/app/settings/profile", "spa.test"));
  EXPECT_EQ(result.status, LinkStatus::unverifiable) << describe(result);
  EXPECT_EQ(result.reason, LinkReason::any_path_alike);
  expect_each_fetched_once("spa.test", {"/app/settings/profile"});
}

// --- j. walls -------------------------------------------------------------------

TEST_F(NginxBehaviours, AccessDeniedToNonBrowsersIsUnverifiable) {
  auto result = check(server().url("/browsers-only", "walls.test"));
  EXPECT_EQ(result.status, LinkStatus::unverifiable) << describe(result);
  EXPECT_EQ(result.reason, LinkReason::bot_wall);
  EXPECT_EQ(made("walls.test").size(), 1U) << log_of("walls.test");
}

TEST_F(NginxBehaviours, CloudflareChallengeIsUnverifiable) {
  auto result = check(server().url("/challenge", "walls.test"));
  EXPECT_EQ(result.status, LinkStatus::unverifiable) << describe(result);
  EXPECT_EQ(made("walls.test").size(), 1U) << log_of("walls.test");
}

TEST_F(NginxBehaviours, Status999IsUnverifiable) {
  auto result = check(server().url("/profile", "walls.test"));
  EXPECT_EQ(result.status, LinkStatus::unverifiable) << describe(result);
  EXPECT_EQ(made("walls.test").size(), 1U) << log_of("walls.test");
}

TEST_F(NginxBehaviours, Status401IsUnverifiable) {
  auto result = check(server().url("/members", "walls.test"));
  EXPECT_EQ(result.status, LinkStatus::unverifiable) << describe(result);
  EXPECT_EQ(result.reason, LinkReason::login_wall);
  EXPECT_EQ(made("walls.test").size(), 1U) << log_of("walls.test");
}

// --- k. definite answers ------------------------------------------------------

TEST_F(NginxBehaviours, StorageAccessDeniedIsBroken) {
  auto result = check(server().url("/bucket/private/report.pdf", "storage.test"));
  EXPECT_EQ(result.status, LinkStatus::broken) << describe(result);
  EXPECT_EQ(result.reason, LinkReason::storage_denial);
  EXPECT_EQ(made("storage.test").size(), 1U) << log_of("storage.test");
}

TEST_F(NginxBehaviours, NotFoundIsBrokenWithoutRetry) {
  auto result = check(server().url("/no/such/page", "storage.test"));
  EXPECT_EQ(result.status, LinkStatus::broken) << describe(result);
  EXPECT_EQ(result.http_status, 404);
  EXPECT_EQ(made("storage.test").size(), 1U) << log_of("storage.test");
}

TEST_F(NginxBehaviours, GoneIsBrokenWithoutRetry) {
  auto result = check(server().url("/removed", "storage.test"));
  EXPECT_EQ(result.status, LinkStatus::broken) << describe(result);
  EXPECT_EQ(result.http_status, 410);
  EXPECT_EQ(made("storage.test").size(), 1U) << log_of("storage.test");
}

// --- l. rate limits and failing servers ---------------------------------------

TEST_F(NginxBehaviours, RateLimitedEveryTimeIsUnverifiable) {
  auto options = settings();
  auto result = check_one(options, server().url("/busy", "limits.test"));
  EXPECT_EQ(result.status, LinkStatus::unverifiable) << describe(result);
  EXPECT_EQ(result.reason, LinkReason::rate_limited);
  auto count = made("limits.test").size();
  EXPECT_GE(count, 1U);
  EXPECT_LE(count, static_cast<std::size_t>(1 + options.retries)) << log_of("limits.test");
}

TEST_F(NginxBehaviours, RateLimitedWithoutRetryAfterBacksOffThenIsUnverifiable) {
  auto options = settings();
  auto result = check_one(options, server().url("/busy-no-retry-after", "limits.test"));
  EXPECT_EQ(result.status, LinkStatus::unverifiable) << describe(result);
  EXPECT_EQ(result.reason, LinkReason::rate_limited);
  EXPECT_EQ(made("limits.test").size(), static_cast<std::size_t>(1 + options.retries))
      << log_of("limits.test");
}

TEST_F(NginxBehaviours, HostNeedingAnHtmlAcceptHeaderIsOk) {
  auto result = check_one(settings(), server().url("/html-only", "limits.test"));
  EXPECT_EQ(result.status, LinkStatus::ok) << describe(result);
  EXPECT_EQ(hits("limits.test", "/html-only"), 1U) << log_of("limits.test");
}

TEST_F(NginxBehaviours, ServiceUnavailableEveryTimeIsBrokenAfterRetries) {
  auto options = settings();
  auto result = check_one(options, server().url("/down", "limits.test"));
  EXPECT_EQ(result.status, LinkStatus::broken) << describe(result);
  EXPECT_EQ(made("limits.test").size(), static_cast<std::size_t>(1 + options.retries))
      << log_of("limits.test");
}

// --- m. TLS with HTTP/2 ---------------------------------------------------------

TEST_F(NginxBehaviours, TlsPageWithTrustedCaIsOkOverHttp2) {
  auto result = check(server().tls_url("/a.html", "tls.test"));
  EXPECT_EQ(result.status, LinkStatus::ok) << describe(result);
  auto requests = made("tls.test");
  ASSERT_GE(requests.size(), 1U);
  EXPECT_LE(requests.size(), 1 + k_probe_allowance) << log_of("tls.test");
  EXPECT_EQ(hits("tls.test", "/a.html"), 1U) << log_of("tls.test");
  for (const auto& request : requests) {
    EXPECT_EQ(request.protocol, "HTTP/2.0") << request.uri;
  }
}

TEST_F(NginxBehaviours, TlsLinksToOneHostShareConnections) {
  std::vector<LinkTarget> targets;
  for (const char* name : {"a", "b", "c", "d", "e", "f"}) {
    targets.push_back(target(server().tls_url(std::string("/") + name + ".html", "tls.test")));
  }
  LinkChecker checker(settings());
  auto results = checker.check(targets);
  for (const auto& result : results) {
    EXPECT_EQ(result.status, LinkStatus::ok) << result.url << ": " << describe(result);
  }
  auto requests = made("tls.test");
  std::set<long> connections;
  for (const auto& request : requests) {
    connections.insert(request.connection);
    EXPECT_EQ(request.protocol, "HTTP/2.0") << request.uri;
  }
  EXPECT_GE(requests.size(), targets.size());
  EXPECT_LE(requests.size(), targets.size() + k_probe_allowance) << log_of("tls.test");
  EXPECT_LT(connections.size(), requests.size()) << log_of("tls.test");
}

TEST_F(NginxBehaviours, TlsWithoutTheCaIsUnreachable) {
  auto options = settings();
  options.ca_file.clear();
  auto result = check_one(options, server().tls_url("/a.html", "tls.test"));
  EXPECT_EQ(result.status, LinkStatus::unreachable) << describe(result);
  // The handshake fails before any request is sent.
  EXPECT_EQ(made("tls.test").size(), 0U) << log_of("tls.test");
}

// --- n. redirect to a private address -------------------------------------------

TEST_F(NginxBehaviours, RedirectToMetadataAddressIsBlocked) {
  auto result = check(server().url("/metadata", "redirect.test"));
  EXPECT_EQ(result.status, LinkStatus::blocked) << describe(result);
  EXPECT_EQ(made("redirect.test").size(), 1U) << log_of("redirect.test");
}

}  // namespace
}  // namespace sg::links
