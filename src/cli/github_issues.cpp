#include "cli/github_issues.h"

#include <curl/curl.h>

#include <memory>

#include <fmt/format.h>

#include "links/checker.h"
#include "sourcegate/version.h"
#include "util/github_url.h"
#include "util/text.h"
#include "util/url.h"

namespace sg {
namespace {

constexpr long k_connect_timeout_ms = 10'000;
constexpr long k_request_timeout_ms = 60'000;
constexpr std::size_t k_max_header_bytes = std::size_t{256} * 1024;
/// How much of GitHub's message an error quotes.
constexpr std::size_t k_quoted_message_bytes = 300;

struct Answer {
  std::string body;
  std::size_t header_bytes = 0;
  bool too_large = false;
};

std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto& answer = *static_cast<Answer*>(user);
  const std::size_t length = size * count;
  if (answer.body.size() + length > GitHubIssues::k_max_answer_bytes) {
    answer.too_large = true;
    return CURL_WRITEFUNC_ERROR;
  }
  answer.body.append(data, length);
  return length;
}

std::size_t on_header(char* /*data*/, std::size_t size, std::size_t count, void* user) {
  auto& answer = *static_cast<Answer*>(user);
  const std::size_t length = size * count;
  answer.header_bytes += length;
  if (answer.header_bytes > k_max_header_bytes) {
    answer.too_large = true;
    return 0;  // aborts the transfer
  }
  return length;
}

/// GitHub's "message" in an error answer, made safe to print and short.
std::string api_message(const std::string& body) {
  const nlohmann::json parsed = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
  std::string message;
  if (parsed.is_object() && parsed.contains("message") && parsed["message"].is_string()) {
    message = parsed["message"].get<std::string>();
  } else {
    message = body;
  }
  if (message.size() > k_quoted_message_bytes) {
    std::size_t cut = k_quoted_message_bytes;
    while (cut > 0 && (static_cast<unsigned char>(message[cut]) & 0xC0U) == 0x80U) {
      --cut;  // not inside a code point
    }
    message = message.substr(0, cut) + "…";
  }
  return printable(message);
}

struct SlistDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};

}  // namespace

IssueAction plan_issue_action(const std::optional<IssueState>& found, bool links_dead) {
  if (!found) {
    return links_dead ? IssueAction::create : IssueAction::none;
  }
  if (found->open) {
    return links_dead ? IssueAction::update : IssueAction::close;
  }
  return links_dead ? IssueAction::reopen : IssueAction::none;
}

GitHubIssues::GitHubIssues(std::string api_url, std::string repo, std::string token)
    : m_api_url(std::move(api_url)), m_repo(std::move(repo)), m_token(std::move(token)) {
  links::ensure_curl_initialised();
  m_curl = curl_easy_init();
  if (m_curl == nullptr) {
    throw GitHubApiError("GitHub API: libcurl could not start a transfer");
  }
}

GitHubIssues::~GitHubIssues() { curl_easy_cleanup(static_cast<CURL*>(m_curl)); }

