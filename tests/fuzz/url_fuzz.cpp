// The URL helpers: parsing, the link checker's normaliser (keys the fetch and
// the cache), the policy's canonical form and the duplicate identity. Each
// normal form must be a fixed point, or one page gets two keys.
#include "fuzz_input.h"
#include "links/url.h"
#include "rules/url_canon.h"
#include "util/url.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [url, base] = sg::fuzz::split_two(sg::fuzz::as_text(data, size));
  (void)sg::parse_url(url);
  (void)sg::web_url_problem(url);
  (void)sg::resolve_reference(base, url);
  (void)sg::links::url_origin(url);
  (void)sg::links::percent_decode(url);

  if (auto parts = sg::links::parse_url(url)) {
    (void)sg::links::to_string(*parts);
  }
  if (auto normal = sg::links::normalize_url(url)) {
    sg::fuzz::require(sg::links::normalize_url(*normal) == *normal);
  }
  static const std::vector<std::string> tracking{"utm_*", "fbclid", "ref"};
  static const std::vector<std::string> http_only{"example.org"};
  if (auto canonical = sg::canonical_url(url, tracking, http_only)) {
    sg::fuzz::require(sg::canonical_url(*canonical, tracking, http_only) == *canonical);
    (void)sg::url_identity(*canonical, tracking);
  }
  return 0;
}
