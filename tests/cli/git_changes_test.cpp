#include "cli/git_changes.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "load/entries_loader.h"
#include "load/markdown_loader.h"
#include "support/cli_runner.h"

namespace sg {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

TEST(UnifiedDiff, ReadsHunksPerFile) {
  const ChangedLines changed = parse_unified_diff(
      "diff --git a/entries/01-a.json b/entries/01-a.json\n"
      "--- a/entries/01-a.json\n"
      "+++ b/entries/01-a.json\n"
      "@@ -3 +3 @@\n"
      "-old\n"
      "+new\n"
      "@@ -10,0 +11,4 @@ some context\n"
      "+a\n"
      "@@ -20,2 +24,0 @@\n"
      "diff --git a/gone.json b/gone.json\n"
      "--- a/gone.json\n"
      "+++ /dev/null\n"
      "@@ -1,3 +0,0 @@\n"
      "--- /dev/null\n"
      "+++ b/entries/02-new.json\n"
      "@@ -0,0 +1,12 @@\n");
  ASSERT_EQ(changed.size(), 2U);
  EXPECT_THAT(changed.at("entries/01-a.json"), ElementsAre(Pair(3, 3), Pair(11, 14), Pair(24, 25)));
  EXPECT_THAT(changed.at("entries/02-new.json"), ElementsAre(Pair(1, 12)));
}

TEST(UnifiedDiff, GarbageIsIgnoredNotFatal) {
  EXPECT_TRUE(parse_unified_diff("@@ -x +y @@\n+++ \n@@\n\xff\xfe").empty());
}

TEST(ReviewItems, ListsTheKindsAndWaiversOnChangedLinesOnly) {
  LoadResult loaded;
  load_entries_text("entries/01-s.json", R"({
  "title": "S",
  "entries": [
    {
      "title": "Old",
      "url": "https://example.org/old",
      "kind": "docs",
      "description": "Old.",
      "waive": [{"rule": "source/unclassified", "reason": "kept from before"}]
    },
    {
      "title": "New",
      "url": "https://example.org/new",
      "kind": "report",
      "code": "https://github.com/o/r",
      "description": "New.",
      "waive": [{"rule": "source/not-primary", "reason": "the author's own worklog"}]
    }
  ]
}
)",
                    loaded);
  ASSERT_TRUE(loaded.diagnostics.empty()) << loaded.diagnostics.front().message;
  // Lines 11-18 are the new entry; line 9 edits only the old one's waiver.
  const ChangedLines changed = {{"entries/01-s.json", {{9, 9}, {11, 18}}}};
  const std::vector<ReviewItem> items = review_items(loaded.list, changed);
  ASSERT_EQ(items.size(), 3U);
  EXPECT_EQ(items[0].title, "Old");
  EXPECT_EQ(describe(items[0]), "waives source/unclassified: kept from before");
  EXPECT_EQ(items[1].title, "New");
  EXPECT_EQ(describe(items[1]), "declares kind report");
  EXPECT_EQ(items[1].location.line, 14);
  EXPECT_EQ(describe(items[2]), "waives source/not-primary: the author's own worklog");
  EXPECT_TRUE(review_items(loaded.list, {{"entries/other.json", {{1, 99}}}}).empty());
  // A Markdown note's kind is the loader's, not a declaration to review.
  LoadResult markdown;
  load_markdown_text("README.md", "# L\n\n## S\n\n- A remark - with more text.\n", markdown);
  EXPECT_TRUE(review_items(markdown.list, {{"README.md", {{1, 9}}}}).empty());
}

class ChangedSince : public ::testing::Test {
 protected:
  void git(const std::string& args) { ASSERT_EQ(testing::git_in(m_dir.path(), args), 0) << args; }
  testing::TempDir m_dir;
};

