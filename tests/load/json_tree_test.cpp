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

Location error_location(const std::string& text) {
  try {
    parse_json_tree(text, "e.json");
  } catch (const InputError& e) {
    return e.location();
  }
  return {};
}

TEST(JsonTree, SyntaxErrorsPointAtTheOffendingToken) {
  EXPECT_EQ(error_location("{\n  \"intro\": tru }").column, 12);  // the bad literal
  EXPECT_EQ(error_location("[1, 2,   ,]").column, 10);            // a stray comma
  EXPECT_EQ(error_location("{\"a\": \"x\ny\"}").column, 9);       // a raw line break
  EXPECT_EQ(error_location("{\"a\": 1 \"b\": 2}").column, 9);     // a missing comma
}

TEST(JsonTree, DeepNestingIsAnErrorNotAStackOverflow) {
  const std::string deep(100000, '[');
  try {
    parse_json_tree(deep, "deep.json");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("nested deeper than"), std::string::npos);
    EXPECT_EQ(e.location().line, 1);
  }
}

TEST(JsonTree, NulBytesAreRejectedWhereTheyAre) {
  const std::string text("{\"a\": 1}\n\0{\"b\"", 15);
  EXPECT_EQ(error_location(text).line, 2);
  EXPECT_EQ(error_location(text).column, 1);
}

TEST(JsonTree, ColumnsStayRightFarIntoOneLongLine) {
  std::string text = "[";
  for (int i = 0; i < 5000; ++i) {
    text += "\"é\",";
  }
  text += "1]";
  JsonDocument document = parse_json_tree(text, "long.json");
  // Each item is 4 code points: "é",
  EXPECT_EQ(document.root.items[4999].location.column, 2 + 4999 * 4);
  EXPECT_EQ(document.root.items[5000].location.column, 2 + 5000 * 4);
}

TEST(JsonTree, TruncatedAndEmptyInputAreErrorsNotCrashes) {
  EXPECT_THROW(parse_json_tree("", "e.json"), InputError);
  EXPECT_THROW(parse_json_tree("{\"a\": [1, 2", "e.json"), InputError);
  EXPECT_THROW(parse_json_tree("{\"a\": \"\xff\"}", "e.json"), InputError);
  EXPECT_THROW(parse_json_tree("{} {}", "e.json"), InputError);
}

}  // namespace
}  // namespace sg
