#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "report/report.h"
#include "support/cli_runner.h"
#include "util/error.h"

namespace sg {
namespace {

using ::testing::HasSubstr;
using testing::read_text;
using testing::source_dir;

const std::filesystem::path k_fixtures = "tests/fixtures/report-issue";

Report fixture_report() {
  const std::filesystem::path path = source_dir() / k_fixtures / "links-report.json";
  return read_json_report(read_text(path), path.string());
}

// The issue body is what maintainers read every week. After an intended
// change, regenerate the golden file and review its diff:
//   SOURCEGATE_UPDATE_GOLDEN=1 ctest --preset release -R IssueBody.MatchesTheGoldenFile
TEST(IssueBody, MatchesTheGoldenFile) {
  const std::string body = link_issue_body(fixture_report(), "2026-11-16");
  const std::filesystem::path golden = source_dir() / k_fixtures / "issue-body.md";
  if (std::getenv("SOURCEGATE_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(golden, std::ios::binary) << body;
  }
  EXPECT_EQ(body, read_text(golden));
}

TEST(IssueBody, ReadsBackWhatTheJsonReportWrote) {
  const Report report = fixture_report();
  EXPECT_EQ(report.dead_after, 3);
  ASSERT_EQ(report.links.size(), 5U);
  EXPECT_EQ(report.links[0].failed_days, 3);
  EXPECT_EQ(report.links[0].failing_since, "2026-11-02");
  EXPECT_TRUE(is_reported_dead(report, report.links[0]));
  EXPECT_FALSE(is_reported_dead(report, report.links[1]));  // failing on 1 day of 3
  std::ostringstream written;
  write_json_report(report, written);
  const Report again = read_json_report(written.str(), "again.json");
  std::ostringstream rewritten;
  write_json_report(again, rewritten);
  EXPECT_EQ(written.str(), rewritten.str());
}

TEST(IssueBody, AReportThatIsNotOneIsAnInputErrorAtItsPlace) {
  try {
    read_json_report("{\"summary\": {}, \"diagnostics\": [],\n \"links\": [{\"url\": 7}]}",
                     "links-report.json");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.location().file, "links-report.json");
    EXPECT_EQ(error.location().line, 2);
    EXPECT_THAT(error.what(), HasSubstr("\"url\" is a number, not a string"));
  }
}

// GitHub refuses a body over 65,536 characters: the report is cut at a line.
TEST(IssueBody, AHugeReportIsCutToFitAnIssue) {
  Report report;
  report.dead_after = 3;
  for (int i = 0; i < 3000; ++i) {
    links::LinkResult link;
    link.url = "https://example.org/a-rather-long-path/number-" + std::to_string(i);
    link.status = links::LinkStatus::broken;
    link.http_status = 404;
    link.failed_days = 4;
    link.failing_since = "2026-10-01";
    link.sources.push_back({"entries/01-kernels.json", i + 1, 1});
    report.links.push_back(link);
  }
  const std::string body = link_issue_body(report, "2026-11-16");
  EXPECT_LE(body.size(), 65'536U);
  EXPECT_THAT(body, HasSubstr("more lines do not fit in an issue"));
  EXPECT_THAT(body, HasSubstr("_Links checked on 2026-11-16 (UTC)."));
  EXPECT_THAT(body, HasSubstr("number-0>"));
  EXPECT_THAT(body, ::testing::Not(HasSubstr("number-2999>")));
}

}  // namespace
}  // namespace sg
