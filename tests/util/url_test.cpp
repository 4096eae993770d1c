#include "util/url.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

namespace sg {
namespace {

TEST(ParseUrl, KeepsWhatWasWrittenIncludingEmptyDelimiters) {
  const std::optional<Url> url = parse_url("HTTPS://u:p@Example.COM:8443/a/../b?#");
  ASSERT_TRUE(url);
  EXPECT_EQ(url->scheme, "https");
  EXPECT_EQ(url->userinfo, "u:p");
  EXPECT_EQ(url->host, "example.com");
  EXPECT_EQ(url->port, 8443);
  EXPECT_EQ(url->path, "/b");  // libcurl removes dot segments while parsing
  EXPECT_TRUE(url->has_query);
  EXPECT_TRUE(url->has_fragment);
  EXPECT_EQ(to_string(*url), "https://u:p@example.com:8443/b?#");
}

TEST(ParseUrl, KeepsOtherSchemesOpaque) {
  const std::optional<Url> url = parse_url("mailto:Someone@Example.com");
  ASSERT_TRUE(url);
  EXPECT_FALSE(url->is_web());
  EXPECT_EQ(to_string(*url), "mailto:Someone@Example.com");
}

TEST(ParseUrl, RejectsWhatCannotBeFollowed) {
  for (const char* bad :
       {"", "/relative", "example.com/x", "http://", "http:foo", "https://exa mple.com/",
        "https://example.com:99999/", "https://example.com:x/", "https://example.com:0/",
        "1http://x", "https://a\x7f.example/"}) {
    EXPECT_FALSE(parse_url(bad)) << bad;
  }
}

TEST(UrlMembers, HostNameSiteHostAndPort) {
  const Url v6 = *parse_url("http://[::1]:80/");
  EXPECT_EQ(v6.host_name(), "::1");
  EXPECT_EQ(v6.effective_port(), 80);
  const Url www = *parse_url("https://www.Example.com/");
  EXPECT_EQ(www.site_host(), "example.com");
  EXPECT_EQ(www.effective_port(), 443);
  EXPECT_EQ(parse_url("https://wwwexample.com/")->site_host(), "wwwexample.com");
}

// Step 1: RFC 3986 §6.2.2 and §6.2.3.
TEST(NormalizeUrl, SyntaxAndSchemeBasedEquivalence) {
  EXPECT_EQ(normalize_url("HTTPS://Example.COM:443/Path?Q=1#Frag"),
            "https://example.com/Path?Q=1#Frag");
  EXPECT_EQ(normalize_url("https://example.com"), "https://example.com/");
  EXPECT_EQ(normalize_url("http://example.com:80"), "http://example.com/");
  EXPECT_EQ(normalize_url("http://example.com:8080/x"), "http://example.com:8080/x");
  EXPECT_EQ(normalize_url("https://[2001:DB8::1]:443/"), "https://[2001:db8::1]/");
  EXPECT_EQ(normalize_url("https://user@Example.com/"), "https://user@example.com/");
  EXPECT_EQ(normalize_url("https://x.example/%7euser/a%2fb?q=%7e%3d#%41"),
            "https://x.example/~user/a%2Fb?q=~%3D#A");
  EXPECT_EQ(normalize_url("mailto:Someone@Example.com"), "mailto:Someone@Example.com");
}

// Where the checker's and the policy's old normalisers disagreed, the ladder
// decides once: normalise keeps what RFC 3986 keeps, canonicalise drops it.
TEST(NormalizeUrl, KeepsEmptyQueryAndFragmentThatCanonicaliseDrops) {
  EXPECT_EQ(normalize_url("https://example.com/?"), "https://example.com/?");
  EXPECT_EQ(normalize_url("https://example.com/#"), "https://example.com/#");
  const CanonicalRules rules;
  EXPECT_EQ(canonical_url("https://example.com/?", rules), "https://example.com/");
  EXPECT_EQ(canonical_url("https://example.com/#", rules), "https://example.com/");
  EXPECT_EQ(canonical_url("https://example.com", rules), "https://example.com/");
}

// Decoding "%2E" in a path could make a dot segment that the next parse
// removes: "/%2E%2E/b" would normalise to "/../b" and then to "/b".
TEST(NormalizeUrl, IsAFixedPointForEncodedDotsAndPercentSignsInTheHost) {
  EXPECT_EQ(normalize_url("https://x.example/%2e%2e/b"), "https://x.example/%2E%2E/b");
  EXPECT_EQ(normalize_url("https://x.example/%2E%2E/b"), "https://x.example/%2E%2E/b");
  // Found by fuzzing: decoding "%33" after a stray "%6" made a new escape.
  EXPECT_EQ(normalize_url("https://x.example/?a=%6%33"), "https://x.example/?a=%2563");
  EXPECT_EQ(normalize_url("https://x.example/?a=%2563"), "https://x.example/?a=%2563");
  EXPECT_FALSE(normalize_url("HTTPS://Ex%%%%%%%%%%443/a"));
  // Found by fuzzing: "%343" decodes to "43", which the next parse reads as
  // the address 0.0.0.43.
  EXPECT_EQ(normalize_url("https://%343/a"), "https://0.0.0.43/a");
  EXPECT_EQ(normalize_url("https://0.0.0.43/a"), "https://0.0.0.43/a");
  EXPECT_FALSE(normalize_url("http:///o\x9d\xffwww%7fbg.c/wc"));
  const auto decoded = normalize_url("https://ex%41mple.com/a");
  ASSERT_TRUE(decoded);
  EXPECT_EQ(*decoded, "https://example.com/a");
  EXPECT_EQ(normalize_url(*decoded), decoded);
}

// Step 2: the policy's form.
TEST(CanonicalUrl, HttpsTrackingParametersAndArxiv) {
  const CanonicalRules rules{.tracking_parameters = {"utm_*", "ref"},
                             .http_only_hosts = {"old.example"}};
  EXPECT_EQ(canonical_url("http://a.example/x", rules), "https://a.example/x");
  EXPECT_EQ(canonical_url("http://a.example:443/x", rules), "https://a.example/x");
  EXPECT_EQ(canonical_url("http://a.example:8080/x", rules), "https://a.example:8080/x");
  EXPECT_EQ(canonical_url("http://old.example/x", rules), "http://old.example/x");
  EXPECT_EQ(canonical_url("https://a.example/x?utm_source=l&id=3&ref=x&refs=2", rules),
            "https://a.example/x?id=3&refs=2");
  EXPECT_EQ(canonical_url("https://a.example/x?utm_source=l", rules), "https://a.example/x");
  for (const char* arxiv :
       {"https://arxiv.org/pdf/2205.14135", "https://arxiv.org/pdf/2205.14135v2.pdf",
        "http://www.arxiv.org/abs/2205.14135v1", "https://export.arxiv.org/html/2205.14135",
        "https://arxiv.org/abs/2205.14135/", "https://arxiv.org/abs/2205.14135",
        "https://arxiv.org/abs/2205.14135v12", "https://arxiv.org/abs/2205.14135?context=cs"}) {
    EXPECT_EQ(canonical_url(arxiv, rules), "https://arxiv.org/abs/2205.14135") << arxiv;
  }
  EXPECT_EQ(canonical_url("https://arxiv.org/abs/cs/0601001v3", rules),
            "https://arxiv.org/abs/cs/0601001");
  // An archive name with a "v" in it is no version.
  EXPECT_EQ(canonical_url("https://arxiv.org/abs/solv-int/9901001v2", rules),
            "https://arxiv.org/abs/solv-int/9901001");
  EXPECT_EQ(canonical_url("https://arxiv.org/abs/solv-int/9901001", rules),
            "https://arxiv.org/abs/solv-int/9901001");
  EXPECT_FALSE(canonical_url("ftp://a.example/x", rules));
  EXPECT_FALSE(canonical_url("not a url", rules));
}

// A link through a redirect wrapper is a link to the page it carries: the
// canonical form is that page, and so is the identity duplicates compare.
TEST(CanonicalUrl, ARedirectWrapperGivesWayToThePageItCarries) {
  CanonicalRules rules;
  rules.redirect_wrappers = {"google.com/url?q", "google.com/url?url", "l.facebook.com/l.php?u"};
  const std::string paper = "https://arxiv.org/abs/2205.14135";
  for (const char* wrapped :
       {"https://www.google.com/url?q=https%3A%2F%2Farxiv.org%2Fabs%2F2205.14135&sa=D",
        "https://www.google.com/url?sa=t&q=&url=https://arxiv.org/pdf/2205.14135v2.pdf",
        "https://l.facebook.com/l.php?u=https%3A%2F%2Farxiv.org%2Fabs%2F2205.14135&h=AT0",
        // A wrapper around a wrapper, and a path spelled with an escape.
        "https://www.google.com/%75rl?q=https%3A%2F%2Fl.facebook.com%2Fl.php%3Fu%3D"
        "https%253A%252F%252Farxiv.org%252Fabs%252F2205.14135"}) {
    EXPECT_EQ(canonical_url(wrapped, rules), paper) << wrapped;
    EXPECT_EQ(url_identity(wrapped, rules), url_identity(paper, rules)) << wrapped;
  }
  // Not a wrapper: another path, another host, no parameter, or a parameter
  // that holds no http(s) URL.
  for (const char* kept :
       {"https://www.google.com/search?q=https%3A%2F%2Farxiv.org",
        "https://google.example/url?q=https%3A%2F%2Farxiv.org%2F",
        "https://www.google.com/url?sa=t", "https://www.google.com/url?q=javascript%3Aalert(1)"}) {
    EXPECT_EQ(canonical_url(kept, rules), normalize_url(kept)) << kept;
  }
  // Four wrappers deep is unwrapped; five is a hostile chain, left as written.
  auto wrap = [](const std::string& url) {
    std::string escaped;
    for (const char c : url) {
      escaped += std::string_view(":/?=&%#").find(c) == std::string_view::npos
                     ? std::string(1, c)
                     : fmt::format("%{:02X}", static_cast<unsigned char>(c));
    }
    return "https://www.google.com/url?q=" + escaped;
  };
  std::string chain = paper;
  for (int depth = 0; depth < 4; ++depth) {
    chain = wrap(chain);
  }
  EXPECT_EQ(canonical_url(chain, rules), paper);
  chain = wrap(chain);
  EXPECT_FALSE(redirect_target(*parse_url(chain), rules.redirect_wrappers));
  EXPECT_EQ(canonical_url(chain, rules), normalize_url(chain));
  // The page's fragment, escaped inside the wrapper or on the wrapper itself,
  // is the page's: two sections of one page stay two entries.
  const std::string doc = "https://docs.example/guide";
  EXPECT_EQ(canonical_url(wrap(doc + "#install"), rules), doc + "#install");
  EXPECT_EQ(canonical_url(wrap(doc) + "#install", rules), doc + "#install");
  EXPECT_EQ(duplicate_key(wrap(doc + "#install"), rules), duplicate_key(doc + "#install", rules));
  EXPECT_NE(duplicate_key(wrap(doc + "#install"), rules),
            duplicate_key(wrap(doc + "#usage"), rules));
  EXPECT_TRUE(is_redirect_wrapper_form("google.com/url?q"));
  // Only the spelling a URL's site host is compared in could ever match.
  for (const char* malformed : {"google.com", "/url?q", "google.com/url?", "google.com/url?q=x",
                                "google.com?q/url", "www.google.com/url?q", "Google.com/url?q",
                                "google.com:443/url?q", "https://google.com/url?q"}) {
    EXPECT_FALSE(is_redirect_wrapper_form(malformed)) << malformed;
  }
}

// Step 3: one page, one key.
TEST(UrlIdentity, OneKeyForEverySpellingOfAPage) {
  const CanonicalRules rules{.tracking_parameters = {"utm_*"}, .http_only_hosts = {"old.example"}};
  const std::string key = url_identity("https://example.com/docs", rules);
  for (const char* spelling :
       {"http://example.com/docs", "https://www.example.com/docs/", "https://EXAMPLE.com:443/docs",
        "https://example.com/docs#intro", "https://example.com/docs?utm_medium=x",
        "https://example.com/./docs"}) {
    EXPECT_EQ(url_identity(spelling, rules), key) << spelling;
  }
  EXPECT_EQ(url_identity("http://old.example/a", rules),
            url_identity("https://old.example/a", rules));
  EXPECT_NE(url_identity("https://example.com/docs?id=1", rules), key);
  EXPECT_EQ(url_identity("not a url", rules), "not a url");
}

TEST(UrlIdentity, GithubOwnerAndRepositoryIgnoreCaseButNotTheirFiles) {
  const CanonicalRules rules;
  EXPECT_EQ(url_identity("https://github.com/ReactiveX/RxJS", rules),
            url_identity("https://github.com/reactivex/rxjs/", rules));
  EXPECT_EQ(url_identity("https://github.com/ReactiveX", rules),
            url_identity("https://github.com/reactivex", rules));
  EXPECT_NE(url_identity("https://github.com/o/r/blob/main/README.md", rules),
            url_identity("https://github.com/o/r/blob/main/readme.md", rules));
  EXPECT_NE(url_identity("https://gitlab.com/O/R", rules),
            url_identity("https://gitlab.com/o/r", rules));
}

// One video under its short link, mobile page or embed is one page; a
// playlist or a start time names more than the video.
TEST(UrlIdentity, AYoutubeVideoIsItsWatchPage) {
  CanonicalRules rules;
  rules.tracking_parameters = {"si"};
  const std::string key = url_identity("https://www.youtube.com/watch?v=lfiQNCNUifI", rules);
  for (const char* spelling :
       {"https://youtu.be/lfiQNCNUifI", "https://youtu.be/lfiQNCNUifI?si=VAA-eyg3KmjjZh3H",
        "https://m.youtube.com/watch?v=lfiQNCNUifI", "https://www.youtube.com/embed/lfiQNCNUifI"}) {
    EXPECT_EQ(url_identity(spelling, rules), key) << spelling;
  }
  EXPECT_NE(url_identity("https://youtu.be/lfiQNCNUifI?t=42", rules), key);
  EXPECT_NE(url_identity("https://www.youtube.com/watch?v=lfiQNCNUifI&list=PL1", rules), key);
  EXPECT_NE(url_identity("https://youtu.be/", rules), key);
}

TEST(IsTrackingParameter, PrefixOrExact) {
  const std::vector<std::string> patterns{"utm_*", "ref"};
  EXPECT_TRUE(is_tracking_parameter("utm_source", patterns));
  EXPECT_TRUE(is_tracking_parameter("ref", patterns));
  EXPECT_FALSE(is_tracking_parameter("refs", patterns));
  EXPECT_FALSE(is_tracking_parameter("utm", patterns));
}

TEST(WebUrlProblem, NamesWhyALinkCannotBeAnEntrysLink) {
  EXPECT_FALSE(web_url_problem("https://example.com/x"));
  EXPECT_EQ(web_url_problem("ftp://example.com/x"),
            "a ftp: URL, which no reader or checker can follow");
  EXPECT_EQ(web_url_problem("https://u:p@example.com/"),
            "a URL with credentials in it; never publish them");
  EXPECT_EQ(web_url_problem("https://www.google.com/url?q=https%3A%2F%2Fu%3Ap%40example.com%2F"),
            "a URL carrying another URL with credentials in it; never publish them");
  EXPECT_FALSE(web_url_problem("https://www.google.com/url?q=https%3A%2F%2Fexample.com%2Fa%40b"));
  EXPECT_EQ(web_url_problem("http:example.com"),
            "not an absolute URL (spaces, control characters or a missing host?)");
  EXPECT_TRUE(is_web_url("HTTP://a.example"));
  EXPECT_FALSE(is_web_url("ftp://a.example/"));
}

TEST(UrlText, FragmentHostOriginAndDecoding) {
  EXPECT_EQ(strip_fragment("https://a.example/x#y"), "https://a.example/x");
  EXPECT_EQ(url_fragment("https://a.example/x#y"), "y");
  EXPECT_EQ(url_fragment("https://a.example/x"), "");
  EXPECT_EQ(url_host("https://A.example:8443/x"), "a.example");
  EXPECT_EQ(url_host("http://[::1]:80/"), "::1");
  EXPECT_EQ(url_origin("https://a.example/x"), "https://a.example:443");
  EXPECT_EQ(url_origin("http://a.example:8080/"), "http://a.example:8080");
  EXPECT_NE(url_origin("http://a.example:443/"), url_origin("https://a.example/"));
  EXPECT_EQ(percent_decode("caf%C3%A9%20x%zz%4"), "caf\xC3\xA9 x%zz%4");
  EXPECT_EQ(redact_userinfo("https://u:p@a.example/x@y"), "https://REDACTED@a.example/x@y");
}

TEST(RedactUserinfo, ReachesAUrlThatAQueryParameterCarries) {
  // A redirect wrapper's page, escaped or written plainly, and wrapped twice.
  EXPECT_EQ(
      redact_userinfo("https://www.google.com/url?sa=t&q=https%3A%2F%2Fu%3Ap%40b.example%2Fx#f"),
      "https://www.google.com/url?sa=t&q=https%3A%2F%2FREDACTED%40b.example%2Fx#f");
  EXPECT_EQ(redact_userinfo("https://a.example/r?to=https://u:p@b.example/"),
            "https://a.example/r?to=https%3A%2F%2FREDACTED%40b.example%2F");
  EXPECT_EQ(
      redact_userinfo(
          "https://a.example/r?to=" +
          std::string(
              "https%3A%2F%2Fa.example%2Fr%3Fto%3Dhttps%253A%252F%252Fu%253Ap%2540c.example")),
      "https://a.example/"
      "r?to=https%3A%2F%2Fa.example%2Fr%3Fto%3Dhttps%253A%252F%252FREDACTED%2540c.example");
  // An address in a path or a parameter without a URL is no credential.
  EXPECT_EQ(redact_userinfo("https://a.example/r?mail=u%40b.example&to=https://b.example/@me"),
            "https://a.example/r?mail=u%40b.example&to=https://b.example/@me");
}

// Only a scheme at the start opens an authority: a "://" in a query or a
// fragment does not, so percent-encoding a redacted query cannot expose a
// fragment's '@' to the next pass (a fuzzer's find), and redacting twice
// changes nothing.
TEST(RedactUserinfo, OnlyASchemeAtTheStartOpensAnAuthority) {
  for (const std::string url : {"?=://?=://@#://@", "https://a.example/x#://u@b",
                                "https://a.example/r?to=https://u:p@b.example/#://v@c"}) {
    const std::string once = redact_userinfo(url);
    EXPECT_EQ(redact_userinfo(once), once) << url;
  }
  EXPECT_EQ(redact_userinfo("?=://?=://@#://@"), "?=://?=://@#://@");
  EXPECT_EQ(redact_userinfo("https://a.example/x#://u@b"), "https://a.example/x#://u@b");
  EXPECT_EQ(redact_userinfo(" https://u:p@a.example/"), " https://REDACTED@a.example/");
  EXPECT_EQ(redact_userinfo("svn+ssh://u:p@a.example/"), "svn+ssh://REDACTED@a.example/");
}

TEST(ResolveReference, Rfc3986Section5) {
  EXPECT_EQ(resolve_reference("https://a.example/b/c?d#e", "../x"), "https://a.example/x");
  EXPECT_EQ(resolve_reference("https://a.example/b/c?d#e", "//o.example/y"), "https://o.example/y");
  EXPECT_EQ(resolve_reference("https://a.example/b?q", ""), "https://a.example/b?q");
  EXPECT_EQ(resolve_reference("https://a.example/b?q", "#f"), "https://a.example/b?q#f");
  EXPECT_EQ(resolve_reference("https://a.example/b", "ftp://h/x"), "ftp://h/x");
}

}  // namespace
}  // namespace sg
