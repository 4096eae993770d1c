// The URL ladder: parsing, normalise (keys the fetch and the cache),
// canonicalise (the policy's form) and identity (duplicates). Each normal
// form must be a fixed point, or one page gets two keys. A parsed URL is also
// classified by the shipped policy's host rules and shapes.
#include "fuzz_input.h"
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
