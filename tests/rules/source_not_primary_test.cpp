#include <algorithm>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "load/markdown_loader.h"
#include "policy/list_conventions.h"
#include "rules/engine.h"
#include "rules/rule_test_support.h"
#include "support/cli_runner.h"
#include "util/date.h"

namespace sg::testing {
namespace {

TEST(SourceNotPrimary, FiresOnABlogPostThatIsNotAReportWithCode) {
  auto found = lint_section(
      one_entry(R"("title": "Matmul notes", "url": "https://someone.medium.com/matmul-notes", )"
                R"("kind": "report", "description": "Notes on tiling a matrix multiplication.", )"
                R"("claim": {"hardware": "H100"})"));
  EXPECT_THAT(rule_ids(found), ElementsAre("source/not-primary", "source/report-evidence"));
  auto not_primary = found[0];
  EXPECT_THAT(not_primary.message, HasSubstr("links a blog page (someone.medium.com"));
  EXPECT_EQ(not_primary.title, "Matmul notes");
  EXPECT_THAT(not_primary.hint, HasSubstr("declare kind \"report\""));
}

// The class reads as prose: "an aggregator page", "a home page".
TEST(SourceNotPrimary, NamesTheClassInPlainWords) {
  auto aggregator = lint_markdown(
      "# L\n\n## S\n\n- [Paper](https://paperswithcode.com/paper/x) - A paper's listing.\n"
      "- [Blog](https://blog.example.com/) - Someone's blog.\n");
  std::vector<std::string> messages;
  for (const Diagnostic& d : aggregator) {
    if (d.rule == "source/not-primary") {
      messages.push_back(d.message);
    }
  }
  EXPECT_THAT(messages, ElementsAre(HasSubstr("links an aggregator page (paperswithcode.com"),
                                    HasSubstr("links a home page (blog.example.com")));
}

TEST(SourceNotPrimary, QuietForAReportWithCodeAndForPrimaryHosts) {
  EXPECT_THAT(rule_ids(lint_section(one_entry(
                  R"("title": "Matmul worklog", "url": "https://someone.medium.com/worklog", )"
                  R"("kind": "report", "description": "A matmul worklog with code and numbers.", )"
                  R"("claim": {"hardware": "H100"}, "code": "https://github.com/o/r")"))),
              IsEmpty());
  EXPECT_THAT(rule_ids(lint_section(one_entry(
                  R"("title": "Stream-K", "url": "https://arxiv.org/abs/2301.03598", )"
                  R"("kind": "paper", "description": "Work-centric GEMM decomposition.")"))),
              IsEmpty());
}

TEST(SourceNotPrimary, FiresOnNewsVideoCommunityAndSurveyTitles) {
  for (const char* url :
       {"https://www.nextplatform.com/2026/01/01/gpus/", "https://www.youtube.com/watch?v=abc",
        "https://www.reddit.com/r/CUDA/"}) {
    EXPECT_THAT(rule_ids(lint_section(one_entry(
                    std::string(R"("title": "Something", "url": ")") + url +
                    R"(", "kind": "docs", "description": "A page about GPUs and kernels.")"))),
                ElementsAre("source/not-primary"))
        << url;
  }
  auto survey = lint_section(one_entry(
      R"("title": "A Survey of LLM Inference", "url": "https://arxiv.org/abs/2404.14294", )"
      R"("kind": "paper", "description": "Many serving systems compared side by side.")"));
  EXPECT_THAT(rule_ids(survey), ElementsAre("source/not-primary"));
  EXPECT_THAT(survey[0].message, HasSubstr("reads as a survey"));
  for (const char* title :
       {"Serving LLMs: A Survey", "A Comprehensive Survey on Quantization",
        "Survey of Kernel Fusion", "The State of Fortran", "Sasha's talk on do we need attention?",
        "LLM for Mobile: An Initial Roadmap", "A Taxonomy of ML for Systems Problems",
        "Are We Scaling the Right Thing? A System Perspective on Test-Time",
        "On the Efficacy of Knowledge Distillation",
        "The Impact of Inference Acceleration Strategies on Bias of LLMs",
        "Beware of Calibration Data for Pruning Large Language Models",
        "How Do Vision Transformers Work?",
        "Where Do the Joules Go? Diagnosing Inference Energy Consumption",
        "Complete Guide to Carbon Offsetting",
        "Pruning Neural Networks at Initialization: Why Are We Missing the Mark?",
        "A collection of post-mortems", "Software optimization resources",
        "Distributed Systems Readings"}) {
    EXPECT_THAT(rule_ids(lint_section(
                    one_entry(std::string(R"("title": ")") + title +
                              R"(", "url": "https://arxiv.org/abs/2404.14294", "kind": "paper", )"
                              R"("description": "Many serving systems compared side by side.")"))),
                ElementsAre("source/not-primary"))
        << title;
  }
  // A method's own perspective, a vision model, and a dataset's lessons are
  // the work itself.
  for (const char* title :
       {"Diffusion Models: A Unified Perspective", "A Lightweight Vision Transformer for SLAM",
        "Collaborative SLAM: Dataset, Challenges, and Lessons Learned",
        "On the Parameterization and Initialization of Diagonal State Space Models",
        "The Case for Learned Index Structures", "FastDraft: How to Train Your Draft",
        "How Well do LLMs Compress Their Own Chain-of-Thought? A Token Complexity Approach",
        "QFT: Quantized Full-parameter Tuning of LLMs with Affordable Resources"}) {
    EXPECT_THAT(rule_ids(lint_section(
                    one_entry(std::string(R"("title": ")") + title +
                              R"(", "url": "https://arxiv.org/abs/2404.14294", "kind": "paper", )"
                              R"("description": "A method and its evaluation.")"))),
                IsEmpty())
        << title;
  }
  // An observing programme named a survey reports its own measurements.
  EXPECT_THAT(rule_ids(lint_section(
                  one_entry(R"("title": "The MAGPI Survey: radial trends in star formation", )"
                            R"("url": "https://arxiv.org/abs/2404.14294", "kind": "paper", )"
                            R"("description": "Star formation measured across galaxy discs.")"))),
              IsEmpty());
}

// Unknown hosts are judged by the shape of the URL, and the finding says so.
TEST(SourceNotPrimary, UnknownHostsAreJudgedByTheirUrlsShape) {
  for (const auto& [url, shape] : std::vector<std::pair<std::string, std::string>>{
           {"https://someone.example/", "a site root"},
           {"https://someone.example/posts/tiling-notes", "a blog platform or path"},
           {"https://someone.example/2025/02/06/tiling", "a blog platform or path"},
           // A post's slug may end in a docs word; one word before it may not.
           {"https://someone.example/blog/2015/01/how-to-get-started-with-llvm-c-api.html",
            "a blog platform or path"},
           {"https://someone.github.io/gemm", "a personal GitHub Pages site"},
           {"https://someone.example/slides/gemm.pdf", "slides or a talk"},
           {"https://courses.someone.example/cs149", "a course page"},
           {"https://github.com/someone/awesome-kernels", "a link-collection repository"},
           {"https://github.com/someone/Awesome-LLM", "a link-collection repository"},
           {"https://github.com/someone/awesomeMLSys", "a link-collection repository"},
           {"https://github.com/someone/cuda-puzzles", "a course or exercise repository"},
           {"https://github.com/someone", "a user or organisation page"},
           {"https://github.com/topics/cuda", "a forge's listing page"},
           {"https://github.com/collections/machine-learning", "a forge's listing page"},
           {"https://huggingface.co/collections/someone/reading-list-68d100a86a5f0e4b3b6f2c1d",
            "a Hugging Face collection"},
           {"https://huggingface.co/some-lab", "a user or organisation page"},
           {"https://hub.docker.com/u/someorg", "a user or organisation page"},
           {"https://github.com/someone/how-to-optimize-gemm", "a course or exercise repository"},
           {"https://github.com/someone/advent-of-cuda", "a course or exercise repository"},
           {"https://github.com/someone/system-prompts-of-ai-tools",
            "a link-collection repository"},
           {"https://github.com/someone/cpp-links/blob/master/compilers.md",
            "a link-collection repository"},
           {"https://github.com/someone/awesome-gpu/blob/main/README.md",
            "a link-collection repository"},
           {"https://learn.vendor.example/ols/learning-path/become-a-pro/123", "a learning path"},
           {"https://learn.vendor.example/training/modules/gpu-basics/", "a learning path"},
           {"https://www.consultancy.example/gb-en/insights/research-library/gen-ai/",
            "an insights page"},
           {"https://github.com/someone/diffusion-for-beginners",
            "a course or exercise repository"},
           {"https://github.com/someone/zsh-guide", "a course or exercise repository"},
           {"https://github.com/someone/git-plugin-cheatsheet", "a course or exercise repository"},
           {"https://github.com/someone/attention-explained", "a course or exercise repository"},
           {"https://www.amazon.ca/Parallel-Programming/dp/0128119861", "an online bookshop"},
           {"https://hpc-wiki.example/hpc/Tiling", "a wiki"},
           {"https://wiki.someproject.example/Tiling", "a wiki"},
           {"https://graphite.wikidot.example/", "a wiki"},
           // A wiki engine's own site is no wiki of pages: "wiki" is part of its name.
           {"https://pmwiki.example/", "a site root"},
           {"https://vendor.example/en/community/community-edition/",
            "a product's community edition"},
           {"https://vendor.example/products/community/download", "a product's community edition"},
           {"https://someproject.example/wiki/index.php/Main_Page", "a wiki's main page"},
           {"https://discuss.someproject.example/t/tiling/42", "a community site"},
           {"https://someone.example/learn/", "a section index"},
           {"https://acm.example/resources/hpc-links/", "a resource page"},
           {"https://sites.example/lbl.gov/cs267-spr2019/", "a course page"},
           {"https://training.example/xsede/moodle/", "a course page"},
           {"https://someone.example/brrr_intro.html", "an article page"},
           {"https://ppopp23.sigplan.example/home", "a conference site"},
           // A GitHub Pages site whose owner's name ends in a year is no conference.
           {"https://someone2021.github.io/kernel-notes/", "a personal GitHub Pages site"},
           {"https://someone.example/about/", "a home or about page"},
           {"https://someproject.example/en/index.html", "a home or about page"},
           {"https://publisher.example/csdl/journal/td", "a journal page"},
           {"https://vulkan.someone.example/signin", "a sign-in page"},
           {"https://standards.example/community/gpu/", "a community page"},
           {"https://fosdem.example/2020/schedule/event/rust_webgpu/", "slides or a talk"},
           {"https://github.com/someone/get-started-with-JAX", "a course or exercise repository"},
           {"https://www.cs.someuni.example/~dga/15-440/F12/syllabus.html", "a course page"},
           {"https://pdos.someuni.example/6.824/", "a course page"},
           {"https://work.someuni.example/lectures.html", "a course page"},
           {"https://someone.example/newsletter/", "a section index"},
           {"https://someone.example/blog.html", "a section index"},
           {"https://publisher.example/index.php/books/ds3/", "a book catalogue page"},
           {"https://vendor.example/ebook/machine-learning-logistics/", "a book catalogue page"},
           {"https://developers.vendor.example/videos/2018/conference/", "a video page"},
           {"https://dl.acm.org/conference/ppopp", "a conference or journal index"},
           {"https://people.someuni.example/~istoica/", "a personal academic page"},
           {"https://lists.someproject.example/pipermail/current/2010-August/019310.html",
            "a mailing-list archive"},
           {"https://someone.example/docs/talk_20180316_bpfilter.pdf",
            "a talk's slides or session page"},
           {"https://netconf.example/2.1/session.html?someone", "a talk's slides or session page"},
           {"https://sigops.example/s/conferences/sosp/2025/accepted.html",
            "a conference programme"},
           // A course's schedule of lectures is no conference's.
           {"https://css.someuni.example/6.824/2014/schedule.html", "a course's schedule"},
           {"https://www.cs.someuni.example/courses/CS3410/2014sp/schedule.html",
            "a course's schedule"},
           {"https://github.com/someone/cppnow_presentations_2013", "a talk materials repository"},
           {"https://github.com/someone/scikit-learn-videos", "a talk materials repository"},
           {"https://vendor.example/products/application-monitoring/", "a product page"},
           {"https://someproject.example/playground/", "a demo or playground"},
           {"https://book.someone.example/distsys/", "a book's own site"},
           {"https://www.pbr-book.example/3ed-2018/Shapes.html", "a book's own site"},
           {"https://docs.vendor.example/en-us/learn/paths/quantum-fundamentals/",
            "a learning path"},
           {"https://github.com/someone/QuantumKatas", "a course or exercise repository"},
           {"https://clusters.example/workshops/", "a section index"},
           {"https://medium.com/someco-engineering/tagged/data-science",
            "a Medium publication's tag page"},
           {"https://someone.example/blog/tagged/data-science", "a tag or category page"},
           {"https://datamining.typepad.com/data_mining/", "a blog platform or path"},
           {"https://someone.example/things/webgpu/index.html", "a blog platform or path"},
           {"https://someone.example/story/howto/openmp/", "a blog platform or path"},
           {"https://someone.example/writing/gemm-tiling", "a blog platform or path"},
           {"https://someone.example/p/gemm-tiling", "a short post path"},
           {"https://vendor.example/platform/application-monitoring/", "a product page"},
           {"https://chips.example/tool/SITARA-MACHINE-LEARNING", "a product page"},
           {"https://chips.example/design/software/development-software/eiq-toolkit",
            "a product page"},
           {"https://host.someuni.example:8080/leaderboard/displaylb.php", "a leaderboard page"},
           {"https://github.com/someone/embedded-trainings", "a course or exercise repository"},
           {"https://issues.someproject.example/jira/browse/MAPREDUCE-3561",
            "an issue tracker ticket"},
           {"https://github.com/someone/kernels/issues/42", "an issue or discussion thread"},
           {"https://github.com/someorg/kernels/discussions", "an issue or discussion thread"},
           {"https://someone.example/demos/factorial/index.html", "a demo or playground"},
           {"https://someproject.example/sandbox/", "a demo or playground"},
           {"https://github.com/someorg/resource-stream", "a link-collection repository"},
           {"https://github.com/someone/toy-transformer", "a teaching reimplementation repository"},
           {"https://someone.example/perf-tracing/", "a page just below a site root"},
           {"https://vendor.example/langsmith", "a page just below a site root"}}) {
    const auto found =
        lint_markdown("# L\n\n## S\n\n- [Notes](" + url + ") - Notes on tiling kernels.\n");
    ASSERT_THAT(rule_ids(found), Contains("source/not-primary")) << url;
    EXPECT_EQ(found[0].evidence, "URL shape: " + shape) << url;
  }
}

// A page just below a site root is a landing page, and a GitHub Pages page a
// person's writing, unless the entry names it: then it is the project's own
// page, which a host rule or a declared kind settles.
TEST(SourceNotPrimary, APageJustBelowASiteRootNamedByTheEntryIsLeftToBeDeclared) {
  for (const auto& [title, url] : std::vector<std::pair<std::string, std::string>>{
           {"PAPI", "https://icl.someuni.example/papi/"},
           {"Kotlin/Wasm", "https://kotl.example/wasm"},
           {"Terminus", "https://files.someone.example/terminus-ttf/"},
           {"Spring Boot", "https://projects.spring.example/spring-boot/"},
           {"PFA", "https://dmg.example/pfa"},
           {"Haystack", "https://someorg.github.io/haystack/"},
           // GitHub Pages serve a repository's site under its name.
           {"MPL: A message passing library", "https://someone.github.io/mpl/html/"},
           // A project's page on its author's site: /p/ for "project" there.
           {"chasquid", "https://someone.example/p/chasquid/"}}) {
    const auto found = lint_item(fmt::format("- [{}]({}) - A library for profiling.", title, url));
    EXPECT_THAT(rule_ids(found), ElementsAre("source/unclassified")) << url;
  }
  // A name too short to tell, or another page's name, decides nothing.
  for (const auto& [title, url] : std::vector<std::pair<std::string, std::string>>{
           {"rachelbythebay", "https://rachelbythebay.example/w/"},
           {"Sampling vs Tracing", "https://someone.example/perf-tracing/"},
           {"Why did all of the public reproductions of GPT-3 fail?",
            "https://someone.github.io/gpt"},
           // An article's slug is made from its title.
           {"The Illustrated Transformer", "https://someone.github.io/illustrated-transformer/"},
           {"Notes: on tracing", "https://someone.github.io/gpu/notes/"},
           {"DETR Quantization, 2023", "https://someone.github.io/2023/abstract/4.pdf"}}) {
    const auto found = lint_item(fmt::format("- [{}]({}) - Posts on tracing.", title, url));
    EXPECT_THAT(rule_ids(found), Contains("source/not-primary")) << url;
  }
}

// A teaching word is a repository's kind only as a suffix: "book" alone is
// a project's name, "learn-cuda" someone's kernels, "learning-to-rank" a
// library.
TEST(SourceNotPrimary, ATeachingWordInsideARepositorysNameIsNotItsKind) {
  for (const char* url :
       {"https://github.com/rust-lang/book", "https://github.com/o/learning-to-rank",
        "https://github.com/tiny-dnn/tiny-dnn", "https://github.com/NVlabs/tiny-cuda-nn",
        "https://github.com/gau-nernst/learn-cuda", "https://github.com/o/guided-decoding",
        "https://github.com/o/notebook",
        // Node packages that read or write a stream, not a stream of links.
        "https://github.com/o/get-stream", "https://github.com/o/tar-stream"}) {
    const auto found = lint_item("- [r](" + std::string(url) + ") - The project itself.");
    EXPECT_THAT(rule_ids(found), Not(Contains("source/not-primary"))) << url;
  }
}

// A forum's subdomain is a community site; a project named Discourse at its
// own domain is the project.
TEST(SourceNotPrimary, AProjectsOwnDomainIsNoForumSubdomain) {
  const auto own_site =
      lint_item("- [Discourse](https://www.discourse.org/) - A platform for discussion.");
  const Diagnostic* own = finding_of(own_site, "source/not-primary");
  EXPECT_TRUE(own == nullptr || own->evidence != "URL shape: a community site");
  const auto forum_page =
      lint_item("- [Forum](https://discourse.someproject.example/t/tiling/7) - Tiling.");
  const Diagnostic* forum = finding_of(forum_page, "source/not-primary");
  ASSERT_NE(forum, nullptr);
  EXPECT_EQ(forum->evidence, "URL shape: a community site");
}

// A sandbox page is a demo; a project's sandbox of components in the making
// holds each component's own pages.
TEST(SourceNotPrimary, AComponentInAProjectsSandboxIsNoDemo) {
  const auto found =
      lint_item("- [CLI2](https://commons.apache.org/sandbox/commons-cli2/) - Parses options.");
  EXPECT_THAT(rule_ids(found), Not(Contains("source/not-primary")));
}

// A blog's or a section's index is no source, on a host the policy knows too:
// the posts it lists are.
TEST(SourceNotPrimary, ASectionIndexIsAnAggregatorOnAnyHost) {
  for (const char* url : {"https://someone.example/blog/", "https://developer.nvidia.com/blog/",
                          "https://pytorch.org/blog/"}) {
    const auto found = lint_item("- [Technical blog](" + std::string(url) + ") - GPU posts.");
    const Diagnostic* it = finding_of(found, "source/not-primary");
    ASSERT_NE(it, nullptr) << url;
    EXPECT_EQ(it->evidence, "URL shape: a section index") << url;
  }
  EXPECT_EQ(finding_of(lint_item("- [Tensor Core Programming](https://developer.nvidia.com/blog/"
                                 "programming-tensor-cores-cuda-9/) - Using CUTLASS."),
                       "source/not-primary"),
            nullptr);
}

// A conference's paper pages are papers; the front page of a paper archive lists
// papers and is none.
TEST(SourceNotPrimary, AConferencesPaperPagesArePapersAndItsFrontPageIsNot) {
  for (const char* url :
       {"https://nips.cc/virtual/2024/poster/96936", "https://icml.cc/virtual/2023/poster/23456",
        "https://nips.cc/Conferences/2022/Schedule?showEvent=54104"}) {
    EXPECT_THAT(rule_ids(lint_item("- [paper](" + std::string(url) +
                                   ") - \"KVQuant: Towards 10 Million Context Length\", 2024.")),
                IsEmpty())
        << url;
  }
  for (const char* url : {"https://nips.cc/", "https://aclanthology.org/", "https://arxiv.org"}) {
    const auto found =
        lint_item("- [Proceedings](" + std::string(url) + ") - Papers of the venue.");
    const Diagnostic* it = finding_of(found, "source/not-primary");
    ASSERT_NE(it, nullptr) << url;
    EXPECT_EQ(it->evidence, "URL shape: a paper archive's front page") << url;
  }
}

// In a digital library a journal's article page is a paper; the journal's own
// page lists its papers and is none.
TEST(SourceNotPrimary, AJournalsArticlePageIsAPaperAndItsFrontPageIsNot) {
  EXPECT_THAT(rule_ids(lint_item("- [UMPIPE](https://www.computer.org/csdl/journal/td/5555/01/"
                                 "10792656/22AQNnaMR6U) - Unequal microbatches for pipelines.")),
              IsEmpty());
  const auto found = lint_item(
      "- [TPDS](https://www.computer.org/csdl/journal/td) - Transactions on parallel systems.");
  const Diagnostic* it = finding_of(found, "source/not-primary");
  ASSERT_NE(it, nullptr);
  EXPECT_EQ(it->evidence, "URL shape: a journal's front page in a digital library");
}

// Passing, but never silently: a note names the shape that decided.
TEST(SourceNotPrimary, UnknownHostsShapedLikeDocsOrPapersPassWithANote) {
  for (const char* url :
       {"https://docs.someproject.example/guide/tiling", "https://someorg.github.io/adk-docs/",
        "https://someproject.example/docs/tiling.html", "https://someone.example/papers/tiling.pdf",
        "https://cs.someuni.example/~prof/cs798/p57-simmen.pdf",
        // A workshop's short papers, on its GitHub Pages.
        "https://dynn-workshop.github.io/spapers/paper_4.pdf",
        "https://lab.someuni.example/CloudComputing/GeePS-cui-eurosys16.pdf",
        // A PDF a site uploaded, in a dated folder of a blogging engine.
        "https://institute.example/wp-content/uploads/2018/07/d1ac95b6.pdf",
        "https://gcc.example.org/onlinedocs/libstdc++/ext/assoc_performance_tests.html",
        "https://someproject.example/user-guide/tiling-kernels.html",
        "https://vendor.example/architecture/64-ia-32-architectures-optimization-manual.html",
        "https://someproject.example/python-api/",
        // A forge a project hosts itself: its repositories.
        "https://git.someone.example/prologic/bitcask",
        "https://gitlab.someuni.example/rust/va108xx-rs/",
        // A Mercurial server's repository: one name, or a folder and a name.
        "https://hg.someproject.example/mozilla-central/"}) {
    const auto found = lint_item("- [Notes](" + std::string(url) + ") - Notes on tiling kernels.");
    ASSERT_THAT(rule_ids(found), ElementsAre("source/unclassified")) << url;
    EXPECT_EQ(found[0].severity, Severity::info) << url;
    EXPECT_THAT(found[0].message, HasSubstr("by its URL alone")) << url;
  }
}

// A project's page at a forge the host rules know is its repository, not a
// home page or a post: SourceForge's projects and git trees, KDE's GitLab.
TEST(SourceNotPrimary, ProjectsAtKnownForgesAreRepositories) {
  for (const char* url : {"https://sourceforge.net/projects/filezilla/",
                          "https://git.code.sf.net/p/grandperspectiv/source",
                          "https://invent.kde.org/utilities/kate"}) {
    EXPECT_THAT(
        rule_ids(lint_item("- [App](" + std::string(url) + ") - Edits text files quickly.")),
        IsEmpty())
        << url;
  }
}

// The Go project's sub-repositories and packages at golang.org are its own
// documentation, as pkg.go.dev's pages are.
TEST(SourceNotPrimary, GoPackagesAtGolangOrgAreDocumentation) {
  for (const char* url : {"https://golang.org/x/net", "https://golang.org/pkg/net/http/"}) {
    EXPECT_THAT(rule_ids(lint_item("- [net](" + std::string(url) + ") - Networking packages.")),
                IsEmpty())
        << url;
  }
}

// Section 1 again: a company writing about the system it built is
// first-party, whoever the policy lists. The entry must credit the company
// the domain names ("at Examplecorp", "Examplecorp's", "Examplecorp 2021"),
// and the subject must not be a mechanism another publisher owns.
TEST(SourceNotPrimary, ACompanysPostOnItsOwnWorkIsFirstParty) {
  auto post = [](const std::string& url, const std::string& title, const std::string& description) {
    return lint_markdown("# L\n\n## S\n\n- [" + title + "](" + url + ") - " + description + "\n");
  };
  const std::string own = "https://examplecorp.example/posts/powering-search";
  for (const auto& [title, description] : std::vector<std::pair<std::string, std::string>>{
           {"Powering Search at Examplecorp", "How the ranking service is built."},
           {"Examplecorp's ranking service", "How it is built."},
           {"Powering search", "Examplecorp 2021."},
           {"Examplecorp: Item Availability Architecture at Scale", "How it is built."},
           {"SRE@Examplecorp: Managing incidents", "Part II."},
           {"Inside Examplecorp: how our engineers run incidents", "How it is done."},
           {"Meena", "[Examplecorp] Jan. 2020 A chatbot."}}) {
    const auto found = post(own, title, description);
    EXPECT_THAT(rule_ids(found), Not(Contains("source/not-primary"))) << title;
  }
  const auto found = post(own, "Powering Search at Examplecorp", "How the ranking is built.");
  ASSERT_FALSE(found.empty());
  EXPECT_THAT(found[0].evidence, HasSubstr("credits \"Examplecorp\""));
  // Another company's site, a mere mention, a person's byline, or someone
  // else's mechanism: a blog post still.
  EXPECT_THAT(rule_ids(post("https://othercorp.example/posts/powering-search",
                            "Powering Search at Examplecorp", "How the ranking is built.")),
              Contains("source/not-primary"));
  EXPECT_THAT(rule_ids(post(own, "Why Examplecorp ranks results", "An outside view.")),
              Contains("source/not-primary"));
  EXPECT_THAT(rule_ids(post(own, "Meena", "[Othercorp] Jan. 2020 A chatbot.")),
              Contains("source/not-primary"));
  EXPECT_THAT(rule_ids(post("https://janedoe.example/posts/attention", "Attention explained",
                            "by Jane Doe.")),
              Contains("source/not-primary"));
  EXPECT_THAT(rule_ids(post(own, "Tuning CUDA kernels at Examplecorp", "Occupancy first.")),
              Contains("source/not-primary"));
  // A person's blog that credits its author is still a blog.
  EXPECT_THAT(rule_ids(post("https://www.janedoe.example/blog/2016-03-05/bpf-superpowers.html",
                            "BPF Superpowers", "Jane Doe's blog, and in particular this post.")),
              Contains("source/not-primary"));
}

// An entry that is the publisher itself, linked by its own site's post about
// it ("[MongoDB](mongodb.com/blog/post/running-mongodb-as-…)"), links the
// vendor's own technical post; an index page or an announcement is not one.
TEST(SourceNotPrimary, APublishersPostAboutItselfIsFirstParty) {
  auto entry = [](const std::string& title, const std::string& url) {
    return lint_markdown("# L\n\n## S\n\n- [" + title + "](" + url + ") - Runs it on a cluster.\n");
  };
  const auto own = entry("MongoDB",
                         "http://www.mongodb.com/blog/post/"
                         "running-mongodb-as-a-microservice-with-docker-and-kubernetes");
  EXPECT_THAT(rule_ids(own), Not(Contains("source/not-primary")));
  // A company's domain may add a word to its name.
  EXPECT_THAT(rule_ids(entry("Datadog",
                             "https://www.datadoghq.example/blog/"
                             "monitor-mongodb-performance-with-datadog/")),
              Not(Contains("source/not-primary")));
  for (const auto& [title, url] : std::vector<std::pair<std::string, std::string>>{
           {"MongoDB", "http://www.mongodb.com/blog/post/announcing-mongodb-atlas-on-kubernetes"},
           {"Jane Doe", "https://janedoe.example/blog/index.html"},
           {"MongoDB", "https://othercorp.example/blog/running-mongodb-on-kubernetes"},
           {"Examplecorp", "https://examplecorp.example/blog/running-kafka-on-kubernetes"}}) {
    EXPECT_THAT(rule_ids(entry(title, url)), Contains("source/not-primary")) << url;
  }
}

// docs/policy-interpretation.md, section 1: a vendor's post about its own
// mechanism is documentation; about someone else's, or an announcement, not.
TEST(SourceNotPrimary, AVendorsPostOnItsOwnMechanismIsDocumentation) {
  auto post = [](const std::string& title) {
    return rule_ids(lint_markdown(
        "# L\n\n## S\n\n- [" + title +
        "](https://developer.nvidia.com/blog/some-post/) - A post on the vendor's blog.\n"));
  };
  EXPECT_THAT(post("Understanding PTX, the assembly language of CUDA"), IsEmpty());
  EXPECT_THAT(post("CUDA C++ Programming Guide"), IsEmpty());
  // The vendor's older blog and SDK document hosts.
  for (const char* item :
       {"- [Fast Histograms Using Shared Atomics on Maxwell](https://devblogs.nvidia.com/"
        "parallelforall/gpu-pro-tip-fast-histograms/) - Shared memory atomics.",
        "- [Histogram calculation in CUDA](http://developer.download.nvidia.com/compute/cuda/"
        "1.1-Beta/x86_website/projects/histogram64/doc/histogram.pdf) - An SDK sample's notes.",
        "- [Matrix cores on MI300X](https://rocm.blogs.amd.com/software-tools-optimization/"
        "matrix-cores/README.html) - MFMA instructions in HIP.",
        "- [AMD CodeXL](http://developer.amd.com/tools-and-sdks/opencl-zone/codexl/) - GPU "
        "debugger and profiler.",
        "- [Intel MPI Benchmarks](https://software.intel.com/content/www/us/en/develop/articles/"
        "intel-mpi-benchmarks.html) - Point-to-point and collective MPI benchmarks.",
        "- [OpenAI Agents SDK](https://openai.github.io/openai-agents-python/) - Tools, handoffs "
        "and tracing.",
        "- [deepseek-llm-7b-base](https://huggingface.co/deepseek-ai/deepseek-llm-7b-base) - The "
        "model's own repository."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), Not(Contains("source/not-primary"))) << item;
  }
  for (const char* item : {"- [flip-link](https://github.com/knurling-rs/flip-link) - Adds "
                           "zero-cost stack overflow protection.",
                           "- [Cufflinks](https://github.com/santosjorge/cufflinks) - Productivity "
                           "tools for Plotly and Pandas."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), Not(Contains("source/not-primary"))) << item;
  }
  EXPECT_THAT(post("Using NCCL for all-reduce across nodes"), IsEmpty());
  EXPECT_THAT(post("Speculative decoding explained"), ElementsAre("source/not-primary"));
  EXPECT_THAT(post("Announcing a new NCCL release"), ElementsAre("source/not-primary"));
  EXPECT_THAT(post("NCCL 2.20 is now available"), ElementsAre("source/not-primary"));
  EXPECT_THAT(post("NCCL at GTC: a recap"), ElementsAre("source/not-primary"));
  // "Introducing" opens the vendor's first technical description of its own
  // format or feature, not a product announcement.
  EXPECT_THAT(post("Introducing NVFP4 for efficient low-precision inference"), IsEmpty());
  EXPECT_THAT(post("A case study of cuDNN at a bank"), ElementsAre("source/not-primary"));
  // A publisher's blog on a domain of its own ("also_domains").
  const auto blog = lint_item(
      "- [Federated Learning: Collaborative Machine Learning without Centralized Training "
      "Data](https://ai.googleblog.com/2017/04/federated-learning.html) - A post.");
  EXPECT_THAT(rule_ids(blog), Not(Contains("source/not-primary")));
  // The same blog on someone else's mechanism, or telling a customer's
  // story, stays a blog post.
  for (const char* item :
       {"- [Kafka at scale](https://ai.googleblog.com/2017/04/kafka.html) - A post.",
        "- [Coca-Cola's Image Recognition App](https://developers.googleblog.com/2017/09/"
        "how-machine-learning-with-tensorflow-enabled.html) - A customer story."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), Contains("source/not-primary")) << item;
  }
}

TEST(SourceNotPrimary, ThirdPartyStudiesOnPaperHostsAreNotPrimary) {
  for (const char* title :
       {"Dissecting the Hopper architecture through microbenchmarks",
        "Demystifying the GPU memory hierarchy",
        "An empirical study of deep learning compilers",
        "Benchmarking the A100 for sparse workloads",
        "Performance evaluation of NCCL on H100",
        "A Performance Evaluation of a Commercial Serverless Platform",
        "Efficient Neural Networks for Tiny Machine Learning: A Comprehensive Review",
        "CS149: Parallel Computing",
        "CMU 15-418/618: Parallel Computer Architecture",
        "A GPU glossary",
        "Sanity Checks for Lottery Tickets",
        "Knowledge Distillation for Visual Intelligence: A Review and New Outlooks",
        "Deep learning in neural networks: An overview (2015), J. Schmidhuber",
        "A Field Guide to Federated Optimization",
        "Advances and Open Problems in Federated Learning",
        "Automated Machine Learning: State-of-The-Art and Open Challenges",
        "Is C4 Optimal for Pruning? An Investigation of Calibration Data",
        "On the Road with GPT-4V: Early Explorations of Visual-Language Models",
        "Enhancing TinyML Security: Study of Adversarial Attack Transferability",
        "Accuracy-Performance Trade-Offs in LLM Quantization",
        "A Tutorial on Bayesian Optimization of Expensive Cost Functions",
        "A Comprehensive Review of Model Quantization for Deep Neural Networks",
        "Performance Comparison of PyTorch and JAX on TPUs",
        "A Comprehensive Study of Long-Context Methods",
        "A Summary of Attention Variants",
        "Awesome Scene Understanding",
        "awesome-ssh",
        "Open LLM Leaderboard results for 2024",
        "TinyML: Current Progress and Future Directions",
        "Graph based nearest neighbor search: Promises and failures",
        "On the Effect of Pre-training for Transformers in Offline RL",
        "A Primer in BERTology: What we know about how BERT works",
        "Theoretical and Empirical Analysis of Adaptive Entry Point Selection",
        "Revisiting k-Nearest Neighbor Graph Construction: Experiments and Analyses",
        "A deeper look at depth pruning of LLMs",
        "Challenges and Applications of Large Language Models",
        "A Comparison of the Cerebras Wafer-Scale Integration with GPU-Based Systems"}) {
    const auto found =
        lint_item("- [" + std::string(title) + "](https://arxiv.org/abs/2402.13499) - A study.");
    EXPECT_THAT(rule_ids(found), Contains("source/not-primary")) << title;
  }
  // A study that also builds something introduces a method; a question is
  // how many papers that introduce one are titled; a named benchmark
  // ("Visual-RAG: Benchmarking …") and a named observing survey are primary.
  for (const char* title :
       {"Characterizing and optimizing serverless workloads at a cloud provider",
        "Benchmarking GPUs to tune dense linear algebra",
        "Is attention all you need? A kernel for sparse decode",
        "Can NeRFs see without cameras?",
        "Visual-RAG: Benchmarking text-to-image retrieval augmented generation",
        "TRAO Survey of the nearby filamentary molecular clouds",
        "MME: A Comprehensive Evaluation Benchmark for Multimodal Large Language Models",
        "Impact of Atomic Substitution on Relaxation Dynamics: A Study of Br2 and IBr",
        "Trade-off aware scheduling for LLM serving",
        "Tutorial-guided program synthesis",
        "Benchmarking zero-shot text classification: Datasets, evaluation and entailment approach",
        "Benchmarking cloud serving systems with YCSB",
        "RAG or Long-Context LLMs? A Comprehensive Study and Hybrid Approach",
        "The FACTS Grounding Leaderboard: Benchmarking LLMs' Ability to Ground Responses",
        "Summary of a Haystack: A Challenge to Long-Context LLMs and RAG Systems",
        "Awesome Typography: Statistics-Based Text Effects",
        "Comparison-based sorting on GPUs",
        "Effect handlers for GPU kernels",
        "The Hubble Arp Galaxy Survey",
        "A closer look at the ranking service behind course recommendations"}) {
    const auto found = lint_item("- [" + std::string(title) +
                                 "](https://arxiv.org/abs/2402.13499) - A paper on the method.");
    EXPECT_THAT(rule_ids(found), IsEmpty()) << title;
  }
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [KernelBench: can LLMs write GPU "
                                     "kernels?](https://arxiv.org/abs/2502.10517) - A benchmark "
                                     "that the paper introduces.\n")),
              IsEmpty());
}

