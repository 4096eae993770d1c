#include <algorithm>

#include <fmt/format.h>

#include "load/markdown_loader.h"
#include "rules/engine.h"
#include "rules/rule_test_support.h"
#include "util/date.h"

namespace sg::testing {
namespace {

/// The lines entry/duplicate-url reports in `loaded` under `policy`.
std::vector<int> duplicate_lines(const LoadResult& loaded, const std::string& policy) {
  std::vector<int> lines;
  for (const Diagnostic& d :
       run_rules(loaded.list, parse_policy("p.json", policy), *parse_date("2026-11-30"))) {
    if (d.rule == "entry/duplicate-url") {
      lines.push_back(d.location.line);
    }
  }
  return lines;
}

TEST(EntryDuplicateUrl, FindsTheSamePageUnderAnotherSpelling) {
  auto found = lint_section(R"({"title": "S", "entries": [)" +
                            paper("A", "https://arxiv.org/abs/2301.03598") + ", " +
                            paper("B", "https://arxiv.org/abs/2301.03598v2") + "]}");
  ASSERT_THAT(rule_ids(found), ElementsAre("entry/duplicate-url", "link/canonical"));
  EXPECT_THAT(found[0].message,
              HasSubstr("links the same page as \"A\" at entries/01-test.json:1"));
  EXPECT_EQ(found[0].title, "B");
  // Two names on one page: the link may have been copied from the other.
  EXPECT_THAT(found[0].hint, HasSubstr("give it its own link"));
  auto repeated = lint_section(R"({"title": "S", "entries": [)" +
                               paper("A", "https://arxiv.org/abs/2301.03598") + ", " +
                               paper("A", "https://arxiv.org/abs/2301.03598v2") + "]}");
  ASSERT_FALSE(repeated.empty());
  EXPECT_THAT(repeated[0].hint, Not(HasSubstr("give it its own link")));
}

TEST(EntryDuplicateUrl, QuietForDistinctPagesAndWaivedRepeats) {
  EXPECT_THAT(rule_ids(lint_section(R"({"title": "S", "entries": [)" +
                                    paper("A", "https://arxiv.org/abs/2301.03598") + ", " +
                                    paper("B", "https://arxiv.org/abs/2301.03599") + "]}")),
              IsEmpty());
  auto waived = lint_section(
      R"({"title": "S", "entries": [)" + paper("A", "https://arxiv.org/abs/2301.03598") +
      R"(, {"title": "A", "url": "https://arxiv.org/abs/2301.03598", "kind": "paper", )"
      R"("description": "A paper that the list reads.", "waive": [{"rule": "entry/duplicate-url", )"
      R"("reason": "Read twice on purpose."}]}]})");
  EXPECT_THAT(rule_ids(waived), IsEmpty());
  ASSERT_EQ(waived.size(), 1U);
  EXPECT_EQ(waived[0].waived_reason, "Read twice on purpose.");
}

TEST(EntryDuplicateUrl, TwoSectionsOfOnePageAreTwoEntries) {
  auto found = lint_markdown(
      "# L\n\n## S\n\n- [PCA](https://scikit-learn.org/stable/decomposition.html#pca) - "
      "Principal components.\n- [Factor analysis](https://scikit-learn.org/stable/"
      "decomposition.html#factor-analysis) - Latent factors.\n"
      "- [PCA again](https://scikit-learn.org/stable/decomposition.html#pca) - Twice.\n");
  EXPECT_EQ(std::count_if(found.begin(), found.end(),
                          [](const Diagnostic& d) { return d.rule == "entry/duplicate-url"; }),
            1);
}

// A list that files by topic repeats a resource under its name in each topic
// it serves; a repeat within one topic, or under another name (a link copied
// onto the wrong paper), is still a slip. A topic is a group, else a section.
TEST(EntryDuplicateUrl, AListMayFileOneResourceUnderSeveralTopicsByPolicy) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## SLAM\n\n- [P](https://arxiv.org/abs/1) - One.\n"
                     "- [Q](https://arxiv.org/abs/2) - Two.\n\n## Mapping\n\n"
                     "- [P](https://arxiv.org/abs/1) - One.\n- [P](https://arxiv.org/abs/1) - "
                     "One.\n- [Not Q](https://arxiv.org/abs/2) - A copied link.\n\n"
                     "## Papers\n\n### Alignment\n\n- [R: A Method](https://arxiv.org/abs/3) - "
                     "Three.\n\n### Benchmarks\n\n- [R - a method](https://arxiv.org/abs/3) - "
                     "Three.\n\n## Reading\n\n- [Q](https://arxiv.org/abs/2) - Two.\n",
                     loaded);
  auto duplicates = [&](const std::string& policy) { return duplicate_lines(loaded, policy); };
  EXPECT_THAT(duplicates("{}"), ElementsAre(10, 11, 12, 22, 26));
  // Line 11 repeats P within Mapping; line 12 gives Q's page another name;
  // line 26 files Q again under its own name, whatever the copy said.
  EXPECT_THAT(duplicates(R"({"duplicates": {"across_sections": false}})"), ElementsAre(11, 12));
  // Filed again under its title, a repeat may be meant: a warning that says
  // why; a slip is an error.
  std::vector<std::pair<int, Severity>> severities;
  for (const Diagnostic& d :
       run_rules(loaded.list, parse_policy("p.json", "{}"), *parse_date("2026-11-30"))) {
    if (d.rule == "entry/duplicate-url") {
      severities.emplace_back(d.location.line, d.severity);
      EXPECT_EQ(d.evidence,
                d.severity == Severity::warning ? "the same title under another topic" : "");
    }
  }
  EXPECT_THAT(severities,
              ElementsAre(std::pair{10, Severity::warning}, std::pair{11, Severity::error},
                          std::pair{12, Severity::error}, std::pair{22, Severity::warning},
                          std::pair{26, Severity::warning}));
}

