#include "util/github_url.h"

#include <gtest/gtest.h>

namespace sg {
namespace {

TEST(GithubRepoOf, NamesRepositoryRootsInAnySpelling) {
  EXPECT_EQ(github_repo_of("https://github.com/NVIDIA/cutlass"), "NVIDIA/cutlass");
  EXPECT_EQ(github_repo_of("https://github.com/NVIDIA/cutlass/"), "NVIDIA/cutlass");
  EXPECT_EQ(github_repo_of("https://www.github.com/o/r.git"), "o/r");
  EXPECT_EQ(github_repo_of("HTTPS://GitHub.com:443/o/r"), "o/r");
  EXPECT_EQ(github_repo_of("http://github.com/o/r"), "o/r");
}

TEST(GithubRepoOf, RefusesDeeperPathsGithubsOwnPagesAndOtherHosts) {
  for (const char* url :
       {"https://github.com/NVIDIA/cutlass/tree/main/docs", "https://github.com/NVIDIA",
        "https://github.com/orgs/x", "https://github.com/Settings/x", "https://gitlab.com/o/r",
        "https://github.com/o/r?tab=readme", "https://github.com:8443/o/r",
        "https://gist.github.com/o/r", "https://github.com/o/..", "mailto:o/r"}) {
    EXPECT_FALSE(github_repo_of(url)) << url;
  }
}

// A badge may point into a repository: a folder of it is its code; a file
// (its licence), its CI runs, its issues, a user page or another host are not.
TEST(GithubRepoContaining, NamesTheRepositoryAPagePointsInto) {
  EXPECT_EQ(github_repo_containing("https://github.com/microsoft/unilm/tree/master/ReSA/"),
            "microsoft/unilm");
  EXPECT_EQ(github_repo_containing("https://github.com/o/r"), "o/r");
  for (const char* url :
       {"https://github.com/NVIDIA", "https://github.com/orgs/x/people",
        "https://github.com/o/r/actions/workflows/ci.yml", "https://github.com/o/r/issues/3",
        "https://gitlab.com/o/r/-/tree/main", "https://example.com/o/r/tree"}) {
    EXPECT_FALSE(github_repo_containing(url)) << url;
  }
}

TEST(GithubApiUrl, JoinsBaseAndRepositoryWithOneSlash) {
  EXPECT_EQ(github_api_url("https://api.github.com/", "o/r"), "https://api.github.com/repos/o/r");
  EXPECT_EQ(github_api_url("http://127.0.0.1:9/api", "o/r"), "http://127.0.0.1:9/api/repos/o/r");
}

}  // namespace
}  // namespace sg