// A Markdown list cannot declare a kind: a blog post that reads as its
// author's own worklog, or states a measurement, is a warning asking for its
// kind and code, not an error.
TEST(SourceNotPrimary, ABlogPostThatReadsAsAReportIsAWarning) {
  for (const char* item :
       {"- [Optimizing a softmax kernel: a worklog](https://someone.substack.com/p/softmax) - "
        "Step by step, with the code.",
        "- [Softmax notes](https://someone.substack.com/p/softmax) - Reaches 1.2 TB/s on H100."}) {
    const auto found = lint_item(item);
    const Diagnostic* it = finding_of(found, "source/not-primary");
    ASSERT_NE(it, nullptr) << item;
    EXPECT_EQ(it->severity, Severity::warning) << item;
    EXPECT_THAT(it->message, HasSubstr("looks like an implementer report")) << item;
  }
  // A code link reads as a report too: the warning, not a demand for the
  // hardware a Markdown entry has no field for.
  const auto with_code = lint_item(
      "- [Softmax notes](https://someone.substack.com/p/softmax) - Notes on softmax kernels, "
      "with [code](https://github.com/someone/softmax).");
  ASSERT_THAT(rule_ids(with_code), ElementsAre("source/not-primary"));
  EXPECT_EQ(with_code[0].severity, Severity::warning);
  EXPECT_THAT(with_code[0].message,
              HasSubstr("it links its code (https://github.com/someone/softmax)"));
  EXPECT_THAT(with_code[0].hint, HasSubstr("measures what it reports"));
  // Without either, the same post is an error.
  const auto plain = lint_markdown(
      "# L\n\n## S\n\n- [Softmax notes](https://someone.substack.com/p/softmax) - Notes on "
      "softmax kernels.\n");
  ASSERT_THAT(rule_ids(plain), ElementsAre("source/not-primary"));
  EXPECT_EQ(plain[0].severity, Severity::error);
}

