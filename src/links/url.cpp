#include "links/url.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "util/text.h"
#include "util/url.h"

namespace sg::links {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

int default_port(std::string_view scheme) {
  if (scheme == "http") {
    return 80;
  }
  if (scheme == "https") {
    return 443;
  }
  return 0;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  c = lower(c);
  if (c >= 'a' && c <= 'f') {
    return c - 'a' + 10;
  }
  return -1;
}

}  // namespace

std::optional<UrlParts> parse_url(std::string_view url) {
  for (char c : url) {
    auto byte = static_cast<unsigned char>(c);
    if (byte <= 0x20 || byte == 0x7f) {
      return std::nullopt;
    }
  }
  const auto colon = url.find(':');
  if (colon == std::string_view::npos || colon == 0) {
    return std::nullopt;
  }
  UrlParts parts;
  parts.scheme = to_lower(url.substr(0, colon));
  if (parts.scheme != "http" && parts.scheme != "https") {
    // Never fetched: the scheme is all a caller needs ("mailto:", "ftp:").
    if (!std::isalpha(static_cast<unsigned char>(parts.scheme[0])) ||
        !std::all_of(parts.scheme.begin(), parts.scheme.end(), [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
        })) {
      return std::nullopt;
    }
    parts.path = std::string(url.substr(colon + 1));
    return parts;
  }
  // Web URLs go through libcurl's parser, the one that will fetch them.
  if (!url.substr(colon + 1).starts_with("//")) {
    return std::nullopt;  // "http:foo" has no host: not a link we can check.
  }
  const std::optional<sg::Url> parsed = sg::parse_url(url);
  if (!parsed) {
    return std::nullopt;
  }
  parts.userinfo = parsed->userinfo;
  parts.host = parsed->host;
  if (!parsed->port.empty()) {
    int value = 0;
    const std::string& port = parsed->port;
    auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (error != std::errc() || end != port.data() + port.size() || value <= 0 || value > 65535) {
      return std::nullopt;
    }
    parts.port = value == default_port(parts.scheme) ? 0 : value;
  }
  parts.path = parsed->path.empty() ? "/" : parsed->path;
  parts.query = parsed->query;
  // libcurl drops an empty "?" or "#"; they are part of what was written.
  const std::string_view before_fragment = url.substr(0, url.find('#'));
  parts.has_query = before_fragment.find('?') != std::string_view::npos;
  parts.fragment = parsed->fragment;
  parts.has_fragment = url.find('#') != std::string_view::npos;
  return parts;
}

std::string to_string(const UrlParts& parts, bool with_fragment) {
  std::string out = parts.scheme + ":";
  if (!parts.host.empty() || parts.scheme == "http" || parts.scheme == "https") {
    out += "//";
    if (!parts.userinfo.empty()) {
      out += parts.userinfo + "@";
    }
    out += parts.host;
    if (parts.port != 0) {
      out += ":" + std::to_string(parts.port);
    }
  }
  out += parts.path;
  if (parts.has_query) {
    out += "?" + parts.query;
  }
  if (with_fragment && parts.has_fragment) {
    out += "#" + parts.fragment;
  }
  return out;
}

std::optional<std::string> normalize_url(std::string_view url) {
  auto parts = parse_url(url);
  if (!parts) {
    return std::nullopt;
  }
  return to_string(*parts);
}

std::string_view strip_fragment(std::string_view url) {
  auto hash = url.find('#');
  return hash == std::string_view::npos ? url : url.substr(0, hash);
}

std::string_view url_fragment(std::string_view url) {
  auto hash = url.find('#');
  return hash == std::string_view::npos ? std::string_view() : url.substr(hash + 1);
}

bool is_web_url(std::string_view url) {
  auto parts = parse_url(url);
  return parts && (parts->scheme == "http" || parts->scheme == "https") && !parts->host.empty();
}

std::string url_host(std::string_view url) {
  auto parts = parse_url(url);
  if (!parts) {
    return {};
  }
  std::string host = parts->host;
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  return host;
}

std::string url_origin(std::string_view url) {
  auto parts = parse_url(url);
  if (!parts) {
    return {};
  }
  int port = parts->port != 0 ? parts->port : default_port(parts->scheme);
  return parts->scheme + "://" + parts->host + ":" + std::to_string(port);
}

std::string percent_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {
      int high = hex_value(text[i + 1]);
      int low = hex_value(text[i + 2]);
      if (high >= 0 && low >= 0) {
        out += static_cast<char>(high * 16 + low);
        i += 2;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

}  // namespace sg::links
