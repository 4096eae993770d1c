#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <tuple>

#include <nlohmann/json.hpp>

#include "sourcegate/version.h"
#include "support/cli_runner.h"

namespace sg {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing::read_text;
using testing::run_sourcegate;
using testing::TempDir;

namespace fs = std::filesystem;

// A list whose convention is "Name: text" without a final period: twenty
// entries, one of them with a description under the default minimum length.
std::string colon_list() {
  std::string list = "# Tools\n\n## Parsers\n\n";
  for (int i = 0; i < 19; ++i) {
    list += "- [tool" + std::to_string(i) + "](https://github.com/o/tool" + std::to_string(i) +
            "): Reads and writes format number " + std::to_string(i) + "\n";
  }
  return list + "- [inix](https://github.com/o/inix): INI files\n";
}

TEST(Init, WritesAPolicyInferredFromTheListThatLintAccepts) {
  TempDir dir;
  dir.write("README.md", colon_list());
  auto before = run_sourcegate({"lint", "README.md", "--format", "json"}, dir.path());
  EXPECT_THAT(before.err, HasSubstr("sourcegate init"));

  auto init = run_sourcegate({"init"}, dir.path());
  ASSERT_EQ(init.exit_code, 0) << init.err;
  EXPECT_THAT(init.out, HasSubstr("wrote policy/policy.json from README.md (20 entries)"));
  EXPECT_THAT(init.out, HasSubstr("description.final_period: false  (0 of 20 descriptions end"));
  EXPECT_THAT(init.out, HasSubstr("description.separators: [\":\"]"));
  // Judgement rules kept on are named, with how to keep material or leave them.
  EXPECT_THAT(init.out, HasSubstr("  - source/not-primary and surface/tutorial stay on: they "
                                  "judge every entry by the source policy"));
  // Every link is on github.com, which the shipped host rules know: no
  // host to add, and no empty list of them.
  EXPECT_THAT(init.out, HasSubstr("shipped defaults; each entry's link is classified by a host "
                                  "rule or by its URL's shape\n"));
  EXPECT_THAT(init.out, Not(HasSubstr("add host rules")));
  const auto policy = nlohmann::json::parse(read_text(dir.path() / "policy/policy.json"));
  EXPECT_EQ(policy["description"]["separators"], nlohmann::json::array({":"}));
  EXPECT_EQ(policy["description"]["final_period"], false);
  EXPECT_FALSE(policy["classes"].empty());  // the shipped host classes

  // What is left is the one exception to the list's convention: 19 in 20
  // descriptions keep the default minimum length, so the twentieth is told.
  auto after = run_sourcegate({"lint", "README.md", "--format", "json"}, dir.path());
  EXPECT_EQ(after.exit_code, 0) << after.out;
  const auto report = nlohmann::json::parse(after.out);
  ASSERT_EQ(report["diagnostics"].size(), 1U) << after.out;
  EXPECT_EQ(report["diagnostics"][0]["title"], "inix");
  EXPECT_THAT(report["diagnostics"][0]["message"].get<std::string>(),
              HasSubstr("below the policy's minimum"));
  EXPECT_THAT(after.err, Not(HasSubstr("sourcegate init")));
}

// A list of projects links most of them by repository and some by their
// own site: two such sites make the convention, one may be chance.
TEST(Init, TwoProjectsAtTheirOwnSitesMakeAListOfProjects) {
  auto own_site_classes = [](const std::string& list) {
    TempDir dir;
    dir.write("README.md", list);
    const auto init = run_sourcegate({"init"}, dir.path());
    EXPECT_EQ(init.exit_code, 0) << init.err;
    const auto policy = nlohmann::json::parse(read_text(dir.path() / "policy/policy.json"));
    return policy["first_party"].value("own_site_classes", nlohmann::json::array());
  };
  const std::string one = colon_list() + "- [starship](https://starship.rs/): A prompt\n";
  EXPECT_TRUE(own_site_classes(one).empty());
  const auto two = own_site_classes(one + "- [kornia](https://kornia.org/): Vision in PyTorch\n");
  EXPECT_THAT(two, ::testing::Contains("home page"));
  // A list of articles that links two sites named like their entries is
  // no list of projects.
  std::string articles = "# Reading\n\n## Articles\n\n";
  for (int i = 0; i < 10; ++i) {
    articles += "- [Essay " + std::to_string(i) + "](https://someone" + std::to_string(i) +
                ".example.com/posts/essay-" + std::to_string(i) + "/): On format number " +
                std::to_string(i) + "\n";
  }
  EXPECT_TRUE(own_site_classes(articles + "- [starship](https://starship.rs/): A prompt\n" +
                               "- [kornia](https://kornia.org/): Vision in PyTorch\n")
                  .empty());
}

// A list that names papers by their own titles cannot rewrite them: its
// starter leaves a figure in a paper's title to the paper, and the first
// lint reports the claim the list wrote itself, in a description. (Counted
// with the title, two claims in 32 entries would turn claim/incomplete off.)
TEST(Init, AListOfPapersLeavesTheirTitlesToTheirAuthors) {
  TempDir dir;
  std::string list = "# Papers\n\n## Pruning\n\n";
  for (int i = 10; i < 40; ++i) {
    list += "- [Method " + std::to_string(i) + ": Pruning Tokens](https://arxiv.org/abs/2404.000" +
            std::to_string(i) + ") - Prunes the tokens of layer " + std::to_string(i) + ".\n";
  }
  list +=
      "- [Token Pruning: 9x Acceleration on Stable Diffusion](https://arxiv.org/abs/2404.01000)"
      " - Prunes the cache.\n"
      "- [Cache Reuse for Transformers](https://arxiv.org/abs/2404.01001) - Runs 3x faster.\n";
  dir.write("README.md", list);
  const auto init = run_sourcegate({"init"}, dir.path());
  ASSERT_EQ(init.exit_code, 0) << init.err;
  EXPECT_THAT(init.out, HasSubstr("claims.paper_titles: false  (32 entries link a paper under its "
                                  "own title"));
  const auto policy = nlohmann::json::parse(read_text(dir.path() / "policy/policy.json"));
  EXPECT_EQ(policy["claims"]["paper_titles"], false);
  const auto lint = run_sourcegate({"lint", "README.md", "--format", "json"}, dir.path());
  const auto report = nlohmann::json::parse(lint.out);
  std::vector<std::string> claims;
  for (const auto& d : report["diagnostics"]) {
    if (d["rule"].get<std::string>().starts_with("claim/")) {
      claims.push_back(d["title"]);
    }
  }
  EXPECT_THAT(claims, ::testing::ElementsAre("Cache Reuse for Transformers"));
}

// Whole sections of tutorials would break source/not-primary by their
// headings alone: the starter reads no headings rather than turn the rule off
// for every entry, and a later tutorial repository is still found.
TEST(Init, SectionsOfTutorialsDoNotTurnTheSourceRulesOff) {
  auto init_with_tutorials = [](int tutorials) {
    TempDir dir;
    std::string list = colon_list() + "\n## Tutorials\n\n";
    for (int i = 0; i < tutorials; ++i) {
      list += "- [lesson" + std::to_string(i) + "](https://github.com/o/lesson" +
              std::to_string(i) + "): Lessons on format number " + std::to_string(i) + "\n";
    }
    dir.write("README.md", list);
    const auto init = run_sourcegate({"init"}, dir.path());
    EXPECT_EQ(init.exit_code, 0) << init.err;
    const auto policy = nlohmann::json::parse(read_text(dir.path() / "policy/policy.json"));
    return std::make_pair(init.out, policy);
  };
  const auto [out, policy] = init_with_tutorials(3);
  EXPECT_THAT(out, HasSubstr("secondary_sections: {}  (3 entries under headings"));
  EXPECT_FALSE(policy["rules"].contains("source/not-primary")) << out;
  EXPECT_EQ(policy["secondary_sections"].size(), 1U);  // its $comment alone
  // One tutorial among twenty-one entries keeps to the bar: headings stay read.
  const auto [one_out, one_policy] = init_with_tutorials(1);
  EXPECT_THAT(one_out, Not(HasSubstr("secondary_sections")));
  EXPECT_TRUE(one_policy["secondary_sections"].contains("teaching material"));
}

// A list that tags its own links with one referral tag keeps that tag: the
// starter strips utm_* no more, and lint asks for no canonical form of them.
TEST(Init, AListsOwnReferralTagIsNoTrackingToStrip) {
  auto lint_after_init = [](int tagged) {
    TempDir dir;
    std::string list = colon_list();
    for (int i = 0; i < tagged; ++i) {
      list += "- [api" + std::to_string(i) + "](https://api" + std::to_string(i) +
              ".example/?utm_source=Github): Serves format number " + std::to_string(i) + "\n";
    }
    dir.write("README.md", list);
    const auto init = run_sourcegate({"init"}, dir.path());
    EXPECT_EQ(init.exit_code, 0) << init.err;
    const auto policy = nlohmann::json::parse(read_text(dir.path() / "policy/policy.json"));
    const auto lint = run_sourcegate({"lint", "README.md", "--format", "json"}, dir.path());
    return std::make_tuple(init.out, policy["canonical"]["tracking_parameters"],
                           nlohmann::json::parse(lint.out));
  };
  const auto count_rule = [](const nlohmann::json& report, const std::string& rule) {
    return std::count_if(report["diagnostics"].begin(), report["diagnostics"].end(),
                         [&](const nlohmann::json& d) { return d["rule"] == rule; });
  };
  const auto [out, tracking, report] = lint_after_init(10);
  EXPECT_THAT(out, HasSubstr("canonical.tracking_parameters: without \"utm_*\"  (10 links carry"));
  EXPECT_THAT(tracking, Not(::testing::Contains("utm_*")));
  EXPECT_THAT(tracking, ::testing::Contains("fbclid"));  // the rest stay
  EXPECT_EQ(count_rule(report, "link/canonical"), 0) << report.dump(2);
  // Nine tagged links may be affiliate links: each is still told.
  const auto [nine_out, nine_tracking, nine_report] = lint_after_init(9);
  EXPECT_THAT(nine_out, Not(HasSubstr("canonical.tracking_parameters")));
  EXPECT_THAT(nine_tracking, ::testing::Contains("utm_*"));
  EXPECT_EQ(count_rule(nine_report, "link/canonical"), 9) << nine_report.dump(2);
}

// A list of libraries that keeps a section of talks on purpose: the starter
// names the section, and lint reports its talks as waived, not as errors.
TEST(Init, ASectionOfTalksIsNamedAndItsFindingsWaived) {
  TempDir dir;
  std::string list = colon_list() + "\n## Talks\n\n";
  for (int i = 0; i < 6; ++i) {
    list += "- [talk" + std::to_string(i) + "](https://www.youtube.com/watch?v=t" +
            std::to_string(i) + "): A talk on format number " + std::to_string(i) + "\n";
  }
  dir.write("README.md", list);
  const auto init = run_sourcegate({"init"}, dir.path());
  ASSERT_EQ(init.exit_code, 0) << init.err;
  EXPECT_THAT(init.out, HasSubstr("exempt_sections.sources: \"Talks\"  (6 of its 6 entries fail"));
  const auto policy = nlohmann::json::parse(read_text(dir.path() / "policy/policy.json"));
  EXPECT_EQ(policy["exempt_sections"]["sources"], nlohmann::json::array({"Talks"}));
  EXPECT_FALSE(policy["rules"].contains("source/not-primary")) << init.out;

  const auto lint = run_sourcegate({"lint", "README.md", "--format", "json"}, dir.path());
  EXPECT_EQ(lint.exit_code, 0) << lint.out;
  const auto report = nlohmann::json::parse(lint.out);
  int waived_talks = 0;
  for (const auto& d : report["diagnostics"]) {
    if (d["rule"] == "source/not-primary") {
      EXPECT_TRUE(d.contains("waived")) << d.dump();
      waived_talks += d.contains("waived") ? 1 : 0;
    }
  }
  EXPECT_EQ(waived_talks, 6) << lint.out;

  // A blog post among the libraries besides: more than one entry in a
  // hundred of the rest fail, so the list does not keep to the rule, and
  // naming the talks would only start the gate on a false note.
  TempDir with_post;
  with_post.write("README.md", list +
                                   "\n## Posts\n\n- [post](https://someone.example/posts/"
                                   "parsing-formats): On format number 1\n");
  const auto off = run_sourcegate({"init"}, with_post.path());
  ASSERT_EQ(off.exit_code, 0) << off.err;
  EXPECT_THAT(off.out, Not(HasSubstr("exempt_sections.sources: \"")));
  EXPECT_THAT(off.out, HasSubstr("rules.source/not-primary: off"));
  // The rules that go with it say why, with no count of their own.
  EXPECT_THAT(off.out, HasSubstr("rules.source/kind-mismatch: off  (source/not-primary is off, "
                                 "and this rule serves it)"));
  EXPECT_THAT(off.out, Not(HasSubstr("0 of 0 entries: source")));
  // With source/not-primary off no host needs a rule, and a setting the
  // list gives nothing to infer from says so ("0 of 0" says nothing).
  EXPECT_THAT(off.out, HasSubstr("source/not-primary is off, so no host needs a rule"));
  EXPECT_THAT(off.out, Not(HasSubstr("no host rule)")));
  EXPECT_THAT(off.out, HasSubstr("canonical.arxiv_abstract: true  (the default: nothing in the "
                                 "list to go by)"));
  EXPECT_THAT(off.out, Not(HasSubstr("(0 of 0")));
}

// A partner table at the top of a catalogue of 160 repeats three of its
// entries on purpose (too few in a hundred to be filing by topic): the
// starter names it, and lint reports no duplicate for its repeats.
TEST(Init, AFeaturedTableIsNamedAndItsRepeatsAreNoDuplicates) {
  TempDir dir;
  const auto tool = [](int i) {
    return "- [tool" + std::to_string(i) + "](https://github.com/o/tool" + std::to_string(i) +
           "): Reads and writes format number " + std::to_string(i) + "\n";
  };
  std::string list =
      "# APIs\n\n## Partner APIs\n\n" + tool(0) + tool(1) + tool(2) + "\n## Parsers\n\n";
  for (int i = 0; i < 160; ++i) {
    list += tool(i);
  }
  dir.write("README.md", list);
  const auto init = run_sourcegate({"init"}, dir.path());
  ASSERT_EQ(init.exit_code, 0) << init.err;
  EXPECT_THAT(
      init.out,
      HasSubstr("exempt_sections.repeats: \"Partner APIs\"  (3 of its 3 entries are filed"));
  const auto policy = nlohmann::json::parse(read_text(dir.path() / "policy/policy.json"));
  EXPECT_EQ(policy["exempt_sections"]["repeats"], nlohmann::json::array({"Partner APIs"}));
  const auto lint = run_sourcegate({"lint", "README.md", "--format", "json"}, dir.path());
  EXPECT_THAT(lint.out, Not(HasSubstr("entry/duplicate-url"))) << lint.out;
}

TEST(Init, NeverReplacesAPolicyUnlessToldTo) {
  TempDir dir;
  dir.write("README.md", colon_list());
  dir.write("policy/policy.json", "{}\n");
  auto refused = run_sourcegate({"init"}, dir.path());
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.err, HasSubstr("policy/policy.json exists; give --force"));
  EXPECT_EQ(read_text(dir.path() / "policy/policy.json"), "{}\n");
  auto forced = run_sourcegate({"init", "--force"}, dir.path());
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_NE(read_text(dir.path() / "policy/policy.json"), "{}\n");
}

