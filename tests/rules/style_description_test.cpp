#include "load/markdown_loader.h"
#include "rules/engine.h"
#include "rules/rule_test_support.h"
#include "util/date.h"

namespace sg::testing {
namespace {

TEST(StyleDescription, FiresForEachStyleProblem) {
  for (const auto& [description, message] : std::vector<std::pair<std::string, std::string>>{
           {"no capital letter at the start.", "does not start with a capital letter"},
           {"A description without the period", "does not end with a period"},
           {"First sentence here. Second sentence here.", "more than one sentence"},
           {"Doubled  spaces in the middle.", "doubled spaces"},
           {"Too short.", "below the policy's minimum of 20"},
           {"A" + std::string(250, 'a') + ".", "above the policy's maximum of 240"}}) {
    auto found = lint_section(one_entry(
        R"("title": "Stream-K", "url": "https://arxiv.org/abs/2301.03598", "kind": "paper", )"
        R"("description": ")" +
        description + "\""));
    ASSERT_THAT(rule_ids(found), ElementsAre("style/description")) << description;
    EXPECT_THAT(found[0].message, HasSubstr(message));
    EXPECT_EQ(found[0].severity, Severity::warning);
  }
}

// Two spaces between sentences are a typing convention that Markdown renders
// as one: what is left to say is that there are two sentences.
TEST(StyleDescription, TwoSpacesAfterASentenceAreNoDoubledSpace) {
  auto found = lint_section(
      one_entry(R"("title": "T", "url": "https://arxiv.org/abs/2301.03598", "kind": "paper", )"
                R"("description": "Runs on Linux.  It also runs on BSD.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("style/description"));
  EXPECT_THAT(found[0].message, HasSubstr("more than one sentence"));
}

TEST(StyleDescription, AllowsListedLowercaseNamesAndAbbreviations) {
  for (const char* description : {"tcgen05, tensor memory, and Blackwell MMA programming.",
                                  "Kernels for attention, e.g. FlashAttention and its kin.",
                                  "MongoDB Inc. DBaaS offer on three clouds."}) {
    EXPECT_THAT(rule_ids(lint_section(one_entry(
                    R"("title": "T", "url": "https://arxiv.org/abs/2301.03598", "kind": "paper", )"
                    R"("description": ")" +
                    std::string(description) + "\""))),
                IsEmpty())
        << description;
  }
}

// A name with its own mark ("Kahoot!", "Yahoo!") ends no sentence where
// the description repeats it; another word's "!" still does.
TEST(StyleDescription, TheEntrysOwnNameEndsNoSentence) {
  const auto found = [](const std::string& title, const std::string& description) {
    return rule_ids(lint_section(one_entry(R"("title": ")" + title +
                                           R"(", "url": "https://arxiv.org/abs/2301.03598", )"
                                           R"("kind": "paper", "description": ")" +
                                           description + "\"")));
  };
  EXPECT_THAT(found("Kahoot!", "Kahoot! Certified for schools, a free program for teachers."),
              IsEmpty());
  EXPECT_THAT(found("Kahoot", "Kahoot is fun! Certified for schools, a free program."),
              ElementsAre("style/description"));
}

// Lists differ: no final period, or "Author. Description.". The policy says
// which, and the rule follows it instead of flagging every entry.
TEST(StyleDescription, AListsOwnConventionIsPolicy) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## S\n\n- [A](https://a.example/) - Ada Lovelace. Notes on the "
                     "analytical engine\n- [B](https://b.example/) - Notes on the difference "
                     "engine\n",
                     loaded);
  const auto today = parse_date("2026-11-30").value();
  auto ids = [&](const std::string& policy) {
    return rule_ids(run_rules(loaded.list, parse_policy("p.json", policy), today));
  };
  EXPECT_THAT(ids(R"({"description": {}})"), ElementsAre("style/description", "style/description"));
  EXPECT_THAT(ids(R"({"description": {"final_period": false}})"), ElementsAre("style/description"));
  EXPECT_THAT(ids(R"({"description": {"final_period": false, "one_sentence": false}})"), IsEmpty());
}

TEST(StyleDescription, ListsOfLowercaseOrBareLinksSaySo) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## S\n\n- [Alpha](https://a.example/) - a library for parsing.\n"
                     "- [Beta](https://b.example/)\n- [npm](https://npm.example/) - npm is a "
                     "registry.\n- [Gamma](https://g.example/) - i18n for parsers.\n",
                     loaded);
  const auto today = parse_date("2026-11-30").value();
  auto ids = [&](const std::string& policy) {
    return rule_ids(run_rules(loaded.list, parse_policy("p.json", policy), today));
  };
  EXPECT_THAT(ids("{}"), ElementsAre("style/description", "style/description"));
  EXPECT_THAT(ids(R"({"description": {"capital_start": false}})"),
              ElementsAre("style/description"));
  EXPECT_THAT(ids(R"({"description": {"capital_start": false, "required": false}})"), IsEmpty());
}

