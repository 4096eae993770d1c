// What a remote server sends before its body: header lines (recorded line by
// line, as libcurl hands them over), Retry-After, rate-limit resets and a
// Location resolved against the request URL.
#include <chrono>

#include "fuzz_input.h"
#include "links/recorded_response.h"
#include "util/url.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = sg::fuzz::as_text(data, size);
  const auto now = std::chrono::system_clock::time_point{std::chrono::seconds{1'800'000'000}};
  sg::links::RecordedResponse response;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      end = text.size();
    }
    if (!sg::links::record_header_line(response, text.substr(start, end - start + 1), 64 * 1024)) {
      break;
    }
    start = end + 1;
  }
  for (std::string_view value : {std::string_view(response.retry_after), text}) {
    if (auto delay = sg::links::parse_retry_after(value, now)) {
      sg::fuzz::require(delay->count() >= 0);
    }
  }
  for (std::string_view value : {std::string_view(response.rate_limit_reset), text}) {
    if (auto delay = sg::links::parse_rate_limit_reset(value, now)) {
      sg::fuzz::require(delay->count() >= 0);
    }
  }
  (void)sg::resolve_reference("https://example.com/a/b?c#d", response.location);
  (void)sg::resolve_reference("https://example.com/a/b?c#d", text);
  return 0;
}
