#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "report/report.h"
#include "sourcegate/version.h"
#include "util/error.h"

namespace sg {
namespace {

using ::testing::HasSubstr;

links::LinkResult link_to(const std::string& url, links::LinkStatus status) {
  links::LinkResult link;
  link.url = url;
  link.status = status;
  link.sources.push_back({"README.md", 3, 0});
  return link;
}

Diagnostic finding_at(int line, const std::string& url) {
  Diagnostic d;
  d.rule = "link/broken";
  d.message = url + " is broken";
  d.location = {"README.md", line, 3};
  d.url = url;
  return d;
}

/// Shard K of N of a run of `run_links` links, holding the links at `positions`.
ReportFile shard_file(const std::string& file, int index, int count, std::size_t run_links,
                      const std::vector<std::size_t>& positions) {
  Report report;
  report.tool_version = kVersion;
  report.entries = 2;
  report.shard = ShardPart{{index, count}, run_links - positions.size(), positions};
  for (const std::size_t position : positions) {
    const std::string url = "https://h" + std::to_string(position) + ".example/";
    report.links.push_back(
        link_to(url, position % 2 == 0 ? links::LinkStatus::ok : links::LinkStatus::broken));
    if (position % 2 == 1) {
      report.diagnostics.push_back(finding_at(static_cast<int>(10 - position), url));
    }
  }
  return {file, report};
}

/// The file and message of the InputError merging `shards` throws.
std::string refusal(const std::vector<ReportFile>& shards) {
  try {
    merge_shard_reports(shards);
  } catch (const InputError& error) {
    return error.location().file + ": " + error.what();
  }
  return "merged";
}

TEST(ShardMerge, ListsLinksInTheRunsOrderAndSortsTheFindings) {
  const Report merged = merge_shard_reports(
      {shard_file("b.json", 2, 2, 4, {0, 2}), shard_file("a.json", 1, 2, 4, {1, 3})});
  EXPECT_FALSE(merged.shard.has_value());
  EXPECT_EQ(merged.entries, 2U);
  ASSERT_EQ(merged.links.size(), 4U);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(merged.links[i].url, "https://h" + std::to_string(i) + ".example/");
  }
  ASSERT_EQ(merged.diagnostics.size(), 2U);
  EXPECT_EQ(merged.diagnostics[0].location.line, 7);
  EXPECT_EQ(merged.diagnostics[1].location.line, 9);
  EXPECT_EQ(merged.count(Severity::error), 2U);
}

TEST(ShardMerge, AShardsPlacesSurviveTheJsonReport) {
  const ReportFile shard = shard_file("a.json", 2, 3, 5, {1, 4});
  std::ostringstream json;
  write_json_report(shard.report, json);
  EXPECT_THAT(json.str(), HasSubstr(R"("shard": {
      "index": 2,
      "count": 3,
      "links_in_other_shards": 3
    })"));
  const Report read = read_json_report(json.str(), "a.json");
  EXPECT_EQ(read.tool_version, kVersion);
  ASSERT_TRUE(read.shard.has_value());
  EXPECT_EQ(read.shard->shard.name(), "2/3");
  EXPECT_EQ(read.shard->other_links, 3U);
  EXPECT_EQ(read.shard->positions, (std::vector<std::size_t>{1, 4}));
}

TEST(ShardMerge, AShardsLinkWithoutItsPlaceIsAnInputError) {
  const std::string json =
      std::string(R"({"tool": {"name": "sourcegate", "version": ")") + kVersion +
      R"("}, "summary": {"entries": 0, "shard": {"index": 1, "count": 2, )"
      R"("links_in_other_shards": 0}}, "diagnostics": [], "links": [{"url": "https://a.example/", )"
      R"("status": "ok", "http_status": 200, "final_url": "", "attempts": 1, "elapsed_ms": 0, )"
      R"("reason": "", "evidence": "", "error": "", "sources": []}]})";
  try {
    read_json_report(json, "a.json");
    FAIL() << "read a shard's link without its position";
  } catch (const InputError& error) {
    EXPECT_THAT(error.what(), HasSubstr("no \"position\""));
  }
}

TEST(ShardMerge, RefusesReportsOfDifferentVersionsNamingTheFiles) {
  ReportFile older = shard_file("old.json", 2, 2, 2, {1});
  older.report.tool_version = "0.0.1";
  EXPECT_EQ(refusal({shard_file("new.json", 1, 2, 2, {0}), older}),
            std::string("old.json: written by sourcegate 0.0.1, but new.json by sourcegate ") +
                kVersion + ": merge the shards of one run, made by one build");
}

TEST(ShardMerge, RefusesReportsOfAnotherVersionThanItsOwn) {
  ReportFile a = shard_file("a.json", 1, 1, 1, {0});
  a.report.tool_version = "0.0.1";
  EXPECT_THAT(refusal({a}), HasSubstr("a.json: written by sourcegate 0.0.1, and this is"));
}

TEST(ShardMerge, RefusesOverlappingShardsNamingTheFiles) {
  EXPECT_EQ(refusal({shard_file("a.json", 1, 2, 2, {0}), shard_file("b.json", 2, 2, 2, {1}),
                     shard_file("c.json", 1, 2, 2, {0})}),
            "c.json: is shard 1/2, and so is a.json: each shard is merged once");
  EXPECT_EQ(refusal({shard_file("a.json", 1, 2, 2, {0}), shard_file("b.json", 1, 3, 2, {1})}),
            "b.json: is shard 1/3, but a.json is shard 1/2: shards of different splits overlap; "
            "merge the N reports of one --shard K/N split");
}

TEST(ShardMerge, RefusesAMissingShard) {
  EXPECT_EQ(refusal({shard_file("a.json", 1, 3, 3, {0}), shard_file("c.json", 3, 3, 3, {2})}),
            "a.json: shard 2/3 is missing: a merged report without it would pass links nobody "
            "checked; give the reports of all 3 shards");
}

TEST(ShardMerge, RefusesAReportThatIsNoShards) {
  ReportFile whole = shard_file("whole.json", 1, 1, 1, {0});
  whole.report.shard.reset();
  EXPECT_THAT(refusal({whole}), HasSubstr("whole.json: not a shard's report"));
}

TEST(ShardMerge, RefusesShardsOfDifferentRuns) {
  EXPECT_THAT(refusal({shard_file("a.json", 1, 2, 3, {0}), shard_file("b.json", 2, 2, 4, {1})}),
              HasSubstr("b.json: counts 2 entries and 4 links in its run, but a.json counts 2 "
                        "and 3"));
  EXPECT_THAT(refusal({shard_file("a.json", 1, 2, 3, {0, 1}), shard_file("b.json", 2, 2, 3, {1})}),
              HasSubstr("b.json: link https://h1.example/ claims place 1 of the run's 3 links, "
                        "which another link holds"));
  EXPECT_THAT(refusal({shard_file("a.json", 1, 2, 3, {0}), shard_file("b.json", 2, 2, 3, {1})}),
              HasSubstr("a.json: the shards hold 2 links between them, but their run had 3"));
  // A count from a hostile report decides no allocation.
  EXPECT_THAT(refusal({shard_file("a.json", 1, 1, 2'000'000'000, {0})}),
              HasSubstr("a.json: the shards hold 1 links between them, but their run had "
                        "2000000000"));
}

}  // namespace
}  // namespace sg
