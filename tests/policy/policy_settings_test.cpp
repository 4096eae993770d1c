#include "policy/policy_settings.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>

#include <fmt/format.h>

#include "links/settings.h"
#include "policy/policy.h"
#include "policy/policy_reference.h"
#include "sourcegate/shipped_policy.h"
#include "support/cli_runner.h"
#include "util/error.h"

namespace sg {
namespace {

using ::testing::HasSubstr;

/// Every setting a policy can name outside a collection's items, with the
/// JSON that sets it to its example: {"links": {"retries": 3}}.
void for_each_placed_setting(
    const Setting& object, const std::function<std::string(const std::string&)>& wrap,
    const std::string& path,
    const std::function<void(const Setting&, const std::string&, const std::string&)>& visit) {
  for (const Setting& field : object.fields) {
    const std::string field_path =
        path.empty() ? std::string(field.key) : fmt::format("{}.{}", path, field.key);
    visit(field, field_path, wrap(fmt::format("{{\"{}\": {}}}", field.key, field.example)));
    if (field.type == SettingType::object) {
      for_each_placed_setting(
          field,
          [&](const std::string& inner) {
            return wrap(fmt::format("{{\"{}\": {}}}", field.key, inner));
          },
          field_path, visit);
    }
  }
}

// An example that does not load would teach a wrong policy: each one,
// placed where it goes, is a policy the loader accepts (with the classes
// the examples name).
TEST(PolicySettings, EveryExampleLoadsWhereItGoes) {
  const std::string classes =
      R"("classes": {"paper": {"primary": true, "kinds": ["paper"]}, "blog": {},
          "docs": {"primary": true, "kinds": ["docs"]}, "home page": {}, "marketing": {},
          "engineering blog": {}})";
  int examples = 0;
  for_each_placed_setting(
      policy_settings(), [](const std::string& json) { return json; }, "",
      [&](const Setting& setting, const std::string& path, const std::string& json) {
        if (setting.key == "classes") {
          return;  // the classes above stand for it
        }
        std::string policy = "{" + classes + ", " + json.substr(1);
        // Pages become first-party only with a class to become.
        const std::string first_party = R"("first_party": {)";
        if (const auto at = policy.find(first_party); at != std::string::npos) {
          policy.insert(at + first_party.size(), R"("to_class": "docs", )");
        }
        // Bylines credit pages only with a class for them.
        const std::string bylines = R"("bylines": {)";
        if (const auto at = policy.find(bylines);
            at != std::string::npos && policy.find(R"("class")", at) == std::string::npos) {
          policy.insert(at + bylines.size(), R"("class": "blog", )");
        }
        EXPECT_NO_THROW(parse_policy("p.json", policy)) << path << ": " << policy;
        ++examples;
      });
  EXPECT_GT(examples, 60);
}

TEST(PolicySettings, DefaultsAreTheCodes) {
  const links::CheckSettings built_in;
  EXPECT_EQ(find_setting("links.max_concurrency")->default_value, built_in.max_concurrency);
  EXPECT_EQ(find_setting("links.soft_404_patterns")->default_value,
            links::default_soft_404_patterns());
  EXPECT_EQ(find_setting("description.min_length")->default_value,
            empty_policy().description_min_length);
  EXPECT_EQ(find_setting("links.cache_success_hours")->default_value, 24);
  EXPECT_EQ(find_setting("links.hosts.accept")->type, SettingType::status_codes);
  EXPECT_EQ(find_setting("links.no_such_key"), nullptr);
}

// Key checks come from the table: an unknown key is refused at its
// position with the nearest key of its own object.
TEST(PolicySettings, UnknownKeysAreRefusedWithTheTablesKeys) {
  try {
    parse_policy("p.json", R"({"links": {"max_per_hots": 2}})");
    FAIL() << "accepted an unknown key";
  } catch (const InputError& error) {
    EXPECT_EQ(error.location().line, 1);
    EXPECT_EQ(error.location().column, 12);
    EXPECT_THAT(error.what(), HasSubstr("unknown key \"max_per_hots\" in \"links\"; did you mean "
                                        "\"max_per_host\"?"));
  }
  try {
    parse_policy("p.json", R"({"description": {"min_length": 5, "final_periods": true}})");
    FAIL() << "accepted an unknown key";
  } catch (const InputError& error) {
    EXPECT_THAT(error.what(), HasSubstr("did you mean \"final_period\"?"));
  }
}

