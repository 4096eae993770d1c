#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "report/report.h"

namespace sg {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

Report hostile_report() {
  Report report;
  report.entries = 1;
  Diagnostic d;
  d.rule = "source/not-primary";
  d.severity = Severity::error;
  d.title = "Evil::set-output name=x::y, ##[error]boom %0A";
  d.message = "line one\r\n::warning::injected\n##[group]x 100%\x1b[2J";
  d.hint = "fix: a, b";
  d.location = {"entries/01-a,b:c.json", 12, 9};
  report.diagnostics.push_back(d);
  return report;
}

TEST(GithubReport, EscapesEverythingThatCouldStartACommand) {
  std::ostringstream out;
  write_github_annotations(hostile_report(), out);
  const std::string text = out.str();
  // One annotation line plus the count line: no CR or LF came through.
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2);
  EXPECT_EQ(text.find('\r'), std::string::npos);
  const std::string line = text.substr(0, text.find('\n'));
  EXPECT_TRUE(line.starts_with("::error file=entries/01-a%2Cb%3Ac.json,line=12,col=9,title="));
  EXPECT_THAT(line, HasSubstr("title=source/not-primary%3A Evil%3A%3Aset-output name=x%3A%3Ay%2C "
                              "#\u200B#[error]boom %250A::"));
  EXPECT_THAT(line, HasSubstr("::line one%0D%0A::warning::injected%0A#\u200B#[group]x 100%25"));
  EXPECT_THAT(line, Not(HasSubstr("##[")));
  EXPECT_EQ(line.find('\x1b'), std::string::npos);
  // Exactly one unescaped "::" separates properties from the message.
  const std::string properties = line.substr(2, line.find("::", 2) - 2);
  EXPECT_THAT(properties, Not(HasSubstr(",title=source/not-primary: ")));
}

TEST(GithubReport, SkipsWaivedFindingsAndSummarisesEveryOther) {
  Report report = hostile_report();
  Diagnostic waived = report.diagnostics[0];
  waived.waived_reason = "ok";
  report.diagnostics.push_back(waived);
  std::ostringstream annotations;
  write_github_annotations(report, annotations);
  const std::string lines = annotations.str();
  EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 2);
  std::ostringstream summary;
  write_github_summary(report, summary);
  EXPECT_THAT(summary.str(), HasSubstr("**1 error**"));
  EXPECT_THAT(summary.str(), HasSubstr("| error | `source/not-primary` | Evil::set-output "
                                       "name=x::y, ##&#91;error]boom %0A |"));
}

TEST(GithubReport, ShowsTheReviewerEachKindAndWaiverAChangeAdds) {
  Report report;
  report.entries = 1;
  report.review.push_back({"Evil::x\n::error::y", "https://example.org",
                           Location{"entries/01-a.json", 7, 7}, "source/not-primary",
                           "author's worklog | with code"});
  std::ostringstream annotations;
  write_github_annotations(report, annotations);
  const std::string text = annotations.str();
  EXPECT_TRUE(
      text.starts_with("::notice file=entries/01-a.json,line=7,col=7,title=sourcegate "
                       "review%3A Evil%3A%3Ax%0A%3A%3Aerror%3A%3Ay::This change waives "
                       "source/not-primary: author's worklog | with code; a reviewer "
                       "should agree.\n"))
      << text;
  std::ostringstream summary;
  write_github_summary(report, summary);
  EXPECT_THAT(summary.str(), HasSubstr("### For the reviewer"));
  EXPECT_THAT(summary.str(), HasSubstr("| Evil::x ::error::y | entries/01-a.json:7 | waives "
                                       "source/not-primary: author's worklog &#124; with code |"));
  EXPECT_THAT(summary.str(), HasSubstr("### Findings\n\nNo findings."));
  std::ostringstream json;
  write_json_report(report, json);
  const auto parsed = nlohmann::json::parse(json.str());
  EXPECT_EQ(parsed["review"][0]["waives"], "source/not-primary");
  EXPECT_EQ(parsed["review"][0]["line"], 7);
  std::ostringstream plain;
  write_text_report(report, plain, TextStyle{});
  EXPECT_THAT(plain.str(), HasSubstr("entries/01-a.json:7:7: review: entry \"Evil::x"));
}

