#include "render/entries_writer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "load/entries_loader.h"
#include "load/markdown_loader.h"
#include "rules/engine.h"
#include "support/cli_runner.h"
#include "util/date.h"
#include "util/error.h"

namespace sg {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using Json = nlohmann::ordered_json;

const Policy& list_policy() {
  static const Policy policy = load_policy((testing::source_dir() / "policy/policy.json").string());
  return policy;
}

ImportedEntries import_markdown(const std::string& markdown) {
  LoadResult loaded;
  load_markdown_text("README.md", markdown, loaded);
  return entries_from_list(loaded.list, list_policy());
}

Json document(const ImportedEntries& imported, const std::string& name) {
  for (const EntryDocument& d : imported.documents) {
    if (d.name == name) {
      return Json::parse(d.text);
    }
  }
  ADD_FAILURE() << "no document " << name;
  return Json();
}

const char* const k_list = R"(# Kernel List

Curated kernels.

## Contents

- [GEMM](#gemm)

## GEMM

- [Stream-K](https://arxiv.org/abs/2301.03598) - Work-centric GEMM decomposition.
- [CUTLASS](https://github.com/NVIDIA/cutlass)

### Attention

<!-- sourcegate: kind=report code=https://github.com/org/fa -->
- [FA notes](https://someone.example/fa) - Measured attention kernels.
- [vLLM](https://github.com/vllm-project/vllm), [SGLang](https://github.com/sgl-project/sglang) - Engines.

## Reading path

Verified on 2026-10-17. Read in order.

1. [PTX ISA](https://docs.nvidia.com/cuda/parallel-thread-execution/) - The PTX reference.
2. A book to come - Not yet out.

## License

Text only.
)";

TEST(EntriesWriter, WritesOneFilePerSectionInListOrderThenTheList) {
  const ImportedEntries imported = import_markdown(k_list);
  std::vector<std::string> names;
  for (const EntryDocument& d : imported.documents) {
    names.push_back(d.name);
  }
  EXPECT_THAT(names,
              ElementsAre("00-gemm.json", "01-reading-path.json", "02-license.json", "list.json"));
  EXPECT_EQ(imported.sections, 3U);
  EXPECT_EQ(imported.entries, 6U);
  EXPECT_EQ(imported.documents[0].entries, 4U);
  EXPECT_EQ(document(imported, "list.json"),
            Json::parse(R"({"title": "Kernel List", "tagline": "Curated kernels."})"));
  EXPECT_EQ(document(imported, "02-license.json"),
            Json::parse(R"({"title": "License", "intro": "Text only."})"));
}

TEST(EntriesWriter, KeepsGroupsLinksCodeOrderAndVolatileDates) {
  const ImportedEntries imported = import_markdown(k_list);
  const Json gemm = document(imported, "00-gemm.json");
  ASSERT_EQ(gemm["entries"].size(), 2U);
  EXPECT_EQ(gemm["groups"][0]["title"], "Attention");
  const Json& report = gemm["groups"][0]["entries"][0];
  EXPECT_EQ(report["kind"], "report");  // declared: no review
  EXPECT_EQ(report["code"], "https://github.com/org/fa");
  EXPECT_FALSE(report.contains("review"));
  const Json& engines = gemm["groups"][0]["entries"][1];
  EXPECT_FALSE(engines.contains("url"));
  EXPECT_EQ(engines["links"], Json::parse(R"([
      {"label": "vLLM", "url": "https://github.com/vllm-project/vllm"},
      {"label": "SGLang", "url": "https://github.com/sgl-project/sglang"}])"));
  const Json path = document(imported, "01-reading-path.json");
  EXPECT_EQ(path["ordered"], true);
  EXPECT_EQ(path["intro"], "Read in order.");
  EXPECT_EQ(path["volatile"]["verified"], "2026-10-17");
  EXPECT_GT(path["volatile"]["max_age_days"].get<int>(), 0);
  EXPECT_EQ(path["entries"][1]["kind"], "note");
  EXPECT_FALSE(path["entries"][1].contains("url"));
  EXPECT_FALSE(path["entries"][1].contains("review"));
}

TEST(EntriesWriter, InfersKindsAsTheRulesDoAndSaysWhatWasGuessed) {
  const ImportedEntries imported = import_markdown(k_list);
  const Json gemm = document(imported, "00-gemm.json");
  const Json& paper = gemm["entries"][0];
  EXPECT_EQ(paper["kind"], "paper");
  ASSERT_EQ(paper["review"].size(), 1U);
  EXPECT_THAT(paper["review"][0].get<std::string>(),
              HasSubstr("kind inferred from the URL (host rule: arxiv.org"));
  const Json& repo = gemm["entries"][1];
  EXPECT_EQ(repo["kind"], "repo");
  EXPECT_EQ(repo["description"], "CUTLASS");
  ASSERT_EQ(repo["review"].size(), 2U);
  EXPECT_EQ(repo["review"][1], "description missing (the title stands in)");
  EXPECT_EQ(imported.reviewed, 4U);  // paper, repo, engines, PTX
  EXPECT_EQ(imported.guesses.at(std::string(k_review_kind_inferred)), 4U);
  EXPECT_EQ(imported.guesses.at(std::string(k_review_description_missing)), 1U);
}

TEST(EntriesWriter, GuessesAKindNoHostRuleGives) {
  const ImportedEntries imported = import_markdown(
      "# L\n\n## S\n\n- [Tool](https://tool.unknown-host.example/tool) - A tool.\n"
      "- [Home](https://home.unknown-host.example/) - A home page.\n");
  const Json entries = document(imported, "00-s.json")["entries"];
  EXPECT_EQ(entries[0]["kind"], "docs");
  EXPECT_EQ(entries[0]["review"][0],
            "kind guessed (no host rule or URL shape classifies tool.unknown-host.example)");
  // A site root is a home page, a class that allows no kind.
  EXPECT_EQ(entries[1]["kind"], "docs");
  EXPECT_THAT(entries[1]["review"][0].get<std::string>(),
              HasSubstr("kind guessed (URL shape: a site root, a class that infers no kind)"));
  EXPECT_EQ(imported.guesses.at(std::string(k_review_kind_guessed)), 2U);
}

// Rendered entries link only what the rules judge: a link among the
// description's words is not written back, but named for a person to act on.
TEST(EntriesWriter, NamesEachDescriptionLinkItDoesNotKeep) {
  const ImportedEntries imported = import_markdown(
      "# L\n\n## S\n\n- [Tool](https://arxiv.org/abs/2301.03598) by "
      "[Ann](https://ann.example/) - Read [the post](https://blog.example/p) first.\n"
      "- [Other](https://arxiv.org/abs/2301.03599) - Plain words.\n");
  const Json entries = document(imported, "00-s.json")["entries"];
  EXPECT_EQ(entries[0]["description"], "by Ann - Read the post first.");
  EXPECT_THAT(entries[0]["review"],
              ::testing::Contains("description link not kept ([Ann](https://ann.example/): give "
                                  "that page its own entry, or leave it out)"));
  EXPECT_THAT(entries[0]["review"],
              ::testing::Contains("description link not kept ([the post](https://blog.example/p): "
                                  "give that page its own entry, or leave it out)"));
  EXPECT_EQ(entries[1]["review"].size(), 1U);  // only its kind
  EXPECT_EQ(imported.guesses.at(std::string(k_review_description_link)), 2U);
}

TEST(EntriesWriter, DocumentsAreCanonicalAndLoadBackWithoutSchemaErrors) {
  const ImportedEntries imported = import_markdown(k_list);
  LoadResult loaded;
  for (const EntryDocument& d : imported.documents) {
    EXPECT_EQ(canonical_entries_text(d.name, d.text), d.text) << d.name;
    load_entries_text("entries/" + d.name, d.text, loaded);
  }
  EXPECT_TRUE(loaded.diagnostics.empty()) << loaded.diagnostics.front().message;
  EXPECT_EQ(loaded.list.entry_count(), imported.entries);
  EXPECT_EQ(loaded.list.title, "Kernel List");
  std::size_t review_findings = 0;
  for (const Diagnostic& d : run_rules(loaded.list, list_policy(), *parse_date("2026-11-01"))) {
    review_findings += d.rule == "entry/review" ? 1 : 0;
  }
  EXPECT_EQ(review_findings, imported.reviewed);
}

TEST(EntriesWriter, FoldsLineBreaksOfOneLineFields) {
  List list;
  list.title = "L";
  list.tagline = "A list of\n[links](https://x.example).";
  Section section;
  section.title = "S";
  Entry entry;
  entry.title = "Two\n  lines";
  entry.url = "https://arxiv.org/abs/2301.03598";
  entry.description = "First line\nsecond line.";
  section.entries.push_back(entry);
  list.sections.push_back(section);
  const ImportedEntries imported = entries_from_list(list, list_policy());
  const Json json = document(imported, "00-s.json")["entries"][0];
  EXPECT_EQ(json["title"], "Two lines");
  EXPECT_EQ(json["description"], "First line second line.");
  // A tagline with markup or line breaks would be escaped or refused: it
  // opens the intro instead.
  EXPECT_EQ(document(imported, "list.json"),
            Json::parse(R"({"title": "L", "intro": "A list of\n[links](https://x.example)."})"));
}

TEST(EntriesWriter, NamesSectionFilesSoThatTheyLoadInOrder) {
  EXPECT_EQ(section_file_name(0, "1. GPU fundamentals"), "00-1-gpu-fundamentals.json");
  EXPECT_EQ(section_file_name(12, "Café & Tea ☕"), "12-caf-tea.json");
  EXPECT_EQ(section_file_name(3, "☕"), "03-section.json");
  EXPECT_EQ(section_file_name(99, std::string(60, 'a') + " b"),
            "99-" + std::string(48, 'a') + ".json");
  EXPECT_TRUE(is_section_file_name(section_file_name(99, "x")));
}

TEST(EntriesWriter, RefusesMoreSectionsThanFileNamesOrder) {
  List list;
  list.title = "L";
  list.sections.resize(k_max_section_files + 1);
  list.sections.back().location = Location{"README.md", 412, 1};
  try {
    entries_from_list(list, list_policy());
    ADD_FAILURE() << "101 sections imported";
  } catch (const InputError& error) {
    // Where the first section without a file name stands, and what to do.
    EXPECT_EQ(error.location().line, 412);
    EXPECT_EQ(error.location().file, "README.md");
    EXPECT_THAT(error.what(), HasSubstr("gather its sections under at most 100"));
  }
}

TEST(EntriesWriter, UntitledListWritesNoListFile) {
  const ImportedEntries imported = import_markdown("## S\n\n- [A](https://arxiv.org/abs/1) - A.\n");
  ASSERT_EQ(imported.documents.size(), 1U);
  EXPECT_EQ(imported.documents[0].name, "00-s.json");
  EXPECT_THAT(imported.notes, ElementsAre(HasSubstr("no list.json")));
}

}  // namespace
}  // namespace sg
