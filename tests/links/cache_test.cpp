#include "links/cache.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace sg::links {
namespace {

using namespace std::chrono_literals;

class CacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = std::filesystem::temp_directory_path() /
            ("sg-cache-test-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(m_dir);
  }
  void TearDown() override { std::filesystem::remove_all(m_dir); }

  std::string path() const { return (m_dir / "sub" / "links.json").string(); }
  WallClock clock() {
    return [this] { return m_now; };
  }

  static LinkResult result(const std::string& url, LinkStatus status) {
    LinkResult r;
    r.url = url;
    r.status = status;
    r.http_status = status == LinkStatus::ok ? 200 : 404;
    r.final_url = url;
    r.attempts = 1;
    r.elapsed_ms = 12;
    r.sources = {{"a.md", 1, 1}};
    return r;
  }

  std::filesystem::path m_dir;
  std::chrono::system_clock::time_point m_now = std::chrono::system_clock::from_time_t(1700000000);
};

TEST_F(CacheTest, FreshEntriesSurviveARoundTrip) {
  LinkCache cache(path(), {}, clock());
  EXPECT_FALSE(cache.load());  // missing file: empty, no warning
  cache.store(result("https://a.example/", LinkStatus::ok));
  cache.store(result("https://b.example/", LinkStatus::broken));
  ASSERT_FALSE(cache.save());
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(m_dir / "sub"),
                          std::filesystem::directory_iterator()),
            1);  // no temporary file left beside it

  LinkCache again(path(), {}, clock());
  ASSERT_FALSE(again.load());
  auto hit = again.lookup("https://a.example/");
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->status, LinkStatus::ok);
  EXPECT_EQ(hit->http_status, 200);
  EXPECT_EQ(hit->elapsed_ms, 12);
  EXPECT_TRUE(hit->sources.empty());
  EXPECT_TRUE(again.lookup("https://b.example/"));
  EXPECT_FALSE(again.lookup("https://c.example/"));
}

// The cache kept every URL a list ever had: entries no run has seen for the
// pruning age go, those seen recently stay, even when their result is old.
TEST_F(CacheTest, PruningDropsOnlyWhatNoRunHasSeenForThatLong) {
  LinkCache cache(path(), {}, clock());
  cache.store(result("https://removed.example/", LinkStatus::ok));
  cache.store(result("https://kept.example/", LinkStatus::ok));
  m_now += 40 * 24h;
  cache.mark_seen({result("https://kept.example/", LinkStatus::ok)});
  EXPECT_EQ(cache.prune(30 * 24h), 1U);
  EXPECT_EQ(cache.size(), 1U);
  ASSERT_FALSE(cache.save());

  LinkCache again(path(), {}, clock());
  ASSERT_FALSE(again.load());
  EXPECT_EQ(again.size(), 1U);
  EXPECT_EQ(again.prune(30 * 24h), 0U);  // "seen" survived the round trip
}

TEST_F(CacheTest, ASaveNeverOverwritesACacheAnotherRunWroteMeanwhile) {
  LinkCache first(path(), {}, clock());
  first.store(result("https://a.example/", LinkStatus::ok));
  ASSERT_FALSE(first.save());
  LinkCache mine(path(), {}, clock());
  ASSERT_FALSE(mine.load());
  LinkCache other(path(), {}, clock());
  ASSERT_FALSE(other.load());
  other.store(result("https://b.example/", LinkStatus::ok));
  ASSERT_FALSE(other.save());
  mine.store(result("https://c.example/", LinkStatus::ok));
  auto problem = mine.save();
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("changed since it was read"), std::string::npos) << *problem;
}

TEST_F(CacheTest, FailuresExpireSoonerThanSuccesses) {
  LinkCache cache(path(), {24h, 1h}, clock());
  cache.store(result("https://ok.example/", LinkStatus::ok));
  cache.store(result("https://bad.example/", LinkStatus::broken));
  m_now += 2h;
  EXPECT_TRUE(cache.lookup("https://ok.example/"));
  EXPECT_FALSE(cache.lookup("https://bad.example/"));
  m_now += 23h;
  EXPECT_FALSE(cache.lookup("https://ok.example/"));
}

TEST_F(CacheTest, SettingsDependentStatusesAreNotStored) {
  LinkCache cache(path(), {}, clock());
  cache.store(result("https://x.example/", LinkStatus::blocked));
  cache.store(result("https://y.example/", LinkStatus::excluded));
  cache.store(result("https://z.example/", LinkStatus::skipped));
  EXPECT_EQ(cache.size(), 0u);
}

TEST_F(CacheTest, MalformedFileIsAWarningAndAnEmptyCache) {
  std::filesystem::create_directories(m_dir / "sub");
  std::ofstream(path()) << "{ not json";
  LinkCache cache(path(), {}, clock());
  auto warning = cache.load();
  ASSERT_TRUE(warning);
  EXPECT_NE(warning->find("malformed"), std::string::npos);
  EXPECT_EQ(cache.size(), 0u);
}

TEST_F(CacheTest, AWronglyTypedEntryIsDroppedNotTheRun) {
  std::filesystem::create_directories(m_dir / "sub");
  std::ofstream(path()) << R"({"version": 2, "links": {
    "https://good.example/": {"status": "ok", "http_status": 200, "checked_at": 1700000000},
    "https://bad.example/": {"status": "ok", "http_status": "two hundred"},
    "https://odd.example/": {"status": "ok", "checked_at": 99999999999999999}
  }})";
  LinkCache cache(path(), {}, clock());
  auto warning = cache.load();
  ASSERT_TRUE(warning);
  EXPECT_NE(warning->find("1 malformed entry was dropped"), std::string::npos) << *warning;
  EXPECT_TRUE(cache.lookup("https://good.example/"));
  EXPECT_FALSE(cache.lookup("https://bad.example/"));
  EXPECT_FALSE(cache.lookup("https://odd.example/"));  // far in the future: not trusted
}

TEST_F(CacheTest, ProbesSurviveARoundTrip) {
  {
    LinkCache cache(path(), {}, clock());
    HostProbe probe;
    probe.random_path = {200, "https://s.example/x", false, "Shell", 4000};
    probe.home = PageFacts{200, "https://s.example/", false, "Shell", 4010};
    cache.store_probes({{"https://s.example:443", probe}});
    ASSERT_FALSE(cache.save());
  }
  LinkCache cache(path(), {}, clock());
  ASSERT_FALSE(cache.load());
  auto probes = cache.probes();
  ASSERT_EQ(probes.count("https://s.example:443"), 1U);
  EXPECT_EQ(probes["https://s.example:443"].random_path.title, "Shell");
  ASSERT_TRUE(probes["https://s.example:443"].home);
  EXPECT_EQ(probes["https://s.example:443"].home->size, 4010U);
}

TEST_F(CacheTest, EntriesFromTheFutureAreNotTrusted) {
  LinkCache cache(path(), {}, clock());
  cache.store(result("https://a.example/", LinkStatus::ok));
  m_now -= 1h;
  EXPECT_FALSE(cache.lookup("https://a.example/"));
}

}  // namespace
}  // namespace sg::links
