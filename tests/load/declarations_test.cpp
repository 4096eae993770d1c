#include "load/declarations.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "load/markdown_loader.h"
#include "rules/engine.h"
#include "rules/rule_test_support.h"
#include "support/cli_runner.h"
#include "util/date.h"

namespace sg {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

TEST(Declarations, ReadKindCodeClaimAndWaiver) {
  const ParsedDeclaration kind =
      parse_declaration("<!-- sourcegate: kind=report code=https://github.com/org/repo -->");
  ASSERT_THAT(kind.errors, IsEmpty());
  EXPECT_EQ(kind.declaration.kind, EntryKind::report);
  EXPECT_EQ(kind.declaration.code, "https://github.com/org/repo");

  const ParsedDeclaration claim = parse_declaration(
      "<!-- sourcegate: claim hardware=\"H100 SXM\" workload=\"GEMM 8192^3\" precision=BF16 "
      "baseline=\"cuBLAS 12.4\" correctness=\"max abs error 1e-2\" -->");
  ASSERT_THAT(claim.errors, IsEmpty());
  ASSERT_TRUE(claim.declaration.claim);
  EXPECT_EQ(claim.declaration.claim->hardware, "H100 SXM");
  EXPECT_EQ(claim.declaration.claim->precision, "BF16");
  EXPECT_EQ(claim.declaration.claim->correctness, "max abs error 1e-2");

  const ParsedDeclaration waiver = parse_declaration(
      "<!-- sourcegate: waive claim/incomplete reason=\"The paper gives the setup.\" -->");
  ASSERT_THAT(waiver.errors, IsEmpty());
  ASSERT_EQ(waiver.declaration.waivers.size(), 1U);
  EXPECT_EQ(waiver.declaration.waivers[0].rule, "claim/incomplete");
  EXPECT_EQ(waiver.declaration.waivers[0].reason, "The paper gives the setup.");
}

// Mistakes are errors at their place in the comment, never silently dropped.
TEST(Declarations, MistakesAreErrorsAtTheirOffset) {
  const std::string unknown = "<!-- sourcegate: knd=report -->";
  const ParsedDeclaration typo = parse_declaration(unknown);
  ASSERT_EQ(typo.errors.size(), 1U);
  EXPECT_EQ(typo.errors[0].offset, unknown.find("knd"));
  EXPECT_THAT(typo.errors[0].message, HasSubstr("unknown key \"knd\""));
  EXPECT_THAT(typo.errors[0].message, HasSubstr("kind"));

  const ParsedDeclaration no_reason =
      parse_declaration("<!-- sourcegate: waive claim/incomplete -->");
  ASSERT_EQ(no_reason.errors.size(), 1U);
  EXPECT_THAT(no_reason.errors[0].message, HasSubstr("gives no reason"));

  EXPECT_THAT(parse_declaration("<!-- sourcegate: kind=blog -->").errors[0].message,
              HasSubstr("unknown kind \"blog\""));
  EXPECT_THAT(parse_declaration("<!-- sourcegate: claim hardware=\"H100 -->").errors[0].message,
              HasSubstr("no closing quote"));
  EXPECT_THAT(parse_declaration("<!-- sourcegate: -->").errors[0].message, HasSubstr("empty"));
  EXPECT_FALSE(is_declaration("<!-- a plain comment -->"));
  EXPECT_TRUE(is_declaration("  <!--   sourcegate: kind=paper -->"));
}

std::vector<std::string> rule_ids_of(const LoadResult& loaded) {
  std::vector<Diagnostic> all = loaded.diagnostics;
  std::vector<Diagnostic> found =
      run_rules(loaded.list, load_policy((testing::source_dir() / "policy/policy.json").string()),
                *parse_date("2026-11-30"));
  all.insert(all.end(), found.begin(), found.end());
  apply_waivers(loaded.list, all, RulesRun::policy);
  return testing::rule_ids(all);
}

// A comment on an entry's own line binds to that entry; one alone on a line
// binds to the next entry. A primary paper with a measured speed-up can give
// the claim's five fields instead of losing its number.
TEST(Declarations, BindToTheirEntryInAMarkdownList) {
  const std::string number = "A GEMM decomposition, 1.4x faster than data-parallel tiling.";
  LoadResult bare;
  load_markdown_text(
      "README.md",
      "# L\n\n## S\n\n- [Stream-K](https://arxiv.org/abs/2301.03598) - " + number + "\n", bare);
  EXPECT_THAT(rule_ids_of(bare), ElementsAre("claim/incomplete"));

  LoadResult declared;
  load_markdown_text(
      "README.md",
      "# L\n\n## S\n\n"
      "<!-- sourcegate: claim hardware=\"A100 SXM4 80GB, CUDA 11.8\" workload=\"GEMM, 32 shapes\" "
      "precision=FP16 baseline=\"CUTLASS data-parallel\" correctness=\"cuBLAS reference\" -->\n"
      "- [Stream-K](https://arxiv.org/abs/2301.03598) - " +
          number +
          "\n"
          "- [Stream-K again](https://arxiv.org/abs/2301.03599) - " +
          number +
          " <!-- sourcegate: waive claim/incomplete reason=\"The paper states the setup.\" -->\n",
      declared);
  ASSERT_THAT(declared.diagnostics, IsEmpty());
  const std::vector<Entry>& entries = declared.list.sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2U);
  ASSERT_TRUE(entries[0].claim);
  EXPECT_EQ(entries[0].claim->precision, "FP16");
  EXPECT_EQ(entries[1].description, number);  // the comment is no words of it
  ASSERT_EQ(entries[1].waivers.size(), 1U);
  EXPECT_EQ(entries[1].waivers[0].location.line, 7);
  EXPECT_THAT(rule_ids_of(declared), IsEmpty());
}

TEST(Declarations, MistakesAndStrayDeclarationsAreSchemaErrors) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## S\n\n"
                     "- [A](https://arxiv.org/abs/2301.03598) - A paper. <!-- sourcegate: "
                     "knd=paper -->\n\n"
                     "<!-- sourcegate: kind=report -->\n",
                     loaded);
  ASSERT_EQ(loaded.diagnostics.size(), 2U);
  EXPECT_EQ(loaded.diagnostics[0].rule, "entry/schema");
  EXPECT_EQ(loaded.diagnostics[0].location.line, 5);
  EXPECT_EQ(loaded.diagnostics[0].location.column, 69);
  EXPECT_THAT(loaded.diagnostics[1].message, HasSubstr("binds to no entry"));
  EXPECT_EQ(loaded.diagnostics[1].location.line, 7);
}

// A code link beside a paper keeps it a paper; beside a blog post it makes a
// report.
TEST(Declarations, ACodeLinkBesideAPaperKeepsItAPaper) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## S\n\n- [Stream-K](https://arxiv.org/abs/2301.03598) - Work-centric "
                     "GEMM decomposition, with [code](https://github.com/NVIDIA/cutlass).\n",
                     loaded);
  EXPECT_THAT(rule_ids_of(loaded), IsEmpty());
}

}  // namespace
}  // namespace sg
