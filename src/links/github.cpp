#include "links/github.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "util/text.h"
#include "util/url.h"

namespace sg::links {

Decision judge_api_response(const RecordedResponse& response, std::string_view repo,
                            std::chrono::system_clock::time_point now) {
  const long status = response.status;
  Decision decision;
  if (status == 200) {
    auto json = nlohmann::json::parse(response.body, nullptr, false);
    std::string full_name = json.is_object() ? json.value("full_name", "") : "";
    std::string html_url = json.is_object() ? json.value("html_url", "") : "";
    if (!full_name.empty() && to_lower(full_name) != to_lower(std::string(repo)) &&
        is_web_url(html_url)) {
      decision.outcome = {LinkStatus::redirected, LinkReason::moved_permanently,
                          fmt::format("GitHub API: {} is now {}", repo, full_name)};
      decision.target = html_url;
      return decision;
    }
    decision.outcome = {LinkStatus::ok, LinkReason::none, ""};
    return decision;
  }
  const std::string said = fmt::format("GitHub API: {} for {}", status_line(status), repo);
  if (status == 404 || status == 410 || status == 451) {
    decision.outcome = {LinkStatus::broken, LinkReason::github_api,
                        said + " (deleted, private, or renamed without a redirect)"};
    return decision;
  }
  if (status == 401) {
    decision.outcome = {LinkStatus::unverifiable, LinkReason::github_api,
                        said + ": the token was rejected; renew it"};
    return decision;
  }
  const bool rate_limited =
      status == 429 || (status == 403 && trim(response.rate_limit_remaining) == "0");
  decision.outcome = {LinkStatus::unverifiable, LinkReason::github_api,
                      said + (rate_limited ? " (rate limit)" : "")};
  if (rate_limited || status >= 500) {
    decision.next = Decision::Next::retry;
    decision.server_delay_ms = server_delay_ms(response, now);
  }
  return decision;
}

}  // namespace sg::links