TEST(SourceNotPrimary, TagPagesArticleSlugsAndReimplementationsAreNotPrimary) {
  for (const char* item :
       {"- [CUDA refresher](https://developer.nvidia.com/blog/tag/cuda-refresher/) - A series.",
        "- [Speed and Python](https://fireworks.example/speed-python-pick-two-with-graphs) - On "
        "CUDA graphs.",
        "- [mamba-minimal](https://github.com/someone/mamba-minimal) - Mamba in one file.",
        "- [A minimal implementation of Mamba](https://github.com/someone/mamba) - In one file.",
        "- [VALL-E (unofficial)](https://github.com/someone/vall-e) - Neural codec language "
        "models.",
        "- [triton-practice](https://github.com/someone/triton-practice) - Kernels, step by step.",
        "- [Notes on TPU sharding](https://docs.google.com/document/d/1abc/edit) - Shared notes.",
        "- [Ring attention](https://docs.google.com/presentation/d/1abc/edit) - Talk slides.",
        "- [Agents course](https://huggingface.co/learn/agents-course/unit0/introduction) - A "
        "course on agents.",
        "- [FlashAttention in a notebook](https://colab.research.google.com/drive/1abc) - A "
        "notebook."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), Contains("source/not-primary")) << item;
  }
  // A product named "mini-" is no minimal reimplementation; a repl is code.
  for (const char* item :
       {"- [Mini AGI](https://github.com/someone/mini-agi) - A general-purpose agent.",
        "- [BabyCatAGI](https://replit.com/@someone/BabyCatAGI) - A task agent."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), Not(Contains("source/not-primary"))) << item;
  }
}