// A redirect wrapper not written host/path?parameter would never match:
// refused at its place.
TEST(PolicySettings, AMalformedRedirectWrapperIsRefusedAtItsPlace) {
  try {
    parse_policy("p.json",
                 R"({"canonical": {"redirect_wrappers": ["google.com/url?q", "l.php"]}})");
    FAIL() << "accepted a malformed redirect wrapper";
  } catch (const InputError& error) {
    EXPECT_EQ(error.location().line, 1);
    EXPECT_EQ(error.location().column, 58);
    EXPECT_THAT(error.what(), HasSubstr("redirect wrapper \"l.php\" is not written "
                                        "host/path?parameter"));
  }
}

// "$comment" in a table of patterns is a note for the reader, not a
// pattern that could match.
TEST(PolicySettings, ACommentInAPatternTableIsNoPattern) {
  const Policy policy = parse_policy(
      "p.json", R"({"secondary_titles": {"$comment": "survey", "a survey": "(?i)^a survey"}})");
  ASSERT_EQ(policy.secondary_titles.patterns.size(), 1U);
  EXPECT_FALSE(policy.secondary_titles.first_match("The survey results"));
  EXPECT_TRUE(policy.secondary_titles.first_match("A survey of GPUs"));
}

TEST(PolicySettings, SchemaKeyIsAcceptedAndIgnored) {
  const Policy with = parse_policy(
      "p.json",
      R"({"$schema": "../docs/schema/policy.schema.json", "group_size": {"max_links": 4}})");
  EXPECT_EQ(with.group_max_links, 4U);
  EXPECT_THROW(parse_policy("p.json", R"({"$schema": 7})"), InputError);
}

TEST(PolicySettings, CommittedFilesAreTheTable) {
  const auto root = testing::source_dir();
  EXPECT_EQ(testing::read_text(root / k_policy_doc_path), policy_reference())
      << "docs/policy.md is stale: run `sourcegate policy-keys --markdown > docs/policy.md`";
  EXPECT_EQ(testing::read_text(root / k_policy_schema_path), policy_json_schema().dump(2) + "\n")
      << "docs/schema/policy.schema.json is stale: run `sourcegate schema policy > "
         "docs/schema/policy.schema.json`";
}

// The shipped policy is compiled in byte by byte (it is longer than the
// longest string literal compilers must accept): no byte lost or changed,
// UTF-8 included.
TEST(PolicySettings, TheShippedPolicyIsPolicyJsonByteForByte) {
  EXPECT_EQ(std::string(k_shipped_policy),
            testing::read_text(testing::source_dir() / "policy/policy.json"));
}

TEST(PolicySettings, ThePageNamesEveryKeyWithAnExample) {
  const std::string page = policy_reference();
  for (const char* path :
       {"classes.*.path_pattern", "hosts[].domain", "url_shapes.on_any_host.*.pattern",
        "first_party.publishers.*.names", "links.hosts[].unverifiable", "links.accept[].codes",
        "links.host_tokens[].env", "links.dead_after_days", "rules", "$schema"}) {
    EXPECT_THAT(page, HasSubstr(fmt::format("\n### `{}`\n", path))) << path;
  }
  for (const std::string_view key : field_keys(*find_setting("links"))) {
    EXPECT_THAT(page, HasSubstr(fmt::format("\n### `links.{}`\n", key))) << key;
  }
  EXPECT_THAT(page, HasSubstr("```json\n{\"links\": {\"retries\": 3}}\n```"));
}

TEST(PolicySettings, CommandsPrintTheGeneratedFiles) {
  const auto page = testing::run_sourcegate({"policy-keys", "--markdown"}, testing::source_dir());
  EXPECT_EQ(page.exit_code, 0) << page.err;
  EXPECT_EQ(page.out, policy_reference());
  const auto schema = testing::run_sourcegate({"schema", "policy"}, testing::source_dir());
  EXPECT_EQ(schema.exit_code, 0) << schema.err;
  EXPECT_EQ(schema.out, policy_json_schema().dump(2) + "\n");
  const auto list = testing::run_sourcegate({"policy-keys"}, testing::source_dir());
  EXPECT_THAT(list.out, HasSubstr("links.max_per_host"));
  const auto unknown = testing::run_sourcegate({"schema", "polcy"}, testing::source_dir());
  EXPECT_EQ(unknown.exit_code, 2);
}

}  // namespace
}  // namespace sg
