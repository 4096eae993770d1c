// The regression suite over real public lists (tests/fixtures/lists): each
// fixture with an expect.json is linted with its own committed policy, and the
// report must read about as many entries as a careful count found, keep the
// known true findings, and raise no more findings per rule than its bound;
// entries checked by hand must import with the fields a reader sees.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/cli_runner.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::read_text;
using testing::run_sourcegate;
using testing::source_dir;
using testing::TempDir;

// A fixed "today", so that freshness never depends on when the suite runs.
constexpr const char* k_today = "2026-12-01";

struct RealListCase {
  std::string name;   // the fixture directory's name
  std::string error;  // set when discovery itself failed
};

// ctest shows the list's name instead of the struct's bytes.
void PrintTo(const RealListCase& list, std::ostream* out) { *out << list.name; }

fs::path lists_dir() { return source_dir() / "tests/fixtures/lists"; }

std::vector<RealListCase> discover_lists() {
  std::vector<RealListCase> cases;
  std::error_code error;
  for (const fs::directory_entry& item : fs::directory_iterator(lists_dir(), error)) {
    if (item.is_directory() && fs::exists(item.path() / "expect.json")) {
      cases.push_back({item.path().filename().string(), ""});
    }
  }
  std::sort(cases.begin(), cases.end(),
            [](const RealListCase& a, const RealListCase& b) { return a.name < b.name; });
  // An empty suite would pass silently; a moved fixture directory must fail.
  if (cases.empty()) {
    cases.push_back({"no_fixtures", "no fixture with an expect.json under " + lists_dir().string() +
                                        (error ? ": " + error.message() : "")});
  }
  return cases;
}

std::string describe(const json& finding) {
  std::ostringstream out;
  out << finding.value("rule", "?") << " at line " << finding.value("line", 0) << ": "
      << finding.value("message", "");
  return out.str();
}

// Every imported entry of a list, by URL: the entry files are sections whose
// entries sit directly in them or in their groups (the schema has two levels).
std::multimap<std::string, json> imported_entries(const fs::path& entries_dir) {
  std::multimap<std::string, json> by_url;
  auto add = [&](const json& entries) {
    for (const json& entry : entries) {
      by_url.emplace(entry.value("url", ""), entry);
    }
  };
  for (const fs::directory_entry& file : fs::directory_iterator(entries_dir)) {
    if (file.path().extension() != ".json" || file.path().filename() == "list.json") {
      continue;
    }
    const json section = json::parse(read_text(file.path()));
    add(section.value("entries", json::array()));
    for (const json& group : section.value("groups", json::array())) {
      add(group.value("entries", json::array()));
    }
  }
  return by_url;
}

// Why an imported entry differs from what a reader of the list sees, or "".
std::string misreading(const json& wanted, const json& entry) {
  std::string why;
  for (const char* field : {"title", "code"}) {
    if (wanted.contains(field) && entry.value(field, "") != wanted[field].get<std::string>()) {
      why += std::string(" ") + field + " \"" + entry.value(field, "") + "\";";
    }
  }
  if (wanted.contains("description_starts") &&
      entry.value("description", "").rfind(wanted["description_starts"].get<std::string>(), 0) !=
          0) {
    why += " description \"" + entry.value("description", "") + "\";";
  }
  return why;
}

void expect_read_as_written(const std::string& name, const fs::path& dir,
                            const std::string& list_file, const json& must_read) {
  const TempDir scratch;
  const auto run = run_sourcegate(
      {"import", list_file, "-o", (scratch.path() / "entries").string(), "--policy", "policy.json"},
      dir);
  ASSERT_EQ(run.exit_code, 0) << name << ": import exited " << run.exit_code << "\n" << run.err;
  const std::multimap<std::string, json> entries = imported_entries(scratch.path() / "entries");
  for (const json& wanted : must_read) {
    const auto url = wanted.at("url").get<std::string>();
    const auto [first, last] = entries.equal_range(url);
    std::string read_as;
    bool found = false;
    for (auto it = first; it != last && !found; ++it) {
      const std::string why = misreading(wanted, it->second);
      found = why.empty();
      read_as += "\n    read as" + why;
    }
    EXPECT_TRUE(found) << name << ": must_read " << url << " ("
                       << wanted.value("why", "no why given") << ")"
                       << (first == last ? "\n    no entry links it" : read_as);
  }
}

