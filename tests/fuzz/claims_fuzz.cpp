// The rule engine, claim detection first, on one entry whose title and
// description are the input (split at a NUL byte), judged by the list's own
// policy.
#include <chrono>

#include "fuzz_input.h"
#include "policy/policy.h"
#include "rules/engine.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const sg::Policy policy = sg::load_policy(SOURCEGATE_SOURCE_DIR "/policy/policy.json");
  const auto [title, description] = sg::fuzz::split_two(sg::fuzz::as_text(data, size));
  sg::List list;
  sg::Section& section = list.sections.emplace_back();
  section.title = "Fuzz";
  sg::Entry& entry = section.entries.emplace_back();
  entry.title = std::string(title);
  entry.description = std::string(description);
  entry.url = "https://example.com/post";
  entry.location = {"README.md", 3, 1};
  const auto today = std::chrono::sys_days{std::chrono::year{2026} / 12 / 1};
  (void)sg::run_rules(list, policy, today);
  return 0;
}
