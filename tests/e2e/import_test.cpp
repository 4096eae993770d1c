// `sourcegate import`: a Markdown list becomes entry files, and rendering those
// gives back the same list: the same sections, entries, URLs and order.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "load/entries_loader.h"
#include "load/markdown_loader.h"
#include "policy/policy.h"
#include "support/cli_runner.h"
#include "util/text.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using testing::read_text;
using testing::run_sourcegate;
using testing::source_dir;
using testing::TempDir;

fs::path lists_dir() { return source_dir() / "tests/fixtures/lists"; }

/// An entry as the round trip keeps it: its title (runs of white space
/// folded, as one-line fields are) and its URLs.
std::string entry_key(const Entry& entry) {
  std::string title;
  for (const char c : entry.title) {
    const bool space = c == ' ' || c == '\n' || c == '\r' || c == '\t';
    if (!space || (!title.empty() && title.back() != ' ')) {
      title += space ? ' ' : c;
    }
  }
  std::string key(trim(title));
  for (const Entry::LocatedUrl& link : entry.located_urls()) {
    key += " | " + std::string(link.url);
  }
  return key;
}

/// Each section as its title, then its group titles and entries in order.
std::vector<std::vector<std::string>> outline(const List& list) {
  std::vector<std::vector<std::string>> sections;
  for (const Section& section : list.sections) {
    std::vector<std::string> lines{"## " + section.title};
    for (const Entry& entry : section.entries) {
      lines.push_back(entry_key(entry));
    }
    for (const Group& group : section.groups) {
      lines.push_back("### " + group.title);
      for (const Entry& entry : group.entries) {
        lines.push_back(entry_key(entry));
      }
    }
    sections.push_back(std::move(lines));
  }
  return sections;
}

struct Fixture {
  std::string name;
  std::string list;
};
void PrintTo(const Fixture& fixture, std::ostream* out) { *out << fixture.name; }

std::vector<Fixture> fixtures() {
  std::vector<Fixture> found;
  for (const fs::directory_entry& item : fs::directory_iterator(lists_dir())) {
    if (fs::exists(item.path() / "expect.json")) {
      const auto expect = nlohmann::json::parse(read_text(item.path() / "expect.json"));
      found.push_back({item.path().filename().string(), expect.at("list").get<std::string>()});
    }
  }
  std::sort(found.begin(), found.end(),
            [](const Fixture& a, const Fixture& b) { return a.name < b.name; });
  return found;
}

class ImportRoundTrip : public ::testing::TestWithParam<Fixture> {};

// Every real list: import -> fmt --check -> lint (no schema error) -> render
// -> load gives the list's sections, groups, entries and URLs in order.
// Tables, HTML and quoted entries come back as bullets.
TEST_P(ImportRoundTrip, RenderingTheImportGivesBackTheList) {
  const Fixture& fixture = GetParam();
  const fs::path dir = lists_dir() / fixture.name;
  const std::string list_path = (dir / fixture.list).string();
  const std::string policy_path = (dir / "policy.json").string();
  TempDir work;

  auto imported = run_sourcegate({"import", list_path, "--policy", policy_path}, work.path());
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  EXPECT_THAT(imported.out, HasSubstr("imported " + list_path + " into entries/"));

  auto fmt = run_sourcegate({"fmt", "--check"}, work.path());
  EXPECT_EQ(fmt.exit_code, 0) << fmt.out << fmt.err;

  const Policy policy = load_policy(policy_path);
  LoadResult original;
  load_markdown_text(list_path, read_text(list_path), original, policy.separators);

  auto lint = run_sourcegate({"lint", "--policy", policy_path, "--format", "json"}, work.path());
  ASSERT_NE(lint.exit_code, 2) << lint.err;
  const auto report = nlohmann::json::parse(lint.out);
  std::size_t schema = 0;
  for (const auto& d : report["diagnostics"]) {
    schema += d["rule"] == "entry/schema" ? 1 : 0;
  }
  // The list's own problems (a URL that is not http) come along; nothing else.
  EXPECT_LE(schema, original.diagnostics.size()) << lint.out.substr(0, 2000);
  EXPECT_EQ(report["summary"]["entries"], original.list.entry_count());

  auto render = run_sourcegate({"render"}, work.path());
  ASSERT_EQ(render.exit_code, 0) << render.err;
  LoadResult rendered;
  load_markdown_text("LIST.md", read_text(work.path() / "LIST.md"), rendered);

  const auto before = outline(original.list);
  const auto after = outline(rendered.list);
  auto titles = [](const std::vector<std::vector<std::string>>& sections) {
    std::string out;
    for (const auto& lines : sections) {
      out += "\n  " + lines[0] + " (" + std::to_string(lines.size() - 1) + ")";
    }
    return out;
  };
  ASSERT_EQ(before.size(), after.size())
      << fixture.name << ": sections differ; listed:" << titles(before)
      << "\nrendered:" << titles(after);
  for (std::size_t s = 0; s < before.size(); ++s) {
    std::vector<std::string> expected = before[s];
    if (expected[0] == "## ") {
      // Entries above the first heading of a list without a title: the
      // section needs a title to be rendered.
      expected[0] = "## Section " + std::to_string(s + 1);
    }
    const auto [a, b] =
        std::mismatch(expected.begin(), expected.end(), after[s].begin(), after[s].end());
    EXPECT_TRUE(a == expected.end() && b == after[s].end())
        << fixture.name << ": section " << before[s][0] << " differs at line "
        << (a - expected.begin()) << ":\n  listed:   " << (a == expected.end() ? "(end)" : *a)
        << "\n  rendered: " << (b == after[s].end() ? "(end)" : *b);
  }
}

