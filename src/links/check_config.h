#pragma once

#include <re2/re2.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "links/settings.h"
#include "links/url_guard.h"

namespace sg::links {

/// What applies to one host once the host rules are merged over the global
/// settings.
struct HostSettings {
  const std::vector<long>* accept = nullptr;  ///< may be null
  std::string_view unverifiable;              ///< non-empty: never fetched
  long connect_timeout_ms = 0;
  long request_timeout_ms = 0;
  std::string_view user_agent;
  std::vector<const std::string*> headers;
};

/// The settings compiled once for a run: RE2 patterns, host rules, the
/// address guard and the user agent. Throws std::invalid_argument when
/// validate() reports a problem.
class CheckConfig {
 public:
  explicit CheckConfig(CheckSettings settings);

  const CheckSettings& settings() const { return m_settings; }
  const AddressGuard& guard() const { return m_guard; }

  bool included(std::string_view url) const;  ///< by include and exclude
  bool has_include() const { return !m_include.empty(); }
  bool excluded(std::string_view url) const;
  bool login_page(std::string_view url) const;
  /// The part of `text` (a title or heading) that says "not found": the whole
  /// text or a part of it between site-name separators. Empty when none.
  std::string not_found_text(std::string_view text) const;
  bool soft_404_enabled() const { return !m_soft_404.empty(); }
  HostSettings host(std::string_view host) const;
  /// "scheme://host:port" of the GitHub API base.
  const std::string& api_origin() const { return m_api_origin; }

 private:
  using Patterns = std::vector<std::unique_ptr<RE2>>;
  static bool matches_any(const Patterns& patterns, std::string_view text);

  CheckSettings m_settings;
  AddressGuard m_guard;
  Patterns m_include;
  Patterns m_exclude;
  Patterns m_soft_404;
  Patterns m_login_wall;
  Patterns m_hosts;  ///< one per settings.hosts entry
  std::unique_ptr<RE2> m_title_separator;
  std::string m_api_origin;
  std::string m_user_agent;
};

}  // namespace sg::links
