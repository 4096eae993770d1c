#include "rules/rule_test_support.h"

namespace sg::testing {
namespace {

TEST(ListGroupSize, FiresAboveFiveLinksUnlessTheSectionIsExempt) {
  std::string entries;
  for (int i = 0; i < 6; ++i) {
    entries += (i ? ", " : "") + paper("P" + std::to_string(i),
                                       "https://arxiv.org/abs/2301.0359" + std::to_string(i));
  }
  auto found = lint_section(R"({"title": "S", "groups": [{"title": "Too many", "entries": [)" +
                            entries + "]}]}");
  ASSERT_THAT(rule_ids(found), ElementsAre("list/group-size"));
  EXPECT_THAT(found[0].message, HasSubstr("\"Too many\" holds 6 links; the policy allows 5"));
  EXPECT_EQ(found[0].location.column, 27);
  EXPECT_THAT(rule_ids(lint_section(R"({"title": "Start here: the minimum mental model", )"
                                    R"("entries": [)" +
                                    entries + "]}")),
              IsEmpty());
}

}  // namespace
}  // namespace sg::testing
