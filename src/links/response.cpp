#include "links/response.h"

#include <curl/curl.h>
#include <gumbo.h>

#include <algorithm>
#include <cctype>
#include <charconv>

#include <fmt/format.h>

#include "links/url.h"
#include "util/text.h"

namespace sg::links {

namespace {

std::optional<long long> parse_integer(std::string_view text) {
  long long value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0) {
    return std::nullopt;
  }
  return value;
}

std::optional<std::chrono::milliseconds> parse_http_date(
    std::string_view text, std::chrono::system_clock::time_point now) {
  std::string buffer(text);
  time_t when = curl_getdate(buffer.c_str(), nullptr);
  if (when == -1) {
    return std::nullopt;
  }
  auto target = std::chrono::system_clock::from_time_t(when);
  if (target <= now) {
    return std::chrono::milliseconds(0);
  }
  return std::chrono::duration_cast<std::chrono::milliseconds>(target - now);
}

void append_text(const GumboNode* node, std::string& out) {
  if (node->type == GUMBO_NODE_TEXT || node->type == GUMBO_NODE_WHITESPACE ||
      node->type == GUMBO_NODE_CDATA) {
    out += node->v.text.text;
    out += ' ';
    return;
  }
  if (node->type != GUMBO_NODE_ELEMENT) {
    return;
  }
  for (unsigned i = 0; i < node->v.element.children.length; ++i) {
    append_text(static_cast<const GumboNode*>(node->v.element.children.data[i]), out);
  }
}

std::string collapse_spaces(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) {
      out += ' ';
      space = false;
    }
    out += c;
  }
  return out;
}

void find_headings(const GumboNode* node, PageHeadings& headings) {
  if (node->type != GUMBO_NODE_ELEMENT) {
    return;
  }
  GumboTag tag = node->v.element.tag;
  if (tag == GUMBO_TAG_TITLE && headings.title.empty()) {
    std::string text;
    append_text(node, text);
    headings.title = collapse_spaces(text);
    return;
  }
  if (tag == GUMBO_TAG_H1 && headings.h1.empty()) {
    std::string text;
    append_text(node, text);
    headings.h1 = collapse_spaces(text);
    return;
  }
  for (unsigned i = 0; i < node->v.element.children.length; ++i) {
    find_headings(static_cast<const GumboNode*>(node->v.element.children.data[i]), headings);
  }
}

}  // namespace

std::optional<std::chrono::milliseconds> parse_retry_after(
    std::string_view value, std::chrono::system_clock::time_point now) {
  value = trim(value);
  if (value.empty()) {
    return std::nullopt;
  }
  if (auto seconds = parse_integer(value)) {
    return std::chrono::milliseconds(std::min<long long>(*seconds, 1'000'000'000LL) * 1000);
  }
  return parse_http_date(value, now);
}

std::optional<std::chrono::milliseconds> parse_rate_limit_reset(
    std::string_view value, std::chrono::system_clock::time_point now) {
  value = trim(value);
  if (auto number = parse_integer(value)) {
    if (*number > 1'000'000'000LL) {
      auto target = std::chrono::system_clock::time_point(std::chrono::seconds(*number));
      if (target <= now) {
        return std::chrono::milliseconds(0);
      }
      return std::chrono::duration_cast<std::chrono::milliseconds>(target - now);
    }
    return std::chrono::milliseconds(*number * 1000);
  }
  return parse_http_date(value, now);
}

PageHeadings page_headings(std::string_view html) {
  PageHeadings headings;
  GumboOutput* output = gumbo_parse_with_options(&kGumboDefaultOptions, html.data(), html.size());
  find_headings(output->root, headings);
  gumbo_destroy_output(&kGumboDefaultOptions, output);
  return headings;
}

std::optional<std::string> detect_bot_wall(const WallSignals& signals,
                                           const std::vector<std::string>& body_markers) {
  if (signals.status == 999) {
    return "the host answers robots with status 999 (LinkedIn's bot wall); check it in a browser";
  }
  bool wall_status = signals.status == 403 || signals.status == 503 || signals.status == 429;
  if (!wall_status) {
    return std::nullopt;
  }
  if (to_lower(trim(signals.cf_mitigated)) == "challenge") {
    return "the host answered with a Cloudflare bot challenge (cf-mitigated: challenge); check it "
           "in a browser, or accept its status for this host in the policy";
  }
  if (signals.status == 429) {
    return std::nullopt;
  }
  std::string body = to_lower(signals.body);
  for (const auto& marker : body_markers) {
    if (!marker.empty() && body.find(to_lower(marker)) != std::string::npos) {
      std::string who = to_lower(signals.server).find("cloudflare") != std::string::npos
                            ? "a Cloudflare bot challenge"
                            : "a bot challenge page";
      return fmt::format(
          "the host answered {} with {} ('{}'); check it in a browser, or accept its status for "
          "this host in the policy",
          signals.status, who, marker);
    }
  }
  return std::nullopt;
}

std::optional<std::string> github_repo_of(std::string_view url) {
  auto parts = parse_url(url);
  if (!parts || (parts->scheme != "https" && parts->scheme != "http") ||
      (parts->host != "github.com" && parts->host != "www.github.com") || parts->port != 0 ||
      parts->has_query) {
    return std::nullopt;
  }
  std::string_view path = parts->path;
  path.remove_prefix(1);
  if (path.ends_with('/')) {
    path.remove_suffix(1);
  }
  auto slash = path.find('/');
  if (slash == std::string_view::npos || slash == 0) {
    return std::nullopt;
  }
  auto owner = path.substr(0, slash);
  auto repo = path.substr(slash + 1);
  if (repo.ends_with(".git")) {
    repo.remove_suffix(4);
  }
  auto valid = [](std::string_view name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    });
  };
  // GitHub's own pages live at the same depth (github.com/orgs/x, /settings/...).
  static const char* const k_reserved[] = {"orgs",        "settings",    "features",   "topics",
                                           "sponsors",    "marketplace", "apps",       "users",
                                           "collections", "about",       "enterprise", "login"};
  for (const char* reserved : k_reserved) {
    if (to_lower(owner) == reserved) {
      return std::nullopt;
    }
  }
  if (!valid(owner) || !valid(repo) || repo == "." || repo == "..") {
    return std::nullopt;
  }
  return std::string(owner) + "/" + std::string(repo);
}

}  // namespace sg::links
