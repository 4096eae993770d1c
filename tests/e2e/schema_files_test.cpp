// The committed policy and entry files against the generated JSON Schemas,
// checked by a JSON Schema validator (ajv, installed by scripts/dev.sh), and
// the "$schema" keys that point editors at them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "load/entries_loader.h"
#include "support/cli_runner.h"
#include "util/json_schema.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using testing::run_program;
using testing::run_sourcegate;
using testing::source_dir;
using testing::TempDir;

/// Runs ajv on `documents` against `schema`: the exit code and what it said.
testing::CommandOutput validate(const fs::path& schema, const std::vector<fs::path>& documents) {
  const fs::path ajv = testing::test_tool("ajv");
  if (!fs::exists(ajv)) {
    ADD_FAILURE() << ajv.string()
                  << " is missing: scripts/dev.sh installs it (npm ci in scripts/tools)";
    return {};
  }
  std::vector<std::string> args = {"validate", "--spec=draft7", "--strict=true", "-s",
                                   schema.string()};
  for (const fs::path& document : documents) {
    args.push_back("-d");
    args.push_back(document.string());
  }
  return run_program(ajv.string(), args, source_dir() / "scripts/tools");
}

std::vector<fs::path> section_files() {
  std::vector<fs::path> files;
  for (const fs::directory_entry& item : fs::directory_iterator(source_dir() / "entries")) {
    if (is_section_file_name(item.path().filename().string())) {
      files.push_back(item.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(SchemaFiles, CommittedEntrySchemasAreTheTables) {
  const fs::path dir = source_dir() / "docs/schema";
  EXPECT_EQ(testing::read_text(dir / k_section_schema_file), section_json_schema().dump(2) + "\n")
      << "run `sourcegate schema entries > docs/schema/entries.schema.json`";
  EXPECT_EQ(testing::read_text(dir / k_list_schema_file), list_json_schema().dump(2) + "\n")
      << "run `sourcegate schema list > docs/schema/list.schema.json`";
  for (const char* which : {"entries", "list"}) {
    const auto printed = run_sourcegate({"schema", which}, source_dir());
    EXPECT_EQ(printed.exit_code, 0) << printed.err;
    EXPECT_EQ(printed.out, testing::read_text(dir / (std::string(which == std::string("list")
                                                                     ? k_list_schema_file
                                                                     : k_section_schema_file))));
  }
}

TEST(SchemaFiles, CommittedPolicyAndEntriesValidate) {
  const fs::path dir = source_dir() / "docs/schema";
  const auto policy = validate(dir / "policy.schema.json", {source_dir() / "policy/policy.json"});
  EXPECT_EQ(policy.exit_code, 0) << policy.out << policy.err;
  const std::vector<fs::path> sections = section_files();
  ASSERT_GE(sections.size(), 5U);
  const auto entries = validate(dir / k_section_schema_file, sections);
  EXPECT_EQ(entries.exit_code, 0) << entries.out << entries.err;
  const auto list = validate(dir / k_list_schema_file, {source_dir() / "entries/list.json"});
  EXPECT_EQ(list.exit_code, 0) << list.out << list.err;
}

// Each committed file names its schema by the address the schema gives
// itself, so that an editor finds the one the file is checked against.
TEST(SchemaFiles, EachFileNamesItsSchema) {
  auto id_of = [](std::string_view file) {
    return nlohmann::json::parse(testing::read_text(source_dir() / "docs/schema" / file))["$id"];
  };
  auto schema_of = [](const fs::path& file) {
    return nlohmann::json::parse(testing::read_text(file)).value("$schema", std::string());
  };
  EXPECT_EQ(id_of("policy.schema.json"), std::string(k_schema_base_url) + "policy.schema.json");
  EXPECT_EQ(schema_of(source_dir() / "policy/policy.json"), id_of("policy.schema.json"));
  EXPECT_EQ(schema_of(source_dir() / "entries/list.json"), id_of(k_list_schema_file));
  for (const fs::path& section : section_files()) {
    EXPECT_EQ(schema_of(section), id_of(k_section_schema_file)) << section;
  }
}

// The schemas are no rubber stamp: a misspelt policy key, a wrong type and
// an unknown entry field are refused, each at its place.
TEST(SchemaFiles, BadFilesAreRefused) {
  TempDir dir;
  const fs::path schemas = source_dir() / "docs/schema";
  const auto misspelt = validate(schemas / "policy.schema.json",
                                 {dir.write("p.json", R"({"links": {"max_per_hots": 2}})")});
  EXPECT_EQ(misspelt.exit_code, 1) << misspelt.out << misspelt.err;
  EXPECT_THAT(misspelt.out + misspelt.err, HasSubstr("max_per_hots"));
  const auto mistyped = validate(schemas / "policy.schema.json",
                                 {dir.write("q.json", R"({"links": {"retries": "3"}})")});
  EXPECT_EQ(mistyped.exit_code, 1) << mistyped.out << mistyped.err;
  EXPECT_THAT(mistyped.out + mistyped.err, HasSubstr("/links/retries"));
  const auto entry =
      validate(schemas / k_section_schema_file,
               {dir.write("01-s.json",
                          R"({"title": "S", "entries": [{"title": "T", "url": "https://a.example/",
        "kind": "paper", "description": "A paper.", "descripton": "typo"}]})")});
  EXPECT_EQ(entry.exit_code, 1) << entry.out << entry.err;
  EXPECT_THAT(entry.out + entry.err, HasSubstr("descripton"));
}

// "$schema" is for editors: lint ignores it, fmt keeps it first, render
// writes the same list with it as without it.
TEST(SchemaFiles, SchemaKeyChangesNothingButStays) {
  TempDir dir;
  const std::string section =
      R"({"title": "Kernels", "entries": [{"title": "Stream-K", "url": "https://arxiv.org/abs/2301.03598",
        "kind": "paper", "description": "Work-centric GEMM decomposition."}]})";
  const std::string with_schema =
      R"({"title": "Kernels", "$schema": "https://raw.githubusercontent.com/sourcegate/sourcegate/main/docs/schema/entries.schema.json",)" +
      section.substr(section.find("\"entries\"") - 1);
  dir.write("plain/01-kernels.json", section);
  dir.write("marked/01-kernels.json", with_schema);
  const auto plain = run_sourcegate({"render", "--entries", "plain", "-o", "plain.md"}, dir.path());
  const auto marked =
      run_sourcegate({"render", "--entries", "marked", "-o", "marked.md"}, dir.path());
  EXPECT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(marked.exit_code, 0) << marked.err;
  EXPECT_EQ(testing::read_text(dir.path() / "marked.md"),
            testing::read_text(dir.path() / "plain.md"));
  const auto lint = run_sourcegate({"lint", "marked"}, dir.path());
  EXPECT_THAT(lint.out + lint.err, ::testing::Not(HasSubstr("schema")));

  const auto formatted = run_sourcegate({"fmt", "marked"}, dir.path());
  EXPECT_EQ(formatted.exit_code, 0) << formatted.err;
  const std::string text = testing::read_text(dir.path() / "marked/01-kernels.json");
  EXPECT_TRUE(text.starts_with("{\n  \"$schema\": \"https://raw.githubusercontent.com/")) << text;
  EXPECT_THAT(text, HasSubstr("\"title\": \"Kernels\""));
}

}  // namespace
}  // namespace sg
