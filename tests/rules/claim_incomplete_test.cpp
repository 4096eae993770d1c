#include "rules/rule_test_support.h"

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
        std::make_pair("A GEMM that beats cuBLAS.", "beats"),
        std::make_pair("Attention on par with FlashAttention-3.", "on par with"),
        std::make_pair("Three times faster decoding with 4 times fewer GPUs.", "4 times fewer"),
        std::make_pair("Decoding that matches vLLM throughput.", "matches vLLM throughput"),
        std::make_pair("A cache layout that cuts latency in half.", "cuts latency"),
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