// Hosts of talks, shared notebooks, browser-support tables, books, forums,
// notes and citation profiles are not sources.
TEST(SourceNotPrimary, TalkNotebookBookAndCitationHostsAreNotPrimary) {
  for (const char* url :
       {"https://slideslive.com/38935810/deep-implicit-layers", "https://redd.it/62ixbc",
        "https://scholar.google.com/citations?user=S0", "https://dblp.org/db/conf/lcpc/index",
        "https://someone.gitbooks.io/cpp-best-practices/content/08.html",
        "https://www.facebook.com/notes/facebook-engineering/tips/101513616",
        "https://learning.oreilly.com/videos/strata/9781492050681/",
        "https://www.morganclaypool.com/doi/abs/10.2200/S00551ED1",
        "https://link.springer.com/book/10.1007/978-3-030-00000-0",
        "https://www.kaggle.com/code/someone/jax-0", "https://caniuse.com/webgpu",
        "https://books.google.com/books?id=tPQyEAAAQBAJ",
        "https://www.usenix.org/conference/srecon19emea/presentation/someone",
        "https://www.usenix.org/publications/login/june15/someone",
        "https://www.manning.com/livevideo/spark-in-motion",
        "https://www.quora.com/How-can-one-become-a-good-machine-learning-engineer",
        "https://huggingface.co/spaces/someone/image-demo",
        // A researcher's profile is no paper of theirs.
        "https://www.researchgate.net/profile/Some_One"}) {
    EXPECT_THAT(rule_ids(lint_item("- [Thing](" + std::string(url) + ") - About GPUs.")),
                Contains("source/not-primary"))
        << url;
  }
  // A copy of the paper itself, on a citation index's own file host, is the
  // paper.
  for (const char* url :
       {"https://pdfs.semanticscholar.org/043a/fbd936c95d0e33c4a391365893bd4102f1a7.pdf",
        "https://www.researchgate.net/publication/3191841_Neural_Network_Ensembles",
        "https://www.researchgate.net/profile/Some_One/publication/4202380_A_new_model/links/"
        "0c96.pdf",
        "http://citeseerx.ist.psu.edu/viewdoc/download?doi=10.1.1.93.2788&rep=rep1&type=pdf"}) {
    EXPECT_THAT(rule_ids(lint_item("- [Project Adam](" + std::string(url) +
                                   ") - T. Chilimbi et al., OSDI 2014.")),
                Not(Contains("source/not-primary")))
        << url;
  }
}

