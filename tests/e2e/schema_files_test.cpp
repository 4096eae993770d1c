// The generated JSON Schemas of entry files, checked by a JSON Schema
// validator (ajv, installed by scripts/dev.sh).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "load/entries_loader.h"
#include "support/cli_runner.h"

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

}  // namespace
}  // namespace sg
