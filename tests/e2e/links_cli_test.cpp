#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "links/test_server.h"
#include "support/cli_runner.h"

namespace sg {
namespace {

using ::testing::HasSubstr;
using testing::run_sourcegate;
using testing::TempDir;

/// A loopback site (serve_ok_gone_moved).
class LinksCli : public ::testing::Test {
 protected:
  void SetUp() override {
    serve_ok_gone_moved(m_server);
    m_server.start();
  }

  std::string url(const std::string& path) const {
    return "http://site.test:" + std::to_string(m_server.port()) + path;
  }
  std::vector<std::string> args(std::vector<std::string> extra) const {
    std::vector<std::string> all = {"--allow-address",
                                    "127.0.0.0/8",
                                    "--resolve",
                                    "site.test:" + std::to_string(m_server.port()) + ":127.0.0.1",
                                    "--no-cache",
                                    "--retries",
                                    "0"};
    extra.insert(extra.end(), all.begin(), all.end());
    return extra;
  }

  links::testing::TestServer m_server;
  TempDir m_dir;
};

TEST_F(LinksCli, ChecksAMarkdownListAndReportsEachStatus) {
  m_dir.write("README.md", "# L\n\n## S\n\n- [A](" + url("/ok") + ") - Fine.\n- [B](" +
                               url("/gone") + ") - Gone.\n- [C](" + url("/moved") +
                               ") - Moved.\n- [A again](" + url("/ok") + ") - Twice.\n");
  auto result = run_sourcegate(args({"links", "README.md", "--format", "json"}), m_dir.path());
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report["links"].size(), 3U);
  std::map<std::string, nlohmann::json> by_url;
  for (const auto& link : report["links"]) {
    by_url[link["url"]] = link;
  }
  EXPECT_EQ(by_url[url("/ok")]["status"], "ok");
  EXPECT_EQ(by_url[url("/ok")]["sources"].size(), 2U);
  EXPECT_EQ(by_url[url("/ok")]["sources"][1]["line"], 8);
  EXPECT_EQ(by_url[url("/gone")]["status"], "broken");
  EXPECT_EQ(by_url[url("/gone")]["http_status"], 404);
  EXPECT_EQ(by_url[url("/moved")]["status"], "redirected");
  EXPECT_EQ(by_url[url("/moved")]["final_url"], url("/ok"));
  std::set<std::string> rules;
  for (const auto& d : report["diagnostics"]) {
    rules.insert(d["rule"].get<std::string>());
  }
  EXPECT_EQ(rules, (std::set<std::string>{"link/broken", "link/redirected"}));
}

TEST_F(LinksCli, ListOptionsNeverSwallowTheInputs) {
  m_dir.write("urls.txt", url("/gone") + "\n");
  auto result = run_sourcegate(
      args({"links", "--exclude", "nothing\\.matches", "urls.txt", "--format", "json"}),
      m_dir.path());
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report["links"].size(), 1U);
  EXPECT_EQ(report["links"][0]["status"], "broken");
}

TEST_F(LinksCli, LoopbackIsBlockedUnlessAllowed) {
  auto result = run_sourcegate({"links", url("/ok"), "--resolve",
                                "site.test:" + std::to_string(m_server.port()) + ":127.0.0.1",
                                "--no-cache", "--format", "json"},
                               m_dir.path());
  EXPECT_EQ(result.exit_code, 1);
  const auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["links"][0]["status"], "blocked");
  EXPECT_EQ(report["diagnostics"][0]["rule"], "link/blocked");
}

TEST_F(LinksCli, CheckJoinsLintAndLinksAndNamesTheEntry) {
  m_dir.write("policy.json", R"({"rules": {"link/canonical": "off"}})");
  m_dir.write("entries/01-s.json",
              R"({"title": "S", "entries": [{"title": "Gone paper", "url": ")" + url("/gone") +
                  R"(", "kind": "paper", "description": "A paper that has since moved away."}]})");
  auto result =
      run_sourcegate(args({"check", "--policy", "policy.json", "--color", "never"}), m_dir.path());
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_THAT(result.out, HasSubstr("entries/01-s.json:1:52: error: " + url("/gone") +
                                    " is broken: HTTP 404 Not Found"));
  EXPECT_THAT(result.out, HasSubstr("entry: Gone paper"));
  EXPECT_THAT(result.out, HasSubstr("1 entries, 1 links: 1 error, 0 warnings"));
}

