#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <re2/re2.h>

#include "cli/commands.h"
#include "cli/github_issues.h"
#include "report/report.h"
#include "util/date.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

namespace sg {
namespace {

struct ReportIssueOptions {
  std::string report;
  std::string repo;
  std::string label = "links-report";
  std::string title = "Dead links";
  std::string api_url = "https://api.github.com";
};

std::string github_token() {
  const char* value = std::getenv("GITHUB_TOKEN");
  std::string token = value != nullptr ? value : "";
  if (token.empty()) {
    throw UsageError(
        "GITHUB_TOKEN is not set: the report's issue cannot be found or written without a "
        "token that may write issues (in a workflow: env GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN "
        "}} and permissions issues: write)");
  }
  if (token.find_first_of("\r\n") != std::string::npos) {
    throw UsageError("GITHUB_TOKEN holds a line break; set it to the token alone");
  }
  return token;
}

void check_options(const ReportIssueOptions& options) {
  static const RE2 k_repo(R"([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)");
  if (!RE2::FullMatch(options.repo, k_repo)) {
    throw UsageError(fmt::format("--repo \"{}\" is not OWNER/NAME, such as octo/awesome-list",
                                 printable(options.repo)));
  }
  if (!options.api_url.starts_with("https://") && !options.api_url.starts_with("http://")) {
    throw UsageError(
        fmt::format("--api-url \"{}\" is not an http or https URL", printable(options.api_url)));
  }
  if (options.label.empty() || options.title.empty()) {
    throw UsageError("--label and --title must not be empty");
  }
}

/// Keeps the one issue in step with the report; returns what it did, for the log.
std::string keep_issue(GitHubIssues& github, const ReportIssueOptions& options,
                       const Report& report) {
  const auto dead = static_cast<std::size_t>(
      std::count_if(report.links.begin(), report.links.end(),
                    [&](const links::LinkResult& link) { return is_reported_dead(report, link); }));
  const std::string day = format_date(today_utc());
  const std::string body = link_issue_body(report, day);
  const std::optional<IssueState> found = github.find_by_label(options.label);
  const std::string where = fmt::format("in {}", options.repo);
  const std::string count = fmt::format("{} dead link{}", dead, dead == 1 ? "" : "s");
  switch (plan_issue_action(found, dead > 0)) {
    case IssueAction::none:
      return fmt::format("no dead links and no open issue labelled \"{}\" {}: nothing to do",
                         printable(options.label), where);
    case IssueAction::create:
      return fmt::format("opened issue #{} {}: {}",
                         github.create(options.title, body, options.label), where, count);
    case IssueAction::update:
      github.edit(found->number, body);
      return fmt::format("updated issue #{} {}: {}", found->number, where, count);
    case IssueAction::close:
      github.comment(found->number,
                     fmt::format("No link is dead as of the check on {} (UTC): closing. This "
                                 "issue reopens when a link is dead again.",
                                 day));
      github.edit(found->number, body, "closed");
      return fmt::format("closed issue #{} {}: no link is dead", found->number, where);
    case IssueAction::reopen:
      github.edit(found->number, body, "open");
      return fmt::format("reopened issue #{} {}: {}", found->number, where, count);
  }
  return {};
}

}  // namespace

void add_report_issue_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ReportIssueOptions>();
  CLI::App* command = app.add_subcommand(
      "report-issue",
      "Keep the dead-link report in one labelled GitHub issue: open it when links are dead, "
      "update it in place, close it when they recover, reopen it when one fails again");
  command
      ->add_option("--report", options->report,
                   "JSON report of `sourcegate links --format json --history FILE`")
      ->required();
  command->add_option("--repo", options->repo, "Repository OWNER/NAME")->required();
  command->add_option("--label", options->label,
                      "Label that marks the report's issue (default links-report)");
  command->add_option(
      "--title", options->title,
      "Title of a new issue (default \"Dead links\"); an existing one keeps its own");
  command->add_option("--api-url", options->api_url,
                      "GitHub REST API base URL (default https://api.github.com)");
  command->footer(
      "The token is read from GITHUB_TOKEN and sent to --api-url only.\n"
      "Example:\n"
      "  sourcegate links --format json --history history.json > links-report.json\n"
      "  sourcegate report-issue --report links-report.json --repo octo/list");
  command->callback([options, &exit_code] {
    check_options(*options);
    const std::string token = github_token();
    const Report report = read_json_report(read_file(options->report), options->report);
    GitHubIssues github(options->api_url, options->repo, token);
    std::cout << "sourcegate: " << keep_issue(github, *options, report) << '\n';
    exit_code = 0;
  });
}

}  // namespace sg