// A section written twice under one heading ("## Codes" again at the end) is
// one topic: its repeats are repeats there, whatever the policy says of
// filing by topic.
TEST(EntryDuplicateUrl, TwoSectionsUnderOneHeadingAreOneTopic) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## Codes\n\n- [P](https://p.example/) - One.\n\n## Papers\n\n"
                     "- [Q](https://arxiv.org/abs/2) - Two.\n\n## Codes\n\n"
                     "- [P](https://p.example/) - One.\n\n## Reading\n\n"
                     "- [Q](https://arxiv.org/abs/2) - Two.\n",
                     loaded);
  EXPECT_THAT(duplicate_lines(loaded, R"({"duplicates": {"across_sections": false}})"),
              ElementsAre(13));
  // Groups one section names alike ("2025" under each of its subheadings)
  // stay two topics.
  LoadResult years;
  load_markdown_text("README.md",
                     "# L\n\n## Systems\n\n### Training\n\n<details>\n<summary><b>2025</b>"
                     "</summary>\n\n- [P](https://p.example/) - One.\n\n</details>\n\n"
                     "### Serving\n\n<details>\n<summary><b>2025</b></summary>\n\n"
                     "- [P](https://p.example/) - One.\n\n</details>\n",
                     years);
  EXPECT_THAT(duplicate_lines(years, R"({"duplicates": {"across_sections": false}})"), IsEmpty());
  EXPECT_THAT(duplicate_lines(years, "{}"), ElementsAre(19));
}

// A page dozens of entries link is compared by name with its first copies
// only: no one resource filed by topic, and pairs would grow as squares.
TEST(EntryDuplicateUrl, APageManyEntriesLinkIsComparedWithItsFirstCopies) {
  std::string markdown = "# L\n\n";
  for (int i = 0; i < 40; ++i) {
    markdown += fmt::format("## Topic {}\n\n- [Name {}](https://p.example/) - One.\n\n", i,
                            i == 39 ? 35 : i);
  }
  LoadResult loaded;
  load_markdown_text("README.md", markdown, loaded);
  std::vector<std::pair<int, Severity>> last;
  for (const Diagnostic& d :
       run_rules(loaded.list, parse_policy("p.json", "{}"), *parse_date("2026-11-30"))) {
    if (d.rule == "entry/duplicate-url" && d.location.line == 4 * 39 + 5) {
      last.emplace_back(d.location.line, d.severity);
    }
  }
  // "Name 35" is the 36th copy: past the first 32, so the repeat reads as
  // another name for the page.
  EXPECT_THAT(last, ElementsAre(std::pair{4 * 39 + 5, Severity::error}));
}

