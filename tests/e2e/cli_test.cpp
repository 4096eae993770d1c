#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <sys/wait.h>

#include <cstdlib>
#include <map>

#include <nlohmann/json.hpp>

#include "support/cli_runner.h"

namespace sg {
namespace {

using ::testing::HasSubstr;
using testing::run_sourcegate;
using testing::TempDir;

const char* const k_good_section = R"({
  "title": "Kernels",
  "entries": [
    {
      "title": "Stream-K",
      "url": "https://arxiv.org/abs/2301.03598",
      "kind": "paper",
      "description": "Work-centric GEMM decomposition."
    }
  ]
}
)";

TEST(Cli, VersionAndHelp) {
  TempDir dir;
  auto version = run_sourcegate({"--version"}, dir.path());
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_THAT(version.out, HasSubstr("0."));
  auto help = run_sourcegate({"--help"}, dir.path());
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_THAT(help.out, HasSubstr("Examples:"));
  EXPECT_THAT(help.out, HasSubstr("lint"));
}

TEST(Cli, UnknownFlagOrCommandIsAUsageError) {
  TempDir dir;
  EXPECT_EQ(run_sourcegate({"lint", "--no-such-flag"}, dir.path()).exit_code, 2);
  EXPECT_EQ(run_sourcegate({"frobnicate"}, dir.path()).exit_code, 2);
  EXPECT_EQ(run_sourcegate({"lint", "--format", "yaml"}, dir.path()).exit_code, 2);
  // CLI11 alone said "A subcommand is required" for a typo.
  auto typo = run_sourcegate({"lnit"}, dir.path());
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_THAT(typo.err, HasSubstr("unknown command \"lnit\"; did you mean \"lint\"?"));
}

TEST(Cli, AReportThatCannotBeWrittenIsAnError) {
  TempDir dir;
  dir.write("entries/01-kernels.json", k_good_section);
  const std::string command = "cd '" + dir.path().string() +
                              "' && '" SOURCEGATE_BINARY
                              "' lint --format json > /dev/full 2>/dev/null";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
}

TEST(Cli, LintPassesACleanTree) {
  TempDir dir;
  dir.write("entries/01-kernels.json", k_good_section);
  auto result = run_sourcegate({"lint"}, dir.path());
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_THAT(result.out, HasSubstr("1 entries: 0 errors, 0 warnings"));
  // Without a policy the source rules cannot run; say so rather than pass
  // quietly, and say how to turn them on.
  EXPECT_THAT(result.err, HasSubstr("note: no policy/policy.json here and no --policy"));
  EXPECT_THAT(result.err, HasSubstr("to turn them on, `sourcegate init README.md` writes"));
}

TEST(Cli, TheNoPolicyNoteNamesTheMarkdownListBeingLinted) {
  TempDir dir;
  dir.write("docs/list.md",
            "# Things\n\n## Papers\n\n- [Stream-K](https://arxiv.org/abs/"
            "2301.03598) - Work-centric GEMM decomposition for GPUs.\n");
  auto result = run_sourcegate({"lint", "docs/list.md"}, dir.path());
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_THAT(result.err, HasSubstr("source rules are off; to turn them on, `sourcegate init "
                                    "docs/list.md` writes a starter policy"));
  dir.write("policy/policy.json", testing::read_text(testing::source_dir() / "policy/policy.json"));
  auto with_policy = run_sourcegate({"lint", "docs/list.md"}, dir.path());
  EXPECT_THAT(with_policy.err, ::testing::Not(HasSubstr("sourcegate init")));
}

