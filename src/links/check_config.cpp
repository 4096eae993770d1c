#include "links/check_config.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include <fmt/format.h>

#include "sourcegate/version.h"
#include "util/text.h"
#include "util/url.h"

namespace sg::links {

namespace {

std::unique_ptr<RE2> compile(const std::string& pattern) {
  RE2::Options options;
  options.set_log_errors(false);
  return std::make_unique<RE2>(pattern, options);
}

bool valid_resolve_entry(std::string_view entry) {
  // [+]HOST:PORT:ADDR[,ADDR]; an IPv6 HOST needs curl 8.13, so HOST has no ':'.
  if (entry.starts_with('+') || entry.starts_with('-')) {
    entry.remove_prefix(1);
  }
  auto first = entry.find(':');
  if (first == std::string_view::npos || first == 0) {
    return false;
  }
  auto second = entry.find(':', first + 1);
  if (second == std::string_view::npos || second == first + 1 || second + 1 >= entry.size()) {
    return false;
  }
  auto port = entry.substr(first + 1, second - first - 1);
  return std::all_of(port.begin(), port.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

std::optional<std::string> header_problem(const std::string& header) {
  auto colon = header.find(':');
  if (colon == std::string::npos || colon == 0 ||
      header.find_first_of("\r\n") != std::string::npos) {
    return fmt::format("header '{}' is not 'Name: value'", header);
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::string> default_soft_404_patterns() {
  return {
      // "404", "Error 404", "404 Not Found", "404 - Page not found", "410 Gone"
      R"((?i)(http )?(error )?(404|410)( error)?([ :.\-]+(page |file |document )?)"
      R"((not found|gone|does not exist|doesn't exist))?[.!]?)",
      // "Page not found", "Not Found", "This page no longer exists"
      R"((?i)(oops[!.,]* )?(sorry[!.,]* )?((the |this )?(page|file|document|article|post|)"
      R"(repository|resource|content)( you (were|are) looking for)? )?(was |is )?)"
      R"((not found|could not be found|cannot be found|can't be found|does not exist|)"
      R"(doesn't exist|no longer exists|no longer available|has been removed|has been deleted)[.!]?)",
      // "We can't find that page", "Nothing found"
      R"((?i)(sorry, )?(we )?(can't|cannot|couldn't|could not) find (that|this|the) page[.!]?)",
      R"((?i)nothing (was )?found( here)?[.!]?)",
  };
}

std::optional<std::string> validate(const CheckSettings& settings) {
  if (settings.max_concurrency < 1) {
    return "max concurrency must be at least 1";
  }
  if (settings.max_per_host < 1) {
    return "max per host must be at least 1";
  }
  if (settings.connect_timeout_ms < 1 || settings.request_timeout_ms < 1 ||
      settings.link_deadline_ms < 1) {
    return "timeouts must be positive";
  }
  if (settings.retries < 0 || settings.retries > 20) {
    return "retries must be between 0 and 20";
  }
  if (settings.max_redirects < 0) {
    return "max redirects must not be negative";
  }
  if (settings.max_body_bytes < 1024 || settings.max_header_bytes < 1024) {
    return "body and header caps must be at least 1 KiB";
  }
  auto check_patterns = [](const std::vector<std::string>& patterns,
                           std::string_view what) -> std::optional<std::string> {
    for (const auto& pattern : patterns) {
      auto re = compile(pattern);
      if (!re->ok()) {
        return fmt::format("{} pattern '{}' is not valid RE2: {}", what, pattern, re->error());
      }
    }
    return std::nullopt;
  };
  for (const auto& [patterns, what] :
       {std::pair{&settings.include, "include"}, std::pair{&settings.exclude, "exclude"},
        std::pair{&settings.soft_404_patterns, "soft-404"},
        std::pair{&settings.login_wall_patterns, "login-wall"}}) {
    if (auto problem = check_patterns(*patterns, what)) {
      return problem;
    }
  }
  for (const HostRule& rule : settings.hosts) {
    if (auto problem = check_patterns({rule.host_pattern}, "host")) {
      return problem;
    }
    if (rule.connect_timeout_ms < 0 || rule.request_timeout_ms < 0) {
      return fmt::format("host '{}': timeouts must be positive", rule.host_pattern);
    }
    for (const auto& header : rule.headers) {
      if (auto problem = header_problem(header)) {
        return problem;
      }
    }
  }
  for (const auto& entry : settings.resolve) {
    if (!valid_resolve_entry(entry)) {
      return fmt::format("resolve entry '{}' is not HOST:PORT:ADDRESS", entry);
    }
  }
  for (const auto& header : settings.extra_headers) {
    if (auto problem = header_problem(header)) {
      return problem;
    }
  }
  if (!settings.ca_file.empty() && ::access(settings.ca_file.c_str(), R_OK) != 0) {
    return fmt::format("CA file '{}' cannot be read", settings.ca_file);
  }
  if (!settings.github_token.empty() && !is_web_url(settings.github_api_base)) {
    return fmt::format("GitHub API base '{}' is not an http(s) URL", settings.github_api_base);
  }
  return std::nullopt;
}

CheckConfig::CheckConfig(CheckSettings settings)
    : m_settings(std::move(settings)), m_guard(m_settings.allowed_cidrs) {
  if (auto problem = validate(m_settings)) {
    throw std::invalid_argument("invalid link check settings: " + *problem);
  }
  for (const auto& [source, target] :
       {std::pair{&m_settings.include, &m_include}, std::pair{&m_settings.exclude, &m_exclude},
        std::pair{&m_settings.soft_404_patterns, &m_soft_404},
        std::pair{&m_settings.login_wall_patterns, &m_login_wall}}) {
    for (const auto& pattern : *source) {
      target->push_back(compile(pattern));
    }
  }
  for (const HostRule& rule : m_settings.hosts) {
    m_hosts.push_back(compile(rule.host_pattern));
  }
  // Site names sit before or after the page's own title, set off by a
  // spaced bar, dash, dot or arrow: "Page not found | Example".
  m_title_separator = compile(R"(\s+(?:\||-|–|—|·|•|»|::)\s+)");
  m_api_origin = url_origin(m_settings.github_api_base);
  m_user_agent = m_settings.user_agent.empty()
                     ? fmt::format("sourcegate/{} (link checker)", kVersion)
                     : m_settings.user_agent;
}

// RE2 is handed re2::StringPiece built from pointer and size: where Abseil's
// string_view is a type of its own (Debian 13), std::string_view does not convert.
bool CheckConfig::matches_any(const Patterns& patterns, std::string_view text) {
  const re2::StringPiece subject(text.data(), text.size());
  return std::any_of(patterns.begin(), patterns.end(),
                     [&](const auto& re) { return RE2::PartialMatch(subject, *re); });
}

bool CheckConfig::included(std::string_view url) const { return matches_any(m_include, url); }

bool CheckConfig::excluded(std::string_view url) const { return matches_any(m_exclude, url); }

bool CheckConfig::login_page(std::string_view url) const { return matches_any(m_login_wall, url); }

std::string CheckConfig::not_found_text(std::string_view text) const {
  auto whole = [this](std::string_view part) {
    const re2::StringPiece subject(part.data(), part.size());
    return std::any_of(m_soft_404.begin(), m_soft_404.end(),
                       [&](const auto& re) { return RE2::FullMatch(subject, *re); });
  };
  text = trim(text);
  if (text.empty()) {
    return {};
  }
  if (whole(text)) {
    return std::string(text);
  }
  const re2::StringPiece whole_text(text.data(), text.size());
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.size();
    std::size_t next = text.size();
    re2::StringPiece separator;
    if (m_title_separator->Match(whole_text, start, text.size(), RE2::UNANCHORED, &separator, 1)) {
      end = static_cast<std::size_t>(separator.data() - text.data());
      next = end + separator.size();
    }
    std::string_view part = trim(text.substr(start, end - start));
    if (!part.empty() && whole(part)) {
      return std::string(part);
    }
    start = next;
  }
  return {};
}

HostSettings CheckConfig::host(std::string_view host) const {
  HostSettings merged;
  merged.connect_timeout_ms = m_settings.connect_timeout_ms;
  merged.request_timeout_ms = m_settings.request_timeout_ms;
  merged.user_agent = m_user_agent;
  bool timeout_set = false;
  bool connect_set = false;
  bool agent_set = false;
  const re2::StringPiece host_text(host.data(), host.size());
  for (std::size_t i = 0; i < m_hosts.size(); ++i) {
    if (!RE2::FullMatch(host_text, *m_hosts[i])) {
      continue;
    }
    const HostRule& rule = m_settings.hosts[i];
    if (merged.accept == nullptr && !rule.accept.empty()) {
      merged.accept = &rule.accept;
    }
    if (merged.unverifiable.empty()) {
      merged.unverifiable = rule.unverifiable;
    }
    if (!connect_set && rule.connect_timeout_ms > 0) {
      merged.connect_timeout_ms = rule.connect_timeout_ms;
      connect_set = true;
    }
    if (!timeout_set && rule.request_timeout_ms > 0) {
      merged.request_timeout_ms = rule.request_timeout_ms;
      timeout_set = true;
    }
    if (!agent_set && !rule.user_agent.empty()) {
      merged.user_agent = rule.user_agent;
      agent_set = true;
    }
    for (const std::string& header : rule.headers) {
      merged.headers.push_back(&header);
    }
  }
  return merged;
}

}  // namespace sg::links
