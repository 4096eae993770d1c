#include "links/url.h"

#include <gtest/gtest.h>

namespace sg::links {
namespace {

TEST(NormalizeUrl, LowersSchemeAndHostDropsDefaultPort) {
  EXPECT_EQ(normalize_url("HTTPS://Example.COM:443/Path?Q=1#Frag"),
            "https://example.com/Path?Q=1#Frag");
  EXPECT_EQ(normalize_url("http://example.com:80"), "http://example.com/");
  EXPECT_EQ(normalize_url("http://example.com:8080/x"), "http://example.com:8080/x");
  EXPECT_EQ(normalize_url("https://[2001:DB8::1]:443/"), "https://[2001:db8::1]/");
  EXPECT_EQ(normalize_url("https://user@Example.com/"), "https://user@example.com/");
  EXPECT_EQ(normalize_url("https://example.com/?"), "https://example.com/?");
  EXPECT_EQ(normalize_url("mailto:Someone@Example.com"), "mailto:Someone@Example.com");
}

TEST(NormalizeUrl, RejectsWhatCannotBeChecked) {
  for (const char* bad :
       {"", "/relative", "example.com/x", "http://", "http:foo", "https://exa mple.com/",
        "https://example.com:99999/", "https://example.com:x/", "1http://x"}) {
    EXPECT_FALSE(normalize_url(bad)) << bad;
  }
}

// Found by fuzzing: a host with "%" left after libcurl's decoding normalised
// to one spelling, and that spelling to another.
TEST(NormalizeUrl, IsAFixedPointEvenForPercentSignsInTheHost) {
  EXPECT_FALSE(normalize_url("HTTPS://Ex%%%%%%%%%%443/a"));
  const auto decoded = normalize_url("https://ex%41mple.com/a");
  ASSERT_TRUE(decoded);
  EXPECT_EQ(*decoded, "https://example.com/a");
  EXPECT_EQ(normalize_url(*decoded), decoded);
}

TEST(UrlParts, FragmentAndHostHelpers) {
  EXPECT_EQ(strip_fragment("https://a.example/x#y"), "https://a.example/x");
  EXPECT_EQ(url_fragment("https://a.example/x#y"), "y");
  EXPECT_EQ(url_fragment("https://a.example/x"), "");
  EXPECT_EQ(url_host("https://A.example:8443/x"), "a.example");
  EXPECT_EQ(url_host("http://[::1]:80/"), "::1");
  EXPECT_EQ(url_origin("https://a.example/x"), "https://a.example:443");
  EXPECT_EQ(url_origin("http://a.example:8080/"), "http://a.example:8080");
  EXPECT_NE(url_origin("http://a.example:443/"), url_origin("https://a.example/"));
  EXPECT_TRUE(is_web_url("HTTP://a.example"));
  EXPECT_FALSE(is_web_url("ftp://a.example/"));
  EXPECT_EQ(percent_decode("caf%C3%A9%20x%zz%4"), "caf\xC3\xA9 x%zz%4");
}

}  // namespace
}  // namespace sg::links
