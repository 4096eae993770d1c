#pragma once

#include <map>
#include <string>
#include <string_view>

namespace sg {

/// `text` in Unicode lower case, as JavaScript lowers it: GitHub's anchors
/// are lower case, and its page finds one whatever the case of the link.
std::string anchor_lower_case(std::string_view text);

/// GitHub's anchor for a heading's text, as npm's github-slugger makes it:
/// Unicode lower case, everything but letters, marks, digits, `_`, `-` and
/// spaces dropped (emoji and punctuation included), spaces turned into `-`.
std::string github_anchor(std::string_view heading);

/// Hands out anchors as GitHub does for a whole page: the second heading with
/// the same anchor gets `-1`, the third `-2`.
class AnchorSet {
 public:
  std::string add(std::string_view heading);

 private:
  std::map<std::string, int, std::less<>> m_seen;
};

}  // namespace sg