TEST_F(ChangedSince, JudgesOnlyTheEntriesAPullRequestTouched) {
  // Canonical layout (fmt): appending an entry turns the previous one's "}"
  // into "},", which is not a line of any of its fields.
  auto entry = [](const std::string& title, const std::string& slug) {
    return "    {\n      \"title\": \"" + title +
           "\",\n      \"url\": \"https://someone.medium.com/" + slug +
           "\",\n      \"kind\": \"docs\",\n      \"description\": \"A blog post about " + slug +
           " kernels.\"\n    }";
  };
  m_dir.write("entries/01-s.json",
              "{\n  \"title\": \"S\",\n  \"entries\": [\n" + entry("Old", "old") + "\n  ]\n}\n");
  git("init -q -b main");
  git("add -A");
  git("commit -q -m base");
  m_dir.write("entries/01-s.json", "{\n  \"title\": \"S\",\n  \"entries\": [\n" +
                                       entry("Old", "old") + ",\n" + entry("New", "new") +
                                       "\n  ]\n}\n");
  const std::string policy = (testing::source_dir() / "policy/policy.json").string();
  auto all =
      testing::run_sourcegate({"lint", "--policy", policy, "--format", "json"}, m_dir.path());
  EXPECT_EQ(nlohmann::json::parse(all.out)["diagnostics"].size(), 2U);
  auto changed = testing::run_sourcegate(
      {"lint", "--policy", policy, "--format", "json", "--changed-since", "main"}, m_dir.path());
  EXPECT_EQ(changed.exit_code, 1) << changed.err;
  const auto report = nlohmann::json::parse(changed.out);
  ASSERT_EQ(report["diagnostics"].size(), 1U);
  EXPECT_EQ(report["diagnostics"][0]["title"], "New");
  // The new entry's kind is for the reviewer to accept; the old one's is not news.
  ASSERT_EQ(report["review"].size(), 1U) << changed.out;
  EXPECT_EQ(report["review"][0]["title"], "New");
  EXPECT_EQ(report["review"][0]["kind"], "docs");
  auto annotated = testing::run_sourcegate(
      {"lint", "--policy", policy, "--format", "github", "--changed-since", "main"}, m_dir.path());
  EXPECT_THAT(annotated.out, ::testing::HasSubstr("::notice file=entries/01-s.json,line=13,"));
  EXPECT_THAT(annotated.out, ::testing::HasSubstr("declares kind docs"));
  // Deleting a nested claim field is a change to that entry.
  git("add -A");
  git("commit -q -m second");
  const std::string claimed =
      "{\n  \"title\": \"S\",\n  \"entries\": [\n    {\n      \"title\": \"Fast\",\n"
      "      \"url\": \"https://arxiv.org/abs/2301.03598\",\n      \"kind\": \"paper\",\n"
      "      \"description\": \"A kernel with a 2.1x speed-up over cuBLAS.\",\n"
      "      \"claim\": {\n        \"hardware\": \"H100\",\n        \"workload\": \"4096^3\",\n"
      "        \"precision\": \"BF16\",\n        \"baseline\": \"cuBLAS\"%s\n      }\n    }\n  "
      "]\n}\n";
  auto with = [&](const std::string& tail) {
    std::string text = claimed;
    text.replace(text.find("%s"), 2, tail);
    return text;
  };
  m_dir.write("entries/01-s.json", with(",\n        \"correctness\": \"max abs error\""));
  git("add -A");
  git("commit -q -m claimed");
  m_dir.write("entries/01-s.json", with(""));
  auto dropped = testing::run_sourcegate(
      {"lint", "--policy", policy, "--format", "json", "--changed-since", "HEAD"}, m_dir.path());
  const auto dropped_report = nlohmann::json::parse(dropped.out);
  ASSERT_EQ(dropped_report["diagnostics"].size(), 1U) << dropped.out;
  EXPECT_EQ(dropped_report["diagnostics"][0]["rule"], "claim/incomplete");

  auto unknown = testing::run_sourcegate({"lint", "--changed-since", "no-such-ref"}, m_dir.path());
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.err, ::testing::HasSubstr("the ref exists"));
}

}  // namespace
}  // namespace sg
