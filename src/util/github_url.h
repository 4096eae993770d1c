#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sg {

/// "owner/repo" for https://github.com/OWNER/REPO (optionally with a trailing
/// slash or ".git"), nullopt for any deeper path, a query or another host.
std::optional<std::string> github_repo_of(std::string_view url);

/// The REST API URL of a repository: BASE/repos/OWNER/REPO.
std::string github_api_url(std::string_view api_base, std::string_view repo);

}  // namespace sg
