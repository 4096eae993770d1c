#include "render/anchors.h"

#include <cctype>

namespace sg {

std::string github_anchor(std::string_view heading) {
  std::string anchor;
  anchor.reserve(heading.size());
  for (char c : heading) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80 || std::isalnum(byte) != 0 || c == '-' || c == '_') {
      anchor += static_cast<char>(std::tolower(byte));
    } else if (c == ' ') {
      anchor += '-';
    }
  }
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
