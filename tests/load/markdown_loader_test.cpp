#include "load/markdown_loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

#include "support/cli_runner.h"

namespace sg {
namespace {

LoadResult load_fixture() {
  const std::string path = (testing::source_dir() / "tests/fixtures/markdown/awesome.md").string();
  LoadResult result;
  load_markdown_text("awesome.md", testing::read_text(path), result);
  return result;
}

TEST(MarkdownLoader, HeadingsBecomeTitleSectionsAndGroups) {
  const List list = load_fixture().list;
  EXPECT_EQ(list.title, "Awesome Kernels");
  EXPECT_EQ(list.tagline, "Fast kernels, from primary sources.");
  EXPECT_EQ(list.intro, "More words about the list.");
  ASSERT_EQ(list.sections.size(), 2U);  // Contents is not a section
  EXPECT_EQ(list.sections[0].title, "Basics");
  EXPECT_EQ(list.sections[0].intro, "Start with these.");
  EXPECT_TRUE(list.sections[0].ordered);
  ASSERT_EQ(list.sections[1].groups.size(), 2U);
  EXPECT_EQ(list.sections[1].groups[0].title, "Kernels");
  EXPECT_EQ(list.headings, (std::vector<std::string>{"Awesome Kernels", "Contents", "Basics",
                                                     "Attention", "Kernels", "Watchlist"}));
}

// A heading's title is the text a reader sees: an anchor tag written before
// it ("## <a name='Books'></a>Books") is no part of it, so a section's name
// and the footer and contents checks read "Books", "License", "Contents".
TEST(MarkdownLoader, HeadingTitlesLeaveOutTheirHtml) {
  LoadResult result;
  load_markdown_text(
      "l.md",
      "# L\n\n## <a name='Books'></a>Books\n\n- [B](https://example.com/b) - A "
      "book.\n\n### <span id=\"x\">Free</span> ones\n\n- [F](https://example.com/f) "
      "- Free.\n\n## <a name='License'></a>License\n\n- [CC0](https://example.com/cc0)"
      "\n",
      result);
  ASSERT_EQ(result.list.sections.size(), 2U);
  EXPECT_EQ(result.list.sections[0].title, "Books");
  ASSERT_EQ(result.list.sections[0].groups.size(), 1U);
  EXPECT_EQ(result.list.sections[0].groups[0].title, "Free ones");
  EXPECT_EQ(result.list.sections[1].title, "License");
  EXPECT_EQ(result.list.entry_count(), 2U);  // the licence link is the footer's, not an entry
}

// "#### CLI Tools &nbsp;[<sup>[TOC]</sup>](#contents)": the link back to the
// table of contents is the page's navigation, not the group's name; a
// heading that is only a link to an anchor keeps it.
TEST(MarkdownLoader, HeadingTitlesLeaveOutALinkBackToTheContents) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## Tools\n\n#### CLI Tools &nbsp;[<sup>[TOC]</sup>](#contents)\n\n"
                     "- [zsh](https://example.com/zsh) - A shell.\n\n### [Other](#other)\n\n"
                     "- [fish](https://example.com/fish) - A shell.\n",
                     result);
  ASSERT_EQ(result.list.sections.size(), 1U);
  ASSERT_EQ(result.list.sections[0].groups.size(), 2U);
  EXPECT_EQ(result.list.sections[0].groups[0].title, "CLI Tools");
  EXPECT_EQ(result.list.sections[0].groups[1].title, "Other");
}

// cmark-gfm reports an HTML block closed by its end condition ("-->",
// "</script>") as ending a line early; the intro keeps the whole block.
TEST(MarkdownLoader, IntroKeepsWholeHtmlBlocks) {
  LoadResult result;
  load_markdown_text("README.md",
                     "# L\n\n## S\n\n- [A](https://a.example/x) - A.\n\n<!-- one line -->\n"
                     "<script>\n  x();\n\n  y();\n</script>\n",
                     result);
  ASSERT_EQ(result.list.sections.size(), 1U);
  EXPECT_EQ(result.list.sections[0].intro,
            "<!-- one line -->\n\n<script>\n  x();\n\n  y();\n</script>");
}

TEST(MarkdownLoader, ItemsBecomeEntriesWithPositions) {
  const List list = load_fixture().list;
  const Entry& roofline = list.sections[0].entries.at(0);
  EXPECT_EQ(roofline.title, "Roofline");
  EXPECT_EQ(roofline.url, "https://dl.acm.org/doi/10.1145/1498765.1498785");
  EXPECT_EQ(roofline.description, "The roofline model.");
  EXPECT_FALSE(roofline.kind.has_value());
  EXPECT_EQ(roofline.location.line, 16);
  EXPECT_EQ(roofline.location.column, 1);
  EXPECT_EQ(roofline.where("url").column, 4);
  EXPECT_EQ(list.sections[0].entries.at(1).description, "The `CUDA` reference.");
  // Each item where it is, not where its list starts.
  EXPECT_EQ(list.sections[0].entries.at(1).location.line, 17);
  EXPECT_EQ(list.sections[0].entries.at(1).location.column, 1);
}

// awesome-python's shape: a bullet that is only a category label heads a
// group of the entries nested under it; nothing under it is lost.
TEST(MarkdownLoader, ACategoryBulletHeadsAGroupOfTheEntriesUnderIt) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## Web\n\n"
                     "- Frameworks\n"
                     "  - [Django](https://django.example) - A framework.\n"
                     "  - Micro\n"
                     "    - [Flask](https://flask.example) - A small one.\n"
                     "- [Requests](https://requests.example) - HTTP for humans.\n"
                     "- A plain note without a link.\n",
                     result);
  ASSERT_EQ(result.list.sections.size(), 1U);
  const Section& web = result.list.sections[0];
  EXPECT_EQ(result.list.entry_count(), 3U);
  ASSERT_EQ(web.groups.size(), 2U);
  EXPECT_EQ(web.groups[0].title, "Frameworks");
  EXPECT_EQ(web.groups[0].location.line, 5);
  ASSERT_EQ(web.groups[0].entries.size(), 1U);
  EXPECT_EQ(web.groups[0].entries[0].title, "Django");
  EXPECT_EQ(web.groups[1].title, "Micro");
  ASSERT_EQ(web.groups[1].entries.size(), 1U);
  EXPECT_EQ(web.groups[1].entries[0].title, "Flask");
  ASSERT_EQ(web.entries.size(), 1U);
  EXPECT_EQ(web.entries[0].title, "Requests");
  // A sentence without a link or a title to describe is prose, counted.
  EXPECT_EQ(result.not_entries.at("prose items"), 1U);
}

// awesome-rust's shape: a category bullet may link its crates.io keyword
// page; without a description it is still a label over the entries below.
TEST(MarkdownLoader, ALinkedCategoryBulletWithoutDescriptionIsALabel) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## Libraries\n\n"
                     "* AWS [[aws](https://crates.io/keywords/aws)]\n"
                     "  * [aws-sdk](https://github.com/o/aws-sdk) - The SDK.\n"
                     "* [Cargo](https://github.com/o/cargo) - The package manager.\n"
                     "  * [cargo-edit](https://github.com/o/cargo-edit) - Edits manifests.\n",
                     result);
  const Section& libraries = result.list.sections.at(0);
  ASSERT_EQ(libraries.groups.size(), 1U);
  EXPECT_EQ(libraries.groups[0].title, "AWS [aws]");
  ASSERT_EQ(libraries.entries.size(), 2U);  // Cargo describes itself: an entry
  EXPECT_EQ(libraries.entries[0].title, "Cargo");
  EXPECT_EQ(libraries.entries[1].title, "cargo-edit");
}

// "*List of C compilers*" or "**Quantization**" alone over a list is a
// heading written in emphasis: it names the group of the entries below, up
// to the next such label or heading. Emphasis over prose stays prose.
TEST(MarkdownLoader, AnEmphasisedLineOverAListNamesItsGroup) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## C\n\n*List of C compilers*\n\n"
                     "- [tcc](https://a.example/tcc) - A small compiler.\n\n"
                     "**Debuggers:**\n\n- [gdb](https://a.example/gdb) - The GNU debugger.\n\n"
                     "**Note** that this is prose.\n\n*Not a label*\n\nJust words.\n\n"
                     "## Go\n\n- [gc](https://a.example/gc) - The Go compiler.\n",
                     result);
  ASSERT_EQ(result.list.sections.size(), 2U);
  const Section& c = result.list.sections[0];
  ASSERT_EQ(c.groups.size(), 2U);
  EXPECT_EQ(c.groups[0].title, "List of C compilers");
  EXPECT_EQ(c.groups[0].location.line, 5);
  ASSERT_EQ(c.groups[0].entries.size(), 1U);
  EXPECT_EQ(c.groups[0].entries[0].title, "tcc");
  EXPECT_EQ(c.groups[1].title, "Debuggers");
  ASSERT_EQ(c.groups[1].entries.size(), 1U);
  EXPECT_TRUE(c.entries.empty());
  ASSERT_EQ(result.list.sections[1].entries.size(), 1U);
  EXPECT_TRUE(result.list.sections[1].groups.empty());
}

// "App Shopper: [https://…](https://…)": the name before a bare URL titles
// it, with an ASCII or a full-width colon; "Also, [Quora](…), [Reddit](…),
// you know the drill." goes on from the sentence before and is prose.
TEST(MarkdownLoader, ANameBeforeABareUrlTitlesIt) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## Sites\n\n"
                     "- App Shopper: [https://appshopper.example/](https://appshopper.example/)\n"
                     "- Mac Store\uFF1A[https://store.example/x](https://store.example/x)\n"
                     "- Also, [Quora](https://quora.example/), [Reddit](https://reddit.example/), "
                     "you know the drill.\n",
                     result);
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].title, "App Shopper");
  EXPECT_EQ(entries[0].url, "https://appshopper.example/");
  EXPECT_EQ(entries[1].title, "Mac Store");
  EXPECT_EQ(entries[1].url, "https://store.example/x");
  EXPECT_EQ(result.not_entries.at("prose items"), 1U);
}

// A link into the repository is no resource (link/relative checks it): not
// a sentence's pointer, nor a table row whose name links a file, which takes
// no other cell's link. A paper's notes in the repository give way to the
// paper its tag links.
TEST(MarkdownLoader, LinksIntoTheRepositoryAreNoEntries) {
  LoadResult result;
  load_markdown_text(
      "l.md",
      "# L\n\n## S\n\n"
      "- Check out the [readings](extras/readings.md) for classic books.\n"
      "- \\[KDD'24\\] [Inference of Models](notes/kdd24.md) - "
      "\\[[PDF](https://doi.org/10.1/x)\\]\n\n"
      "| Courses | Discussion |\n|---|---|\n"
      "| [Intro to CS](coursepages/intro/README.md) | [chat](https://discord.example/x) |\n",
      result);
  EXPECT_TRUE(result.diagnostics.empty());
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_EQ(entries[0].title, "Inference of Models");
  EXPECT_EQ(entries[0].url, "https://doi.org/10.1/x");
  EXPECT_EQ(entries[0].description, "[KDD'24]");
  EXPECT_EQ(result.not_entries.at("links into the repository"), 2U);
}

// "**Title** [[pdf]](url) ICLR 2022" reads as "**Title** [[pdf](url)] ICLR
// 2022": the venue after the tag describes the paper, no word of its title.
TEST(MarkdownLoader, TheVenueAfterABracketedLabelDescribesThePaper) {
  LoadResult result;
  load_markdown_text(
      "l.md",
      "# L\n\n## S\n\n"
      "- **Taming Transformers** [[pdf]](https://arxiv.org/abs/2110.04260) ICLR 2022\n"
      "- **GLaM** [[pdf](https://arxiv.org/abs/2112.06905)] arXiv 2021\n",
      result);
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].title, "Taming Transformers");
  EXPECT_EQ(entries[0].url, "https://arxiv.org/abs/2110.04260");
  EXPECT_EQ(entries[0].description, "ICLR 2022");
  EXPECT_EQ(entries[1].title, "GLaM");
  EXPECT_EQ(entries[1].description, "arXiv 2021");
}

// "[2023/10] **Title** *Authors et al. arXiv.* [[paper](url)]": the bold
// closes the title with or without a full stop, and the authors in italics
// after it describe the paper, so one paper filed twice keeps one title.
TEST(MarkdownLoader, AuthorsInItalicsAfterABoldTitleDescribeIt) {
  LoadResult loaded;
  load_markdown_text(
      "list.md",
      "# L\n\n## S\n\n"
      "- [2023/10] **Towards Embodied Decision Making** *Liang Chen et al. arXiv.* "
      "[[paper](https://arxiv.org/abs/2310.02071)] [[code](https://github.com/o/x)]\n"
      "- [2023/11] **MAgIC: Investigation of Collaboration.** *Lin Xu et al.* arXiv. "
      "[[paper](https://arxiv.org/abs/2311.08562)]\n",
      loaded);
  const std::vector<Entry>& entries = loaded.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].title, "Towards Embodied Decision Making");
  EXPECT_EQ(entries[0].description, "[2023/10] Liang Chen et al. arXiv.");
  EXPECT_EQ(entries[1].title, "MAgIC: Investigation of Collaboration");
  EXPECT_EQ(entries[1].description, "[2023/11] Lin Xu et al. arXiv.");
}

// A paper described only by its authors and venue may have its sentence
// nested under it: the sentence goes on from the credit. A paper with words
// of its own keeps its nested items as details.
TEST(MarkdownLoader, ASentenceNestedUnderACreditDescribesThePaper) {
  LoadResult loaded;
  load_markdown_text(
      "list.md",
      "# L\n\n## S\n\n"
      "- [2023/11] **MAgIC: Investigation of Collaboration.** *Lin Xu et al.* arXiv. "
      "[[paper](https://arxiv.org/abs/2311.08562)]\n"
      "  - The work presents a benchmark, showing a 50% average improvement.\n"
      "- [2023/12] **Agents.** *Ann Lee.* arXiv. [[paper](https://arxiv.org/abs/2312.00001)] "
      "Agents that plan.\n"
      "  - The work presents a planner that learns from its own mistakes.\n",
      loaded);
  const std::vector<Entry>& entries = loaded.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].description,
            "[2023/11] Lin Xu et al. arXiv. The work presents a benchmark, showing a 50% average "
            "improvement.");
  EXPECT_EQ(entries[1].description, "[2023/12] Ann Lee. arXiv. Agents that plan.");
  // Only the first is described by its credit alone, until its sentence.
  EXPECT_EQ(entries[0].description_form, DescriptionForm::item);
  EXPECT_EQ(entries[1].description_form, DescriptionForm::item);
}

// "[**Title.**](url) _Authors._ Arxiv 2025.": who wrote it and where, no
// sentence about it; words of a sentence after the credit describe it.
TEST(MarkdownLoader, AuthorsAndAVenueAfterATitlesLinkAreItsCredit) {
  LoadResult loaded;
  load_markdown_text(
      "list.md",
      "# L\n\n## S\n\n"
      "1. [**Thus Spake Long-Context Large Language Model.**](https://arxiv.org/abs/2502.17129) "
      "_Xiaoran Liu, Ruixiao Li, Qipeng Guo._ Arxiv 2025.\n"
      "2. [**MAgIC.**](https://arxiv.org/abs/2311.08562) _Lin Xu et al._ A benchmark of "
      "collaboration among language model agents.\n"
      "3. [**Agents.**](https://arxiv.org/abs/2312.00001) *Ann Lee.*\n"
      "4. **MAgIC: Investigation of Collaboration.** *Lin Xu et al.* "
      "[[paper](https://arxiv.org/abs/2311.08562)]\n"
      "5. [Canal](https://github.com/tigera/canal) by [Tigera](https://github.com/tigera)\n"
      "6. [Calico](https://github.com/o/calico) by Tigera: networking for containers.\n",
      loaded);
  const std::vector<Entry>& entries = loaded.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 6U);
  EXPECT_EQ(entries[4].description, "by Tigera");
  EXPECT_EQ(entries[4].description_form, DescriptionForm::credit);
  EXPECT_NE(entries[5].description_form, DescriptionForm::credit);
  EXPECT_EQ(entries[0].description, "Xiaoran Liu, Ruixiao Li, Qipeng Guo. Arxiv 2025.");
  EXPECT_EQ(entries[0].description_form, DescriptionForm::credit);
  EXPECT_FALSE(entries[0].described());
  EXPECT_EQ(entries[1].description_form, DescriptionForm::item);
  EXPECT_TRUE(entries[1].described());
  EXPECT_EQ(entries[2].description_form, DescriptionForm::credit);
  EXPECT_EQ(entries[3].description_form, DescriptionForm::credit);
}

// "*Paul E. McKenney*. [Title](url)": the authors in italics before the
// title's link open its description; other emphasis stays words of the title.
TEST(MarkdownLoader, AuthorsInItalicsBeforeATitlesLinkDescribeIt) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## Books\n\n"
                     "* *Paul E. McKenney*. [Is Parallel Programming Hard?](https://a.example/pb)\n"
                     "* *Herlihy and Shavit*. [The Art of Multiprocessor Programming]"
                     "(https://b.example/amp) - A book.\n"
                     "* *New* [Tool](https://c.example/) - A tool.\n",
                     result);
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[0].title, "Is Parallel Programming Hard?");
  EXPECT_EQ(entries[0].description, "Paul E. McKenney.");
  EXPECT_EQ(entries[1].title, "The Art of Multiprocessor Programming");
  EXPECT_EQ(entries[1].description, "Herlihy and Shavit. A book.");
  EXPECT_EQ(entries[2].title, "New Tool");
}

// "[AI Digest](…). A weekly newsletter.": the full stop after the title's
// link ends the title, and the sentence after it describes the entry.
TEST(MarkdownLoader, ASentenceAfterTheTitlesFullStopDescribesIt) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## S\n\n"
                     "- [AI Digest](https://aidigest.example/). A weekly newsletter on AI.\n"
                     "- [Sorted Shading](https://a.example/s.pdf). Eisenacher et al. EGSR 2013.\n"
                     "- [v1.2](https://b.example/). and more\n",
                     result);
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[0].title, "AI Digest");
  EXPECT_EQ(entries[0].description, "A weekly newsletter on AI.");
  EXPECT_EQ(entries[1].title, "Sorted Shading");
  EXPECT_EQ(entries[1].description, "Eisenacher et al. EGSR 2013.");
  EXPECT_EQ(entries[2].title, "v1.2. and more");
}

