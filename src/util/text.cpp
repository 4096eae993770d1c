#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>

#include <re2/re2.h>

#include "util/error.h"

namespace sg {

LineIndex::LineIndex(std::string_view text) : m_text(text) {
  m_line_starts.reserve(text.size() / 32 + 1);
  m_line_starts.push_back(0);
  for (std::size_t at = text.find('\n'); at != std::string_view::npos;
       at = text.find('\n', at + 1)) {
    m_line_starts.push_back(at + 1);
  }
}

Location LineIndex::locate(std::string file, std::size_t offset) const {
  offset = std::min(offset, m_text.size());
  auto it = std::upper_bound(m_line_starts.begin(), m_line_starts.end(), offset);
  const auto line = static_cast<std::size_t>(it - m_line_starts.begin());
  std::size_t from = m_line_starts[line - 1];
  std::size_t column = 1;
  if (line == m_last_line && offset >= m_last_offset) {
    from = m_last_offset;
    column = m_last_column;
  }
  column += utf8_length(m_text.substr(from, offset - from));
  m_last_line = line;
  m_last_offset = offset;
  m_last_column = column;
  return Location{std::move(file), static_cast<int>(line), static_cast<int>(column)};
}

std::size_t LineIndex::offset_of(int line, int column) const {
  const std::string_view text = line_text(line);
  if (text.data() == nullptr) {
    return 0;
  }
  const auto start = static_cast<std::size_t>(text.data() - m_text.data());
  return start + std::min(static_cast<std::size_t>(std::max(column, 1) - 1), text.size());
}

std::string_view LineIndex::line_text(int line) const {
  if (line < 1 || static_cast<std::size_t>(line) > m_line_starts.size()) {
    return {};
  }
  const auto index = static_cast<std::size_t>(line);
  const std::size_t start = m_line_starts[index - 1];
  // The next line's start, not a search: a megabyte-long line is asked for
  // once per link on it.
  std::size_t end = index < m_line_starts.size() ? m_line_starts[index] - 1 : m_text.size();
  if (end > start && m_text[end - 1] == '\r') {
    --end;
  }
  return m_text.substr(start, end - start);
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x20 || byte == 0x7F) {
      static constexpr char k_hex[] = "0123456789abcdef";
      out += "\\x";
      out += k_hex[byte >> 4U];
      out += k_hex[byte & 0xFU];
    } else if (byte == 0xC2 && i + 1 < text.size() &&
               static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[i + 1]) < 0xA0) {
      out += "\\u00";  // a C1 control (U+0080..U+009F), e.g. the 8-bit CSI
      out += "0123456789abcdef"[static_cast<unsigned char>(text[i + 1]) >> 4U];
      out += "0123456789abcdef"[static_cast<unsigned char>(text[i + 1]) & 0xFU];
      ++i;
    } else if (text[i] == '#' && text.substr(i).starts_with("##[")) {
      out += "#\u200B";
    } else {
      out += text[i];
    }
  }
  return out;
}

std::optional<std::size_t> first_invalid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    // Lists are mostly ASCII: eight bytes at a time while none has its top
    // bit set.
    if (std::uint64_t block = 0; i + sizeof block <= text.size()) {
      std::memcpy(&block, text.data() + i, sizeof block);
      if ((block & 0x8080808080808080U) == 0) {
        i += sizeof block;
        continue;
      }
    }
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    unsigned min_second = 0x80;
    unsigned max_second = 0xBF;
    if (lead < 0x80) {
      length = 1;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      min_second = lead == 0xE0 ? 0xA0 : 0x80;  // no overlong forms
      max_second = lead == 0xED ? 0x9F : 0xBF;  // no surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      min_second = lead == 0xF0 ? 0x90 : 0x80;
      max_second = lead == 0xF4 ? 0x8F : 0xBF;
    } else {
      return i;
    }
    if (i + length > text.size()) {
      return i;
    }
    for (std::size_t k = 1; k < length; ++k) {
      const auto byte = static_cast<unsigned char>(text[i + k]);
      const unsigned low = k == 1 ? min_second : 0x80;
      const unsigned high = k == 1 ? max_second : 0xBF;
      if (byte < low || byte > high) {
        return i;
      }
    }
    i += length;
  }
  return std::nullopt;
}

