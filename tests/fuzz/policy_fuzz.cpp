// The policy loader: a policy file is JSON with RE2 patterns in it, read from
// a pull request.
#include "fuzz_input.h"
#include "policy/policy.h"
#include "util/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    sg::Policy policy = sg::parse_policy("policy/policy.json", sg::fuzz::as_text(data, size));
    // A weak shape walks on to later shapes when the title names the page.
    if (auto classification =
            sg::classify_url(policy, *sg::parse_url("https://example.com/a/bbbb?c=d"))) {
      sg::Classification named = *classification;
      sg::apply_weak_shape(policy, "bbbb", false, named);
      sg::apply_weak_shape(policy, "b", true, *classification);
    }
  } catch (const sg::InputError&) {
  }
  return 0;
}
