#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/location.h"

namespace sg {

/// Maps byte offsets of a text to 1-based lines and code-point columns. Not
/// thread-safe: it remembers the last position it computed.
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);

  Location locate(std::string file, std::size_t offset) const;
  /// The byte offset of 1-based `line` and byte `column` (as cmark reports
  /// them), clamped to that line; 0 for a line the text does not have.
  std::size_t offset_of(int line, int column) const;
  /// The text of 1-based `line`, without its line break.
  std::string_view line_text(int line) const;

 private:
  std::string_view m_text;
  std::vector<std::size_t> m_line_starts;
  // Positions are asked for in reading order: counting code points on from the
  // last one keeps a long line (minified JSON) linear instead of quadratic.
  mutable std::size_t m_last_line = 0;
  mutable std::size_t m_last_offset = 0;
  mutable std::size_t m_last_column = 0;
};

/// Text from untrusted input made safe to print: control characters become
/// `\xNN` (no terminal escapes), and `##[` is broken with a zero-width space
/// so that a CI runner reading the log never takes it for a command.
std::string printable(std::string_view text);

/// The offset of the first byte that is not well-formed UTF-8, if any.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

/// The text without leading and trailing ASCII whitespace.
std::string_view trim(std::string_view text);

/// The text without leading spaces and opening quotation marks ("\"",
/// "'", "“", "‘", "«", "「"): "“A Survey of …”" reads "A Survey of …”".
std::string_view without_opening_quotes(std::string_view text);

/// ASCII lower case (hosts, schemes, header names, HTML markers).
std::string to_lower(std::string_view text);

/// Each run of whitespace (line breaks included) as one space, none at
/// either end: text as a page or a paragraph shows it, on one line.
std::string collapse_spaces(std::string_view text);

/// Counts the Unicode code points of UTF-8 text (continuation bytes skipped).
std::size_t utf8_length(std::string_view text);

/// Whether `text` ends a sentence: ".", "!" or "?", also inside a closing
/// quote or bracket ("(GPL).", "“Fast!”") or before a note in brackets
/// ("… SonarLint. (LGPL-3.0)").
bool ends_sentence(std::string_view text);

/// Whether a sentence ends inside `text` (". X", "! X", "? X"), not counting
/// the given abbreviations ("e.g.", "vs.") or the mark that ends `name`, the
/// entry's own ("Kahoot! Certified for schools").
bool has_second_sentence(std::string_view text, const std::vector<std::string>& abbreviations,
                         std::string_view name = {});

}  // namespace sg
