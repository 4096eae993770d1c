#include "links/github.h"

#include <gtest/gtest.h>

namespace sg::links {
namespace {

RecordedResponse api_answer(long status, std::string body = "") {
  RecordedResponse response;
  response.status = status;
  response.content_type = "application/json";
  response.body = std::move(body);
  return response;
}

TEST(GithubApi, VerdictsOnTheRepositoryAnswer) {
  auto now = std::chrono::system_clock::from_time_t(1700000000);
  auto same = judge_api_response(
      api_answer(
          200,
          R"({"full_name": "NVIDIA/cutlass", "html_url": "https://github.com/NVIDIA/cutlass"})"),
      "nvidia/CUTLASS", now);
  EXPECT_EQ(same.next, Decision::Next::done);
  EXPECT_EQ(same.outcome.status, LinkStatus::ok);

  auto renamed = judge_api_response(
      api_answer(200, R"({"full_name": "o/new", "html_url": "https://github.com/o/new"})"), "o/old",
      now);
  EXPECT_EQ(renamed.outcome.status, LinkStatus::redirected);
  EXPECT_EQ(renamed.target, "https://github.com/o/new");

  auto gone = judge_api_response(api_answer(404), "o/r", now);
  EXPECT_EQ(gone.outcome.status, LinkStatus::broken);
  EXPECT_EQ(gone.outcome.reason, LinkReason::github_api);

  auto limited = api_answer(403);
  limited.rate_limit_remaining = "0";
  limited.rate_limit_reset = "1700000030";
  auto wait = judge_api_response(limited, "o/r", now);
  EXPECT_EQ(wait.next, Decision::Next::retry);
  EXPECT_EQ(wait.server_delay_ms, 30000);
  EXPECT_EQ(wait.outcome.status, LinkStatus::unverifiable);

  EXPECT_EQ(judge_api_response(api_answer(401), "o/r", now).outcome.status,
            LinkStatus::unverifiable);
}

}  // namespace
}  // namespace sg::links
