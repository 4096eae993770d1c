#include "load/json_tree.h"

#include <gtest/gtest.h>

#include "util/error.h"

namespace sg {
namespace {

TEST(JsonTree, RecordsPositionsOfKeysAndValuesDeepInAFile) {
  const std::string text =
      "{\n"
      "  \"groups\": [\n"
      "    { \"entries\": [\n"
      "        { \"title\": \"Stream-K\", \"n\": 42, \"ok\": true }\n"
      "    ] }\n"
      "  ]\n"
      "}\n";
  JsonDocument document = parse_json_tree(text, "f.json");
  const JsonNode& root = document.root;
  ASSERT_TRUE(root.is_object());
  EXPECT_EQ(root.location.line, 1);
  EXPECT_EQ(root.location.column, 1);
  const JsonNode& entry = root.find("groups")->items[0].find("entries")->items[0];
  EXPECT_EQ(entry.location.line, 4);
  EXPECT_EQ(entry.location.column, 9);
  ASSERT_EQ(entry.members.size(), 3U);
  EXPECT_EQ(entry.members[0].key_location.column, 11);
  EXPECT_EQ(entry.members[0].value.location.column, 20);
  EXPECT_EQ(entry.members[1].value.location.column, 37);
  EXPECT_EQ(entry.members[1].value.scalar, 42);
  EXPECT_EQ(entry.members[2].value.location.column, 47);
  EXPECT_EQ(Location(entry.members[2].value.location).file, "f.json");
}

TEST(JsonTree, ColumnsCountCodePointsAndSkipEscapedQuotes) {
  const std::string text = "{\"é\\\"x\": \"a\\\\\", \"k\": 1}";
  JsonDocument document = parse_json_tree(text, "f.json");
  const JsonNode& root = document.root;
  ASSERT_EQ(root.members.size(), 2U);
  EXPECT_EQ(root.members[0].key, "é\"x");
  EXPECT_EQ(root.members[0].key_location.column, 2);
  EXPECT_EQ(root.members[0].value.location.column, 10);
  EXPECT_EQ(root.members[1].key_location.column, 17);
}

TEST(JsonTree, KeepsDuplicateKeys) {
  JsonDocument document = parse_json_tree("{\"a\": 1, \"a\": 2}", "f.json");
  const JsonNode& root = document.root;
  ASSERT_EQ(root.members.size(), 2U);
  EXPECT_EQ(root.members[1].key_location.column, 10);
}

TEST(JsonTree, MalformedInputNamesLineColumnAndShowsTheLine) {
  const std::string text = "{\n  \"title\": \"x\",\n  \"url\" \"y\"\n}\n";
  try {
    parse_json_tree(text, "bad.json");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.location().file, "bad.json");
    EXPECT_EQ(e.location().line, 3);
    EXPECT_EQ(e.location().column, 9);
    EXPECT_EQ(e.source_line(), "  \"url\" \"y\"");
    EXPECT_NE(std::string(e.what()).find("malformed JSON"), std::string::npos);
  }
}

TEST(JsonTree, TruncatedAndEmptyInputAreErrorsNotCrashes) {
  EXPECT_THROW(parse_json_tree("", "e.json"), InputError);
  EXPECT_THROW(parse_json_tree("{\"a\": [1, 2", "e.json"), InputError);
  EXPECT_THROW(parse_json_tree("{\"a\": \"\xff\"}", "e.json"), InputError);
  EXPECT_THROW(parse_json_tree("{} {}", "e.json"), InputError);
}

}  // namespace
}  // namespace sg