// '<a name="c" />' and '<h2>C</h2>' in a section name a group, as "### C"
// does; an HTML block with more than a heading stays prose.
TEST(MarkdownLoader, AnHtmlHeadingInASectionNamesAGroup) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## Languages\n\n<a name=\"c\" />\n<h2>C</h2>\n\n"
                     "- [cppcheck](https://a.example/cppcheck) - Checks C code.\n\n"
                     "<a name=\"go\" />\n<h2>Go</h2>\n\n"
                     "- [vet](https://a.example/vet) - Checks Go code.\n\n"
                     "<p>Some <b>words</b></p>\n\n- [x](https://a.example/x) - More Go.\n",
                     result);
  const Section& languages = result.list.sections.at(0);
  ASSERT_EQ(languages.groups.size(), 2U);
  EXPECT_EQ(languages.groups[0].title, "C");
  EXPECT_EQ(languages.groups[0].location.line, 5);
  ASSERT_EQ(languages.groups[0].entries.size(), 1U);
  EXPECT_EQ(languages.groups[1].title, "Go");
  EXPECT_EQ(languages.groups[1].entries.size(), 2U);
  EXPECT_TRUE(languages.entries.empty());
}

// Words without a link over linked items name their group, separator and
// all ("- Let's build a URL shortener - with Gin & Redis" over its parts).
TEST(MarkdownLoader, WordsWithASeparatorOverLinkedItemsAreALabel) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## Go\n\n"
                     "- Let's build a URL shortener in Go - with Gin & Redis\n"
                     "  - [Part 1 - Project setup](https://a.example/1)\n"
                     "  - [Part 2 - Storage layer](https://a.example/2)\n"
                     "- [BitTorrent client](https://b.example/) - From the ground up.\n",
                     result);
  const Section& go = result.list.sections.at(0);
  ASSERT_EQ(go.groups.size(), 1U);
  EXPECT_EQ(go.groups[0].title, "Let's build a URL shortener in Go - with Gin & Redis");
  ASSERT_EQ(go.groups[0].entries.size(), 2U);
  EXPECT_EQ(go.groups[0].entries[0].url, "https://a.example/1");
  EXPECT_EQ(result.list.entry_count(), 3U);
}

TEST(MarkdownLoader, CredentialsInAWrappedLinkAreAnErrorAndGoNoFurther) {
  LoadResult result;
  load_markdown_text(
      "l.md",
      "# L\n\n## Tools\n\n"
      "- [Tool](https://www.google.com/url?q=https%3A%2F%2Fme%3Asecret%40a.example%2F)"
      " - A tool.\n",
      result);
  ASSERT_EQ(result.diagnostics.size(), 1U);
  EXPECT_EQ(result.diagnostics[0].rule, "entry/schema");
  EXPECT_THAT(result.diagnostics[0].message,
              ::testing::HasSubstr("another URL with credentials in it"));
  const Entry& entry = result.list.sections.at(0).entries.at(0);
  EXPECT_THAT(entry.url, ::testing::Not(::testing::HasSubstr("secret")));
  EXPECT_THAT(result.diagnostics[0].message, ::testing::Not(::testing::HasSubstr("secret")));
}

// A linked name over described items is a label ("[BLAS](…)" over its
// bindings); over bare links it is an entry and they are its details
// ("[Catalyst.GAN](…)" over the papers it implements).
TEST(MarkdownLoader, ALinkedNameOverBareLinksIsAnEntryWithDetails) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## GANs\n\n"
                     "- [BLAS](https://blas.example/)\n"
                     "  - [rust-blas](https://github.com/o/rust-blas) - BLAS bindings.\n"
                     "- [Catalyst.GAN](https://github.com/o/gan)\n"
                     "    1. [Vanilla GAN](https://arxiv.org/abs/1406.2661)\n"
                     "    2. [Conditional GAN](https://arxiv.org/abs/1411.1784)\n",
                     result);
  const Section& gans = result.list.sections.at(0);
  ASSERT_EQ(gans.groups.size(), 1U);
  EXPECT_EQ(gans.groups[0].title, "BLAS");
  ASSERT_EQ(gans.groups[0].entries.size(), 1U);
  EXPECT_FALSE(gans.groups[0].entries[0].detail);
  ASSERT_EQ(gans.entries.size(), 3U);
  EXPECT_EQ(gans.entries[0].title, "Catalyst.GAN");
  EXPECT_FALSE(gans.entries[0].detail);
  EXPECT_TRUE(gans.entries[1].detail);
  EXPECT_TRUE(gans.entries[2].detail);
}

// A resource listed among a table of contents' lines is read; the lines are
// not, and a line over nested lines is no label.
TEST(MarkdownLoader, AResourceInAContentsSectionIsAnEntry) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## Contents\n\n"
                     "- [Contents](#contents)\n"
                     "  - [Tools](#tools)\n\n"
                     "- [TabGAN](https://github.com/o/tabgan) - Synthetic tabular data.\n"
                     "  - [Tools](#tools)\n\n## Tools\n\n"
                     "- [Tool](https://github.com/o/tool) - Does things.\n",
                     result);
  std::vector<std::string> titles;
  std::size_t groups = 0;
  for (const Section& section : result.list.sections) {
    groups += section.groups.size();
    for (const Entry& entry : section.entries) {
      titles.push_back(entry.title);
    }
  }
  EXPECT_EQ(groups, 0U);
  EXPECT_THAT(titles, ::testing::ElementsAre("TabGAN", "Tool"));
}

// A later list goes where the last heading put its entries, not into the
// group a category label opened; a bullet with only prose under it is no
// group; a heading's <img> icon adds no words to its anchor.
TEST(MarkdownLoader, CategoryGroupsEndWithTheirListAndHeadingsDropTags) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## <img src=\"i.png\"> Tools\n\n"
                     "- Web\n  - [a](https://a.example) - A tool for the web.\n\n"
                     "More:\n\n- [c](https://c.example) - A tool for the shell.\n\n"
                     "Install:\n\n- Build\n  - run make, then install\n",
                     result);
  const Section& tools = result.list.sections.at(0);
  ASSERT_EQ(tools.groups.size(), 1U);
  EXPECT_EQ(tools.groups[0].entries.size(), 1U);
  ASSERT_EQ(tools.entries.size(), 1U);
  EXPECT_EQ(tools.entries[0].title, "c");
  // The text GitHub makes the anchor from: the icon leaves its space (#-tools).
  EXPECT_EQ(result.list.headings.at(1), " Tools");
  EXPECT_EQ(result.not_entries.at("prose items"), 2U);
}

// What is not read as an entry is counted, by reason, never skipped silently.
TEST(MarkdownLoader, CountsTheListItemsThatAreNotEntries) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## Contents\n\n- [Tools](#tools)\n  - [More](#more)\n\n"
                     "## Tools\n\n- We accept pull requests.\n- We review weekly.\n\nThe tools:\n\n"
                     "- Category\n  - [A](https://a.example) - An entry.\n"
                     "- [Back to top](#l)\n- [LICENSE](LICENSE)\n",
                     result);
  EXPECT_EQ(result.list.entry_count(), 1U);
  EXPECT_EQ(result.list_items, 8U);
  EXPECT_EQ(result.not_entries,
            (std::map<std::string, std::size_t>{{"category labels (read as group headings)", 1},
                                                {"links into the repository", 1},
                                                {"prose items", 2},
                                                {"table-of-contents items", 3}}));
}

// public-apis' and paper lists' shape: a table row with a web link is an
// entry; the header says which column titles it and which describes it.
TEST(MarkdownLoader, TableRowsWithALinkAreEntries) {
  LoadResult result;
  load_markdown_text(
      "l.md",
      "# L\n\n## APIs\n\n"
      "| API | Description | Auth |\n|---|---|---|\n"
      "| [Cats](https://cats.example/) | Pictures of cats | apiKey |\n"
      "| No link here | Nothing | no |\n"
      "| [Top](#apis) | An anchor row | no |\n\n"
      "| Paper | Code |\n|---|---|\n"
      "| FlashAttention | [repo](https://github.com/o/flash) |\n\n"
      "| Link | Preview |\n|---|---|\n"
      "| [What is DS](https://ds.example/what) | _A field that mixes._ |\n"
      "| [Two](https://two.example/) | [mirror](https://mirror.example/) |\n\n"
      "| IP | URL |\n|---|---|\n| **`84.200.69.80`** | [dns](https://dns.example/) |\n\n"
      "| a | b |\n|---|---|\n| plain | table |\n",
      result);
  ASSERT_EQ(result.list.sections.size(), 1U);
  const std::vector<Entry>& entries = result.list.sections[0].entries;
  ASSERT_EQ(entries.size(), 5U);
  // Two columns, the second not named a description: its words describe the
  // link beside them; a cell holding a link of its own does not, nor a value
  // in code.
  EXPECT_EQ(entries[2].description, "A field that mixes.");
  EXPECT_TRUE(entries[3].description.empty());
  EXPECT_EQ(entries[4].title, "dns");
  EXPECT_TRUE(entries[4].description.empty()) << entries[4].description;
  EXPECT_TRUE(entries[1].description.empty());
  EXPECT_EQ(entries[0].title, "Cats");
  EXPECT_EQ(entries[0].url, "https://cats.example/");
  EXPECT_EQ(entries[0].description, "Pictures of cats");
  EXPECT_EQ(entries[0].location.line, 7);
  EXPECT_EQ(entries[0].where("url").column, 3);
  EXPECT_EQ(entries[1].title, "FlashAttention");
  EXPECT_EQ(entries[1].url, "https://github.com/o/flash");
  EXPECT_THAT(result.list.sections[0].intro, ::testing::HasSubstr("| plain | table |"));
}

// "| Title | Venue | Source code * |": the code column links the entry's code.
TEST(MarkdownLoader, ATablesCodeColumnLinksTheEntrysCode) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## S\n\n"
                     "| Title | Venue | Source code \\* |\n|---|---|---|\n"
                     "| [Edge Pruning](https://arxiv.org/abs/1) | CVPR | "
                     "[Code](https://github.com/o/prune) |\n"
                     "| Only code | ICML | [Code](https://github.com/o/only) |\n",
                     result);
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].url, "https://arxiv.org/abs/1");
  EXPECT_EQ(entries[0].code, "https://github.com/o/prune");
  EXPECT_EQ(entries[0].where("code").column, 52);
  EXPECT_EQ(entries[1].url, "https://github.com/o/only");
  EXPECT_TRUE(entries[1].code.empty());
}

// "| [FlexFlow](repo) | … | [paper](pdf) |": a name linking its repository
// beside a paper column is the paper with its code, so two papers that share
// one repository are two entries with two URLs; a name linking a page that
// is no repository stays the entry's link.
TEST(MarkdownLoader, ATablesPaperColumnLinksTheWorkItsRepositoryImplements) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## S\n\n"
                     "| Name | Description | Paper |\n|---|---|---|\n"
                     "| [OptCNN](https://github.com/flexflow/FlexFlow) | For CNN. | "
                     "[pdf](https://proceedings.example/jia18a.pdf) |\n"
                     "| [FlexFlow](https://github.com/flexflow/FlexFlow) | A framework. | "
                     "[pdf](https://cs.example/sysml19a.pdf) |\n"
                     "| [Tofu](https://tofu.example/) | Partitioning. | "
                     "[pdf](https://dl.example/tofu.pdf) |\n"
                     "| GPipe | No code. | [arxiv](https://arxiv.org/abs/1811.06965) |\n",
                     result);
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 4U);
  EXPECT_EQ(entries[0].title, "OptCNN");
  EXPECT_EQ(entries[0].url, "https://proceedings.example/jia18a.pdf");
  EXPECT_EQ(entries[0].code, "https://github.com/flexflow/FlexFlow");
  EXPECT_EQ(entries[0].where("url").column, 63);
  EXPECT_EQ(entries[1].url, "https://cs.example/sysml19a.pdf");
  EXPECT_EQ(entries[2].url, "https://tofu.example/");
  EXPECT_TRUE(entries[2].code.empty());
  EXPECT_EQ(entries[3].title, "GPipe");
  EXPECT_EQ(entries[3].url, "https://arxiv.org/abs/1811.06965");
}

// Chinese lists head their title column "标题" (title), "名称" (name) or
// "论文" (paper), others "Provider" or "Service": it names the row's
// resource, not a badge's alt text or a link's label.
TEST(MarkdownLoader, AChineseOrProviderTitleColumnNamesTheRow) {
  LoadResult result;
  load_markdown_text(
      "l.md",
      "# L\n\n## S\n\n| 日期 | 标题 | 视频 |\n| --: | -- | -- |\n"
      "| 9/04/24 | Llama 3.1论文精读 | [![bilibili](https://img.example/b.svg)]"
      "(https://www.bilibili.com/video/BV1) |\n\n"
      "| Provider | Link |\n|---|---|\n| Groq | [Website](https://groq.example/) |\n",
      result);
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].title, "Llama 3.1论文精读");
  EXPECT_EQ(entries[0].url, "https://www.bilibili.com/video/BV1");
  EXPECT_EQ(entries[1].title, "Groq");
}

// "| Technology | Provider | Description | Link |": the technology names the
// row, and the row's link is the one in its Link column, not one its
// description mentions.
TEST(MarkdownLoader, ATablesLinkColumnLinksTheRow) {
  LoadResult result;
  load_markdown_text(
      "l.md",
      "# L\n\n## S\n\n| Technology | Provider | Description | Link |\n|---|---|---|---|\n"
      "| Data Visualization | freeCodeCamp | Free lesson. | [Link](https://fcc.example/dv) |\n\n"
      "| Provider | Description | Link |\n|---|---|---|\n"
      "| Salesforce | Courses, and a [webinar](https://sf.example/days). | "
      "[Link](https://sf.example/home) |\n",
      result);
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].title, "Data Visualization");
  EXPECT_EQ(entries[0].url, "https://fcc.example/dv");
  EXPECT_EQ(entries[0].description, "Free lesson.");
  EXPECT_EQ(entries[1].title, "Salesforce");
  EXPECT_EQ(entries[1].url, "https://sf.example/home");
  EXPECT_EQ(entries[1].description, "Courses, and a webinar.");
}

// Lists separate title and description with a hyphen, an en dash or an em
// dash; the first written decides, so a dash inside the description stays.
TEST(MarkdownLoader, TitleAndDescriptionSplitAtAHyphenOrADash) {
  LoadResult result;
  load_markdown_text("l.md",
                     "# L\n\n## S\n\n"
                     "- [A](https://a.example) - Hyphen \u2013 then a dash.\n"
                     "- [B](https://b.example) \u2013 En dash - then a hyphen.\n"
                     "- [C](https://c.example) \u2014 Em dash.\n"
                     "- [D](https://d.example)\u2014no spaces, no split.\n",
                     result);
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 4U);
  EXPECT_EQ(entries[0].description, "Hyphen \u2013 then a dash.");
  EXPECT_EQ(entries[1].title, "B");
  EXPECT_EQ(entries[1].description, "En dash - then a hyphen.");
  EXPECT_EQ(entries[2].description, "Em dash.");
  EXPECT_EQ(entries[3].title, "D\u2014no spaces, no split.");
  EXPECT_EQ(result.separators_used, (std::map<std::string, std::size_t, std::less<>>{
                                        {"-", 1}, {"\u2013", 1}, {"\u2014", 1}}));
  EXPECT_EQ(ItemSeparators().find("x \u2014 y - z", true).at, 1U);
  EXPECT_EQ(ItemSeparators().find("x \u2014 y - z", true).size, 5U);
}

TEST(MarkdownLoader, AColonSeparatesOnlyWhenTheListSaysSoAndOnlyAfterTheLink) {
  const std::string text =
      "# L\n\n## S\n\n"
      "- [A](https://a.example): Colon right after the link.\n"
      "- [B](https://b.example) : Spaced colon.\n"
      "- Paper: [C](https://c.example) - A label before the link.\n"
      "- [D](https://d.example) (also: [HN](https://news.example/1))\n"
      "- [E](https://e.example) is the first book. Based on this article: "
      "[Intro](https://e.example/intro)\n";
  LoadResult by_default;
  load_markdown_text("list.md", text, by_default);
  // Where the list does not separate with a colon, the words after one are
  // still the description, written after another mark.
  const Entry& colon_by_default = by_default.list.sections.at(0).entries.at(0);
  EXPECT_EQ(colon_by_default.title, "A");
  EXPECT_EQ(colon_by_default.description, "Colon right after the link.");
  EXPECT_EQ(colon_by_default.description_form, DescriptionForm::other_mark);
  LoadResult with_colon;
  load_markdown_text("list.md", text, with_colon, ItemSeparators{{"-", ":"}});
  const std::vector<Entry>& entries = with_colon.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 5U);
  EXPECT_EQ(entries[0].title, "A");
  EXPECT_EQ(entries[0].description, "Colon right after the link.");
  EXPECT_EQ(entries[1].title, "B");
  EXPECT_EQ(entries[1].description, "Spaced colon.");
  // The colon before the link separates nothing; "Paper:" says what the
  // link is, and is no word of the title.
  EXPECT_EQ(entries[2].title, "C");
  EXPECT_EQ(entries[2].url, "https://c.example");
  EXPECT_EQ(entries[2].description, "A label before the link.");
  // A colon inside brackets is theirs: "(also:" splits nothing, and the
  // item reads as it does where the colon is no separator.
  EXPECT_EQ(entries[3].title, "D (also: HN)");
  EXPECT_EQ(entries[3].links.size(), 2U);
  // A colon after a sentence is the prose's: the words after the link
  // describe it, and the article is a link the description mentions.
  EXPECT_EQ(entries[4].title, "E");
  EXPECT_EQ(entries[4].description, "is the first book. Based on this article: Intro");
}

