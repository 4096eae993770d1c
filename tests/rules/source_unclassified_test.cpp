#include "rules/rule_test_support.h"

#include <fmt/format.h>

#include "load/markdown_loader.h"
#include "rules/engine.h"
#include "util/date.h"

namespace sg::testing {
namespace {

TEST(SourceUnclassified, WarnsWhenNoHostRuleMatches) {
  auto found =
      lint_section(one_entry(R"("title": "Thing", "url": "https://unknown.example/x", )"
                             R"("kind": "docs", "description": "A page on an unknown host.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("source/unclassified"));
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_THAT(found[0].hint, HasSubstr("add a line for \"unknown.example\""));
}

// Standards bodies publish specifications, kernel.org, googlesource.com and
// Google Code (whose /p/NAME is a project, not a post) host repositories, and the compilers' own
// sites document them: the shipped policy knows them, so a declared kind there needs no host rule
// of the list's own.
TEST(SourceUnclassified, StandardsBodiesAndCodeHostsAreKnown) {
  for (const auto& [url, kind] : std::vector<std::pair<std::string, std::string>>{
           {"https://openxla.org/xla/gpu_architecture", "docs"},
           {"https://tools.ietf.org/html/rfc7540", "spec"},
           {"https://www.rfc-editor.org/rfc/rfc9110", "spec"},
           {"https://www.w3.org/TR/webgpu/", "spec"},
           {"https://registry.khronos.org/vulkan/specs/1.3/html/", "spec"},
           {"https://www.unicode.org/versions/Unicode15.0.0/", "spec"},
           {"https://www.open-std.org/jtc1/sc22/wg21/docs/papers/2023/p2300r7.html", "spec"},
           {"https://git.kernel.org/pub/scm/linux/kernel/git/bpf/bpf-next.git", "repo"},
           {"https://dawn.googlesource.com/dawn", "repo"},
           {"https://code.google.com/archive/p/sofia-ml", "repo"}}) {
    const auto found = lint_section(
        one_entry(fmt::format(R"("title": "Thing", "url": "{}", "kind": "{}", )", url, kind) +
                  R"("description": "The normative text of a protocol.")"));
    EXPECT_THAT(rule_ids(found), IsEmpty()) << url;
  }
}

// In entry files, where the kind is declared, the policy must know the host:
// a URL that reads as documentation is a warning asking for a host rule.
TEST(SourceUnclassified, AnEntryFileOnAnUnknownHostAsksForAHostRuleEvenWhenItsUrlReadsPrimary) {
  const auto found = lint_section(one_entry(
      R"("title": "Tiling guide", "url": "https://docs.someproject.example/guide/tiling", )"
      R"("kind": "docs", "description": "The tiling guide of a project.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("source/unclassified"));
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_EQ(found[0].evidence, "URL shape: a docs host");
}

// A declared primary kind against a URL that reads as a blog post is a
// contradiction, not a missing host rule.
TEST(SourceUnclassified, ADeclaredPrimaryKindAgainstABlogShapedUrlIsAKindMismatch) {
  const auto found = lint_section(
      one_entry(R"("title": "Tiling notes", "url": "https://someone.example/posts/tiling", )"
                R"("kind": "paper", "description": "Notes on tiling kernels.")"));
  ASSERT_THAT(rule_ids(found), ElementsAre("source/kind-mismatch"));
  EXPECT_THAT(found[0].message, HasSubstr("reads as a blog page"));
  EXPECT_EQ(found[0].evidence, "declared kind paper; URL shape: a blog platform or path");
}

// A byline is inferred evidence as a URL shape is: against a declared kind
// it is a contradiction to settle, and the finding says which byline.
TEST(SourceUnclassified, ADeclaredKindAgainstAPersonsBylineIsAKindMismatch) {
  const auto found = lint_section(
      one_entry(R"("title": "LoRA insights", "url": "https://lightning.example/pages/lora", )"
                R"("kind": "docs", "description": "by Sebastian Raschka: Notes on LoRA.")"));
  const Diagnostic* it = finding_of(found, "source/kind-mismatch");
  ASSERT_NE(it, nullptr);
  EXPECT_EQ(it->evidence,
            "declared kind docs; byline: a person's byline (\"by Sebastian Raschka\")");
  EXPECT_THAT(rule_ids(found), Not(Contains("source/not-primary")));
}

// A policy whose bylines make a primary class passes the page, never
// silently: a note names the byline.
TEST(SourceUnclassified, APrimaryClassFromABylinePassesWithANote) {
  const Policy policy = parse_policy("p.json", R"({
    "classes": {"docs": {"primary": true, "kinds": ["docs"], "infer": "docs"}},
    "hosts": [{"domain": "known.example", "class": "docs"}],
    "bylines": {"class": "docs", "patterns": {"a maintainer's byline": "^by the maintainers:"}},
    "rules": {"style/description": "off"}})");
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## S\n\n- [Guide](https://unknown.example/guide) - by the "
                     "maintainers: The guide.\n",
                     loaded);
  const std::vector<Diagnostic> found = run_rules(loaded.list, policy, *parse_date("2026-11-30"));
  ASSERT_THAT(rule_ids(found), ElementsAre("source/unclassified"));
  EXPECT_EQ(found[0].severity, Severity::info);
  EXPECT_THAT(found[0].message,
              HasSubstr("judged a docs page by a byline alone (a maintainer's byline"));
}

// A standard's specifications page, a reference and a manual read as
// documentation in the plural as in the singular: an inferred primary class
// passes with a note, not as a home page.
TEST(SourceUnclassified, PluralDocsPathsReadAsDocumentation) {
  for (const char* url :
       {"https://standard.example/specifications/", "https://project.example/references/",
        "https://project.example/manuals/cli.html", "https://project.example/specs/",
        "https://project.example/usermanual/generating-dashboard.html",
        "https://www.service.example/developer/"}) {
    const auto found =
        lint_item(fmt::format("- [Specs]({}) - The normative text of the protocol.", url));
    ASSERT_THAT(rule_ids(found), ElementsAre("source/unclassified")) << url;
    EXPECT_EQ(found[0].severity, Severity::info) << url;
    EXPECT_EQ(found[0].evidence, "URL shape: a docs path") << url;
  }
  // A wiki under a project's docs is its documentation, not a wiki of links.
  const auto wiki = lint_item(
      "- [API v4](https://www.service.example/docs/wiki/developers/v4/) - The service's API for "
      "developers.");
  ASSERT_THAT(rule_ids(wiki), ElementsAre("source/unclassified"));
  EXPECT_EQ(wiki[0].evidence, "URL shape: a project's docs wiki");
}

}  // namespace
}  // namespace sg::testing
