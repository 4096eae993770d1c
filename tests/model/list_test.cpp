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

TEST(Entry, AllUrlsListsLinksThenCode) {
  Entry entry;
  entry.url = "https://a.example/";
  entry.links = {{"A", "https://a.example/", {}}, {"B", "https://b.example/", {}}};
  entry.code = "https://github.com/o/r";
  EXPECT_EQ(entry.all_urls(), (std::vector<std::string>{"https://a.example/", "https://b.example/",
                                                        "https://github.com/o/r"}));
}

}  // namespace
}  // namespace sg
