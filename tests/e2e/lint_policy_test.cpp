#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "rules/rule.h"
#include "support/cli_runner.h"

namespace sg {
namespace {

using ::testing::HasSubstr;
using testing::run_sourcegate;
using testing::source_dir;
using testing::TempDir;

std::string policy_path() { return (source_dir() / "policy/policy.json").string(); }

class KnownBad : public ::testing::TestWithParam<std::pair<const char*, const char*>> {};

/// Each known-bad fixture fires exactly its rule, and nothing else.
TEST_P(KnownBad, FiresExactlyItsRule) {
  const auto dir = source_dir() / "tests/fixtures/known-bad" / GetParam().first;
  auto result = run_sourcegate(
      {"lint", "--policy", policy_path(), "--today", "2026-11-30", "--format", "json"}, dir);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  std::set<std::string> rules;
  for (const auto& d : report["diagnostics"]) {
    rules.insert(d["rule"].get<std::string>());
    EXPECT_FALSE(d["message"].get<std::string>().empty());
    EXPECT_FALSE(d["hint"].get<std::string>().empty());
    EXPECT_GT(d["line"].get<int>(), 0);
  }
  EXPECT_EQ(rules, std::set<std::string>{GetParam().second});
}

INSTANTIATE_TEST_SUITE_P(Lint, KnownBad,
                         ::testing::Values(std::make_pair("not-primary", "source/not-primary"),
                                           std::make_pair("claim-incomplete", "claim/incomplete"),
                                           std::make_pair("surface-tutorial", "surface/tutorial"),
                                           std::make_pair("duplicate-url", "entry/duplicate-url"),
                                           std::make_pair("freshness-stale", "freshness/stale"),
                                           std::make_pair("kind-mismatch", "source/kind-mismatch")),
                         [](const auto& param_info) {
                           std::string name = param_info.param.first;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(Lint, TheEmbeddedListPasses) {
  // A fixed day: the Frontier section's verification expires on 2027-01-16,
  // which the scheduled run reports; the tests must not start failing then.
  auto result = run_sourcegate({"lint", "--today", "2026-11-30", "--format", "json"}, source_dir());
  EXPECT_EQ(result.exit_code, 0) << result.out;
  const auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["summary"]["errors"], 0);
  EXPECT_EQ(report["summary"]["entries"], 144);
  for (const auto& d : report["diagnostics"]) {
    // Every finding on the embedded list is waived, with a reason.
    EXPECT_FALSE(d.value("waived", "").empty()) << d.dump();
  }
}

TEST(Lint, FailOnWarningTurnsWarningsIntoFailure) {
  TempDir dir;
  dir.write(
      "entries/01-s.json",
      R"({"title": "S", "entries": [{"title": "T", "url": "https://unknown.example/guide/tiling", )"
      R"("kind": "docs", "description": "A page on a host the policy does not know."}]})");
  EXPECT_EQ(run_sourcegate({"lint", "--policy", policy_path()}, dir.path()).exit_code, 0);
  EXPECT_EQ(run_sourcegate({"lint", "--policy", policy_path(), "--fail-on", "warning"}, dir.path())
                .exit_code,
            1);
}

TEST(Lint, AnotherListWithItsOwnPolicy) {
  TempDir dir;
  dir.write("README.md",
            "# Awesome Things\n\n## Tools\n\n- [Thing](https://blog.example.org/thing) - A post "
            "about the thing.\n- [Tool](https://git.example.org/tool) - The tool itself.\n");
  dir.write("policy.json", R"({
  "classes": {"repo": {"primary": true, "kinds": ["repo"], "infer": "repo"},
              "blog": {"primary": false}},
  "hosts": [{"domain": "example.org", "host": "git.example.org", "class": "repo"},
            {"domain": "example.org", "class": "blog"}]
})");
  auto result = run_sourcegate({"lint", "README.md", "--policy", "policy.json", "--color", "never"},
                               dir.path());
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.out, HasSubstr("README.md:5:3: error: links a blog page "
                                    "(blog.example.org/thing), which is not a primary source "
                                    "[source/not-primary]"));
  EXPECT_THAT(result.out, HasSubstr("2 entries: 1 error, 0 warnings"));
}

TEST(Lint, GithubFormatAppendsTheStepSummary) {
  TempDir dir;
  dir.write("entries/01-s.json", R"({"title": "S", "entries": [{"title": "T::x", )"
                                 R"("url": "https://someone.medium.com/p", "kind": "docs", )"
                                 R"("description": "A post about kernels, retold."}]})");
  const std::string summary = (dir.path() / "summary.md").string();
  auto result = run_sourcegate({"lint", "--policy", policy_path(), "--format", "github"},
                               dir.path(), {"GITHUB_STEP_SUMMARY=" + summary});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.out, HasSubstr("::error file=entries/01-s.json,line=1,col=46,"
                                    "title=source/not-primary%3A T%3A%3Ax::links a blog page"));
  EXPECT_THAT(testing::read_text(summary), HasSubstr("| error | `source/not-primary` | T::x |"));
}

