#include "cli/links_settings.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include <fmt/format.h>

#include "util/error.h"
#include "util/text.h"

namespace sg {
namespace {

std::string env(const std::string& name) {
  const char* value = name.empty() ? nullptr : std::getenv(name.c_str());
  return value != nullptr ? value : "";
}

}  // namespace

void add_link_options(CLI::App& command, LinkOptions& options) {
  // The same ceilings as the policy's, so that no value overflows a duration.
  command
      .add_option("--max-concurrency", options.max_concurrency,
                  "Requests in flight across all hosts (default 32)")
      ->check(CLI::Range(1, 10'000));
  command
      .add_option("--max-per-host", options.max_per_host,
                  "Requests in flight to one host (default 4)")
      ->check(CLI::Range(1, 1'000));
  command
      .add_option("--timeout", options.timeout_ms,
                  "Per-attempt timeout in milliseconds, counted from the request's start")
      ->check(CLI::Range(1L, 86'400'000L));
  command.add_option("--retries", options.retries, "Retries after timeouts, resets, 429 and 5xx")
      ->check(CLI::Range(0, 100));
  command.add_option("--user-agent", options.user_agent, "User-Agent header");
  // A list option takes one value per use (--exclude A --exclude B), so that
  // "--exclude PATTERN LIST.md" never swallows the input.
  auto one_value_each = [](CLI::Option* option) { option->allow_extra_args(false); };
  one_value_each(
      command.add_option("--header", options.headers, "Extra request header \"Name: value\""));
  one_value_each(command.add_option("--include", options.include,
                                    "Check only URLs matching this RE2 pattern (repeatable)"));
  one_value_each(command.add_option("--exclude", options.exclude,
                                    "Skip URLs matching this RE2 pattern (repeatable)"));
  one_value_each(command.add_option("--allow-address", options.allow_address,
                                    "Let requests reach this CIDR range (refused by default: "
                                    "loopback, private, link-local, ...)"));
  one_value_each(command.add_option("--resolve", options.resolve,
                                    "Resolve HOST:PORT to ADDR, as curl's option"));
  command.add_flag("--fragments", options.fragments, "Check #fragments against the page's ids");
  command.add_flag("--no-cache", options.no_cache, "Neither read nor write the result cache");
  command.add_flag("--offline", options.offline, "Report from the cache only; fetch nothing");
  command.add_option("--cache", options.cache, "Cache file (default .cache/sourcegate/links.json)");
  command.add_option("--ca-file", options.ca_file,
                     "PEM file of certificate authorities to trust instead of the system's (a "
                     "company proxy's, a test server's)");
  command.add_option("--github-api", options.github_api,
                     "GitHub API base URL for repository checks (default https://api.github.com)");
  command.add_option("--history", options.history,
                     "Remember failures across runs in this file, by UTC day (periodic "
                     "reports); a link is reported dead only after failing on --dead-after days");
  command
      .add_option("--dead-after", options.dead_after,
                  "With --history: a link is dead after failing on this many UTC days with no "
                  "day between on which it worked; the last run of a day decides the day, and "
                  "unverifiable, rate-limited or excluded results count neither way (default: "
                  "the policy's links.dead_after_days, 3)")
      ->check(CLI::Range(1, 1000));
  command
      .add_option("--progress", options.progress, "Progress line on stderr: auto, always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
}

links::CheckSettings link_settings(const LinkPolicy& policy, const LinkOptions& options) {
  links::CheckSettings settings = policy.settings;
  settings.github_token = env(policy.github_token_env);
  for (const LinkPolicy::TokenSource& source : policy.host_tokens) {
    if (std::string value = env(source.env); !value.empty()) {
      settings.host_tokens.push_back({source.host, "Bearer " + value});
    }
  }
  if (options.max_concurrency) {
    settings.max_concurrency = *options.max_concurrency;
  }
  if (options.max_per_host) {
    settings.max_per_host = *options.max_per_host;
  }
  if (options.timeout_ms) {
    settings.request_timeout_ms = *options.timeout_ms;
    settings.connect_timeout_ms = std::min(settings.connect_timeout_ms, *options.timeout_ms);
  }
  if (options.retries) {
    settings.retries = *options.retries;
  }
  if (!options.user_agent.empty()) {
    settings.user_agent = options.user_agent;
  }
  settings.extra_headers.insert(settings.extra_headers.end(), options.headers.begin(),
                                options.headers.end());
  settings.include.insert(settings.include.end(), options.include.begin(), options.include.end());
  const std::vector<std::string> ignored = read_ignore_file(options.ignore_file);
  settings.exclude.insert(settings.exclude.end(), ignored.begin(), ignored.end());
  settings.exclude.insert(settings.exclude.end(), options.exclude.begin(), options.exclude.end());
  for (const std::string& text : options.allow_address) {
    auto cidr = links::parse_cidr(text);
    if (!cidr) {
      throw UsageError(
          fmt::format("--allow-address \"{}\" is not a CIDR range such as "
                      "127.0.0.0/8",
                      text));
    }
    settings.allowed_cidrs.push_back(*cidr);
  }
  settings.resolve = options.resolve;
  settings.check_fragments = settings.check_fragments || options.fragments;
  if (!options.ca_file.empty()) {
    settings.ca_file = options.ca_file;
  }
  if (!options.github_api.empty()) {
    settings.github_api_base = options.github_api;
  }
  if (auto problem = links::validate(settings)) {
    throw UsageError("link settings: " + *problem);
  }
  return settings;
}

links::CacheMode cache_mode(const LinkOptions& options) {
  if (options.offline) {
    return links::CacheMode::offline;
  }
  return options.no_cache ? links::CacheMode::no_cache : links::CacheMode::normal;
}

links::Shard parse_shard_option(const std::string& text) {
  std::string problem;
  if (auto shard = links::parse_shard(text, problem)) {
    return *shard;
  }
  throw UsageError(
      fmt::format("--shard \"{}\" {}: K/N checks the K-th of N shards, for "
                  "example --shard 2/3 in the second of three CI jobs",
                  printable(text), problem));
}

}  // namespace sg
