#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sg::links {

/// The parts of an absolute URL, split per RFC 3986 without decoding.
struct UrlParts {
  std::string scheme;    ///< lower-cased
  std::string userinfo;  ///< without the '@'
  std::string host;      ///< lower-cased; IPv6 literals keep their brackets
  int port = 0;          ///< 0 when absent or equal to the scheme's default
  std::string path;      ///< "/" when empty, for http and https
  std::string query;     ///< without the '?'; see has_query
  std::string fragment;  ///< without the '#'; see has_fragment
  bool has_query = false;
  bool has_fragment = false;
};

/// Splits an absolute URL ("scheme:..."): http(s) URLs with libcurl's URL
/// parser (sg::parse_url), other schemes into scheme and the rest. nullopt for
/// relative references, whitespace or control characters, and bad ports.
std::optional<UrlParts> parse_url(std::string_view url);

/// The light normalisation used to decide that two spellings are one link:
/// lower-case scheme and host, the default port dropped, an empty http(s)
/// path made "/". Nothing is decoded or re-encoded. Keeps the fragment.
std::string to_string(const UrlParts& parts, bool with_fragment = true);
std::optional<std::string> normalize_url(std::string_view url);

/// The URL that is fetched: the URL without its fragment.
std::string_view strip_fragment(std::string_view url);
/// The fragment without '#', empty when absent.
std::string_view url_fragment(std::string_view url);

/// True for absolute http:// and https:// URLs (case-insensitive scheme).
bool is_web_url(std::string_view url);

/// The host key for per-host limits: the lower-cased host without brackets,
/// empty when the URL does not parse.
std::string url_host(std::string_view url);

/// "scheme://host:port" with the scheme's default port filled in: a
/// credential goes only to the origin it belongs to, never to the same host
/// over another scheme or port.
std::string url_origin(std::string_view url);

/// Percent-decodes a fragment for comparison with HTML ids; invalid escapes
/// are kept as they are.
std::string percent_decode(std::string_view text);

}  // namespace sg::links