TEST_F(LinksCli, AWaiverSilencesALinkFinding) {
  m_dir.write("policy.json", R"({"rules": {"link/canonical": "off"}})");
  m_dir.write("entries/01-s.json",
              R"({"title": "S", "entries": [{"title": "Moved", "url": ")" + url("/moved") +
                  R"(", "kind": "paper", "description": "A paper whose host redirects it.", )"
                  R"("waive": [{"rule": "link/redirected", "reason": "The old address is the )"
                  R"(stable one."}]}]})");
  auto result =
      run_sourcegate(args({"check", "--policy", "policy.json", "--format", "json"}), m_dir.path());
  EXPECT_EQ(result.exit_code, 0) << result.out;
  const auto report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report["diagnostics"].size(), 1U);
  EXPECT_EQ(report["diagnostics"][0]["waived"], "The old address is the stable one.");
}

TEST_F(LinksCli, SecondRunAnswersFromTheCacheAndOfflineReadsIt) {
  m_dir.write("urls.txt", "see " + url("/ok") + " and " + url("/gone") + ".\n");
  std::vector<std::string> cached = {
      "links",       "urls.txt",  "--allow-address",
      "127.0.0.0/8", "--resolve", "site.test:" + std::to_string(m_server.port()) + ":127.0.0.1",
      "--format",    "json",      "--cache",
      "c.json"};
  EXPECT_EQ(run_sourcegate(cached, m_dir.path()).exit_code, 1);
  m_server.stop();
  std::vector<std::string> offline = cached;
  offline.push_back("--offline");
  auto result = run_sourcegate(offline, m_dir.path());
  const auto report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report["links"].size(), 2U);
  EXPECT_EQ(report["links"][0]["status"], "ok");
  EXPECT_EQ(report["links"][1]["status"], "broken");
}

// Without pruning, a cache kept every URL a list ever had. A partial run has
// not seen the rest of the list, so only a whole run may forget.
TEST_F(LinksCli, OnlyAWholeRunPrunesLinksNotSeenForMonths) {
  m_dir.write("urls.txt", url("/ok") + "\n");
  const std::string old_entry =
      R"("https://gone.example/": {"status": "ok", "reason": "none", "evidence": "",
         "http_status": 200, "final_url": "", "attempts": 1, "elapsed_ms": 5, "error": "",
         "checked_at": 1600000000, "seen_at": 1600000000})";
  const std::string cache = R"({"version": 2, "probes": {}, "links": {)" + old_entry + "}}";
  m_dir.write("c.json", cache);
  auto with_cache = [&](std::vector<std::string> extra) {
    std::vector<std::string> all = args(std::move(extra));
    std::erase(all, "--no-cache");
    return all;
  };
  auto partial = run_sourcegate(
      with_cache({"links", "urls.txt", "--cache", "c.json", "--include", "site\\.test"}),
      m_dir.path());
  EXPECT_EQ(partial.exit_code, 0) << partial.err;
  EXPECT_THAT(sg::testing::read_text(m_dir.path() / "c.json"), HasSubstr("gone.example"));
  auto whole = run_sourcegate(with_cache({"links", "urls.txt", "--cache", "c.json"}), m_dir.path());
  EXPECT_EQ(whole.exit_code, 0) << whole.err;
  const std::string pruned = sg::testing::read_text(m_dir.path() / "c.json");
  EXPECT_THAT(pruned, ::testing::Not(HasSubstr("gone.example")));
  EXPECT_THAT(pruned, HasSubstr(url("/ok")));
}

TEST_F(LinksCli, ZeroTimingsMakeTwoRunsByteIdentical) {
  m_dir.write("urls.txt", url("/ok") + "\n" + url("/gone") + "\n" + url("/moved") + "\n");
  const auto command = args({"links", "urls.txt", "--format", "json", "--zero-timings"});
  auto first = run_sourcegate(command, m_dir.path());
  auto second = run_sourcegate(command, m_dir.path());
  EXPECT_EQ(first.exit_code, 1);
  EXPECT_EQ(first.out, second.out);
  const auto report = nlohmann::json::parse(first.out);
  ASSERT_EQ(report["links"].size(), 3U);
  for (const auto& link : report["links"]) {
    EXPECT_EQ(link["elapsed_ms"], 0);
  }
}

TEST_F(LinksCli, MarkdownReportListsDeadLinksWithAnArchiveLink) {
  m_dir.write("urls.txt", url("/gone") + "\n" + url("/ok") + "\n");
  auto result = run_sourcegate(args({"links", "urls.txt", "--format", "markdown"}), m_dir.path());
  EXPECT_THAT(result.out, HasSubstr("2 links checked, 1 need attention."));
  EXPECT_THAT(result.out, HasSubstr("| broken | <" + url("/gone") +
                                    "> | HTTP 404 Not Found | urls.txt:1 | "
                                    "[Wayback Machine](https://web.archive.org/web/*/" +
                                    url("/gone") + ") |"));
}

