#include "links/recorded_response.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

#include "links/html.h"
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
  // Compared in seconds: a date in year 9999 does not fit the clock's
  // nanoseconds. No wait beyond ten years is meant; callers cap far lower.
  constexpr long long k_most_seconds = 10LL * 365 * 24 * 3600;
  const long long ahead = static_cast<long long>(when) -
                          static_cast<long long>(std::chrono::system_clock::to_time_t(now));
  if (ahead <= 0) {
    return std::chrono::milliseconds(0);
  }
  return std::chrono::milliseconds(std::min(ahead, k_most_seconds) * 1000);
}

/// The text under `node`, walked with an explicit stack: a hostile page can
/// nest elements deeper than any call stack.
std::string text_of(const GumboNode* node) {
  std::string out;
  std::vector<const GumboNode*> stack{node};
  while (!stack.empty()) {
    const GumboNode* current = stack.back();
    stack.pop_back();
    if (current->type == GUMBO_NODE_TEXT || current->type == GUMBO_NODE_WHITESPACE ||
        current->type == GUMBO_NODE_CDATA) {
      out += current->v.text.text;
      out += ' ';
      continue;
    }
    if (current->type != GUMBO_NODE_ELEMENT) {
      continue;
    }
    const GumboVector& children = current->v.element.children;
    for (unsigned i = children.length; i > 0; --i) {
      stack.push_back(static_cast<const GumboNode*>(children.data[i - 1]));
    }
  }
  return collapse_spaces(out);
}

}  // namespace

bool RecordedResponse::is_html() const {
  return content_type.empty() || content_type.find("html") != std::string::npos;
}

std::size_t RecordedResponse::size() const { return total_size.value_or(body.size()); }

bool record_header_line(RecordedResponse& response, std::string_view line,
                        std::size_t max_header_bytes) {
  if (line.starts_with("HTTP/")) {
    response = RecordedResponse{};
    auto space = line.find(' ');
    if (space != std::string_view::npos) {
      auto code = parse_integer(line.substr(space + 1, 3));
      response.status = code ? static_cast<long>(*code) : 0;
    }
  }
  response.header_bytes += line.size();
  if (response.header_bytes > max_header_bytes) {
    response.header_cap_hit = true;
    return false;
  }
  auto colon = line.find(':');
  if (colon == std::string_view::npos) {
    return true;
  }
  std::string name = to_lower(trim(line.substr(0, colon)));
  std::string value(trim(line.substr(colon + 1)));
  if (name == "location") {
    response.location = value;
  } else if (name == "content-type") {
    response.content_type = to_lower(value);
  } else if (name == "retry-after") {
    response.retry_after = value;
  } else if (name == "x-ratelimit-reset" || name == "ratelimit-reset") {
    response.rate_limit_reset = value;
  } else if (name == "x-ratelimit-remaining" || name == "ratelimit-remaining") {
    response.rate_limit_remaining = value;
  } else if (name == "cf-mitigated") {
    response.cf_mitigated = value;
  } else if (name == "server") {
    response.server = value;
  } else if (name.starts_with("x-amz-") || name.starts_with("x-goog-")) {
    response.storage_headers = true;
  } else if (name == "content-range") {
    // "bytes 0-32767/123456": the part after '/' is the whole size.
    auto slash = value.rfind('/');
    if (slash != std::string::npos) {
      if (auto total = parse_integer(trim(std::string_view(value).substr(slash + 1)))) {
        response.total_size = static_cast<std::size_t>(*total);
      }
    }
  } else if (name == "content-length" && !response.total_size) {
    if (auto length = parse_integer(value); length && response.status != 206) {
      response.total_size = static_cast<std::size_t>(*length);
    }
  }
  return true;
}

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
      // A Unix time, compared in seconds so that no value can overflow.
      const long long ahead =
          *number - static_cast<long long>(std::chrono::system_clock::to_time_t(now));
      constexpr long long k_most_seconds = 10LL * 365 * 24 * 3600;
      return std::chrono::milliseconds(std::clamp(ahead, 0LL, k_most_seconds) * 1000);
    }
    return std::chrono::milliseconds(*number * 1000);  // at most 10^9 s
  }
  return parse_http_date(value, now);
}

PageHeadings page_headings(std::string_view html) {
  PageHeadings headings;
  HtmlDocument document(html);
  std::vector<const GumboNode*> stack{document.root()};
  while (!stack.empty() && (headings.title.empty() || headings.h1.empty())) {
    const GumboNode* node = stack.back();
    stack.pop_back();
    if (node->type != GUMBO_NODE_ELEMENT) {
      continue;
    }
    GumboTag tag = node->v.element.tag;
    if (tag == GUMBO_TAG_TITLE) {
      if (headings.title.empty()) {
        headings.title = text_of(node);
      }
      continue;
    }
    if (tag == GUMBO_TAG_H1) {
      if (headings.h1.empty()) {
        headings.h1 = text_of(node);
      }
      continue;
    }
    const GumboVector& children = node->v.element.children;
    for (unsigned i = children.length; i > 0; --i) {
      stack.push_back(static_cast<const GumboNode*>(children.data[i - 1]));
    }
  }
  return headings;
}

}  // namespace sg::links
