#include "render/markdown_writer.h"

#include <gtest/gtest.h>

#include "load/entries_loader.h"
#include "load/markdown_loader.h"
#include "render/anchors.h"
#include "support/cli_runner.h"

namespace sg {
namespace {

TEST(Anchors, FollowGitHubRules) {
  EXPECT_EQ(github_anchor("1. GPU fundamentals"), "1-gpu-fundamentals");
  EXPECT_EQ(github_anchor("CUTLASS, CuTe, and CUDA Tile"), "cutlass-cute-and-cuda-tile");
  EXPECT_EQ(github_anchor("Start here: the minimum mental model"),
            "start-here-the-minimum-mental-model");
  EXPECT_EQ(github_anchor("snake_case & C++"), "snake_case--c");
  AnchorSet anchors;
  EXPECT_EQ(anchors.add("NVIDIA"), "nvidia");
  EXPECT_EQ(anchors.add("NVIDIA"), "nvidia-1");
  EXPECT_EQ(anchors.add("nvidia"), "nvidia-2");
}

TEST(MarkdownWriter, RendersTheGoldenFile) {
  LoadResult loaded;
  load_entries_dir((testing::source_dir() / "tests/fixtures/render/entries").string(), loaded);
  ASSERT_TRUE(loaded.diagnostics.empty());
  EXPECT_EQ(render_markdown(loaded.list),
            testing::read_text(testing::source_dir() / "tests/fixtures/render/expected.md"));
}

/// Loading the rendered embedded list gives back its entries and structure.
TEST(MarkdownWriter, RoundTripsTheEmbeddedList) {
  LoadResult from_json;
  load_entries_dir((testing::source_dir() / "entries").string(), from_json);
  ASSERT_TRUE(from_json.diagnostics.empty());
  LoadResult from_markdown;
  load_markdown_text("LIST.md", render_markdown(from_json.list), from_markdown);
  const List& a = from_json.list;
  const List& b = from_markdown.list;
  EXPECT_EQ(a.title, b.title);
  EXPECT_EQ(a.tagline, b.tagline);
  EXPECT_EQ(a.intro, b.intro);
  ASSERT_EQ(a.sections.size(), b.sections.size());
  for (std::size_t s = 0; s < a.sections.size(); ++s) {
    const Section& sa = a.sections[s];
    const Section& sb = b.sections[s];
    EXPECT_EQ(sa.title, sb.title);
    EXPECT_EQ(sa.intro, sb.intro) << sa.title;
    EXPECT_EQ(sa.ordered, sb.ordered) << sa.title;
    EXPECT_EQ(sa.volatile_info.has_value(), sb.volatile_info.has_value()) << sa.title;
    ASSERT_EQ(sa.groups.size(), sb.groups.size()) << sa.title;
    std::vector<std::pair<const Entry*, const Entry*>> pairs;
    ASSERT_EQ(sa.entries.size(), sb.entries.size());
    for (std::size_t e = 0; e < sa.entries.size(); ++e) {
      pairs.emplace_back(&sa.entries[e], &sb.entries[e]);
    }
    for (std::size_t g = 0; g < sa.groups.size(); ++g) {
      EXPECT_EQ(sa.groups[g].title, sb.groups[g].title);
      ASSERT_EQ(sa.groups[g].entries.size(), sb.groups[g].entries.size()) << sa.groups[g].title;
      for (std::size_t e = 0; e < sa.groups[g].entries.size(); ++e) {
        pairs.emplace_back(&sa.groups[g].entries[e], &sb.groups[g].entries[e]);
      }
    }
    for (const auto& [x, y] : pairs) {
      EXPECT_EQ(x->title, y->title);
      EXPECT_EQ(x->url, y->url) << x->title;
      auto urls = [](const Entry& entry) {
        std::vector<std::string> out;
        for (const Entry::LocatedUrl& link : entry.located_urls()) {
          out.emplace_back(link.url);
        }
        return out;
      };
      EXPECT_EQ(urls(*x), urls(*y)) << x->title;
      EXPECT_EQ(x->description, y->description) << x->title;
      EXPECT_EQ(x->kind == EntryKind::note, y->kind == EntryKind::note) << x->title;
    }
  }
  EXPECT_EQ(a.entry_count(), 144U);
  EXPECT_EQ(b.entry_count(), 144U);
}

TEST(MarkdownWriter, EscapesMarkdownInText) {
  List list;
  list.title = "L";
  Section section;
  section.title = "S";
  Entry entry;
  entry.title = "A [b] *c*";
  entry.url = "https://x.example/a(b)";
  entry.description = "Uses snake_case.";
  section.entries.push_back(entry);
  list.sections.push_back(section);
  const std::string rendered = render_markdown(list);
  EXPECT_NE(rendered.find("- [A \\[b\\] \\*c\\*](<https://x.example/a(b)>) - Uses snake\\_case.\n"),
            std::string::npos)
      << rendered;
  LoadResult back;
  load_markdown_text("L.md", rendered, back);
  ASSERT_EQ(back.list.entry_count(), 1U);
  EXPECT_EQ(back.list.sections[0].entries[0].title, entry.title);
  EXPECT_EQ(back.list.sections[0].entries[0].url, entry.url);
  EXPECT_EQ(back.list.sections[0].entries[0].description, entry.description);
}

TEST(MarkdownWriter, LeavesCodeSpansAsWritten) {
  List list;
  list.title = "L";
  Section section;
  section.title = "S";
  Entry entry;
  entry.title = "Plugins (`*.plugin.zsh`) and *x*";
  entry.url = "https://x.example/";
  entry.description = "An open ` tick and ``a ` b`` then snake_case.";
  section.entries.push_back(entry);
  list.sections.push_back(section);
  const std::string rendered = render_markdown(list);
  EXPECT_NE(rendered.find("- [Plugins (`*.plugin.zsh`) and \\*x\\*](https://x.example/) - An "
                          "open ` tick and ``a ` b`` then snake\\_case.\n"),
            std::string::npos)
      << rendered;
  LoadResult back;
  load_markdown_text("L.md", rendered, back);
  ASSERT_EQ(back.list.entry_count(), 1U);
  EXPECT_EQ(back.list.sections[0].entries[0].title, entry.title);
}

TEST(LineDiff, ShowsChangedLinesOnly) {
  EXPECT_EQ(line_diff("a\nb\nc\n", "a\nb\nc\n"), "");
  EXPECT_EQ(line_diff("a\nb\nc\n", "a\nB\nc\n"), "@@ line 2 @@\n+B\n-b\n");
}

}  // namespace
}  // namespace sg