TEST(Cli, ReportFileWritesTheSameRunInMoreFormats) {
  TempDir dir;
  dir.write("entries/01-kernels.json", k_good_section);
  dir.write("blocked", "a file, not a folder\n");
  auto result = run_sourcegate({"lint", "--format", "github", "--report-file",
                                "json:blocked/r.json", "--report-file", "sarif:r.sarif"},
                               dir.path());
  // A report that cannot be written fails the run, whatever it found.
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  EXPECT_THAT(result.err, HasSubstr("cannot write the report"));
  EXPECT_THAT(result.err, HasSubstr("blocked/r.json"));

  result = run_sourcegate({"lint", "--format", "github", "--report-file", "json:out/r.json",
                           "--report-file", "sarif:r.sarif"},
                          dir.path());
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_THAT(result.out, HasSubstr("sourcegate: 1 entries, 0 errors, 0 warnings"));
  const auto json = nlohmann::json::parse(testing::read_text(dir.path() / "out/r.json"));
  EXPECT_EQ(json["summary"]["entries"], 1);
  EXPECT_EQ(json["summary"]["errors"], 0);
  // The file holds what --format json prints.
  auto printed = run_sourcegate({"lint", "--format", "json"}, dir.path());
  EXPECT_EQ(testing::read_text(dir.path() / "out/r.json"), printed.out);
  const auto sarif = nlohmann::json::parse(testing::read_text(dir.path() / "r.sarif"));
  EXPECT_EQ(sarif["version"], "2.1.0");
}

TEST(Cli, ReportFileTakesAKnownFormatAndAFile) {
  TempDir dir;
  dir.write("entries/01-kernels.json", k_good_section);
  for (const char* value : {"report.json", "yaml:r.yml", "json:"}) {
    auto result = run_sourcegate({"lint", "--report-file", value}, dir.path());
    EXPECT_EQ(result.exit_code, 2) << value;
    EXPECT_THAT(result.err, HasSubstr("FORMAT:FILE")) << value << result.err;
  }
}

TEST(Cli, LintReportsSchemaErrorsAsFileLineColumnAndExits1) {
  TempDir dir;
  dir.write("entries/01-kernels.json", R"({
  "title": "Kernels",
  "entries": [
    {
      "title": "Stream-K",
      "url": "https://arxiv.org/abs/2301.03598",
      "kind": "paper",
      "descripton": "Typo."
    }
  ]
}
)");
  auto result = run_sourcegate({"lint", "--color", "never"}, dir.path());
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.out, HasSubstr("entries/01-kernels.json:8:7: error: unknown field "
                                    "\"descripton\" in entry [entry/schema]"));
  EXPECT_THAT(result.out, HasSubstr("hint: did you mean \"description\"?"));
  EXPECT_THAT(result.out, HasSubstr("entry: Stream-K <https://arxiv.org/abs/2301.03598>"));
  EXPECT_THAT(result.out, HasSubstr("entries/01-kernels.json:4:5: error: entry is missing "
                                    "required field \"description\""));
}

TEST(Cli, MalformedJsonExits2WithPositionAndTheLine) {
  TempDir dir;
  dir.write("entries/01-kernels.json", "{\n  \"title\": \"K\"\n  \"entries\": []\n}\n");
  auto result = run_sourcegate({"lint"}, dir.path());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("entries/01-kernels.json:3:3: error: malformed JSON"));
  EXPECT_THAT(result.err, HasSubstr(" 3 |   \"entries\": []\n   |   ^\n"));
}

TEST(Cli, InputErrorsQuoteHostileLinesSafelyAndAnnotateInGithubFormat) {
  TempDir dir;
  dir.write("entries/01-kernels.json", "{\"title\": \"##[error]x\x1b]0;t\x07\" oops}\n");
  auto text = run_sourcegate({"lint"}, dir.path());
  EXPECT_EQ(text.exit_code, 2);
  EXPECT_THAT(text.err, ::testing::Not(HasSubstr("##[")));
  EXPECT_EQ(text.err.find('\x1b'), std::string::npos);
  EXPECT_THAT(text.err, HasSubstr("\\x1b]0;t\\x07"));
  auto github = run_sourcegate({"lint", "--format", "github"}, dir.path());
  EXPECT_EQ(github.exit_code, 2);
  EXPECT_THAT(github.out, HasSubstr("::error file=entries/01-kernels.json,line=1,col=22,"
                                    "title=sourcegate::malformed JSON"));
}

