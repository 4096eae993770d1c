#include "links/transfer.h"

#include <sys/socket.h>

#include <fmt/format.h>

#include "links/url_guard.h"
#include "util/url.h"

namespace sg::links {

void Transfer::prepare(CURL* easy, const TransferRequest& request, curl_slist* resolve) {
  const CheckSettings& settings = m_config->settings();
  m_url = request.url;
  m_page_bytes = request.page_bytes;
  m_any_content_type = request.any_content_type;
  m_response = RecordedResponse{};
  m_body_decided = false;
  m_body_wanted = 0;
  m_body_seen = 0;
  m_stopped_early = false;
  m_blocked_reason.clear();
  m_error_buffer[0] = '\0';

  curl_easy_setopt(easy, CURLOPT_URL, m_url.c_str());
  curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  // Redirects are followed by the engine, hop by hop, so that every hop goes
  // through the scheduler and the guard, and credentials never follow.
  curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, request.timeout_ms);
  curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS,
                   std::min(request.connect_timeout_ms, request.timeout_ms));
  curl_easy_setopt(easy, CURLOPT_USERAGENT, request.user_agent.c_str());
  curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
  // Over TLS, ALPN tells at the handshake whether a connection multiplexes,
  // so waiting for it is cheap. Over plain HTTP curl would learn it only from
  // the first answer, and a host that never answers would hold every later
  // request to it in curl's own queue.
  curl_easy_setopt(easy, CURLOPT_PIPEWAIT, m_url.starts_with("https://") ? 1L : 0L);
  curl_easy_setopt(easy, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS);
  curl_easy_setopt(easy, CURLOPT_PROXY, settings.proxy.c_str());
  if (!settings.ca_file.empty()) {
    curl_easy_setopt(easy, CURLOPT_CAINFO, settings.ca_file.c_str());
  }
  curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, m_error_buffer);
  curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, &Transfer::on_header);
  curl_easy_setopt(easy, CURLOPT_HEADERDATA, this);
  curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, &Transfer::on_body);
  curl_easy_setopt(easy, CURLOPT_WRITEDATA, this);
  curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, &Transfer::on_open_socket);
  curl_easy_setopt(easy, CURLOPT_OPENSOCKETDATA, this);
  curl_easy_setopt(easy, CURLOPT_PREREQFUNCTION, &Transfer::on_prereq);
  curl_easy_setopt(easy, CURLOPT_PREREQDATA, this);
  if (resolve != nullptr) {
    curl_easy_setopt(easy, CURLOPT_RESOLVE, resolve);
  }
  if (request.head) {
    curl_easy_setopt(easy, CURLOPT_NOBODY, 1L);
  } else {
    curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
  }
  curl_slist_free_all(m_headers);
  m_headers = nullptr;
  for (const std::string& header : request.headers) {
    m_headers = curl_slist_append(m_headers, header.c_str());
  }
  if (request.range_bytes > 0 && !request.head) {
    std::string range = fmt::format("Range: bytes=0-{}", request.range_bytes - 1);
    m_headers = curl_slist_append(m_headers, range.c_str());
  }
  curl_easy_setopt(easy, CURLOPT_HTTPHEADER, m_headers);
}

TransferEnd Transfer::end(CURL* easy, CURLcode code) {
  (void)easy;
  TransferEnd end;
  end.code = code;
  end.curl_error = m_error_buffer[0] != '\0' ? m_error_buffer : curl_easy_strerror(code);
  end.blocked_reason = m_blocked_reason;
  // libcurl gives up on a single header line past 100 KB with "out of
  // memory", before our own cap sees the line: after a status line, that is
  // an oversized header, not a failure of this machine.
  end.header_cap_hit =
      m_response.header_cap_hit || (code == CURLE_OUT_OF_MEMORY && m_response.status != 0);
  // A body cut short on purpose is a whole answer for the verdict.
  end.answered = !end.header_cap_hit && end.blocked_reason.empty() && m_response.status != 0 &&
                 (code == CURLE_OK || (code == CURLE_WRITE_ERROR && m_stopped_early));
  m_response.body_truncated = m_response.body_truncated || m_stopped_early;
  curl_slist_free_all(m_headers);
  m_headers = nullptr;
  return end;
}

std::size_t Transfer::on_header(char* data, std::size_t size, std::size_t count, void* user) {
  auto& self = *static_cast<Transfer*>(user);
  const std::size_t length = size * count;
  if (!record_header_line(self.m_response, std::string_view(data, length),
                          self.m_config->settings().max_header_bytes)) {
    return 0;  // aborts the transfer with CURLE_WRITE_ERROR
  }
  return length;
}