TEST(Lint, SarifFormatListsEveryRule) {
  auto result = run_sourcegate({"lint", "--format", "sarif"}, source_dir());
  const auto sarif = nlohmann::json::parse(result.out);
  EXPECT_EQ(sarif["runs"][0]["tool"]["driver"]["rules"].size(), rule_registry().size());
  EXPECT_EQ(rule_registry().size(), 26U);
}

TEST(Lint, BadPolicyIsAnInputErrorWithPosition) {
  TempDir dir;
  dir.write("entries/01-s.json", R"({"title": "S"})");
  dir.write("p1.json",
            "{\n  \"hosts\": [{\"domain\": \"arxiv.org\", \"class\": \"papr\"}],\n"
            "  \"classes\": {\"paper\": {\"primary\": true, \"kinds\": [\"paper\"]}}\n}\n");
  auto unknown_class = run_sourcegate({"lint", "--policy", "p1.json"}, dir.path());
  EXPECT_EQ(unknown_class.exit_code, 2);
  EXPECT_THAT(unknown_class.err, HasSubstr("p1.json:2:46: error: policy: host rule names unknown "
                                           "class \"papr\"; did you mean \"paper\"?"));
  dir.write("p2.json", "{\"claims\": {\"figures\": {\"x\": \"(unclosed\"}}}");
  auto bad_regex = run_sourcegate({"lint", "--policy", "p2.json"}, dir.path());
  EXPECT_EQ(bad_regex.exit_code, 2);
  EXPECT_THAT(bad_regex.err, HasSubstr("p2.json:1:30: error: policy: bad pattern: missing )"));
  dir.write("p3.json", "{\"rules\": {\"claim/incompleat\": \"off\"}}");
  auto bad_rule = run_sourcegate({"lint", "--policy", "p3.json"}, dir.path());
  EXPECT_EQ(bad_rule.exit_code, 2);
  EXPECT_THAT(bad_rule.err, HasSubstr("did you mean \"claim/incomplete\"?"));
  dir.write("p4.json", "{\"hostz\": []}");
  EXPECT_THAT(run_sourcegate({"lint", "--policy", "p4.json"}, dir.path()).err,
              HasSubstr("p4.json:1:2: error: policy: unknown key \"hostz\" in the policy; did you "
                        "mean \"hosts\"?"));
  EXPECT_EQ(run_sourcegate({"lint", "--policy", "missing.json"}, dir.path()).exit_code, 2);
  // Durations near INT64_MAX overflowed the time arithmetic that used them.
  dir.write("p6.json",
            "{\"links\": {\"request_timeout_ms\": 9223372036854775807, \"hosts\": "
            "[{\"host_pattern\": \"x\", \"connect_timeout_ms\": 18446744073709551615}]}}");
  auto huge = run_sourcegate({"lint", "--policy", "p6.json"}, dir.path());
  EXPECT_EQ(huge.exit_code, 2);
  EXPECT_THAT(huge.err,
              HasSubstr("p6.json:1:34: error: policy: links.request_timeout_ms is at most"));
  dir.write("p7.json",
            "{\"links\": {\"hosts\": [{\"host_pattern\": \"x\", \"connect_timeout_ms\": "
            "18446744073709551615}]}}");
  EXPECT_THAT(run_sourcegate({"lint", "--policy", "p7.json"}, dir.path()).err,
              HasSubstr("links.hosts.connect_timeout_ms is at most 86400000"));
  dir.write("p5.json", "{\"links\": {\"retries\": true}}");
  EXPECT_THAT(run_sourcegate({"lint", "--policy", "p5.json"}, dir.path()).err,
              HasSubstr("p5.json:1:23: error: policy: links.retries must be a whole number"));
  dir.write("p6.json", "{\"links\": {\"accept\": [{\"host_pattern\": \"x\", \"codes\": [42]}]}}");
  EXPECT_THAT(run_sourcegate({"lint", "--policy", "p6.json"}, dir.path()).err,
              HasSubstr("p6.json:1:55: error: policy: 42 is not an HTTP status code"));
}

TEST(Lint, PolicySeveritiesAndOffSwitches) {
  TempDir dir;
  dir.write("entries/01-s.json",
            R"({"title": "S", "entries": [{"title": "T", "url": "https://unknown.example/", )"
            R"("kind": "docs", "description": "short"}]})");
  dir.write("p.json", R"({"rules": {"style/description": "error"}})");
  EXPECT_EQ(run_sourcegate({"lint", "--policy", "p.json"}, dir.path()).exit_code, 1);
  dir.write("p.json", R"({"rules": {"style/description": "off"}})");
  EXPECT_EQ(run_sourcegate({"lint", "--policy", "p.json"}, dir.path()).exit_code, 0);
}

}  // namespace
}  // namespace sg
