#include "links/recorded_response.h"

#include <gtest/gtest.h>
#include <pthread.h>

namespace sg::links {
namespace {

TEST(RetryAfter, SecondsAndHttpDates) {
  auto now = std::chrono::system_clock::from_time_t(1445412480);  // 2015-10-21 07:28:00 UTC
  EXPECT_EQ(parse_retry_after("120", now), std::chrono::milliseconds(120000));
  EXPECT_EQ(parse_retry_after(" 0 ", now), std::chrono::milliseconds(0));
  EXPECT_EQ(parse_retry_after("Wed, 21 Oct 2015 07:28:30 GMT", now),
            std::chrono::milliseconds(30000));
  EXPECT_EQ(parse_retry_after("Wed, 21 Oct 2015 07:00:00 GMT", now), std::chrono::milliseconds(0));
  EXPECT_FALSE(parse_retry_after("", now));
  EXPECT_FALSE(parse_retry_after("soon", now));
  EXPECT_FALSE(parse_retry_after("-5", now));
}

TEST(RateLimitReset, UnixTimeOrDelta) {
  auto now = std::chrono::system_clock::from_time_t(1700000000);
  EXPECT_EQ(parse_rate_limit_reset("1700000010", now), std::chrono::milliseconds(10000));
  EXPECT_EQ(parse_rate_limit_reset("1600000000", now), std::chrono::milliseconds(0));
  EXPECT_EQ(parse_rate_limit_reset("7", now), std::chrono::milliseconds(7000));
}

TEST(PageHeadings, TitleAndFirstHeading) {
  auto headings = page_headings(
      "<html><head><title>\n  Page   not found\n</title></head><body><h1>Oops <b>404</b></h1>"
      "<h1>second</h1>");
  EXPECT_EQ(headings.title, "Page not found");
  EXPECT_EQ(headings.h1, "Oops 404");
  EXPECT_EQ(page_headings("<title>Cut off").title, "Cut off");
}

/// Runs `work` on a thread with a 256 KiB stack, where a recursive walk of
/// a few thousand nested elements would overflow.
void on_small_stack(void (*work)(void*), void* argument) {
  struct Call {
    void (*work)(void*);
    void* argument;
  } call{work, argument};
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, std::size_t{256} * 1024);
  pthread_t thread;
  ASSERT_EQ(pthread_create(
                &thread, &attributes,
                [](void* raw) -> void* {
                  auto* c = static_cast<Call*>(raw);
                  c->work(c->argument);
                  return nullptr;
                },
                &call),
            0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attributes);
}

TEST(PageHeadings, DeepNestingNeedsNoDeepStack) {
  std::string html = "<title>Deep</title>";
  for (int i = 0; i < 20000; ++i) {
    html += "<div>";
  }
  html += "<h1>Bottom</h1>";
  struct Work {
    std::string html;
    PageHeadings headings;
  } work{html, {}};
  on_small_stack(
      [](void* raw) {
        auto* w = static_cast<Work*>(raw);
        w->headings = page_headings(w->html);
      },
      &work);
  EXPECT_EQ(work.headings.title, "Deep");
  // Parsing stops where the nesting passes HtmlDocument::k_max_depth.
  EXPECT_EQ(work.headings.h1, "");
}

TEST(RecordHeaders, KeepsWhatVerdictsNeedAndStartsOverOnEachStatusLine) {
  RecordedResponse response;
  for (const char* line :
       {"HTTP/1.1 100 Continue\r\n", "\r\n", "HTTP/1.1 301 Moved Permanently\r\n",
        "Location:  /next \r\n", "Content-Type: Text/HTML; charset=utf-8\r\n",
        "x-amz-request-id: 1\r\n", "Content-Length: 162\r\n", "\r\n"}) {
    ASSERT_TRUE(record_header_line(response, line, 64 * 1024));
  }
  EXPECT_EQ(response.status, 301);
  EXPECT_EQ(response.location, "/next");
  EXPECT_EQ(response.content_type, "text/html; charset=utf-8");
  EXPECT_TRUE(response.storage_headers);
  EXPECT_EQ(response.total_size, 162u);
  EXPECT_TRUE(response.is_html());

  ASSERT_TRUE(record_header_line(response, "HTTP/2 206\r\n", 1024));
  EXPECT_TRUE(response.location.empty());
  ASSERT_TRUE(record_header_line(response, "content-range: bytes 0-32767/123456\r\n", 1024));
  ASSERT_TRUE(record_header_line(response, "content-length: 32768\r\n", 1024));
  EXPECT_EQ(response.total_size, 123456u);
}

TEST(RetryAfter, FarFutureValuesSaturateInsteadOfOverflowing) {
  auto now = std::chrono::system_clock::from_time_t(1700000000);
  constexpr std::chrono::milliseconds k_ten_years{10LL * 365 * 24 * 3600 * 1000};
  EXPECT_EQ(parse_retry_after("Fri, 31 Dec 9999 23:59:59 GMT", now), k_ten_years);
  EXPECT_EQ(parse_rate_limit_reset("9223372036854775807", now), k_ten_years);
  EXPECT_EQ(parse_retry_after("9223372036854775807", now),
            std::chrono::milliseconds(1'000'000'000LL * 1000));
}

TEST(RecordHeaders, RefusesHeadersPastTheCap) {
  RecordedResponse response;
  ASSERT_TRUE(record_header_line(response, "HTTP/1.1 200 OK\r\n", 40));
  EXPECT_FALSE(record_header_line(response, "X-Filler: " + std::string(40, 'y'), 40));
  EXPECT_TRUE(response.header_cap_hit);
}

}  // namespace
}  // namespace sg::links
