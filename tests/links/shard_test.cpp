#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "links/shard.h"

namespace sg::links {
namespace {

TEST(Shard, ParsesKOfN) {
  std::string problem;
  const auto shard = parse_shard("2/3", problem);
  ASSERT_TRUE(shard.has_value()) << problem;
  EXPECT_EQ(shard->index, 2);
  EXPECT_EQ(shard->count, 3);
  EXPECT_EQ(shard->name(), "2/3");
  EXPECT_TRUE(parse_shard("1/1", problem).has_value());
}

TEST(Shard, RefusesWhatIsNotKOfN) {
  for (const std::string text :
       {"", "3", "/3", "2/", "a/b", "2/3/4", "+1/3", " 1/3", "1/3 ", "1.0/3", "1/3x"}) {
    std::string problem;
    EXPECT_FALSE(parse_shard(text, problem).has_value()) << text;
    EXPECT_EQ(problem, "is not K/N, two whole numbers such as 2/3") << text;
  }
}

TEST(Shard, RefusesKOutsideOneToN) {
  std::string problem;
  EXPECT_FALSE(parse_shard("0/3", problem).has_value());
  EXPECT_EQ(problem, "has K = 0; K picks one of the N shards, from 1 to 3");
  EXPECT_FALSE(parse_shard("4/3", problem).has_value());
  EXPECT_EQ(problem, "has K = 4; K picks one of the N shards, from 1 to 3");
  EXPECT_FALSE(parse_shard("1/0", problem).has_value());
  EXPECT_EQ(problem, "has N = 0; N counts the shards, from 1 to 1000");
  EXPECT_FALSE(parse_shard("1/1001", problem).has_value());
  EXPECT_FALSE(parse_shard("-1/3", problem).has_value());
  EXPECT_EQ(problem, "has K = -1; K picks one of the N shards, from 1 to 3");
  EXPECT_FALSE(parse_shard("1/99999999999999999999", problem).has_value());
}

// The published FNV-1a test vectors: a build whose hash differs would send a
// host to another shard than the other jobs of its matrix do.
TEST(Shard, HashIsFnv1a64) {
  EXPECT_EQ(fnv1a_64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a_64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv1a_64("foobar"), 0x85944171f73967e8ULL);
}

TEST(Shard, EveryHostLandsInExactlyOneShard) {
  for (int count = 1; count <= 7; ++count) {
    std::vector<int> hosts_per_shard(static_cast<std::size_t>(count) + 1, 0);
    for (int i = 0; i < 200; ++i) {
      const std::string url = "https://host" + std::to_string(i) + ".example/page";
      int shards_holding = 0;
      for (int index = 1; index <= count; ++index) {
        if (in_shard(url, Shard{index, count})) {
          ++shards_holding;
          ++hosts_per_shard[static_cast<std::size_t>(index)];
        }
      }
      EXPECT_EQ(shards_holding, 1) << url << " among " << count;
    }
    for (int index = 1; index <= count; ++index) {
      EXPECT_GT(hosts_per_shard[static_cast<std::size_t>(index)], 0) << index << "/" << count;
    }
  }
}

TEST(Shard, OneHostAlwaysLandsInOneShard) {
  // The key is the host name the scheduler limits requests by: the scheme,
  // port, path and fragment do not move a link to another shard.
  const std::vector<std::string> urls = {"https://beta.test/a", "http://beta.test:8080/b?q=1",
                                         "https://beta.test/c#part", "https://beta.test"};
  for (int count = 1; count <= 5; ++count) {
    const int shard = shard_of_host("beta.test", count);
    for (const std::string& url : urls) {
      EXPECT_TRUE(in_shard(url, Shard{shard, count})) << url << " in " << shard << "/" << count;
    }
  }
  EXPECT_EQ(shard_of_host("delta.test", 3), 1);
  EXPECT_EQ(shard_of_host("beta.test", 3), 2);
  EXPECT_EQ(shard_of_host("alpha.test", 3), 3);
}

TEST(Shard, LinksWithoutAHostShareOneShard) {
  const int shard = shard_of_host("", 4);
  EXPECT_TRUE(in_shard("mailto:lists@a.example", Shard{shard, 4}));
  EXPECT_TRUE(in_shard("tel:+15550100", Shard{shard, 4}));
}

}  // namespace
}  // namespace sg::links