// Platforms carry anyone's writing: WeChat's public accounts are a blogging
// platform, whoever the account is.
TEST(SourceNotPrimary, ABlogPlatformsPostIsNotPrimary) {
  const auto found = lint_markdown(
      "# L\n\n## S\n\n- [GEMM notes](https://mp.weixin.qq.com/s/QaSbvyAmI6XXtr0y6W4LNQ) - Tiling "
      "a GEMM kernel.\n");
  ASSERT_THAT(rule_ids(found), ElementsAre("source/not-primary"));
  EXPECT_EQ(found[0].evidence, "host rule: mp.weixin.qq.com is blog");
}

// A link through a redirect wrapper is judged by the page it carries: a
// paper is a paper, a blog post a blog post.
TEST(SourceNotPrimary, ARedirectWrapperIsJudgedByThePageItCarries) {
  EXPECT_THAT(
      rule_ids(lint_item("- [FlashAttention](https://www.google.com/url?q=https%3A%2F%2Farxiv.org"
                         "%2Fabs%2F2205.14135&sa=D) - IO-aware exact attention.")),
      Not(Contains("source/not-primary")));
  // Its path escaped ("/%75rl"), it is the wrapper link/canonical names.
  const auto found = lint_item(
      "- [FlashAttention explained](https://www.google.com/%75rl?q=https%3A%2F%2Fsomeone.medium."
      "com%2Fflash-attention-explained-1234&sa=D) - IO-aware exact attention.");
  const Diagnostic* d = finding_of(found, "source/not-primary");
  ASSERT_NE(d, nullptr);
  EXPECT_THAT(d->evidence, HasSubstr("medium.com"));
}

// A research lab's blog on a university host writes about the lab's own
// methods, as a company's engineering blog writes about its own systems.
TEST(SourceNotPrimary, AResearchLabsBlogOnItsOwnWorkIsFirstParty) {
  for (const char* url : {"https://somelab.someuni.edu/blog/2023-11-13-flashfftconv",
                          "https://dawn.cs.someuni.edu/2019/06/13/butterfly/",
                          "https://otherlab.someuni.edu/blogs/kernelbench/"}) {
    const auto found =
        lint_item("- [FlashFFTConv](" + std::string(url) + ") - Convolutions for long sequences.");
    EXPECT_THAT(rule_ids(found), Not(Contains("source/not-primary"))) << url;
  }
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [Convolutions for beginners](https://"
                                     "somelab.someuni.edu/blog/conv-tutorial) - A first look.\n")),
              Contains("source/not-primary"));
}

// "by Jane Doe: …" credits a person: on a host the policy does not know,
// the page is that person's writing. The site's own name is not a guest's,
// a paper's author list is not a byline, and a known host says what it is.
TEST(SourceNotPrimary, APersonsBylineOnAnUnknownHostIsTheirWriting) {
  const auto found = lint_markdown(
      "# L\n\n## S\n\n- [LoRA insights](https://lightning.example/pages/lora-insights/) - by "
      "Sebastian Raschka: Practical insights about LoRA.\n");
  const Diagnostic* it = finding_of(found, "source/not-primary");
  ASSERT_NE(it, nullptr);
  EXPECT_EQ(it->evidence, "byline: a person's byline (\"by Sebastian Raschka\")");
  EXPECT_THAT(it->hint, HasSubstr("add a host rule"));
  // A person's own site, named after them, is still their writing.
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [Recipe](https://karpathy.example/"
                                     "2019/recipe) - by Andrej Karpathy: Training networks.\n")),
              Contains("source/not-primary"));
  for (const char* item :
       {"- [Open models](https://huggingface.example/spaces/board) - by Hugging Face: Models "
        "compared.",
        "- [Rapport](https://societegenerale.example/rapport) - by Société Générale: A yearly "
        "report.",
        "- [Katalog](https://strasseverlag.example/katalog) - by Straße Verlag: A yearly "
        "catalogue.",
        "- [TACO scheduling](https://tensor-compiler.example/taco-scheduling) - by Ryan Senanayake "
        "et al., OOPSLA 2020.",
        "- [Lighteval](https://github.com/huggingface/lighteval) - by Clementine Fourrier: An "
        "evaluation framework."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), Not(Contains("source/not-primary"))) << item;
  }
}

// A textbook teaches mechanisms others introduced: it is none of the four
// kinds of core source, and its catalogue page's slug is not a tutorial path.
TEST(SourceNotPrimary, ABookIsNotAPrimarySource) {
  const auto found = lint_markdown(
      "# L\n\n## S\n\n- [Rust in Action](https://www.manning.com/books/getting-started-with-"
      "rust) - An introduction to systems programming with Rust.\n");
  ASSERT_THAT(rule_ids(found), ElementsAre("source/not-primary"));
  EXPECT_THAT(found[0].message, HasSubstr("links a book page"));
}

// A code link makes a blog post an implementer report, not a shop's page:
// a shop's page for a book with a repository beside it is still a shop's.
TEST(SourceNotPrimary, ACodeLinkBesideAShopsPageIsNoReport) {
  const auto book = lint_markdown(
      "# L\n\n## S\n\n- [Generative AI with LangChain](https://amzn.to/3GUlRng) - A book; it "
      "comes with a [repository](https://github.com/o/book-code).\n");
  EXPECT_THAT(rule_ids(book), Contains("source/not-primary"));
  const auto post = lint_markdown(
      "# L\n\n## S\n\n- [Metaballs](https://someone.github.io/metaballs/) - A WebGPU demo - "
      "[Repository](https://github.com/someone/metaballs).\n");
  EXPECT_THAT(rule_ids(post), Not(Contains("source/not-primary")));
}

// A vendor's architecture white paper is its documentation, even on a host
// the policy classes as marketing.
TEST(SourceNotPrimary, AWhitePaperIsDocumentationOnAnyHost) {
  const auto found = lint_markdown(
      "# L\n\n## S\n\n- [A100 architecture](https://www.nvidia.com/content/dam/en-zz/Solutions/"
      "nvidia-ampere-architecture-whitepaper.pdf) - The architecture of the A100.\n"
      "- [A100](https://www.nvidia.com/en-us/data-center/a100/) - The A100 product page.\n"
      "- [DGX-1](https://images.nvidia.com/content/pdf/dgx1-system-architecture-whitepaper1.pdf) "
      "- The architecture of the DGX-1.\n");
  ASSERT_THAT(rule_ids(found), ElementsAre("source/not-primary"));
  EXPECT_EQ(found[0].location.line, 6);
}

// A chip maker's research site publishes its researchers' papers, benchmarks
// and project pages: the work itself, not the maker's marketing.
TEST(SourceNotPrimary, AVendorsResearchSiteIsNotItsMarketing) {
  for (const char* item :
       {"- [SOL-ExecBench](https://research.nvidia.com/benchmarks/sol-execbench) - A benchmark "
        "of kernels against the hardware's speed of light.",
        "- [Decoupled look-back](https://research.nvidia.com/publication/2016-03_single-pass) - "
        "Single-pass parallel prefix scan."}) {
    EXPECT_THAT(rule_ids(lint_item(item)), IsEmpty()) << item;
  }
}

// A company's engineering blog writes about the systems the company built:
// first-party documentation, unless the post is a beginner's tutorial.
TEST(SourceNotPrimary, AnEngineeringBlogOnItsOwnSystemsIsFirstParty) {
  for (const char* item :
       {"- [Michelangelo](https://eng.uber.com/michelangelo/) - Uber's machine learning platform.",
        "- [Search ranking](https://medium.com/airbnb-engineering/search-ranking-abc123) - How "
        "Airbnb ranks experiences.",
        "- [Introducing Orbit](https://eng.uber.com/orbit/) - Uber's open-source forecasting "
        "package.",
        "- [Metaflow](https://netflixtechblog.com/open-sourcing-metaflow-fa72e04a5d9) - Netflix's "
        "framework for data science.",
        "- [Video relevance at Hulu](https://medium.com/hulu-tech-blog/video-relevance-b2c448e1) - "
        "How Hulu predicts relevance.",
        "- [CaffeOnSpark at Yahoo](https://yahooeng.tumblr.com/post/139916828451/caffeonspark) - "
        "Yahoo's distributed deep learning.",
        "- [Ads pacing at Twitter](https://blog.twitter.com/engineering/en_us/topics/ads-pacing) - "
        "How Twitter built its pacing service.",
        "- [Streaming at Spotify](https://labs.spotify.com/2018/08/31/smoother-streaming/) - How "
        "Spotify streams music.",
        "- [Arctic Inference](https://www.snowflake.com/en/engineering-blog/fast-speculative-"
        "decoding-vllm-arctic/) - Snowflake AI Research on its speculative decoding."}) {
    const auto found = lint_item(item);
    EXPECT_THAT(rule_ids(found), Not(Contains("source/not-primary"))) << item;
  }
  const auto tutorial = lint_markdown(
      "# L\n\n## S\n\n- [Forecasting for beginners](https://eng.uber.com/forecasting-beginners/) - "
      "A first look at forecasting.\n");
  EXPECT_THAT(rule_ids(tutorial), Contains("source/not-primary"));
  // "engineering" names a company's blog only as a whole host label: a trade
  // news site whose name ends in it is not one.
  EXPECT_THAT(rule_ids(lint_item("- [Kafka at Deliveroo](https://deliveroo.engineering/2016/09/"
                                 "19/kafka.html) - How Deliveroo runs Kafka.")),
              Not(Contains("source/not-primary")));
  const auto trade_news = lint_item(
      "- [HBM supply](https://semiengineering.com/hbm-supply-chain/) - Where HBM comes from.");
  ASSERT_THAT(rule_ids(trade_news), Contains("source/not-primary"));
  EXPECT_EQ(trade_news[0].evidence, "host rule: semiengineering.com is news");
  // Someone's personal Medium page is not an engineering blog.
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [Search ranking](https://medium.com/"
                                     "@someone/search-ranking-abc123) - How search ranking "
                                     "works.\n")),
              Contains("source/not-primary"));
}

