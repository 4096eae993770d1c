#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "policy/policy.h"
#include "util/error.h"
#include "util/url.h"

namespace sg {
namespace {

/// A policy with `shapes` as its shapes on any host.
Policy with_shapes(const std::string& shapes) {
  return parse_policy("p.json",
                      R"({"classes": {"docs": {"primary": true, "kinds": ["docs"]}, "blog": {}},
    "url_shapes": {"on_any_host": {)" +
                          shapes + "}}}");
}

/// The class `policy` gives `url`.
std::string class_of(const Policy& policy, const std::string& url) {
  return classify_url(policy, *parse_url(url))->source_class->name;
}

std::string shape_of(const Policy& policy, const std::string& url) {
  const std::optional<Classification> classification = classify_url(policy, *parse_url(url));
  return classification && classification->shape != nullptr ? classification->shape->name : "";
}

// Several shapes may match one URL: the first in the policy decides, however
// the one pass over the URL finds them.
TEST(UrlShapes, TheFirstShapeInPolicyOrderDecides) {
  const std::string all = R"("all pages": {"pattern": "^a\\.example/", "class": "docs"})";
  const std::string x = R"("x pages": {"pattern": "^a\\.example/x", "class": "blog"})";
  const Policy all_first = with_shapes(all + ", " + x);
  EXPECT_EQ(shape_of(all_first, "https://a.example/x/1"), "all pages");
  EXPECT_EQ(shape_of(all_first, "https://a.example/y"), "all pages");
  EXPECT_EQ(shape_of(all_first, "https://b.example/x/1"), "");
  const Policy x_first = with_shapes(x + ", " + all);
  EXPECT_EQ(shape_of(x_first, "https://a.example/x/1"), "x pages");
  EXPECT_EQ(shape_of(x_first, "https://a.example/y"), "all pages");
}

// A weak shape gives way when the entry names the page or declares its kind:
// to the next shape of its table, else to the host rule, else to nothing.
TEST(UrlShapes, AShapeUnlessNamedGivesWayWhenTheTitleNamesThePage) {
  const Policy policy = parse_policy("p.json",
                                     R"({"classes": {"docs": {"primary": true, "kinds": ["docs"]},
    "blog": {}, "home page": {}},
    "hosts": [{"domain": "vendor.example", "class": "docs"}],
    "url_shapes": {"on_any_host": {
      "a landing page": {"pattern": "^[^/]+/[\\w-]+/?$", "class": "home page", "weak": true},
      "a tools page": {"pattern": "^[^/]+/tools/?$", "class": "blog"}}}})");
  auto decide = [&](const std::string& url, const std::string& title, bool kind_declared = false) {
    Classification classification = *classify_url(policy, *parse_url(url));
    apply_weak_shape(policy, title, kind_declared, classification);
    return std::pair{
        classification.shape != nullptr ? classification.shape->name : "",
        classification.source_class != nullptr ? classification.source_class->name : ""};
  };
  EXPECT_EQ(decide("https://a.example/kratos/", "Notes"),
            (std::pair<std::string, std::string>{"a landing page", "home page"}));
  EXPECT_EQ(decide("https://a.example/kratos/", "Kratos"),
            (std::pair<std::string, std::string>{"", ""}));
  EXPECT_EQ(decide("https://a.example/kratos/", "Notes", true),
            (std::pair<std::string, std::string>{"", ""}));
  EXPECT_EQ(decide("https://a.example/tools", "Tools"),
            (std::pair<std::string, std::string>{"a tools page", "blog"}));
  EXPECT_EQ(decide("https://vendor.example/kratos", "Kratos"),
            (std::pair<std::string, std::string>{"", "docs"}));
}

// A weak shape on any host, named, gives way to the unknown hosts' table
// where no host rule decides; a shape of another policy is none of these.
TEST(UrlShapes, AWeakShapeOnAnyHostGivesWayToTheUnknownHostsTable) {
  const Policy policy = parse_policy("p.json",
                                     R"({"classes": {"docs": {"primary": true, "kinds": ["docs"]},
    "blog": {}, "home page": {}},
    "url_shapes": {
      "on_any_host": {"a landing page": {"pattern": "^[^/]+/[\\w-]+/?$", "class": "home page",
                                         "weak": true}},
      "on_unknown_hosts": {"a docs host": {"pattern": "^docs\\.", "class": "docs"}}}})");
  Classification classification =
      *classify_url(policy, *parse_url("https://docs.a.example/kratos"));
  apply_weak_shape(policy, "Kratos", false, classification);
  ASSERT_NE(classification.shape, nullptr);
  EXPECT_EQ(classification.shape->name, "a docs host");
  EXPECT_EQ(classification.source_class->name, "docs");
  EXPECT_TRUE(policy.shapes_on_unknown_hosts.holds(classification.shape));
  EXPECT_FALSE(policy.shapes_on_any_host.holds(classification.shape));
  EXPECT_EQ(policy.shapes_on_any_host.first_match("docs.a.example/kratos", classification.shape),
            nullptr);
}

// A query that names one item makes the page that item, not the index its
// path names: the shape gives way to the next one.
TEST(UrlShapes, AQueryThatNamesAnItemTurnsAShapeAway) {
  const Policy policy = with_shapes(
      R"("a programme": {"pattern": "/Schedule$", "class": "blog",
                           "unless_query": "(?:^|&)showEvent=\\d+"},
         "any page": {"pattern": "^", "class": "docs"})");
  EXPECT_EQ(shape_of(policy, "https://conf.example/2022/Schedule"), "a programme");
  EXPECT_EQ(shape_of(policy, "https://conf.example/2022/Schedule?day=2"), "a programme");
  EXPECT_EQ(shape_of(policy, "https://conf.example/2022/Schedule?showEvent=54104"), "any page");
  EXPECT_EQ(shape_of(policy, "https://conf.example/2022/Schedule?day=2&showEvent=7"), "any page");
}

