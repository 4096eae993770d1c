#include "util/github_url.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "util/text.h"
#include "util/url.h"

namespace sg {

std::optional<std::string> github_repo_of(std::string_view url) {
  std::optional<Url> parsed = parse_url(url);
  if (!parsed || !parsed->is_web()) {
    return std::nullopt;
  }
  const Url parts = normalize(std::move(*parsed));
  if (parts.site_host() != "github.com" || parts.port != 0 || parts.has_query) {
    return std::nullopt;
  }
  std::string_view path = parts.path;
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

std::optional<std::string> github_repo_containing(std::string_view url) {
  std::optional<Url> parsed = parse_url(url);
  if (!parsed || !parsed->is_web()) {
    return std::nullopt;
  }
  const Url parts = normalize(std::move(*parsed));
  if (parts.site_host() != "github.com" || parts.port != 0) {
    return std::nullopt;
  }
  // The repository's root: its first two segments, when what follows them
  // is a folder of its code.
  const std::string_view path = parts.path;
  const std::size_t owner_end = path.find('/', 1);
  const std::size_t repo_end =
      owner_end == std::string_view::npos ? owner_end : path.find('/', owner_end + 1);
  if (repo_end != std::string_view::npos) {
    const std::string_view rest = path.substr(repo_end);
    if (rest != "/" && !rest.starts_with("/tree/")) {
      return std::nullopt;
    }
  }
  return github_repo_of("https://github.com" + std::string(path.substr(0, repo_end)));
}

std::string github_api_url(std::string_view api_base, std::string_view repo) {
  while (api_base.ends_with('/')) {
    api_base.remove_suffix(1);
  }
  return fmt::format("{}/repos/{}", api_base, repo);
}

}  // namespace sg