// A section of names only (related lists, books) has no description missing;
// a note after the last sentence leaves it ended.
TEST(StyleDescription, NamesOnlySectionsAndTrailingNotesAreTheListsStyle) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## Libraries\n\n- [Sonar](https://s.example/) - A static analyzer. "
                     "(LGPL-3.0-only)\n\n## Related lists\n\n- [Awesome A](https://a.example/)\n"
                     "- [Awesome B](https://b.example/)\n",
                     loaded);
  EXPECT_THAT(rule_ids(run_rules(loaded.list, parse_policy("p.json", "{}"),
                                 parse_date("2026-11-30").value())),
              IsEmpty());
}

// A section of names where one in ten says a word more is still a list of
// names: the others are not told to add a description.
TEST(StyleDescription, OneDescribedEntryAmongTenNamesLeavesThemNames) {
  std::string list = "# L\n\n## Guides\n\n- [Wiki](https://w.example/). Specifically its FAQ.\n";
  for (int i = 0; i < 9; ++i) {
    list += "- [Guide " + std::to_string(i) + "](https://g.example/" + std::to_string(i) + ")\n";
  }
  LoadResult loaded;
  load_markdown_text("README.md", list, loaded);
  EXPECT_THAT(rule_ids(run_rules(loaded.list, parse_policy("p.json", "{}"),
                                 parse_date("2026-11-30").value())),
              IsEmpty());
}

// Whether a group lists names only is its own: beside a group of names, an
// entry without a description among described ones is still told to add one.
TEST(StyleDescription, AMissingDescriptionAmongDescribedEntriesIsReported) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## Tools\n\n### Related lists\n\n- [Awesome A](https://a.example/)\n"
                     "- [Awesome B](https://b.example/)\n\n### Libraries\n\n"
                     "- [Sonar](https://s.example/) - A static analyzer.\n"
                     "- [Lint](https://l.example/)\n\n### More lists\n\n"
                     "- [Awesome C](https://c.example/)\n",
                     loaded);
  const std::vector<Diagnostic> found =
      run_rules(loaded.list, parse_policy("p.json", "{}"), parse_date("2026-11-30").value());
  ASSERT_THAT(rule_ids(found), ElementsAre("style/description"));
  EXPECT_THAT(found.front().message, HasSubstr("no description"));
  EXPECT_EQ(found.front().location.line, 13);  // Lint
}

// A word no sentence starts with is a name written in lower case; a
// description a generator cut short ("..") has no second sentence to count.
TEST(StyleDescription, LowercaseNamesAndCutShortDescriptionsPass) {
  for (const char* description :
       {"oh-my-zsh theme with git status.", "aws-vault sessions in the prompt.",
        "eCommerce design inspiration.", "node.js version in the prompt.",
        "VADER sentiment analysis. VADER (Valence Aware Dictionary.."}) {
    EXPECT_THAT(rule_ids(lint_section(one_entry(
                    R"("title": "T", "url": "https://arxiv.org/abs/2301.03598", "kind": "paper", )"
                    R"("description": ")" +
                    std::string(description) + "\""))),
                IsEmpty())
        << description;
  }
  EXPECT_THAT(rule_ids(lint_section(one_entry(
                  R"("title": "T", "url": "https://arxiv.org/abs/2301.03598", "kind": "paper", )"
                  R"("description": "theme with git status.")"))),
              ElementsAre("style/description"));
}

// A description that opens with a linked name, or with a part of the
// entry's title, opens with a name written in lower case; another lower-case
// word still needs its capital.
TEST(StyleDescription, ALinkedNameOrAPartOfTheTitleMayStartLowerCase) {
  for (const char* item :
       {"- [Network Flight Simulator](https://github.com/alphasoc/flightsim) - flightsim is a "
        "utility that generates malicious network traffic.",
        "- [zgenom-ext-eval](https://github.com/o/zgenom-ext-eval) - [zgenom](https://github.com/"
        "o/zgenom) extension for creating plugins inline.",
        "- [zgenom-ext-eval](https://github.com/o/zgenom-ext-eval) - zgenom extension for "
        "creating plugins inline."}) {
    EXPECT_THAT(rule_ids(lint_markdown(std::string("# L\n\n## S\n\n") + item + "\n")), IsEmpty())
        << item;
  }
  const auto found = lint_markdown(
      "# L\n\n## S\n\n- [zgenom-ext-eval](https://github.com/o/zgenom-ext-eval) - extension for "
      "creating plugins inline.\n");
  ASSERT_THAT(rule_ids(found), ElementsAre("style/description"));
  EXPECT_THAT(found[0].message, HasSubstr("capital letter"));
}

