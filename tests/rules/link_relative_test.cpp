#include <algorithm>

#include <nlohmann/json.hpp>

#include "load/markdown_loader.h"
#include "rules/rule_test_support.h"
#include "support/cli_runner.h"

namespace sg::testing {
namespace {

const char* const k_list =
    "# Awesome X\n\n## Tools\n\n"
    "- [Tool](https://github.com/a/b) - A tool that does one thing well.\n"
    "- [Guide](docs/guide.md#setup) - The local guide.\n"
    "- [Gone](docs/missing.md) - A guide that was deleted.\n"
    "- [Space](docs/my%20notes.md) - Notes with a space in the name.\n\n"
    "## License\n\n- [LICENSE](/LICENSE) - The licence.\n";

// Links into the list's own repository are checked for what they are: a file
// that must exist. They are not entries, so no entry rule judges them.
TEST(LinkRelative, FiresOnlyForAMissingFileAndRelativeLinksAreNoEntries) {
  TempDir dir;
  dir.write("README.md", k_list);
  dir.write("docs/guide.md", "# Guide\n");
  dir.write("docs/my notes.md", "notes\n");
  dir.write("LICENSE", "MIT\n");
  auto run = run_sourcegate({"lint", "README.md", "--format", "json"}, dir.path());
  EXPECT_EQ(run.exit_code, 1) << run.err;
  const auto report = nlohmann::json::parse(run.out);
  EXPECT_EQ(report["summary"]["entries"], 1);
  ASSERT_EQ(report["diagnostics"].size(), 1U) << run.out;
  EXPECT_EQ(report["diagnostics"][0]["rule"], "link/relative");
  EXPECT_EQ(report["diagnostics"][0]["line"], 7);
  EXPECT_EQ(report["diagnostics"][0]["column"], 3);
  EXPECT_THAT(report["diagnostics"][0]["message"].get<std::string>(),
              HasSubstr("docs/missing.md names no file"));
}

// "[[code](-)]" means "no code yet" to the list, and a link to a file named
// "-" to a reader: the finding says so, once.
TEST(LinkRelative, APlaceholderTargetIsNamedForWhatItIs) {
  TempDir dir;
  dir.write("README.md",
            "# L\n\n## Papers\n\n- Tickets [[paper](https://arxiv.org/abs/1)] [[code](-)]\n");
  auto run = run_sourcegate({"lint", "README.md", "--format", "json"}, dir.path());
  const auto report = nlohmann::json::parse(run.out);
  ASSERT_EQ(report["diagnostics"].size(), 1U) << run.out;
  EXPECT_EQ(report["diagnostics"][0]["rule"], "link/relative");
  EXPECT_THAT(report["diagnostics"][0]["message"].get<std::string>(),
              HasSubstr("stands in for a missing page"));
}

// `links` on a Markdown list judges its anchors and relative files as `lint`
// does: the same findings at the same places.
TEST(LinkRelative, LintAndLinksAgreeOnAnchorsAndRelativeFiles) {
  TempDir dir;
  dir.write("README.md",
            "# L\n\n[ok](#tools) [bad](#nowhere) [gone](docs/gone.md) [here](docs/here.md)\n\n"
            "## Tools\n");
  dir.write("docs/here.md", "x\n");
  auto places = [](const std::string& out) {
    std::vector<std::string> found;
    const nlohmann::json report = nlohmann::json::parse(out);
    for (const auto& d : report["diagnostics"]) {
      found.push_back(d["rule"].get<std::string>() + "@" + std::to_string(d["line"].get<int>()) +
                      ":" + std::to_string(d["column"].get<int>()));
    }
    std::sort(found.begin(), found.end());
    return found;
  };
  auto lint = run_sourcegate({"lint", "README.md", "--format", "json"}, dir.path());
  auto links = run_sourcegate({"links", "README.md", "--format", "json"}, dir.path());
  EXPECT_EQ(links.exit_code, 1) << links.err;
  EXPECT_EQ(places(links.out), places(lint.out));
  EXPECT_THAT(places(links.out), ElementsAre("link/anchor@3:14", "link/relative@3:30"));
}

// GitHub serves ../../issues from a list at the repository's root, and
// //host/x names another host: neither is a missing file.
TEST(LinkRelative, RepositoryPagesAndOtherHostsAreNoMissingFiles) {
  TempDir dir;
  dir.write("README.md",
            "# L\n\n[issues](../../issues) [ci](../../actions/workflows/ci.yml) "
            "[cdn](//cdn.example/x.js)\n");
  auto run = run_sourcegate({"lint", "README.md", "--format", "json"}, dir.path());
  EXPECT_EQ(nlohmann::json::parse(run.out)["diagnostics"].size(), 0U) << run.out;
}

TEST(LinkRelative, ResolvesAgainstTheListsFolder) {
  TempDir dir;
  const auto list = dir.write("sub/README.md", "# L\n\nSee [the guide](guide.md).\n");
  LoadResult loaded;
  load_markdown_text(list.string(), read_text(list), loaded);
  ASSERT_EQ(loaded.list.relative_links.size(), 1U);
  EXPECT_FALSE(loaded.list.relative_links[0].exists);
  dir.write("sub/guide.md", "x\n");
  LoadResult again;
  load_markdown_text(list.string(), read_text(list), again);
  EXPECT_TRUE(again.list.relative_links.at(0).exists);
}

}  // namespace
}  // namespace sg::testing
