#include "rules/rule_test_support.h"

namespace sg::testing {
namespace {

TEST(SourceKindMismatch, FiresWhenTheDeclaredKindContradictsAPrimaryHost) {
  auto found = lint_section(one_entry(
      R"("title": "PTX ISA", "url": "https://docs.nvidia.com/cuda/parallel-thread-execution/", )"
      R"("kind": "repo", "description": "NVIDIA's virtual instruction set.")"));
  EXPECT_THAT(rule_ids(found), ElementsAre("source/kind-mismatch"));
  EXPECT_THAT(found[0].message,
              HasSubstr("declared kind \"repo\" but docs.nvidia.com is a docs host"));
  EXPECT_THAT(found[0].hint, HasSubstr("set \"kind\" to \"docs\""));
}

TEST(SourceKindMismatch, FiresOnARepoThatIsNotARepositoryRoot) {
  auto found = lint_section(one_entry(
      R"("title": "A file", "url": "https://github.com/NVIDIA/cutlass/blob/main/README.md", )"
      R"("kind": "repo", "description": "A file inside a repository.")"));
  EXPECT_THAT(rule_ids(found), ElementsAre("source/kind-mismatch"));
  EXPECT_THAT(found[0].message, HasSubstr("is not the repo itself"));
}

TEST(SourceKindMismatch, QuietWhenKindAgrees) {
  EXPECT_THAT(rule_ids(lint_section(one_entry(
                  R"("title": "CUTLASS", "url": "https://github.com/NVIDIA/cutlass", )"
                  R"("kind": "repo", "description": "CUDA templates for linear algebra.")"))),
              IsEmpty());
}

TEST(SourceKindMismatch, MarkdownKindsAreInferredNotChecked) {
  EXPECT_THAT(
      rule_ids(lint_markdown("# L\n\n## S\n\n- [CUTLASS](https://github.com/NVIDIA/cutlass) "
                             "- CUDA templates for linear algebra.\n")),
      IsEmpty());
}

// A vendor's post about its own mechanism is documentation: declared a paper,
// the finding names the ownership that decided.
TEST(SourceKindMismatch, NamesTheFirstPartyOwnershipAsEvidence) {
  const auto found = lint_section(one_entry(
      R"("title": "Understanding PTX", )"
      R"("url": "https://developer.nvidia.com/blog/understanding-ptx/", "kind": "paper", )"
      R"("description": "NVIDIA on the virtual ISA between CUDA and machine code.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("source/kind-mismatch"));
  EXPECT_EQ(found[0].evidence, "declared kind paper; first party: nvidia.com owns PTX");
}

}  // namespace
}  // namespace sg::testing