// Two papers of one lab each link its project page among their other pages:
// they repeat nothing. A paper whose other page is another entry's own link
// repeats that entry.
TEST(EntryDuplicateUrl, SharedOtherPagesAreNoRepeat) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## Agents\n\n"
                     "- **OpenAgents.** [[paper](https://arxiv.org/abs/2310.10634)] "
                     "[[project page](https://docs.xlang.example)]\n"
                     "- **OSWorld.** [[paper](https://arxiv.org/abs/2404.07972)] "
                     "[[project page](https://docs.xlang.example)]\n"
                     "- **Voyager.** [[paper](https://arxiv.org/abs/2305.16291)]\n"
                     "- **FireAct.** [[paper](https://arxiv.org/abs/2310.05915)] "
                     "[[see also](https://arxiv.org/abs/2305.16291)]\n",
                     loaded);
  ASSERT_EQ(loaded.list.entry_count(), 4U);
  EXPECT_THAT(duplicate_lines(loaded, "{}"), ElementsAre(8));
  // The finding names the other link that repeats the page, where it stands.
  for (const Diagnostic& d :
       run_rules(loaded.list, parse_policy("p.json", "{}"), *parse_date("2026-11-30"))) {
    if (d.rule == "entry/duplicate-url") {
      EXPECT_THAT(d.message, HasSubstr("through its other link https://arxiv.org/abs/2305.16291"));
      EXPECT_EQ(d.location.column, 61);  // the "[see also](…)" link
    }
  }
}

// A sponsors' table at the top repeats catalogue entries on purpose: named
// in exempt_sections.repeats, its repeats under the same name are no
// duplicates, in either order; a copied link there, or a repeat between two
// other sections, still is.
TEST(EntryDuplicateUrl, AFeaturedTableRepeatsEntriesOnPurpose) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## Partner APIs\n\n| API | Description |\n|---|---|\n"
                     "| [IPstack](https://ipstack.example/) | Locate. |\n"
                     "| [Fixer](https://fixer.example/) | Rates. |\n\n"
                     "## Geocoding\n\n- [IPstack](https://ipstack.example/) - Locate.\n"
                     "- [Currency](https://fixer.example/) - A copied link.\n"
                     "- [Weather](https://weather.example/) - Forecasts.\n\n"
                     "## Weather\n\n- [Weather](https://weather.example/) - Forecasts.\n\n"
                     "## Featured\n\n- [Weather](https://weather.example/) - Forecasts.\n",
                     loaded);
  auto duplicates = [&](const std::string& policy) { return duplicate_lines(loaded, policy); };
  EXPECT_THAT(duplicates("{}"), ElementsAre(12, 13, 18, 22));
  EXPECT_THAT(duplicates(R"({"exempt_sections": {"repeats": ["partner apis", "Featured"]}})"),
              ElementsAre(13, 18));
}

// Two links of one entry that both repeat an earlier entry are one finding.
TEST(EntryDuplicateUrl, OneFindingPerRepeatedEntry) {
  auto found = lint_markdown(
      "# L\n\n## S\n\n- [Aragog](https://github.com/o/aragog) - A graph tool.\n"
      "- [Aragog](https://github.com/o/aragog) ([mirror](https://github.com/O/Aragog/)) - "
      "Again.\n");
  EXPECT_EQ(std::count_if(found.begin(), found.end(),
                          [](const Diagnostic& d) { return d.rule == "entry/duplicate-url"; }),
            1);
}

// Items nested under an entry are details of it: each GAN collection lists
// the papers it implements, and a paper under two collections is no repeat.
// Under a label ("- Papers", "- [ArangoDB](…)") items are entries still.
TEST(EntryDuplicateUrl, DetailsUnderAnEntryMayRepeat) {
  const auto found = lint_markdown(
      "# L\n\n## S\n\n- [Collection](https://github.com/o/gans) - GANs in one place.\n"
      "  - Generative Adversarial Nets\n"
      "    1. [Vanilla GAN](https://arxiv.org/abs/1406.2661)\n"
      "- [Catalyst.GAN](https://github.com/c/gan) - GANs with Catalyst.\n"
      "  1. [Vanilla GAN](https://arxiv.org/abs/1406.2661)\n"
      "- Databases\n"
      "  - [ArangoDB](https://arangodb.com)\n"
      "    - [Aragog](https://gitlab.com/q/aragog) - An object mapper for ArangoDB.\n"
      "  - OGM\n"
      "    - [Aragog](https://gitlab.com/q/aragog) - An object mapper for ArangoDB.\n");
  const auto repeats = std::count_if(found.begin(), found.end(), [](const Diagnostic& d) {
    return d.rule == "entry/duplicate-url";
  });
  EXPECT_EQ(repeats, 1);
  EXPECT_THAT(found, Contains(::testing::Field(&Diagnostic::message, HasSubstr("\"Aragog\""))));
}

}  // namespace
}  // namespace sg::testing