std::size_t Transfer::on_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto& self = *static_cast<Transfer*>(user);
  const std::size_t length = size * count;
  RecordedResponse& response = self.m_response;
  if (!self.m_body_decided) {
    self.m_body_decided = true;
    self.m_body_wanted = body_wanted(response, self.m_page_bytes, self.m_any_content_type,
                                     self.m_config->settings().max_body_bytes);
  }
  const std::size_t room = self.m_body_wanted - std::min(self.m_body_wanted, response.body.size());
  response.body.append(data, std::min(room, length));
  self.m_body_seen += length;
  if (self.m_body_seen > self.m_body_wanted) {
    // Enough for the verdict, or the cap: stop here. curl 7.88's
    // MAXFILESIZE cannot stop a body of unknown length; this can.
    self.m_stopped_early = true;
    return CURL_WRITEFUNC_ERROR;
  }
  return length;
}

curl_socket_t Transfer::on_open_socket(void* user, curlsocktype purpose, curl_sockaddr* address) {
  auto& self = *static_cast<Transfer*>(user);
  (void)purpose;
  auto ip = ip_from_sockaddr(&address->addr, address->addrlen);
  if (!ip) {
    self.m_blocked_reason = "the address family is not IPv4 or IPv6";
    return CURL_SOCKET_BAD;
  }
  auto verdict = self.m_config->guard().check(*ip);
  if (verdict.refused) {
    self.m_blocked_reason = fmt::format("'{}' resolves to {}, {}", url_host(self.m_url),
                                        to_string(*ip), describe(verdict.address_class));
    return CURL_SOCKET_BAD;
  }
  return ::socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

/// A second look after connect (it also sees reused connections); the open
/// socket callback above is the one that prevents the connection.
int Transfer::on_prereq(void* user, char* primary_ip, char* local_ip, int primary_port,
                        int local_port) {
  auto& self = *static_cast<Transfer*>(user);
  (void)local_ip;
  (void)primary_port;
  (void)local_port;
  auto ip = parse_ip(primary_ip != nullptr ? primary_ip : "");
  if (ip) {
    auto verdict = self.m_config->guard().check(*ip);
    if (verdict.refused) {
      self.m_blocked_reason = fmt::format("'{}' is connected to {}, {}", url_host(self.m_url),
                                          primary_ip, describe(verdict.address_class));
      return CURL_PREREQFUNC_ABORT;
    }
  }
  return CURL_PREREQFUNC_OK;
}

Decision judge_transfer_error(const TransferEnd& end, std::string_view host, long timeout_ms) {
  Decision decision;
  auto final = [&](LinkStatus status, LinkReason reason, std::string evidence) {
    decision.next = Decision::Next::done;
    decision.outcome = {status, reason, std::move(evidence)};
    return decision;
  };
  auto retry = [&](LinkStatus status, LinkReason reason, std::string evidence) {
    decision.next = Decision::Next::retry;
    decision.outcome = {status, reason, std::move(evidence)};
    return decision;
  };
  if (end.header_cap_hit) {
    return final(LinkStatus::broken, LinkReason::oversized_headers, "the headers were cut off");
  }
  if (!end.blocked_reason.empty()) {
    return final(LinkStatus::blocked, LinkReason::blocked_address, end.blocked_reason);
  }
  switch (end.code) {
    case CURLE_OPERATION_TIMEDOUT:
      return retry(LinkStatus::timeout, LinkReason::timed_out,
                   fmt::format("no answer from {} within {} ms", host, timeout_ms));
    case CURLE_COULDNT_CONNECT:
      return retry(LinkStatus::unreachable, LinkReason::connect, end.curl_error);
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_GOT_NOTHING:
    case CURLE_PARTIAL_FILE:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM:
      return retry(LinkStatus::unreachable, LinkReason::connection_reset, end.curl_error);
    case CURLE_COULDNT_RESOLVE_HOST:
      return final(LinkStatus::unreachable, LinkReason::dns, fmt::format("'{}'", host));
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
      return final(LinkStatus::unreachable, LinkReason::tls, end.curl_error);
    default:
      // CURLE_UNSUPPORTED_PROTOCOL too: only http(s) URLs reach a transfer,
      // so it is the server's answer (an HTTP/0.9 reply, say), not a scheme.
      return final(LinkStatus::unreachable, LinkReason::transport, end.curl_error);
  }
}

}  // namespace sg::links