TEST_F(LinksCli, ProgressGoesToStderrOnlyWhenAsked) {
  auto quiet = run_sourcegate(args({"links", url("/ok")}), m_dir.path());
  EXPECT_EQ(quiet.err, "");  // not a terminal: no progress line
  auto shown = run_sourcegate(args({"links", url("/ok"), "--progress", "always"}), m_dir.path());
  EXPECT_THAT(shown.err, HasSubstr("links 1/1"));
  EXPECT_THAT(shown.out, ::testing::Not(HasSubstr("links 1/1")));
}

TEST_F(LinksCli, ReadsUrlsFromStdin) {
  const auto input =
      m_dir.write("input.txt", "first " + url("/ok") + "\nthen " + url("/gone") + "\n");
  auto result = run_sourcegate(args({"links", "-", "--format", "json"}), m_dir.path(), {}, input);
  const auto report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report["links"].size(), 2U);
  EXPECT_EQ(report["links"][1]["sources"][0]["file"], "<stdin>");
  EXPECT_EQ(report["links"][1]["sources"][0]["line"], 2);
  EXPECT_EQ(result.exit_code, 1);
}

TEST_F(LinksCli, ReadsUrlsFromHtml) {
  m_dir.write("page.html", "<p><a href=\"" + url("/gone") + "\">x</a></p>");
  auto result = run_sourcegate(args({"links", "page.html", "--format", "json"}), m_dir.path());
  const auto report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report["links"].size(), 1U);
  EXPECT_EQ(report["links"][0]["sources"][0]["file"], "page.html");
  EXPECT_EQ(report["links"][0]["status"], "broken");
}

// Re-runs on one day counted as days of failure: three made a link dead.
TEST_F(LinksCli, WithAHistoryRunsOnOneDayCountAsOneDay) {
  m_dir.write("urls.txt", url("/gone") + "\n");
  const std::vector<std::string> run = args({"links", "urls.txt", "--history", "history.json",
                                             "--dead-after", "2", "--format", "markdown"});
  for (int rerun = 0; rerun < 3; ++rerun) {
    auto result = run_sourcegate(run, m_dir.path());
    EXPECT_EQ(result.exit_code, 0) << result.out;
    EXPECT_THAT(result.out, HasSubstr("1 links checked, 0 need attention."));
    EXPECT_THAT(result.out,
                HasSubstr("## Failing, not yet reported dead (fewer than 2 days in a row)"));
    EXPECT_THAT(result.out, HasSubstr(" (1 day) "));
  }
}

/// A history in which `link` failed on two earlier days, a week apart.
std::string failed_twice(const std::string& link) {
  return R"({"version": 2, "links": {")" + link +
         R"(": {"day": "2020-01-13", "outcome": "failed", "failed_days_before": 1,)"
         R"( "failed_before_since": "2020-01-06", "last_seen": "2020-01-13"}}})";
}

TEST_F(LinksCli, WithAHistoryALinkIsDeadAfterFailingOnTheDaysThePolicySays) {
  m_dir.write("urls.txt", url("/gone") + "\n");
  m_dir.write("history.json", failed_twice(url("/gone")));
  m_dir.write("policy.json", R"({"links": {"dead_after_days": 3}})");
  auto third = run_sourcegate(args({"links", "urls.txt", "--history", "history.json", "--policy",
                                    "policy.json", "--color", "never"}),
                              m_dir.path());
  EXPECT_EQ(third.exit_code, 1) << third.out << third.err;
  EXPECT_THAT(third.out, HasSubstr("(failing since 2020-01-06, on 3 days in a row) [link/broken]"));
  // Said once: "HTTP 404 Not Found (failing since ..., on 3 days in a row)".
  EXPECT_EQ(third.out.find("failing since"), third.out.rfind("failing since")) << third.out;
  // The same day again: still three days, and still dead.
  auto again = run_sourcegate(args({"links", "urls.txt", "--history", "history.json", "--policy",
                                    "policy.json", "--format", "json"}),
                              m_dir.path());
  EXPECT_EQ(again.exit_code, 1);
  const auto report = nlohmann::json::parse(again.out);
  EXPECT_EQ(report["summary"]["dead_after_days"], 3);
  EXPECT_EQ(report["links"][0]["failed_days"], 3);
  EXPECT_EQ(report["links"][0]["failing_since"], "2020-01-06");
}

TEST_F(LinksCli, DeadAfterOnTheCommandLineOverridesThePolicy) {
  m_dir.write("urls.txt", url("/gone") + "\n");
  m_dir.write("history.json", failed_twice(url("/gone")));
  m_dir.write("policy.json", R"({"links": {"dead_after_days": 3}})");
  auto result = run_sourcegate(args({"links", "urls.txt", "--history", "history.json", "--policy",
                                     "policy.json", "--dead-after", "4", "--format", "markdown"}),
                               m_dir.path());
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_THAT(result.out, HasSubstr("(fewer than 4 days in a row)"));
  EXPECT_THAT(result.out, HasSubstr(" 2020-01-06 (3 days) "));
}

