#include "policy/link_policy.h"

#include <chrono>
#include <functional>

#include <fmt/format.h>

#include "policy/policy_values.h"

namespace sg {
namespace {

using namespace policy_values;  // NOLINT(google-build-using-namespace): this file's vocabulary
using links::CheckSettings;

constexpr std::size_t k_day_ms = 24ULL * 3600 * 1000;

/// One policy key: how its value is checked and where it goes.
struct LinkKey {
  std::string_view key;
  std::function<void(const JsonNode& value, const std::string& what, LinkPolicy& out)> read;
};

template <typename T>
LinkKey count(std::string_view key, T CheckSettings::*field, std::size_t ceiling) {
  return {key, [field, ceiling](const JsonNode& value, const std::string& what, LinkPolicy& out) {
            out.settings.*field = static_cast<T>(bounded_count(value, what, ceiling));
          }};
}

LinkKey text(std::string_view key, std::string CheckSettings::*field) {
  return {key, [field](const JsonNode& value, const std::string& what, LinkPolicy& out) {
            out.settings.*field = string_value(value, what);
          }};
}

LinkKey flag(std::string_view key, bool CheckSettings::*field) {
  return {key, [field](const JsonNode& value, const std::string& what, LinkPolicy& out) {
            out.settings.*field = bool_value(value, what);
          }};
}

LinkKey texts(std::string_view key, std::vector<std::string> CheckSettings::*field) {
  return {key, [field](const JsonNode& value, const std::string& what, LinkPolicy& out) {
            out.settings.*field = string_list(value, what);
          }};
}

/// RE2 patterns, compiled here so that a bad one is reported at its position.
LinkKey patterns(std::string_view key, std::vector<std::string> CheckSettings::*field) {
  return {key, [field](const JsonNode& value, const std::string& what, LinkPolicy& out) {
            if (!value.is_array()) {
              fail(value.location, what + " must be an array of RE2 patterns");
            }
            std::vector<std::string> list;
            for (const JsonNode& item : value.items) {
              list.push_back(string_value(item, what));
              compile(list.back(), item.location);
            }
            out.settings.*field = std::move(list);
          }};
}

std::vector<long> status_codes(const JsonNode& value, const std::string& what) {
  if (!value.is_array()) {
    fail(value.location, what + " must be an array of HTTP status codes");
  }
  std::vector<long> codes;
  for (const JsonNode& code : value.items) {
    const std::size_t status = count_value(code, "an HTTP status code");
    if (status < 100 || status > 999) {
      fail(code.location, fmt::format("{} is not an HTTP status code", status));
    }
    codes.push_back(static_cast<long>(status));
  }
  return codes;
}

std::string host_pattern(const JsonNode& rule, std::string_view what) {
  const JsonNode* pattern = rule.find("host_pattern");
  if (pattern == nullptr) {
    fail(rule.location, fmt::format("{} needs \"host_pattern\"", what));
  }
  std::string text = string_value(*pattern, "host_pattern");
  compile(text, pattern->location);
  return text;
}

/// links.hosts: per-host settings, each with a host pattern.
void read_host_rules(const JsonNode& value, const std::string& what, LinkPolicy& out) {
  if (!value.is_array()) {
    fail(value.location, what + " must be an array of {\"host_pattern\", ...}");
  }
  for (const JsonNode& item : value.items) {
    allow_keys(item,
               {"host_pattern", "accept", "unverifiable", "connect_timeout_ms",
                "request_timeout_ms", "user_agent", "headers"},
               "a host rule");
    links::HostRule rule;
    rule.host_pattern = host_pattern(item, "a host rule");
    for (const JsonNode::Member& field : item.members) {
      const std::string name = what + "." + field.key;
      if (field.key == "accept") {
        rule.accept = status_codes(field.value, name);
      } else if (field.key == "connect_timeout_ms") {
        rule.connect_timeout_ms = static_cast<long>(bounded_count(field.value, name, k_day_ms));
      } else if (field.key == "request_timeout_ms") {
        rule.request_timeout_ms = static_cast<long>(bounded_count(field.value, name, k_day_ms));
      } else if (field.key == "headers") {
        rule.headers = string_list(field.value, name);
      } else if (field.key == "unverifiable") {
        rule.unverifiable = string_value(field.value, name);
      } else if (field.key == "user_agent") {
        rule.user_agent = string_value(field.value, name);
      }
    }
    out.settings.hosts.push_back(std::move(rule));
  }
}

/// links.accept, the older shorthand: {"host_pattern", "codes"} accepts statuses.
void read_accept_rules(const JsonNode& value, const std::string& what, LinkPolicy& out) {
  if (!value.is_array()) {
    fail(value.location, what + " must be an array of {\"host_pattern\", \"codes\"}");
  }
  for (const JsonNode& item : value.items) {
    allow_keys(item, {"host_pattern", "codes"}, "an accept rule");
    const JsonNode* codes = item.find("codes");
    if (codes == nullptr) {
      fail(item.location, "an accept rule needs \"host_pattern\" and \"codes\"");
    }
    links::HostRule rule;
    rule.host_pattern = host_pattern(item, "an accept rule");
    rule.accept = status_codes(*codes, "\"codes\"");
    out.settings.hosts.push_back(std::move(rule));
  }
}

void read_host_tokens(const JsonNode& value, const std::string& what, LinkPolicy& out) {
  if (!value.is_array()) {
    fail(value.location, what + " must be an array of {\"host\", \"env\"}");
  }
  for (const JsonNode& token : value.items) {
    allow_keys(token, {"host", "env"}, "a host token");
    LinkPolicy::TokenSource source;
    for (auto [key, field] : {std::pair{"host", &source.host}, std::pair{"env", &source.env}}) {
      const JsonNode* node = token.find(key);
      if (node == nullptr) {
        fail(token.location, fmt::format("a host token needs \"{}\"", key));
      }
      *field = string_value(*node, key);
    }
    out.host_tokens.push_back(std::move(source));
  }
}

/// The one table of `links` keys. A key added to CheckSettings is read from
/// the policy by adding its row here.
const std::vector<LinkKey>& link_keys() {
  static const std::vector<LinkKey> keys = {
      count("max_concurrency", &CheckSettings::max_concurrency, 10'000),
      count("max_per_host", &CheckSettings::max_per_host, 1'000),
      count("min_interval_per_host_ms", &CheckSettings::min_interval_per_host_ms, k_day_ms),
      count("connect_timeout_ms", &CheckSettings::connect_timeout_ms, k_day_ms),
      count("request_timeout_ms", &CheckSettings::request_timeout_ms, k_day_ms),
      count("link_deadline_ms", &CheckSettings::link_deadline_ms, 7 * k_day_ms),
      count("retries", &CheckSettings::retries, 100),
      count("retry_base_delay_ms", &CheckSettings::retry_base_delay_ms, k_day_ms),
      count("retry_max_delay_ms", &CheckSettings::retry_max_delay_ms, k_day_ms),
      count("max_body_bytes", &CheckSettings::max_body_bytes, std::size_t{1} << 30U),
      count("max_header_bytes", &CheckSettings::max_header_bytes, std::size_t{1} << 26U),
      count("max_redirects", &CheckSettings::max_redirects, 100),
      text("user_agent", &CheckSettings::user_agent),
      text("ca_file", &CheckSettings::ca_file),
      texts("headers", &CheckSettings::extra_headers),
      texts("bot_wall_markers", &CheckSettings::bot_wall_markers),
      patterns("include", &CheckSettings::include),
      patterns("exclude", &CheckSettings::exclude),
      patterns("soft_404_patterns", &CheckSettings::soft_404_patterns),
      patterns("login_wall_patterns", &CheckSettings::login_wall_patterns),
      flag("fragments", &CheckSettings::check_fragments),
      flag("soft_404_probe", &CheckSettings::soft_404_probe),
      {"hosts", read_host_rules},
      {"accept", read_accept_rules},
      {"host_tokens", read_host_tokens},
      {"github_token_env",
       [](const JsonNode& value, const std::string& what, LinkPolicy& out) {
         out.github_token_env = string_value(value, what);
       }},
      {"cache_success_hours",
       [](const JsonNode& value, const std::string& what, LinkPolicy& out) {
         out.cache_max_age.success =
             std::chrono::hours(bounded_count(value, what, std::size_t{24} * 3660));
       }},
      {"cache_failure_minutes",
       [](const JsonNode& value, const std::string& what, LinkPolicy& out) {
         out.cache_max_age.failure =
             std::chrono::minutes(bounded_count(value, what, std::size_t{60} * 24 * 366));
       }},
      {"prune_unseen_days",
       [](const JsonNode& value, const std::string& what, LinkPolicy& out) {
         out.prune_unseen_days = static_cast<int>(bounded_count(value, what, 3660));
       }},
      {"dead_after_days",
       [](const JsonNode& value, const std::string& what, LinkPolicy& out) {
         const std::size_t days = bounded_count(value, what, 1000);
         if (days == 0) {
           fail(value.location, what +
                                    " must be at least 1: a link is dead after failing on "
                                    "that many days");
         }
         out.dead_after_days = static_cast<int>(days);
       }},
  };
  return keys;
}

}  // namespace

std::vector<std::string_view> link_policy_keys() {
  std::vector<std::string_view> names;
  for (const LinkKey& key : link_keys()) {
    names.push_back(key.key);
  }
  return names;
}

LinkPolicy read_link_policy(const JsonNode& links) {
  allow_keys(links, link_policy_keys(), "\"links\"");
  LinkPolicy policy;
  auto read = [&](const JsonNode::Member& member) {
    for (const LinkKey& key : link_keys()) {
      if (key.key == member.key) {
        key.read(member.value, "links." + member.key, policy);
      }
    }
  };
  // The older "accept" rules come after "hosts" whatever the order in the
  // file: the first matching rule wins, and "hosts" is the newer way.
  for (const JsonNode::Member& member : links.members) {
    if (member.key != "accept") {
      read(member);
    }
  }
  for (const JsonNode::Member& member : links.members) {
    if (member.key == "accept") {
      read(member);
    }
  }
  return policy;
}

}  // namespace sg
