#include "model/list.h"

#include <gtest/gtest.h>

namespace sg {
namespace {

TEST(EntryKind, RoundTripsEveryName) {
  for (const char* name : {"paper", "spec", "docs", "repo", "report", "note"}) {
    auto kind = parse_entry_kind(name);
    ASSERT_TRUE(kind.has_value()) << name;
    EXPECT_EQ(to_string(*kind), name);
  }
  EXPECT_FALSE(parse_entry_kind("blog").has_value());
}

TEST(Entry, LocatedUrlsListLinksThenCodeEachWhereItIsWritten) {
  Entry entry;
  entry.location = {"entries/01.json", 3, 5};
  entry.url = "https://a.example/";
  entry.links = {{"A", "https://a.example/", {"entries/01.json", 5, 7}, std::nullopt},
                 {"B", "https://b.example/", {"entries/01.json", 6, 7}, std::nullopt}};
  entry.code = "https://github.com/o/r";
  entry.set_position("code", {"entries/01.json", 8, 7});
  const std::vector<Entry::LocatedUrl> urls = entry.located_urls();
  ASSERT_EQ(urls.size(), 3U);
  EXPECT_EQ(urls[0].field, "links");
  EXPECT_EQ(urls[1].url, "https://b.example/");
  EXPECT_EQ(urls[1].location.line, 6);
  EXPECT_EQ(urls[2].field, "code");
  EXPECT_EQ(urls[2].url, "https://github.com/o/r");
  EXPECT_EQ(urls[2].location.line, 8);
}

TEST(Entry, LocatedUrlsOfASingleLinkEntryAndANote) {
  Entry entry;
  entry.location = {"LIST.md", 4, 1};
  entry.url = "https://a.example/";
  ASSERT_EQ(entry.located_urls().size(), 1U);
  EXPECT_EQ(entry.located_urls()[0].field, "url");
  EXPECT_EQ(entry.located_urls()[0].location.line, 4);  // no position of its own: the entry's
  EXPECT_TRUE(Entry{}.located_urls().empty());
}

// One resource filed twice keeps its name, however the list spells it; a
// page under another name is a copied link.
TEST(Entry, SameNameReadsTheNameNotItsSpelling) {
  auto titled = [](std::string title) {
    Entry entry;
    entry.title = std::move(title);
    return entry;
  };
  EXPECT_TRUE(same_name(titled("VGGT-SLAM 2.0: Real-time"), titled("vggt-slam 2.0: real time")));
  EXPECT_TRUE(same_name(titled("SurrealDB"), titled("surrealdb/surrealdb")));
  EXPECT_TRUE(same_name(titled("vproxy/0x676e67"), titled("vproxy")));
  EXPECT_TRUE(same_name(titled("linebender/xilem [xilem]"), titled("xilem")));
  // Who wrote a paper, in "(@…)" after its title, is no part of its name.
  EXPECT_TRUE(same_name(titled("[DeepSeek-V2] DeepSeek-V2: A Strong MoE Model(@DeepSeek-AI)"),
                        titled("[**DeepSeek-V2**] DeepSeek-V2: A Strong MoE Model")));
  EXPECT_FALSE(same_name(titled("A Strong MoE Model(@DeepSeek-AI)"),
                         titled("A Strong Dense Model(@DeepSeek-AI)")));
  // Nor is the short name it goes by, in code after it: "(`P^2`)".
  EXPECT_TRUE(same_name(titled("Synthesizing optimal parallelism placement (`P^2`)"),
                        titled("Synthesizing optimal parallelism placement")));
  // Two works are not one because they go by the same short name.
  EXPECT_FALSE(same_name(titled("Breaking the abstraction barrier (`CoCoNET`)"),
                         titled("Synthesizing optimal parallelism placement (`CoCoNET`)")));
  EXPECT_FALSE(same_name(titled("g3proxy"), titled("g3bench")));
  EXPECT_FALSE(same_name(titled("google/guava"), titled("google/gson")));  // one owner
  EXPECT_FALSE(same_name(titled("DYP-SLAM: A Real-time Visual SLAM"),
                         titled("CFP-SLAM: A Real-time Visual SLAM")));
  EXPECT_FALSE(same_name(titled("[list]"), titled("[list]")));  // no name to go by
  // One work cited in two hands: five words in a row in common.
  EXPECT_TRUE(same_name(titled("Nate Kohl, Peter Stone, Policy Gradient Reinforcement Learning "
                               "for Fast Quadrupedal Locomotion, ICRA, 2004."),
                        titled("Nate Kohl and Peter Stone, Policy Gradient Reinforcement "
                               "Learning for Fast Quadrupedal Locomotion (ICRA 2004)")));
  EXPECT_TRUE(same_name(titled("Marc Deisenroth, Carl Rasmussen, PILCO: A Model-Based and "
                               "Data-Efficient Approach to Policy Search, ICML, 2011."),
                        titled("Marc Peter Deisenroth and Carl Edward Rasmussen,PILCO: A "
                               "Model-Based and Data-Efficient Approach to Policy Search")));
  EXPECT_FALSE(
      same_name(titled("Fast Quadrupedal Locomotion"), titled("Slow Quadrupedal Locomotion")));
  // A title written out in the other's description names it.
  Entry burlap = titled("BURLAP");
  burlap.description = "Brown-UMBC Reinforcement Learning and Planning, a library written in Java";
  EXPECT_TRUE(
      same_name(burlap, titled("Brown-UMBC Reinforcement Learning and Planning Library (Java)")));
  EXPECT_FALSE(same_name(burlap, titled("Reinforcement Learning and Planning in Rust")));
}

}  // namespace
}  // namespace sg
