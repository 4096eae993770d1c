// The regression suite over real public lists (tests/fixtures/lists): each
// fixture with an expect.json is linted with its own committed policy, and the
// report must read about as many entries as a careful count found, keep the
// known true findings, and raise no more findings per rule than its bound.
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
    const bool found = std::any_of(diagnostics.begin(), diagnostics.end(), [&](const json& d) {
      return d.value("rule", "") == rule && d.value("line", 0) == line &&
             d.value("message", "").find(text) != std::string::npos;
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
    ++counts[d.value("rule", "?")];
  }
  const json bounds = expect.value("max_findings", json::object());
  for (const auto& [rule, count] : counts) {
    // A rule the expectations do not name has bound 0: it is new here.
    const long bound = bounds.contains(rule) ? bounds[rule].get<long>() : 0;
    EXPECT_LE(count, bound) << list.name << ": " << rule << " fired " << count << " times; bound "
                            << bound
                            << (bounds.contains(rule) ? "" : " (rule not in max_findings)");
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