// "- https://… [note]": a bare URL's bracketed note is its description, and
// a colon in the note is the note's own.
TEST(MarkdownLoader, ABareUrlsBracketedNoteDescribesIt) {
  LoadResult loaded;
  load_markdown_text("list.md",
                     "# L\n\n## S\n\n- https://github.com/o/toolchains [toolchains used at o]\n"
                     "- https://github.com/o/kit [Kit: a verified toolkit for compilers]\n"
                     "- [Z](https://z.example/) [beta] - A thing.\n",
                     loaded, ItemSeparators{{"-", ":"}});
  const std::vector<Entry>& entries = loaded.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[0].title, "https://github.com/o/toolchains");
  EXPECT_EQ(entries[0].description, "toolchains used at o");
  EXPECT_EQ(entries[1].title, "https://github.com/o/kit");
  EXPECT_EQ(entries[1].description, "Kit: a verified toolkit for compilers");
  EXPECT_EQ(entries[2].description, "[beta] A thing.");  // a named link's tag stays
}

TEST(MarkdownLoader, SeveralLinksCodeLinksNestedItemsAndNotes) {
  const List list = load_fixture().list;
  const std::vector<Entry>& kernels = list.sections[1].groups[0].entries;
  ASSERT_EQ(kernels.size(), 4U);
  EXPECT_EQ(kernels[1].title, "vLLM and SGLang");
  ASSERT_EQ(kernels[1].links.size(), 2U);
  EXPECT_EQ(kernels[1].links[1].label, "SGLang");
  EXPECT_EQ(kernels[1].url, "https://github.com/vllm-project/vllm");
  EXPECT_EQ(kernels[2].code, "https://github.com/o/worklog");
  EXPECT_EQ(kernels[2].description, "A worklog with numbers.");
  EXPECT_EQ(kernels[3].title, "Nested");
  const Entry& note = list.sections[1].groups[1].entries.at(0);
  EXPECT_EQ(note.kind, EntryKind::note);
  EXPECT_EQ(note.title, "Rubin");
  EXPECT_EQ(note.description, "Pending measurements.");
}

TEST(MarkdownLoader, VerifiedParagraphMakesTheSectionVolatile) {
  const LoadResult loaded = load_fixture();
  const Section& attention = loaded.list.sections[1];
  ASSERT_TRUE(attention.volatile_info.has_value());
  EXPECT_EQ(attention.volatile_info->verified, "2026-10-17");
  EXPECT_EQ(attention.intro, "Changes quickly.");
}

TEST(MarkdownLoader, RecordsInternalAnchorLinks) {
  const List list = load_fixture().list;
  ASSERT_EQ(list.anchor_links.size(), 2U);
  EXPECT_EQ(list.anchor_links[1].anchor, "attention");
  EXPECT_EQ(list.anchor_links[1].location.line, 10);
  EXPECT_EQ(list.anchor_links[1].location.column, 3);
}

TEST(MarkdownLoader, ProseListsStayInTheIntro) {
  LoadResult result;
  load_markdown_text("p.md", "# L\n\n## Policy\n\nA source is:\n\n- a paper;\n- a spec.\n", result);
  ASSERT_EQ(result.list.sections.size(), 1U);
  EXPECT_TRUE(result.list.sections[0].entries.empty());
  EXPECT_EQ(result.list.sections[0].intro, "A source is:\n\n- a paper;\n- a spec.");
}

TEST(MarkdownLoader, HostileInputIsReportedNotCrashedOn) {
  LoadResult invalid;
  load_markdown_text("h.md", std::string("# L\n\n## S\n\n- [\xff](\x01) - \0x\n####### \n[", 30),
                     invalid);
  ASSERT_FALSE(invalid.diagnostics.empty());
  EXPECT_EQ(invalid.diagnostics[0].message, "the file is not valid UTF-8 here");
  EXPECT_EQ(invalid.diagnostics[0].location.line, 5);
  EXPECT_EQ(invalid.diagnostics[0].location.column, 4);
  LoadResult brackets;
  load_markdown_text("h.md", std::string(5000, '['), brackets);
  EXPECT_EQ(brackets.list.entry_count(), 0U);
  EXPECT_TRUE(brackets.diagnostics.empty());
}

// 150,000 nested bullets ("- - - ... x") aborted the sanitizer build and a
// million crashed the release build: the reader must walk them without a
// deep stack.
TEST(MarkdownLoader, AHundredAndFiftyThousandNestedBulletsAreWalkedWithoutADeepStack) {
  std::string text = "# L\n\n## S\n\n";
  for (int i = 0; i < 150'000; ++i) {
    text += "- ";
  }
  text += "[A](https://a.example/) - Deep.\n\n- [B](https://b.example/) - Shallow.\n";
  LoadResult result;
  load_markdown_text("deep.md", text, result);
  EXPECT_GE(result.list.entry_count(), 1U);
}

// Emphasis nested 200,000 deep in a title overflowed the recursive text walk
// (found while hardening: a segfault in the release build).
TEST(MarkdownLoader, EmphasisNestedTwoHundredThousandDeepIsReadWithoutADeepStack) {
  const std::string stars(200'000, '*');
  const std::string text =
      "# L\n\n## S\n\n- [" + stars + "Deep" + stars + "](https://a.example/) - Emphasis.\n";
  LoadResult result;
  load_markdown_text("emphasis.md", text, result);
  ASSERT_EQ(result.list.entry_count(), 1U);
  EXPECT_EQ(result.list.sections.at(0).entries.at(0).title, "Deep");
}

TEST(MarkdownLoader, NestedEntriesKeepDocumentOrder) {
  LoadResult result;
  load_markdown_text("order.md",
                     "# L\n\n## S\n\n- [A](https://a.example/) - One.\n"
                     "  - [B](https://b.example/) - Two.\n"
                     "    - [C](https://c.example/) - Three.\n"
                     "  - [D](https://d.example/) - Four.\n"
                     "- [E](https://e.example/) - Five.\n",
                     result);
  std::string titles;
  result.list.for_each_entry(
      [&](const Section&, const Group*, const Entry& entry) { titles += entry.title; });
  EXPECT_EQ(titles, "ABCDE");
}

TEST(MarkdownLoader, LinksThatCannotBeFollowedAreSchemaErrors) {
  LoadResult result;
  load_markdown_text("r.md", "# L\n\n## S\n\n- [X](javascript:alert(1)) - A trap.\n", result);
  ASSERT_EQ(result.diagnostics.size(), 1U);
  EXPECT_EQ(result.diagnostics[0].rule, "entry/schema");
  EXPECT_EQ(result.diagnostics[0].location.column, 3);
  EXPECT_THAT(result.diagnostics[0].message, ::testing::HasSubstr("a javascript: URL"));
}

}  // namespace
}  // namespace sg

namespace sg {
namespace {

LoadResult load_text(const std::string& markdown, const ItemSeparators& separators = {}) {
  LoadResult result;
  load_markdown_text("list.md", markdown, result, separators);
  return result;
}

// Lists that are paragraphs, not bullets: a bold linked title (or a link
// around a bold name) with its text after a line break, in a quote or not; a
// bold plain title with its links on the lines below. Prose that opens with a
// link stays prose.
TEST(MarkdownLoader, ReadsEntriesWrittenAsParagraphs) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "> **[Regulus](https://github.com/o/regulus)** <kbd>\u2605 6</kbd> <kbd>MIT</kbd><br>A "
      "plugin suite.\n\n"
      "**[Solo](https://solo.example/)**\n\n"
      "**A Path to the Loss** \\\n*Alex Alemi* \\\n[[Website](https://blog.example/loss)] "
      "[[Code](https://github.com/o/loss)] \\\n15 Sep 2022\n\n"
      "[Prose](https://prose.example/) is a library that this paragraph talks about.\n\n"
      "**Note:** nothing here links anything.\n\n"
      "[**Gazebo**](http://gazebosim.example/)\nRobot simulator.\n\n"
      "[![License](https://img.shields.io/l.svg)](https://opensource.example/bsd)\n"
      "![Contributors](https://img.shields.io/c.svg)\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 4U);
  EXPECT_EQ(entries[0].title, "Regulus");
  EXPECT_EQ(entries[0].url, "https://github.com/o/regulus");
  EXPECT_EQ(entries[0].description, "A plugin suite.");
  EXPECT_EQ(entries[1].title, "Solo");
  EXPECT_EQ(entries[1].description, "");
  EXPECT_EQ(entries[2].title, "A Path to the Loss");
  EXPECT_EQ(entries[2].url, "https://blog.example/loss");
  EXPECT_EQ(entries[2].code, "https://github.com/o/loss");
  EXPECT_EQ(entries[2].location.line, 9);
  // A link around a bold name, its text on the next line; a paragraph of
  // badges is none.
  EXPECT_EQ(entries[3].title, "Gazebo");
  EXPECT_EQ(entries[3].url, "http://gazebosim.example/");
  EXPECT_EQ(entries[3].description, "Robot simulator.");
  EXPECT_THAT(result.list.sections.at(0).intro, ::testing::HasSubstr("is a library"));
}

// best-of lists: "<details><summary><b><a href>Name</a></b> (stats) - Text.
// <code>licence</code></summary>", then the entry's own links as bullets until
// </details>. Links around images only are badges.
TEST(MarkdownLoader, ReadsHtmlEntriesAndKeepsTheirDetailsOut) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "<p align=\"center\"><a href=\"https://badge.example/\"><img src=\"b.svg\"></a></p>\n\n"
      "<details><summary><b><a href=\"https://github.com/o/tf\">Tensorflow</a></b> (\u2b50 190K) "
      "- An ML framework. <code><a href=\"http://bit.ly/x\">Apache-2</a></code></summary>\n\n"
      "- [GitHub](https://github.com/o/tf) (12K - 17% open)\n"
      "- [PyPi](https://pypi.org/project/tf)\n"
      "</details>\n"
      "<details><summary><b><a href=\"https://github.com/o/pt\">PyTorch</a></b> - Tensors."
      "</summary>\n\n- [GitHub](https://github.com/o/pt)\n</details>\n\n"
      "<ul><li><a href=\"https://a.example/\">A</a> - First.</li>"
      "<li><a href=\"https://b.example/\">B</a> - Second.</li></ul>\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 4U);
  EXPECT_EQ(entries[0].title, "Tensorflow");
  EXPECT_EQ(entries[0].url, "https://github.com/o/tf");
  EXPECT_EQ(entries[0].description, "An ML framework.");
  EXPECT_EQ(entries[0].location.line, 7);
  EXPECT_EQ(entries[1].title, "PyTorch");
  EXPECT_EQ(entries[1].description, "Tensors.");
  EXPECT_EQ(entries[2].title, "A");
  EXPECT_EQ(entries[3].description, "Second.");
  EXPECT_EQ(result.not_entries.at("details under an entry"), 3U);
}

TEST(MarkdownLoader, ReadsListItemsWrittenInHtml) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- <b><a href=\"https://github.com/o/dlib\">dlib</a></b> (\u2b50 14K) - A toolkit. "
      "<code><a href=\"https://tldrlegal.com/x\">BSL-1.0</a></code>\n"
      "- <img src=\"i.svg\"> Related projects\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_EQ(entries[0].title, "dlib");
  EXPECT_EQ(entries[0].url, "https://github.com/o/dlib");
  EXPECT_EQ(entries[0].description, "A toolkit.");
  EXPECT_EQ(entries[0].location.line, 5);
  EXPECT_EQ(entries[0].location.column, 15);
  EXPECT_EQ(result.not_entries.at("prose items"), 1U);  // an icon and words, no link
}

// A list's licence, contributing, sponsor and news sections, where it was
// featured, and what it points to besides ("See also"), are its own:
// their items are counted, never judged as entries, and their text stays.
TEST(MarkdownLoader, FooterItemsAreNoEntries) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n- [A](https://a.example/) - An entry.\n\n## Contributing\n\n"
      "- [Guidelines](https://github.com/o/l/blob/main/CONTRIBUTING.md) - How to help.\n\n"
      "## Latest News \xf0\x9f\x92\xa5\n\n- Added a section. Credits to [Dr. "
      "Du](https://github.com/du)."
      " [5/8/2023]\n\n"
      "## Featured On\n\n- [A cloud blog](https://cloud.example/blog/lists) - Listed us.\n\n"
      "## Join the community\n\n- [Hit us up on Discord](https://discord.gg/x)\n\n"
      "## See also\n\n- [Languages that compile to Lua](https://github.com/o/lua-languages).\n\n"
      "## Deprecated\n\n| Name | Reason |\n|---|---|\n| https://github.com/o/old | Lost interest "
      "|\n\n"
      "## License\n\n[CC0](https://creativecommons.org/publicdomain/zero/1.0/) - Public domain.\n");
  EXPECT_EQ(result.list.entry_count(), 1U);
  EXPECT_EQ(
      result.not_entries.at(
          "items of the list's own sections (licence, contributing, sponsors, news, see also)"),
      5U);
  EXPECT_THAT(result.list.sections.back().intro, ::testing::HasSubstr("Public domain"));
}

// "## 🔔 News" opening a paper list says what happened to the list and its
// authors' papers; "## News" among the topics of a list of sites is a topic.
TEST(MarkdownLoader, NewsOpeningTheListIsItsOwn) {
  const LoadResult opening = load_text(
      "# Papers\n\n## \xf0\x9f\x94\x94 News\n"
      "- [2024/05/02] R3 ([Reverse Curriculum RL](https://arxiv.org/abs/2402.05808)) was "
      "accepted!\n  - Paper: [R3](https://arxiv.org/abs/2402.05808).\n\n"
      "## Agents\n\n- [R3](https://arxiv.org/abs/2402.05808) - Reverse curriculum.\n");
  EXPECT_EQ(opening.list.entry_count(), 1U);
  EXPECT_EQ(opening.list.sections.at(0).title, "\xf0\x9f\x94\x94 News");
  EXPECT_EQ(
      opening.not_entries.at(
          "items of the list's own sections (licence, contributing, sponsors, news, see also)"),
      2U);  // the news and the item nested under it

  const LoadResult topic = load_text(
      "# Sites\n\n## Search\n\n- [Kagi](https://kagi.example/) - A search engine.\n\n"
      "## News\n\n- [Lobsters](https://lobste.rs/) - Computing news.\n");
  EXPECT_EQ(topic.list.entry_count(), 2U);
}

// "### See also" inside a section points elsewhere up to the next heading as
// high; the group after it holds entries again.
TEST(MarkdownLoader, ASeeAlsoSubheadingIsTheListsOwnUpToTheNextHeading) {
  const LoadResult result = load_text(
      "# L\n\n## Other lists\n\n### Shells\n\n- [fish](https://fishshell.example/) - A shell.\n\n"
      "### See also\n\n- [awesome-zsh](https://github.com/o/awesome-zsh)\n\n"
      "#### More\n\n- [awesome-bash](https://github.com/o/awesome-bash)\n\n"
      "### Prompts\n\n- [starship](https://starship.example/) - A prompt.\n");
  EXPECT_EQ(result.list.entry_count(), 2U);
  const Section& section = result.list.sections.at(0);
  ASSERT_EQ(section.groups.size(), 2U);
  EXPECT_EQ(section.groups[1].title, "Prompts");
  EXPECT_EQ(section.groups[1].entries.at(0).title, "starship");
  EXPECT_EQ(
      result.not_entries.at(
          "items of the list's own sections (licence, contributing, sponsors, news, see also)"),
      2U);
}

// A collapsible category ("<details><summary><b>Books</b> <kbd>3 links</kbd>")
// groups the entries under it, as a heading would.
// "- #### **Operating Systems**" over its courses: a heading written in a
// list item names the group of the items under it, and GitHub gives it an
// anchor that the contents link.
TEST(MarkdownLoader, AHeadingInAListItemOpensAGroupWithAnAnchor) {
  const LoadResult result = load_text(
      "# L\n\n- [Operating Systems](#operating-systems)\n\n## Systems\n\n"
      "- [CS 110](https://cs110.example/) - Principles of systems.\n"
      "- #### **Operating Systems**\n"
      "  - [CS 6200](https://cs6200.example/) - Intro to operating systems.\n"
      "  - [ECE 344](https://ece344.example/) - Operating systems.\n"
      "- [CS 4400](https://cs4400.example/) - Computer systems.\n");
  const Section& section = result.list.sections.at(0);
  ASSERT_EQ(section.entries.size(), 2U);
  ASSERT_EQ(section.groups.size(), 1U);
  EXPECT_EQ(section.groups[0].title, "Operating Systems");
  EXPECT_EQ(section.groups[0].entries.size(), 2U);
  EXPECT_THAT(result.list.headings, ::testing::Contains("Operating Systems"));
}

TEST(MarkdownLoader, ASummaryWithoutALinkOpensAGroup) {
  const LoadResult result = load_text(
      "# L\n\n## Resources\n\n<details id=\"books\">\n"
      "<summary><strong>Books</strong> <kbd>2 links</kbd></summary>\n\n"
      "> **[Effective Java](https://example.com/ej)**\n\n"
      "> **[Java Concurrency](https://example.com/jc)**\n\n</details>\n");
  const Section& section = result.list.sections.at(0);
  EXPECT_TRUE(section.entries.empty());
  ASSERT_EQ(section.groups.size(), 1U);
  EXPECT_EQ(section.groups[0].title, "Books");
  EXPECT_EQ(section.groups[0].entries.size(), 2U);
}

// Only a link an item starts with names an entry: one inside a sentence is
// prose, and a Markdown link after an HTML one is part of its text.
TEST(MarkdownLoader, HtmlLinksInsideSentencesAreNoEntries) {
  const LoadResult result = load_text(
      "# L\n\n<p align=\"center\">Discover other <a href=\"https://lists.example/\">lists</a>."
      "</p>\n\n## S\n\n"
      "- <b><a href=\"https://github.com/o/sru\">SRU</a></b> (\u2b50 2K) - Training RNNs "
      "(https://arxiv.org/abs/1709.02755).\n");
  EXPECT_EQ(result.list.entry_count(), 1U);
  const Entry& sru = result.list.sections.back().entries.at(0);
  EXPECT_EQ(sru.url, "https://github.com/o/sru");
  EXPECT_EQ(sru.title, "SRU");
  EXPECT_EQ(sru.description, "Training RNNs (https://arxiv.org/abs/1709.02755).");
  EXPECT_EQ(result.separators_used.at("-"), 1U);
}

