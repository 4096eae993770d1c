#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "links/test_server.h"
#include "support/cli_runner.h"

namespace sg {
namespace {

using ::testing::HasSubstr;
using testing::run_sourcegate;
using testing::TempDir;

/// The list's hosts and the paths it links to on each. With three shards,
/// delta.test falls in the first, beta.test in the second and the other
/// four in the third.
const std::vector<std::pair<std::string, std::vector<std::string>>> k_links = {
    {"alpha.test", {"/ok", "/gone"}},  {"beta.test", {"/ok", "/gone"}},
    {"gamma.test", {"/ok", "/moved"}}, {"delta.test", {"/ok", "/gone", "/moved"}},
    {"epsilon.test", {"/ok"}},         {"zeta.test", {"/gone", "/moved"}}};

/// One loopback server answering for every host: /ok, /gone (404), /moved
/// (301 to /ok). A Markdown list links to each host, with a link written
/// twice, a mailto: link and an #anchor that is missing.
class LinksShard : public ::testing::Test {
 protected:
  void SetUp() override {
    serve_ok_gone_moved(m_server);
    m_server.start();
    std::string list = "# List\n\n## Links\n\n- [Anchor](#nowhere) - Points at nothing.\n";
    for (const auto& [host, paths] : k_links) {
      for (const std::string& path : paths) {
        list += "- [" + host + path + "](" + url(host, path) + ") - A page.\n";
      }
    }
    list += "- [Again](" + url("beta.test", "/gone") + ") - Written twice.\n";
    list += "- [Write](mailto:lists@a.example) - Mail.\n";
    m_dir.write("README.md", list);
  }

  std::string url(const std::string& host, const std::string& path) const {
    return "http://" + host + ":" + std::to_string(m_server.port()) + path;
  }
  testing::CommandOutput links(std::vector<std::string> extra) const {
    std::vector<std::string> args = {
        "links", "README.md", "--allow-address", "127.0.0.0/8", "--no-cache", "--retries", "0"};
    for (const auto& [host, paths] : k_links) {
      args.emplace_back("--resolve");
      args.push_back(host + ":" + std::to_string(m_server.port()) + ":127.0.0.1");
    }
    args.insert(args.end(), extra.begin(), extra.end());
    return run_sourcegate(args, m_dir.path());
  }
  /// Runs shards 1/3..3/3 into shard-K.json and returns their reports.
  std::vector<nlohmann::json> run_shards() const {
    std::vector<nlohmann::json> reports;
    for (int k = 1; k <= 3; ++k) {
      const std::string name = "shard-" + std::to_string(k) + ".json";
      auto shard = links({"--shard", std::to_string(k) + "/3", "--format", "json"});
      EXPECT_NE(shard.exit_code, 2) << shard.err;
      m_dir.write(name, shard.out);
      reports.push_back(nlohmann::json::parse(shard.out));
    }
    return reports;
  }
  testing::CommandOutput merge(std::vector<std::string> args) const {
    args.insert(args.begin(), "merge");
    return run_sourcegate(args, m_dir.path());
  }