INSTANTIATE_TEST_SUITE_P(RealLists, ImportRoundTrip, ::testing::ValuesIn(fixtures()),
                         [](const ::testing::TestParamInfo<Fixture>& param) {
                           std::string name = param.param.name;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

const char* const k_list =
    "# Small\n\n## Kernels\n\n"
    "- [Stream-K](https://arxiv.org/abs/2301.03598) - Work-centric GEMM decomposition.\n"
    "- [Tool](https://tool.unknown-host.example/)\n";

TEST(Import, WritesEntriesAndSaysWhatToReview) {
  TempDir dir;
  dir.write("README.md", k_list);
  auto result = run_sourcegate({"import", "README.md", "-o", "data"}, dir.path());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("imported README.md into data/: 1 section, 2 entries"));
  EXPECT_THAT(result.out, HasSubstr("2 entries carry \"review\""));
  EXPECT_THAT(result.out, HasSubstr("1  kind guessed"));
  EXPECT_THAT(result.out, HasSubstr("1  kind inferred from the URL"));
  EXPECT_THAT(result.out, HasSubstr("1  description missing"));
  EXPECT_TRUE(fs::exists(dir.path() / "data/00-kernels.json"));
  EXPECT_TRUE(fs::exists(dir.path() / "data/list.json"));

  // lint warns about each entry until its review is removed.
  auto lint = run_sourcegate({"lint", "data", "--format", "json"}, dir.path());
  const auto report = nlohmann::json::parse(lint.out);
  std::size_t reviews = 0;
  for (const auto& d : report["diagnostics"]) {
    if (d["rule"] == "entry/review") {
      ++reviews;
      EXPECT_EQ(d["severity"], "warning");
      EXPECT_THAT(d["message"].get<std::string>(), HasSubstr("still carries \"review\""));
    }
  }
  EXPECT_EQ(reviews, 2U) << lint.out;
}

TEST(Import, NeverReplacesEntryFilesUnlessToldTo) {
  TempDir dir;
  dir.write("README.md", k_list);
  ASSERT_EQ(run_sourcegate({"import", "README.md"}, dir.path()).exit_code, 0);
  dir.write("entries/00-kernels.json", "{}\n");
  auto refused = run_sourcegate({"import", "README.md"}, dir.path());
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.err, HasSubstr("entries/00-kernels.json exists; give --force"));
  EXPECT_EQ(read_text(dir.path() / "entries/00-kernels.json"), "{}\n");

  // A section file of another list would be read with this one: --force
  // removes it, and says so.
  dir.write("entries/05-old.json", "{\"title\": \"Old\"}\n");
  auto forced = run_sourcegate({"import", "README.md", "--force"}, dir.path());
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_NE(read_text(dir.path() / "entries/00-kernels.json"), "{}\n");
  EXPECT_FALSE(fs::exists(dir.path() / "entries/05-old.json"));
  EXPECT_THAT(forced.out, HasSubstr("removed entries/05-old.json"));
}

TEST(Import, UnreadableOrWrongInputIsAnInputError) {
  TempDir dir;
  auto missing = run_sourcegate({"import", "missing.md"}, dir.path());
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr("missing.md"));
  EXPECT_FALSE(fs::exists(dir.path() / "entries"));

  dir.write("list.txt", "not a list\n");
  auto text = run_sourcegate({"import", "list.txt"}, dir.path());
  EXPECT_EQ(text.exit_code, 2);
  EXPECT_THAT(text.err, HasSubstr("import reads a Markdown list (.md)"));

  dir.write("empty.md", "\n");
  auto empty = run_sourcegate({"import", "empty.md"}, dir.path());
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_THAT(empty.err, HasSubstr("nothing to import"));

  auto no_argument = run_sourcegate({"import"}, dir.path());
  EXPECT_EQ(no_argument.exit_code, 2);
}

}  // namespace
}  // namespace sg
