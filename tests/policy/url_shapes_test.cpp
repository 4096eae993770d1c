#include <gtest/gtest.h>

#include <string>

#include "policy/policy.h"
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

}  // namespace
}  // namespace sg
