#include "cli/links_settings.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "policy/policy.h"
#include "policy/policy_settings.h"
#include "util/error.h"

namespace sg {
namespace {

TEST(LinkSettings, TheListsSoftNotFoundPatternsAreTheBuiltInOnes) {
  // The policy keeps its patterns as data; a list without them gets the same.
  const Policy policy = load_policy(SOURCEGATE_SOURCE_DIR "/policy/policy.json");
  const links::CheckSettings settings = link_settings(policy.links, LinkOptions{});
  EXPECT_EQ(settings.soft_404_patterns, links::default_soft_404_patterns());
}

TEST(LinkSettings, HostRulesAndTheOlderAcceptList) {
  const Policy policy = parse_policy("policy.json", R"({"links": {
    "accept": [{"host_pattern": "doi\\.org", "codes": [403]}],
    "hosts": [
      {"host_pattern": "a\\.example", "accept": [403, 429], "request_timeout_ms": 60000,
       "connect_timeout_ms": 5000, "user_agent": "Mozilla/5.0", "headers": ["X-A: 1"]},
      {"host_pattern": "x\\.com", "unverifiable": "needs a login"}
    ],
    "soft_404_probe": false
  }})");
  const links::CheckSettings settings = link_settings(policy.links, LinkOptions{});
  ASSERT_EQ(settings.hosts.size(), 3U);
  EXPECT_EQ(settings.hosts[0].accept, (std::vector<long>{403, 429}));
  EXPECT_EQ(settings.hosts[0].request_timeout_ms, 60000);
  EXPECT_EQ(settings.hosts[0].connect_timeout_ms, 5000);
  EXPECT_EQ(settings.hosts[0].user_agent, "Mozilla/5.0");
  EXPECT_EQ(settings.hosts[0].headers, std::vector<std::string>{"X-A: 1"});
  EXPECT_EQ(settings.hosts[1].unverifiable, "needs a login");
  EXPECT_EQ(settings.hosts[2].host_pattern, "doi\\.org");
  EXPECT_EQ(settings.hosts[2].accept, std::vector<long>{403});
  EXPECT_FALSE(settings.soft_404_probe);
}

TEST(LinkSettings, ABadHostRuleIsAnErrorWithItsPosition) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("sg-link-settings-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = dir / "policy.json";
  std::ofstream(file) << "{\n  \"links\": {\n    \"hosts\": [\n      {\"host_pattern\": \"a\", "
                         "\"acept\": [403]}\n    ]\n  }\n}\n";
  try {
    load_policy(file.string());
    FAIL() << "a misspelt key must be refused";
  } catch (const InputError& error) {
    EXPECT_EQ(error.location().line, 4);
    EXPECT_NE(std::string(error.what()).find("acept"), std::string::npos) << error.what();
  }
  std::ofstream(file) << "{\"links\": {\"hosts\": [{\"host_pattern\": \"(\"}]}}\n";
  EXPECT_THROW(load_policy(file.string()), InputError);
  std::filesystem::remove_all(dir);
}

// Each key was named in the policy check, read again by the CLI and declared
// in CheckSettings: one missing from a list was silently ignored. Now one
// table reads them; every key of the documented example reaches a setting.
TEST(LinkSettings, EveryKeyOfTheTableLandsInItsSetting) {
  const Policy policy = parse_policy("policy.json", R"({"links": {
    "max_concurrency": 7, "max_per_host": 3, "min_interval_per_host_ms": 11,
    "connect_timeout_ms": 1200, "request_timeout_ms": 3400, "link_deadline_ms": 56000,
    "retries": 5, "retry_base_delay_ms": 70, "retry_max_delay_ms": 8000,
    "max_body_bytes": 9000, "max_header_bytes": 10000, "max_redirects": 4,
    "user_agent": "ua", "ca_file": "ca.pem", "headers": ["X-B: 2"],
    "bot_wall_markers": ["wall"], "include": ["a"], "exclude": ["b"],
    "soft_404_patterns": ["(?i)gone"], "login_wall_patterns": ["login"],
    "fragments": true, "soft_404_probe": false, "github_token_env": "SG_TEST_NO_SUCH_VAR",
    "host_tokens": [{"host": "h.example", "env": "SG_TEST_NO_SUCH_VAR"}],
    "cache_success_hours": 2, "cache_failure_minutes": 3, "prune_unseen_days": 9,
    "dead_after_days": 5
  }})");
  const LinkPolicy& links = policy.links;
  const links::CheckSettings& s = links.settings;
  EXPECT_EQ(s.max_concurrency, 7);
  EXPECT_EQ(s.max_per_host, 3);
  EXPECT_EQ(s.min_interval_per_host_ms, 11);
  EXPECT_EQ(s.connect_timeout_ms, 1200);
  EXPECT_EQ(s.request_timeout_ms, 3400);
  EXPECT_EQ(s.link_deadline_ms, 56000);
  EXPECT_EQ(s.retries, 5);
  EXPECT_EQ(s.retry_base_delay_ms, 70);
  EXPECT_EQ(s.retry_max_delay_ms, 8000);
  EXPECT_EQ(s.max_body_bytes, 9000U);
  EXPECT_EQ(s.max_header_bytes, 10000U);
  EXPECT_EQ(s.max_redirects, 4);
  EXPECT_EQ(s.user_agent, "ua");
  EXPECT_EQ(s.ca_file, "ca.pem");
  EXPECT_EQ(s.extra_headers, std::vector<std::string>{"X-B: 2"});
  EXPECT_EQ(s.bot_wall_markers, std::vector<std::string>{"wall"});
  EXPECT_EQ(s.include, std::vector<std::string>{"a"});
  EXPECT_EQ(s.exclude, std::vector<std::string>{"b"});
  EXPECT_EQ(s.soft_404_patterns, std::vector<std::string>{"(?i)gone"});
  EXPECT_EQ(s.login_wall_patterns, std::vector<std::string>{"login"});
  EXPECT_TRUE(s.check_fragments);
  EXPECT_FALSE(s.soft_404_probe);
  EXPECT_EQ(links.github_token_env, "SG_TEST_NO_SUCH_VAR");
  ASSERT_EQ(links.host_tokens.size(), 1U);
  EXPECT_EQ(links.host_tokens[0].host, "h.example");
  EXPECT_EQ(links.cache_max_age.success, std::chrono::hours(2));
  EXPECT_EQ(links.cache_max_age.failure, std::chrono::minutes(3));
  EXPECT_EQ(links.prune_unseen_days, 9);
  EXPECT_EQ(links.dead_after_days, 5);
  // The example names every key of the table, so a new row needs a line here.
  EXPECT_EQ(field_keys(*find_setting("links")).size(), 30U);

  LinkPolicy readable = links;
  readable.settings.ca_file.clear();  // validation reads the file
  LinkOptions options;
  options.retries = 1;
  options.exclude = {"c"};
  const links::CheckSettings merged = link_settings(readable, options);
  EXPECT_EQ(merged.retries, 1);
  EXPECT_EQ(merged.exclude, (std::vector<std::string>{"b", "c"}));
  EXPECT_TRUE(merged.host_tokens.empty());  // the variable is not set
}

}  // namespace
}  // namespace sg
