#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace sg::links {

/// What one HTTP answer said, as far as any verdict needs it: recorded by
/// the transfer's callbacks, judged by pure functions (verdict.h), and built
/// by hand in tests.
struct RecordedResponse {
  long status = 0;
  std::string location;      ///< the raw Location header, unresolved
  std::string content_type;  ///< lower-cased
  std::string retry_after;
  std::string rate_limit_reset;  ///< X-RateLimit-Reset or RateLimit-Reset
  std::string rate_limit_remaining;
  std::string cf_mitigated;
  std::string server;
  /// An `x-amz-*` or `x-goog-*` header: the answer comes from S3 or GCS.
  bool storage_headers = false;
  /// The whole body's size from Content-Range or Content-Length, when known.
  std::optional<std::size_t> total_size;
  std::size_t header_bytes = 0;
  bool header_cap_hit = false;
  /// The head of the body that the verdict asked for (see body_wanted).
  std::string body;
  /// More body arrived than was kept.
  bool body_truncated = false;

  bool is_html() const;
  /// The body's size: total_size when the server said, else what was read.
  std::size_t size() const;
};

/// Records one header line (as libcurl hands it over, CRLF included). A
/// status line starts a new response: interim 1xx answers and every
/// redirect hop are forgotten. Returns false once the headers exceed
/// `max_header_bytes`.
bool record_header_line(RecordedResponse& response, std::string_view line,
                        std::size_t max_header_bytes);

/// `Retry-After`: delta-seconds ("120") or an HTTP-date ("Wed, 21 Oct 2015
/// 07:28:00 GMT"), as a delay from `now`; a date in the past is zero.
std::optional<std::chrono::milliseconds> parse_retry_after(
    std::string_view value, std::chrono::system_clock::time_point now);

/// `X-RateLimit-Reset` / `RateLimit-Reset`: GitHub and others send a Unix
/// time, the IETF draft sends delta-seconds. Values above 10^9 are read as a
/// Unix time. Also accepts an HTTP-date.
std::optional<std::chrono::milliseconds> parse_rate_limit_reset(
    std::string_view value, std::chrono::system_clock::time_point now);

/// The `<title>` and the first `<h1>` of a page (text only, whitespace
/// collapsed). Works on a truncated page and on any nesting depth.
struct PageHeadings {
  std::string title;
  std::string h1;
};
PageHeadings page_headings(std::string_view html);

}  // namespace sg::links
