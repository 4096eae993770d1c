#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sg {

/// An absolute URL split by libcurl's URL parser. Host and scheme are
/// lower-cased; nothing is decoded.
struct Url {
  std::string scheme;
  /// "user[:password]", empty when the URL names none.
  std::string userinfo;
  std::string host;
  /// Empty when the URL names none.
  std::string port;
  std::string path;
  std::string query;
  std::string fragment;
};

/// Parses an absolute URL with any scheme; nullopt when libcurl rejects it
/// (relative references, spaces, bad ports, malformed hosts).
std::optional<Url> parse_url(std::string_view text);

/// `reference` (a Location header: absolute, relative, "../x", "//host/x")
/// resolved against the absolute `base` per RFC 3986 §5, by libcurl's URL
/// API. Any scheme is kept, so that a caller can refuse it; nullopt when
/// the result is not a URL.
std::optional<std::string> resolve_reference(std::string_view base, std::string_view reference);

/// Why `text` cannot be an entry's link, or nullopt when it is an absolute
/// http(s) URL that libcurl accepts.
std::optional<std::string> web_url_problem(std::string_view text);

/// The URL with any "user:password@" replaced by "REDACTED@", so credentials
/// written into a list are neither sent anywhere nor printed in a report.
std::string redact_userinfo(std::string_view url);

/// The URL written back, `scheme://host[:port]path[?query][#fragment]`.
std::string to_string(const Url& url);

}  // namespace sg
