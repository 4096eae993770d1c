#include "cli/links_settings.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "policy/policy.h"
#include "util/error.h"

namespace sg {
namespace {

TEST(LinkSettings, TheListsSoftNotFoundPatternsAreTheBuiltInOnes) {
  // The policy keeps its patterns as data; a list without them gets the same.
  const Policy policy = load_policy(SOURCEGATE_SOURCE_DIR "/policy/policy.json");
  const links::CheckSettings settings = link_settings(policy.links, policy.file, LinkOptions{});
  EXPECT_EQ(settings.soft_404_patterns, links::default_soft_404_patterns());
}

TEST(LinkSettings, HostRulesAndTheOlderAcceptList) {
  const auto links = nlohmann::json::parse(R"({
    "hosts": [
      {"host_pattern": "a\\.example", "accept": [403, 429], "request_timeout_ms": 60000,
       "connect_timeout_ms": 5000, "user_agent": "Mozilla/5.0", "headers": ["X-A: 1"]},
      {"host_pattern": "x\\.com", "unverifiable": "needs a login"}
    ],
    "accept": [{"host_pattern": "doi\\.org", "codes": [403]}],
    "soft_404_probe": false
  })");
  const links::CheckSettings settings = link_settings(links, "policy.json", LinkOptions{});
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

}  // namespace
}  // namespace sg