// The root of a docs host is the documentation, not a home page: a note
// that it was judged by its URL's shape, nothing stronger.
TEST(SourceNotPrimary, TheRootOfADocsHostIsDocumentation) {
  const auto found = lint_markdown(
      "# L\n\n## S\n\n- [Streamlit](https://docs.streamlit.io/) - The Streamlit documentation.\n");
  ASSERT_THAT(rule_ids(found), ElementsAre("source/unclassified"));
  EXPECT_EQ(found[0].severity, Severity::info);
  EXPECT_EQ(found[0].evidence, "URL shape: a docs host");
}

// A design system's guidelines are its maker's documentation, whatever the
// shape of the page's name.
TEST(SourceNotPrimary, MaterialDesignGuidelinesAreDocumentation) {
  EXPECT_THAT(rule_ids(lint_markdown(
                  "# L\n\n## S\n\n- [Guidelines for ML](https://material.io/collections/"
                  "machine-learning/patterns-for-machine-learning-powered-features.html) - How "
                  "to design ML features.\n")),
              IsEmpty());
}

// A foundation's project wiki is its projects' documentation; another wiki
// is an aggregator.
TEST(SourceNotPrimary, AFoundationsProjectWikiIsDocumentation) {
  for (const char* url : {"https://wiki.apache.org/hadoop/SequenceFile",
                          "https://cwiki.apache.org/confluence/display/Hive/HCatalog",
                          "https://wiki.openstack.org/wiki/Designate"}) {
    const auto found = lint_markdown(std::string("# L\n\n## S\n\n- [Thing](") + url +
                                     ") - The file format of a storage system.\n");
    EXPECT_EQ(finding_of(found, "source/not-primary"), nullptr) << url;
  }
  const auto found = lint_markdown(
      "# L\n\n## S\n\n- [Tips](https://wiki.python.org/moin/PythonSpeed/PerformanceTips) - "
      "Performance tips for Python programs.\n");
  EXPECT_NE(finding_of(found, "source/not-primary"), nullptr);
}

// A more specific reading wins over a broader one: a docs host whose name
// ends in digits is no conference site, a PDF in a conference's proceedings
// is a paper, so is a PDF under a venue's folder or named by a venue (a
// workshop's too) on an author's GitHub Pages, a library named AwesomeCache is
// no awesome list, package documentation hosts are documentation, a social network's developer site
// is its documentation, a repository named "…_list" is a widget, not a link collection, and a path
// that holds a DOI or a publisher's article id is a paper on any mirror.
TEST(SourceNotPrimary, TheMoreSpecificReadingOfAUrlWins) {
  for (const char* url :
       {"https://pybind11.readthedocs.io/en/stable/",
        "https://sc24.supercomputing.example/proceedings/poster/poster_files/post123.pdf",
        "http://bmvc2018.org/contents/papers/0870.pdf",
        "https://linkspringer.mirror.example/article/10.1007/s11263-020-01333-1",
        "https://sciencedirect.mirror.example/science/article/pii/S1537511022001714",
        "https://developer.twitter.com/en/docs/twitter-api",
        "https://someone.github.io/attaches/asplos23/asplosb23main-p360.pdf",
        "https://someone.github.io/lab/files/lotus-hotinfra24.pdf",
        // A library named in one word with "Awesome" is no awesome list.
        "https://github.com/someone/AwesomeCache",
        // Package documentation hosts.
        "https://hexdocs.pm/ecsx/ECSx.html", "https://pub.dev/packages/provider",
        "https://cran.r-project.org/web/packages/tmap/vignettes/tmap-getstarted.html",
        "https://github.com/someone/inview_notifier_list"}) {
    const auto found = lint_markdown(std::string("# L\n\n## S\n\n- [Thing](") + url +
                                     ") - The documentation of a binding library.\n");
    EXPECT_EQ(finding_of(found, "source/not-primary"), nullptr) << url;
  }
}

// docs/policy-interpretation.md, section 1: a framework's official tutorial
// on its own site is its documentation. The entry must call it official and
// name the site's project; someone else's tutorial page stays what its URL
// says.
TEST(SourceNotPrimary, AnOfficialPageOnTheProjectsOwnSiteIsItsDocumentation) {
  const auto official =
      lint_markdown("# L\n\n## S\n\n- [React Official Tutorial](https://react.dev/learn)\n");
  EXPECT_THAT(rule_ids(official), Not(Contains("source/not-primary")));
  EXPECT_THAT(rule_ids(official), Not(Contains("surface/tutorial")));
  for (const char* item : {"- [React Tutorial](https://react.dev/learn)\n",
                           "- [Vue Official Tutorial](https://react.dev/learn)\n"}) {
    EXPECT_THAT(rule_ids(lint_markdown(std::string("# L\n\n## S\n\n") + item)),
                Contains("source/not-primary"))
        << item;
  }
}

// A project on a forge is its repository, on SourceHut's project pages too.
TEST(SourceNotPrimary, AProjectOnAForgeIsItsRepository) {
  for (const char* url : {"https://git.sr.ht/~someone/tool", "https://sr.ht/~someone/tool",
                          "https://codeberg.org/someone/tool"}) {
    EXPECT_THAT(rule_ids(lint_markdown(std::string("# L\n\n## S\n\n- [tool](") + url +
                                       ") - Formats source code.\n")),
                IsEmpty())
        << url;
  }
}

// A company's engineering blog under its main site's /blog/engineering/ is
// the company writing about its own systems, on a host the policy classes
// otherwise; HashiCorp's blog on Terraform is Terraform's documentation.
TEST(SourceNotPrimary, FirstPartyPostsUnderOtherHostRules) {
  for (const char* item :
       {"- [Scaling inference at LinkedIn](https://www.linkedin.com/blog/engineering/ai/scaling) "
        "- How the serving stack is built.",
        "- [Deploying Discourse with Terraform](https://www.hashicorp.com/blog/terraform-discourse"
        ".html) - A Terraform walkthrough.",
        // A model maker's post on the model it introduced, and its paper.
        "- [CLIP](https://openai.com/blog/clip/) - Contrastive language-image pre-training.",
        "- [Whisper](https://cdn.openai.com/papers/whisper.pdf) - Robust speech recognition.",
        "- [Dolly](https://www.databricks.com/blog/2023/04/12/dolly-first-open) - An "
        "instruction-tuned model.",
        "- [Gopher](https://deepmind.google/blog/language-modelling-at-scale-gopher/) - A "
        "280B language model.",
        "- [Simple samples: Hash](https://electronjs.org/blog/simple-samples) - An Electron "
        "sample app.",
        // A maker's API documentation, beside its blog on the same domain; a
        // lab's project pages; a repository named like a conference page or
        // like talk materials, which the entry names as its own.
        "- [Prompt engineering](https://platform.openai.com/docs/guides/prompt-engineering) - "
        "The API's guide.",
        "- [MusicLM](https://google-research.github.io/seanet/musiclm/examples/) - Music from "
        "text.",
        "- [scheduler](https://github.com/carlescere/scheduler) - Job scheduling made easy.",
        "- [slides](https://github.com/maaslalani/slides) - A markdown presentation tool."}) {
    const auto found = lint_markdown(std::string("# L\n\n## S\n\n") + item + "\n");
    EXPECT_EQ(finding_of(found, "source/not-primary"), nullptr) << item;
  }
  // The lab's post on no model of its own stays a blog post.
  EXPECT_NE(finding_of(lint_markdown("# L\n\n## S\n\n- [Our year](https://deepmind.google/"
                                     "blog/our-year/) - A look back at the year.\n"),
                       "source/not-primary"),
            nullptr);
}

// A course word inside a word ("discourse", "metaclass") or an "awesome_"
// gem names no course or link collection; at a separator it still does.
TEST(SourceNotPrimary, ACourseOrAwesomeWordInsideARepositorysNameIsNoShape) {
  for (const char* item :
       {"- [Discourse](https://github.com/discourse/discourse) - A platform for community "
        "discussion.",
        "- [Awesome Print](https://github.com/awesome-print/awesome_print) - Pretty print your "
        "Ruby objects.",
        "- [Awesome Nested Set](https://github.com/collectiveidea/awesome_nested_set) - An "
        "implementation of the nested set pattern."}) {
    const auto found = lint_markdown(std::string("# L\n\n## S\n\n") + item + "\n");
    EXPECT_EQ(finding_of(found, "source/not-primary"), nullptr) << item;
  }
  for (const char* url : {"https://github.com/someone/nlp-course", "https://github.com/o/cs231n",
                          "https://github.com/someone/awesome-ruby"}) {
    const auto found =
        lint_markdown(std::string("# L\n\n## S\n\n- [Notes](") + url + ") - Notes on Ruby.\n");
    EXPECT_NE(finding_of(found, "source/not-primary"), nullptr) << url;
  }
}

// A model family's collection, named like the entry, is its publisher's
// page of those models, not a link collection.
TEST(SourceNotPrimary, AModelFamilysNamedCollectionIsItsModels) {
  for (const char* item :
       {"- [DeepSeek-V4](https://huggingface.co/collections/deepseek-ai/deepseek-v4) - Models.",
        "- "
        "[Qwen3-Omni](https://huggingface.co/collections/Qwen/qwen3-omni-68d100a86a5f0e4b3b6f2c1d)"
        " - Omni models."}) {
    const auto found = lint_markdown(std::string("# L\n\n## S\n\n") + item + "\n");
    EXPECT_EQ(finding_of(found, "source/not-primary"), nullptr) << item;
  }
}