// Turned away on any host, a URL goes on to the unknown hosts' shapes, or,
// where a host rule decides, to the rule's class.
TEST(UrlShapes, AShapeTurnedAwayByItsQueryGivesWayToTheNextTableOrTheHostRule) {
  const Policy policy = parse_policy("p.json",
                                     R"({"classes": {"paper": {"primary": true, "kinds": ["paper"]},
    "blog": {}, "aggregator": {}},
    "hosts": [{"domain": "papers.example", "class": "paper"}],
    "url_shapes": {
      "on_any_host": {"a programme": {"pattern": "/Schedule$", "class": "aggregator",
                                      "unless_query": "(?:^|&)showEvent=\\d+"}},
      "on_unknown_hosts": {"any page": {"pattern": "^", "class": "blog"}}}})");
  const std::string event = "/2022/Schedule?showEvent=54104";
  EXPECT_EQ(shape_of(policy, "https://conf.example" + event), "any page");
  EXPECT_EQ(class_of(policy, "https://conf.example" + event), "blog");
  EXPECT_EQ(shape_of(policy, "https://papers.example" + event), "");
  EXPECT_EQ(class_of(policy, "https://papers.example" + event), "paper");
  EXPECT_EQ(class_of(policy, "https://papers.example/2022/Schedule"), "aggregator");
}

// An empty pattern, which matches any text, turns nothing away: only a query
// that is there names an item.
TEST(UrlShapes, AnEmptyQueryTurnsNoShapeAway) {
  const Policy policy = with_shapes(
      R"("a programme": {"pattern": "/Schedule$", "class": "blog", "unless_query": ""},
         "any page": {"pattern": "^", "class": "docs"})");
  EXPECT_EQ(shape_of(policy, "https://conf.example/2022/Schedule"), "a programme");
  EXPECT_EQ(shape_of(policy, "https://conf.example/2022/Schedule?"), "a programme");
  EXPECT_EQ(shape_of(policy, "https://conf.example/2022/Schedule?showEvent=1"), "any page");
}

TEST(UrlShapes, ABadQueryPatternIsRefusedAtItsPlace) {
  try {
    (void)with_shapes(R"("a programme": {"pattern": "/Schedule$", "class": "blog", )"
                      R"("unless_query": "(unclosed"})");
    FAIL() << "accepted a bad pattern";
  } catch (const InputError& error) {
    EXPECT_EQ(error.location().line, 2);
    EXPECT_EQ(error.location().column, 110);
    EXPECT_THAT(error.what(), ::testing::HasSubstr("missing )"));
  }
}

// A host's rule covers the hosts under it, a subdomain's own rule wins, and
// a name that merely ends like the host is another host.
TEST(HostRules, AHostsRuleCoversItsSubdomainsUnlessOneHasItsOwn) {
  const Policy policy =
      parse_policy("p.json",
                   R"({"classes": {"docs": {"primary": true, "kinds": ["docs"]}, "marketing": {},
                      "blog": {}},
    "hosts": [{"domain": "vendor.example", "class": "marketing"},
              {"domain": "vendor.example", "host": "docs.vendor.example", "class": "docs"},
              {"domain": "vendor.example", "host": "blog.docs.vendor.example", "class": "blog"},
              {"domain": "vendor.example", "path": "/docs/", "class": "docs"}]})");
  EXPECT_EQ(class_of(policy, "https://docs.vendor.example/guide"), "docs");
  EXPECT_EQ(class_of(policy, "https://instinct.docs.vendor.example/guide"), "docs");
  EXPECT_EQ(class_of(policy, "https://blog.docs.vendor.example/post"), "blog");
  EXPECT_EQ(class_of(policy, "https://a.blog.docs.vendor.example/post"), "blog");
  EXPECT_EQ(class_of(policy, "https://mydocs.vendor.example/guide"), "marketing");
  EXPECT_EQ(class_of(policy, "https://www.vendor.example/product"), "marketing");
  EXPECT_EQ(class_of(policy, "https://mydocs.vendor.example/docs/guide"), "docs");
}

// A host rule's path prefix matches a forge's owner in any case, as GitHub
// does; elsewhere a path is case-sensitive.
TEST(HostRules, AForgePathPrefixMatchesInAnyCase) {
  const Policy policy =
      parse_policy("p.json",
                   R"({"classes": {"repo": {"primary": true, "kinds": ["repo"]}, "aggregator": {}},
    "hosts": [{"domain": "github.com", "class": "repo"},
              {"domain": "github.com", "path": "/MirrorOrg/", "class": "aggregator"},
              {"domain": "example.org", "class": "repo"},
              {"domain": "example.org", "path": "/Mirror/", "class": "aggregator"}]})");
  EXPECT_EQ(class_of(policy, "https://github.com/MirrorOrg/tool"), "aggregator");
  EXPECT_EQ(class_of(policy, "https://github.com/mirrororg/tool"), "aggregator");
  EXPECT_EQ(class_of(policy, "https://github.com/other/tool"), "repo");
  EXPECT_EQ(class_of(policy, "https://example.org/Mirror/page"), "aggregator");
  EXPECT_EQ(class_of(policy, "https://example.org/mirror/page"), "repo");
}

}  // namespace
}  // namespace sg