std::string_view trim(std::string_view text) {
  constexpr std::string_view k_space = " \t\r\n\f\v";
  const std::size_t first = text.find_first_not_of(k_space);
  if (first == std::string_view::npos) {
    return {};
  }
  return text.substr(first, text.find_last_not_of(k_space) - first + 1);
}

std::string_view without_opening_quotes(std::string_view text) {
  static constexpr std::array<std::string_view, 6> k_quotes{"\"",     "'",      "\u201c",
                                                            "\u2018", "\u00ab", "\u300c"};
  for (;;) {
    text.remove_prefix(std::min(text.find_first_not_of(' '), text.size()));
    const auto quote = std::find_if(k_quotes.begin(), k_quotes.end(),
                                    [&](std::string_view q) { return text.starts_with(q); });
    if (quote == k_quotes.end()) {
      return text;
    }
    text.remove_prefix(quote->size());
  }
}

std::string collapse_spaces(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) {
      out += ' ';
      space = false;
    }
    out += c;
  }
  return out;
}

std::string to_lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::size_t utf8_length(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
  }));
}

bool has_second_sentence(std::string_view text, const std::vector<std::string>& abbreviations,
                         std::string_view name) {
  for (std::size_t i = 0; i + 2 < text.size(); ++i) {
    const char c = text[i];
    if ((c != '.' && c != '!' && c != '?') || text[i + 1] != ' ') {
      continue;
    }
    // One space or two ("Runs on Linux.  It also …") after the mark.
    const std::size_t next = text.find_first_not_of(' ', i + 1);
    if (next == std::string_view::npos ||
        std::isupper(static_cast<unsigned char>(text[next])) == 0) {
      continue;
    }
    // An initial ("U.S. States", "by J. Clark Scott") ends no sentence.
    const bool initial = c == '.' && i >= 1 &&
                         std::isupper(static_cast<unsigned char>(text[i - 1])) != 0 &&
                         (i == 1 || text[i - 2] == ' ' || text[i - 2] == '.' || text[i - 2] == '(');
    if (initial) {
      continue;
    }
    const std::string_view before = text.substr(0, i + 1);
    const bool abbreviation =
        std::any_of(abbreviations.begin(), abbreviations.end(),
                    [&](const std::string& a) { return before.ends_with(a); }) ||
        (!name.empty() && name.back() == c && before.ends_with(name));
    if (!abbreviation) {
      return true;
    }
  }
  return false;
}

namespace {

/// `text` without the emoji and pictographs after its last words ("… performance!
/// 🚀", "… in Go. ✨"): a decoration, not the sentence's end. Emoji are
/// symbols (Unicode So, and Sk for skin tones), with the variation selector
/// and joiner that build them.
std::string_view without_trailing_emoji(std::string_view text) {
  static const RE2 k_emoji_after(R"((?s)(.*?)[\s\p{So}\p{Sk}\x{FE0F}\x{200D}]*)");
  re2::StringPiece words;
  if (!RE2::FullMatch(re2::StringPiece(text.data(), text.size()), k_emoji_after, &words)) {
    return text;  // not UTF-8: nothing to strip
  }
  return {words.data(), words.size()};
}

}  // namespace

bool ends_sentence(std::string_view text) {
  text = without_trailing_emoji(text);
  // A note in brackets after the last sentence ("… SonarLint. (LGPL-3.0)")
  // is no part of it.
  if (text.ends_with(')')) {
    if (const std::size_t open = text.rfind('('); open != std::string_view::npos && open > 0) {
      const std::string_view before = trim(text.substr(0, open));
      if (before.ends_with('.') || before.ends_with('!') || before.ends_with('?')) {
        return true;
      }
    }
  }
  while (!text.empty() && (text.back() == ')' || text.back() == '"' || text.back() == '\'')) {
    text.remove_suffix(1);
  }
  for (std::string_view closing : {"\u201d", "\u2019"}) {
    if (text.ends_with(closing)) {
      text.remove_suffix(closing.size());
    }
  }
  return text.ends_with('.') || text.ends_with('!') || text.ends_with('?');
}

}  // namespace sg
