#include "load/markdown_loader.h"
#include "rules/engine.h"
#include "rules/rule_test_support.h"
#include "util/date.h"

namespace sg::testing {
namespace {

TEST(SurfaceTutorial, FiresOnTutorialHostsAndTitles) {
  auto site = lint_section(one_entry(
      R"("title": "CUDA basics", "url": "https://www.geeksforgeeks.org/introduction-to-cuda/", )"
      R"("kind": "docs", "description": "What CUDA is and how to install it.")"));
  EXPECT_THAT(rule_ids(site), ElementsAre("surface/tutorial"));
  // A vendor's codelab is a step-by-step walkthrough of its official docs.
  EXPECT_THAT(rule_ids(lint_section(one_entry(
                  R"("title": "TFLite on Android", "url": "https://codelabs.developers.google.com/)"
                  R"(codelabs/recognize-flowers-with-tensorflow-on-android", "kind": "docs", )"
                  R"("description": "Recognise flowers on Android.")"))),
              Contains("surface/tutorial"));
  auto title = lint_section(one_entry(
      R"("title": "CUDA for Beginners", "url": "https://someone.example/guide/cuda", )"
      R"("kind": "docs", "description": "A third-party page with a surface-level title.")"));
  ASSERT_THAT(rule_ids(title), Contains("surface/tutorial"));
  EXPECT_THAT(title[0].message, HasSubstr("\"for Beginners\""));
  // "An Introduction" as the subtitle says what the page is; a title that
  // goes on past it does not.
  auto subtitled = [](const std::string& name) {
    return rule_ids(lint_section(
        one_entry(R"("title": ")" + name +
                  R"(", "url": "https://someone.example/guide/forecasting", "kind": "docs", )"
                  R"("description": "A third-party page on forecasting.")")));
  };
  EXPECT_THAT(subtitled("Forecasting at Scale: An Introduction"), Contains("surface/tutorial"));
  // Chinese lists say it too: "get started", "step-by-step tutorial", "from
  // zero".
  for (const char* name : {"一文上手 Tensor Core 编程", "Triton保姆式教程", "CUDA 零基础入门"}) {
    EXPECT_THAT(subtitled(name), Contains("surface/tutorial")) << name;
  }
  EXPECT_THAT(subtitled("Tensor Core 指令级编程"), Not(Contains("surface/tutorial")));
  // "Learn X" and "Let's build X" invite a beginner; "Learning to schedule"
  // and "Learn To be Efficient" title a method, so does a long title that
  // learns a thing by a method, and "Learn More" labels a product page's link.
  // "What is a vector database?" explains a term; "What is the role of …"
  // asks about something else.
  for (const char* name :
       {"Learn OpenGL", "Learn TypeScript", "Learn Modern C++", "Learn Python the Hard Way",
        "Let's build GPT: from scratch, in code", "7 Things You Should Know About WebAssembly",
        "What is a Vector Database?", "What Is MLOps?",
        "Programming in Ray: Tips for first-time users",
        "Writing Your First Distributed Python Application"}) {
    EXPECT_THAT(subtitled(name), Contains("surface/tutorial")) << name;
  }
  for (const char* name :
       {"Learning to schedule straight-line code", "Learn to rank at scale",
        "Learn To be Efficient: Build Structured Sparsity in Large Language Models", "Learn More",
        "Learn Electronic Health Records by Fully Decentralized Federated Learning",
        "What is the role of a site reliability engineer?",
        "What is a vector database for? Five answers from production",
        "Your first-class functions, compiled"}) {
    EXPECT_THAT(subtitled(name), Not(Contains("surface/tutorial"))) << name;
  }
  // A repository is judged by its title: "Hello triangle" is a first step.
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [Hello triangle](https://github.com/o/"
                                     "vk-rt) - Based on Vulkan Ray Tracing extensions.\n")),
              Contains("surface/tutorial"));
  EXPECT_THAT(subtitled("Forecasting at Scale: An Introduction Rewritten for Streams"),
              Not(Contains("surface/tutorial")));
}