  links::testing::TestServer m_server;
  TempDir m_dir;
};

TEST_F(LinksShard, MergedShardsEqualTheUnshardedRunByteForByte) {
  auto whole = links({"--format", "json", "--zero-timings"});
  ASSERT_EQ(whole.exit_code, 1) << whole.err;
  const auto whole_report = nlohmann::json::parse(whole.out);
  ASSERT_EQ(whole_report["links"].size(), 13U);  // 12 distinct web links and a mailto:
  std::set<std::string> rules;
  for (const auto& d : whole_report["diagnostics"]) {
    rules.insert(d["rule"].get<std::string>());
  }
  EXPECT_EQ(rules, (std::set<std::string>{"link/anchor", "link/broken", "link/redirected"}));

  run_shards();
  auto merged =
      merge({"shard-3.json", "shard-1.json", "shard-2.json", "--format", "json", "--zero-timings"});
  EXPECT_EQ(merged.exit_code, whole.exit_code) << merged.err;
  EXPECT_EQ(merged.out, whole.out);

  auto whole_text = links({"--color", "never"});
  auto merged_text = merge({"shard-1.json", "shard-2.json", "shard-3.json", "--color", "never"});
  EXPECT_EQ(merged_text.out, whole_text.out);
  EXPECT_THAT(merged_text.out, HasSubstr("13 links: 6 errors, 3 warnings"));
}

TEST_F(LinksShard, EveryLinkLandsInExactlyOneShardAndEachHostInOne) {
  const auto whole = nlohmann::json::parse(links({"--format", "json"}).out);
  std::multiset<std::string> sharded_urls;
  std::map<std::string, std::set<int>> shards_of_host;
  const std::vector<nlohmann::json> shards = run_shards();
  for (int k = 1; k <= 3; ++k) {
    const nlohmann::json& report = shards[static_cast<std::size_t>(k - 1)];
    const auto& shard = report["summary"]["shard"];
    EXPECT_EQ(shard["index"], k);
    EXPECT_EQ(shard["count"], 3);
    EXPECT_EQ(report["summary"]["links"].get<std::size_t>() +
                  shard["links_in_other_shards"].get<std::size_t>(),
              whole["links"].size());
    EXPECT_FALSE(report["links"].empty()) << "shard " << k << " has no links to test with";
    for (const auto& link : report["links"]) {
      const std::string url = link["url"];
      sharded_urls.insert(url);
      const std::size_t start = url.find("://");
      const std::string host = start == std::string::npos
                                   ? std::string()
                                   : url.substr(start + 3, url.find(':', start + 3) - start - 3);
      shards_of_host[host].insert(k);
      EXPECT_EQ(whole["links"][link["position"].get<std::size_t>()]["url"], url);
    }
  }
  std::multiset<std::string> whole_urls;
  for (const auto& link : whole["links"]) {
    whole_urls.insert(link["url"].get<std::string>());
  }
  EXPECT_EQ(sharded_urls, whole_urls);
  EXPECT_EQ(shards_of_host.size(), k_links.size() + 1);  // and the mailto: link's
  for (const auto& [host, holding] : shards_of_host) {
    EXPECT_EQ(holding.size(), 1U) << host;
  }
  EXPECT_EQ(shards_of_host["delta.test"], std::set<int>{1});
  EXPECT_EQ(shards_of_host["beta.test"], std::set<int>{2});
  EXPECT_EQ(shards_of_host["alpha.test"], std::set<int>{3});
}

TEST_F(LinksShard, TheSummarySaysWhichShardAndHowManyLinksAreElsewhere) {
  auto shard = links({"--shard", "1/3", "--color", "never"});
  // delta.test serves /ok, /gone and /moved, and the first shard alone
  // reports the missing anchor.
  EXPECT_EQ(shard.exit_code, 1) << shard.err;
  EXPECT_THAT(shard.out, HasSubstr("3 links: 2 errors, 1 warning\n"
                                   "shard 1/3: 10 links of the run belong to other shards "
                                   "and are neither checked nor counted here\n"));
  EXPECT_THAT(shard.out, HasSubstr("[link/anchor]"));
  auto second = links({"--shard", "2/3", "--color", "never"});
  EXPECT_THAT(second.out, ::testing::Not(HasSubstr("[link/anchor]")));
  auto dump = links({"--shard", "2/3", "--dump"});
  EXPECT_EQ(dump.exit_code, 0) << dump.err;
  EXPECT_THAT(dump.out, HasSubstr(url("beta.test", "/ok")));
  EXPECT_THAT(dump.out, ::testing::Not(HasSubstr("delta.test")));
  EXPECT_THAT(dump.out, ::testing::Not(HasSubstr("alpha.test")));
}

TEST_F(LinksShard, BadShardValuesAreUsageErrors) {
  const std::map<std::string, std::string> bad = {
      {"0/3", "--shard \"0/3\" has K = 0; K picks one of the N shards, from 1 to 3"},
      {"4/3", "--shard \"4/3\" has K = 4"},
      {"1/0", "--shard \"1/0\" has N = 0"},
      {"3", "--shard \"3\" is not K/N, two whole numbers such as 2/3"},
      {"two/three", "--shard \"two/three\" is not K/N"},
      {"", "--shard \"\" is not K/N"}};
  for (const auto& [value, message] : bad) {
    auto result = links({"--shard", value});
    EXPECT_EQ(result.exit_code, 2) << value;
    EXPECT_EQ(result.out, "") << value;
    EXPECT_THAT(result.err, HasSubstr(message)) << value;
  }
}

TEST_F(LinksShard, MergeRefusesOverlappingOrMissingShardsNamingTheFiles) {
  run_shards();
  auto twice = merge({"shard-1.json", "shard-2.json", "shard-3.json", "shard-2.json"});
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_EQ(twice.out, "");
  EXPECT_THAT(twice.err, HasSubstr("shard-2.json: error: is shard 2/3, and so is shard-2.json"));
  auto missing = merge({"shard-1.json", "shard-3.json"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr("shard-1.json: error: shard 2/3 is missing"));
  auto whole = links({"--format", "json"});
  m_dir.write("whole.json", whole.out);
  auto unsharded = merge({"whole.json"});
  EXPECT_EQ(unsharded.exit_code, 2);
  EXPECT_THAT(unsharded.err, HasSubstr("whole.json: error: not a shard's report"));
}

}  // namespace
}  // namespace sg
