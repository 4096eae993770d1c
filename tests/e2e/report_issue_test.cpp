#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>

#include <nlohmann/json.hpp>

#include "links/test_server.h"
#include "report/report.h"
#include "support/cli_runner.h"
#include "util/date.h"

namespace sg {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing::run_sourcegate;
using testing::TempDir;

constexpr const char* k_token = "ghs_secret-token-for-the-fake-api";

/// A request as the fake API saw it.
struct Seen {
  std::string method;
  std::string path;
  std::string query;  ///< "labels=...&state=..." as sent
  nlohmann::json body;
  std::string authorization;
};

/// GitHub's issue API for one repository, octo/list, on loopback: it keeps
/// issues, records every request, and can be told to answer with an error.
class FakeGitHub {
 public:
  struct Issue {
    long number = 0;
    std::string state = "open";
    std::string body;
    std::vector<std::string> labels;
    bool pull_request = false;
    std::vector<std::string> comments;
  };

  FakeGitHub() {
    auto& http = m_server.http();
    http.Get("/repos/octo/list/issues",
             [this](const httplib::Request& req, httplib::Response& res) {
               std::lock_guard lock(m_mutex);
               record(req);
               if (answer_error(res)) {
                 return;
               }
               nlohmann::json list = nlohmann::json::array();
               // Newest first, as asked.
               for (auto it = m_issues.rbegin(); it != m_issues.rend(); ++it) {
                 const bool labelled = std::find(it->labels.begin(), it->labels.end(),
                                                 req.get_param_value("labels")) != it->labels.end();
                 if (labelled) {
                   nlohmann::json item = {{"number", it->number}, {"state", it->state}};
                   if (it->pull_request) {
                     item["pull_request"] = {{"url", "x"}};
                   }
                   list.push_back(item);
                 }
               }
               res.set_content(list.dump(), "application/json");
             });
    http.Post(
        "/repos/octo/list/issues", [this](const httplib::Request& req, httplib::Response& res) {
          std::lock_guard lock(m_mutex);
          record(req);
          if (answer_error(res)) {
            return;
          }
          const auto payload = nlohmann::json::parse(req.body);
          Issue issue;
          issue.number = static_cast<long>(m_issues.size()) + 1;
          issue.body = payload.at("body").get<std::string>();
          issue.labels = payload.at("labels").get<std::vector<std::string>>();
          m_issues.push_back(issue);
          res.status = 201;
          res.set_content(nlohmann::json{{"number", issue.number}}.dump(), "application/json");
        });
    http.Patch(R"(/repos/octo/list/issues/(\d+))", [this](const httplib::Request& req,
                                                          httplib::Response& res) {
      std::lock_guard lock(m_mutex);
      record(req);
      Issue& issue = m_issues.at(std::stoul(req.matches[1].str()) - 1);
      const auto payload = nlohmann::json::parse(req.body);
      issue.body = payload.at("body").get<std::string>();
      issue.state = payload.value("state", issue.state);
      res.set_content(nlohmann::json{{"number", issue.number}}.dump(), "application/json");
    });
    http.Post(R"(/repos/octo/list/issues/(\d+)/comments)", [this](const httplib::Request& req,
                                                                  httplib::Response& res) {
      std::lock_guard lock(m_mutex);
      record(req);
      m_issues.at(std::stoul(req.matches[1].str()) - 1)
          .comments.push_back(nlohmann::json::parse(req.body).at("body").get<std::string>());
      res.status = 201;
      res.set_content("{}", "application/json");
    });
    m_server.start();
  }

  std::string api_url() const { return m_server.url(""); }
  /// Adds an issue (or, with `pull_request`, a pull request) numbered next.
  void add(const std::string& state, const std::string& body, const std::string& label,
           bool pull_request = false) {
    std::lock_guard lock(m_mutex);
    Issue issue;
    issue.number = static_cast<long>(m_issues.size()) + 1;
    issue.state = state;
    issue.body = body;
    issue.labels = {label};
    issue.pull_request = pull_request;
    m_issues.push_back(std::move(issue));
  }
  void fail_with(int status, std::string body) {
    std::lock_guard lock(m_mutex);
    m_error_status = status;
    m_error_body = std::move(body);
  }
  std::vector<Seen> seen() const {
    std::lock_guard lock(m_mutex);
    return m_seen;
  }
  Issue issue(long number) const {
    std::lock_guard lock(m_mutex);
    return m_issues.at(static_cast<std::size_t>(number) - 1);
  }
  std::size_t issue_count() const {
    std::lock_guard lock(m_mutex);
    return m_issues.size();
  }
  /// "GET /repos/octo/list/issues", ... in order.
  std::vector<std::string> requests() const {
    std::vector<std::string> lines;
    for (const Seen& request : seen()) {
      lines.push_back(request.method + " " + request.path);
    }
    return lines;
  }

