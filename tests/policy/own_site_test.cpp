#include <array>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "load/markdown_loader.h"
#include "policy/list_conventions.h"
#include "policy/policy.h"
#include "support/cli_runner.h"
#include "util/url.h"

namespace sg {
namespace {

// The repository's policy, with a project's own site counted as its
// documentation, as `init` writes it for a list of projects.
Policy projects_policy() {
  Policy policy =
      parse_policy("policy.json", testing::read_text(testing::source_dir() / "policy/policy.json"));
  policy.own_site_classes = k_own_site_classes;
  return policy;
}

std::string class_after_first_party(const Policy& policy, const std::string& title,
                                    const std::string& url, const std::string& description = {},
                                    const std::string& code = {}) {
  std::optional<Classification> classification = classify_url(policy, *parse_url(url));
  if (!classification || classification->source_class == nullptr) {
    return "unclassified";
  }
  apply_first_party(policy, title, description, code, *classification);
  return classification->source_class->name;
}

TEST(OwnSite, AProjectsOwnSiteIsItsDocumentation) {
  const Policy policy = projects_policy();
  const std::pair<const char*, const char*> own_sites[] = {
      {"starship", "https://starship.rs/"},
      {"CometML", "https://www.comet.com"},
      {"oh-my-zsh", "http://ohmyz.sh/"},
      // A short site name inside a longer title still names the site.
      {"Zed Editor", "https://zed.dev/"},
      {"esp-rs", "https://github.com/esp-rs"},
      {"Rust Cookbook", "https://rust-lang-nursery.github.io/rust-cookbook/"},
      // GitHub Pages by their exact name: an organisation's root, a
      // project's page named with an affix or by its index page.
      {"tmux", "https://tmux.github.io/"},
      {"Ginkgo", "https://ginkgo-project.github.io/"},
      {"micro", "https://micro-editor.github.io"},
      {"TTK", "https://topology-tool-kit.github.io/"},
      {"es", "https://wryun.github.io/es-shell/"},
      {"pg_bulkload", "https://ossc-db.github.io/pg_bulkload/index.html"},
      // A name with the affix its domain needed ("hub", "data", a plural,
      // "lib", "the"), a project under its organisation's domain, and a
      // site's root in one language or release.
      {"Futhark", "https://futhark-lang.org/"},
      {"Sentry", "https://getsentry.com/"},
      {"Warewulf", "https://warewulf.hpcng.org/"},
      {"Ceph", "https://ceph.io/en/"},
      {"PETSc", "https://petsc.org/release/"},
      {"The Dog", "https://thedogapi.com/"},
      {"fish", "https://fishshell.com/"},
      {"ledger", "https://ledger-cli.org/"},
      {"HyperWrite", "https://hyperwriteai.com/"},
      {"MOOSE", "https://mooseframework.inl.gov/"},
      {"dlt", "https://dlthub.com/"},
      {"Sling", "https://slingdata.io/"},
      {"Solarus", "https://www.solarus-games.org/"},
      {"Bevy", "https://bevyengine.org/"},
      {"Nile", "https://www.thenile.dev/"},
      {"Pest", "https://pestphp.com/"},
      {"SDL", "https://www.libsdl.org/"},
      {"GreatExpectation", "https://greatexpectations.io/"},
      // A project's wiki by its main page, a front page below the root.
      {"Fail2Ban", "http://www.fail2ban.org/wiki/index.php/Main_Page"},
      {"Sentry", "https://sentry.io/welcome/"},
      {"Drupal", "https://new.drupal.org/home"},
      // A product's page at any path of the product's own domain, also by
      // the name its domain needed an affix for.
      {"Cloudsmith", "https://cloudsmith.com/product/formats/cargo-registry"},
      {"Crunchy Bridge", "https://www.crunchydata.com/products/crunchy-bridge/"},
      {"Jenkins", "https://jenkins-ci.org/"},
      {"KVM", "https://www.linux-kvm.org/"},
      {"TLA", "https://the-lean-amp.org/"},
      {"Authentik", "https://goauthentik.io/"},
      {"Barman", "https://pgbarman.org/"},
      {"Z-Ray", "https://www.zend.com/products/z-ray"},
      {"PhpEd", "https://www.nusphere.com/products/phped.htm"},
      {"Duet", "https://www.duetds.com/"},
      {"Betula", "https://joinbetula.org/"},
      {"Mindustry", "https://mindustrygame.com/"},
      {"Kasm Workspaces", "https://kasmweb.com/"},
      {"Collabora Online", "https://www.collaboraoffice.com/"},
      {"Anvil", "https://anvilformac.com/"},
      {"Fluent", "https://fluentmac.app/"},
      {"Lark", "https://www.larksuite.com/en_us/"},
      // A word the domain adds before or after the name.
      {"Vagrant", "https://www.vagrantup.com/"},
      {"Atlantis", "https://www.runatlantis.io/"},
      {"Caddy", "https://caddyserver.com/"},
      {"Gio", "https://gioui.org/"},
      {"Luma Dream Machine", "https://lumalabs.ai/"},
      // A domain that abbreviates words of the title in a row.
      {"Bitnami Kubernetes Production Runtime", "https://kubeprod.io"},
      {"AutoGPT", "https://agpt.co/"}};
  for (const auto& [title, url] : own_sites) {
    EXPECT_EQ(class_after_first_party(policy, title, url), "docs") << title << " at " << url;
  }
  // Personal data is no personal site, nor newsletter software a blog.
  EXPECT_TRUE(is_own_site(*classify_url(policy, *parse_url("https://databunker.org/")),
                          "Databunker", "Secure vault for personal data.", ""));
  EXPECT_TRUE(is_own_site(*classify_url(policy, *parse_url("https://www.phplist.org/")), "phpList",
                          "Newsletter and email marketing software.", ""));
  EXPECT_TRUE(is_own_site(*classify_url(policy, *parse_url("https://www.phplist.org/")), "phpList",
                          "Newsletter and email marketing with plugins.", ""));
  EXPECT_TRUE(is_own_site(*classify_url(policy, *parse_url("https://www.citadel.org/")), "Citadel",
                          "Groupware: email, forums, wiki and blog engines.", ""));
  EXPECT_TRUE(is_own_site(*classify_url(policy, *parse_url("https://www.bludit.com/")), "Bludit",
                          "Build a site or blog in seconds.", ""));
  EXPECT_FALSE(is_own_site(*classify_url(policy, *parse_url("https://www.phplist.org/")), "phpList",
                           "The newsletter of the phpList team.", ""));
  EXPECT_FALSE(is_own_site(*classify_url(policy, *parse_url("https://someone.example/")), "Someone",
                           "My personal site.", ""));
  // One word's start alone, or starts of words out of order, abbreviate
  // nothing.
  for (const auto& [title, url] : std::vector<std::pair<std::string, std::string>>{
           {"Tool Random", "https://rato.example/"},
           {"Production Kubernetes", "https://kubeprod.example/"}}) {
    EXPECT_NE(class_after_first_party(policy, title, url), "docs") << title << " at " << url;
  }
  // A hostile title of many alike words against a domain it nearly
  // abbreviates: each way of cutting the domain is tried once, not once per
  // path to it.
  std::string alike;
  for (int i = 0; i < 60; ++i) {
    alike += "aaaaaaaa ";
  }
  EXPECT_NE(
      class_after_first_party(policy, alike, "https://" + std::string(40, 'a') + "b.example/"),
      "docs");
}

// "[ack](https://beyondgrep.com/) - A grep-like search tool": a site's root
// that the description calls a piece of software is its site, whatever the
// domain is called; a root described as a list, a course or a benchmark, a
// page below the root, or a site the description does not call software is
// not.
TEST(OwnSite, ASitesRootTheDescriptionCallsSoftwareIsItsSite) {
  const Policy policy = projects_policy();
  struct Case {
    const char* title;
    const char* url;
    const char* description;
    bool own_site;
  };
  for (const auto& [title, url, description, own_site] : std::array<Case, 16>{{
           {"ack", "https://beyondgrep.com/", "A grep-like search tool optimized for source code.",
            true},
           {"mr", "https://myrepos.branchable.com", "Multiple Repository management tool", true},
           {"osh", "https://www.oilshell.org", "Bash compatible, with a new Unix shell language.",
            true},
           {"CHICKEN Scheme", "https://call-cc.org/", "Implements R5RS, with some changes.", true},
           // A two-letter name is the domain's whole name; a blog is what the
           // generator builds.
           {"rv", "https://rv.dev", "Ruby versions, installed fast.", true},
           {"Nanoc", "http://nanoc.ws/",
            "A static site generator, fit for building anything from a small personal blog to a "
            "large corporate web site.",
            true},
           {"Rust by play", "https://tourofrust.com", "Learn Rust with an interactive tool.",
            false},
           {"Leaderboards", "https://sotabench.com", "Benchmarks of every open-source tool.",
            false},
           {"Open sets", "https://www.datasetlist.com/", "A list of datasets and tools.", false},
           {"J. Doe", "https://jane.example/", "Writes about compilers.", false},
           {"ack", "https://beyondgrep.com/why-ack/", "A grep-like search tool.", false},
           // A product's page just below its vendor's root, named in one word.
           {"AppCode", "https://www.jetbrains.com/objc/", "Smart IDE for iOS development", true},
           {"LMDB", "https://www.symas.com/mdb/", "An embedded key-value database.", true},
           {"Dwarf Fortress", "https://www.bay12games.com/dwarves/",
            "Roguelike construction and management simulation.", true},
           {"Devin", "https://cognition.example/introducing-devin", "An AI software engineer.",
            false},
           {"Wide", "https://wide.example.org/login", "A web IDE for Go.", false},
       }}) {
    EXPECT_EQ(class_after_first_party(policy, title, url, description) == "docs", own_site) << url;
  }
}

// "[Git](https://git-scm.com/) … ([Source Code](https://github.com/git/git))":
// the entry's repository vouches for the root beside it; no repository, an
// article or a blog does not.
TEST(OwnSite, TheEntrysRepositoryVouchesForTheSiteBesideIt) {
  const Policy policy = projects_policy();
  EXPECT_EQ(class_after_first_party(policy, "Git", "https://git-scm.com/", "Version control.",
                                    "https://github.com/git/git"),
            "docs");
  EXPECT_EQ(class_after_first_party(policy, "Eggdrop", "https://www.eggheads.org/", "IRC bot.",
                                    "https://github.com/eggheads/eggdrop"),
            "docs");
  EXPECT_EQ(class_after_first_party(policy, "Eggdrop", "https://www.eggheads.org/", "IRC bot."),
            "home page");
  EXPECT_EQ(class_after_first_party(policy, "Aurora", "https://design.gccollab.ca/",
                                    "Design system.", "https://github.com/gctools/design-system"),
            "docs");
  EXPECT_EQ(class_after_first_party(policy, "Aurora", "https://design.gccollab.ca/articles/x",
                                    "Design system.", "https://github.com/gctools/design-system"),
            "blog");
  EXPECT_EQ(class_after_first_party(policy, "Git", "https://example.org/", "The Git blog.",
                                    "https://github.com/git/git"),
            "home page");
  // GitHub Pages of the organisation whose repository the entry links; not
  // another user's pages, nor a post deep in them.
  EXPECT_EQ(
      class_after_first_party(policy, "Strider", "https://strider-cd.github.io/",
                              "Continuous deployment.", "https://github.com/Strider-CD/strider"),
      "docs");
  EXPECT_EQ(
      class_after_first_party(policy, "Strider", "https://someone.github.io/",
                              "Continuous deployment.", "https://github.com/Strider-CD/strider"),
      "home page");
  EXPECT_NE(
      class_after_first_party(policy, "Strider", "https://strider-cd.github.io/blog/2020/x",
                              "Continuous deployment.", "https://github.com/Strider-CD/strider"),
      "docs");
  // Pages under the repository's own name are its documentation, however deep.
  EXPECT_EQ(class_after_first_party(policy, "Synapse",
                                    "https://element-hq.github.io/synapse/latest/index.html",
                                    "Matrix homeserver.", "https://github.com/element-hq/synapse"),
            "docs");
  EXPECT_NE(class_after_first_party(policy, "Synapse",
                                    "https://element-hq.github.io/dendrite/latest/index.html",
                                    "Matrix homeserver.", "https://github.com/element-hq/synapse"),
            "docs");
  // Source code on any forge vouches, and then "blog" or "homepage" in the
  // description says what the software makes.
  EXPECT_EQ(class_after_first_party(policy, "Betula", "https://joinbetula.org/",
                                    "Bookmark manager.", "https://codeberg.org/bouncepaw/betula"),
            "docs");
  EXPECT_EQ(class_after_first_party(policy, "Dashy", "https://dashy.to/",
                                    "Feature-rich homepage for your homelab.",
                                    "https://github.com/lissy93/dashy"),
            "docs");
  EXPECT_EQ(
      class_after_first_party(policy, "PluXml", "https://pluxml.org/",
                              "XML-based blog/CMS platform.", "https://github.com/pluxml/PluXml"),
      "docs");
}

TEST(OwnSite, AnotherSiteAPersonsPagesAndBlogsStayWhatTheyAre) {
  const Policy policy = projects_policy();
  // Not named like the entry; a name of three letters inside another word
  // is no name of the site.
  EXPECT_EQ(class_after_first_party(policy, "Dask", "https://example.org/"), "home page");
  EXPECT_EQ(class_after_first_party(policy, "Vim", "https://vimawesome.example/"), "home page");
  // A user's GitHub Pages are a person's site, not a project's.
  EXPECT_EQ(class_after_first_party(policy, "Lilian Weng", "https://lilianweng.github.io/"),
            "home page");
  EXPECT_EQ(class_after_first_party(policy, "tmux docs", "https://tmux.github.io/"), "home page");
  // Initials are an acronym's, written in capitals; an affix is a name's.
  EXPECT_EQ(class_after_first_party(policy, "Ttk", "https://topology-tool-kit.github.io/"),
            "home page");
  EXPECT_EQ(class_after_first_party(policy, "Ginkgo", "https://ginkgo-notes.github.io/"),
            "home page");
  EXPECT_EQ(class_after_first_party(policy, "es", "https://wryun.github.io/es-tutorial/"), "blog");
  EXPECT_EQ(
      class_after_first_party(policy, "Attention notes", "https://lilianweng.github.io/lil-log/"),
      "blog");
  // A blog named after its author.
  EXPECT_EQ(class_after_first_party(policy, "Tim Dettmers' blog", "https://timdettmers.com/"),
            "home page");
  // A site's section names no project: "Research" is not a project at
  // research.example.com.
  EXPECT_EQ(class_after_first_party(policy, "Research", "https://research.example.com/"),
            "home page");
  EXPECT_EQ(class_after_first_party(policy, "Futhark", "https://other-lang.org/"), "home page");
  // A subdomain names a project's site at its root only: aws.amazon.com/fis/
  // is Amazon's product page.
  EXPECT_EQ(
      class_after_first_party(policy, "AWS Fault Injection Service", "https://aws.amazon.com/fis/"),
      "marketing");
  // A name freed of its affix names the site only at the start of a title.
  EXPECT_EQ(class_after_first_party(policy, "Learn Rust 101", "https://rust-lang.guide/"),
            "home page");
  // A page below the root is not the site itself.
  EXPECT_EQ(class_after_first_party(policy, "starship", "https://starship.rs/posts/why/"), "blog");
  // Another company's product page.
  EXPECT_EQ(class_after_first_party(policy, "Cargo registries",
                                    "https://cloudsmith.com/product/formats/cargo-registry"),
            "marketing");
}

// On a list of projects, a repository whose description calls it software
// is the project's own, whatever its name looks like; one that says it is a
// list stays a list.
TEST(OwnSite, ARepositoryTheDescriptionCallsSoftwareIsTheProjects) {
  const Policy policy = projects_policy();
  EXPECT_EQ(class_after_first_party(policy, "JSONAPI::Resources",
                                    "https://github.com/cerebris/jsonapi-resources",
                                    "JSONAPI::Resources, or \"JR\", provides a framework for "
                                    "developing a server."),
            "repo");
  EXPECT_EQ(class_after_first_party(policy, "Go resources", "https://github.com/o/go-resources",
                                    "A curated list of Go tools and resources."),
            "aggregator");
  const Policy shipped =
      parse_policy("policy.json", testing::read_text(testing::source_dir() / "policy/policy.json"));
  EXPECT_EQ(class_after_first_party(shipped, "JSONAPI::Resources",
                                    "https://github.com/cerebris/jsonapi-resources",
                                    "Provides a framework for developing a server."),
            "aggregator");
}

TEST(OwnSite, OffUnlessThePolicySaysSo) {
  const Policy policy =
      parse_policy("policy.json", testing::read_text(testing::source_dir() / "policy/policy.json"));
  EXPECT_EQ(class_after_first_party(policy, "starship", "https://starship.rs/"), "home page");
}

// In a list of papers, the GitHub Pages of whoever publishes the entry's
// code are the authors' pages (a paper's PDF on its project site); another
// user's pages, or a post on them, are not.
TEST(OwnSite, TheCodeOwnersPagesAreTheAuthorsOwn) {
  const Policy policy =
      parse_policy("policy.json", testing::read_text(testing::source_dir() / "policy/policy.json"));
  const std::string code = "https://github.com/AdaCache-DiT/AdaCache";
  EXPECT_EQ(
      class_after_first_party(policy, "AdaCache",
                              "https://adacache-dit.github.io/clarity/adacache_meta.pdf", "", code),
      "docs");
  EXPECT_EQ(
      class_after_first_party(policy, "AdaCache",
                              "https://someone.github.io/clarity/adacache_meta.pdf", "", code),
      "blog");
  EXPECT_EQ(class_after_first_party(policy, "AdaCache",
                                    "https://adacache-dit.github.io/posts/why-we-cache/", "", code),
            "blog");
}

TEST(OwnSite, ATitleThatNamesTheLinkIsAName) {
  const Policy policy = projects_policy();
  auto names = [&](const std::string& title, const std::string& url) {
    return title_names_link(*classify_url(policy, *parse_url(url)), title);
  };
  EXPECT_TRUE(names("Primer", "https://primer.style/"));
  EXPECT_TRUE(names("cheatsheet", "https://github.com/0b10/cheatsheet"));
  EXPECT_TRUE(names("AI Getting Started", "https://github.com/a16z-infra/ai-getting-started"));
  EXPECT_TRUE(names("Primer Components", "https://primer.style/components/"));
  EXPECT_FALSE(names("Official PyTorch Tutorials", "https://github.com/pytorch/tutorials"));
  EXPECT_FALSE(names("CUDA Primer", "https://primer.style/components/"));
  EXPECT_FALSE(names("Getting Started", "https://example.org/getting-started/"));
}

// `init` counts a project's own site as its documentation only for a list
// of projects: one that links projects by their sites and mostly links
// projects.
TEST(OwnSite, ListsOfProjectsAreCounted) {
  LoadResult loaded;
  load_markdown_text("README.md",
                     "# L\n\n## S\n\n- [starship](https://starship.rs/) - A prompt.\n"
                     "- [esp-rs](https://github.com/esp-rs) - Rust on ESP chips.\n"
                     "- [Primer](https://primer.style/) - A design system.\n"
                     "- [Notes](https://example.org/) - Someone's notes.\n",
                     loaded);
  const Policy policy =
      parse_policy("policy.json", testing::read_text(testing::source_dir() / "policy/policy.json"));
  const ProjectLinks links = project_links(loaded.list, policy);
  EXPECT_EQ(links.own_sites, 3U);
  EXPECT_EQ(links.repositories, 0U);
  EXPECT_EQ(links.entries, 4U);
  EXPECT_TRUE(links.of_projects());
  // A list of articles with two sites named like their entries.
  EXPECT_FALSE((ProjectLinks{.own_sites = 2, .repositories = 1, .entries = 20}).of_projects());
  // Mostly repositories, two sites: a list of projects.
  EXPECT_TRUE((ProjectLinks{.own_sites = 2, .repositories = 30, .entries = 40}).of_projects());
  // A list of services, a fifth of them by their sites.
  EXPECT_TRUE((ProjectLinks{.own_sites = 20, .repositories = 0, .entries = 100}).of_projects());
  EXPECT_FALSE((ProjectLinks{.own_sites = 1, .repositories = 40, .entries = 40}).of_projects());
}

}  // namespace
}  // namespace sg
