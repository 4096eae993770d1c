#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sg {

/// An absolute URL split per RFC 3986. http(s) URLs are split by libcurl's
/// URL parser, the one that fetches them; any other scheme keeps everything
/// after "scheme:" in `path`, since nothing ever fetches it.
struct Url {
  std::string scheme;    ///< lower-cased
  std::string userinfo;  ///< "user[:password]", without the '@'
  std::string host;      ///< lower-cased; IPv6 literals keep their brackets
  int port = 0;          ///< 0 when the URL names none
  std::string path;
  std::string query;          ///< without the '?'; see has_query
  std::string fragment;       ///< without the '#'; see has_fragment
  bool has_query = false;     ///< an empty "?" is part of what was written
  bool has_fragment = false;  ///< so is an empty "#"

  /// An http or https URL: the only kind a list entry may link.
  [[nodiscard]] bool is_web() const;
  /// The host without IPv6 brackets: the key for per-host limits.
  [[nodiscard]] std::string host_name() const;
  /// The host without a leading "www.": policy host rules and duplicate
  /// identity treat "www.example.com" and "example.com" as one site.
  [[nodiscard]] std::string_view site_host() const;
  /// The port, or the scheme's default when the URL names none (0 if none).
  [[nodiscard]] int effective_port() const;
};

/// Splits an absolute URL ("scheme:…"). nullopt for relative references,
/// whitespace or control characters, an http(s) URL without "//host", a bad
/// port, or a host libcurl rejects.
std::optional<Url> parse_url(std::string_view text);

/// The URL written back: `scheme://[userinfo@]host[:port]path[?query][#fragment]`,
/// keeping an empty "?" or "#" that was written.
std::string to_string(const Url& url);

// The ladder. Each step builds on the one before it and is a fixed point:
//   normalise    — the same resource under RFC 3986's equivalence; keys the
//                  fetch and the cache ("https://host" == "https://host/").
//   canonicalise — the URL a list should link, by policy: https, no tracking
//                  parameters, the arXiv abstract page.
//   identity     — the key under which two links are one page (duplicates):
//                  no fragment, no "www.", no trailing slash.

/// Step 1, RFC 3986 §6.2.2 and §6.2.3: scheme and host lower-cased, dot
/// segments removed (libcurl does this while parsing), percent-encodings of
/// unreserved characters decoded and the others' hex digits upper-cased, the
/// scheme's default port dropped, an empty http(s) path made "/". Empty "?"
/// and "#" are kept: §6.2.3 does not license dropping them.
Url normalize(Url url);
/// parse_url, then normalize, written back; nullopt when `text` does not parse.
std::optional<std::string> normalize_url(std::string_view text);

/// What canonicalise takes from the policy.
struct CanonicalRules {
  /// Query parameter names to drop: exact, or a prefix ending in '*' ("utm_*").
  std::vector<std::string> tracking_parameters;
  /// Hosts that serve no https, so their links stay http.
  std::vector<std::string> http_only_hosts;
  /// Which forms a list asks for ("canonical.https", "canonical.arxiv_abstract"):
  /// https where the host is not http-only, arXiv's abstract page.
  bool https = true;
  bool arxiv_abstract = true;
  /// Redirect wrappers, written "host/path?parameter" ("google.com/url?q"): a
  /// link through one is a link to the URL that parameter carries.
  std::vector<std::string> redirect_wrappers{};
};

/// Whether `wrapper` is written "host/path?parameter", as redirect_wrappers are.
bool is_redirect_wrapper_form(std::string_view wrapper);
/// The http(s) URL that a redirect wrapper of `wrappers` carries, unwrapped
/// through up to four wrappers; nullopt when `url` is no wrapper, carries no
/// http(s) URL, or wraps deeper than that (a chain that long is hostile, and
/// is left as written).
std::optional<Url> redirect_target(const Url& url, const std::vector<std::string>& wrappers);

/// Step 2, on a normalised web URL: the URL a redirect wrapper carries in
/// place of the wrapper, https unless the host is http-only, tracking
/// parameters dropped, an empty "?" or "#" dropped, and any arXiv
/// PDF, HTML or versioned form made the abstract page (`arxiv.org/abs/ID`);
/// the first and the last only where `rules` ask for them.
Url canonicalize(Url url, const CanonicalRules& rules);
/// Steps 1 and 2 on text; nullopt when `text` is not an http(s) URL.
std::optional<std::string> canonical_url(std::string_view text, const CanonicalRules& rules);

/// Step 3: the canonical URL without fragment, "www." or trailing slashes,
/// in https and with arXiv's abstract page whatever forms `rules` ask for.
/// Text that is not an http(s) URL is its own identity.
std::string url_identity(std::string_view text, const CanonicalRules& rules);
/// Step 3 on `text` already parsed: `parsed` is parse_url(text), or null when
/// that is nullopt (an entry's URLs are parsed once, when it is loaded).
std::string url_identity(std::string_view text, const Url* parsed, const CanonicalRules& rules);

/// What entry/duplicate-url compares: the identity, and the fragment as
/// written (two sections of one page are two entries).
std::string duplicate_key(std::string_view text, const CanonicalRules& rules);
/// The same for `text` already parsed (`parsed` as for url_identity).
std::string duplicate_key(std::string_view text, const Url* parsed, const CanonicalRules& rules);

/// True when `name` matches a tracking-parameter pattern (`utm_*` or exact).
bool is_tracking_parameter(std::string_view name, const std::vector<std::string>& patterns);

/// True for absolute http:// and https:// URLs that parse.
bool is_web_url(std::string_view text);

/// True for a link target a list left for later: "[标题]()", "[[code](-)]".
bool is_placeholder_target(std::string_view text);

/// Why `text` cannot be an entry's link, or nullopt when it is an absolute
/// http(s) URL that parses.
std::optional<std::string> web_url_problem(std::string_view text);
/// The same for `text` already parsed (`parsed` as for url_identity).
std::optional<std::string> web_url_problem(std::string_view text, const Url* parsed);

/// The host key for per-host limits (Url::host_name), empty when `text`
/// does not parse.
std::string url_host(std::string_view text);

/// "scheme://host:port" with the scheme's default port filled in: a
/// credential goes only to the origin it belongs to, never to the same host
/// over another scheme or port. Empty when `text` does not parse.
std::string url_origin(std::string_view text);

/// The URL that is fetched: the URL without its fragment.
std::string_view strip_fragment(std::string_view url);
/// The fragment without '#', empty when absent.
std::string_view url_fragment(std::string_view url);

/// Percent-decodes text (a fragment, to compare with HTML ids); invalid
/// escapes are kept as they are.
std::string percent_decode(std::string_view text);

/// `reference` (a Location header: absolute, relative, "../x", "//host/x")
/// resolved against the absolute `base` per RFC 3986 §5, by libcurl's URL
/// API. Any scheme is kept, so that a caller can refuse it; nullopt when
/// the result is not a URL.
std::optional<std::string> resolve_reference(std::string_view base, std::string_view reference);

/// The URL with any "user:password@" replaced by "REDACTED@", so credentials
/// written into a list are neither sent anywhere nor printed in a report:
/// in its authority, and in a URL a query parameter carries (a redirect
/// wrapper's page), up to four URLs deep.
std::string redact_userinfo(std::string_view url);

}  // namespace sg
