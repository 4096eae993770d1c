#include "links/verdict.h"

#include <gtest/gtest.h>

#include "links/transfer.h"

namespace sg::links {
namespace {

const auto k_now = std::chrono::system_clock::from_time_t(1700000000);

CheckConfig config(CheckSettings settings = {}) { return CheckConfig(std::move(settings)); }

RecordedResponse answer(long status, std::string body = "",
                        std::string content_type = "text/html") {
  RecordedResponse response;
  response.status = status;
  response.body = std::move(body);
  response.content_type = std::move(content_type);
  return response;
}

Decision judge(const RecordedResponse& response, const CheckConfig& checker,
               std::string_view url = "https://site.example/docs/page", bool head = false) {
  return judge_response(Hop{url, head}, response, checker, k_now);
}

struct StatusCase {
  const char* name;
  RecordedResponse response;
  Decision::Next next;
  LinkStatus status;
  LinkReason reason;
};

RecordedResponse with(RecordedResponse response, void (*change)(RecordedResponse&)) {
  change(response);
  return response;
}

TEST(JudgeResponse, StatusesAndWalls) {
  const CheckConfig checker = config();
  const std::vector<StatusCase> cases = {
      {"200 is judged as a page", answer(200), Decision::Next::judge_page, LinkStatus::ok,
       LinkReason::none},
      {"404 is gone", answer(404), Decision::Next::done, LinkStatus::broken,
       LinkReason::http_status},
      {"410 is gone", answer(410), Decision::Next::done, LinkStatus::broken,
       LinkReason::http_status},
      {"401 is a login wall", answer(401), Decision::Next::done, LinkStatus::unverifiable,
       LinkReason::login_wall},
      {"plain 403 is a bot wall", answer(403, "<title>Forbidden</title>"), Decision::Next::done,
       LinkStatus::unverifiable, LinkReason::bot_wall},
      {"Akamai-style Access Denied", answer(403, "<HTML><HEAD><TITLE>Access Denied</TITLE>"),
       Decision::Next::done, LinkStatus::unverifiable, LinkReason::bot_wall},
      {"999 is LinkedIn's wall", answer(999), Decision::Next::done, LinkStatus::unverifiable,
       LinkReason::bot_wall},
      {"Cloudflare challenge header on 503",
       with(answer(503), [](RecordedResponse& r) { r.cf_mitigated = "challenge"; }),
       Decision::Next::done, LinkStatus::unverifiable, LinkReason::bot_wall},
      {"Cloudflare challenge page on 503",
       with(answer(503, "<title>Just a moment...</title>"),
            [](RecordedResponse& r) { r.server = "cloudflare"; }),
       Decision::Next::done, LinkStatus::unverifiable, LinkReason::bot_wall},
      {"S3 AccessDenied for a missing key",
       with(answer(403, "<Error><Code>AccessDenied</Code></Error>", "application/xml"),
            [](RecordedResponse& r) { r.storage_headers = true; }),
       Decision::Next::done, LinkStatus::broken, LinkReason::storage_denial},
      {"GCS NoSuchKey",
       with(answer(404, "<Error><Code>NoSuchKey</Code></Error>", "application/xml"),
            [](RecordedResponse& r) { r.storage_headers = true; }),
       Decision::Next::done, LinkStatus::broken, LinkReason::storage_denial},
      {"an AccessDenied body without storage headers is a wall",
       answer(403, "<Error><Code>AccessDenied</Code></Error>"), Decision::Next::done,
       LinkStatus::unverifiable, LinkReason::bot_wall},
      {"429 is retried, then rate limited", answer(429), Decision::Next::retry,
       LinkStatus::unverifiable, LinkReason::rate_limited},
      {"500 is retried, then broken", answer(500), Decision::Next::retry, LinkStatus::broken,
       LinkReason::server_error},
      {"plain 503 is retried", answer(503, "<title>Maintenance</title>"), Decision::Next::retry,
       LinkStatus::broken, LinkReason::server_error},
      {"400 is broken", answer(400), Decision::Next::done, LinkStatus::broken,
       LinkReason::http_status},
  };
  for (const StatusCase& c : cases) {
    Decision decision = judge(c.response, checker);
    EXPECT_EQ(decision.next, c.next) << c.name;
    if (c.next != Decision::Next::judge_page) {
      EXPECT_EQ(decision.outcome.status, c.status) << c.name;
      EXPECT_EQ(decision.outcome.reason, c.reason) << c.name;
      EXPECT_FALSE(decision.outcome.evidence.empty()) << c.name;
    }
  }
}

TEST(JudgeResponse, EvidenceNamesWhatDecided) {
  const CheckConfig checker = config();
  auto challenge = answer(403);
  challenge.cf_mitigated = "challenge";
  EXPECT_EQ(judge(challenge, checker).outcome.evidence,
            "HTTP 403 Forbidden with cf-mitigated: challenge");
  EXPECT_EQ(judge(answer(404), checker).outcome.evidence, "HTTP 404 Not Found");
}

TEST(JudgeResponse, HeadErrorsAskAgainWithGet) {
  const CheckConfig checker = config();
  for (long status : {403L, 404L, 405L, 501L, 503L}) {
    EXPECT_EQ(judge(answer(status), checker, "https://a.example/x", true).next,
              Decision::Next::get_instead)
        << status;
  }
}

TEST(JudgeResponse, AcceptedStatusesAndRetryAfter) {
  CheckSettings settings;
  HostRule rule;
  rule.host_pattern = R"(dl\.acm\.org)";
  rule.accept = {403};
  settings.hosts.push_back(rule);
  const CheckConfig checker = config(settings);
  auto accepted = judge(answer(403), checker, "https://dl.acm.org/doi/1");
  EXPECT_EQ(accepted.outcome.status, LinkStatus::ok);
  EXPECT_EQ(accepted.outcome.reason, LinkReason::accepted_status);
  EXPECT_EQ(judge(answer(403), checker, "https://other.example/x").outcome.status,
            LinkStatus::unverifiable);

  auto limited = answer(429);
  limited.retry_after = "7";
  EXPECT_EQ(judge(limited, checker).server_delay_ms, 7000);
}

TEST(JudgeResponse, RedirectsComeFromTheLocationHeader) {
  const CheckConfig checker = config();
  struct Case {
    const char* location;
    const char* target;
  };
  for (const Case& c : std::vector<Case>{
           {"/docs/latest", "https://site.example/docs/latest"},
           {"latest", "https://site.example/docs/latest"},
           {"../up", "https://site.example/up"},
           {"//cdn.example/x", "https://cdn.example/x"},
           {"https://other.example/y#frag", "https://other.example/y"},
       }) {
    auto response = answer(301, "<html><body>Moved Permanently</body></html>");
    response.location = c.location;
    Decision decision = judge(response, checker);
    EXPECT_EQ(decision.next, Decision::Next::follow) << c.location;
    EXPECT_EQ(decision.target, c.target) << c.location;
    EXPECT_TRUE(decision.permanent) << c.location;
  }
  auto temporary = answer(302);
  temporary.location = "/x";
  EXPECT_FALSE(judge(temporary, checker).permanent);

  auto missing = answer(301);
  EXPECT_EQ(judge(missing, checker).outcome.status, LinkStatus::broken);

  auto gopher = answer(302);
  gopher.location = "gopher://example.org/";
  EXPECT_EQ(judge(gopher, checker).outcome.reason, LinkReason::blocked_scheme);

  auto login = answer(302);
  login.location = "/login?next=/docs/page";
  EXPECT_EQ(judge(login, checker).outcome.reason, LinkReason::login_wall);
}

TEST(RedirectChain, TheFixIsTheLastPermanentHopBeforeATemporaryOne) {
  std::vector<RedirectHop> chain = {{"https://a/docs", 301, "https://a/docs/latest"},
                                    {"https://a/docs/latest", 302, "https://a/docs/v3.2"}};
  EXPECT_EQ(permanent_target(chain), "https://a/docs/latest");
  EXPECT_EQ(describe_chain(chain),
            "HTTP 301 Moved Permanently to https://a/docs/latest, then HTTP 302 Found to "
            "https://a/docs/v3.2");
  chain = {{"http://a/x", 301, "https://a/x"}, {"https://a/x", 308, "https://a/x/"}};
  EXPECT_EQ(permanent_target(chain), "https://a/x/");
  chain = {{"https://a/x", 302, "https://a/y"}, {"https://a/y", 301, "https://a/z"}};
  EXPECT_FALSE(permanent_target(chain));
  EXPECT_FALSE(permanent_target({}));
}

TEST(RedirectChain, LoopsAndLongChains) {
  std::vector<RedirectHop> chain = {{"https://a/1", 302, "https://a/2"}};
  EXPECT_FALSE(chain_problem(chain, "https://a/2", 10));
  chain.push_back({"https://a/2", 302, "https://a/1"});
  auto loop = chain_problem(chain, "https://a/1", 10);
  ASSERT_TRUE(loop);
  EXPECT_EQ(loop->reason, LinkReason::redirect_loop);
  auto long_chain = chain_problem(chain, "https://a/3", 1);
  ASSERT_TRUE(long_chain);
  EXPECT_EQ(long_chain->reason, LinkReason::too_many_redirects);
}

TEST(SoftNotFound, WholeTitlesOrSiteNameParts) {
  const CheckConfig checker = config();
  for (const char* title : {"404", "Error 404", "404 Not Found", "404 - Page not found",
                            "Page not found | Example", "Example · Page Not Found", "Not Found",
                            "This page no longer exists", "File not found - Docs", "410 Gone",
                            "Sorry, we can't find that page", "Oops! Page not found."}) {
    EXPECT_FALSE(checker.not_found_text(title).empty()) << title;
  }
  for (const char* title :
       {"lat 404", "Understanding HTTP 404 and 410 status codes", "Fixing ModuleNotFoundError",
        "CUDA error: device not found", "Handling not found errors in Go",
        "404 tips for FlashAttention", "Page | Site", "", "Not Found Bugs in the Wild"}) {
    EXPECT_EQ(checker.not_found_text(title), "") << title;
  }
}

TEST(JudgePage, TitleHeadingAndLanding) {
  const CheckConfig checker = config();
  PageFacts page{200, "https://site.example/docs/page", false, "", 1000};
  EXPECT_FALSE(judge_page(page.final_url, page, {"Kernel tuning guide", ""}, checker));

  auto by_title = judge_page(page.final_url, page, {"Page not found | Site", ""}, checker);
  ASSERT_TRUE(by_title);
  EXPECT_EQ(by_title->status, LinkStatus::broken);
  EXPECT_EQ(by_title->reason, LinkReason::soft_404_title);
  EXPECT_EQ(by_title->evidence, "HTTP 200 with the title \"Page not found | Site\"");

  auto by_heading =
      judge_page(page.final_url, page, {"Site", "This page no longer exists"}, checker);
  ASSERT_TRUE(by_heading);
  EXPECT_NE(by_heading->evidence.find("first heading"), std::string::npos);

  PageFacts landed{200, "https://site.example/", true, "Site", 5000};
  auto by_landing = judge_page("https://site.example/removed/page", landed, {"Site", ""}, checker);
  ASSERT_TRUE(by_landing);
  EXPECT_EQ(by_landing->reason, LinkReason::soft_404_landing);
  EXPECT_EQ(by_landing->evidence, "lands on https://site.example/");
  // The home page itself may redirect to its canonical form.
  EXPECT_FALSE(judge_page("http://site.example/", landed, {"Site", ""}, checker));
  // A deep link that lands on another deep page is no soft 404.
  PageFacts moved{200, "https://site.example/new/page", true, "New", 5000};
  EXPECT_FALSE(judge_page("https://site.example/old/page", moved, {"New", ""}, checker));
}

TEST(DeepLinks, PathsAndQueries) {
  EXPECT_TRUE(is_deep_link("https://a.example/docs"));
  EXPECT_TRUE(is_deep_link("https://a.example/?p=12"));
  EXPECT_FALSE(is_deep_link("https://a.example"));
  EXPECT_FALSE(is_deep_link("https://a.example/"));
  EXPECT_FALSE(is_deep_link("https://a.example/index.html"));
}

TEST(Probe, AlikePagesAndTheHomePageDecide) {
  PageFacts page{200, "https://s.example/gone", false, "Example site", 4000};
  PageFacts random_path{200, "https://s.example/sourcegate-probe-1", false, "Example site", 4100};
  PageFacts other_home{200, "https://s.example/", false, "Example site", 9000};
  PageFacts shell_home{200, "https://s.example/", false, "Example site", 4050};
  PageFacts not_found{404, "https://s.example/sourcegate-probe-1", false, "", 0};
  PageFacts real{200, "https://s.example/guide", false, "Guide - Example site", 4000};

  EXPECT_FALSE(judge_by_probe(page, not_found, std::nullopt).outcome);
  EXPECT_FALSE(judge_by_probe(page, not_found, std::nullopt).need_home);
  EXPECT_FALSE(judge_by_probe(real, random_path, std::nullopt).outcome);
  EXPECT_FALSE(judge_by_probe(real, random_path, std::nullopt).need_home);
  EXPECT_TRUE(judge_by_probe(page, random_path, std::nullopt).need_home);

  auto soft = judge_by_probe(page, random_path, other_home);
  ASSERT_TRUE(soft.outcome);
  EXPECT_EQ(soft.outcome->status, LinkStatus::broken);
  EXPECT_EQ(soft.outcome->reason, LinkReason::soft_404_probe);

  auto alike = judge_by_probe(page, random_path, shell_home);
  ASSERT_TRUE(alike.outcome);
  EXPECT_EQ(alike.outcome->status, LinkStatus::unverifiable);
  EXPECT_EQ(alike.outcome->reason, LinkReason::any_path_alike);

  // Sizes more than 10% apart are different pages.
  PageFacts bigger = page;
  bigger.size = 5000;
  EXPECT_FALSE(looks_alike(bigger, random_path));
  // Both sent to the same landing page look alike; one redirected does not.
  PageFacts landed = page;
  landed.redirected = true;
  EXPECT_FALSE(looks_alike(landed, random_path));
}

TEST(TransferErrors, RetriedOrFinal) {
  TransferEnd end;
  end.code = CURLE_OPERATION_TIMEDOUT;
  auto timeout = judge_transfer_error(end, "a.example", 2000);
  EXPECT_EQ(timeout.next, Decision::Next::retry);
  EXPECT_EQ(timeout.outcome.status, LinkStatus::timeout);
  EXPECT_EQ(timeout.outcome.evidence, "no answer from a.example within 2000 ms");

  end.code = CURLE_COULDNT_RESOLVE_HOST;
  EXPECT_EQ(judge_transfer_error(end, "a.example", 2000).outcome.reason, LinkReason::dns);
  end.code = CURLE_PEER_FAILED_VERIFICATION;
  EXPECT_EQ(judge_transfer_error(end, "a.example", 2000).outcome.reason, LinkReason::tls);
  end.code = CURLE_RECV_ERROR;
  EXPECT_EQ(judge_transfer_error(end, "a.example", 2000).next, Decision::Next::retry);
  end.code = CURLE_COULDNT_CONNECT;
  end.blocked_reason = "'a.example' resolves to 10.0.0.1, a private address";
  auto blocked = judge_transfer_error(end, "a.example", 2000);
  EXPECT_EQ(blocked.next, Decision::Next::done);
  EXPECT_EQ(blocked.outcome.status, LinkStatus::blocked);
}

TEST(Reasons, EveryReasonHasASpellingThatParsesBack) {
  for (int i = 0; i <= static_cast<int>(LinkReason::transport); ++i) {
    auto reason = static_cast<LinkReason>(i);
    EXPECT_EQ(parse_reason(to_string(reason)), reason) << i;
    if (reason != LinkReason::none && reason != LinkReason::http_status) {
      EXPECT_FALSE(describe(reason, "").empty()) << i;
    }
  }
}

}  // namespace
}  // namespace sg::links