TEST(Init, ReadsOnlyMarkdownLists) {
  TempDir dir;
  dir.write("list.txt", "not a list\n");
  auto result = run_sourcegate({"init", "list.txt", "-o", "p.json"}, dir.path());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("init reads a Markdown list (.md)"));
}

TEST(Init, WritesTheWorkflowAndThePreCommitConfigurationWhenAsked) {
  TempDir dir;
  dir.write("README.md", colon_list());
  auto init = run_sourcegate({"init", "--workflow", "--pre-commit"}, dir.path());
  ASSERT_EQ(init.exit_code, 0) << init.err;
  EXPECT_TRUE(fs::exists(dir.path() / "policy/policy.json"));

  // The workflow is the ten-line one docs/action.md shows, and a valid one.
  const std::string workflow = read_text(dir.path() / ".github/workflows/sourcegate.yml");
  EXPECT_THAT(read_text(testing::source_dir() / "docs/action.md"),
              HasSubstr("```yaml\n" + workflow + "```\n"));
  EXPECT_EQ(std::count(workflow.begin(), workflow.end(), '\n'), 10);
  EXPECT_THAT(workflow, HasSubstr("      - uses: sourcegate/sourcegate@v1\n"
                                  "        with: {command: check, paths: README.md}\n"));
  const fs::path validator = testing::test_tool("action-validator");
  ASSERT_TRUE(fs::exists(validator)) << "scripts/dev.sh installs it (npm ci in scripts/tools)";
  auto valid =
      testing::run_program(validator.string(), {".github/workflows/sourcegate.yml"}, dir.path());
  EXPECT_EQ(valid.exit_code, 0) << valid.out << valid.err;

  // The hook of this version, on the list alone.
  const std::string config = read_text(dir.path() / ".pre-commit-config.yaml");
  EXPECT_THAT(config, HasSubstr("  - repo: https://github.com/sourcegate/sourcegate\n"
                                "    rev: v" +
                                std::string(kVersion) +
                                "\n"
                                "    hooks:\n"
                                "      - id: sourcegate-markdown\n"
                                "        files: \"^README\\\\.md$\"\n"));
  auto checked =
      testing::run_program("/usr/bin/env", {"pre-commit", "validate-config"}, dir.path());
  EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;

  // What to review, file by file.
  EXPECT_THAT(init.out, HasSubstr("wrote .github/workflows/sourcegate.yml: on every push and "
                                  "pull request, the policy and the links of README.md"));
  EXPECT_THAT(init.out,
              HasSubstr("wrote .pre-commit-config.yaml: `pre-commit install` turns it on"));
}