// A repository is named, not titled: its description says when it is a
// link collection, a guide or course material.
TEST(SourceNotPrimary, ARepositoryDescribedAsNotTheWorkItselfIsNotPrimary) {
  const std::pair<const char*, const char*> cases[] = {
      {"a guide", "A comprehensive guide to tuning CUDA kernels."},
      {"a guide", "CUDA kernels written by hand, an interview guide (面试指南)."},
      {"course material", "Code from the \"CUDA Crash Course\" YouTube series."},
      {"course material", "Code for the CUDA tutorial series."},
      {"a link collection", "A curated list of inference papers."},
      {"a link collection", "NVIDIA curated collection of open source educational resources."},
      {"a link collection", "A curated list for CLI lovers."},
      {"a link collection", "This is a curated list of awesome Go frameworks."},
      {"a link collection", "Awesome list about game development."},
      {"a link collection", "A list of ICs and IPs for AI, machine learning and deep learning."},
      {"a link collection", "An organised reading list for scalable systems."},
      {"a commercial product", "A paid product for building and shipping model apps."},
      {"a survey", "A comprehensive survey of LLM inference engines."},
      {"a survey", "This survey paper gives an overview of reasoning in LLMs."},
      {"a survey", "They present the first empirical study of activation compression."},
      {"course material", "Class materials for a distributed systems lecture series."},
      {"course material", "Labs and a framework for the UW distributed systems course."},
      {"course material", "A cheatsheet for CUDA's memory model."},
      {"course material", "The PyTorch cheat sheet."}};
  for (const auto& [pattern, description] : cases) {
    const auto found = lint_markdown(
        std::string("# L\n\n## S\n\n- [r](https://github.com/o/r) - ") + description + "\n");
    ASSERT_THAT(rule_ids(found), ElementsAre("source/not-primary")) << description;
    EXPECT_EQ(found[0].evidence, std::string("description pattern: ") + pattern) << description;
  }
  for (const char* description :
       {"Official implementation of FlashAttention-3.", "A list-scheduling compiler for GPUs.",
        "Fast attention kernels, with a course on how they work in the docs.",
        "A product quantization library for vector search.",
        "Survey-driven autotuning: a kernel tuner that samples the search space.",
        "Guided decoding for structured outputs, with a guide in the docs.",
        "A Rust port of the JS library suncalc.", "An interactive cheatsheet tool for the shell.",
        "voxel.js is a collection of projects that make it easier to build voxel games.",
        "Builds a list of candidate schedules for each kernel.",
        "Code for the paper \"Stream-K: Work-centric Parallel Decomposition\".",
        // A product's feature named in capitals is no link collection.
        "A menu bar app that lists your iCloud Tabs and Reading List.",
        // What a tool's output is for, not what the repository accompanies.
        "Generate terminal GIFs from code for documentation and tutorials.",
        // A curated list of things, not of links: a knowledge base.
        "GTFOBins is a curated list of Unix binaries that can bypass local restrictions."}) {
    EXPECT_THAT(
        rule_ids(lint_markdown(std::string("# L\n\n## S\n\n- [r](https://github.com/o/r) - ") +
                               description + "\n")),
        IsEmpty())
        << description;
  }
  // Documentation documents its product: "as a managed service" says what
  // the product is, not that the page is no primary source.
  EXPECT_THAT(rule_ids(lint_markdown(
                  "# L\n\n## S\n\n- [Cloud Run Compose](https://docs.cloud.google.com/run/docs/"
                  "deploy-run-compose) - Deploy compose files as a managed service.\n")),
              IsEmpty());
}

// A list's heading says what its entries are: a repository, a paper host or
// an unknown host under "Books" or "Tutorials and Courses" is teaching
// material; documentation under it, a mixed heading or a topic is not.
TEST(SourceNotPrimary, AnEntryUnderASectionOfTeachingMaterialIsNotPrimary) {
  struct Case {
    const char* heading;
    const char* url;
    const char* pattern;
  };
  const Case cases[] = {
      {"Books", "https://github.com/o/book-code", "teaching material"},
      {"Practical Books", "https://github.com/o/r", "teaching material"},
      {"\xf0\x9f\x93\x98 Foundational Books", "https://www.cs.example.edu/~a/book.html",
       "teaching material"},
      {"Tutorials and Courses", "https://github.com/o/r", "teaching material"},
      {"Videos and Online Courses", "https://www.cs.example.edu/~a/ml/", "teaching material"},
      {"MOOC", "https://www.cs.example.edu/~a/ml/mooc.html", "teaching material"},
      {"Book", "https://citeseerx.ist.psu.edu/viewdoc/download?doi=10.1.1.1.1",
       "teaching material"},
      {"Surveys", "https://arxiv.org/abs/2209.08018", "surveys"},
      {"Survey / Reviews", "https://arxiv.org/abs/2209.08018", "surveys"},
      {"Book / Survey / Review", "https://arxiv.org/abs/2209.08018", "surveys"},
      {"Other Awesome Lists", "https://arxiv.org/abs/2209.08018", "link collections"},
      {"Related lists", "https://arxiv.org/abs/2209.08018", "link collections"},
      {"Slides", "https://arxiv.org/abs/2209.08018", "slides"},
      {"Websites", "https://github.com/o/r", "websites and links"},
      {"Useful Links", "https://www.cs.example.edu/research/ai/", "websites and links"},
      {"Tutorials / Websites", "https://github.com/o/r", "teaching material"},
      {"Learning resources", "https://github.com/o/r", "teaching material"},
      {"PyTorch Video Tutorials", "https://github.com/o/r", "teaching material"},
      {"How-To", "https://github.com/o/r", "teaching material"},
      {"Tutorials and Blog Posts", "https://github.com/o/r", "teaching material"},
      {"Learn", "https://github.com/o/r", "teaching material"}};
  for (const Case& c : cases) {
    const auto found = lint_markdown(std::string("# L\n\n## Other\n\n### ") + c.heading +
                                     "\n\n- [Title](" + c.url + ") - Text.\n");
    const Diagnostic* d = finding_of(found, "source/not-primary");
    ASSERT_NE(d, nullptr) << c.heading;
    EXPECT_EQ(d->evidence, std::string("section pattern: ") + c.pattern) << c.heading;
    EXPECT_THAT(d->message, HasSubstr(std::string("listed under \"") + c.heading + "\""))
        << c.heading;
  }
  // A label in a list names a series under the heading above it, which
  // still says what its entries are.
  const auto labelled = lint_markdown(
      "# L\n\n## Other\n\n### Lectures\n\n- Siraj Raval: AI for Video Games\n"
      "  - [Title](https://github.com/o/r) - Text.\n");
  const Diagnostic* under_label = finding_of(labelled, "source/not-primary");
  ASSERT_NE(under_label, nullptr);
  EXPECT_THAT(under_label->message, HasSubstr("listed under \"Lectures\""));
  // A section's own heading, with no group under it, says as much.
  EXPECT_THAT(rule_ids(lint_markdown(
                  "# L\n\n## Surveys\n\n- [Title](https://arxiv.org/abs/2209.08018) - Text.\n")),
              Contains("source/not-primary"));
  const std::pair<const char*, const char*> quiet[] = {
      {"Tools and Tutorials", "https://github.com/o/r"},
      {"Tutorials, books, & examples", "https://github.com/o/r"},
      {"Examples and Tutorials", "https://github.com/o/r"},
      {"Reinforcement Learning", "https://github.com/o/r"},
      {"Video", "https://arxiv.org/abs/2411.01738"},
      {"Video Analysis Papers", "https://arxiv.org/abs/2411.01738"},
      {"Learning Program Representation", "https://arxiv.org/abs/2411.01738"},
      {"Tutorials", "https://docs.example.org/tutorial/"},
      {"Code Review", "https://github.com/o/r"},
      {"Survey/Evaluations/Benchmarks", "https://arxiv.org/abs/1911.02549"},
      {"Linked Lists", "https://github.com/o/r"},
      {"Official websites", "https://github.com/o/r"}};
  for (const auto& [heading, url] : quiet) {
    const std::string markdown =
        std::string("# L\n\n## ") + heading + "\n\n- [Title](" + url + ") - Text.\n";
    EXPECT_THAT(rule_ids(lint_markdown(markdown)), Not(Contains("source/not-primary"))) << heading;
  }
}

// On a list of projects a heading names a category of projects: e-book
// readers under "Books", slide tools under "Presentations".
TEST(SourceNotPrimary, OnAListOfProjectsAHeadingNamesACategory) {
  Policy projects = list_policy();
  projects.own_site_classes = k_own_site_classes;
  LoadResult loaded;
  load_markdown_text(
      "README.md",
      "# L\n\n## Books\n\n- [epr](https://github.com/wustho/epr) - EPUB reader.\n\n"
      "## Presentations\n\n- [presenterm](https://github.com/mfontanini/presenterm) - "
      "Terminal slide decks.\n- [sent](https://tools.suckless.example/sent/) - Simple "
      "plaintext presentation tool.\n",
      loaded);
  const std::vector<Diagnostic> found = run_rules(loaded.list, projects, *parse_date("2026-12-01"));
  EXPECT_THAT(rule_ids(found), Not(Contains("source/not-primary")));
  // A list of resources reads the same heading as the material it holds.
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## Books\n\n- [epr](https://github.com/wustho/epr) "
                                     "- EPUB reader.\n")),
              Contains("source/not-primary"));
}

// A reproduction or a port to another framework is not the implementing
// repository, unless its description or its place says it is the authors'
// own code.
TEST(SourceNotPrimary, AReimplementationOfSomeoneElsesWorkIsNotPrimary) {
  const std::pair<const char*, const char*> cases[] = {
      {"a reproduction", "A fully open reproduction of DeepSeek-R1."},
      {"a reproduction", "Unofficial PyTorch port of the FlashAttention-3 kernels."},
      {"a reproduction", "Minimal C++ implementation of GPT-2."},
      {"a port to another framework", "PyTorch Implementation of Neural Episodic Control."},
      {"a port to another framework", "This is a TensorFlow implementation of WaveNet."},
      {"a port to another framework", "Implementation of Vision Transformer, in PyTorch."},
      {"a port to another framework",
       "PyTorch port of the official TensorFlow implementation of StyleGAN2."},
      {"a port to another framework", "A non-official PyTorch implementation of DETR."},
      {"a reproduction", "Unofficial PyTorch reimplementation of the authors' TensorFlow code."},
      {"a reproduction", "FluidNet re-written with ATen tensor lib."},
      {"a reproduction", "(Incomplete) Sascha Willems's samples port to Kotlin."}};
  for (const auto& [pattern, description] : cases) {
    const auto found = lint_item(std::string("- [r](https://github.com/o/r) - ") + description);
    ASSERT_THAT(rule_ids(found), ElementsAre("source/not-primary")) << description;
    EXPECT_EQ(found[0].evidence, std::string("reimplementation pattern: ") + pattern)
        << description;
    EXPECT_THAT(found[0].message, HasSubstr("not the authors' implementation")) << description;
  }
  for (const char* description :
       {"Official JAX implementation of RegNeRF.", "The PyTorch implementation of our paper.",
        "A PyTorch library for graph learning.", "An implementation of Tor in Rust.",
        "Implementation of the Cairo VM.",
        "Implementation of a fast tokenizer library, with PyTorch bindings.",
        "Implementation of speculative decoding using JAX.",
        // A software clone is a project of its own.
        "An efficient re-implementation of Electrum Server.",
        "A minimal version of the spaceship theme.",
        // Support for a language is no port of someone else's work.
        "Adds support for Go to the language server."}) {
    EXPECT_THAT(rule_ids(lint_item(std::string("- [r](https://github.com/o/r) - ") + description)),
                IsEmpty())
        << description;
  }
  // A research organisation's own repository says what it implements.
  for (const char* url :
       {"https://github.com/google-research/google-research/tree/master/performer",
        "https://github.com/facebookresearch/detr"}) {
    EXPECT_THAT(rule_ids(lint_item("- [Model](" + std::string(url) +
                                   ") - PyTorch implementation of the model.")),
                IsEmpty())
        << url;
  }
  // So does a description that credits the repository's owner.
  EXPECT_THAT(rule_ids(lint_item("- [H3js](https://github.com/uber/h3) - Hexagonal geospatial "
                                 "indexing system ported to javascript by Uber.")),
              IsEmpty());
  EXPECT_THAT(rule_ids(lint_item("- [H3js](https://github.com/o/h3) - Hexagonal geospatial "
                                 "indexing system ported to javascript by Uber.")),
              ElementsAre("source/not-primary"));
}

