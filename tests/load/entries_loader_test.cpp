#include "load/entries_loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "util/error.h"

namespace sg {
namespace {

using ::testing::HasSubstr;

LoadResult load_section(const std::string& text) {
  LoadResult result;
  load_entries_text("entries/01-x.json", text, result);
  return result;
}

/// A section holding one entry whose members are `members` (JSON text).
std::string section_with_entry(const std::string& members) {
  return "{\n  \"title\": \"S\",\n  \"entries\": [\n    {" + members + "}\n  ]\n}\n";
}

const std::string k_valid =
    R"("title": "Stream-K", "url": "https://arxiv.org/abs/2301.03598", "kind": "paper", )"
    R"("description": "Work-centric GEMM decomposition.")";

TEST(EntriesLoader, LoadsEveryFieldOfAValidEntry) {
  LoadResult result = load_section(
      "{\n"
      "  \"title\": \"Frontier\",\n"
      "  \"intro\": \"Kept apart.\",\n"
      "  \"volatile\": {\"verified\": \"2026-10-17\", \"max_age_days\": 90},\n"
      "  \"groups\": [\n"
      "    {\"title\": \"G\", \"entries\": [\n"
      "      {\"title\": \"R\", \"url\": \"https://blog.example/r\", \"kind\": \"report\",\n"
      "       \"description\": \"D.\",\n"
      "       \"claim\": {\"hardware\": \"H100\", \"workload\": \"4096^3\", \"precision\": "
      "\"FP8\",\n"
      "                 \"baseline\": \"cuBLAS 12.4\", \"correctness\": \"max abs error\"},\n"
      "       \"code\": \"https://github.com/o/r\", \"verified\": \"2026-11-01\",\n"
      "       \"waive\": [{\"rule\": \"source/not-primary\", \"reason\": \"Implementer.\"}]}\n"
      "    ]}\n"
      "  ]\n"
      "}\n");
  EXPECT_TRUE(result.diagnostics.empty());
  ASSERT_EQ(result.list.sections.size(), 1U);
  const Section& section = result.list.sections[0];
  EXPECT_EQ(section.intro, "Kept apart.");
  ASSERT_TRUE(section.volatile_info.has_value());
  EXPECT_EQ(section.volatile_info->max_age_days, 90);
  const Entry& entry = section.groups.at(0).entries.at(0);
  EXPECT_EQ(entry.kind, EntryKind::report);
  ASSERT_TRUE(entry.claim.has_value());
  EXPECT_EQ(entry.claim->baseline, "cuBLAS 12.4");
  EXPECT_EQ(entry.code, "https://github.com/o/r");
  EXPECT_EQ(entry.verified, "2026-11-01");
  ASSERT_EQ(entry.waivers.size(), 1U);
  EXPECT_EQ(entry.waivers[0].reason, "Implementer.");
  EXPECT_EQ(entry.location.line, 7);
  EXPECT_EQ(entry.location.column, 7);
  EXPECT_EQ(entry.where("code").line, 11);
  EXPECT_EQ(entry.where("code").column, 8);
  EXPECT_EQ(entry.where("claim").line, 9);
}

struct SchemaCase {
  const char* name;
  std::string members;
  const char* message;
  const char* hint;
};

class SchemaErrors : public ::testing::TestWithParam<SchemaCase> {};

TEST_P(SchemaErrors, ReportEntrySchemaWithPositionMessageAndHint) {
  LoadResult result = load_section(section_with_entry(GetParam().members));
  ASSERT_EQ(result.diagnostics.size(), 1U) << GetParam().name;
  const Diagnostic& d = result.diagnostics[0];
  EXPECT_EQ(d.rule, "entry/schema");
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.location.file, "entries/01-x.json");
  EXPECT_EQ(d.location.line, 4);
  EXPECT_GT(d.location.column, 0);
  EXPECT_THAT(d.message, HasSubstr(GetParam().message));
  EXPECT_THAT(d.hint, HasSubstr(GetParam().hint));
}

INSTANTIATE_TEST_SUITE_P(
    EntriesLoader, SchemaErrors,
    ::testing::Values(
        SchemaCase{"javascript url",
                   R"("title": "T", "url": "javascript:void", "kind": "paper", )"
                   R"("description": "D.")",
                   "\"url\" is a javascript: URL", "link an https:// URL"},
        SchemaCase{"url with credentials",
                   R"("title": "T", "url": "https://user:secret@a.example/", "kind": "paper", )"
                   R"("description": "D.")",
                   "\"url\" is a URL with credentials in it", "link an https:// URL"},
        SchemaCase{"url with a space",
                   R"("title": "T", "url": "https://a b/", "kind": "paper", )"
                   R"("description": "D.")",
                   "\"url\" is not an absolute URL", "link an https:// URL"},
        SchemaCase{"missing", R"("title": "T", "url": "https://a.b/", "kind": "paper")",
                   "missing required field \"description\"", "add \"description\""},
        SchemaCase{"unknown", k_valid + R"(, "urll": "x")", "unknown field \"urll\"",
                   "did you mean \"url\"?"},
        SchemaCase{"wrong type",
                   R"("title": 7, "url": "https://a.b/", "kind": "paper", )"
                   R"("description": "D.")",
                   "field \"title\" must be a string, got 7", "change the value"},
        SchemaCase{"bad kind",
                   R"("title": "T", "url": "https://a.b/", "kind": "blog", )"
                   R"("description": "D.")",
                   "\"blog\" is not an entry kind", "paper, spec, docs, repo, report, note"},
        SchemaCase{"bad date", k_valid + R"(, "verified": "2026-02-30")",
                   "must be a calendar date YYYY-MM-DD, got \"2026-02-30\"", "2026-10-17"},
        SchemaCase{"waiver without reason", k_valid + R"(, "waive": [{"rule": "x/y"}])",
                   "waiver is missing required field \"reason\"", "add \"reason\""},
        SchemaCase{"empty waiver reason", k_valid + R"(, "waive": [{"rule": "x/y", "reason": ""}])",
                   "field \"reason\" must not be empty", "fill in"},
        SchemaCase{"duplicate key", k_valid + R"(, "kind": "docs")", "given twice", "keep one"},
        SchemaCase{"no url", R"("title": "T", "kind": "paper", "description": "D.")",
                   "missing required field \"url\"", "canonical link"},
        SchemaCase{"note with url",
                   R"("title": "T", "url": "https://a.b/", "kind": "note", )"
                   R"("description": "D.")",
                   "a note has no \"url\"", "remove it"},
        SchemaCase{"url and links",
                   k_valid + R"(, "links": [{"label": "Stream", "url": "https://u.example/"},)"
                             R"( {"label": "K", "url": "https://v.example/"}])",
                   "both \"url\" and \"links\"", "several resources"},
        SchemaCase{
            "label not in title",
            R"("title": "vLLM and SGLang", "links": [{"label": "vLLM", "url": "https://u.example/"},)"
            R"( {"label": "TGI", "url": "https://v.example/"}], "kind": "repo", "description": "D.")",
            "link label \"TGI\" does not appear in the title", "title order"},
        SchemaCase{"claim not an object", k_valid + R"(, "claim": "fast")",
                   "field \"claim\" must be an object", "change the value"}),
    [](const ::testing::TestParamInfo<SchemaCase>& param_info) {
      std::string name = param_info.param.name;
      for (char& c : name) {
        if (c == ' ') {
          c = '_';
        }
      }
      return name;
    });

TEST(EntriesLoader, SectionAndVolatileFieldsAreChecked) {
  LoadResult result = load_section(
      "{\"title\": \"S\", \"volatile\": {\"verified\": \"2026-1-1\", \"max_age_days\": -3},\n"
      " \"group\": []}\n");
  sort_diagnostics(result.diagnostics);
  ASSERT_EQ(result.diagnostics.size(), 3U);
  EXPECT_THAT(result.diagnostics[0].message, HasSubstr("\"verified\" must be a calendar date"));
  EXPECT_THAT(result.diagnostics[1].message,
              HasSubstr("\"max_age_days\" must be a whole number from 1, at most 99999"));
  EXPECT_THAT(result.diagnostics[2].message, HasSubstr("unknown field \"group\" in section"));
  EXPECT_THAT(result.diagnostics[2].hint, HasSubstr("did you mean \"groups\"?"));
  EXPECT_EQ(result.diagnostics[2].location.line, 2);
  EXPECT_EQ(result.diagnostics[2].location.column, 2);
}

TEST(EntriesLoader, ALineBreakCannotInjectStructureIntoTheRenderedList) {
  LoadResult result = load_section(
      "{\"title\": \"S\", \"intro\": \"Read these:\\n\\n- first\\n- second\",\n"
      " \"entries\": [{\"title\": \"T\", \"url\": \"https://a.example/x\", \"kind\": "
      "\"paper\",\n"
      "   \"description\": \"Fine.\\n\\n## Injected\\n- [Never judged](https://b.example/)\"}]}\n");
  ASSERT_EQ(result.diagnostics.size(), 1U);
  EXPECT_EQ(result.diagnostics[0].rule, "entry/schema");
  EXPECT_THAT(result.diagnostics[0].message, HasSubstr("\"description\" must be one line"));
  EXPECT_EQ(result.diagnostics[0].location.line, 3);
}

TEST(EntriesLoader, KeepsEachUrlParsedAsRedacted) {
  LoadResult result = load_section(section_with_entry(
      R"("title": "T", "url": "https://user:pass@a.example/x", "kind": "report",)"
      R"( "code": "https://github.com/o/r", "description": "A report.")"));
  const Entry& entry = result.list.sections[0].entries[0];
  ASSERT_TRUE(entry.parsed_url);
  EXPECT_EQ(entry.parsed_url->userinfo, "REDACTED");  // the credentials go no further
  EXPECT_EQ(entry.parsed_url->host, "a.example");
  ASSERT_TRUE(entry.parsed_code);
  EXPECT_EQ(entry.parsed_code->path, "/o/r");
  const std::vector<Entry::LocatedUrl> urls = entry.located_urls();
  ASSERT_EQ(urls.size(), 2U);
  EXPECT_EQ(urls[0].parsed, &*entry.parsed_url);
  EXPECT_EQ(urls[1].parsed, &*entry.parsed_code);
}

TEST(EntriesLoader, MultiLinkEntryTakesItsFirstLinkAsUrl) {
  LoadResult result = load_section(section_with_entry(
      R"("title": "vLLM, SGLang, and TensorRT-LLM", "links": [{"label": "vLLM", "url": "https://u1.example/"},)"
      R"( {"label": "SGLang", "url": "https://u2.example/"}, {"label": "TensorRT-LLM", "url": "https://u3.example/"}],)"
      R"( "kind": "repo", "description": "Engines.")"));
  ASSERT_TRUE(result.diagnostics.empty());
  const Entry& entry = result.list.sections[0].entries[0];
  EXPECT_EQ(entry.url, "https://u1.example/");
  const std::vector<Entry::LocatedUrl> urls = entry.located_urls();
  ASSERT_EQ(urls.size(), 3U);
  for (std::size_t i = 0; i < urls.size(); ++i) {
    EXPECT_EQ(urls[i].field, "links");
    EXPECT_EQ(urls[i].url, "https://u" + std::to_string(i + 1) + ".example/");
    EXPECT_EQ(urls[i].location.line, entry.links[i].location.line);
    EXPECT_EQ(urls[i].location.column, entry.links[i].location.column);
  }
  EXPECT_LT(urls[0].location.column, urls[1].location.column);
}

TEST(EntriesLoader, MalformedJsonIsAnInputErrorNotAFinding) {
  EXPECT_THROW(load_section("{\"title\": \"S\",, }"), InputError);
}

TEST(EntriesLoader, CanonicalTextOrdersKeysAndIsIdempotent) {
  const std::string messy =
      "{\"groups\": [{\"entries\": [{\"description\": \"D.\", \"kind\": \"paper\", "
      "\"url\": \"https://a.b/\", \"title\": \"T\", \"x-extra\": 1}], \"title\": \"G\"}], "
      "\"title\": \"S\"}";
  const std::string canonical = canonical_entries_text("entries/01-x.json", messy);
  EXPECT_EQ(canonical,
            "{\n  \"title\": \"S\",\n  \"groups\": [\n    {\n      \"title\": \"G\",\n"
            "      \"entries\": [\n        {\n          \"title\": \"T\",\n"
            "          \"url\": \"https://a.b/\",\n          \"kind\": \"paper\",\n"
            "          \"description\": \"D.\",\n          \"x-extra\": 1\n        }\n"
            "      ]\n    }\n  ]\n}\n");
  EXPECT_EQ(canonical_entries_text("entries/01-x.json", canonical), canonical);
}

TEST(EntriesLoader, DatesMustExistInTheCalendar) {
  EXPECT_TRUE(is_valid_date("2024-02-29"));
  EXPECT_FALSE(is_valid_date("2023-02-29"));
  EXPECT_FALSE(is_valid_date("2026-13-01"));
  EXPECT_FALSE(is_valid_date("2026-1-01"));
  EXPECT_FALSE(is_valid_date("yesterday!"));
}

}  // namespace
}  // namespace sg