 private:
  void record(const httplib::Request& req) {
    std::string query;
    for (const auto& [name, value] : req.params) {
      query += (query.empty() ? "" : "&") + name + "=" + value;
    }
    m_seen.push_back({req.method, req.path, query,
                      req.body.empty() ? nlohmann::json() : nlohmann::json::parse(req.body),
                      req.get_header_value("Authorization")});
  }
  bool answer_error(httplib::Response& res) const {
    if (m_error_status == 0) {
      return false;
    }
    res.status = m_error_status;
    res.set_content(m_error_body, "application/json");
    return true;
  }

  links::testing::TestServer m_server;
  mutable std::mutex m_mutex;
  std::vector<Issue> m_issues;
  std::vector<Seen> m_seen;
  int m_error_status = 0;
  std::string m_error_body;
};

/// A JSON report of `links --history`: with `dead` one link failed on its
/// third day; without, it works again.
std::string links_report(bool dead) {
  const std::string link =
      dead ? R"({"url": "https://example.org/gone", "status": "broken", "http_status": 404,
                 "final_url": "https://example.org/gone", "attempts": 1, "elapsed_ms": 0,
                 "reason": "http-status", "evidence": "", "error": "HTTP 404 Not Found",
                 "sources": [{"file": "README.md", "line": 5}],
                 "failed_days": 3, "failing_since": "2026-11-02"})"
           : R"({"url": "https://example.org/gone", "status": "ok", "http_status": 200,
                 "final_url": "https://example.org/gone", "attempts": 1, "elapsed_ms": 0,
                 "reason": "", "evidence": "", "error": "",
                 "sources": [{"file": "README.md", "line": 5}]})";
  return R"({"summary": {"entries": 1, "links": 1, "dead_after_days": 3},
             "diagnostics": [], "links": [)" +
         link + "]}";
}

class ReportIssue : public ::testing::Test {
 protected:
  testing::CommandOutput run(bool dead, std::vector<std::string> extra = {}) {
    m_dir.write("links-report.json", links_report(dead));
    std::vector<std::string> args = {"report-issue", "--report",  "links-report.json",
                                     "--repo",       "octo/list", "--label",
                                     "links report", "--api-url", m_github.api_url()};
    args.insert(args.end(), extra.begin(), extra.end());
    auto result = run_sourcegate(args, m_dir.path(), environment());
    // Whatever happens, the token is never printed.
    EXPECT_THAT(result.out + result.err, Not(HasSubstr(k_token)));
    return result;
  }
  /// The token, and no proxy from the machine's environment between the
  /// command and the fake API.
  static std::vector<std::string> environment(const std::string& token = k_token) {
    return {"GITHUB_TOKEN=" + token, "no_proxy=*", "NO_PROXY=*"};
  }
  /// The body the command writes for the report, on the day it runs.
  static std::string expected_body(bool dead) {
    return link_issue_body(read_json_report(links_report(dead), "r.json"),
                           format_date(today_utc()));
  }

  FakeGitHub m_github;
  TempDir m_dir;
};

TEST_F(ReportIssue, CreatesALabelledIssueWhenLinksAreDead) {
  const auto result = run(true);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("opened issue #1 in octo/list: 1 dead link"));
  EXPECT_EQ(m_github.requests(), (std::vector<std::string>{"GET /repos/octo/list/issues",
                                                           "POST /repos/octo/list/issues"}));
  const std::vector<Seen> seen = m_github.seen();
  EXPECT_EQ(seen[0].query, "direction=desc&labels=links report&per_page=30&sort=created&state=all");
  EXPECT_EQ(seen[0].authorization, std::string("Bearer ") + k_token);
  EXPECT_EQ(seen[1].body["title"], "Dead links");
  EXPECT_EQ(seen[1].body["labels"], nlohmann::json::array({"links report"}));
  EXPECT_EQ(seen[1].body["body"], expected_body(true));
  EXPECT_THAT(seen[1].body["body"].get<std::string>(), HasSubstr("https://example.org/gone"));
}

TEST_F(ReportIssue, NothingIsOpenedWhenNoLinkIsDead) {
  const auto result = run(false);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("nothing to do"));
  EXPECT_EQ(m_github.requests(), (std::vector<std::string>{"GET /repos/octo/list/issues"}));
  EXPECT_EQ(m_github.issue_count(), 0U);
}

