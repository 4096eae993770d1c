#include <algorithm>
#include <span>

#include "load/markdown_loader.h"
#include "rules/engine.h"
#include "rules/rule_test_support.h"
#include "util/date.h"

namespace sg::testing {
namespace {

std::vector<Diagnostic> paper_described(const std::string& description,
                                        const std::string& claim = "") {
  return lint_section(one_entry(R"("title": "Kernel", "url": "https://arxiv.org/abs/2301.03598", )"
                                R"("kind": "paper", "description": ")" +
                                description + "\"" + claim));
}

class ClaimFigures : public ::testing::TestWithParam<std::pair<const char*, const char*>> {};

TEST_P(ClaimFigures, AreClaimsThatNeedEvidence) {
  auto found = paper_described(GetParam().first);
  ASSERT_THAT(rule_ids(found), ElementsAre("claim/incomplete")) << GetParam().first;
  EXPECT_THAT(found[0].message, HasSubstr(std::string("(\"") + GetParam().second + "\")"));
  EXPECT_THAT(found[0].message,
              HasSubstr("lacks hardware (and software versions), workload (shapes or request "
                        "distribution), precision (and algorithm), baseline, correctness"));
  EXPECT_EQ(found[0].hint, "add the missing \"claim\" fields, or drop the number");
}

INSTANTIATE_TEST_SUITE_P(
    Claim, ClaimFigures,
    ::testing::Values(
        std::make_pair("A kernel with a 3.2x speed-up.", "3.2x speed-up"),
        std::make_pair("Attention that runs 2× faster.", "2× faster"),
        std::make_pair("Cuts latency by 40% on decode.", "40%"),
        std::make_pair("Reaches 1.3 PFLOP/s on one node.", "1.3 PFLOP/s"),
        std::make_pair("Serves 12,000 tokens/s per GPU.", "12,000 tokens/s"),
        std::make_pair("Decodes a token in 7 ms.", "7 ms"),
        std::make_pair("Trains the model at 55% MFU.", "55%"),
        std::make_pair("Reaches an accuracy of 91.2 on MMLU.", "accuracy of 91.2"),
        std::make_pair("A GEMM that beats cuBLAS.", "that beats"),
        std::make_pair("Attention on par with FlashAttention-3.", "on par with"),
        std::make_pair("Bayesian optimisation is superior to random search.", "superior to"),
        std::make_pair("FP8 delivered the performance of INT8.", "delivered the performance of"),
        std::make_pair("Three times faster decoding with 4 times fewer GPUs.", "4 times fewer"),
        std::make_pair("Decoding that matches vLLM throughput.", "matches vLLM throughput"),
        std::make_pair("A cache layout that cuts latency in half.", "cuts latency in half"),
        std::make_pair("GEMMs reaching 50-73% of peak.", "50-73%")));

class NotClaims : public ::testing::TestWithParam<const char*> {};

TEST_P(NotClaims, AreCountsSizesVersionsAndFormats) {
  EXPECT_THAT(rule_ids(paper_described(GetParam())), IsEmpty()) << GetParam();
}

INSTANTIATE_TEST_SUITE_P(
    Claim, NotClaims,
    ::testing::Values("Weights, activations, and the KV cache in 4 bits.",
                      "E4M3 and E5M2 FP8 formats.", "The 5th edition of the textbook on kernels.",
                      "A benchmark of 250 workloads from production traces.",
                      "Training on 100k+ GPUs with W8A8 execution.",
                      "A Blackwell GEMM built from tcgen05 MMA to 2-SM MMA.",
                      "Current TPU v7 architecture and configuration.",
                      "Design driven by P99 latency limits and cost of ownership.",
                      "Serving on an 8x H100 node with NVLink.",
                      "Covers 100% of the PTX ISA with examples."));

/// For every claim pattern of the list's policy: a text it fires on, and a
/// near miss it must leave alone. For a not-claim pattern: a text it saves
/// from being read as a claim, and a near miss that still is one.
struct PatternCase {
  std::string_view pattern;
  std::string_view fires;
  std::string_view quiet;
};

constexpr PatternCase k_claim_cases[] = {
    {"speed-up", "A kernel with a 3.2x speed-up.", "A kernel for x86 hosts."},
    {"a training time", "Training ResNet-50 on ImageNet in 15 Minutes.",
     "A training course in five days."},
    {"speed-up in words", "Runs 4 times faster than eager.", "Run it 4 times to warm up."},
    {"speed-up in words", "A 2.22 times runtime improvement over VGG-19.",
     "Run it 2 times to improve the cache hit rate."},
    {"percentage", "Cuts decode latency 40% in production.", "A percentage-based scheduler."},
    {"percentage", "Uses 60 percent less memory than the eager path.",
     "A percent-encoding library."},
    {"throughput", "Serves 12,000 tokens/s per GPU.", "Reports tokens per request."},
    {"throughput", "A very fast (100 000+ RPS) load generator.", "Reports RPS per host."},
    {"throughput", "Automatic generation of 100 Gbps packet parsers.",
     "Parsers for 100 packet formats."},
    {"throughput", "Empowering 1000 tokens/second on-device prefilling.",
     "Counts the tokens per second of a trace."},
    {"throughput", "A binary accelerator achieving 1.4 TOPS at 0.6 W.",
     "Ranks the top 5 kernels of a trace."},
    {"a rate in words", "Parsing gigabytes of JSON per second.",
     "Counts the requests served per second."},
    {"a rate in words", "Sorts a billion keys per second.", "Sorts a billion keys in place."},
    {"latency", "Decodes a token in 7 ms.", "A paper on latency hiding."},
    {"latency", "Answers in 40 us on one core.", "Road data for 65 US/CA jurisdictions."},
    {"latency in words", "Sub-millisecond feature lookups at p99.",
     "Millisecond timers for the event loop."},
    {"utilization", "Trains the model at 55 MFU.", "How to measure the MFU of a training run."},
    {"speed-up by", "A speed-up of 3 on decode.", "The speed-up comes from fusion."},
    {"a change by a figure", "Lowers the tail latency by half.",
     "Lowers the barrier to entry by design."},
    {"a change by a figure", "Speeds up training by 3 on one node.",
     "Reduces boilerplate by 50 lines."},
    {"an energy or emission figure", "Training the model emits an estimated 626,155 lbs CO2e.",
     "A calculator for the CO2e of cloud workloads."},
    {"an energy or emission figure", "Serving a day of queries takes 12 MWh.",
     "Reports kWh per query for each model."},
    {"a memory footprint", "Billion-scale knowledge graphs in 20GB VRAM.",
     "Stores checkpoints in 20 GB shards."},
    {"a memory saving", "Saves 40 GB of GPU memory at long context.",
     "Frees 10 GB of disk by cleaning caches."},
    {"benchmark score", "Reaches an accuracy of 91.2 on MMLU.", "Accuracy of the method is open."},
    {"benchmark score", "BiLLM achieves 8.41 ppl on LLaMA2-70B with 1.08 bits.",
     "Computes the perplexity of 8 models."},
    {"a named benchmark's score", "Rank: 9; Params: 7B; HumanEval: 88.4; MBPP: 83.5.",
     "Evaluated on HumanEval and MBPP."},
    {"a named benchmark's score", "A 7B coder reaching 61.2 on SWE-bench Verified.",
     "A harness for SWE-bench Verified runs."},
    {"a named benchmark's score", "HumanEval: 88.4, MBPP: 83.5.",
     "Scores on AlpacaEval 2.0 and MMLU 5-shot, as the paper reports them."},
    {"percentage points", "Fine-tuning raises accuracy by over 6 p.p. on the farm dataset.",
     "A C++ pp-number is a preprocessing token."},
    {"percentage points", "Beats the baseline by 2.5 percentage points.",
     "Percentage points and basis points, defined."},
    {"a rating", "A transformer that reaches a Lichess blitz Elo of 2895.",
     "Elo ratings for chess engines, explained."},
    {"a rank on a benchmark", "BoxSup, arXiv:1503.01640 (6th ranked in VOC2012).",
     "Segmentation results ranked by the VOC2012 server."},
    {"comparison", "A GEMM that beats cuBLAS.", "A GEMM written in CuTe."},
    {"comparison", "The adapter leads to faster learning than the full model.",
     "A faster way to learn the API."},
    {"comparison", "Shows improvements over the base DPO policy.", "Improvements over time."},
    {"comparison", "A stack with better performance than any std container.",
     "Better performance tools for C++."},
    {"comparison", "An allocator that scales better than jemalloc.",
     "Salary statistics for tech companies, better than Glassdoor."},
    {"comparison", "It boosts the performance of the original OPT-175B model.",
     "It boosts the performance of your team."},
    {"comparison", "Replacing the CNNs with Swin leads to better performance.",
     "Leads to better documentation."},
    {"comparison", "Leading to lower quantization distortion and higher accuracy.",
     "Leading to higher costs for hosting."},
    {"superiority to a named baseline", "How we beat the C++ STL binary search.",
     "A drum machine that keeps the beat in time."},
    {"superiority to a named baseline", "A faster alternative to std::sort.",
     "A better alternative to sudo."},
    {"matching a baseline", "Decoding that matches vLLM throughput.", "Match the shapes first."},
    {"a scaling claim", "Near-linear acceleration of training on compute clusters.",
     "A near-linear algebra course."},
    {"a limit approached", "Geo-distributed machine learning approaching LAN speeds.",
     "A LAN party approaching its end."},
    {"a limit approached", "A hash algorithm processing at RAM speed limits.",
     "Reliable file sharing at memory speed across clusters."},
    {"accuracy kept", "4-bit weights with no accuracy loss.",
     "Tracks the accuracy loss of each checkpoint."},
    {"relative change", "A cache layout that cuts latency in half.", "Cuts the model into stages."},
    // A cut with no size says what the tool is for, not what it measured.
    {"relative change", "A hedged-request client that cuts p99 latency in half.",
     "A hedged-request client that cuts p99 latency."},
    {"relative change", "Production ready, half the memory, all in one binary.",
     "Half the team works on the memory allocator."},
    {"relative change", "Doubles inference throughput over the FP16 path.",
     "Doubles as a profiler for inference."},
    {"parity", "A two-layer MLP led to similar performance with transformer-based methods.",
     "Similar performance counters exist on other GPUs."},
    {"parity", "ViTs still perform similarly or worse than CNNs.",
     "They perform similarly on every input size."},
    {"parity", "A GEMM as fast as cuBLAS on large shapes.",
     "The par function in the standard library."},
    {"parity", "It's equivalent to Paxos in fault-tolerance and performance.",
     "It is equivalent to Paxos in its guarantees."},
    {"parity", "Comparable accuracy to FP32 at a fraction of the cost.",
     "Comparable accuracy metrics for ranking models."},
    {"parity", "Results comparable to Transformer models at a fraction of the compute.",
     "Makes results comparable across runs."},
    {"parity", "EfficientFormer: Vision Transformers at MobileNet Speed.",
     "A model that runs at full speed."},
    {"a multiple in words", "A manyfold speed-up of the decoder.",
     "Manyfold, a library of 3D models."},
    {"a multiple in words", "An order of magnitude less memory for the KV cache.",
     "A manifold learning library."},
    {"a multiple in words", "Runs models up to twice as fast in a tenth of the memory.",
     "Released twice a year, half of it as docs."},
    {"an absolute effect", "Removes the launch overhead entirely.",
     "Measures the launch overhead of each kernel."},
    {"an absolute effect", "Live migration of training jobs with no memory overhead.",
     "Live migration of training jobs and its memory overhead."},
    {"a comparison with a baseline",
     "Achieves better accuracy compared to greedy decoding and lower cost compared to voting.",
     "Higher-order functions compared with closures."},
    {"a comparison with a baseline", "Emulation is more energy-efficient than NISQ hardware.",
     "A more energy-efficient design for data centres."},
    {"a comparison with a baseline", "More stable and accurate fine-tuning than vanilla LoRA.",
     "More accurate docs, and more of them."},
    {"an intensified comparison", "Attention that is significantly faster on long contexts.",
     "A significantly different take on attention."},
    {"an intensified comparison", "Offline pretraining significantly improves sample efficiency.",
     "A significantly improved API for samples."},
    {"speeding up a named tool", "Speed up your Pandas workflows by changing one line.",
     "Speed up your own kernels with this profiler."},
};

constexpr PatternCase k_not_claim_cases[] = {
    {"a count of devices", "Serving on an 8x H100 node.", "Serving 8x faster on one node."},
    {"coverage", "Covers 100% of the PTX ISA.", "Speeds up 100% of the kernels by fusion 30%."},
    {"coverage", "Supports more than 90% of the latest ECMAScript specification.",
     "Runs more than 90% faster than the reference interpreter."},
    {"coverage", "An engine that passes 95% of the Test262 conformance tests.",
     "An engine that cuts 95% of the startup time."},
    {"a share of a language", "A plugin in 99.9% pure ZSH.", "Cuts latency 100% of the time."},
    {"a share of a language", "A plugin in 99.9 percent pure ZSH.",
     "Cuts latency 100 percent of the time."},
    {"a share of a language", "The 100% native ES module CDN, 100% bug-for-bug compatible.",
     "The native ES module CDN, 100% faster."},
    {"a share of a language", "A Sass compiler: 100% Sass compatible, 100%-test covered.",
     "A Sass compiler, 100% faster than the old one."},
    {"a share of a language", "A router written 100% in Go.", "A router 100% faster in Go."},
    {"a share of a language", "Lectures in Greek, very few 100% English-speaking courses.",
     "Lectures in Greek, 100% faster than in English."},
    {"conformance to a standard", "A parser with 100% CommonMark support.",
     "A parser with 40% less memory."},
    {"conformance to a standard",
     "A WebAssembly interpreter; time-travel debugger; ~96% spec tests.",
     "A WebAssembly interpreter; ~96% faster on spec tests."},
    {"a step size", "Tints a colour in 10% increments.", "Tints a colour 10% faster."},
    {"a supported limit", "A game stream host with support up to 120 frames per second.",
     "A game stream host that streams at 120 frames per second."},
    {"a share of use cases", "A wrapper around Webpack for the 80% use case.",
     "A wrapper around Webpack that builds 80% faster."},
    {"a benchmark's size", "HumanEval: 164 problems in Python.",
     "HumanEval: 88.4 on 164 problems."},
    {"praise against no baseline", "Build dashboards faster than ever before.",
     "Builds dashboards 3x faster than Grafana."},
    {"praise against no baseline", "A performance checklist that runs faster than the others.",
     "A checklist tool that runs faster than Lighthouse."},
    {"a count in a title", "30 Seconds of Code for kernels.", "Compiles in 30 seconds."},
    {"an idiom: the 10x engineer", "The mythical 10x programmer.",
     "A 10x programmer's tool: builds 10x faster than make."},
    {"a course code", "The CS50x problem sets, solved.", "A 50x speed-up on decode."},
    {"a course code", "Parallel Computing (CMSC 498X/818X).", "A 106X speed-up in C++."},
    {"a course code", "CS 106X - Programming Abstractions in C++.", "A 106X speed-up in C++."},
    {"a course code", "STAT 2.1x: Descriptive Statistics, and MIT 6.00.1x.",
     "Statistics 2.1x faster."},
    {"a zero multiple (a name such as 0x)", "0x: flame graphs for Node.",
     "0x: a 10x faster flame graph."},
    {"a rank (the top 1%)", "What distinguishes the Top 1% of product managers from the Top 10%?",
     "Cuts p99 latency for the top 1% of requests by 30%."},
    {"a discount (a voucher of 100%)", "Voucher 100%, exam voucher for the CC certification.",
     "A cache that cuts 100% of cold starts off the hot path, 30% faster."},
    {"a discount (a voucher of 100%)", "Free course, then 50% off the exam.",
     "Moves 50% off-chip traffic on chip."},
    {"a video's running time", "Docker simplified in 55 seconds.", "Docker starts in 55 seconds."},
    {"a video's running time", "Rust explained in 100 seconds, animated.",
     "ResNet-50 training in 224 seconds."},
    {"a discount (a voucher of 100%)", "eBook sale: save up to 45% on eBooks.",
     "Save up to 45% of GPU memory with paged attention."},
    {"a quick route (the fastest way to build)", "The fastest way to build Svelte apps.",
     "The fastest way to build apps, 3x faster than Vite."},
    {"an aim (as fast as possible)", "A linter designed to be as fast as possible.",
     "A linter as fast as ESLint."},
    {"a setting's delay or timeout", "Types text with a global delay of 1 second per key.",
     "Types text with a latency of 1 second per key."},
    {"a time threshold", "Notifies you when a command runs longer than 15 seconds.",
     "Answers in 15 seconds instead of 40."},
    {"a duration naming a format", "140 Second Ducklings, a series of short videos.",
     "Boots in 140 seconds on a laptop."},
    {"an image's scale factor", "Upscale images by 2-4x resolution with AI.",
     "Upscales images 4x faster than waifu2x."},
    {"an image's scale factor", "A simple retina (2x, 3x) image converter.",
     "A retina image converter, 3x faster than ImageMagick."},
    {"a share of a language", "Remove video backgrounds 100% automatically.",
     "Removes video backgrounds 100% faster."},
    {"where it all runs (100% on the client)",
     "A wiki that runs 100% on the client with JavaScript.",
     "A wiki that renders 100% faster on the client."},
    {"where it all runs (100% on the client)", "Photo edits, 100% client-side.",
     "Photo edits, 100% faster client-side."},
    {"a paper's title cited with its arXiv link",
     "Training RNNs as Fast as CNNs (https://arxiv.org/abs/1709.02755).",
     "Trains RNNs as fast as CNNs (https://arxiv.org/abs/1709.02755)."},
};

TEST(ClaimIncomplete, EveryPatternHasACaseThatFiresAndOneThatDoesNot) {
  const Policy& policy = list_policy();
  auto covered = [](std::span<const PatternCase> cases, const NamedPattern& pattern) {
    return std::any_of(cases.begin(), cases.end(),
                       [&](const PatternCase& c) { return c.pattern == pattern.name; });
  };
  for (const PatternSet* set : {&policy.claim_figures, &policy.claim_comparisons}) {
    for (const NamedPattern& pattern : set->patterns) {
      EXPECT_TRUE(covered(k_claim_cases, pattern)) << "no case for " << pattern.name;
    }
  }
  for (const NamedPattern& pattern : policy.not_claims.patterns) {
    EXPECT_TRUE(covered(k_not_claim_cases, pattern)) << "no case for " << pattern.name;
  }
  for (const PatternCase& c : k_claim_cases) {
    const auto found = paper_described(std::string(c.fires));
    ASSERT_THAT(rule_ids(found), ElementsAre("claim/incomplete")) << c.fires;
    // "states a performance speed-up (…)", "states an intensified comparison (…)".
    const std::string named =
        std::string(c.pattern).starts_with("a ") || std::string(c.pattern).starts_with("an ")
            ? std::string(c.pattern)
            : "a performance " + std::string(c.pattern);
    EXPECT_THAT(found[0].message, HasSubstr("states " + named + " (\"")) << c.fires;
    EXPECT_EQ(found[0].evidence, "claim pattern: " + std::string(c.pattern)) << c.fires;
    EXPECT_THAT(rule_ids(paper_described(std::string(c.quiet))), IsEmpty()) << c.quiet;
  }
  for (const PatternCase& c : k_not_claim_cases) {
    EXPECT_THAT(rule_ids(paper_described(std::string(c.fires))), IsEmpty()) << c.fires;
    EXPECT_THAT(rule_ids(paper_described(std::string(c.quiet))), ElementsAre("claim/incomplete"))
        << c.quiet;
  }
}

// The quote names the baseline whole, the evidence a reader checks.
TEST(ClaimIncomplete, TheQuoteNamesTheBaselineWhole) {
  for (const auto& [description, quote] : std::vector<std::pair<std::string, std::string>>{
           {"A faster alternative to std::sort.", "(\"A faster alternative to std::sort\")"},
           {"A faster alternative to cd + ls.", "(\"A faster alternative to cd\")"}}) {
    const auto found = paper_described(description);
    ASSERT_THAT(rule_ids(found), ElementsAre("claim/incomplete")) << description;
    EXPECT_THAT(found[0].message, HasSubstr(quote)) << description;
  }
}

TEST(ClaimIncomplete, QuietWhenAllFiveFieldsAreGiven) {
  EXPECT_THAT(rule_ids(paper_described(
                  "A kernel with a 3.2x speed-up.",
                  R"(, "claim": {"hardware": "H100 SXM, CUDA 12.6", "workload": "4096^3 GEMM", )"
                  R"("precision": "BF16 in, FP32 accumulate", "baseline": "cuBLAS 12.6", )"
                  R"("correctness": "max abs error vs cuBLAS below 0.1"})")),
              IsEmpty());
}

TEST(ClaimIncomplete, NamesOnlyTheMissingFields) {
  auto found = paper_described("A kernel with a 3.2x speed-up.",
                               R"(, "claim": {"hardware": "H100", "workload": "4096^3", )"
                               R"("precision": "BF16", "baseline": "cuBLAS"})");
  ASSERT_THAT(rule_ids(found), ElementsAre("claim/incomplete"));
  EXPECT_THAT(found[0].message, HasSubstr("lacks correctness (method)"));
  EXPECT_THAT(found[0].message, ::testing::Not(HasSubstr("hardware")));
}

TEST(ClaimIncomplete, TitlesCountToo) {
  auto found = lint_section(one_entry(
      R"("title": "Outperforming cuBLAS on H100", "url": "https://arxiv.org/abs/2301.03598", )"
      R"("kind": "paper", "description": "A Hopper GEMM worklog.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("claim/incomplete"));
  EXPECT_THAT(found[0].message, HasSubstr("the title states a performance comparison"));
  // A title that is the linked repository's path is a name: "9seconds" is
  // its owner, no latency.
  EXPECT_THAT(rule_ids(lint_markdown(
                  "# L\n\n## S\n\n- [9seconds/repolink.nvim](https://github.com/9seconds/"
                  "repolink.nvim) - Generates shareable permalinks for Git web frontends.\n")),
              IsEmpty());
  // So is a title of one word, one that opens with it, or a product's name
  // in capitals: Elastic's Beats compare nothing.
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [Elastic Beats](https://github.com/elastic/"
                                     "beats) - Lightweight shippers for Elasticsearch.\n")),
              Not(Contains("claim/incomplete")));
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [beats github](https://github.com/elastic/"
                                     "beats) - Lightweight shippers for Elasticsearch.\n")),
              Not(Contains("claim/incomplete")));
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [Beats](https://www.elastic.example/beats/)"
                                     " - Single-purpose data shippers.\n")),
              Not(Contains("claim/incomplete")));
  EXPECT_THAT(rule_ids(lint_markdown("# L\n\n## S\n\n- [Boots in 9 seconds](https://github.com/"
                                     "o/fastboot) - Generates boot images for small boards.\n")),
              Contains("claim/incomplete"));
}

