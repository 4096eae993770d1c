#include "links/url.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace sg::links {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

std::string to_lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), lower);
  return out;
}

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
  auto colon = url.find(':');
  if (colon == std::string_view::npos || colon == 0) {
    return std::nullopt;
  }
  auto scheme = url.substr(0, colon);
  if (!std::isalpha(static_cast<unsigned char>(scheme[0])) ||
      !std::all_of(scheme.begin(), scheme.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
      })) {
    return std::nullopt;
  }
  UrlParts parts;
  parts.scheme = to_lower(scheme);
  auto rest = url.substr(colon + 1);

  auto hash = rest.find('#');
  if (hash != std::string_view::npos) {
    parts.has_fragment = true;
    parts.fragment = std::string(rest.substr(hash + 1));
    rest = rest.substr(0, hash);
  }
  auto question = rest.find('?');
  if (question != std::string_view::npos) {
    parts.has_query = true;
    parts.query = std::string(rest.substr(question + 1));
    rest = rest.substr(0, question);
  }
  if (rest.starts_with("//")) {
    rest.remove_prefix(2);
    auto slash = rest.find('/');
    auto authority = rest.substr(0, slash);
    parts.path = slash == std::string_view::npos ? std::string() : std::string(rest.substr(slash));
    auto at = authority.rfind('@');
    if (at != std::string_view::npos) {
      parts.userinfo = std::string(authority.substr(0, at));
      authority = authority.substr(at + 1);
    }
    std::string_view host = authority;
    std::string_view port;
    if (authority.starts_with('[')) {
      auto close = authority.find(']');
      if (close == std::string_view::npos) {
        return std::nullopt;
      }
      host = authority.substr(0, close + 1);
      auto after = authority.substr(close + 1);
      if (!after.empty()) {
        if (after[0] != ':') {
          return std::nullopt;
        }
        port = after.substr(1);
      }
    } else {
      auto port_colon = authority.rfind(':');
      if (port_colon != std::string_view::npos) {
        host = authority.substr(0, port_colon);
        port = authority.substr(port_colon + 1);
      }
    }
    parts.host = to_lower(host);
    if (!port.empty()) {
      int value = 0;
      auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), value);
      if (error != std::errc() || end != port.data() + port.size() || value <= 0 || value > 65535) {
        return std::nullopt;
      }
      parts.port = value == default_port(parts.scheme) ? 0 : value;
    }
    if (parts.scheme == "http" || parts.scheme == "https") {
      if (parts.host.empty()) {
        return std::nullopt;
      }
      if (parts.path.empty()) {
        parts.path = "/";
      }
    }
  } else {
    if (parts.scheme == "http" || parts.scheme == "https") {
      return std::nullopt;  // "http:foo" has no host: not a link we can check.
    }
    parts.path = std::string(rest);
  }
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

std::string url_origin_authority(std::string_view url) {
  auto parts = parse_url(url);
  if (!parts) {
    return {};
  }
  int port = parts->port != 0 ? parts->port : default_port(parts->scheme);
  return parts->host + ":" + std::to_string(port);
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
