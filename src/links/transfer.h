#pragma once

#include <curl/curl.h>

#include <cstddef>
#include <string>
#include <vector>

#include "links/check_config.h"
#include "links/recorded_response.h"
#include "links/verdict.h"

namespace sg::links {

/// One request as the engine wants it made.
struct TransferRequest {
  std::string url;  ///< absolute http(s), no fragment
  bool head = false;
  std::size_t range_bytes = 0;    ///< 0: no Range header
  std::size_t page_bytes = 0;     ///< how much of a 2xx body the verdict reads
  bool any_content_type = false;  ///< read page_bytes of non-HTML answers too (API)
  long connect_timeout_ms = 0;
  long timeout_ms = 0;
  std::string user_agent;
  std::vector<std::string> headers;  ///< complete "Name: value" lines
};

/// How a transfer ended, once libcurl is done with it.
struct TransferEnd {
  bool answered = false;  ///< a whole HTTP answer (its head, and the body we wanted)
  CURLcode code = CURLE_OK;
  std::string curl_error;
  std::string blocked_reason;  ///< set when the address guard refused to connect
  bool header_cap_hit = false;
};

/// One libcurl easy handle's request: its options, the callbacks that
/// record the answer into `response`, and the address guard on every
/// connection. Headers are recorded as they arrive, so stopping a body early
/// never loses them.
class Transfer {
 public:
  explicit Transfer(const CheckConfig& config) : m_config(&config) {}

  /// Sets `easy` (fresh or reset) up for `request`. `resolve` may be null.
  void prepare(CURL* easy, const TransferRequest& request, curl_slist* resolve);
  /// Reads the outcome after libcurl reported `code`, and frees the header
  /// list. Call before the handle is reused.
  TransferEnd end(CURL* easy, CURLcode code);

  const RecordedResponse& response() const { return m_response; }
  const std::string& url() const { return m_url; }

 private:
  static std::size_t on_header(char* data, std::size_t size, std::size_t count, void* user);
  static std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user);
  static curl_socket_t on_open_socket(void* user, curlsocktype purpose, curl_sockaddr* address);
  static int on_prereq(void* user, char* primary_ip, char* local_ip, int primary_port,
                       int local_port);

  const CheckConfig* m_config;
  std::string m_url;
  std::size_t m_page_bytes = 0;
  bool m_any_content_type = false;
  RecordedResponse m_response;
  bool m_body_decided = false;
  std::size_t m_body_wanted = 0;
  std::size_t m_body_seen = 0;
  bool m_stopped_early = false;
  std::string m_blocked_reason;
  curl_slist* m_headers = nullptr;
  char m_error_buffer[CURL_ERROR_SIZE] = {};
};

/// The verdict on a transfer that got no whole answer: a refused address is
/// `blocked`, timeouts and resets are retried, DNS and TLS failures are
/// final. `timeout_ms` is the attempt's limit, for the evidence.
Decision judge_transfer_error(const TransferEnd& end, std::string_view host, long timeout_ms);

}  // namespace sg::links
