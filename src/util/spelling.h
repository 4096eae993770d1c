#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sg {

/// The candidate closest to `word` by edit distance, if it is close enough to
/// be a likely typo (at most a third of the word's length); else empty.
std::string closest_spelling(std::string_view word,
                             const std::vector<std::string_view>& candidates);

/// "did you mean \"X\"?" for the closest candidate, or `otherwise` (what to do
/// instead) when no candidate is close: the one wording of every
/// unknown-name message.
std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates,
                         std::string_view otherwise);

}  // namespace sg
