#include "util/url.h"

#include <curl/curl.h>

#include <algorithm>
#include <memory>

#include "util/text.h"

namespace sg {
namespace {

struct UrlHandleDeleter {
  void operator()(CURLU* handle) const { curl_url_cleanup(handle); }
};

std::string part(CURLU* handle, CURLUPart which) {
  char* value = nullptr;
  if (curl_url_get(handle, which, &value, 0) != CURLUE_OK || value == nullptr) {
    return {};
  }
  std::string text(value);
  curl_free(value);
  return text;
}

}  // namespace

std::optional<Url> parse_url(std::string_view text) {
  // libcurl wants a C string; a URL with an embedded NUL is not a URL.
  if (text.find('\0') != std::string_view::npos) {
    return std::nullopt;
  }
  std::unique_ptr<CURLU, UrlHandleDeleter> handle(curl_url());
  if (!handle) {
    return std::nullopt;
  }
  const std::string input(text);
  if (curl_url_set(handle.get(), CURLUPART_URL, input.c_str(), CURLU_NON_SUPPORT_SCHEME) !=
      CURLUE_OK) {
    return std::nullopt;
  }
  Url url;
  url.scheme = to_lower(part(handle.get(), CURLUPART_SCHEME));
  url.userinfo = part(handle.get(), CURLUPART_USER);
  if (std::string password = part(handle.get(), CURLUPART_PASSWORD); !password.empty()) {
    url.userinfo += ":" + password;
  }
  url.host = to_lower(part(handle.get(), CURLUPART_HOST));
  url.port = part(handle.get(), CURLUPART_PORT);
  url.path = part(handle.get(), CURLUPART_PATH);
  url.query = part(handle.get(), CURLUPART_QUERY);
  url.fragment = part(handle.get(), CURLUPART_FRAGMENT);
  if (url.scheme.empty() || url.host.empty()) {
    return std::nullopt;
  }
  // libcurl percent-decodes a host once; a "%" still in it would be decoded
  // again by the next parse, so one page would get two spellings (found by
  // fuzzing: "Ex%%%%%%%%%%443"). No registered name holds one.
  if (url.host.find('%') != std::string::npos) {
    return std::nullopt;
  }
  return url;
}

std::optional<std::string> resolve_reference(std::string_view base, std::string_view reference) {
  if (base.find('\0') != std::string_view::npos || reference.find('\0') != std::string_view::npos) {
    return std::nullopt;
  }
  // RFC 3986 §5.2.2: an empty reference is the base; a fragment-only one is
  // the base with that fragment. libcurl 7.88 resolves both as "./".
  if (reference.empty() || reference.starts_with('#')) {
    std::optional<Url> url = parse_url(base);
    if (!url) {
      return std::nullopt;
    }
    url->fragment = reference.empty() ? url->fragment : std::string(reference.substr(1));
    return to_string(*url);
  }
  std::unique_ptr<CURLU, UrlHandleDeleter> handle(curl_url());
  if (!handle) {
    return std::nullopt;
  }
  const std::string base_text(base);
  const std::string reference_text(reference);
  if (curl_url_set(handle.get(), CURLUPART_URL, base_text.c_str(), CURLU_NON_SUPPORT_SCHEME) !=
          CURLUE_OK ||
      curl_url_set(handle.get(), CURLUPART_URL, reference_text.c_str(), CURLU_NON_SUPPORT_SCHEME) !=
          CURLUE_OK) {
    return std::nullopt;
  }
  std::string resolved = part(handle.get(), CURLUPART_URL);
  if (resolved.empty()) {
    return std::nullopt;
  }
  return resolved;
}

std::optional<std::string> web_url_problem(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon != std::string_view::npos && colon > 0 && colon < 20) {
    const std::string scheme = to_lower(std::string(text.substr(0, colon)));
    if (std::all_of(scheme.begin(), scheme.end(),
                    [](unsigned char c) { return std::isalnum(c); }) &&
        scheme != "http" && scheme != "https") {
      return "a " + scheme + ": URL, which no reader or checker can follow";
    }
  }
  const std::optional<Url> url = parse_url(text);
  if (!url) {
    return std::string("not an absolute URL (spaces, control characters or a missing host?)");
  }
  if (!url->userinfo.empty()) {
    return std::string("a URL with credentials in it; never publish them");
  }
  return std::nullopt;
}

std::string redact_userinfo(std::string_view url) {
  const std::size_t scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) {
    return std::string(url);
  }
  const std::size_t start = scheme_end + 3;
  const std::size_t authority_end = url.find_first_of("/?#", start);
  const std::size_t at = url.substr(0, authority_end).rfind('@');
  if (at == std::string_view::npos || at < start) {
    return std::string(url);
  }
  return std::string(url.substr(0, start)) + "REDACTED" + std::string(url.substr(at));
}

std::string to_string(const Url& url) {
  std::string text = url.scheme + "://";
  if (!url.userinfo.empty()) {
    text += url.userinfo + "@";
  }
  text += url.host;
  if (!url.port.empty()) {
    text += ":" + url.port;
  }
  text += url.path;
  if (!url.query.empty()) {
    text += "?" + url.query;
  }
  if (!url.fragment.empty()) {
    text += "#" + url.fragment;
  }
  return text;
}

}  // namespace sg