TEST(Cli, AnEmptyDirectoryIsAnInputError) {
  TempDir dir;
  std::filesystem::create_directories(dir.path() / "entries");
  auto result = run_sourcegate({"lint"}, dir.path());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("entries: error: no entry files (.json) and no Markdown files "
                                    "(.md) here"));
}

TEST(Cli, CredentialsInAUrlAreAnErrorAndNeverPrinted) {
  TempDir dir;
  dir.write("entries/01-s.json",
            R"({"title": "S", "entries": [{"title": "T", "url": "https://me:hunter2@a.example/", )"
            R"("kind": "paper", "description": "A page behind a password."}]})");
  auto result = run_sourcegate({"lint", "--format", "json"}, dir.path());
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.out, HasSubstr("a URL with credentials in it"));
  EXPECT_THAT(result.out, HasSubstr("https://REDACTED@a.example/"));
  EXPECT_EQ(result.out.find("hunter2"), std::string::npos);
}

TEST(Cli, MissingPathExits2) {
  TempDir dir;
  auto result = run_sourcegate({"lint", "nowhere.md"}, dir.path());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("nowhere.md: error: no such file"));
}

TEST(Cli, JsonFormatFollowsTheContractAndIsDeterministic) {
  TempDir dir;
  dir.write("entries/01-kernels.json",
            R"({"title": "K", "entries": [{"title": "T", "kind": "paper", "description": "D."}]})");
  auto first = run_sourcegate({"lint", "--format", "json"}, dir.path());
  auto second = run_sourcegate({"lint", "--format", "json"}, dir.path());
  EXPECT_EQ(first.exit_code, 1);
  EXPECT_EQ(first.out, second.out);
  const auto report = nlohmann::json::parse(first.out);
  EXPECT_EQ(report["tool"]["name"], "sourcegate");
  EXPECT_EQ(report["summary"]["entries"], 1);
  EXPECT_EQ(report["summary"]["errors"], 1);
  const auto& d = report["diagnostics"][0];
  EXPECT_EQ(d["rule"], "entry/schema");
  EXPECT_EQ(d["severity"], "error");
  EXPECT_EQ(d["file"], "entries/01-kernels.json");
  EXPECT_EQ(d["line"], 1);
  EXPECT_EQ(d["column"], 28);
  EXPECT_EQ(d["title"], "T");
  EXPECT_TRUE(d.contains("hint"));
  EXPECT_TRUE(report["links"].is_array());
}

TEST(Cli, LintsAMarkdownList) {
  TempDir dir;
  dir.write("README.md",
            "# L\n\n## S\n\n- [A](https://a.example/) - An entry.\n- [B]() - \n"
            "- [Top](#s)\n");
  auto result = run_sourcegate({"lint", "README.md"}, dir.path());
  EXPECT_THAT(result.out, HasSubstr("1 entries"));
  EXPECT_THAT(result.out, HasSubstr("3 list items read, 2 not judged as entries: 1 placeholders "
                                    "(links without a URL), 1 table-of-contents items"));
  auto json = run_sourcegate({"lint", "README.md", "--format", "json"}, dir.path());
  const auto summary = nlohmann::json::parse(json.out)["summary"];
  EXPECT_EQ(summary["list_items"], 3);
  EXPECT_EQ(summary["not_entries"]["table-of-contents items"], 1);
}

