#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "links/recorded_response.h"
#include "links/verdict.h"

namespace sg::links {

/// "owner/repo" for https://github.com/OWNER/REPO (optionally with a trailing
/// slash or ".git"), nullopt for any deeper path or another host.
std::optional<std::string> github_repo_of(std::string_view url);

/// The REST API URL of a repository: BASE/repos/OWNER/REPO.
std::string github_api_url(std::string_view api_base, std::string_view repo);

/// The verdict on the API's answer about `repo`. A rename is `redirected`
/// with the new page in `target`; rate limits and server errors are retried,
/// then `unverifiable` (the API said nothing about the repository).
Decision judge_api_response(const RecordedResponse& response, std::string_view repo,
                            std::chrono::system_clock::time_point now);

}  // namespace sg::links