// A repository named for the framework it was written in, which says it
// implements something, is a port of someone else's work; a framework's
// library, or the authors' own port, is not.
TEST(SourceNotPrimary, ARepositoryNamedForItsFrameworkThatImplementsSomethingIsAPort) {
  for (const auto& [url, description] : std::vector<std::pair<std::string, std::string>>{
           {"https://github.com/someone/dtn-tensorflow",
            "Implementation of Domain Transfer Networks."},
           {"https://github.com/someone/pytorch-ntm", "A PyTorch NTM implementation."},
           {"https://github.com/someone/rl_a3c_pytorch",
            "Reinforcement learning with an implementation of A3C LSTM."},
           {"https://github.com/someone/LearningToCompare-Pytorch",
            "Pytorch Implementation for Paper: Learning to Compare."},
           {"https://github.com/someone/AAE_pytorch",
            "Adversarial Autoencoders (with Pytorch)."}}) {
    const auto found = lint_item(fmt::format("- [Model]({}) - {}", url, description));
    ASSERT_THAT(rule_ids(found), ElementsAre("source/not-primary")) << url;
    EXPECT_THAT(found[0].evidence, HasSubstr("port pattern: ")) << url;
    EXPECT_THAT(found[0].message, HasSubstr("a port of someone else's work")) << url;
  }
  for (const auto& [url, description] : std::vector<std::pair<std::string, std::string>>{
           {"https://github.com/someone/PyTorch-NLP",
            "NLP research toolkit for rapid prototyping."},
           {"https://github.com/someone/ViT-pytorch", "Official implementation of ViT-Lite."},
           {"https://github.com/google-research/vit-jax",
            "Implementation of the Vision Transformer."},
           {"https://github.com/someone/ntm", "Implementation of Neural Turing Machines."},
           // The authors' own code names its paper; -tf is Terraform's suffix too.
           {"https://github.com/someone/score_sde_pytorch",
            "PyTorch implementation for Score-Based Generative Modeling through SDEs."},
           {"https://github.com/someone/eks-tf", "A Terraform implementation of an EKS cluster."},
           {"https://github.com/someone/drift-pytorch",
            "A drift detection library (for PyTorch)."}}) {
    EXPECT_THAT(rule_ids(lint_item(fmt::format("- [Model]({}) - {}", url, description))), IsEmpty())
        << url;
  }
}

// Lists of papers often link the venue and write the title after it
// ("[arXiv](…) A Survey of …"): a link text that only labels the link hands
// the title rules the description.
TEST(SourceNotPrimary, ALinkLabelHandsTheTitleRulesTheDescription) {
  for (const char* label :
       {"arXiv", "PDF", "CVPR 2021", "NeurIPS'22", "IEEE J. Solid-State Circuits", "link to paper",
        "[paper]", "https://arxiv.org/abs/2103.13630", "Gholami et al. (2021)",
        "Gholami and Kim (2021)"}) {
    const auto found = lint_item("- [" + std::string(label) +
                                 "](https://arxiv.org/abs/2103.13630) - A Survey of Quantization "
                                 "Methods for Efficient Neural Network Inference.");
    const Diagnostic* it = finding_of(found, "source/not-primary");
    ASSERT_NE(it, nullptr) << label;
    EXPECT_THAT(it->message, HasSubstr("the description reads as a survey")) << label;
    EXPECT_EQ(it->evidence, "title pattern: a survey") << label;
  }
  // A quoted title is read from its first word.
  for (const char* quoted : {"\"Understanding the Impact of Post-Training Quantization\", arXiv.",
                             "\u201cSurvey of Kernel Fusion\u201d, 2024."}) {
    const auto found =
        lint_item("- [paper](https://arxiv.org/abs/2309.05210) - " + std::string(quoted));
    EXPECT_NE(finding_of(found, "source/not-primary"), nullptr) << quoted;
  }
  // A title that names the work is the title, whatever the description says.
  EXPECT_THAT(rule_ids(lint_item("- [LSQ: Learned Step Size Quantization](https://arxiv.org/abs/"
                                 "1902.08153) - Compared in a survey of quantization methods.")),
              IsEmpty());
  EXPECT_THAT(rule_ids(lint_item("- [arXiv](https://arxiv.org/abs/1902.08153) - Learned Step Size "
                                 "Quantization.")),
              IsEmpty());
  // A citation labels the link; a name with a year in it is a title.
  EXPECT_THAT(rule_ids(lint_item("- [Llama 3 (2024)](https://arxiv.org/abs/2103.13630) - "
                                 "Dissecting the quantization of Llama 3.")),
              IsEmpty());
  EXPECT_THAT(rule_ids(lint_item("- [Touvron et al. (2024)](https://arxiv.org/abs/2103.13630) - "
                                 "Dissecting the quantization of Llama 3.")),
              ElementsAre("source/not-primary"));
}

// A study named in a subtitle after the work's own name or method evaluates
// that work: "VisR-Bench: An Empirical Study …" introduces a benchmark,
// "Benchmarking robustness to …" builds one, "X with Y: A Case Study of Z"
// proposes X, "VDT: An Empirical Study …" introduces VDT. Before the colon, after
// a topic of three words or more, or on its own, a study stays a study.
TEST(SourceNotPrimary, AStudyOfTheWorksOwnMethodIsPrimary) {
  for (const char* title :
       {"VisR-Bench: An Empirical Study on Visual Retrieval-Augmented Generation",
        "Benchmarking Robustness to Text-Guided Corruptions",
        "Adapting SAM with Dynamic Similarity Graphs for Detection: A Case Study of Chickpea Pods",
        "Speech Synthesis with Conditional Diffusion: A Comparative Study of Semantic Coding",
        "Benchmarking SLAM Algorithms in the Cloud: The SLAM Hive System",
        "Performance Evaluation of an Integrated System for Visible Light Communication",
        "Tiny Machine Learning for Real-Time Aquaculture Monitoring: A Case Study in Morocco",
        // A name of one or two words before the study is what it builds; a
        // new synthesizer is built, then evaluated.
        "VDT: An Empirical Study on Video Diffusion with Transformers",
        "Latent Magic: An Investigation into Adversarial Examples in the Latent Space",
        "DDSP-based Singing Vocoders: A New Subtractive-based Synthesizer and A Comprehensive "
        "Evaluation"}) {
    const auto found = lint_item("- [" + std::string(title) +
                                 "](https://arxiv.org/abs/2402.13499) - A paper on the method.");
    EXPECT_THAT(rule_ids(found), IsEmpty()) << title;
  }
  for (const char* title :
       {"A Case Study in CUDA Kernel Fusion: Implementing FlashAttention-2 using CUTLASS",
        "Perseus: Characterizing Performance and Cost of Multi-Tenant Serving",
        "Collaborative learning between cloud and devices: an empirical study on prediction",
        "LLM Performance Benchmarking on Mobile Platforms: A Thorough Evaluation",
        "Large Language Model Serving: An Empirical Study of Schedulers"}) {
    const auto found = lint_item("- [" + std::string(title) +
                                 "](https://arxiv.org/abs/2402.13499) - A paper on the method.");
    EXPECT_THAT(rule_ids(found), Contains("source/not-primary")) << title;
  }
}

// A section the policy keeps outside the source rules (its Resources of
// talks) is not judged by them: its findings come back waived, naming the
// heading, and every other rule still judges its entries.
TEST(SourceNotPrimary, ASectionThePolicyExemptsIsReportedWaived) {
  nlohmann::json policy = nlohmann::json::parse(read_text(source_dir() / "policy/policy.json"));
  policy["exempt_sections"]["sources"] = {"resources", "Talks"};
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## Libraries\n\n- [Talk](https://www.youtube.com/watch?v=1) - A "
                     "talk.\n\n## Resources\n\n- [Talk](https://www.youtube.com/watch?v=2) - "
                     "A talk 3x faster.\n\n## Papers\n\n### Talks\n\n"
                     "- [Talk](https://www.youtube.com/watch?v=3) - A talk.\n",
                     loaded);
  const std::vector<Diagnostic> found =
      run_rules(loaded.list, parse_policy("p.json", policy.dump()), *parse_date("2026-11-30"));
  std::vector<std::string> at_resources;
  std::vector<int> not_primary_lines;
  for (const Diagnostic& d : found) {
    if (d.rule == "source/not-primary") {
      // Waived under Resources (line 9) and under the group Talks (line 15).
      EXPECT_EQ(d.waived_reason.empty(), d.location.line == 5) << d.location.line;
      not_primary_lines.push_back(d.location.line);
    }
    if (d.location.line == 9 && !d.rule.starts_with("style/")) {
      at_resources.push_back(d.rule + (d.waived_reason.empty() ? "" : " waived"));
    }
  }
  EXPECT_THAT(at_resources,
              ::testing::UnorderedElementsAre("source/not-primary waived", "claim/incomplete"));
  EXPECT_THAT(not_primary_lines, ::testing::ElementsAre(5, 9, 15));
}

}  // namespace
}  // namespace sg::testing