TEST_F(ReportIssue, UpdatesTheOpenIssueInPlace) {
  m_github.add("closed", "an older report", "links report");
  m_github.add("open", "last week's report", "links report");
  m_github.add("open", "unrelated", "bug");
  const auto result = run(true);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("updated issue #2 in octo/list"));
  EXPECT_EQ(m_github.requests(), (std::vector<std::string>{"GET /repos/octo/list/issues",
                                                           "PATCH /repos/octo/list/issues/2"}));
  EXPECT_EQ(m_github.seen()[1].body, (nlohmann::json{{"body", expected_body(true)}}));
  EXPECT_EQ(m_github.issue(2).state, "open");
  EXPECT_EQ(m_github.issue(1).body, "an older report");
  EXPECT_EQ(m_github.issue(3).body, "unrelated");
}

TEST_F(ReportIssue, ClosesTheIssueWithACommentWhenEveryLinkRecovered) {
  m_github.add("open", "last week's report", "links report");
  const auto result = run(false);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("closed issue #1 in octo/list: no link is dead"));
  EXPECT_EQ(m_github.requests(),
            (std::vector<std::string>{"GET /repos/octo/list/issues",
                                      "POST /repos/octo/list/issues/1/comments",
                                      "PATCH /repos/octo/list/issues/1"}));
  const FakeGitHub::Issue issue = m_github.issue(1);
  EXPECT_EQ(issue.state, "closed");
  EXPECT_EQ(issue.body, expected_body(false));
  ASSERT_EQ(issue.comments.size(), 1U);
  EXPECT_THAT(issue.comments[0], HasSubstr("No link is dead as of the check on"));
}

TEST_F(ReportIssue, ReopensTheClosedIssueWhenALinkFailsAgain) {
  m_github.add("closed", "all recovered", "links report");
  // A pull request carrying the label is listed by the API too, and skipped.
  m_github.add("open", "", "links report", /*pull_request=*/true);
  const auto result = run(true);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("reopened issue #1 in octo/list: 1 dead link"));
  EXPECT_EQ(m_github.requests(), (std::vector<std::string>{"GET /repos/octo/list/issues",
                                                           "PATCH /repos/octo/list/issues/1"}));
  EXPECT_EQ(m_github.seen()[1].body,
            (nlohmann::json{{"body", expected_body(true)}, {"state", "open"}}));
  EXPECT_EQ(m_github.issue(1).state, "open");
  EXPECT_EQ(m_github.issue_count(), 2U);
}

TEST_F(ReportIssue, AClosedIssueStaysClosedWhileNoLinkIsDead) {
  m_github.add("closed", "all recovered", "links report");
  const auto result = run(false);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(m_github.requests(), (std::vector<std::string>{"GET /repos/octo/list/issues"}));
  EXPECT_EQ(m_github.issue(1).state, "closed");
}

TEST_F(ReportIssue, AnApiErrorStopsTheRunWithItsStatusAndMessage) {
  m_github.fail_with(403, R"({"message": "Resource not accessible by integration",
                              "documentation_url": "https://docs.github.com/rest"})");
  const auto result = run(true);
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("GitHub API: GET " + m_github.api_url() +
                                    "/repos/octo/list/issues?labels=links%20report&"));
  EXPECT_THAT(result.err, HasSubstr(" answered HTTP 403: Resource not accessible by integration; "
                                    "check --repo"));
  EXPECT_EQ(m_github.issue_count(), 0U);
}

TEST_F(ReportIssue, AHugeAnswerIsRefusedUnread) {
  m_github.fail_with(200, "[" + std::string(9U << 20U, ' ') + "]");
  const auto result = run(true);
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("answered more than 8192 KiB of body; refusing to read it"));
}

TEST_F(ReportIssue, WithoutATokenItSaysWhatToSet) {
  m_dir.write("links-report.json", links_report(true));
  const auto result = run_sourcegate({"report-issue", "--report", "links-report.json", "--repo",
                                      "octo/list", "--api-url", m_github.api_url()},
                                     m_dir.path(), environment(""));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("GITHUB_TOKEN is not set"));
  EXPECT_TRUE(m_github.requests().empty());
}

TEST_F(ReportIssue, AMalformedReportIsAnInputErrorAtItsPlace) {
  m_dir.write("links-report.json", "{\"summary\": {},\n \"links\": [}");
  const auto result = run_sourcegate({"report-issue", "--report", "links-report.json", "--repo",
                                      "octo/list", "--api-url", m_github.api_url()},
                                     m_dir.path(), environment());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("links-report.json:2:"));
  EXPECT_TRUE(m_github.requests().empty());
}

}  // namespace
}  // namespace sg