// A paragraph of lines, each a link and its description, holds an entry per
// line; a later line without a description (a sponsor's logo) is none, and
// the summary counts it.
TEST(MarkdownLoader, AnHtmlParagraphOfLinesHoldsAnEntryPerLine) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n<p>\n"
      "&nbsp;&nbsp; <a href=\"https://github.com/o/roadmap\"><b>Roadmap</b></a> - roadmaps "
      "to choose a path.<br>\n"
      "&nbsp;&nbsp; <a href=\"https://github.com/o/checklist\"><b>Checklist</b></a> - the "
      "checklist for web sites.<br>\n"
      "&nbsp;&nbsp; <a href=\"https://ciphersuite.info/\"><b>Cipher Search</b></a>- a "
      "search engine.<br>\n"
      "&nbsp;&nbsp; <a href=\"https://dict.example/\"><b>Dictionary</b></a> - a word list."
      "<b>*</b> <sup><a href=\"https://mirror.example/\">1</a></sup><br>\n"
      "<a href=\"https://sponsor.example/\"><b>Fast builds.</b></a><br>\n"
      "Read <a href=\"https://other.example/\">this</a> - a sentence.<br></p>\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 4U);
  // A status mark and a footnote after the last sentence are no words of it.
  EXPECT_EQ(entries[3].description, "a word list.");
  // No space before the dash right after the link: still the separator.
  EXPECT_EQ(entries[2].title, "Cipher Search");
  EXPECT_EQ(entries[2].description, "a search engine.");
  // The logo's line is counted, not lost.
  EXPECT_EQ(result.not_entries.at("links on an HTML line that describes nothing"), 1U);
  EXPECT_EQ(entries[0].title, "Roadmap");
  EXPECT_EQ(entries[0].description, "roadmaps to choose a path.");
  EXPECT_EQ(entries[1].url, "https://github.com/o/checklist");
  EXPECT_EQ(entries[1].description, "the checklist for web sites.");
  EXPECT_EQ(entries[1].location.line, 7);
}

// Right after the title's link a dash separates without the space before it;
// inside words ("x-based") a dash is no separator.
TEST(MarkdownLoader, ADashRightAfterTheLinkSeparates) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n- [Woxi](https://x.example/)- An interpreter.\n"
      "- [Vox](https://v.example/)-based tools - A set.\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].title, "Woxi");
  EXPECT_EQ(entries[0].description, "An interpreter.");
  EXPECT_EQ(entries[1].title, "Vox-based tools");
  EXPECT_EQ(entries[1].description, "A set.");
}

// Without a separator, the words after the link describe it: a link among
// them is a mention, not a second link of the entry.
TEST(MarkdownLoader, WordsAfterTheLinkWithoutASeparatorAreTheDescription) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- [lagnoda](https://github.com/o/lagnoda) Inspired by [agnoster](https://gist.github.com/"
      "a/1) themes.\n"
      "- [Foo](https://a.example/) and [Bar](https://b.example/)\n"
      "- [Baz](https://c.example/) ![badge](b.svg) - Fast  ![ci](ci.svg) parser.\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[0].title, "lagnoda");
  EXPECT_EQ(entries[0].description, "Inspired by agnoster themes.");
  EXPECT_TRUE(entries[0].links.empty());
  EXPECT_EQ(entries[1].title, "Foo and Bar");
  EXPECT_EQ(entries[1].links.size(), 2U);
  EXPECT_EQ(entries[2].description, "Fast parser.");
}

// Lists of papers title an entry in bold and link it in brackets: on the
// lines below the title in a list, or after it in a paragraph. A bold lead-in
// to prose is no title.
TEST(MarkdownLoader, ABoldTitleWithItsLinksInBrackets) {
  const LoadResult result = load_text(
      "# L\n\n## Papers\n\n"
      "- **Fast Inference via Speculative Decoding**  \n"
      "  *Y. Leviathan, M. Kalman*. [[pdf](https://arxiv.org/abs/2211.17192)], "
      "[[code](https://github.com/a/b)], 2022.11.\n"
      "- **Medusa**  \n"
      "  *T. Cai*. [[pdf](https://arxiv.org/abs/2401.10774)], 2024.01.\n"
      "- **SpecInfer**  \n"
      "  *X. Miao*. [Website](https://specinfer.example/)\n"
      "- **Speculative Decoding for Efficient LLM Inference**  \n"
      "  *H. Xia*. [[homepage](https://sd.example/)], [[slides](https://s.example/a)], "
      "[[video](https://v.example/b)], 2025.01.\n"
      "- **SuffixDecoding**  \n"
      "  *G. Oliaro*. [[pdf](https://arxiv.org/abs/2411.04975)], [[homepage](https://h.example/)] "
      "[[vllm](https://docs.example/v)], 2024.11.\n\n"
      "## Blog\n\n"
      "**Speculative decoding in vLLM.** vLLM Team. 2024.10. "
      "[[Blog](https://blog.vllm.ai/2024/10/17/spec-decode.html)]\n\n"
      "**Note:** this paragraph links [a page](https://example.com/page) in prose.\n\n"
      "**[Back to Index](#index)**\n");
  ASSERT_EQ(result.list.sections.size(), 2U);
  const std::vector<Entry>& papers = result.list.sections[0].entries;
  ASSERT_EQ(papers.size(), 5U);
  EXPECT_EQ(papers[0].title, "Fast Inference via Speculative Decoding");
  EXPECT_EQ(papers[0].url, "https://arxiv.org/abs/2211.17192");
  EXPECT_EQ(papers[0].code, "https://github.com/a/b");
  // The chips' labels, now the URL and the code, leave no "[pdf],," behind.
  EXPECT_EQ(papers[0].description, "Y. Leviathan, M. Kalman. 2022.11.");
  EXPECT_EQ(papers[1].description, "T. Cai. 2024.01.");
  // The label of the link that closes the text names a page, not words.
  EXPECT_EQ(papers[2].url, "https://specinfer.example/");
  EXPECT_EQ(papers[2].description, "X. Miao.");
  // Its other pages, named by their kind, are no words of it either.
  EXPECT_EQ(papers[3].url, "https://sd.example/");
  EXPECT_EQ(papers[3].description, "H. Xia. 2025.01.");
  EXPECT_EQ(papers[3].description_links.size(), 2U);
  // A chip named by what it is ("[vllm]") stays, one space after the last word.
  EXPECT_EQ(papers[4].description, "G. Oliaro. [vllm], 2024.11.");
  const std::vector<Entry>& posts = result.list.sections[1].entries;
  ASSERT_EQ(posts.size(), 1U);
  EXPECT_EQ(posts[0].title, "Speculative decoding in vLLM");
  EXPECT_EQ(posts[0].url, "https://blog.vllm.ai/2024/10/17/spec-decode.html");
  // Who wrote it and when, beside the links, describe it.
  EXPECT_EQ(posts[0].description, "vLLM Team. 2024.10.");
  // The prose paragraph is counted, not dropped unseen.
  EXPECT_EQ(result.not_entries.at("paragraphs with links, read as a section's prose"), 1U);
}

// Paper lists tag a plain title with its links and close with a date; news
// items say "Paper:" before the title's link and add a stars badge; a badge
// may point into a folder of a repository. The tags, the labels and the
// badges are no words of the title.
TEST(MarkdownLoader, TagsLabelsAndBadgesAroundAPapersTitle) {
  const LoadResult result = load_text(
      "# L\n\n## Papers\n\n"
      "* Mamba: Selective State Spaces [[paper](https://arxiv.org/abs/2312.00752)] "
      "[[code](https://github.com/state-spaces/mamba)] (2023.12.01)\n"
      "* The Annotated S4 [[URL](https://srush.example/annotated-s4/)]\n"
      "* Duality [[PART1](https://blog.example/part1/)] [[PART2](https://blog.example/part2/)]\n"
      "- A Protein Language Model\n\n"
      "  [[Paper](https://www.biorxiv.org/content/1)] [[code](https://github.com/o/ptm)] "
      "(2024.02.28)\n"
      "- Paper: [Periodic RoPE](https://arxiv.org/abs/2605.27980) "
      "[![GitHub Repo "
      "stars](https://img.shields.io/github/stars/o/rope)](https://github.com/o/rope)\n"
      "1. [**Rectified Attention.**](https://arxiv.org/abs/2506.04108) _Y. Sun._ Arxiv 2025. "
      "[![GitHub Repo stars](https://img.shields.io/github/stars/m/u)]"
      "(https://github.com/m/u/tree/master/ReSA/)\n"
      "    &nbsp;&nbsp;&nbsp; [![Static Badge](https://img.shields.io/badge/Homepage-blue)]"
      "(https://m.github.io/ReSA/)\n");
  const std::vector<Entry>& papers = result.list.sections.at(0).entries;
  ASSERT_EQ(papers.size(), 6U);
  EXPECT_EQ(papers[0].title, "Mamba: Selective State Spaces");
  EXPECT_EQ(papers[0].url, "https://arxiv.org/abs/2312.00752");
  EXPECT_EQ(papers[0].code, "https://github.com/state-spaces/mamba");
  EXPECT_EQ(papers[0].description, "(2023.12.01)");
  EXPECT_EQ(papers[1].title, "The Annotated S4");
  EXPECT_EQ(papers[1].url, "https://srush.example/annotated-s4/");
  EXPECT_EQ(papers[2].title, "Duality [PART2]");
  EXPECT_EQ(papers[2].links.size(), 2U);
  // A plain title whose tags are a paragraph below it.
  EXPECT_EQ(papers[3].title, "A Protein Language Model");
  EXPECT_EQ(papers[3].url, "https://www.biorxiv.org/content/1");
  EXPECT_EQ(papers[3].code, "https://github.com/o/ptm");
  EXPECT_EQ(papers[4].title, "Periodic RoPE");
  EXPECT_EQ(papers[4].url, "https://arxiv.org/abs/2605.27980");
  EXPECT_EQ(papers[4].code, "https://github.com/o/rope");
  EXPECT_EQ(papers[5].code, "https://github.com/m/u/tree/master/ReSA/");
  // The no-break spaces that indent the homepage's line are no words.
  EXPECT_EQ(papers[5].description, "Y. Sun. Arxiv 2025.");
}

// "[Title](url) by [Author](…)": the byline, its author's links and the
// names after them describe the entry; they are no words of its title.
TEST(MarkdownLoader, ALinkedBylineDescribesTheEntry) {
  const LoadResult result = load_text(
      "# L\n\n## Books\n\n"
      "* [GitOps and Kubernetes](https://books.example/gitops) by "
      "[Billy Yuen](https://github.com/billyy), [Jesse Suen](https://github.com/jessesuen)\n"
      "* [Kubernetes on Windows](https://books.example/windows) by "
      "[Jay Vyas](https://twitter.com/jayunit100) and James Sturtevant\n"
      "* [Stand by Me](https://films.example/stand-by-me) - A film.\n");
  const std::vector<Entry>& books = result.list.sections.at(0).entries;
  ASSERT_EQ(books.size(), 3U);
  EXPECT_EQ(books[0].title, "GitOps and Kubernetes");
  EXPECT_EQ(books[0].url, "https://books.example/gitops");
  EXPECT_EQ(books[0].description, "by Billy Yuen, Jesse Suen");
  EXPECT_TRUE(books[0].links.empty());
  EXPECT_EQ(books[1].description, "by Jay Vyas and James Sturtevant");
  EXPECT_EQ(books[2].title, "Stand by Me");
}

// The links among a description's words (a byline's authors, a project it
// mentions) are kept on their words, where they are written, so that the
// link checker and an import see them; one no request may follow is not.
TEST(MarkdownLoader, ADescriptionKeepsTheLinksOnItsWords) {
  const LoadResult result = load_text(
      "# L\n\n## Tools\n\n"
      "- [Foo](https://foo.example/) by [Ann Lee](https://ann.example/) - Inspired by "
      "[agnoster](https://github.com/agnoster/theme), see <https://bar.example/p>.\n"
      "- [Baz](https://baz.example/) - Write to [us](mailto:us@baz.example) or "
      "[the admin](https://user:secret@baz.example/admin).\n"
      "- **Qux** - [Website](https://qux.example/) of the tool.\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[0].description,
            "by Ann Lee - Inspired by agnoster, see https://bar.example/p.");
  ASSERT_EQ(entries[0].description_links.size(), 3U);
  EXPECT_EQ(entries[0].description_links[0].label, "Ann Lee");
  EXPECT_EQ(entries[0].description_links[0].url, "https://ann.example/");
  EXPECT_EQ(entries[0].description_links[0].location.line, 5);
  EXPECT_EQ(entries[0].description_links[0].location.column, 34);
  EXPECT_EQ(entries[0].description_links[1].label, "agnoster");
  EXPECT_EQ(entries[0].description_links[2].url, "https://bar.example/p");
  EXPECT_TRUE(entries[1].description_links.empty());
  // A link the description's words give as the entry's URL is its URL only.
  EXPECT_EQ(entries[2].url, "https://qux.example/");
  EXPECT_TRUE(entries[2].description_links.empty());
  // The entry's own links come first; the mentions follow for the checker.
  std::vector<std::string> written;
  for (const Entry::LocatedUrl& located : entries[0].written_urls()) {
    written.emplace_back(located.url);
  }
  EXPECT_THAT(written,
              ::testing::ElementsAre("https://foo.example/", "https://ann.example/",
                                     "https://github.com/agnoster/theme", "https://bar.example/p"));
  EXPECT_EQ(entries[0].located_urls().size(), 1U);
}

// "[Title](url) **edX**": the provider in bold after the title's link is
// who offers it, not words of the title; bold words before a separator are.
TEST(MarkdownLoader, AProviderInBoldAfterTheTitleDescribesIt) {
  const LoadResult result = load_text(
      "# L\n\n## Courses\n\n"
      "* [Robotics Nanodegree](https://learn.example/robotics) **Udacity** :dollar:\n"
      "* [X](https://x.example/) **beta** - A tool.\n");
  const std::vector<Entry>& courses = result.list.sections.at(0).entries;
  ASSERT_EQ(courses.size(), 2U);
  EXPECT_EQ(courses[0].title, "Robotics Nanodegree");
  EXPECT_EQ(courses[0].description, "Udacity :dollar:");
  EXPECT_EQ(courses[1].title, "X beta");
  EXPECT_EQ(courses[1].description, "A tool.");
}

// "- [CS 61C](url) **Machine Structures**" with its description as the first
// bullet under it, then its material ("[Labs](…)", "[Lectures](…) of a previous
// session", a note on its prerequisites), which is no entry of its own; a
// numbered list under an entry lists what it holds and describes nothing.
TEST(MarkdownLoader, TheFirstBulletUnderAnEntryMayDescribeIt) {
  const LoadResult result = load_text(
      "# L\n\n## Courses\n\n"
      "- [CS 91](https://cs.example/cs91/) **Programming Languages** *Swarthmore*\n"
      "\t- Uses the [Pyret](https://www.pyret.org/) language to teach the fundamentals.\n"
      "\t- [Labs](https://cs.example/cs91/labs.html)\n"
      "\t- [Lectures](https://cs.example/cs91/13sp/) of a previous session are available.\n"
      "\t- The course focusses on networks and uses the [Torch](https://torch.example/) "
      "library.\n"
      "\t- As far as prerequisites are concerned - basic calculus.\n"
      "- [Seq2Seq models](https://github.com/o/seq2seq)\n"
      "\t1. Vanilla sequence to sequence models\n"
      "- [Survey](https://github.com/o/survey) - Papers.\n"
      "\t- [Attention](https://arxiv.org/abs/1706.03762) - A paper it lists.\n"
      "\t- Attention Is All You Need, by Vaswani and others [pdf](https://arxiv.org/abs/1)\n");
  const std::vector<Entry>& courses = result.list.sections.at(0).entries;
  ASSERT_EQ(courses.size(), 5U);
  EXPECT_EQ(courses[0].description, "Uses the Pyret language to teach the fundamentals.");
  // Labs, Lectures, the Torch sentence, the prerequisites and the numbered line.
  EXPECT_EQ(result.not_entries.at("material of the entry above and notes on it"), 5U);
  EXPECT_EQ(courses[1].title, "Seq2Seq models");
  EXPECT_TRUE(courses[1].description.empty());
  // What a collection lists are entries still, details of it.
  EXPECT_EQ(courses[3].title, "Attention");
  EXPECT_TRUE(courses[3].detail);
  EXPECT_EQ(courses[4].url, "https://arxiv.org/abs/1");
  EXPECT_TRUE(courses[4].detail);
}