TEST(SarifReport, IsSarif210WithRulesLocationsAndStableFingerprints) {
  std::ostringstream first;
  std::ostringstream second;
  const std::vector<RuleMetadata> rules = {
      {"entry/schema", Severity::error, "s", "d", "h", "https://example.test/rules#entryschema"},
      {"source/not-primary", Severity::error, "summary", "doc", "hint",
       "https://example.test/rules#sourcenot-primary"}};
  write_sarif_report(hostile_report(), rules, first);
  write_sarif_report(hostile_report(), rules, second);
  EXPECT_EQ(first.str(), second.str());
  const auto sarif = nlohmann::json::parse(first.str());
  EXPECT_EQ(sarif["version"], "2.1.0");
  const auto& run = sarif["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["name"], "sourcegate");
  EXPECT_EQ(run["tool"]["driver"]["rules"].size(), 2U);
  const auto& result = run["results"][0];
  EXPECT_EQ(result["ruleId"], "source/not-primary");
  EXPECT_EQ(result["ruleIndex"], 1);
  EXPECT_EQ(result["level"], "error");
  const auto& location = result["locations"][0]["physicalLocation"];
  EXPECT_EQ(location["artifactLocation"]["uri"], "entries/01-a,b%3Ac.json");
  const auto& rule = run["tool"]["driver"]["rules"][1];
  EXPECT_EQ(rule["name"], "SourceNotPrimary");
  EXPECT_EQ(rule["shortDescription"]["text"], "summary");
  EXPECT_EQ(rule["fullDescription"]["text"], "doc");
  EXPECT_EQ(rule["helpUri"], "https://example.test/rules#sourcenot-primary");
  EXPECT_EQ(location["region"]["startLine"], 12);
  EXPECT_EQ(location["region"]["startColumn"], 9);
  EXPECT_EQ(result["partialFingerprints"]["sourcegate/v1"].get<std::string>().size(), 16U);
}

TEST(SarifReport, FingerprintIgnoresTheLine) {
  Report moved = hostile_report();
  moved.diagnostics[0].location.line = 40;
  std::ostringstream a;
  std::ostringstream b;
  write_sarif_report(hostile_report(), {}, a);
  write_sarif_report(moved, {}, b);
  EXPECT_EQ(nlohmann::json::parse(a.str())["runs"][0]["results"][0]["partialFingerprints"],
            nlohmann::json::parse(b.str())["runs"][0]["results"][0]["partialFingerprints"]);
}

TEST(TextReport, NeutralisesControlCharacters) {
  Report report = hostile_report();
  report.diagnostics[0].message +=
      " \x1b]0;title\x07 \xc2\x9b"
      "31m";
  std::ostringstream out;
  write_text_report(report, out, TextStyle{false});
  EXPECT_THAT(out.str(), HasSubstr("line one\\x0d\\x0a::warning::injected"));
  EXPECT_THAT(out.str(), HasSubstr("\\x1b]0;title\\x07 \\u009b31m"));
  EXPECT_THAT(out.str(), Not(HasSubstr("##[")));
  EXPECT_THAT(out.str(), HasSubstr("1 entries: 1 error, 0 warnings"));
}

TEST(JsonReport, KeepsWaivedFindingsWithTheirReason) {
  Report report = hostile_report();
  report.diagnostics[0].waived_reason = "Vendor explainer.";
  std::ostringstream out;
  write_json_report(report, out);
  const auto json = nlohmann::json::parse(out.str());
  EXPECT_EQ(json["diagnostics"][0]["waived"], "Vendor explainer.");
  EXPECT_EQ(json["summary"]["errors"], 0);
}

TEST(Reports, EveryFormatSaysWhichEvidenceDecided) {
  Report report = hostile_report();
  report.diagnostics[0].evidence = "URL shape: a blog platform or path";
  std::ostringstream text;
  write_text_report(report, text, TextStyle{false});
  EXPECT_THAT(text.str(), HasSubstr("    evidence: URL shape: a blog platform or path\n"));
  std::ostringstream json;
  write_json_report(report, json);
  EXPECT_EQ(nlohmann::json::parse(json.str())["diagnostics"][0]["evidence"],
            "URL shape: a blog platform or path");
  std::ostringstream sarif;
  write_sarif_report(report, {}, sarif);
  EXPECT_EQ(nlohmann::json::parse(sarif.str())["runs"][0]["results"][0]["properties"]["evidence"],
            "URL shape: a blog platform or path");
}

TEST(TextReport, NotesAreCountedAndListedOnlyWhenVerbose) {
  Report report = hostile_report();
  report.diagnostics[0].severity = Severity::info;
  report.diagnostics[0].message = "judged a docs page by its URL alone";
  std::ostringstream quiet;
  write_text_report(report, quiet, TextStyle{});
  EXPECT_THAT(quiet.str(), Not(HasSubstr("judged a docs page")));
  EXPECT_THAT(quiet.str(), HasSubstr("0 errors, 0 warnings, 1 note (--verbose lists them)"));
  std::ostringstream verbose;
  write_text_report(report, verbose, TextStyle{.verbose = true});
  EXPECT_THAT(verbose.str(), HasSubstr("info: judged a docs page by its URL alone"));
}

// A pass on inference is never silent: the JSON summary, the annotations'
// closing line and the step summary count the notes as the text summary does.
TEST(Reports, NotesAreCountedInEverySummary) {
  Report report = hostile_report();
  report.diagnostics[0].severity = Severity::info;
  std::ostringstream json;
  write_json_report(report, json);
  EXPECT_EQ(nlohmann::json::parse(json.str())["summary"]["notes"], 1);
  std::ostringstream annotations;
  write_github_annotations(report, annotations);
  EXPECT_THAT(annotations.str(), HasSubstr("0 errors, 0 warnings, 1 notes\n"));
  std::ostringstream summary;
  write_github_summary(report, summary);
  EXPECT_THAT(summary.str(), HasSubstr("**0 errors**, 0 warnings, 1 note.\n"));
  report.diagnostics.clear();
  std::ostringstream quiet;
  write_github_summary(report, quiet);
  EXPECT_THAT(quiet.str(), HasSubstr("**0 errors**, 0 warnings.\n"));
}

// Offline with nothing cached checks nothing: every summary says so rather
// than "0 errors".
TEST(Reports, LinksNotCheckedAreCountedInEverySummary) {
  Report report;
  for (const char* url : {"https://a.example/", "https://b.example/"}) {
    links::LinkResult link;
    link.url = url;
    link.status = links::LinkStatus::skipped;
    link.reason = links::LinkReason::offline;
    link.error = "offline: no fresh result in the link cache";
    report.links.push_back(link);
  }
  std::ostringstream text;
  write_text_report(report, text, TextStyle{});
  EXPECT_THAT(text.str(),
              HasSubstr("2 of 2 links not checked (offline: no fresh result in the link cache)"));
  std::ostringstream json;
  write_json_report(report, json);
  EXPECT_EQ(
      nlohmann::json::parse(
          json.str())["summary"]["links_not_checked"]["offline: no fresh result in the link cache"],
      2);
  std::ostringstream markdown;
  write_markdown_report(report, markdown);
  EXPECT_THAT(markdown.str(), HasSubstr("0 links checked, 0 need attention.\n2 more not checked"));
}

// Code scanning and the diff find a file by its repository path: "./" and
// "a/../" folded, a space or '#' percent-encoded in SARIF's URI.
TEST(Reports, PathsAreRepositoryPathsAndSarifUrisAreEncoded) {
  Report report = hostile_report();
  report.diagnostics[0].location.file = "./lists/../my list #2.md";
  std::ostringstream sarif;
  write_sarif_report(report, {}, sarif);
  EXPECT_EQ(nlohmann::json::parse(sarif.str())["runs"][0]["results"][0]["locations"][0]
                                              ["physicalLocation"]["artifactLocation"]["uri"],
            "my%20list%20%232.md");
  std::ostringstream github;
  write_github_annotations(report, github);
  EXPECT_THAT(github.str(), HasSubstr("::error file=my list #2.md,line=12"));
  EXPECT_EQ(repository_path("entries/./01-a.json"), "entries/01-a.json");
}

}  // namespace
}  // namespace sg