TEST_F(LinksCli, BadFlagValuesAreUsageErrors) {
  EXPECT_EQ(
      run_sourcegate({"links", "--allow-address", "nonsense", url("/ok")}, m_dir.path()).exit_code,
      2);
  EXPECT_EQ(run_sourcegate({"links", "--exclude", "(", url("/ok")}, m_dir.path()).exit_code, 2);
  EXPECT_EQ(run_sourcegate({"links", "missing.md"}, m_dir.path()).exit_code, 2);
}

TEST_F(LinksCli, ChecksTheMarkdownFilesOfAFolderOrGlobButTheExcludedOnes) {
  m_dir.write("docs/a.md", "# A\n\nSee [fine](" + url("/ok") + ").\n");
  m_dir.write("docs/sub/b.md", "# B\n\nSee [gone](" + url("/gone") + ").\n");
  m_dir.write("docs/archive/c.md", "# C\n\nSee [old](" + url("/gone") + "#x).\n");
  m_dir.write("docs/picture.png", "not read");
  auto folder = run_sourcegate(
      args({"links", "docs", "--exclude-path", "docs/archive", "--format", "json"}), m_dir.path());
  EXPECT_EQ(folder.exit_code, 1) << folder.err;
  const auto report = nlohmann::json::parse(folder.out);
  ASSERT_EQ(report["links"].size(), 2U) << folder.out;
  std::set<std::string> files;
  for (const auto& link : report["links"]) {
    for (const auto& source : link["sources"]) {
      files.insert(source["file"].get<std::string>());
    }
  }
  EXPECT_EQ(files, (std::set<std::string>{"docs/a.md", "docs/sub/b.md"}));
  // '*' stays in its folder: only docs/a.md, whose link is fine.
  auto glob = run_sourcegate(args({"links", "docs/*.md"}), m_dir.path());
  EXPECT_EQ(glob.exit_code, 0) << glob.out << glob.err;
  auto nothing = run_sourcegate(args({"links", "docs/**/*.txt"}), m_dir.path());
  EXPECT_EQ(nothing.exit_code, 2);
  EXPECT_THAT(nothing.err, HasSubstr("docs/**/*.txt: error: no file matches this glob"));
}

// The addresses are refused by the safety rules: had --dump checked them, the
// run would report them blocked and exit 1.
TEST(LinksDump, ListsWhatWouldBeCheckedAndChecksNothing) {
  TempDir dir;
  dir.write("README.md",
            "# L\n\n- [A](http://127.0.0.1:9/a) - A.\n- [Mail](mailto:me@a.example) - Mail.\n"
            "- [B](http://127.0.0.1:9/b) - B.\n- [Top](#l) - Anchor.\n\n"
            "Again: http://127.0.0.1:9/a\n");
  auto result = run_sourcegate({"links", "README.md", "--dump", "--exclude", "/b$"}, dir.path());
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "http://127.0.0.1:9/a\tREADME.md:3:3\tREADME.md:8:8\n");
}

TEST(LinksSkipped, MailtoAndTelAreNotedAndCountedNotChecked) {
  TempDir dir;
  dir.write("README.md",
            "# L\n\n- [Write](mailto:lists@a.example) - Mail.\n- [Call](tel:+15550100) - "
            "Phone.\n");
  auto text = run_sourcegate({"links", "README.md", "--no-cache", "--color", "never"}, dir.path());
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("2 of 2 links not checked (not an http(s) URL (mailto:, tel:); "
                                  "only http and https links are checked)"));
  auto json = run_sourcegate({"links", "README.md", "--no-cache", "--format", "json"}, dir.path());
  const auto report = nlohmann::json::parse(json.out);
  ASSERT_EQ(report["links"].size(), 2U);
  EXPECT_EQ(report["links"][0]["url"], "mailto:lists@a.example");
  EXPECT_EQ(report["links"][0]["status"], "skipped");
  EXPECT_EQ(report["links"][0]["sources"][0]["line"], 3);
  EXPECT_EQ(report["links"][1]["url"], "tel:+15550100");
}

TEST(LinksOffline, NothingCachedIsAnInputErrorNotACleanResult) {
  TempDir dir;
  dir.write("urls.txt", "https://a.example/x and https://b.example/y\n");
  auto result = run_sourcegate({"links", "urls.txt", "--offline", "--cache", "c.json"}, dir.path());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_THAT(result.err, HasSubstr("c.json: error: --offline, and the link cache holds none of "
                                    "the 2 links to check, so nothing was checked"));
}

}  // namespace
}  // namespace sg
