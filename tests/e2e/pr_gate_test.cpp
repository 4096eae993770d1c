// The pull-request gate end to end, as .github/workflows/gate.yml runs it: a
// list in a temporary git repository, a pull request on a branch, and the
// gate's three commands (check, fmt --check and render --check, each
// --changed-since the base where it takes it).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <mutex>
#include <set>

#include <nlohmann/json.hpp>

#include "links/test_server.h"
#include "support/cli_runner.h"

namespace sg {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::run_sourcegate;
using testing::TempDir;

/// The day the embedded list's Frontier section (verified 2026-10-17, every
/// 90 days) goes stale: from then on, a whole-list gate fails every change.
constexpr const char* k_stale_day = "2027-01-16";

std::set<std::string> rules_of(const json& report) {
  std::set<std::string> rules;
  for (const json& d : report["diagnostics"]) {
    if (d.value("waived", "").empty() && d["severity"] != "info") {
      rules.insert(d["rule"].get<std::string>());
    }
  }
  return rules;
}

class PullRequestGate : public ::testing::Test {
 protected:
  void SetUp() override {
    m_server.http().Get(R"(/(a|b|c|ok|new\d))",
                        [this](const httplib::Request& request, httplib::Response& response) {
                          record(request.path);
                          response.set_content("<html><title>A paper</title></html>", "text/html");
                        });
    m_server.http().Get("/gone", [this](const httplib::Request& request, httplib::Response& res) {
      record(request.path);
      res.status = 404;
    });
    m_server.start();

    // The shipped policy, with the loopback test host as a paper host.
    json policy = json::parse(testing::read_text(testing::source_dir() / "policy/policy.json"));
    policy["hosts"].push_back({{"domain", "site.test"}, {"class", "paper"}});
    policy["canonical"]["http_only_hosts"].push_back("site.test");
    m_dir.write("policy/policy.json", policy.dump(2) + "\n");
    m_dir.write("entries/list.json",
                R"({"title": "Test list", "tagline": "A list the gate judges."})");
    m_papers = {
        {"title", "Papers"},
        {"groups",
         {{{"title", "Kernels"}, {"entries", {entry("Alpha", "/a"), entry("Beta", "/b")}}}}}};
    // A volatile section that goes stale on k_stale_day, holding a link that
    // is broken today: both are old problems no pull request may inherit.
    m_frontier = {{"title", "Frontier"},
                  {"volatile", {{"verified", "2026-10-17"}, {"max_age_days", 90}}},
                  {"entries", {entry("Gamma", "/gone")}}};
    m_frontier["entries"][0]["verified"] = "2026-10-17";
    write_sections();
    git("init -q");
    git("add -A");
    git("commit -q -m base");
    git("checkout -q -b change");
  }

  json entry(const std::string& title, const std::string& path) const {
    return {{"title", title},
            {"url", url(path)},
            {"kind", "paper"},
            {"description", "A mechanism paper about " + title + " with its measurements."}};
  }
  std::string url(const std::string& path) const {
    return "http://site.test:" + std::to_string(m_server.port()) + path;
  }
  json& kernels() { return m_papers["groups"][0]["entries"]; }

  enum class Render { yes, no };
  /// Writes both section files canonically and LIST.md from them, as a
  /// contributor's `fmt` and `render` would.
  void write_sections(Render render = Render::yes) {
    m_dir.write("entries/01-papers.json", m_papers.dump(2));
    m_dir.write("entries/02-frontier.json", m_frontier.dump(2));
    ASSERT_EQ(run_sourcegate({"fmt"}, m_dir.path()).exit_code, 0);
    if (render == Render::yes) {
      ASSERT_EQ(run_sourcegate({"render"}, m_dir.path()).exit_code, 0);
    }
  }
  void commit(const std::string& message) {
    git("add -A");
    git("commit -q -m '" + message + "'");
  }
  void git(const std::string& args) { ASSERT_EQ(testing::git_in(m_dir.path(), args), 0) << args; }

  /// The gate's policy-and-links step, on the loopback host only.
  testing::CommandOutput check() {
    return run_sourcegate({"check", "--changed-since", "main", "--today", k_stale_day, "--format",
                           "json", "--allow-address", "127.0.0.0/8", "--resolve",
                           "site.test:" + std::to_string(m_server.port()) + ":127.0.0.1",
                           "--no-cache", "--retries", "0"},
                          m_dir.path());
  }
  testing::CommandOutput lint_changed() {
    return run_sourcegate(
        {"lint", "--changed-since", "main", "--today", k_stale_day, "--format", "json"},
        m_dir.path());
  }
  std::set<std::string> requested() {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_requested;
  }

  links::testing::TestServer m_server;
  TempDir m_dir;
  json m_papers;
  json m_frontier;

 private:
  void record(const std::string& path) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_requested.insert(path);
  }
  std::mutex m_mutex;
  std::set<std::string> m_requested;
};

