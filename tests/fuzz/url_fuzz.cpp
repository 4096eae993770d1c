// The URL ladder: parsing, normalise (keys the fetch and the cache),
// canonicalise (the policy's form) and identity (duplicates). Each normal
// form must be a fixed point, or one page gets two keys. A parsed URL is also
// classified by the shipped policy's host rules and shapes, and judged for a
// first party with the second string as the entry's title and description
// (a list of projects: own sites counted).
#include "fuzz_input.h"
#include "policy/list_conventions.h"
#include "policy/policy.h"
#include "sourcegate/shipped_policy.h"
#include "util/github_url.h"
#include "util/url.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [url, base] = sg::fuzz::split_two(sg::fuzz::as_text(data, size));
  (void)sg::parse_url(url);
  (void)sg::web_url_problem(url);
  (void)sg::resolve_reference(base, url);
  (void)sg::url_origin(url);
  (void)sg::percent_decode(url);
  (void)sg::github_repo_of(url);
  // Redacting twice changes nothing: what is left names no credential.
  const std::string redacted = sg::redact_userinfo(url);
  sg::fuzz::require(sg::redact_userinfo(redacted) == redacted);

  // Each rung of the ladder is a fixed point, and the next rung up does not
  // care which spelling of the one below it was given.
  if (auto parsed = sg::parse_url(url)) {
    (void)sg::to_string(*parsed);
    // Hostile hosts and paths against the shipped host rules and URL shapes.
    static const sg::Policy shipped = sg::parse_policy("policy.json", sg::k_shipped_policy);
    (void)sg::classify_url(shipped, *parsed);
    static const sg::Policy projects = [] {
      sg::Policy policy = shipped;
      policy.own_site_classes = sg::k_own_site_classes;
      return policy;
    }();
    if (std::optional<sg::Classification> classification = sg::classify_url(projects, *parsed)) {
      (void)sg::title_is_repository_path(*classification, base);
      sg::apply_first_party(projects, base, base, {}, *classification);
    }
  }
  if (auto normal = sg::normalize_url(url)) {
    sg::fuzz::require(sg::normalize_url(*normal) == *normal);
  }
  static const sg::CanonicalRules rules{.tracking_parameters = {"utm_*", "fbclid", "ref"},
                                        .http_only_hosts = {"example.org"},
                                        .redirect_wrappers = {"google.com/url?q"}};
  if (auto canonical = sg::canonical_url(url, rules)) {
    sg::fuzz::require(sg::canonical_url(*canonical, rules) == *canonical);
    sg::fuzz::require(sg::url_identity(*canonical, rules) == sg::url_identity(url, rules));
  }
  return 0;
}