// "[DockerSlim](…) shrinks fat images.": the sentence starts with the linked
// name, so what it lacks is the separator, and the finding says so.
TEST(StyleDescription, ASentenceGoingOnFromTheNameLacksTheSeparator) {
  const auto found = lint_markdown(
      "# L\n\n## S\n\n- [DockerSlim](https://github.com/docker-slim/docker-slim) shrinks fat "
      "Docker images.\n- [Dive](https://github.com/wagoodman/dive) - Explores image layers.\n");
  ASSERT_THAT(rule_ids(found), ElementsAre("style/description"));
  EXPECT_EQ(found[0].message,
            "the description goes on from the linked name, with no separator before it");
  EXPECT_THAT(found[0].hint, HasSubstr("[Name](url) - Description."));
  // A separated description in lower case still needs its capital.
  const auto lower = lint_markdown(
      "# L\n\n## S\n\n- [Dive](https://github.com/wagoodman/dive) - explores image layers.\n");
  ASSERT_THAT(rule_ids(lower), ElementsAre("style/description"));
  EXPECT_THAT(lower[0].message, HasSubstr("capital letter"));
}

// A credit ("_Authors._ Arxiv 2025.", "by Tigera") is no sentence: its
// length and form are not judged, its spaces are.
TEST(StyleDescription, ACreditIsNoDescriptionToJudge) {
  const std::string credit =
      "1. [**Thus Spake Long-Context Large Language Model.**](https://arxiv.org/abs/2502.17129) "
      "_Xiaoran Liu, Ruixiao Li, Mianqiu Huang, Zhigeng Liu, Yuerong Song, Qipeng Guo, Siyang "
      "He, Qiqi Wang, Linlin Li, Qun Liu, Yaqian Zhou, Xuanjing Huang, Xipeng Qiu, Zhaoxiang "
      "Zhang, Dawei Zhu, Zhiqi Bai, Yancheng He, Huanxuan Liao, Haoran Que, Zekun Wang, "
      "Chenchen Zhang, Ge Zhang, Jiebin Zhang, Yuanxing Zhang, Zhuo Chen, Hangyu Guo._ Arxiv "
      "2025.\n";
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n" + credit)), IsEmpty());
  EXPECT_THAT(rule_ids(lint_markdown(
                  "# L\n\n## S\n\n- [Canal](https://github.com/tigera/canal) by "
                  "[Tigera](https://github.com/tigera)\n- [Calico](https://github.com/o/calico) - "
                  "Networking for containers.\n")),
              IsEmpty());
  // A reading list of titles, some with their authors: names only.
  EXPECT_THAT(rule_ids(lint_markdown(
                  "# L\n\n## Readings\n\n"
                  "1. [In-Stream Processing](https://github.com/o/in-stream)\n"
                  "2. [Streaming Systems](https://github.com/o/streaming) by Reuven Lax, Slava "
                  "Chernyak, and Tyler Akidau\n"
                  "3. [Data Pipelines](https://github.com/o/pipelines) by Bas P. Harenslak and "
                  "Julian Rutger de Ruiter\n")),
              IsEmpty());
  // Only its tags, a talk's duration or a paper's date: no sentence to judge.
  EXPECT_THAT(rule_ids(lint_markdown(
                  "# L\n\n## S\n\n- [Scaling MongoDB](https://github.com/o/scaling) [47']\n"
                  "- [Models of the world](https://github.com/o/models) [2023.03]\n"
                  "- [Calico](https://github.com/o/calico) - Networking for containers.\n")),
              IsEmpty());
  const auto spaced = lint_markdown(
      "# L\n\n## S\n\n- [Neural Networks and Deep Learning](https://github.com/o/nn) by  Michael "
      "Nielsen\n");
  ASSERT_THAT(rule_ids(spaced), ElementsAre("style/description"));
  EXPECT_THAT(spaced[0].message, HasSubstr("doubled spaces"));
}

