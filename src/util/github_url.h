#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sg {

/// "owner/repo" for https://github.com/OWNER/REPO (optionally with a trailing
/// slash or ".git"), nullopt for any deeper path, a query or another host.
std::optional<std::string> github_repo_of(std::string_view url);

/// "owner/repo" for a GitHub URL that shows a repository's code: its root or
/// a folder (https://github.com/OWNER/REPO/tree/main/dir); nullopt for a file
/// (a badge's /blob/ link is a licence or a CI workflow more often than
/// code), its other pages (actions, issues), another host or no repository.
std::optional<std::string> github_repo_containing(std::string_view url);

/// The REST API URL of a repository: BASE/repos/OWNER/REPO.
std::string github_api_url(std::string_view api_base, std::string_view repo);

}  // namespace sg