TEST(Init, TheWorkflowAndHookNameAPolicyElsewhere) {
  TempDir dir;
  dir.write("docs/my list.md", colon_list());
  auto init = run_sourcegate(
      {"init", "docs/my list.md", "-o", ".github/sourcegate.json", "--workflow", "--pre-commit"},
      dir.path());
  ASSERT_EQ(init.exit_code, 0) << init.err;
  EXPECT_THAT(read_text(dir.path() / ".github/workflows/sourcegate.yml"),
              HasSubstr("with: {command: check, paths: \"docs/my list.md\", policy: "
                        ".github/sourcegate.json}\n"));
  const std::string config = read_text(dir.path() / ".pre-commit-config.yaml");
  EXPECT_THAT(config, HasSubstr("files: \"^docs/my list\\\\.md$\"\n"));
  EXPECT_THAT(config, HasSubstr("args: [--policy, .github/sourcegate.json]\n"));
  auto checked =
      testing::run_program("/usr/bin/env", {"pre-commit", "validate-config"}, dir.path());
  EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
}

TEST(Init, NeverReplacesAWorkflowOrHookConfigurationUnlessToldTo) {
  TempDir dir;
  dir.write("README.md", colon_list());
  dir.write(".pre-commit-config.yaml", "repos: []\n");
  auto refused = run_sourcegate({"init", "--workflow", "--pre-commit"}, dir.path());
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.err, HasSubstr(".pre-commit-config.yaml exists; give --force"));
  // Nothing is half done: neither the policy nor the workflow was written.
  EXPECT_FALSE(fs::exists(dir.path() / "policy/policy.json"));
  EXPECT_FALSE(fs::exists(dir.path() / ".github"));
  EXPECT_EQ(read_text(dir.path() / ".pre-commit-config.yaml"), "repos: []\n");

  dir.write(".github/workflows/sourcegate.yml", "name: mine\n");
  auto workflow = run_sourcegate({"init", "--workflow"}, dir.path());
  EXPECT_EQ(workflow.exit_code, 2);
  EXPECT_THAT(workflow.err, HasSubstr(".github/workflows/sourcegate.yml exists; give --force"));
  EXPECT_EQ(read_text(dir.path() / ".github/workflows/sourcegate.yml"), "name: mine\n");
  // Not asked for, an existing configuration is no obstacle.
  EXPECT_EQ(run_sourcegate({"init"}, dir.path()).exit_code, 0);

  auto forced = run_sourcegate({"init", "--workflow", "--pre-commit", "--force"}, dir.path());
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_THAT(read_text(dir.path() / ".pre-commit-config.yaml"), HasSubstr("sourcegate-markdown"));
  EXPECT_THAT(read_text(dir.path() / ".github/workflows/sourcegate.yml"),
              HasSubstr("sourcegate/sourcegate@v1"));
}

