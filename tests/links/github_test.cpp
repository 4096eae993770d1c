#include "links/github.h"

#include <gtest/gtest.h>

namespace sg::links {
namespace {

TEST(GithubRepo, OnlyRepositoryRoots) {
  EXPECT_EQ(github_repo_of("https://github.com/NVIDIA/cutlass"), "NVIDIA/cutlass");
  EXPECT_EQ(github_repo_of("https://github.com/NVIDIA/cutlass/"), "NVIDIA/cutlass");
  EXPECT_EQ(github_repo_of("https://www.github.com/o/r.git"), "o/r");
  EXPECT_FALSE(github_repo_of("https://github.com/NVIDIA/cutlass/tree/main/docs"));
  EXPECT_FALSE(github_repo_of("https://github.com/NVIDIA"));
  EXPECT_FALSE(github_repo_of("https://github.com/orgs/x"));
  EXPECT_FALSE(github_repo_of("https://gitlab.com/o/r"));
  EXPECT_FALSE(github_repo_of("https://github.com/o/r?tab=readme"));
}

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

TEST(GithubApi, UrlOfARepository) {
  EXPECT_EQ(github_api_url("https://api.github.com/", "o/r"), "https://api.github.com/repos/o/r");
}

}  // namespace
}  // namespace sg::links