// A paper's title that says "step by step" names its method ("Let's Verify
// Step by Step"); a secondary page that says it is a walkthrough.
// A list that keeps no source policy keeps the material its headings name
// on purpose: under "Tutorials" or "Talks" no entry is judged one by one,
// elsewhere it still is. With source/not-primary on, the rule judges all.
TEST(SurfaceTutorial, AListWithoutTheSourcePolicyKeepsItsTutorialSections) {
  LoadResult loaded;
  load_markdown_text(
      "README.md",
      "# L\n\n## Tutorials\n\n### Prompting\n\n"
      "- [Python for Data Science: A Beginner's Guide](https://someone.example/py) - "
      "Pandas basics.\n\n## Tools\n\n"
      "- [CUDA for Beginners](https://someone.example/cuda) - A first kernel.\n",
      loaded);
  const auto today = parse_date("2026-11-30").value();
  Policy without_sources = list_policy();
  without_sources.rules["source/not-primary"].off = true;
  const auto tutorial_lines = [&](const Policy& policy) {
    std::vector<int> lines;
    for (const Diagnostic& d : run_rules(loaded.list, policy, today)) {
      if (d.rule == "surface/tutorial") {
        lines.push_back(d.location.line);
      }
    }
    return lines;
  };
  EXPECT_THAT(tutorial_lines(without_sources), ElementsAre(11));
  EXPECT_THAT(tutorial_lines(list_policy()), ElementsAre(7, 11));
}

// "Tutorials / Websites" holds tutorials too; and a label in a list
// ("- Siraj Raval: …") names a series under the heading above it, which
// still says what the entries are.
TEST(SurfaceTutorial, TutorialsBesideWebsitesAndUnderALabelAreKeptToo) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## Tutorials / Websites\n\n"
                     "- [POMDP for Dummies](https://someone.example/pomdp) - A first look.\n\n"
                     "## Online Courses\n\n### Lectures\n\n"
                     "- Siraj Raval: AI for Video Games\n"
                     "  - [Introduction to AI for video games](https://someone.example/v) - A "
                     "first game.\n\n## Tools\n\n"
                     "- [CUDA for Beginners](https://someone.example/cuda) - A first kernel.\n",
                     loaded);
  Policy without_sources = list_policy();
  without_sources.rules["source/not-primary"].off = true;
  std::vector<int> lines;
  for (const Diagnostic& d :
       run_rules(loaded.list, without_sources, parse_date("2026-11-30").value())) {
    if (d.rule == "surface/tutorial") {
      lines.push_back(d.location.line);
    }
  }
  EXPECT_THAT(lines, ElementsAre(16));
}

// A tutorial site's online compiler is a tool to run code in, not a lesson;
// its lessons are still tutorials.
TEST(SurfaceTutorial, AnOnlineCompilerOnATutorialSiteIsNoTutorial) {
  const auto entry = [](const std::string& url) {
    return rule_ids(lint_section(one_entry(R"("title": "Programiz", "url": ")" + url +
                                           R"(", "kind": "docs", )"
                                           R"("description": "Runs C++ code in the browser.")")));
  };
  for (const char* url : {"https://www.programiz.com/cpp-programming/online-compiler/",
                          "http://www.tutorialspoint.com/codingground.htm"}) {
    EXPECT_THAT(entry(url), Not(Contains("surface/tutorial"))) << url;
  }
  EXPECT_THAT(entry("https://www.programiz.com/cpp-programming/pointers"),
              Contains("surface/tutorial"));
}

TEST(SurfaceTutorial, StepByStepIsAWalkthroughOnlyOnSecondaryPages) {
  for (const char* item :
       {"- [Let's Verify Step by Step](https://arxiv.org/abs/2305.20050) - Process supervision.",
        "- [Distilling Step-by-Step!](https://arxiv.org/abs/2305.02301) - Smaller models."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), Not(Contains("surface/tutorial"))) << item;
  }
  EXPECT_THAT(rule_ids(lint_item("- [Sailing board](https://someone.example/posts/stm32/) - A "
                                 "step-by-step guide to an STM32 board.")),
              Contains("surface/tutorial"));
}

// On a page the policy does not class primary, tutorial words and a tutorial
// path are enough; a repository's description says what it contains.
TEST(SurfaceTutorial, SecondaryPagesAreJudgedByTheirWordsAndPath) {
  for (const char* item :
       {"- [Introduction of CUDA](https://www.youtube.com/watch?v=x) - A 12 hour CUDA tutorial.",
        "- [A tour of CUDA](https://someone.github.io/notes/cuda.html) - Threads and warps.",
        "- [Prompting](https://www.deeplearning.ai/short-courses/prompting/) - Prompting.",
        "- [Outlines](https://someone.github.io/outlines/latest/quickstart/) - Guided decoding.",
        "- [spaCy NLP](https://realpython.com/natural-language-processing-spacy-python/) - NLP "
        "with spaCy.",
        "- [Hands-On WebAssembly: Try the Basics](https://someone.example/posts/wasm) - Notes.",
        "- [LLM Book](https://someone.example/llm-book/) - An introductory LLM textbook."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), Contains("surface/tutorial")) << item;
  }
  // A textbook is a book, not a surface tutorial for that word alone.
  for (const char* item :
       {"- [r](https://github.com/o/r) - A kernel library with tutorials and examples.",
        "- [Nielsen and Chuang](https://someone.example/qcqi.pdf) - The standard textbook.",
        "- [NLTK](https://someone.example/nltk/) - An introductory yet powerful toolkit.",
        "- [Terraform: Beyond the Basics with AWS](https://someone.example/posts/tf) - Modules.",
        "- [Tensor parallelism](https://pytorch.org/tutorials/intermediate/TP_tutorial.html) - "
        "The official tutorial."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), Not(Contains("surface/tutorial"))) << item;
  }
}