TEST(Cli, FmtCheckListsNonCanonicalFilesAndFmtRewritesThem) {
  TempDir dir;
  const auto path = dir.write(
      "entries/01-kernels.json",
      R"({"entries": [{"kind": "paper", "title": "Stream-K", "description": "Work-centric GEMM decomposition.", "url": "https://arxiv.org/abs/2301.03598"}], "title": "Kernels"})");
  auto check = run_sourcegate({"fmt", "--check"}, dir.path());
  EXPECT_EQ(check.exit_code, 1);
  EXPECT_THAT(check.out, HasSubstr("entries/01-kernels.json: not canonical"));
  EXPECT_EQ(run_sourcegate({"fmt"}, dir.path()).exit_code, 0);
  EXPECT_EQ(testing::read_text(path), k_good_section);
  auto again = run_sourcegate({"fmt", "--check"}, dir.path());
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_EQ(again.out, "");
}

TEST(Cli, FmtLeavesEveryFileAloneWhenOneIsMalformed) {
  TempDir dir;
  const std::string messy = R"({"entries": [], "title": "A"})";
  const auto good = dir.write("entries/01-a.json", messy);
  dir.write("entries/02-b.json", "{");
  EXPECT_EQ(run_sourcegate({"fmt"}, dir.path()).exit_code, 2);
  EXPECT_EQ(testing::read_text(good), messy);
}

// fmt kept the first of two repeated keys and dropped the second, after which
// lint was clean: the author's choice, made silently.
TEST(Cli, FmtStopsOnARepeatedKeyInsteadOfDroppingOne) {
  TempDir dir;
  const std::string repeated =
      R"({"title": "A", "entries": [{"title": "One", "title": "Two", "url": "https://a.example/"}]})";
  const auto file = dir.write("entries/01-a.json", repeated);
  auto result = run_sourcegate({"fmt"}, dir.path());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("entries/01-a.json:1:"));
  EXPECT_THAT(result.err, HasSubstr("\"title\" is given twice"));
  EXPECT_EQ(testing::read_text(file), repeated);
}

// A FIFO in entries/ blocked lint and fmt forever, waiting for a writer.
TEST(Cli, AFifoInTheEntriesFolderIsAnInputErrorNotAHang) {
  TempDir dir;
  dir.write("entries/01-kernels.json", k_good_section);
  ASSERT_EQ(::mkfifo((dir.path() / "entries" / "02-pipe.json").c_str(), 0600), 0);
  for (const char* command : {"lint", "fmt"}) {
    auto result = run_sourcegate({command}, dir.path());
    EXPECT_EQ(result.exit_code, 2) << command;
    EXPECT_THAT(result.err, HasSubstr("entries/02-pipe.json"));
    EXPECT_THAT(result.err, HasSubstr("not a regular file"));
  }
}

// A syntax error at the end of a 50 MB one-line file wrote the whole line,
// twice its size, to stderr.
TEST(Cli, AnErrorInAHugeOneLineFileQuotesAWindowNotTheLine) {
  TempDir dir;
  std::string entries;
  for (int i = 0; i < 50'000; ++i) {
    entries += R"({"title": "a", "url": "https://x.example/"},)";
  }
  dir.write("entries/01-big.json", R"({"title": "S", "entries": [)" + entries + "]}");
  auto result = run_sourcegate({"lint"}, dir.path());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_LT(result.err.size(), 1024U) << result.err.substr(0, 300);
  EXPECT_THAT(result.err, HasSubstr("entries/01-big.json:1:2200028: error: malformed JSON"));
  EXPECT_THAT(result.err, HasSubstr("\"https://x.example/\"},]}\n   |                              "
                                    "                                ^\n"));
}

