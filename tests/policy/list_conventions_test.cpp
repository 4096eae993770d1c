#include "policy/list_conventions.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "load/markdown_loader.h"
#include "sourcegate/shipped_policy.h"

namespace sg {
namespace {

using ::testing::ElementsAre;

ListConventions conventions_of(const std::string& markdown) {
  LoadResult loaded;
  load_markdown_text("README.md", markdown, loaded, ItemSeparators::all());
  return infer_conventions(loaded, {"e.g."});
}

const InferredSetting& find(const ListConventions& conventions, const std::string& key) {
  for (const InferredSetting& setting : conventions.settings) {
    if (setting.key == key) {
      return setting;
    }
  }
  throw std::runtime_error("no setting " + key);
}

// Five entries: colons after the link, no final periods, one in lower case,
// one without a description, one http link and an arXiv PDF.
constexpr const char* k_colon_list =
    "# L\n\n## S\n\n"
    "- [A](https://a.example/): Parses TOML\n"
    "- [B](https://b.example/): Formats JSON, e.g. for logs\n"
    "- [C](http://c.example/): Reads YAML\n"
    "- [D](https://arxiv.org/pdf/2301.03598): a paper about GEMM\n"
    "- [E](https://e.example/)\n";

TEST(ListConventions, FollowWhatNineteenInTwentyEntriesDo) {
  const ListConventions found = conventions_of(k_colon_list);
  const InferredSetting& required = find(found, "description.required");
  EXPECT_FALSE(required.value);  // 4 of 5
  EXPECT_EQ(required.following, 4U);
  EXPECT_EQ(required.seen, 5U);
  EXPECT_FALSE(find(found, "description.final_period").value);   // 0 of 4
  EXPECT_TRUE(find(found, "description.one_sentence").value);    // "e.g." ends none
  EXPECT_FALSE(find(found, "description.capital_start").value);  // 3 of 4
  EXPECT_FALSE(find(found, "canonical.https").value);            // 4 of 5
  EXPECT_FALSE(find(found, "canonical.arxiv_abstract").value);   // 0 of 1
  EXPECT_THAT(found.separators, ElementsAre(":"));
  EXPECT_TRUE(keeps_to(19, 20));
  EXPECT_FALSE(keeps_to(18, 20));
  EXPECT_TRUE(keeps_to(0, 0));
}

// Tags after a title ("[2023.03]", "[47']") say nothing about the resource:
// entries with only tags are not described, and the form settings count them
// as they would be judged (no period, one sentence).
TEST(ListConventions, TagsAreNoDescriptionButCountForTheForm) {
  const ListConventions found = conventions_of(
      "# L\n\n## S\n\n"
      "- [A](https://a.example/) [2023.03]\n"
      "- [B](https://b.example/) [47']\n"
      "- [C](https://c.example/) - Reads YAML.\n");
  const InferredSetting& required = find(found, "description.required");
  EXPECT_EQ(required.following, 1U);
  EXPECT_EQ(required.seen, 3U);
  const InferredSetting& one_sentence = find(found, "description.one_sentence");
  EXPECT_EQ(one_sentence.following, 3U);
  EXPECT_EQ(one_sentence.seen, 3U);
  EXPECT_EQ(find(found, "description.final_period").following, 1U);
}

// A description that opens with the entry's own name in lower case keeps to
// capitalisation as style/description reads it: the list capitalises.
TEST(ListConventions, ANameInLowerCaseIsNoUncapitalisedStart) {
  const std::string names =
      "# L\n\n## S\n\n- [npm](https://npm.example/) - npm installs.\n"
      "- [zgenom-ext](https://github.com/o/zgenom-ext) - zgenom plugins.\n"
      "- [C](https://c.example/) - Reads YAML.\n";
  EXPECT_TRUE(find(conventions_of(names), "description.capital_start").value);
  EXPECT_FALSE(find(conventions_of(names + "- [D](https://d.example/) - reads TOML.\n"),
                    "description.capital_start")
                   .value);  // 3 of 4
}

TEST(ListConventions, SeparatorsAreTheMarksTheListUses) {
  const ListConventions found = conventions_of(
      "# L\n\n## S\n\n- [A](https://a.example/) - One.\n- [B](https://b.example/) \u2014 Two.\n"
      "- [C](https://c.example/) \u2014 Three.\n- [D](https://d.example/) - Four.\n"
      "- [E](https://e.example/): Five.\n");
  // Marks two entries use; one colon may be a title's.
  EXPECT_THAT(found.separators, ElementsAre("-", "\u2014"));
  // A list that separates nothing keeps the default dashes.
  EXPECT_THAT(conventions_of("# L\n\n## S\n\n- [A](https://a.example/)\n").separators,
              ElementsAre("-", "\u2013", "\u2014"));
}

// A feed files a paper under each of its topics, under its title each time;
// one or two such repeats, or a page under another title, are slips.
TEST(ListConventions, AFeedThatFilesByTopicSaysSo) {
  const std::string topics =
      "# L\n\n## Papers\n\n### SLAM\n\n- [P](https://arxiv.org/abs/1) - One.\n"
      "- [Q](https://arxiv.org/abs/2) - Two.\n- [R](https://arxiv.org/abs/3) - Three.\n\n"
      "### Mapping\n\n- [P](https://arxiv.org/abs/1) - One.\n- [Q](https://arxiv.org/abs/2) - "
      "Two.\n";
  // Each setting is copied out of the conventions it belongs to.
  const InferredSetting two = find(conventions_of(topics), "duplicates.across_sections");
  EXPECT_TRUE(two.value);
  EXPECT_EQ(two.seen, 2U);
  const ListConventions feed = conventions_of(topics + "- [R](https://arxiv.org/abs/3) - Three.\n");
  const InferredSetting& three = find(feed, "duplicates.across_sections");
  EXPECT_FALSE(three.value);
  EXPECT_EQ(three.following, 0U);
  EXPECT_EQ(three.seen, 3U);
  // A slip within one topic still counts, and keeps the feed a feed.
  const InferredSetting with_slip =
      find(conventions_of(topics +
                          "- [R](https://arxiv.org/abs/3) - Three.\n- [S](https://arxiv.org/abs/4)"
                          " - Four.\n- [S](https://arxiv.org/abs/4) - Four.\n"),
           "duplicates.across_sections");
  EXPECT_FALSE(with_slip.value);
  EXPECT_EQ(with_slip.following, 1U);
  // Three such repeats in a long hand-kept list are below two in a hundred.
  std::string long_list = topics + "- [R](https://arxiv.org/abs/3) - Three.\n\n### Tools\n\n";
  for (int i = 0; i < 150; ++i) {
    long_list += fmt::format("- [T{0}](https://t{0}.example/) - A tool.\n", i);
  }
  EXPECT_TRUE(find(conventions_of(long_list), "duplicates.across_sections").value);
  // Pages repeated under other titles are copied links, not filing.
  EXPECT_TRUE(find(conventions_of(topics + "- [Not R](https://arxiv.org/abs/3) - Three.\n"),
                   "duplicates.across_sections")
                  .value);
}

TEST(ListConventions, NothingToGoByKeepsTheDefault) {
  const ListConventions found = conventions_of("# L\n\n## S\n\nProse only.\n");
  for (const InferredSetting& setting : found.settings) {
    EXPECT_TRUE(setting.value) << setting.key;
    EXPECT_EQ(setting.seen, 0U) << setting.key;
  }
}

// A judgement rule that fires on more than one entry in twenty is not the
// list's policy; list/group-size counts groups, not entries.
TEST(ListConventions, RulesAListDoesNotKeepAreTurnedOff) {
  LoadResult loaded;
  load_markdown_text("README.md", k_colon_list, loaded, ItemSeparators::all());
  auto finding = [](const char* rule) {
    Diagnostic diagnostic;
    diagnostic.rule = rule;
    return diagnostic;
  };
  const std::vector<Diagnostic> findings = {
      finding("source/not-primary"), finding("source/not-primary"), finding("claim/incomplete"),
      finding("list/group-size"),    finding("link/anchor"),        finding("link/anchor")};
  const std::vector<InferredSetting> off = rules_the_list_does_not_keep(loaded.list, findings);
  // Never link/anchor: links are facts, not a style. The source rules that
  // serve source/not-primary go with it.
  std::vector<std::string> keys;
  keys.reserve(off.size());
  for (const InferredSetting& setting : off) {
    keys.push_back(setting.key);
  }
  EXPECT_THAT(keys, ElementsAre("rules.source/not-primary", "rules.claim/incomplete",
                                "rules.list/group-size", "rules.source/unclassified",
                                "rules.source/kind-mismatch", "rules.source/report-evidence"));
  EXPECT_EQ(off.back().seen, 0U);  // no count of its own
  EXPECT_EQ(off[0].following, 3U);
  EXPECT_EQ(off[0].seen, 5U);
  EXPECT_EQ(off[2].seen, 1U);  // list/group-size: its one group is too big
}

// A list that tags ten of its links with one utm_source tags them on
// purpose; a few affiliate links, or ten different tags, do not.
TEST(ListConventions, AReferralTagOnTenLinksIsTheListsOwn) {
  std::string list = "# L\n\n## APIs\n\n";
  for (int i = 0; i < 9; ++i) {
    list += fmt::format(
        "- [A{0}](https://a{0}.example/?utm_source=Github&utm_medium=Referral) - "
        "An API.\n",
        i);
  }
  EXPECT_TRUE(conventions_of(list).referral_tag.empty());  // nine
  list += "- [A9](https://a9.example/?utm_source=Github) - An API.\n";
  const ListConventions tagged = conventions_of(list);
  EXPECT_EQ(tagged.referral_tag, "utm_source=Github");
  EXPECT_EQ(tagged.referral_links, 10U);
  std::string varied = "# L\n\n## APIs\n\n";
  for (int i = 0; i < 10; ++i) {
    varied += fmt::format("- [A{0}](https://a{0}.example/?utm_source=s{0}) - An API.\n", i);
  }
  EXPECT_TRUE(conventions_of(varied).referral_tag.empty());
}

// Findings of source/not-primary on the entries of `list` that `fails`
// (section, group or null, entry) selects.
template <typename Fails>
std::pair<LoadResult, std::vector<Diagnostic>> failing_entries(const std::string& list,
                                                               Fails fails) {
  LoadResult loaded;
  load_markdown_text("README.md", list, loaded);
  std::vector<Diagnostic> findings;
  loaded.list.for_each_entry([&](const Section& section, const Group* group, const Entry& entry) {
    if (fails(section, group, entry)) {
      Diagnostic d;
      d.rule = "source/not-primary";
      d.entry_location = entry.location;
      findings.push_back(d);
    }
  });
  return {std::move(loaded), std::move(findings)};
}

/// The shipped policy's headings of a kind ("Talks", "Tutorials").
const PatternSet& kind_headings() {
  static const Policy shipped = parse_policy("policy.json", std::string(k_shipped_policy));
  return shipped.secondary_sections;
}

std::string libraries(int count) {
  std::string list = "# L\n\n## Libraries\n\n";
  for (int i = 0; i < count; ++i) {
    list += fmt::format("- [lib{0}](https://github.com/o/lib{0}) - A library.\n", i);
  }
  return list;
}

// A heading of `count` talks, a section unless `level` says otherwise.
std::string talks(const std::string& heading, int count, const std::string& level = "##") {
  std::string section = "\n" + level + " " + heading + "\n\n";
  for (int i = 0; i < count; ++i) {
    section += fmt::format("- [K{0}](https://www.youtube.com/watch?v=k{0}) - A talk.\n", i);
  }
  return section;
}

// A table at the top that repeats three catalogue entries under their
// names is a featured table; two repeats, or repeats under other names
// (copied links), are not.
TEST(ListConventions, ATableOfRepeatedEntriesIsFeatured) {
  const auto featured = [](int repeated, const std::string& name_prefix) {
    std::string list = "# L\n\n## Partner APIs\n\n";
    for (int i = 0; i < repeated; ++i) {
      list += fmt::format("- [{1}{0}](https://api{0}.example/) - An API.\n", i, name_prefix);
    }
    list += "- [Own](https://own.example/) - Only here.\n\n## Catalogue\n\n";
    for (int i = 0; i < 40; ++i) {
      list += fmt::format("- [API{0}](https://api{0}.example/) - An API.\n", i);
    }
    return conventions_of(list).featured_sections;
  };
  const std::vector<RepeatingSection> three = featured(3, "API");
  ASSERT_EQ(three.size(), 1U);
  EXPECT_EQ(three[0].heading, "Partner APIs");
  EXPECT_EQ(three[0].repeats, 3U);
  EXPECT_EQ(three[0].entries, 4U);
  EXPECT_TRUE(featured(2, "API").empty());
  EXPECT_TRUE(featured(3, "Other").empty());
}

// A section of talks and books the source rules fail for most of its
// entries is kept on purpose; a section with one slip, or too few failing
// entries to be a pattern, is not. A group counts when its section does not.
TEST(ListConventions, SectionsTheSourceRulesFailMostAreNamed) {
  std::string list = libraries(8) + "\n## Resources\n\n";
  for (int i = 0; i < 6; ++i) {
    list += fmt::format("- [Talk {0}](https://www.youtube.com/watch?v={0}) - A talk.\n", i);
  }
  list += "- [Spec](https://spec.example/) - The spec.\n\n## Papers\n\n### Methods\n\n";
  for (int i = 0; i < 3; ++i) {
    list += fmt::format("- [M{0}](https://arxiv.org/abs/{0}) - A method.\n", i);
  }
  list += "\n### Survey\n\n";
  for (int i = 0; i < 5; ++i) {
    list += fmt::format("- [S{0}](https://arxiv.org/abs/9{0}) - A survey.\n", i);
  }
  auto [loaded, findings] =
      failing_entries(list, [](const Section& section, const Group* group, const Entry& entry) {
        return section.title == "Resources" ? entry.title != "Spec"
               : group != nullptr           ? group->title == "Survey"
                                            : entry.title == "lib0";
      });
  const std::vector<SectionOutsideSources> found =
      sections_outside_sources(loaded.list, findings, kind_headings());
  ASSERT_EQ(found.size(), 2U);
  EXPECT_EQ(found[0].heading, "Resources");
  EXPECT_EQ(found[0].failing, 6U);
  EXPECT_EQ(found[0].entries, 7U);
  // A group: the rest of its section, Papers, keeps to them.
  EXPECT_EQ(found[1].heading, "Survey");
  // Notes that an entry was judged by inference fail nothing.
  std::vector<Diagnostic> notes = findings;
  for (Diagnostic& d : notes) {
    d.rule = "source/unclassified";
    d.severity = Severity::info;
  }
  EXPECT_TRUE(sections_outside_sources(loaded.list, notes, kind_headings()).empty());
  // Waived findings alarm no one: they make no section.
  for (Diagnostic& d : findings) {
    d.waived_reason = "waived";
  }
  EXPECT_TRUE(sections_outside_sources(loaded.list, findings, kind_headings()).empty());
}

// Four failing entries alone are too few to be a pattern, unless their
// heading says what they are ("Talks"): the list keeps them on purpose. Beside
// a section of six that the list keeps on purpose, a section all of whose
// entries fail is one more, and so is such a group beside a named group of its section. Two
// links to other lists among a section's libraries are slips, not a section
// kept on purpose; so is a single failing entry under its own heading.
TEST(ListConventions, ASmallHeadingIsNamedBesideALargeOne) {
  const auto kept = [](const Section& section, const Group* group, const Entry&) {
    return section.title != "Libraries" || (group != nullptr && group->title == "Games");
  };
  auto [alone, alone_findings] = failing_entries(libraries(20) + talks("Extras", 4), kept);
  EXPECT_TRUE(sections_outside_sources(alone.list, alone_findings, kind_headings()).empty());
  auto [named_alone, named_findings] = failing_entries(libraries(20) + talks("Talks", 4), kept);
  const std::vector<SectionOutsideSources> talks_alone =
      sections_outside_sources(named_alone.list, named_findings, kind_headings());
  ASSERT_EQ(talks_alone.size(), 1U);
  EXPECT_EQ(talks_alone[0].heading, "Talks");

  const std::string games =
      "\n### Engines\n\n- [bevy](https://github.com/o/bevy) - An engine.\n"
      "\n### Games\n\n- [awesome-quads](https://github.com/o/awesome-quads) - A list.\n"
      "- [awesome-wgpu](https://github.com/o/awesome-wgpu) - A list.\n";
  const std::string resources = "\n## Resources\n" + talks("Videos", 6, "###") +
                                talks("Courses", 3, "###") + talks("Blogs", 2, "###");
  auto [beside, beside_findings] = failing_entries(
      libraries(20) + games + resources + talks("Related lists", 2) + talks("Slip", 1),
      [&](const Section& section, const Group* group, const Entry& entry) {
        return kept(section, group, entry) &&
               (group == nullptr || group->title != "Blogs" || entry.title != "K0");
      });
  std::vector<std::string> named;
  for (const SectionOutsideSources& part :
       sections_outside_sources(beside.list, beside_findings, kind_headings())) {
    named.push_back(part.heading);
  }
  // Blogs keeps one of its two entries to the rules.
  EXPECT_THAT(named, ::testing::ElementsAre("Videos", "Courses", "Related lists"));
}

// A list's part of resources is sections side by side: beside a named one, a
// run of small sections that fail on half their entries (Podcasts, then
// Community) is that part too. A section away from the named ones, or
// failing on fewer than half, is not.
TEST(ListConventions, SmallSectionsBesideANamedOneFailingOnHalfAreNamed) {
  const std::string list = libraries(30) + talks("Books", 6) + talks("Podcasts", 4) +
                           talks("Community", 3) + talks("Reading", 5) +
                           "\n## Parsers\n\n- [p0](https://github.com/o/p0) - A parser.\n" +
                           talks("Rapid Development", 2);
  auto [loaded, findings] =
      failing_entries(list, [](const Section& section, const Group*, const Entry& entry) {
        if (section.title == "Podcasts" || section.title == "Community") {
          return entry.title != "K0";  // 3 of 4, 2 of 3
        }
        if (section.title == "Reading" || section.title == "Rapid Development") {
          return entry.title == "K0";  // 1 of 5; 1 of 2, but beside no named section
        }
        return section.title == "Books";
      });
  std::vector<std::string> named;
  for (const SectionOutsideSources& part :
       sections_outside_sources(loaded.list, findings, kind_headings())) {
    named.push_back(part.heading);
  }
  EXPECT_THAT(named, ::testing::ElementsAre("Books", "Podcasts", "Community"));
}

}  // namespace
}  // namespace sg