// A course over its material is an entry, not a group label: a sentence
// that credits someone at its end, or "[Assignments](…) - Just do …" under
// it, describes no resource of its own. A post nested under a post, whose
// title mentions a video, is still an entry.
TEST(MarkdownLoader, ACoursesMaterialUnderItMakesItNoGroupLabel) {
  const LoadResult result = load_text(
      "# L\n\n## Courses\n\n"
      "- [18-447](https://cs.example/447/) **Computer Architecture** *CMU*\n"
      "\t- Very comprehensive material - more than an \"introduction\". This is the "
      "Spring'15 version by Prof. [Onur Mutlu](https://cs.example/~onur/)\n"
      "\t- [Assignments](https://cs.example/447/labs/) - Just do `git clone "
      "git://cs.example/labs`\n"
      "\t- [Lecture Videos - Spring 2016](https://video.example/447) "
      "[Old Exams](https://cs.example/447/exams/)\n"
      "\t- [Previous](https://cs.example/447/s14/) semester also available, with more "
      "exercises\n"
      "- [Video at Scale](https://eng.example/video-at-scale) - A post.\n"
      "\t- [Adaptive Video Streaming at YouTube](https://eng.example/abr) - Another.\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[0].url, "https://cs.example/447/");
  EXPECT_EQ(entries[2].title, "Adaptive Video Streaming at YouTube");
  EXPECT_EQ(result.not_entries.at("material of the entry above and notes on it"), 4U);
}

// "SSH: [see awesome-ssh](…)", "[More…](…)": an item that points to another
// list says where to look; it is counted, not judged as an entry.
TEST(MarkdownLoader, ACrossReferenceToAnotherListIsNoEntry) {
  const LoadResult result = load_text(
      "# L\n\n## Tools\n\n"
      "* SSH: [see awesome-ssh](https://github.com/o/awesome-ssh)\n"
      "* Revision control: see also [awesome-selfhosted](https://github.com/o/selfhosted#pm)\n"
      "* [Seesaw](https://github.com/o/seesaw) - A load balancer.\n"
      "* Oversee [mon](https://mon.example/) - A monitor.\n"
      "* [See What I Mean? Eye-Perspective Rendering](https://arxiv.org/abs/2509.11653)\n"
      "* [More\u2026](https://github.com/o/promise-fun)\n"
      "* [More Itertools](https://github.com/o/more-itertools) - Beyond itertools.\n");
  const std::vector<Entry>& tools = result.list.sections.at(0).entries;
  ASSERT_EQ(tools.size(), 4U);
  EXPECT_EQ(tools[0].title, "Seesaw");
  EXPECT_EQ(tools[3].title, "More Itertools");
  EXPECT_EQ(result.not_entries.at("cross-references to other lists (\"see …\")"), 3U);
}

// "[**2021 | CVPR**] Title [[paper](…)]": the venue before a title its tags
// link opens the description, as it does before a linked title.
TEST(MarkdownLoader, AVenueBeforeATaggedTitleOpensTheDescription) {
  const LoadResult result = load_text(
      "# L\n\n## Papers\n\n"
      "- [**2021 | CVPR**] The Lottery Tickets Hypothesis "
      "[[paper](https://arxiv.org/abs/2012.06908)] [[code](https://github.com/o/lt)]\n"
      "- [EuroSys'23] [SiloD: Caching](https://dl.example/1)\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].title, "The Lottery Tickets Hypothesis");
  EXPECT_EQ(entries[0].description, "[2021 | CVPR]");
  EXPECT_EQ(entries[0].code, "https://github.com/o/lt");
  EXPECT_EQ(entries[1].title, "SiloD: Caching");
  EXPECT_EQ(entries[1].description, "[EuroSys'23]");
}

// "**[P0] [Title](url)**" then "**Why it matters:** …" on the next line: the
// tag and the link in one bold read as a tag before a linked title, and a
// line that opens with a label describes the entry.
TEST(MarkdownLoader, ATagAndALinkInOneBoldAreATagBeforeALinkedTitle) {
  const LoadResult result = load_text(
      "# L\n\n## Reading\n\n"
      "- **[P0] [Introduction to MLIR](https://blog.example/mlir)**  \n"
      "  **Why it matters:** The best first read.\n"
      "- **[Bold](https://a.example/b)** - A library.\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].title, "Introduction to MLIR");
  EXPECT_EQ(entries[0].url, "https://blog.example/mlir");
  EXPECT_EQ(entries[0].description, "[P0] Why it matters: The best first read.");
  EXPECT_EQ(entries[0].location.line, 5);
  EXPECT_EQ(entries[1].title, "Bold");
  EXPECT_EQ(entries[1].description, "A library.");
}

// "- S3 peaks at 1.5 million requests per second.<sup>[2](…)</sup>": a
// statement citing its source by a footnote's number is no entry; a resource
// linked by its name beside a number still is.
TEST(MarkdownLoader, AStatementCitingASourceByNumberIsNoEntry) {
  const LoadResult result = load_text(
      "# L\n\n## Stats\n\n"
      "* EC2 usage up 95% year over year.<sup>[1](https://video.example/kpi)</sup>\n"
      "* S3 peaks at 1.5 million requests per second. [[2]](https://blog.example/scale)\n"
      "* [Scale report](https://blog.example/scale) - The numbers, 2015 "
      "[1](https://x.example/).\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_EQ(entries[0].title, "Scale report");
  EXPECT_EQ(result.not_entries.at("statements citing a source by number (\"…<sup>[1](…)</sup>\")"),
            2U);
}

// Code named in a description: a forge's name labels code ("[Bitbucket](…)");
// a framework named in a sentence is a mention, not the entry's code.
TEST(MarkdownLoader, AFrameworkNamedInASentenceIsNoCode) {
  const LoadResult result = load_text(
      "# L\n\n## Tools\n\n"
      "* [keras](https://github.com/keras-team/keras) - Frontend for "
      "[TensorFlow](https://github.com/tensorflow/tensorflow), "
      "[CNTK](https://github.com/Microsoft/CNTK) and [Theano](https://github.com/Theano/Theano).\n"
      "* [MOAB](https://sigma.example/moab/) - Mesh library (C++, "
      "[Bitbucket](https://bitbucket.org/fathomteam/moab/))\n"
      "* [EDSR](https://arxiv.org/abs/1707.02921) - Super-resolution. "
      "[[PyTorch](https://github.com/o/edsr)]\n"
      "* [Qwen](https://qwen.example/) - Open models. [#opensource](https://github.com/o/qwen)\n");
  const std::vector<Entry>& tools = result.list.sections.at(0).entries;
  ASSERT_EQ(tools.size(), 4U);
  EXPECT_TRUE(tools[0].code.empty());
  EXPECT_EQ(tools[0].description, "Frontend for TensorFlow, CNTK and Theano.");
  EXPECT_EQ(tools[1].code, "https://bitbucket.org/fathomteam/moab/");
  EXPECT_EQ(tools[1].description, "Mesh library (C++)");
  EXPECT_EQ(tools[2].code, "https://github.com/o/edsr");
  EXPECT_EQ(tools[3].code, "https://github.com/o/qwen");  // a "#opensource" tag links it
}

// More shapes of paper and article lists: a numbered paper titled in bold
// whose code is linked in a later paragraph; a linked title with its authors
// in italics and a repository badge; a linked article over sentences quoted
// from it; a description opened by a comma.
TEST(MarkdownLoader, PaperAndArticleListShapes) {
  const LoadResult result = load_text(
      "# L\n\n## Papers\n\n"
      "1. **TensorFlow: A System for Large-Scale Machine Learning** OSDI 2016\n\n"
      "   *M. Abadi, P. Barham*\n\n"
      "   Code: [https://github.com/tensorflow/tensorflow](https://github.com/tensorflow/"
      "tensorflow)\n\n"
      "2. **A paper without a link** OSDI 2016\n\n"
      "   *Someone*\n\n"
      "## Articles\n\n"
      "- [**On the Efficacy of Eviction.**](https://arxiv.org/abs/2402.06262) *S. Ren, K. Zhu.* "
      "Arxiv 2024. [![GitHub Repo stars](https://img.shields.io/github/stars/DRSY/EasyKV)]"
      "(https://github.com/DRSY/EasyKV)\n"
      "- [Cognitive load is what matters](https://minds.example/cognitive)\n"
      "  - A well-crafted monolith - often more flexible than microservices.\n"
      "  - Familiarity is not simplicity\n"
      "- [Clean Code](https://books.example/clean-code), Robert C. Martin. Describes good "
      "practices, with a [cheatsheet](cheatsheets/clean-code.pdf).\n");
  ASSERT_EQ(result.list.sections.size(), 2U);
  const std::vector<Entry>& papers = result.list.sections[0].entries;
  // The paper without a link stays prose; the sentences quoted under the
  // article are notes on it.
  ASSERT_EQ(papers.size(), 1U);
  EXPECT_EQ(papers[0].title, "TensorFlow: A System for Large-Scale Machine Learning");
  EXPECT_EQ(papers[0].url, "https://github.com/tensorflow/tensorflow");
  EXPECT_EQ(papers[0].description, "OSDI 2016");
  EXPECT_EQ(result.not_entries.at("prose items"), 1U);
  EXPECT_EQ(result.not_entries.at("material of the entry above and notes on it"), 2U);
  const std::vector<Entry>& articles = result.list.sections[1].entries;
  ASSERT_EQ(articles.size(), 3U);
  EXPECT_EQ(articles[0].title, "On the Efficacy of Eviction.");
  EXPECT_EQ(articles[0].description, "S. Ren, K. Zhu. Arxiv 2024.");
  EXPECT_EQ(articles[0].code, "https://github.com/DRSY/EasyKV");
  EXPECT_TRUE(articles[0].links.empty());
  EXPECT_EQ(articles[1].title, "Cognitive load is what matters");
  EXPECT_EQ(articles[1].url, "https://minds.example/cognitive");
  const Entry& clean_code = articles.back();
  EXPECT_EQ(clean_code.title, "Clean Code");
  EXPECT_EQ(clean_code.description,
            "Robert C. Martin. Describes good practices, with a cheatsheet.");
  EXPECT_TRUE(clean_code.links.empty());
}

// A paper titled on one line and linked on the next, after a blank line,
// is described by the words after its links, as one on a single line is.
TEST(MarkdownLoader, APlainTitleLinkedInTheNextParagraphKeepsItsWords) {
  const LoadResult result = load_text(
      "# L\n\n## Papers\n\n"
      "- MambaMIR: Joint Reconstruction [[paper](https://arxiv.org/abs/2402.18451)] "
      "(2024.02.28)\n\n"
      "- A PTM-Aware Protein Language Model\n\n"
      "  [[Paper](https://www.biorxiv.org/content/10.1101/2024.02.28.581983v1)] "
      "[[code](https://github.com/o/ptm-mamba)] (2024.02.28)\n\n"
      "- A Paper Linked Alone\n\n"
      "  [[Paper](https://arxiv.org/abs/2402.00001)]\n");
  ASSERT_EQ(result.list.sections.size(), 1U);
  const std::vector<Entry>& papers = result.list.sections[0].entries;
  ASSERT_EQ(papers.size(), 3U);
  EXPECT_EQ(papers[0].description, "(2024.02.28)");
  EXPECT_EQ(papers[1].title, "A PTM-Aware Protein Language Model");
  EXPECT_EQ(papers[1].code, "https://github.com/o/ptm-mamba");
  EXPECT_EQ(papers[1].description, "(2024.02.28)");
  EXPECT_EQ(papers[1].where("description").line, 9);
  EXPECT_TRUE(papers[2].description.empty());
}

// "**[⬆ back to top](#contents)**" indented under a section's last item joins
// its paragraph: a link within the list, it is no words of the description.
TEST(MarkdownLoader, ABackToTopLinkUnderTheLastItemIsNoDescription) {
  const LoadResult result = load_text(
      "# L\n\n## Validation\n\n"
      "- [Zog](https://github.com/o/zog) - A schema builder for runtime value parsing.\n"
      "  **[⬆ back to top](#contents)**\n\n"
      "- [Zod](https://github.com/o/zod) - A schema builder,\n"
      "  see [the docs](https://zod.example/docs).\n");
  ASSERT_EQ(result.list.sections.size(), 1U);
  const std::vector<Entry>& entries = result.list.sections[0].entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].description, "A schema builder for runtime value parsing.");
  EXPECT_EQ(entries[1].description, "A schema builder, see the docs.");
}

// "-[B](…) - Text" under an item, with no space after the dash, was meant as
// the next item; Markdown joins it to the one above. It is no words of that
// entry, and the summary counts it rather than dropping it unseen.
TEST(MarkdownLoader, AnItemWithNoSpaceAfterItsDashIsCounted) {
  const LoadResult result = load_text(
      "# L\n\n## Audio\n\n- [PortAudio](https://github.com/o/portaudio) - Go bindings for "
      "PortAudio.\n-[voxrai](https://github.com/o/voxrai) - AI voice agents.\n");
  ASSERT_EQ(result.list.sections.size(), 1U);
  ASSERT_EQ(result.list.sections[0].entries.size(), 1U);
  EXPECT_EQ(result.list.sections[0].entries[0].description, "Go bindings for PortAudio.");
  EXPECT_EQ(result.not_entries.at(
                "lines meant as items, with no space after the dash (\"-[name](url)\")"),
            1U);
}

// "Title (2017): Summary. [[Paper]](url)": the year closes the title and the
// words after it describe the paper; a title's own colon stays in it.
TEST(MarkdownLoader, AYearClosesATitleTaggedByItsLink) {
  const LoadResult result = load_text(
      "# L\n\n## Research\n\n"
      "- BERT: Pre-training of Deep Bidirectional Transformers (2018): Helps with language "
      "modeling. [[Paper]](https://arxiv.org/abs/1810.04805)\n"
      "- FlashAttention: Fast and Memory-Efficient Exact Attention [[paper]]"
      "(https://arxiv.org/abs/2205.14135)\n");
  ASSERT_EQ(result.list.sections.size(), 1U);
  const std::vector<Entry>& papers = result.list.sections[0].entries;
  ASSERT_EQ(papers.size(), 2U);
  EXPECT_EQ(papers[0].title, "BERT: Pre-training of Deep Bidirectional Transformers (2018)");
  EXPECT_EQ(papers[0].description, "Helps with language modeling.");
  EXPECT_EQ(papers[0].url, "https://arxiv.org/abs/1810.04805");
  EXPECT_EQ(papers[1].title, "FlashAttention: Fast and Memory-Efficient Exact Attention");
  EXPECT_TRUE(papers[1].description.empty());
}

// An image tag on the line after the title's link is no part of the title.
TEST(MarkdownLoader, ATagAfterTheTitlesLinkIsNoPartOfIt) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "* [Mojo with C++ performance?](https://discuss.example/t/mojo/26993)\n"
      "  <img src=\"img/guido.png\" height=\"200\" />\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_EQ(entries[0].title, "Mojo with C++ performance?");
}

// A code link taken out of the description takes its brackets with it.
TEST(MarkdownLoader, ACodeLinksBracketsLeaveTheDescription) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- [Tiler](https://tiler.example/) - A tiling library. [[code](https://github.com/a/b)]\n"
      "- [Scan](https://scan.example/) - A scan ([code](https://github.com/a/c)) in CUDA.\n"
      "- [Fold](https://fold.example/) - Calls fold() on [code](https://github.com/a/d).\n"
      "- [Git](https://git.example/) - Revision control. ([Demo](https://demo.example/), "
      "[Source Code](https://github.com/git/git)) `GPL-2.0`\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 4U);
  EXPECT_EQ(entries[3].description, "Revision control. (Demo) `GPL-2.0`");
  EXPECT_EQ(entries[3].code, "https://github.com/git/git");
  EXPECT_EQ(entries[0].description, "A tiling library.");
  EXPECT_EQ(entries[0].code, "https://github.com/a/b");
  EXPECT_EQ(entries[1].description, "A scan in CUDA.");
  EXPECT_EQ(entries[2].description, "Calls fold() on.");
}

// A code link after the title's link is the entry's code, not words of the
// title: "[Title](paper) [[code](repo)]".
TEST(MarkdownLoader, ACodeLinkAfterTheTitlesLinkIsTheCode) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- [Fast Tiling](https://arxiv.org/abs/1) [[code](https://github.com/a/b)]\n"
      "- [Scan](https://arxiv.org/abs/2) [code](https://github.com/a/c) - A scan.\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].title, "Fast Tiling");
  EXPECT_EQ(entries[0].url, "https://arxiv.org/abs/1");
  EXPECT_EQ(entries[0].code, "https://github.com/a/b");
  EXPECT_TRUE(entries[0].links.empty());
  EXPECT_EQ(entries[1].title, "Scan");
  EXPECT_EQ(entries[1].code, "https://github.com/a/c");
  EXPECT_EQ(entries[1].description, "A scan.");
}

// Lists of papers tag the link with its venue: "[[ArXiv](url)] Title" and
// "Title (ICML'23) [[paper]](url)". The tag is no word of the title, and a
// colon in the words is the title's own; a bracketed name before a dash
// ("[[sevenz-rust](url)] - Text") is still the title, without its brackets.
TEST(MarkdownLoader, AVenueTagLinksTheWordsItStandsBy) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- [[ArXiv](https://arxiv.org/abs/1)] FP8-LM: Training FP8 Models "
      "[[code](https://github.com/a/b)]\n"
      "- [[ACL](https://aclanthology.org/2)] Models Are Teachers\n"
      "- Cramming: One GPU in One Day (ICML'23) [[paper]](https://arxiv.org/abs/3)\n"
      "- [[sevenz-rust](https://crates.io/crates/sevenz-rust)] - A 7z decompressor.\n"
      "- \"Visual Adversarial Examples\", 2023-06, [[paper]](https://arxiv.org/abs/5) "
      "[[repo]](https://github.com/u/vae)\n"
      "- **Meena** [[Google]](https://ai.googleblog.com/2020/01/a.html) - A chatbot.\n"
      "- 2019-10-01 [On-device training](https://blog.example/x.html) - How to train.\n"
      "- 2018-06-11 - [Easier detection](https://blog.example/y.html) - By Jane.\n"
      "- MobileNetV2 ([download](https://storage.example/m2.zip)) - A model.\n"
      "- **Dolly**. [Blog](https://www.databricks.example/blog/dolly) "
      "[Code](https://github.com/d/dolly)\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 10U);
  EXPECT_EQ(entries[0].title, "FP8-LM: Training FP8 Models");
  EXPECT_EQ(entries[0].url, "https://arxiv.org/abs/1");
  EXPECT_EQ(entries[0].code, "https://github.com/a/b");
  EXPECT_EQ(entries[0].description, "");
  EXPECT_EQ(entries[1].title, "Models Are Teachers");
  EXPECT_EQ(entries[1].url, "https://aclanthology.org/2");
  EXPECT_EQ(entries[2].title, "Cramming: One GPU in One Day (ICML'23)");
  EXPECT_EQ(entries[2].url, "https://arxiv.org/abs/3");
  EXPECT_EQ(entries[3].title, "sevenz-rust");
  EXPECT_EQ(entries[3].description, "A 7z decompressor.");
  // A label in brackets names its kind as it would without them.
  EXPECT_EQ(entries[4].url, "https://arxiv.org/abs/5");
  EXPECT_EQ(entries[4].code, "https://github.com/u/vae");
  // A tag that names no kind of resource (its maker, its venue) opens the
  // description.
  EXPECT_EQ(entries[5].title, "Meena");
  EXPECT_EQ(entries[5].url, "https://ai.googleblog.com/2020/01/a.html");
  EXPECT_EQ(entries[5].description, "[Google] A chatbot.");
  // A date before the title's link, with or without a dash, opens the
  // description too.
  EXPECT_EQ(entries[6].title, "On-device training");
  EXPECT_EQ(entries[6].description, "2019-10-01 How to train.");
  EXPECT_EQ(entries[7].title, "Easier detection");
  EXPECT_EQ(entries[7].description, "2018-06-11 By Jane.");
  // "Name ([download](url))", "**Dolly**. [Blog](url)": a link named by a
  // kind, in brackets or parentheses or after a bold name, links the words
  // before it.
  EXPECT_EQ(entries[8].title, "MobileNetV2");
  EXPECT_EQ(entries[8].url, "https://storage.example/m2.zip");
  EXPECT_EQ(entries[8].description, "A model.");
  EXPECT_EQ(entries[9].title, "Dolly");
  EXPECT_EQ(entries[9].url, "https://www.databricks.example/blog/dolly");
  EXPECT_EQ(entries[9].code, "https://github.com/d/dolly");
}

// A dash written before a description's words is no word of it: a table
// cell's "- Text", an item's "[Name](url) -Text".
TEST(MarkdownLoader, ADashBeforeTheDescriptionIsDropped) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "| Name | Description |\n|---|---|\n"
      "| [bindings](https://github.com/a/b) | - Python bindings for it |\n\n"
      "- [AgentGPT](https://github.com/a/c) -Assemble, configure and deploy agents.\n"
      "- [Flags](https://github.com/a/d) - -O3 is the default.\n"
      "- [Netz](https://github.com/a/e)- Discover internet-wide misconfigurations.\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 4U);
  EXPECT_EQ(entries[0].description, "Python bindings for it");
  EXPECT_EQ(entries[1].description, "Assemble, configure and deploy agents.");
  EXPECT_EQ(entries[2].description, "-O3 is the default.");
  EXPECT_EQ(entries[3].title, "Netz");
  EXPECT_EQ(entries[3].description, "Discover internet-wide misconfigurations.");
}

// Emoji shortcodes and a star badge's <img> are marks, not words of the
// title, and the colons of ":fire:" separate nothing; a legend's line
// ("- :free: - Free") names no entry.
TEST(MarkdownLoader, ShortcodesAndImagesAroundTheTitlesLinkAreNoWords) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- :green_heart:[Helm](https://github.com/helm/helm) :fire::fire: - Manages charts.\n"
      "- :tada: [LibreSprite](https://libresprite.github.io/) - Sprite editor.\n"
      "- <img src=\"https://img.shields.io/github/stars/a/b\" height=\"17\"/> "
      "[unsloth](https://github.com/a/b) - Fine-tuning.\n"
      "- [std::vector::size](https://en.cppreference.com/w/cpp/container/vector/size) - Size.\n"
      "- :free: - Free\n",
      ItemSeparators{{"-", ":"}});
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 4U);
  EXPECT_EQ(result.not_entries.at("prose items"), 1U);
  EXPECT_EQ(entries[0].title, "Helm");
  EXPECT_EQ(entries[0].description, "Manages charts.");
  EXPECT_EQ(entries[1].title, "LibreSprite");
  EXPECT_EQ(entries[2].title, "unsloth");
  EXPECT_EQ(entries[2].description, "Fine-tuning.");
  EXPECT_EQ(entries[3].title, "std::vector::size");
}

