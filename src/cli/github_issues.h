#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace sg {

/// An answer of the GitHub API that is not a success, or no answer at all:
/// the run stops with exit code 2, saying which request failed and why.
class GitHubApiError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// An issue as the report sees it.
struct IssueState {
  long number = 0;
  bool open = false;
};

/// What the report does to its issue.
enum class IssueAction {
  none,    ///< no issue and nothing to report, or a closed issue and still nothing
  create,  ///< no issue yet, and links need attention
  update,  ///< the open issue gets the new report
  close,   ///< every link recovered: a comment, then closed
  reopen,  ///< a link fails again: the closed issue opens with the new report
};

/// The one decision of `report-issue`, from the issue found by its label (if
/// any) and whether the report calls any link dead.
IssueAction plan_issue_action(const std::optional<IssueState>& found, bool links_dead);

/// The few calls of GitHub's REST API that keep one labelled issue in one
/// repository. Each call is bounded in time and in the size of its answer;
/// the token goes in the Authorization header of requests to `api_url` only,
/// and no message ever quotes it.
class GitHubIssues {
 public:
  /// `api_url` such as https://api.github.com; `repo` OWNER/NAME.
  GitHubIssues(std::string api_url, std::string repo, std::string token);
  ~GitHubIssues();
  GitHubIssues(const GitHubIssues&) = delete;
  GitHubIssues& operator=(const GitHubIssues&) = delete;

  /// The issue carrying `label`, open or closed: the newest open one, else the
  /// newest closed one. Pull requests, which the API lists too, are skipped.
  std::optional<IssueState> find_by_label(const std::string& label);
  /// Opens an issue with the label; returns its number.
  long create(const std::string& title, const std::string& body, const std::string& label);
  /// Sets the body and, when given, the state ("open" or "closed").
  void edit(long number, const std::string& body, const std::string& state = {});
  void comment(long number, const std::string& body);

  /// The largest answer read; GitHub's are far smaller.
  static constexpr std::size_t k_max_answer_bytes = std::size_t{8} << 20U;

 private:
  nlohmann::json call(const std::string& method, const std::string& path,
                      const nlohmann::json* payload);

  std::string m_api_url;
  std::string m_repo;
  std::string m_token;
  void* m_curl = nullptr;
};

}  // namespace sg
