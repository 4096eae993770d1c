#include "render/anchors.h"

#include <algorithm>

#include <re2/re2.h>
#include <unicode/locid.h>
#include <unicode/unistr.h>

namespace sg {

std::string anchor_lower_case(std::string_view text) {
  // Lower case the way JavaScript and Ruby do: full Unicode mappings ("İ"
  // becomes "i̇", a final "Σ" becomes "ς"), no locale. Invalid UTF-8 turns
  // into U+FFFD.
  std::string lower;
  icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())))
      .toLower(icu::Locale::getRoot())
      .toUTF8String(lower);
  return lower;
}

std::string github_anchor(std::string_view heading) {
  // Invalid UTF-8 became U+FFFD, which the next step drops.
  std::string anchor = anchor_lower_case(heading);
  // Keep what github-slugger keeps: letters, marks, decimal and letter
  // numbers, connector punctuation, the alphabetic symbols (circled and
  // squared letters), spaces and hyphens. Emoji, other numbers ("①", "½")
  // and all other punctuation go.
  static const RE2 dropped(R"([^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\x{24B6}-\x{24E9}\x{1F130}-\x{1F149})"
                           R"(\x{1F150}-\x{1F169}\x{1F170}-\x{1F189} \-])");
  RE2::GlobalReplace(&anchor, dropped, "");
  std::replace(anchor.begin(), anchor.end(), ' ', '-');
  return anchor;
}

std::string AnchorSet::add(std::string_view heading) {
  std::string anchor = github_anchor(heading);
  auto [it, inserted] = m_seen.try_emplace(anchor, 0);
  if (inserted) {
    return anchor;
  }
  // A suffixed anchor may itself collide with a later literal heading; GitHub
  // keeps counting, and so do we.
  std::string candidate;
  do {
    candidate = anchor + "-" + std::to_string(++it->second);
  } while (m_seen.contains(candidate));
  m_seen.emplace(candidate, 0);
  return candidate;
}

}  // namespace sg
