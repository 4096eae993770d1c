#include <gtest/gtest.h>

#include <string>

#include "util/text.h"

namespace sg {
namespace {

TEST(FirstInvalidUtf8, FindsTheBadByteWhereverItFallsInAnAsciiRun) {
  EXPECT_EQ(first_invalid_utf8("plain ASCII, longer than eight bytes"), std::nullopt);
  EXPECT_EQ(first_invalid_utf8("caf\u00e9 na\u00efve \u2014 \U0001F680 after sixteen bytes"),
            std::nullopt);
  // A stray byte at every position of a run read eight bytes at a time, and
  // past its end.
  for (std::size_t at = 0; at < 20; ++at) {
    std::string text(20, 'a');
    text[at] = '\xff';
    EXPECT_EQ(first_invalid_utf8(text), at) << "at " << at;
  }
  EXPECT_EQ(first_invalid_utf8("abcdefgh\xc3"), 8U);          // cut short
  EXPECT_EQ(first_invalid_utf8("abcdefgh\xc0\xaf"), 8U);      // overlong
  EXPECT_EQ(first_invalid_utf8("abcdefgh\xed\xa0\x80"), 8U);  // a surrogate
  EXPECT_EQ(first_invalid_utf8("abcdefghijklmno\xe2\x80"), 15U);
}

TEST(LineIndex, LocatesLinesAndColumnsInCodePoints) {
  const std::string text = "first\n\u00e9t\u00e9 line\n\nlast";
  const LineIndex index(text);
  EXPECT_EQ(index.locate("f", 0).line, 1);
  const Location second = index.locate("f", text.find("line"));
  EXPECT_EQ(second.line, 2);
  EXPECT_EQ(second.column, 5);  // two letters of two bytes each count once
  EXPECT_EQ(index.locate("f", text.find("last")).line, 4);
  EXPECT_EQ(index.line_text(3), "");
  EXPECT_EQ(index.line_text(4), "last");
  EXPECT_EQ(index.line_text(5), "");
}

// Title rules anchored at a title's start see its first word, however the
// list quotes it; closing quotes and inner quotes stay.
TEST(WithoutOpeningQuotes, DropsLeadingSpacesAndOpeningQuotes) {
  EXPECT_EQ(without_opening_quotes("\"A Survey of Fusion\", arXiv"), "A Survey of Fusion\", arXiv");
  EXPECT_EQ(without_opening_quotes(" \u201c 'Survey' \u201d"), "Survey' \u201d");
  EXPECT_EQ(without_opening_quotes("\u00abTitre\u00bb"), "Titre\u00bb");
  EXPECT_EQ(without_opening_quotes("Plain \"quoted\" title"), "Plain \"quoted\" title");
  EXPECT_EQ(without_opening_quotes(" \" ' "), "");
}

}  // namespace
}  // namespace sg