// "**ViT**: "Title", ICLR, 2021. [[Paper](url)][[PyTorch](repo)]": a tag in
// brackets after the words links them; code named by its framework is the
// entry's code; a further tag keeps its label after the title, since an
// entry's links are words of its title (an import must lint clean).
// Authors in italics after the title's sentence describe it.
TEST(MarkdownLoader, ABracketedTagAfterTheWordsLinksThem) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "* **ViT**: \"An Image is Worth 16x16 Words\", ICLR, 2021 (*Google*). "
      "[[Paper](https://openreview.net/forum?id=Y)][[PyTorch (lucidrains)](https://github.com/"
      "l/vit)][[Website](https://vit.example/)]\n"
      "* Read the [paper](https://arxiv.org/abs/1) - A note.\n"
      "1. <u>ALiBi</u>: **\"Train Short, Test Long\"**. *Ofir Press et al*. ICLR 2022. "
      "[[Paper](https://arxiv.org/abs/2108.12409)]\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[0].title,
            "ViT: \"An Image is Worth 16x16 Words\", ICLR, 2021 (Google). [Website]");
  EXPECT_EQ(entries[0].url, "https://openreview.net/forum?id=Y");
  EXPECT_EQ(entries[0].code, "https://github.com/l/vit");
  ASSERT_EQ(entries[0].links.size(), 2U);
  EXPECT_EQ(entries[0].links[0].label,
            "ViT: \"An Image is Worth 16x16 Words\", ICLR, 2021 (Google).");
  EXPECT_EQ(entries[0].links[1].label, "Website");
  EXPECT_EQ(entries[1].title, "Read the paper");
}

// "[OSDI'23] [Title](url)": the venue opens the description, and a paper
// with its arXiv copy nested below is an entry, not a group heading.
TEST(MarkdownLoader, AVenueWrittenBeforeTheTitlesLinkOpensTheDescription) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- [ICLR'24] [CO2: Efficient Distributed Training](https://openreview.net/forum?id=Z)\n"
      "  - [arxiv](https://arxiv.org/abs/2401.16265)\n"
      "- [arxiv'22] [Singularity](https://arxiv.org/abs/2202.07848) - Preemptive scheduling.\n"
      "- [Survey ] [arxiv'25] [GPU-centric Communication](https://arxiv.org/abs/2503.1)\n");
  const Section& section = result.list.sections.at(0);
  EXPECT_TRUE(section.groups.empty());
  ASSERT_EQ(section.entries.size(), 3U);
  EXPECT_EQ(section.entries[2].title, "GPU-centric Communication");
  EXPECT_EQ(section.entries[2].description, "[Survey ] [arxiv'25]");
  EXPECT_EQ(section.entries[0].title, "CO2: Efficient Distributed Training");
  EXPECT_EQ(section.entries[0].description, "[ICLR'24]");
  // Its "[arxiv](…)" below is the same paper elsewhere, no entry.
  EXPECT_EQ(result.not_entries.at("other links of the entry above (\"[arxiv version](…)\")"), 1U);
  EXPECT_EQ(section.entries[1].title, "Singularity");
  EXPECT_EQ(section.entries[1].description, "[arxiv'22] Preemptive scheduling.");
}

// "2018-CVPR-[Title](url)", "2022-[Title](url)": a year and a venue written
// before the link open the description; code named by its framework
// ("[[PyTorch Code](…)]") is the entry's code.
TEST(MarkdownLoader, AYearAndVenueBeforeTheLinkOpenTheDescription) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- 2018-CVPR-[NISP: Pruning Networks](https://arxiv.org/abs/1711.05908) "
      "[[PyTorch Code](https://github.com/o/nisp)]\n"
      "- 2022-[Low-Power Computer Vision](https://example.org/book)\n"
      "- 2017-Proceedings of the IEEE-[Efficient Processing](https://example.org/p)\n"
      "- 2018 was a year for [Pruning](https://example.org/p)\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 4U);
  EXPECT_EQ(entries[0].title, "NISP: Pruning Networks");
  EXPECT_EQ(entries[0].description, "2018-CVPR");
  EXPECT_EQ(entries[0].code, "https://github.com/o/nisp");
  EXPECT_EQ(entries[1].title, "Low-Power Computer Vision");
  EXPECT_EQ(entries[2].title, "Efficient Processing");
  EXPECT_EQ(entries[2].description, "2017-Proceedings of the IEEE");
  EXPECT_EQ(entries[3].title, "2018 was a year for Pruning");
}

// The options a list explains under a command's code block ("`-t` - show
// timestamp") are no entries: they name code and link nothing.
TEST(MarkdownLoader, BulletsExplainingACommandAreNoEntries) {
  const LoadResult result = load_text(
      "# L\n\n## Tools\n\n- [vmstat](https://example.org/vmstat) - Memory statistics.\n\n"
      "###### Show utilization\n\n```bash\nvmstat 2 20 -t\n```\n\n"
      "  * `2` - number of times with a defined time interval\n  * `-t` - show timestamp\n\n"
      "## Mixed\n\n- [rg](https://github.com/BurntSushi/ripgrep) - Searches.\n"
      "- `fd` - A finder the list names without a link.\n");
  EXPECT_EQ(result.list.entry_count(), 3U);
  EXPECT_EQ(result.not_entries.at("prose items"), 2U);
  EXPECT_EQ(result.list.sections.at(1).entries.at(1).title, "`fd`");
}

// Code named by who wrote it is the entry's code; a product or a font whose
// name ends in "Code" is words of the description.
TEST(MarkdownLoader, AProductNamedCodeIsNoCodeLink) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- [CodeLLDB](https://marketplace.example/lldb) - A LLDB extension for "
      "[Visual Studio Code](https://code.visualstudio.com/).\n"
      "- [Hook](https://hook.example/) - Hooks for [Claude Code](https://claude.example/code).\n"
      "- [Paper](https://arxiv.org/abs/1) - A method. [[Official Code](https://github.com/o/m)]\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[0].description, "A LLDB extension for Visual Studio Code.");
  EXPECT_EQ(entries[0].code, "");
  EXPECT_EQ(entries[1].description, "Hooks for Claude Code.");
  EXPECT_EQ(entries[1].code, "");
  EXPECT_EQ(entries[2].code, "https://github.com/o/m");
}

// Lists in Chinese write a full-width colon with no space after it and head
// their contents "目录"; an item's closing full stop is not the title's.
TEST(MarkdownLoader, AFullWidthColonSeparatesAndChineseContentsAreSkipped) {
  const LoadResult result = load_text(
      "# L\n\n## \xe7\x9b\xae\xe5\xbd\x95\n\n- [Models](#models)\n- [Tools](#tools)\n\n"
      "## Models\n\n"
      "- [vLLM](https://github.com/vllm-project/vllm)\xef\xbc\x9aserving engine\n"
      "- [Title](https://example.org/post).\n",
      ItemSeparators{{"-", "\xef\xbc\x9a"}});
  ASSERT_EQ(result.list.sections.size(), 1U);
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].title, "vLLM");
  EXPECT_EQ(entries[0].description, "serving engine");
  EXPECT_EQ(entries[1].title, "Title");
  EXPECT_EQ(result.not_entries.at("table-of-contents items"), 2U);
}

// "## Table of Contents" then "### Dependency Management": after a table of
// contents at the sections' level, its subheadings are the list's sections,
// until the next section heading.
TEST(MarkdownLoader, SubheadingsAfterATableOfContentsAreSections) {
  const LoadResult result = load_text(
      "# L\n\n## Contributing\n\nPlease read.\n\n## Table of Contents\n\n"
      "- [Dependency Management](#dependency-management)\n- [Testing](#testing)\n\n"
      "### Dependency Management\n\n- [Composer](https://getcomposer.org/) - Packages.\n\n"
      "### Testing\n\n- [Pest](https://pestphp.com/) - Tests.\n\n"
      "## Resources\n\n### Books\n\n- [B](https://example.org/b) - A book.\n");
  const std::vector<Section>& sections = result.list.sections;
  ASSERT_EQ(sections.size(), 4U);
  EXPECT_EQ(sections[1].title, "Dependency Management");
  EXPECT_EQ(sections[1].entries.size(), 1U);
  EXPECT_EQ(sections[2].title, "Testing");
  EXPECT_EQ(sections[3].title, "Resources");
  ASSERT_EQ(sections[3].groups.size(), 1U);
  EXPECT_EQ(sections[3].groups[0].title, "Books");
  EXPECT_EQ(result.not_entries.at("table-of-contents items"), 2U);
}

// Stars, a rating or a mark after the title's link are no words of the
// title: a bracketed note opens the description; another link's label in
// brackets stays in the title.
TEST(MarkdownLoader, AnnotationsAfterTheTitlesLinkAreNoWords) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- [Flutter Gallery](https://github.com/a/gallery) [2547\xe2\xad\x90] - Widgets.\n"
      "- [Some Book](https://example.org/book) [_Very Good_] - A book.\n"
      "- [Title](https://example.org/t) (2019) - A year.\n"
      "- [ad-si/Woxi](https://github.com/ad-si/Woxi) [[woxi](https://crates.io/crates/woxi)] - "
      "An interpreter.\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 4U);
  EXPECT_EQ(entries[0].title, "Flutter Gallery");
  EXPECT_EQ(entries[0].description, "[2547\xe2\xad\x90] Widgets.");
  EXPECT_EQ(entries[1].title, "Some Book");
  EXPECT_EQ(entries[1].description, "[Very Good] A book.");
  EXPECT_EQ(entries[2].title, "Title (2019)");
  EXPECT_EQ(entries[3].title, "ad-si/Woxi [woxi]");
}

// "[Name](repo), paper: [Title](url), code: [x](url)": each label a list
// writes before a further link names that link, and no words of the title.
TEST(MarkdownLoader, ALabelWrittenBeforeALinkNamesIt) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- [state-spaces/mamba](https://github.com/state-spaces/mamba), paper: "
      "[Mamba: Linear-Time Sequence Modeling](https://arxiv.org/abs/2312.00752), minimal impl: "
      "[mamba-minimal](https://github.com/o/mamba-minimal)\n"
      "- [Mamba: The Hard Way](https://someone.github.io/mamba/hard.html), code: "
      "[someone/annotated-mamba](https://github.com/someone/annotated-mamba)\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].title, "state-spaces/mamba");
  EXPECT_EQ(entries[0].url, "https://github.com/state-spaces/mamba");
  ASSERT_EQ(entries[0].links.size(), 3U);
  EXPECT_EQ(entries[0].links[1].label, "paper");
  EXPECT_EQ(entries[0].links[1].url, "https://arxiv.org/abs/2312.00752");
  EXPECT_EQ(entries[0].links[2].label, "minimal impl");
  EXPECT_EQ(entries[1].title, "Mamba: The Hard Way");
  EXPECT_EQ(entries[1].code, "https://github.com/someone/annotated-mamba");
  EXPECT_TRUE(entries[1].links.empty());
}

// "Go: [pq](…), [pgx](…)" and "Meetup [Berlin](…) - [Düsseldorf](…)": an item
// that only names resources by their links is one entry per link, in a group
// named by its label. Two links without a label, or a link named by a kind
// ("[paper](…)"), stay one entry.
TEST(MarkdownLoader, AnItemOfNamedLinksIsAnEntryPerLink) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "* [Solo](https://solo.dev) - A tool.\n"
      "* Go: [pq](https://github.com/lib/pq), [pgx](https://github.com/jackc/pgx).\n"
      "* Meetup [Berlin](https://www.meetup.com/b/) - [Hamburg](https://www.meetup.com/h/)\n"
      "* [A](https://a.dev), [B](https://b.dev), [C](https://c.dev)\n"
      "* [Best Practices](https://bp.example.org/) - [open-source ebook](https://github.com/o/bp)\n"
      "* [o/flash](https://github.com/o/flash), [paper](https://arxiv.org/abs/2205.14135)\n"
      "* Go: [pq](https://github.com/lib/pq), see [pgx](https://github.com/jackc/pgx)\n"
      "* Lists of software aimed at privacy and decentralization in some form: "
      "[PRISM Break](https://prism-break.org/en/), [Libre Projects](https://libreprojects.net/)\n");
  const Section& section = result.list.sections.at(0);
  ASSERT_EQ(section.groups.size(), 3U);
  EXPECT_EQ(section.groups[2].title,
            "Lists of software aimed at privacy and decentralization in some form");
  EXPECT_EQ(section.groups[2].entries.size(), 2U);
  EXPECT_EQ(section.groups[0].title, "Go");
  ASSERT_EQ(section.groups[0].entries.size(), 2U);
  EXPECT_EQ(section.groups[0].entries[0].title, "pq");
  EXPECT_EQ(section.groups[0].entries[1].url, "https://github.com/jackc/pgx");
  EXPECT_EQ(section.groups[0].entries[1].location.column, 40);
  EXPECT_EQ(section.groups[1].title, "Meetup");
  ASSERT_EQ(section.groups[1].entries.size(), 2U);
  EXPECT_EQ(section.groups[1].entries[1].title, "Hamburg");
  const std::vector<Entry>& entries = section.entries;
  ASSERT_EQ(entries.size(), 7U);
  EXPECT_EQ(entries[0].title, "Solo");
  EXPECT_EQ(entries[3].title, "C");
  EXPECT_EQ(entries[4].title, "Best Practices");
  EXPECT_EQ(entries[4].description, "open-source ebook");
  EXPECT_EQ(entries[5].links.size(), 2U);
  EXPECT_EQ(entries[6].url, "https://github.com/lib/pq");
}