TEST(Init, KeepPolicyWritesOnlyTheWorkflowAndHookConfiguration) {
  TempDir dir;
  dir.write("README.md", colon_list());
  auto no_policy = run_sourcegate({"init", "--workflow", "--keep-policy"}, dir.path());
  EXPECT_EQ(no_policy.exit_code, 2);
  EXPECT_THAT(no_policy.err, HasSubstr("there is no policy/policy.json to keep"));
  EXPECT_FALSE(fs::exists(dir.path() / ".github"));

  dir.write("policy/policy.json", "{}\n");
  auto refused = run_sourcegate({"init", "--workflow"}, dir.path());
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.err, HasSubstr("or --keep-policy to write only the workflow"));
  auto nothing_asked = run_sourcegate({"init", "--keep-policy"}, dir.path());
  EXPECT_EQ(nothing_asked.exit_code, 2);
  EXPECT_THAT(nothing_asked.err, HasSubstr("give one of them"));

  auto kept = run_sourcegate({"init", "--workflow", "--pre-commit", "--keep-policy"}, dir.path());
  EXPECT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_EQ(read_text(dir.path() / "policy/policy.json"), "{}\n");
  EXPECT_THAT(read_text(dir.path() / ".github/workflows/sourcegate.yml"),
              HasSubstr("sourcegate/sourcegate@v1"));
  EXPECT_THAT(read_text(dir.path() / ".pre-commit-config.yaml"), HasSubstr("sourcegate-markdown"));
  EXPECT_THAT(kept.out, Not(HasSubstr("style settings")));
  EXPECT_THAT(kept.out, HasSubstr("wrote .pre-commit-config.yaml"));
}

}  // namespace
}  // namespace sg
