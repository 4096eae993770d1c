#include "links/history.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace sg::links {
namespace {

LinkResult result(const std::string& url, LinkStatus status) {
  LinkResult r;
  r.url = url;
  r.status = status;
  return r;
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("sourcegate-history-" + name)).string();
}

TEST(LinkHistory, FailuresBuildAStreakThatSuccessEnds) {
  LinkHistory history(temp_path("unused.json"));
  history.record({result("https://a/", LinkStatus::broken), result("https://b/", LinkStatus::ok)},
                 "2026-11-01");
  history.record({result("https://a/", LinkStatus::timeout)}, "2026-11-08");
  ASSERT_NE(history.find("https://a/"), nullptr);
  EXPECT_EQ(history.find("https://a/")->runs, 2);
  EXPECT_EQ(history.find("https://a/")->first_failed, "2026-11-01");
  EXPECT_EQ(history.find("https://b/"), nullptr);
  history.record({result("https://a/", LinkStatus::ok)}, "2026-11-15");
  EXPECT_EQ(history.find("https://a/"), nullptr);
}

TEST(LinkHistory, AStreakAtTheLargestCountStaysThere) {
  const std::string path = temp_path("saturate.json");
  std::ofstream(path) << R"({"version": 1, "failing": {
    "https://a/": {"first_failed": "2020-01-01", "runs": 2147483647},
    "https://b/": {"first_failed": "2020-01-01", "runs": 99999999999},
    "https://c/": {"first_failed": 7, "runs": 3}
  }})";
  LinkHistory history(path);
  auto warning = history.load();
  ASSERT_TRUE(warning);
  EXPECT_NE(warning->find("1 malformed entry was dropped"), std::string::npos) << *warning;
  history.record({result("https://a/", LinkStatus::broken)}, "2026-11-01");
  EXPECT_EQ(history.find("https://a/")->runs, 2147483647);
  EXPECT_EQ(history.find("https://b/")->runs, 2147483647);
  EXPECT_EQ(history.find("https://c/"), nullptr);
  std::filesystem::remove(path);
}

// A link removed from the list kept its streak forever.
TEST(LinkHistory, StreaksOfLinksNoRunHasSeenForLongArePruned) {
  LinkHistory history(temp_path("unused.json"));
  history.record({result("https://removed/", LinkStatus::broken),
                  result("https://still/", LinkStatus::broken)},
                 "2026-01-01");
  history.record({result("https://still/", LinkStatus::broken)}, "2026-03-01");
  EXPECT_EQ(history.prune("2026-03-01", 30), 1U);
  EXPECT_EQ(history.find("https://removed/"), nullptr);
  ASSERT_NE(history.find("https://still/"), nullptr);
  EXPECT_EQ(history.find("https://still/")->runs, 2);
  EXPECT_EQ(history.find("https://still/")->first_failed, "2026-01-01");
}

TEST(LinkHistory, UnverifiableAndRedirectedAreNotFailures) {
  LinkHistory history(temp_path("unused.json"));
  history.record({result("https://a/", LinkStatus::unverifiable),
                  result("https://b/", LinkStatus::redirected)},
                 "2026-11-01");
  EXPECT_EQ(history.find("https://a/"), nullptr);
  EXPECT_EQ(history.find("https://b/"), nullptr);
}

TEST(LinkHistory, SurvivesASaveAndLoadAndShrugsOffAMalformedFile) {
  const std::string path = temp_path("roundtrip.json");
  {
    LinkHistory history(path);
    history.record({result("https://a/", LinkStatus::broken)}, "2026-11-01");
    ASSERT_FALSE(history.save().has_value());
  }
  LinkHistory loaded(path);
  EXPECT_FALSE(loaded.load().has_value());
  ASSERT_NE(loaded.find("https://a/"), nullptr);
  EXPECT_EQ(loaded.find("https://a/")->runs, 1);
  std::ofstream(path) << "{not json";
  LinkHistory broken(path);
  EXPECT_TRUE(broken.load().has_value());
  EXPECT_EQ(broken.find("https://a/"), nullptr);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace sg::links