class RealLists : public ::testing::TestWithParam<RealListCase> {};

TEST_P(RealLists, MeetsItsExpectations) {
  const RealListCase& list = GetParam();
  ASSERT_TRUE(list.error.empty()) << list.error;
  const fs::path dir = lists_dir() / list.name;

  json expect;
  try {
    expect = json::parse(read_text(dir / "expect.json"));
  } catch (const json::exception& error) {
    FAIL() << list.name << ": expect.json does not parse: " << error.what();
  }
  const std::string list_file = expect.at("list").get<std::string>();

  const auto run = run_sourcegate(
      {"lint", list_file, "--policy", "policy.json", "--today", k_today, "--format", "json"}, dir);
  // 1 only means findings of error severity; 2 means the tool gave up.
  ASSERT_TRUE(run.exit_code == 0 || run.exit_code == 1)
      << list.name << ": lint exited " << run.exit_code << "\n"
      << run.err;
  json report;
  try {
    report = json::parse(run.out);
  } catch (const json::exception& error) {
    FAIL() << list.name << ": lint's JSON report does not parse: " << error.what();
  }
  const json& diagnostics = report.at("diagnostics");

  const long entries = report.at("summary").value("entries", -1L);
  const long min_entries = expect.at("entries").at("min").get<long>();
  const long max_entries = expect.at("entries").at("max").get<long>();
  EXPECT_TRUE(entries >= min_entries && entries <= max_entries)
      << list.name << ": lint read " << entries << " entries; the careful count allows "
      << min_entries << ".." << max_entries;

  for (const json& wanted : expect.value("must_fire", json::array())) {
    const auto rule = wanted.at("rule").get<std::string>();
    const int line = wanted.at("line").get<int>();
    const auto text = wanted.at("message_contains").get<std::string>();
    // A waived finding (the entry's waiver, a section the policy exempts)
    // alarms no one: it does not count as fired.
    const bool found = std::any_of(diagnostics.begin(), diagnostics.end(), [&](const json& d) {
      return d.value("rule", "") == rule && d.value("line", 0) == line &&
             d.value("message", "").find(text) != std::string::npos && !d.contains("waived");
    });
    if (found) {
      continue;
    }
    // Show what the tool did say at that line, which is usually the clue.
    std::string at_line;
    for (const json& d : diagnostics) {
      if (d.value("line", 0) == line) {
        at_line += "\n    " + describe(d);
      }
    }
    ADD_FAILURE() << list.name << ": missing must_fire " << rule << " at line " << line
                  << " with a message containing \"" << text << "\" ("
                  << wanted.value("why", "no why given") << ")\n  findings at line " << line << ":"
                  << (at_line.empty() ? " none" : at_line);
  }

  std::map<std::string, long> counts;
  for (const json& d : diagnostics) {
    if (!d.contains("waived")) {
      ++counts[d.value("rule", "?")];
    }
  }
  const json bounds = expect.value("max_findings", json::object());
  for (const auto& [rule, count] : counts) {
    // A rule the expectations do not name has bound 0: it is new here.
    const long bound = bounds.contains(rule) ? bounds[rule].get<long>() : 0;
    EXPECT_LE(count, bound) << list.name << ": " << rule << " fired " << count << " times; bound "
                            << bound
                            << (bounds.contains(rule) ? "" : " (rule not in max_findings)");
  }

  if (expect.contains("must_read")) {
    expect_read_as_written(list.name, dir, list_file, expect["must_read"]);
  }
}

std::string case_test_name(const ::testing::TestParamInfo<RealListCase>& info) {
  std::string name = info.param.name;
  std::replace_if(
      name.begin(), name.end(),
      [](char c) { return std::isalnum(static_cast<unsigned char>(c)) == 0; }, '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, RealLists, ::testing::ValuesIn(discover_lists()),
                         case_test_name);

}  // namespace
}  // namespace sg