// "[Matano](…): Open source …" in a list that writes " - ": the words are
// its description all the same; what is wrong is the mark before them.
TEST(StyleDescription, AMarkTheListDoesNotUseStillSeparatesTheDescription) {
  const auto found = lint_markdown(
      "# L\n\n## S\n\n- [Matano](https://github.com/matanolabs/matano): Open source security "
      "lake platform for AWS.\n- [Dive](https://github.com/wagoodman/dive) - Explores image "
      "layers.\n");
  ASSERT_THAT(rule_ids(found), ElementsAre("style/description"));
  EXPECT_EQ(found[0].message, "the description follows a mark the list does not separate with");
  EXPECT_THAT(found[0].hint, HasSubstr("[Name](url) - Description."));
  EXPECT_EQ(found[0].title, "Matano");
}

// A book's credit ("- by Jeff Bollinger and Brandon Enright.") names its
// authors; "by hand" is a sentence that needs its capital.
TEST(StyleDescription, ACreditStartsWithItsAuthorsNames) {
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## Security\n\n- [Crafting the InfoSec Playbook]"
                                     "(https://www.amazon.com/dp/1491949406) - by Jeff Bollinger "
                                     "and Brandon Enright.\n")),
              Not(Contains("style/description")));
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## Security\n\n- [Playbook]"
                                     "(https://www.amazon.com/dp/1491949407) - by hand, a "
                                     "playbook for incident response.\n")),
              Contains("style/description"));
}

// "npm library for pagination" at www.npmjs.com starts with the site's name;
// "Yahoo!" and initials end no sentence; a lead-in ends with the colon before the
// details listed under a heading entry.
TEST(StyleDescription, SiteNamesBrandMarksAndLeadInsPass) {
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [Pagination](https://www.npmjs.com/package/"
                                     "ngx-pagination) - npm library for pagination.\n")),
              IsEmpty());
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [yfinance](https://github.com/o/yfinance) - "
                                     "Download market data from Yahoo! Finance's API.\n")),
              IsEmpty());
  // An emoji after the last sentence is a decoration, not its end.
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [MoniGO](https://github.com/o/monigo) - "
                                     "Real-time insights into application performance! 🚀\n")),
              IsEmpty());
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [MoniGO](https://github.com/o/monigo) - "
                                     "Real-time insights into application performance 🚀\n")),
              ElementsAre("style/description"));
  // Initials end no sentence either, even where one may ("the U.S. Updated"
  // is read as one sentence: a missed second sentence, not a false one); a
  // word before the period still does.
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [Checks](https://github.com/o/checks) - "
                                     "Offenders from all U.S. States, by J. Clark Scott.\n")),
              IsEmpty());
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [Checks](https://github.com/o/checks) - "
                                     "Offenders from all states of the U.S. Updated daily.\n")),
              IsEmpty());
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [Checks](https://github.com/o/checks) - "
                                     "Offenders from all states. Updated daily.\n")),
              ElementsAre("style/description"));
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n### [Zinit](https://github.com/o/zinit)\n\n"
                                     "**Zinit** is a plugin manager with support for:\n\n"
                                     "- Turbo mode\n- Completion management\n")),
              IsEmpty());
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n### [Zinit](https://github.com/o/zinit)\n\n"
                                     "**Zinit** is a plugin manager with support for:\n")),
              ElementsAre("style/description"));
  // Words on a heading are no sentence; a paragraph under it is prose.
  EXPECT_THAT(rule_ids(lint_markdown(
                  "# L\n\n## S\n\n#### [superconsole](https://github.com/a/superconsole) - "
                  "Windows-only console setup\n\n### "
                  "[zcomet](https://github.com/a/zcomet)\n\n**zcomet** is a "
                  "minimalistic plugin manager. " +
                  std::string(300, 'x') + " and more.\n")),
              IsEmpty());
}

// A link after the last sentence ("… your app. [BERT on iPhone](…)", "…
// memory. [Resources](…).") points further: its label is no second sentence
// and needs no period. Words that are no link still are a sentence.
TEST(StyleDescription, ALinkAfterTheLastSentenceIsNoSentence) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## Tools\n\n- [CoreML](https://c.example/) - Runs models in your "
                     "app. [BERT on iPhone](https://github.com/o/bert)\n"
                     "- [Conduit](https://c2.example/) - Streams data in constant memory. "
                     "[Resources](https://hackage.example/#cat:Conduit).\n"
                     "- [Lite](https://l.example/) - Runs models on phones. Also on watches.\n",
                     loaded);
  const std::vector<Diagnostic> found =
      run_rules(loaded.list, parse_policy("p.json", "{}"), parse_date("2026-11-30").value());
  ASSERT_THAT(rule_ids(found), ElementsAre("style/description"));
  EXPECT_EQ(found.front().location.line, 7);
  EXPECT_THAT(found.front().message, HasSubstr("more than one sentence"));
}

}  // namespace
}  // namespace sg::testing
