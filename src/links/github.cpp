#include "links/github.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "links/url.h"
#include "util/text.h"

namespace sg::links {

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

std::string github_api_url(std::string_view api_base, std::string_view repo) {
  while (api_base.ends_with('/')) {
    api_base.remove_suffix(1);
  }
  return fmt::format("{}/repos/{}", api_base, repo);
}

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
