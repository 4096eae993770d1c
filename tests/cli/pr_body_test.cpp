#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>

#include <nlohmann/json.hpp>

#include "cli/pr_body.h"
#include "load/entries_loader.h"
#include "support/cli_runner.h"

namespace sg {
namespace {

using ::testing::HasSubstr;

/// Canonical layout (fmt), so that line numbers are those of a real file.
std::string entry_text(const std::string& title, const std::string& url, bool claim) {
  std::string text = "    {\n      \"title\": \"" + title + "\",\n      \"url\": \"" + url +
                     "\",\n      \"kind\": \"paper\",\n      \"description\": \"A GEMM "
                     "decomposition that splits the k-loop evenly across CTAs.\"";
  if (claim) {
    text +=
        ",\n      \"claim\": {\n        \"hardware\": \"H100 SXM\",\n        \"workload\": "
        "\"4096^3 GEMM\",\n        \"precision\": \"BF16\",\n        \"baseline\": \"cuBLAS\",\n"
        "        \"correctness\": \"max abs error\"\n      }";
  }
  return text + "\n    }";
}

std::string section(const std::vector<std::string>& entries) {
  std::string text = "{\n  \"title\": \"S\",\n  \"entries\": [\n";
  for (std::size_t i = 0; i < entries.size(); ++i) {
    text += entries[i] + (i + 1 < entries.size() ? ",\n" : "\n");
  }
  return text + "  ]\n}\n";
}

TEST(EntriesAddingSources, ANewEntryOrANewLinkButNotAnEditedDescription) {
  LoadResult loaded;
  load_entries_text("entries/01-s.json",
                    section({entry_text("Old", "https://arxiv.org/abs/1", false),
                             entry_text("New", "https://arxiv.org/abs/2", false)}),
                    loaded);
  const List& list = loaded.list;
  auto titles = [&](const ChangedLines& changed) {
    std::vector<std::string> out;
    for (const Entry* entry : entries_adding_sources(list, changed)) {
      out.push_back(entry->title);
    }
    return out;
  };
  // "Old" spans lines 4-9, "New" 10-15; each url is two lines below its "{".
  EXPECT_THAT(titles({{"entries/01-s.json", {{9, 15}}}}), ::testing::ElementsAre("New"));
  EXPECT_THAT(titles({{"entries/01-s.json", {{6, 6}}}}), ::testing::ElementsAre("Old"));
  EXPECT_TRUE(titles({{"entries/01-s.json", {{8, 8}}}}).empty());  // a description
  EXPECT_TRUE(titles({{"entries/other.json", {{1, 99}}}}).empty());
}

class PrBodyGate : public ::testing::Test {
 protected:
  void git(const std::string& args) {
    const std::string command = "git -C '" + m_dir.path().string() +
                                "' -c user.email=t@example.invalid -c user.name=t " + args +
                                " >/dev/null 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
  }
  testing::TempDir m_dir;
};

TEST_F(PrBodyGate, ChecksTheDescriptionOfAPullRequestThatAddsAClaim) {
  m_dir.write("entries/01-s.json",
              section({entry_text("Old", "https://arxiv.org/abs/2301.00001", false)}));
  git("init -q -b main");
  git("add -A");
  git("commit -q -m base");
  m_dir.write("entries/01-s.json",
              section({entry_text("Old", "https://arxiv.org/abs/2301.00001", false),
                       entry_text("Stream-K", "https://arxiv.org/abs/2301.03598", true)}));
  std::string body = testing::read_text(testing::source_dir() / ".github/PULL_REQUEST_TEMPLATE.md");
  auto answer = [&body](const std::string& text) {
    body.replace(body.find("_Answer here._", body.find("-->")), 14, text);
  };
  for (const char* text : {"The paper that introduced it.", "Kernels, first.", "Nothing."}) {
    answer(text);
  }
  answer("A100 80GB");  // the entry says H100 SXM
  m_dir.write("body.md", body);
  const std::vector<std::string> args = {
      "check",    "--changed-since",
      "main",     "--pr-body",
      "body.md",  "--exclude",
      ".",        "--no-cache",
      "--policy", (testing::source_dir() / "policy/policy.json").string(),
      "--format", "json"};
  auto result = testing::run_sourcegate(args, m_dir.path());
  EXPECT_EQ(result.exit_code, 1) << result.err;
  std::map<std::string, int> rules;
  const auto report = nlohmann::json::parse(result.out);
  for (const auto& d : report["diagnostics"]) {
    if (d["file"] == "body.md") {
      ++rules[d["rule"].get<std::string>()];
    }
  }
  // Four claim fields and the conflicts question unanswered; the hardware
  // answer disagrees with the entry.
  EXPECT_EQ(rules, (std::map<std::string, int>{{"pr/claim-mismatch", 1}, {"pr/unanswered", 5}}));

  auto without_ref = testing::run_sourcegate({"check", "--pr-body", "body.md"}, m_dir.path());
  EXPECT_EQ(without_ref.exit_code, 2);
  EXPECT_THAT(without_ref.err, HasSubstr("--changed-since"));
  auto missing = testing::run_sourcegate(
      {"check", "--changed-since", "main", "--pr-body", "none.md"}, m_dir.path());
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr("none.md"));
}

}  // namespace
}  // namespace sg