TEST_F(PullRequestGate, AGoodChangePassesOnTheDayTheListGoesStale) {
  kernels().push_back(entry("Delta", "/ok"));
  write_sections();
  commit("add Delta");

  // The whole list fails that day, with no change at all: the date bomb.
  auto whole = run_sourcegate({"lint", "--today", k_stale_day, "--format", "json"}, m_dir.path());
  EXPECT_EQ(whole.exit_code, 1) << whole.out;
  EXPECT_EQ(rules_of(json::parse(whole.out)), std::set<std::string>{"freshness/stale"});

  // The gate judges the change: its entry's policy and link, and passes.
  auto gate = check();
  EXPECT_EQ(gate.exit_code, 0) << gate.out << gate.err;
  const json report = json::parse(gate.out);
  EXPECT_TRUE(rules_of(report).empty()) << gate.out;
  ASSERT_EQ(report["links"].size(), 1U) << gate.out;
  EXPECT_EQ(report["links"][0]["url"], url("/ok"));
  EXPECT_EQ(report["links"][0]["status"], "ok");
  // The untouched entries' links were never fetched: the broken one is the
  // weekly report's business.
  EXPECT_EQ(requested(), std::set<std::string>{"/ok"});
  EXPECT_EQ(run_sourcegate({"fmt", "--check", "--changed-since", "main"}, m_dir.path()).exit_code,
            0);
  EXPECT_EQ(run_sourcegate({"render", "--check"}, m_dir.path()).exit_code, 0);
}

TEST_F(PullRequestGate, EditingAnEntryInAStaleSectionDoesNotInheritItsDate) {
  m_frontier["entries"][0]["description"] = "A mechanism paper about Gamma, corrected.";
  write_sections();
  commit("edit Gamma");
  auto gate = lint_changed();
  EXPECT_EQ(gate.exit_code, 0) << gate.out;
  // A date the change writes is its own: a new entry verified long ago.
  json late = entry("Epsilon", "/new1");
  late["verified"] = "2026-01-02";
  m_frontier["entries"].push_back(late);
  write_sections();
  auto written = lint_changed();
  EXPECT_EQ(written.exit_code, 1) << written.out;
  const json report = json::parse(written.out);
  // Gamma's own date, stale too, is still not the change's.
  ASSERT_EQ(report["diagnostics"].size(), 1U) << written.out;
  EXPECT_EQ(report["diagnostics"][0]["rule"], "freshness/stale");
  EXPECT_THAT(report["diagnostics"][0]["message"].get<std::string>(),
              HasSubstr("verified on 2026-01-02"));
}

TEST_F(PullRequestGate, AChangeOwnsTheInvariantsItBreaks) {
  // A new entry repeating a later entry's URL: the finding is on the old entry
  // in a file the change never touched, and still the change's.
  kernels().push_back(entry("Gamma again", "/gone"));
  write_sections();
  auto duplicate = lint_changed();
  EXPECT_EQ(duplicate.exit_code, 1) << duplicate.out;
  const json duplicate_report = json::parse(duplicate.out);
  EXPECT_EQ(rules_of(duplicate_report), std::set<std::string>{"entry/duplicate-url"});
  EXPECT_EQ(duplicate_report["diagnostics"][0]["file"], "entries/02-frontier.json");

  // A group grown past the policy's five links: the finding is on the group's
  // title, a line the change did not write.
  kernels().erase(kernels().size() - 1);
  for (const char* path : {"/new1", "/new2", "/new3", "/new4"}) {
    kernels().push_back(entry(std::string("New ") + path, path));
  }
  write_sections();
  auto grown = lint_changed();
  EXPECT_EQ(grown.exit_code, 1) << grown.out;
  EXPECT_EQ(rules_of(json::parse(grown.out)), std::set<std::string>{"list/group-size"});
}

TEST_F(PullRequestGate, ATouchedFileMustBeValidWholly) {
  // An old entry with an unknown field, already on the base branch (LIST.md
  // cannot be rendered from it, so only lint is asked here).
  m_frontier["entries"][0]["tags"] = "old";
  write_sections(Render::no);
  commit("an old schema problem");
  git("branch -f main HEAD");
  kernels().push_back(entry("Delta", "/ok"));
  write_sections(Render::no);
  auto untouched = lint_changed();
  EXPECT_EQ(untouched.exit_code, 0) << untouched.out;
  m_frontier["entries"][0]["description"] = "A mechanism paper about Gamma, corrected.";
  write_sections(Render::no);
  auto touched = lint_changed();
  EXPECT_EQ(touched.exit_code, 1) << touched.out;
  EXPECT_EQ(rules_of(json::parse(touched.out)), std::set<std::string>{"entry/schema"});
}

TEST_F(PullRequestGate, CanonicalFormIsJudgedOnTheTouchedFilesOnly) {
  m_dir.write("entries/02-frontier.json", m_frontier.dump(4));
  commit("an old layout problem");
  git("branch -f main HEAD");
  kernels().push_back(entry("Delta", "/ok"));
  write_sections();
  m_dir.write("entries/02-frontier.json", m_frontier.dump(4));
  auto other = run_sourcegate({"fmt", "--check", "--changed-since", "main"}, m_dir.path());
  EXPECT_EQ(other.exit_code, 0) << other.out;
  EXPECT_THAT(other.out, Not(HasSubstr("02-frontier")));
  m_frontier["entries"][0]["description"] = "A mechanism paper about Gamma, corrected.";
  m_dir.write("entries/02-frontier.json", m_frontier.dump(4));
  auto touched = run_sourcegate({"fmt", "--check", "--changed-since", "main"}, m_dir.path());
  EXPECT_EQ(touched.exit_code, 1);
  EXPECT_THAT(touched.out, HasSubstr("entries/02-frontier.json: not canonical"));
}

TEST_F(PullRequestGate, APolicyChangeMustLeaveAValidPolicy) {
  m_dir.write("policy/policy.json", R"({"hosts": [{"domain": "site.test", "class": "nope"}]})");
  auto gate = lint_changed();
  EXPECT_EQ(gate.exit_code, 2);
  EXPECT_THAT(gate.err, HasSubstr("policy/policy.json"));
}

}  // namespace
}  // namespace sg