// `lint` read Markdown without the GFM extensions `links` used, so a bare-URL
// entry was no entry for lint, and autolinks had no position.
TEST(Cli, LintAndLinksSeeTheSameLinksAtTheSamePlacesInAMarkdownList) {
  TempDir dir;
  dir.write("README.md",
            "# Tricky list\n\n"
            "[![Build](https://img.shields.io/badge/build-green.svg)](https://ci.example/b)\n\n"
            "## Tools\n\n"
            "- [Alpha](https://alpha.example/docs) - A tool; see https://bare.example/p too.\n"
            "- [Beta][beta] - Reference-style link.\n"
            "- [Gamma](https://gamma.example/) - With [code](https://github.com/owner/gamma).\n"
            "- <https://delta.example/> - An autolink entry.\n"
            "- https://theta.example/tool - A bare URL entry.\n"
            "- <a href=\"https://epsilon.example/\">Epsilon</a> - An HTML link.\n\n"
            "| Name | Link |\n|------|------|\n| Zeta | [zeta](https://zeta.example/) |\n\n"
            "![diagram](https://images.example/d.png)\n\n"
            "[beta]: https://beta.example/home\n");
  auto sources = [&](const std::string& command) {
    auto result = run_sourcegate(
        {command, "README.md", "--exclude", ".", "--no-cache", "--format", "json"}, dir.path());
    std::map<std::string, std::string> by_url;
    const auto report = nlohmann::json::parse(result.out);
    for (const auto& link : report["links"]) {
      by_url[link["url"]] = link["sources"].dump();
    }
    return by_url;
  };
  const auto lint_reading = sources("check");  // entries as lint reads them, then links
  const auto links_reading = sources("links");
  // A table row with a link is an entry too, and so is an item written in HTML;
  // a URL a description mentions is checked as well.
  ASSERT_EQ(lint_reading.size(), 9U);
  EXPECT_THAT(lint_reading, ::testing::Contains(::testing::Key("https://bare.example/p")));
  EXPECT_THAT(lint_reading, ::testing::Contains(::testing::Key("https://epsilon.example/")));
  EXPECT_THAT(lint_reading, ::testing::Contains(::testing::Key("https://theta.example/tool")));
  EXPECT_THAT(lint_reading, ::testing::Contains(::testing::Key("https://zeta.example/")));
  for (const auto& [url, where] : lint_reading) {
    ASSERT_TRUE(links_reading.contains(url)) << url;
    EXPECT_EQ(links_reading.at(url), where) << url;
  }
  EXPECT_EQ(links_reading.size(), 12U);  // badges, images, prose, HTML and table links too
}

TEST(Cli, RenderFromAnEmptyEntriesFolderLeavesTheListAlone) {
  TempDir dir;
  dir.write("LIST.md", "# The list\n\n- [A](https://a.example/) - Kept.\n");
  dir.write("empty/.keep", "");
  auto result = run_sourcegate({"render", "--entries", "empty"}, dir.path());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("holds no section files"));
  EXPECT_EQ(testing::read_text(dir.path() / "LIST.md"),
            "# The list\n\n- [A](https://a.example/) - Kept.\n");
}

TEST(Cli, RenderWritesAndChecksTheList) {
  TempDir dir;
  dir.write("entries/01-kernels.json", k_good_section);
  dir.write("entries/list.json", R"({"title": "L", "tagline": "T."})");
  auto stale = run_sourcegate({"render", "--check"}, dir.path());
  EXPECT_EQ(stale.exit_code, 1);
  EXPECT_THAT(stale.out, HasSubstr("LIST.md is stale"));
  EXPECT_THAT(stale.out, HasSubstr("+- [Stream-K](https://arxiv.org/abs/2301.03598)"));
  EXPECT_EQ(run_sourcegate({"render"}, dir.path()).exit_code, 0);
  EXPECT_EQ(run_sourcegate({"render", "--check"}, dir.path()).exit_code, 0);
  auto lint = run_sourcegate({"lint", "LIST.md"}, dir.path());
  EXPECT_THAT(lint.out, HasSubstr("1 entries"));
}

TEST(Cli, TheEmbeddedListIsCanonicalAndRenderedFresh) {
  const auto root = testing::source_dir();
  EXPECT_EQ(run_sourcegate({"fmt", "--check"}, root).exit_code, 0);
  auto render = run_sourcegate({"render", "--check"}, root);
  EXPECT_EQ(render.exit_code, 0) << render.out;
}

}  // namespace
}  // namespace sg