// The vendor's own introduction to its own mechanism is its documentation.
TEST(SurfaceTutorial, OfficialDocsWithAnIntroductoryTitleAreNoTutorial) {
  EXPECT_THAT(
      rule_ids(lint_section(one_entry(
          R"("title": "CUDA for Beginners", "url": "https://docs.nvidia.com/cuda/x/", )"
          R"("kind": "docs", "description": "An official page with an introductory title.")"))),
      IsEmpty());
}

TEST(SurfaceTutorial, AReportWithCodeIsExempt) {
  EXPECT_THAT(
      rule_ids(lint_section(one_entry(
          R"("title": "tcgen05 for dummies", "url": "https://gau-nernst.github.io/tcgen05/", )"
          R"("kind": "report", "description": "A Blackwell GEMM built step by step.", )"
          R"("claim": {"hardware": "B200"}, "code": "https://github.com/gau-nernst/learn-cuda")"))),
      IsEmpty());
}

// In a Markdown list a code link alone does not make a tutorial a report.
TEST(SurfaceTutorial, ATutorialThatLinksItsCodeIsStillATutorial) {
  const auto found = lint_markdown(
      "# L\n\n## S\n\n- [From 0 to glTF](https://someone.example/graphics/0-to-gltf/) - A "
      "tutorial to create a glTF model viewer - "
      "[repository](https://github.com/someone/gltf).\n");
  EXPECT_THAT(rule_ids(found), Contains("surface/tutorial"));
}

// A title that is the name the link goes by names a project: "Primer" at
// primer.style is a design system.
TEST(SurfaceTutorial, ATitleThatIsTheProjectsNameIsNoTutorial) {
  for (const char* item :
       {"- [Primer](https://primer.style/) - GitHub's design system.",
        "- [Components](https://primer.style/components/) - React components "
        "of the Primer design system.",
        "- [cheatsheet](https://github.com/o/cheatsheet) - Keeps notes.",
        "- [AI Getting Started](https://github.com/o/ai-getting-started) - A "
        "starter stack for weekend projects.",
        "- [Vulkan Example](https://gist.github.com/o/bdaa52ce) - Vulkan-tutorial "
        "example in Odin.",
        // The project's own introduction, on its own site.
        "- [Introduction to Terraform](https://www.terraform.example/intro/) - What it is."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), Not(Contains("surface/tutorial"))) << item;
  }
  // A site's title may add words to the site's name, and they say what it is.
  for (const char* item :
       {"- [A Primer on CUDA](https://someone.example/cuda-primer/) - Threads and warps.",
        "- [OpenGL Tutorial](https://open.gl/) - Drawing a triangle.",
        "- [Introduction to Terraform](https://someone.example/intro/) - What it is."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), Contains("surface/tutorial")) << item;
  }
}

// A description's first words say what the entry is; later ones what it
// holds. A path's tutorial word counts at a segment's start or end, not in a
// slug that lists topics. Material that says it goes deeper is not surface.
TEST(SurfaceTutorial, OnlyWhatTheEntryIsMakesItATutorial) {
  for (const char* item :
       {"- [Sandbox](https://www.example.com/downloads/sandbox.html) - A personal, portable "
        "Hadoop environment that comes with a dozen tutorials.",
        "- [Javalobby](https://dzone.com/java-jdk-development-tutorials-tools-news) - News.",
        "- [Mildly](https://www.youtube.com/channel/x) - Tutorials on intermediate ML topics."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), Not(Contains("surface/tutorial"))) << item;
  }
  for (const char* item :
       {"- [Web app](https://frameworkless.example.org/course) - A set of video tutorials to "
        "build a web app.",
        "- [Java 8](https://github.com/o/java8-tutorial) - Popular Java 8 guide.",
        "- [Guide](https://someone.example/tutorials/java) - Java."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), Contains("surface/tutorial")) << item;
  }
}

}  // namespace
}  // namespace sg::testing
