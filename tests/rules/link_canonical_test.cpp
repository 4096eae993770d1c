#include "load/markdown_loader.h"
#include "rules/engine.h"
#include "rules/rule_test_support.h"
#include "util/date.h"
#include "util/url.h"

namespace sg::testing {
namespace {

TEST(LinkCanonical, GivesTheCanonicalUrlAsTheFix) {
  auto found = lint_section(one_entry(
      R"("title": "Stream-K", "url": "http://arxiv.org/pdf/2301.03598v1.pdf?utm_source=x", )"
      R"("kind": "paper", "description": "Work-centric GEMM decomposition.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("link/canonical"));
  EXPECT_EQ(found[0].hint, "use https://arxiv.org/abs/2301.03598");
  auto tracking = lint_section(one_entry(
      R"("title": "CUTLASS", "url": "https://github.com/NVIDIA/cutlass?utm_campaign=a&tab=readme", )"
      R"("kind": "repo", "description": "CUDA templates for linear algebra.")"));
  ASSERT_THAT(rule_ids(tracking), ElementsAre("link/canonical"));
  EXPECT_EQ(tracking[0].hint, "use https://github.com/NVIDIA/cutlass?tab=readme");
}

// A redirect wrapper hides where the link goes: the finding says so, and
// names the page to link instead.
TEST(LinkCanonical, ARedirectWrapperIsNamedAsOne) {
  auto found = lint_section(one_entry(
      R"("title": "Stream-K", "url": "https://www.google.com/url?q=https%3A%2F%2Farxiv.org)"
      R"(%2Fabs%2F2301.03598&sa=D", "kind": "paper", "description": "Work-centric GEMM decomposition.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("link/canonical"));
  EXPECT_THAT(found[0].message,
              HasSubstr("is a redirect through google.com to https://arxiv.org/abs/2301.03598"));
  EXPECT_EQ(found[0].hint, "link https://arxiv.org/abs/2301.03598 directly");
}

// "https://host" and "https://host/" are one URL (RFC 3986 §6.2.3): a link
// differing from its canonical form only in normalisation is no finding.
TEST(LinkCanonical, SpellingsOfTheNormalFormAreNoFinding) {
  for (const char* url : {"https://docs.nvidia.com", "HTTPS://Docs.NVIDIA.com:443/cuda/",
                          "https://docs.nvidia.com/cuda/%7ebook/"}) {
    auto found = lint_section(one_entry(std::string(R"("title": "CUDA docs", "url": ")") + url +
                                        R"(", "kind": "docs", "description": "The CUDA docs.")"));
    EXPECT_THAT(rule_ids(found), Not(Contains("link/canonical"))) << url;
  }
}

// A list that keeps arXiv PDF links or old http:// sites says so; the
// duplicate check still sees one paper and one site under every form.
TEST(LinkCanonical, AListChoosesWhichFormsMatter) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## S\n\n- [A](http://a.example/) - An old site.\n"
                     "- [B](https://arxiv.org/pdf/2301.03598) - A paper as a PDF.\n",
                     loaded);
  const auto today = parse_date("2026-11-30").value();
  auto ids = [&](const std::string& policy) {
    return rule_ids(run_rules(loaded.list, parse_policy("p.json", policy), today));
  };
  EXPECT_THAT(ids("{}"), ElementsAre("link/canonical", "link/canonical"));
  EXPECT_THAT(ids(R"({"canonical": {"https": false}})"), ElementsAre("link/canonical"));
  EXPECT_THAT(ids(R"({"canonical": {"https": false, "arxiv_abstract": false}})"), IsEmpty());
  CanonicalRules lenient;
  lenient.https = false;
  lenient.arxiv_abstract = false;
  EXPECT_EQ(url_identity("https://arxiv.org/pdf/2301.03598", lenient),
            url_identity("http://arxiv.org/abs/2301.03598", lenient));
}

}  // namespace
}  // namespace sg::testing
