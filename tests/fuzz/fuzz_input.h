// Shared helpers for the libFuzzer targets in this folder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>

namespace sg::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// Splits an input at its first NUL byte, so one input can carry two strings.
inline std::pair<std::string_view, std::string_view> split_two(std::string_view text) {
  const std::size_t cut = text.find('\0');
  if (cut == std::string_view::npos) {
    return {text, {}};
  }
  return {text.substr(0, cut), text.substr(cut + 1)};
}

/// A broken invariant is a crash, so that libFuzzer keeps the input.
inline void require(bool holds) {
  if (!holds) {
    std::abort();
  }
}

}  // namespace sg::fuzz