// A list that names each paper by its own title cannot rewrite it: with
// "claims.paper_titles" false, a figure or praise in a paper's title is the
// authors', on the paper or on the code it names before its colon, while a
// blog post's title and every description are still read.
TEST(ClaimIncomplete, APolicyMayLeaveAPapersOwnTitleToItsAuthors) {
  LoadResult loaded;
  load_markdown_text(
      "README.md",
      "# L\n\n## Papers\n\n"
      "- [Token Pruning: 9x Acceleration on Stable Diffusion](https://arxiv.org/abs/2404.00001)"
      " - A token pruning method.\n"
      "- [AIConfigurator: Lightning-Fast Configuration Search](https://arxiv.org/abs/2404.00002)"
      " - A configuration search.\n"
      "- [Boosts vLLM by up to 2.8x](https://blog.vllm.ai/2024/10/17/spec-decode.html) - A post.\n"
      "- [Sparse Kernels](https://arxiv.org/abs/2404.00003) - Runs 3x faster than dense.\n"
      // The paper's title on the authors' code, and a repository's own words.
      "- [SRU: training RNNs as fast as CNNs](https://github.com/o/sru)\n"
      "- [Fast Sort: 3x faster than std::sort](https://github.com/o/quicksort)\n",
      loaded);
  const auto claims_at = [&](const Policy& policy) {
    std::vector<std::pair<std::string, int>> found;
    for (const Diagnostic& d : run_rules(loaded.list, policy, *parse_date("2026-11-30"))) {
      if (d.rule.starts_with("claim/")) {
        found.emplace_back(d.rule, d.location.line);
      }
    }
    return found;
  };
  using Found = std::pair<std::string, int>;
  EXPECT_THAT(claims_at(list_policy()),
              ElementsAre(Found{"claim/incomplete", 5}, Found{"claim/superlative", 6},
                          Found{"claim/incomplete", 7}, Found{"claim/incomplete", 8},
                          Found{"claim/incomplete", 9}, Found{"claim/incomplete", 10}));
  Policy by_paper_titles = list_policy();
  by_paper_titles.claims_in_paper_titles = false;
  EXPECT_THAT(claims_at(by_paper_titles),
              ElementsAre(Found{"claim/incomplete", 7}, Found{"claim/incomplete", 8},
                          Found{"claim/incomplete", 10}));
}

// The finding quotes the whole figure, thousands separators included.
TEST(ClaimIncomplete, QuotesAFigureWithItsThousandsSeparators) {
  const auto found = paper_described("Linux performance analysis in 60,000 milliseconds.");
  ASSERT_THAT(rule_ids(found), ElementsAre("claim/incomplete"));
  EXPECT_THAT(found[0].message, HasSubstr("(\"60,000 milliseconds\")"));
}

// RE2 guarantees linear time; ctest's timeout is the watchdog, a benchmark
// would be the measure.
TEST(ClaimIncomplete, APathologicalRunOfDigitsIsStillJudged) {
  std::string text(200000, '1');
  text += " x";
  EXPECT_THAT(rule_ids(paper_described(text + ".")), Contains("claim/incomplete"));
}

}  // namespace
}  // namespace sg::testing