// Reading lists number their papers as paragraphs: "**[5]** Authors.
// "**Title**." Venue. [[pdf]](url) **(Note)** :star:". Each is an entry
// titled by its bold (else quoted) words and described by its authors, venue
// and note; a plain "[6] Authors. Title. [pdf](url)" is titled by all its
// words, and a numbered paragraph without a link is prose.
TEST(MarkdownLoader, NumberedReferenceParagraphsAreEntries) {
  const LoadResult result = load_text(
      "# L\n\n## 1.1 Survey\n\n"
      "**[1]** LeCun, Yann, and Geoffrey Hinton. \"**Deep learning**.\" Nature 521 (2015). "
      "[[pdf]](https://example.edu/deep.pdf) **(Three Giants' Survey)** :star::star:\n\n"
      "[2] Graves, Alex. Speech recognition with RNNs. ICASSP 2013. "
      "[[pdf]](https://arxiv.org/pdf/1303.5778) [[code]](https://github.com/a/b)\n\n"
      "**[3]** A note without a link.\n\n"
      "**[20]** Chen, Tianqi, et al. \"Net2net: Accelerating learning.\" arXiv (2015). "
      "[[pdf]](https://arxiv.org/abs/1511.05641) **(Modify a trained network)** :star:\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  // Quotes mark the title where no bold does; the notes after the link
  // describe the entry.
  EXPECT_EQ(entries[2].title, "Net2net: Accelerating learning");
  EXPECT_EQ(entries[2].description,
            "Chen, Tianqi, et al. arXiv (2015). (Modify a trained network)");
  EXPECT_EQ(entries[0].title, "Deep learning");
  EXPECT_EQ(entries[0].url, "https://example.edu/deep.pdf");
  EXPECT_EQ(entries[0].description,
            "LeCun, Yann, and Geoffrey Hinton. Nature 521 (2015). (Three Giants' Survey)");
  EXPECT_EQ(entries[1].title, "Graves, Alex. Speech recognition with RNNs. ICASSP 2013");
  EXPECT_EQ(entries[1].url, "https://arxiv.org/pdf/1303.5778");
  EXPECT_EQ(entries[1].code, "https://github.com/a/b");
}

// "**Exaile** - ([Repo](…), [Home](…), [WP](…)) Text": a name without a
// link and its links in brackets, each named by what it is. The home page is
// the entry's URL, the repository its code, and the other pages (an
// encyclopedia's article) no part of it; with only a repository, that is the
// entry, not a page its description mentions.
TEST(MarkdownLoader, ANameWithItsLinksInBracketsIsTheProjectTheyName) {
  const LoadResult result = load_text(
      "# L\n\n## Audio\n\n"
      "1. **Exaile** - ([Repo](https://github.com/exaile/exaile), "
      "[Home](https://www.exaile.org/), [WP](https://en.wikipedia.org/wiki/Exaile)) "
      "Cross-platform audio player.\n"
      "1. **hosts** - ([Repo](https://github.com/StevenBlack/hosts)) Merges [hosts "
      "files](https://en.wikipedia.org/wiki/Hosts_(file)) from sources.\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].title, "Exaile");
  EXPECT_EQ(entries[0].url, "https://www.exaile.org/");
  EXPECT_EQ(entries[0].code, "https://github.com/exaile/exaile");
  EXPECT_EQ(entries[0].description, "Cross-platform audio player.");
  EXPECT_EQ(entries[1].url, "https://github.com/StevenBlack/hosts");
  EXPECT_EQ(entries[1].code, "");
  EXPECT_EQ(entries[1].description, "Merges hosts files from sources.");
}

// "### cuda-samples", a bare URL, then paragraphs: each heading names an
// entry its URL links and its first paragraph describes; a heading over a
// list, or over words, still names a group.
TEST(MarkdownLoader, AHeadingOverABareUrlIsAnEntry) {
  const LoadResult result = load_text(
      "# L\n\n## Basic\n\n"
      "### cuda-samples :star:\n\nhttps://github.com/NVIDIA/cuda-samples\n\n"
      "Samples from NVIDIA.\n\nA good place to start.\n\n"
      "### GPU-Puzzles\n\nhttps://github.com/srush/GPU-Puzzles\n\n"
      "#### Notes\n\n- [a](https://a.example/x) - One.\n- [b](https://b.example/y) - Two.\n\n"
      "### Tools\n\n- [c](https://c.example/z) - Three.\n- [d](https://d.example/w) - Four.\n\n"
      "### Words\n\nSee https://e.example/v for more.\n\n- [f](https://f.example/u) - Five.\n");
  ASSERT_EQ(result.list.sections.size(), 1U);
  const Section& basic = result.list.sections[0];
  ASSERT_EQ(basic.entries.size(), 2U);
  EXPECT_EQ(basic.entries[0].title, "cuda-samples");
  EXPECT_EQ(basic.entries[0].url, "https://github.com/NVIDIA/cuda-samples");
  EXPECT_EQ(basic.entries[0].description, "Samples from NVIDIA.");
  EXPECT_EQ(basic.entries[0].location.line, 5);
  EXPECT_EQ(basic.entries[1].title, "GPU-Puzzles");
  EXPECT_EQ(basic.entries[1].description, "");
  ASSERT_EQ(basic.groups.size(), 2U);
  EXPECT_EQ(basic.groups[0].title, "Tools");
  EXPECT_EQ(basic.groups[0].entries.size(), 2U);
  EXPECT_EQ(basic.groups[1].title, "Words");
  EXPECT_EQ(basic.groups[1].entries.size(), 1U);
}

// "Does X. [Website](…) | [Docs](…)", "Does X ([Website](…), [Source](…)).":
// the labels of the entry's other pages that close its description name
// pages, not what it does; a label in a sentence ("see the [docs](…)") and a
// mention ("in [Rust](…)") are words.
TEST(MarkdownLoader, PageLabelsClosingADescriptionAreNoWordsOfIt) {
  const LoadResult result = load_text(
      "# L\n\n## Tools\n\n"
      "- **Foo** - Frobs widgets. [Website](https://foo.dev/) | [Docs](https://foo.dev/docs/) | "
      "[GitHub](https://github.com/foo/foo)\n"
      "- **Bar** - Parses bars. [Repo](https://github.com/bar/bar), "
      "[Docs](https://bar.readthedocs.io/)\n"
      "- [Qux](https://github.com/qux/qux) - Does things. [Docs](https://qux.dev/docs)\n"
      "- **Garply** - Does things ([Website](https://garply.dev/), "
      "[Source](https://github.com/garply/garply)).\n"
      "- [Waldo](https://waldo.dev/) - Does things; see the [docs](https://waldo.dev/docs)\n"
      "- [Fred](https://fred.dev/) - Does things in [Rust](https://rust-lang.org).\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 6U);
  EXPECT_EQ(entries[0].title, "Foo");
  EXPECT_EQ(entries[0].url, "https://foo.dev/");
  EXPECT_EQ(entries[0].code, "https://github.com/foo/foo");
  EXPECT_EQ(entries[0].description, "Frobs widgets.");
  EXPECT_EQ(entries[1].url, "https://bar.readthedocs.io/");
  EXPECT_EQ(entries[1].description, "Parses bars.");
  EXPECT_EQ(entries[2].description, "Does things.");
  ASSERT_EQ(entries[2].description_links.size(), 1U);
  EXPECT_EQ(entries[2].description_links[0].url, "https://qux.dev/docs");
  EXPECT_EQ(entries[3].title, "Garply");
  EXPECT_EQ(entries[3].url, "https://garply.dev/");
  EXPECT_EQ(entries[3].code, "https://github.com/garply/garply");
  EXPECT_EQ(entries[3].description, "Does things.");
  EXPECT_EQ(entries[4].description, "Does things; see the docs");
  EXPECT_EQ(entries[5].description, "Does things in Rust.");
}

// "[![OSS][oss] ![Freeware][free]](repo)": a link made only of badges, one
// or several, is the entry's code and no words of its description.
TEST(MarkdownLoader, ALinkOfSeveralBadgesIsTheEntrysCode) {
  const LoadResult result = load_text(
      "# L\n\n## Video\n\n"
      "* [VLC](https://www.videolan.org/) - Media player. [![OSS][oss] ![Free][free]]"
      "(https://github.com/videolan/vlc)\n\n"
      "[oss]: https://img.example/oss.svg\n[free]: https://img.example/free.svg\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_EQ(entries[0].code, "https://github.com/videolan/vlc");
  EXPECT_EQ(entries[0].description, "Media player.");
}

// A badge about something else (a policy, a build) links no code, even when
// it links a repository: only one its image is about or names as code does.
TEST(MarkdownLoader, ABadgeAboutSomethingElseIsNoCode) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "* [ewebsock](https://github.com/rerun-io/ewebsock) - WebSocket library. "
      "[![unsafe forbidden](https://img.shields.io/badge/unsafe-forbidden-success.svg)]"
      "(https://github.com/rust-secure-code/safety-dance/)\n"
      "* [hck](https://github.com/sstadick/hck) - A cut. [![build badge]"
      "(https://github.com/sstadick/hck/workflows/Check/badge.svg)](https://github.com/sstadick/"
      "hck)\n"
      "* [Paper](https://arxiv.org/abs/1) - A method. "
      "[![Code](https://img.shields.io/badge/Code-black)](https://github.com/o/method)\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[0].code, "");
  EXPECT_EQ(entries[0].description, "WebSocket library.");
  EXPECT_EQ(entries[1].code, "");  // its own repository: nothing to add
  EXPECT_EQ(entries[2].code, "https://github.com/o/method");
}

// An HTML table whose rows are named by their first cell in words: a link
// in a later cell, named by its own name, is the row's data (its corpus, its
// licence), not an entry; one named as the row's paper is the entry the row
// names.
TEST(MarkdownLoader, LinksBesideAnHtmlRowsNameAreItsData) {
  const LoadResult result = load_text(
      "# L\n\n## Licences\n\n<table>\n<tr><td>GPT-Neo</td><td>MIT</td>"
      "<td><a href=\"https://pile.example/\">Pile</a></td></tr>\n"
      "<tr><td>Some <b>model</b></td><td><a href=\"https://arxiv.org/abs/1\">paper</a></td></tr>\n"
      "<tr><td><a href=\"https://model.example/\">Linked model</a></td>"
      "<td><a href=\"https://data.example/\">Data</a></td></tr>\n</table>\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[0].title, "Some model");
  EXPECT_EQ(entries[0].url, "https://arxiv.org/abs/1");
  EXPECT_EQ(entries[1].url, "https://model.example/");
  EXPECT_EQ(entries[2].url, "https://data.example/");
  EXPECT_EQ(result.not_entries.at("links in a table row that its first cell names"), 1U);
}

// "- [Title](url)" then "- A technical guide to …": a sentence item right
// after an entry without a description is its description; after a
// described entry, or without a full sentence, it stays prose.
TEST(MarkdownLoader, ASentenceItemAfterAnUndescribedEntryDescribesIt) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- [Data Selection To Fine Tuning](https://example.org/book)\n"
      "- A technical guide that covers constructing models.\n"
      "- [Described](https://example.org/d) - Already described.\n"
      "- A sentence that describes nothing here.\n"
      "- [Bare](https://example.org/b)\n"
      "- Short one.\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[0].description, "A technical guide that covers constructing models.");
  EXPECT_EQ(entries[0].where("description").line, 6);
  EXPECT_EQ(entries[0].end_line, 6);
  EXPECT_EQ(entries[1].description, "Already described.");
  EXPECT_TRUE(entries[2].description.empty());
  EXPECT_EQ(result.not_entries.at("descriptions written as the next item"), 1U);
  EXPECT_EQ(result.not_entries.at("prose items"), 2U);
}

// A list whose sections are "#" headings may write each entry as a "##"
// heading link; its subheadings without a link ("### Links") hold its
// details, whatever their lists link.
TEST(MarkdownLoader, LinkHeadingsBelowLevelOneSectionsAreEntries) {
  const LoadResult result = load_text(
      "<h1>Agents</h1>\n\n## Who is behind this?\n\nUs.\n\n# Open-source projects\n\n"
      "## [Adala](https://github.com/o/adala)\nAutonomous data agent framework\n\n"
      "### Category\nGeneral purpose\n\n### Links\n"
      "- [Documentation](https://o.github.io/adala/)\n- [Discord](https://discord.gg/x)\n\n"
      "## [Aider](https://github.com/o/aider)\n\n### Description\n- Pair programming.\n\n"
      "# Closed-source projects\n\n## [Agent X](https://agentx.example/)\nAn agent.\n");
  ASSERT_EQ(result.list.sections.size(), 3U);
  const Section& open = result.list.sections[1];
  EXPECT_EQ(open.title, "Open-source projects");
  EXPECT_TRUE(open.groups.empty());
  ASSERT_EQ(open.entries.size(), 2U);
  EXPECT_EQ(open.entries[0].title, "Adala");
  EXPECT_EQ(open.entries[0].description, "Autonomous data agent framework");
  EXPECT_TRUE(open.entries[1].description.empty());
  EXPECT_EQ(result.list.sections[2].entries.at(0).url, "https://agentx.example/");
  EXPECT_EQ(result.not_entries.at("details under an entry"), 3U);
  EXPECT_THAT(result.list.headings, ::testing::Contains("Links"));
}

// Inside the <details> tag a heading entry opens, a heading of its own level
// ("## Links") is a part of its details too, not a section.
TEST(MarkdownLoader, HeadingsInsideAnEntrysDetailsTagAreItsDetails) {
  const LoadResult result = load_text(
      "# Agents\n\n# Open-source projects\n\n"
      "## [React Agent](https://reactagent.example/)\nAn autonomous agent.\n<details>\n\n"
      "### Category\nCoding\n\n## Description\n- An experimental agent\n\n## Links\n"
      "- [GitHub](https://github.com/o/react-agent)\n\n</details>\n\n"
      "## [Adala](https://github.com/o/adala)\nAutonomous data agent framework\n");
  ASSERT_EQ(result.list.sections.size(), 1U);
  const Section& open = result.list.sections[0];
  EXPECT_EQ(open.title, "Open-source projects");
  ASSERT_EQ(open.entries.size(), 2U);
  EXPECT_EQ(open.entries[0].title, "React Agent");
  EXPECT_EQ(open.entries[1].title, "Adala");
  EXPECT_EQ(result.not_entries.at("details under an entry"), 2U);
}

// Items before a list's first section heading are its preamble (its
// authors, sponsors, sibling lists), counted, not entries; a list without
// section headings is all entries.
TEST(MarkdownLoader, ItemsBeforeTheFirstSectionAreThePreamble) {
  const LoadResult with_sections = load_text(
      "# L\n\n- [Jane Doe](https://github.com/jane)<sup>1,2</sup>\n"
      "- [Sibling list](https://github.com/o/awesome-sibling)\n\nIntro text.\n\n"
      "## S\n\n- [Tool](https://github.com/o/tool) - Does things.\n");
  ASSERT_EQ(with_sections.list.sections.size(), 1U);
  EXPECT_EQ(with_sections.list.sections[0].title, "S");
  EXPECT_EQ(with_sections.list.entry_count(), 1U);
  EXPECT_EQ(with_sections.not_entries.at("items before the first section (its preamble)"), 2U);
  const LoadResult flat = load_text(
      "# L\n\n- [Tool](https://github.com/o/tool) - Does things.\n"
      "- [Other](https://github.com/o/other) - Does more.\n");
  EXPECT_EQ(flat.list.entry_count(), 2U);
}

// A placeholder ("[标题]()") and a cross-reference within the list ("[also in
// [2.1](#s)]") link no resource: the first is counted as a placeholder, an
// item with only the second is prose, and neither is an entry's URL.
TEST(MarkdownLoader, PlaceholdersAndCrossReferencesLinkNoResource) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- [标题]()\n"
      "- [EuroSys'23] SiloD: Caching and Scheduling [also in [2.1](#s)]\n"
      "- [Real](https://real.dev) - A thing, [also in [2.1](#s)].\n"
      "- SiloD [also in [2.1](#s)] - [paper](https://arxiv.org/abs/1)\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].url, "https://real.dev");
  EXPECT_EQ(entries[1].url, "https://arxiv.org/abs/1");
  EXPECT_EQ(result.not_entries.at("placeholders (links without a URL)"), 1U);
  EXPECT_EQ(result.not_entries.at("prose items"), 1U);
  EXPECT_TRUE(result.diagnostics.empty());
}

// "[[code](-)]": a tag the list left empty is no code, no word of the title
// and no link of the entry; an item whose every tag is empty is a
// placeholder.
TEST(MarkdownLoader, AnEmptyTagIsNoLinkOfTheEntry) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- [**2021 | CVPR**] Lottery Tickets [[paper](https://arxiv.org/abs/2012.06908)] "
      "[[code](-)]\n"
      "- [**2021 | ICLR**] Optimizer Fusion [[paper]()] [[code](-)]\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_EQ(entries[0].url, "https://arxiv.org/abs/2012.06908");
  EXPECT_TRUE(entries[0].code.empty());
  EXPECT_THAT(entries[0].title, ::testing::Not(::testing::HasSubstr("code")));
  EXPECT_EQ(result.not_entries.at("placeholders (links without a URL)"), 1U);
  EXPECT_TRUE(result.diagnostics.empty());
}

// Inside a category label's group, the links line's label describes its
// entries.
TEST(MarkdownLoader, ALinksLineInAGroupIsDescribedByItsLabel) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- Drivers\n"
      "  - Go: [pq](https://github.com/lib/pq), [pgx](https://github.com/jackc/pgx)\n"
      "  - [libpq](https://www.postgresql.org/docs/current/libpq.html) - C client.\n");
  const Section& section = result.list.sections.at(0);
  ASSERT_EQ(section.groups.size(), 1U);
  const std::vector<Entry>& entries = section.groups[0].entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[1].title, "pgx");
  EXPECT_EQ(entries[1].description, "Go");
}

// An item that says who made something ("Authors: [Ann](…) and [Bo](…)")
// names people, not resources; an item whose title's link comes first is an
// entry even when its description names its author.
TEST(MarkdownLoader, AuthorBylinesAreNoEntries) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- Authors: [Ann](https://twitter.com/ann) and [Bo](https://twitter.com/bo)\n"
      "- By [Cy](https://github.com/cy)\n"
      "- [Tool](https://github.com/o/tool) - By [Cy](https://github.com/cy).\n"
      "- Bytes: [Tool2](https://github.com/o/tool2)\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].url, "https://github.com/o/tool");
  EXPECT_EQ(entries[1].url, "https://github.com/o/tool2");
  EXPECT_EQ(result.not_entries.at("author bylines"), 2U);
}

// A mark before the title's link ("⭐", "🧰", a task box) is no word of the
// title; words before it are ("(C++) [Thing](…)").
TEST(MarkdownLoader, AMarkBeforeTheTitlesLinkIsNoWordOfIt) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- [ ] \xe2\xad\x90 [Dissecting the Runtime](https://arxiv.org/abs/1) - Evaluations.\n"
      "- \xf0\x9f\xa7\xb0 [free-programming-books](https://github.com/a/b)\n"
      "- (C++) [Thing](https://github.com/a/c) - A thing.\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[0].title, "Dissecting the Runtime");
  EXPECT_EQ(entries[1].title, "free-programming-books");
  EXPECT_EQ(entries[2].title, "(C++) Thing");
}

// A link labelled with its forge ("[GitHub](…)") is the entry's code, on the
// title's line or the next.
TEST(MarkdownLoader, AForgeLabelledLinkIsTheCode) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- [Ginkgo](https://ginkgo.example/) - A sparse linear algebra library.\n"
      "  (C++, BSD, [GitHub](https://github.com/g/ginkgo))\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_EQ(entries[0].url, "https://ginkgo.example/");
  EXPECT_EQ(entries[0].code, "https://github.com/g/ginkgo");
}

// A name without a link names the resource its description links; a
// sentence before a dash names nothing, and stays a note.
TEST(MarkdownLoader, ANameWithoutALinkTakesTheLinkOfItsDescription) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- **Tiler** - [Website](https://tiler.example/) A tiling library.\n"
      "- Scanner - https://scanner.example/docs\n"
      "- Now you are in the tools section, if you need plugins - go to "
      "[Plugins](https://plugins.example/).\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 3U);
  EXPECT_EQ(entries[0].title, "Tiler");
  EXPECT_EQ(entries[0].url, "https://tiler.example/");
  EXPECT_EQ(entries[0].where("url").column, 15);
  EXPECT_EQ(entries[1].title, "Scanner");
  EXPECT_EQ(entries[1].url, "https://scanner.example/docs");
  EXPECT_EQ(entries[2].url, "");
  EXPECT_EQ(entries[2].kind, EntryKind::note);
}

// A sponsor's link heading above the list's title is no entry, and the
// summary counts it.
TEST(MarkdownLoader, ALinkHeadingAboveTheTitleIsNoEntry) {
  const LoadResult result = load_text(
      "<div align=\"center\">\n\n### [Sponsor, the app for developers](https://sponsor.example/"
      "list)\n\n</div>\n\n# L\n\n## S\n\n### [alf](https://github.com/o/alf)\n\nA "
      "plugin framework.\n");
  ASSERT_EQ(result.list.sections.size(), 1U);
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_EQ(entries[0].title, "alf");
  EXPECT_EQ(result.not_entries.at("link headings above the list's title"), 1U);
}

// "[Name](url)." then a line of words and links: the full stop ends the
// title, and the line describes the entry.
TEST(MarkdownLoader, AFullStopAfterTheTitlesLinkEndsTheTitle) {
  const LoadResult result = load_text(
      "# L\n\n## Guides\n\n"
      "* [Greg's wiki](https://mywiki.example).\n"
      "  Specifically [Bash Guide](https://mywiki.example/BashGuide) and "
      "[Bash FAQ](https://mywiki.example/BashFAQ)\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_EQ(entries[0].title, "Greg's wiki");
  EXPECT_EQ(entries[0].url, "https://mywiki.example");
  EXPECT_EQ(entries[0].description, "Specifically Bash Guide and Bash FAQ");
  EXPECT_EQ(entries[0].where("description").line, 6);
}

// A link in bold is the entry's link, and words on the line after a link
// describe it; a second link on that line is the entry's code when labelled
// so, and another resource when not.
TEST(MarkdownLoader, ABoldLinkAndADescriptionOnTheNextLine) {
  const LoadResult result = load_text(
      "# L\n\n## S\n\n"
      "- **[Bold](https://a.example/b)** - A library for things.\n"
      "- _**[Both](https://a.example/c)**_\n  A library on the next line.\n"
      "- :moneybag: [Hard](https://a.example/d)  \n  Salary stats. Better than Glassdoor.\n"
      "- [Br](https://a.example/e)<br>A library after a break.\n"
      "- [Paper](https://arxiv.org/abs/1234.5678)\n  [Code](https://github.com/a/b)\n"
      "- [Wide](https://a.example/f)\n\t-[Dirac](https://a.example/g)\n");
  const std::vector<Entry>& entries = result.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 6U);
  EXPECT_EQ(entries[0].title, "Bold");
  EXPECT_EQ(entries[0].url, "https://a.example/b");
  EXPECT_EQ(entries[0].description, "A library for things.");
  EXPECT_EQ(entries[1].title, "Both");
  EXPECT_EQ(entries[1].url, "https://a.example/c");
  EXPECT_EQ(entries[1].description, "A library on the next line.");
  EXPECT_EQ(entries[1].where("description").line, 7);
  EXPECT_EQ(entries[2].title, "Hard");
  EXPECT_EQ(entries[2].description, "Salary stats. Better than Glassdoor.");
  EXPECT_EQ(entries[3].title, "Br");
  EXPECT_EQ(entries[3].description, "A library after a break.");
  EXPECT_EQ(entries[4].title, "Paper");
  EXPECT_EQ(entries[4].code, "https://github.com/a/b");
  // "\t-[Dirac](…)" has no space after its dash: a line meant as an item,
  // counted, and no word of Wide's title.
  EXPECT_EQ(entries[5].title, "Wide");
  EXPECT_EQ(entries[5].description, "");
  EXPECT_EQ(result.not_entries.at(
                "lines meant as items, with no space after the dash (\"-[name](url)\")"),
            1U);
}

// "### [alf](url)" with a paragraph under it is an entry written as a
// heading: the paragraph describes it, its bullets are its details.
TEST(MarkdownLoader, AHeadingThatIsALinkIsAnEntry) {
  const LoadResult result = load_text(
      "# L\n\n## Frameworks\n\n### [alf](https://github.com/o/alf)\n"
      "![stars](https://img.shields.io/github/stars/o/alf)\n\n"
      "**Alf** is a framework;\nit loads [Prezto](https://github.com/s/prezto).\n\n"
      "- Instant Prompts - it starts fast.\n\n"
      "### [zgen](https://github.com/o/zgen)\n\nA plugin manager.\n\n"
      "### :star: [Superagent](https://superagent.example/)\n\nAn agent framework.\n\n"
      "### Other\n\n"
      "- [x](https://x.example/) - An entry.\n\n## Installation\n\n"
      "### [zgen](https://github.com/o/zgen)\n\nAdd `zgen load` to your .zshrc.\n");
  const Section& section = result.list.sections.at(0);
  ASSERT_EQ(section.entries.size(), 3U);
  EXPECT_EQ(section.entries[0].title, "alf");
  EXPECT_EQ(section.entries[0].url, "https://github.com/o/alf");
  EXPECT_EQ(section.entries[0].description, "Alf is a framework; it loads Prezto.");
  EXPECT_EQ(section.entries[0].location.line, 5);
  EXPECT_EQ(section.entries[1].description, "A plugin manager.");
  // A mark before the heading's link is no word of it.
  EXPECT_EQ(section.entries[2].title, "Superagent");
  EXPECT_EQ(section.entries[2].description, "An agent framework.");
  ASSERT_EQ(section.groups.size(), 1U);
  EXPECT_EQ(section.groups[0].title, "Other");
  EXPECT_EQ(section.groups[0].entries.size(), 1U);
  EXPECT_EQ(result.not_entries.at("details under an entry"), 1U);
  EXPECT_EQ(result.list.entry_count(), 4U);  // how to install one is no entry
}

// " # [SUN RGB-D](url) - A benchmark" among "##" sections is an entry
// written one level too high: it neither opens a section nor swallows the
// sections after it.
TEST(MarkdownLoader, ALevelOneLinkHeadingAmongLevelTwoSectionsIsAnEntry) {
  const LoadResult result = load_text(
      "# L\n\n## Datasets\n\n- [KITTI](https://kitti.example/) - Driving.\n"
      " # [SUN RGB-D](https://rgbd.example/) - A scene understanding benchmark.\n\n"
      "## Next\n\n- [X](https://x.example/) - An entry.\n");
  ASSERT_EQ(result.list.sections.size(), 2U);
  const std::vector<Entry>& datasets = result.list.sections[0].entries;
  ASSERT_EQ(datasets.size(), 2U);
  EXPECT_EQ(datasets[1].title, "SUN RGB-D");
  EXPECT_EQ(datasets[1].description, "A scene understanding benchmark.");
  EXPECT_EQ(result.list.sections[1].entries.size(), 1U);
}

// A list made of "##" headings that each link a resource, with an anchor for
// the contents before the link and a way back to it after: the headings are
// its entries, one section of them, and the lists under each (its languages,
// who uses it) are details, not groups of entries.
TEST(MarkdownLoader, LevelTwoLinkHeadingsThroughoutAreEntries) {
  const std::string runtime =
      "## <a name=\"NAME\"></a>[NAME](https://github.com/o/NAME) <sup>[top](#contents)</sup>\n\n"
      "> NAME runs WebAssembly.\n\n"
      "* **Languages written in**\n\n    <table><tr><td>C</td></tr></table>\n\n"
      "* **Used by**\n\n    - [a](https://a.example/)\n    - [b](https://b.example/)\n\n";
  std::string text =
      "# Runtimes\n\nA list.\n\n#### Legend\n:rocket: - active\n\n"
      "## CONTENTS\n\n- [wac](#wac)\n- [wagon](#wagon)\n- [wasm3](#wasm3)\n\n";
  for (const char* name : {"wac", "wagon", "wasm3"}) {
    std::string one = runtime;
    for (std::size_t at = one.find("NAME"); at != std::string::npos; at = one.find("NAME", at)) {
      one.replace(at, 4, name);
    }
    text += one;
  }
  text += "## License\n\n[CC0](https://creativecommons.org/publicdomain/zero/1.0/)\n";
  const LoadResult result = load_text(text);
  ASSERT_EQ(result.list.entry_count(), 3U);
  const Section& section = result.list.sections.at(0);
  EXPECT_EQ(section.title, "Runtimes");
  ASSERT_EQ(section.entries.size(), 3U);
  EXPECT_TRUE(section.groups.empty());
  EXPECT_EQ(section.entries[0].title, "wac");
  EXPECT_EQ(section.entries[0].url, "https://github.com/o/wac");
  EXPECT_EQ(section.entries[0].description, "wac runs WebAssembly.");
  EXPECT_EQ(section.entries[2].title, "wasm3");
  EXPECT_EQ(result.not_entries.count("items before the first section (its preamble)"), 0U);
}

// Among "##" sections, a few "## [Name](url)" headings are sections still.
TEST(MarkdownLoader, AFewLevelTwoLinkHeadingsAmongSectionsStaySections) {
  const LoadResult result = load_text(
      "# L\n\n## [Rust](https://rust.example/)\n\n- [a](https://a.example/) - A.\n\n"
      "## [Go](https://go.example/)\n\n- [b](https://b.example/) - B.\n\n"
      "## [Zig](https://zig.example/)\n\n- [c](https://c.example/) - C.\n\n"
      "## Books\n\n- [d](https://d.example/) - D.\n\n"
      "## Talks\n\n- [e](https://e.example/) - E.\n\n");
  ASSERT_EQ(result.list.sections.size(), 5U);
  EXPECT_EQ(result.list.sections[0].title, "Rust");
  EXPECT_EQ(result.list.entry_count(), 5U);
}

// Under an entry, an item that only links the same work elsewhere, named by
// the kind of page ("[arxiv version](…)", "[[pdf](…)] [[openreview](…)]"), is
// no entry of its own; an item that names a resource still is.
TEST(MarkdownLoader, ANestedLinkToTheSameWorkElsewhereIsNoEntry) {
  const LoadResult result = load_text(
      "# L\n\n## Papers\n\n"
      "- [tf.data service](https://a.example/tfdata.pdf) - Disaggregated input processing.\n"
      "  - [arxiv version](https://arxiv.org/abs/2210.14826)\n"
      "- [MLTCP](https://arxiv.org/abs/2402.09589) - Congestion control for training.\n"
      "  - [[pdf](https://b.example/mltcp.pdf)] [[openreview](https://openreview.net/x)]\n"
      "  - [Wisp](https://github.com/w/wisp) - A framework built on it.\n");
  const Section& section = result.list.sections.at(0);
  ASSERT_EQ(section.entries.size(), 3U);
  EXPECT_EQ(section.entries[0].title, "tf.data service");
  EXPECT_EQ(section.entries[1].title, "MLTCP");
  EXPECT_EQ(section.entries[2].title, "Wisp");
  EXPECT_EQ(result.not_entries.at("other links of the entry above (\"[arxiv version](…)\")"), 2U);
}

// A plain title whose only item below is its links ("[[arxiv](…)]
// [[code](…)]") is one entry under that title, not a group of one entry
// titled "arxiv"; a plain label over described entries is still a group.
TEST(MarkdownLoader, APlainTitleOverItsLinksIsOneEntry) {
  const LoadResult result = load_text(
      "# L\n\n## Papers\n\n"
      "- [ICLR'24] CO2: Efficient Distributed Training\n"
      "  - [[arxiv](https://arxiv.org/abs/2401.16265)] [[code](https://github.com/o/co2)]\n"
      "- Schedulers\n"
      "  - [Oobleck](https://github.com/o/oobleck) - Resilient training.\n");
  const Section& section = result.list.sections.at(0);
  ASSERT_EQ(section.entries.size(), 1U);
  EXPECT_EQ(section.entries[0].title, "[ICLR'24] CO2: Efficient Distributed Training");
  EXPECT_EQ(section.entries[0].url, "https://arxiv.org/abs/2401.16265");
  EXPECT_EQ(section.entries[0].code, "https://github.com/o/co2");
  EXPECT_EQ(section.entries[0].location.line, 5);
  ASSERT_EQ(section.groups.size(), 1U);
  EXPECT_EQ(section.groups[0].title, "Schedulers");
  ASSERT_EQ(section.groups[0].entries.size(), 1U);
  EXPECT_EQ(result.not_entries.at("other links of the entry above (\"[arxiv version](…)\")"), 1U);
  EXPECT_EQ(result.list_items, 4U);
}

// "## [Vim](url)" then "> Vim emulation for VS Code.": a quote under a
// heading entry describes it as a paragraph would.
TEST(MarkdownLoader, AQuoteUnderAHeadingEntryDescribesIt) {
  const LoadResult result = load_text(
      "# L\n\n## Editors\n\n### [Vim](https://marketplace.example/vim)\n\n"
      "> Vim emulation for VS Code.\n\n![shot](https://img.example/vim.gif)\n");
  const Section& section = result.list.sections.at(0);
  ASSERT_EQ(section.entries.size(), 1U);
  EXPECT_EQ(section.entries[0].description, "Vim emulation for VS Code.");
  EXPECT_EQ(section.entries[0].description_form, DescriptionForm::paragraph);
}

// A heading entry whose list links articles, with no lead-in before it,
// also names the group of those entries; after "Tools provided:" the links
// are the entry's own details.
TEST(MarkdownLoader, AHeadingEntrysListOfLinksIsAGroupOfEntries) {
  const LoadResult result = load_text(
      "# L\n\n## Compression\n\n"
      "### [Quantization](https://github.com/o/r/tree/main/quantization)\n\n"
      "This series covers common quantization methods.\n\n"
      "- [Overview](https://www.zhihu.com/question/1)\n"
      "- Training-aware:\n    - [LLM-QAT](https://zhuanlan.zhihu.com/p/2)\n\n"
      "### [x-cmd](https://github.com/x-cmd/x-cmd)\n\nA toolset.\n\nTools provided:\n\n"
      "- [Wrappers](https://x-cmd.example/mod/zuz): smarter commands.\n"
      "- [Packages](https://x-cmd.example/pkg/): a package manager.\n");
  const Section& section = result.list.sections.at(0);
  ASSERT_EQ(section.entries.size(), 2U);
  EXPECT_EQ(section.entries[0].title, "Quantization");
  EXPECT_EQ(section.entries[1].title, "x-cmd");
  ASSERT_GE(section.groups.size(), 1U);
  EXPECT_EQ(section.groups[0].title, "Quantization");
  ASSERT_EQ(section.groups[0].entries.size(), 1U);
  EXPECT_EQ(section.groups[0].entries[0].url, "https://www.zhihu.com/question/1");
  EXPECT_EQ(section.groups.back().entries.back().url, "https://zhuanlan.zhihu.com/p/2");
  EXPECT_EQ(result.not_entries.at("details under an entry"), 2U);
  EXPECT_EQ(result.list.entry_count(), 4U);
}

// "#### [superconsole](url) - Windows-only" is an entry described on its
// heading; the bullets under it are its details, features among them.
TEST(MarkdownLoader, AHeadingEntryMayCarryItsDescription) {
  const LoadResult result = load_text(
      "# L\n\n## Windows\n\n#### [superconsole](https://github.com/a/superconsole) - "
      "Windows-only\n\n"
      "- Prompt updates thanks to [agkozak-zsh-prompt](https://github.com/a/prompt)\n\n"
      "### [zush](https://github.com/s/zush) \xF0\x9F\xA6\xA5 - Mid-Performance ZSH "
      "Configuration\n\n"
      "**zush** is fast.\n\nFeatures:\n\n- Instant Prompts - Basic prompt appears at once\n"
      "- Lazy Loading - Tools load when needed\n\n### [x](https://x.example/) and more\n");
  const Section& windows = result.list.sections.at(0);
  ASSERT_EQ(windows.entries.size(), 2U);
  EXPECT_EQ(windows.entries[0].title, "superconsole");
  EXPECT_EQ(windows.entries[0].description, "Windows-only");
  EXPECT_EQ(windows.entries[1].title, "zush");
  EXPECT_EQ(windows.entries[1].description, "Mid-Performance ZSH Configuration");
  EXPECT_EQ(result.not_entries.at("details under an entry"), 3U);
  EXPECT_EQ(result.list.entry_count(), 2U);  // "[x](…) and more" titles a group
}

}  // namespace
}  // namespace sg