nlohmann::json GitHubIssues::call(const std::string& method, const std::string& path,
                                  const nlohmann::json* payload) {
  CURL* curl = static_cast<CURL*>(m_curl);
  curl_easy_reset(curl);
  const std::string url = github_api_url(m_api_url, m_repo) + path;
  // Named in every error: the method and the URL, never a header.
  const std::string request = method + " " + redact_userinfo(url);
  std::unique_ptr<curl_slist, SlistDeleter> headers;
  for (const std::string& header :
       {std::string("Accept: application/vnd.github+json"),
        std::string("X-GitHub-Api-Version: 2022-11-28"), "Authorization: Bearer " + m_token,
        std::string(payload != nullptr ? "Content-Type: application/json" : "")}) {
    if (header.empty()) {
      continue;
    }
    curl_slist* appended = curl_slist_append(headers.get(), header.c_str());
    if (appended == nullptr) {
      throw GitHubApiError("GitHub API: out of memory for the request's headers");
    }
    (void)headers.release();  // the list's head, now `appended`
    headers.reset(appended);
  }
  Answer answer;
  const std::string user_agent = fmt::format("sourcegate/{} (report-issue)", kVersion);
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, k_connect_timeout_ms);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, k_request_timeout_ms);
  curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(k_max_answer_bytes));
  curl_easy_setopt(curl, CURLOPT_USERAGENT, user_agent.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, &on_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, &on_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &answer);
  if (payload != nullptr) {
    const std::string text =
        payload->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    curl_easy_setopt(curl, CURLOPT_COPYPOSTFIELDS, text.c_str());
  }
  if (method != "GET" && method != "POST") {
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method.c_str());
  }
  const CURLcode code = curl_easy_perform(curl);
  // A declared length over the limit stops the transfer before the body.
  if (answer.too_large || code == CURLE_FILESIZE_EXCEEDED) {
    const bool headers_too_large = answer.header_bytes > k_max_header_bytes;
    throw GitHubApiError(fmt::format(
        "GitHub API: {} answered more than {} KiB of {}; refusing to read it: check --api-url",
        request, (headers_too_large ? k_max_header_bytes : k_max_answer_bytes) >> 10U,
        headers_too_large ? "headers" : "body"));
  }
  if (code != CURLE_OK) {
    throw GitHubApiError(fmt::format("GitHub API: {} failed: {}; check --api-url and the network",
                                     request, curl_easy_strerror(code)));
  }
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  if (status < 200 || status > 299) {
    std::string advice = "see GitHub's message";
    if (status == 401) {
      advice = "GITHUB_TOKEN is not accepted";
    } else if (status == 403 || status == 404) {
      advice =
          "check --repo, and that the token may write issues (a workflow needs permissions: "
          "issues: write)";
    }
    throw GitHubApiError(fmt::format("GitHub API: {} answered HTTP {}: {}; {}", request, status,
                                     api_message(answer.body), advice));
  }
  nlohmann::json parsed = nlohmann::json::parse(answer.body, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded()) {
    throw GitHubApiError(
        fmt::format("GitHub API: {} answered HTTP {} with a body that is not JSON; check --api-url",
                    request, status));
  }
  return parsed;
}

std::optional<IssueState> GitHubIssues::find_by_label(const std::string& label) {
  CURL* curl = static_cast<CURL*>(m_curl);
  char* escaped = curl_easy_escape(curl, label.c_str(), static_cast<int>(label.size()));
  const std::string query = escaped != nullptr ? escaped : "";
  curl_free(escaped);
  // The newest first; one page is plenty for a label that marks one issue.
  const nlohmann::json issues =
      call("GET", "/issues?labels=" + query + "&state=all&sort=created&direction=desc&per_page=30",
           nullptr);
  if (!issues.is_array()) {
    throw GitHubApiError("GitHub API: the issue list is not a JSON array; check --api-url");
  }
  std::optional<IssueState> newest_closed;
  for (const nlohmann::json& issue : issues) {
    if (!issue.is_object() || issue.contains("pull_request") ||
        !issue.value("number", nlohmann::json()).is_number_integer()) {
      continue;
    }
    const IssueState state{issue["number"].get<long>(), issue.value("state", "") == "open"};
    if (state.open) {
      return state;
    }
    if (!newest_closed) {
      newest_closed = state;
    }
  }
  return newest_closed;
}

long GitHubIssues::create(const std::string& title, const std::string& body,
                          const std::string& label) {
  const nlohmann::json payload = {{"title", title}, {"body", body}, {"labels", {label}}};
  const nlohmann::json issue = call("POST", "/issues", &payload);
  if (!issue.is_object() || !issue.value("number", nlohmann::json()).is_number_integer()) {
    throw GitHubApiError("GitHub API: the created issue has no number; check --api-url");
  }
  return issue["number"].get<long>();
}

void GitHubIssues::edit(long number, const std::string& body, const std::string& state) {
  nlohmann::json payload = {{"body", body}};
  if (!state.empty()) {
    payload["state"] = state;
  }
  call("PATCH", fmt::format("/issues/{}", number), &payload);
}

void GitHubIssues::comment(long number, const std::string& body) {
  const nlohmann::json payload = {{"body", body}};
  call("POST", fmt::format("/issues/{}/comments", number), &payload);
}

}  // namespace sg
