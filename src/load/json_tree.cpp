#include "load/json_tree.h"

#include <algorithm>
#include <iterator>
#include <memory>

#include <fmt/format.h>

#include "util/error.h"
#include "util/text.h"

namespace sg {
namespace {

/// A char iterator that publishes how far the parser has read, so the SAX
/// handler knows the offset of the token it is called for.
class TrackingIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TrackingIterator(const char* position, const char** cursor)
      : m_position(position), m_cursor(cursor) {}

  reference operator*() const { return *m_position; }
  TrackingIterator& operator++() {
    ++m_position;
    *m_cursor = m_position;
    return *this;
  }
  TrackingIterator operator++(int) {
    TrackingIterator before = *this;
    ++*this;
    return before;
  }
  bool operator==(const TrackingIterator& other) const { return m_position == other.m_position; }
  bool operator!=(const TrackingIterator& other) const { return m_position != other.m_position; }

 private:
  const char* m_position;
  const char** m_cursor;
};

bool is_literal_char(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' ||
         c == '+' || c == '-';
}

/// Entry files nest five levels; a bound keeps hostile input from exhausting
/// the stack (the tree is freed recursively).
constexpr std::size_t k_max_depth = 64;

class TreeBuilder : public nlohmann::json_sax<nlohmann::json> {
 public:
  TreeBuilder(std::string_view text, const std::string& file, const char** cursor)
      : m_text(text), m_file(file), m_cursor(cursor), m_lines(text) {}

  JsonNode take_root() { return std::move(m_root); }

  bool null() override { return add_scalar(nullptr, scalar_start()); }
  bool boolean(bool value) override { return add_scalar(value, scalar_start()); }
  bool number_integer(number_integer_t value) override { return add_scalar(value, scalar_start()); }
  bool number_unsigned(number_unsigned_t value) override {
    return add_scalar(value, scalar_start());
  }
  bool number_float(number_float_t value, const string_t& /*unused*/) override {
    return add_scalar(value, scalar_start());
  }
  bool string(string_t& value) override { return add_scalar(value, string_start()); }
  bool binary(binary_t& /*unused*/) override { return false; }

  bool start_object(std::size_t /*unused*/) override {
    return open(nlohmann::json::value_t::object);
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t /*unused*/) override { return open(nlohmann::json::value_t::array); }
  bool end_array() override { return close(); }

  bool key(string_t& value) override {
    m_pending_key = value;
    m_pending_key_location = locate(string_start());
    return true;
  }

  bool parse_error(std::size_t position, const std::string& /*last_token*/,
                   const nlohmann::detail::exception& error) override {
    const std::size_t offset = error_offset(position);
    Location location = m_lines.locate(m_file, offset);
    std::string message = error.what();
    // nlohmann prefixes "[json.exception...] " and often "parse error at line
    // L, column C: "; we print our own position, so keep only the explanation.
    if (auto bracket = message.find("] ");
        message.starts_with("[json.exception") && bracket != std::string::npos) {
      message = message.substr(bracket + 2);
    }
    if (auto colon = message.find(": ");
        message.starts_with("parse error") && colon != std::string::npos) {
      message = message.substr(colon + 2);
    }
    throw InputError(location, "malformed JSON: " + message + "; fix the syntax at this position",
                     std::string(m_lines.line_text(location.line)));
  }

 private:
  static bool is_structural(char c) {
    return c == ',' || c == ':' || c == '[' || c == ']' || c == '{' || c == '}';
  }
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

  /// The start of the token at which the lexer gave up: nlohmann reports the
  /// count of characters read, which ends just past it.
  std::size_t error_offset(std::size_t position) const {
    if (m_text.empty()) {
      return 0;
    }
    std::size_t offset = std::min(position > 0 ? position - 1 : 0, m_text.size() - 1);
    const char c = m_text[offset];
    if (static_cast<unsigned char>(c) < 0x20 && !is_space(c)) {
      return offset;  // a control character inside a string is the problem
    }
    if (c == '\n') {
      return offset;  // a raw line break inside a string
    }
    if (is_space(c) && offset > 0) {
      --offset;  // the whitespace that ended a bad literal
    }
    if (is_structural(m_text[offset]) || is_space(m_text[offset])) {
      return offset;  // a misplaced structural character
    }
    while (offset > 0 && !is_structural(m_text[offset - 1]) && !is_space(m_text[offset - 1])) {
      --offset;
    }
    return offset;
  }

  std::size_t cursor_offset() const { return static_cast<std::size_t>(*m_cursor - m_text.data()); }

  /// The start of the string token that ends just before the cursor.
  std::size_t string_start() const {
    std::size_t close_quote = cursor_offset() - 1;
    std::size_t i = close_quote;
    while (i > 0) {
      --i;
      if (m_text[i] != '"') {
        continue;
      }
      std::size_t backslashes = 0;
      while (i >= backslashes + 1 && m_text[i - backslashes - 1] == '\\') {
        ++backslashes;
      }
      if (backslashes % 2 == 0) {
        return i;
      }
    }
    return 0;
  }

  /// The start of the number or literal that ends at or one before the cursor
  /// (the lexer reads one character past a number).
  std::size_t scalar_start() const {
    std::size_t end = cursor_offset();
    if (end > 0 && !is_literal_char(m_text[end - 1])) {
      --end;
    }
    while (end > 0 && is_literal_char(m_text[end - 1])) {
      --end;
    }
    return end;
  }

  JsonPosition locate(std::size_t offset) const {
    const Location at = m_lines.locate(std::string(), offset);
    return JsonPosition{&m_file, at.line, at.column};
  }

  JsonNode& place(JsonNode node) {
    if (m_stack.empty()) {
      m_root = std::move(node);
      return m_root;
    }
    JsonNode& parent = *m_stack.back();
    if (parent.is_object()) {
      parent.members.push_back({std::move(m_pending_key), m_pending_key_location, std::move(node)});
      return parent.members.back().value;
    }
    parent.items.push_back(std::move(node));
    return parent.items.back();
  }

  bool add_scalar(nlohmann::json value, std::size_t start) {
    JsonNode node;
    node.type = value.type();
    node.scalar = std::move(value);
    node.location = locate(start);
    place(std::move(node));
    return true;
  }

  bool open(nlohmann::json::value_t type) {
    if (m_stack.size() >= k_max_depth) {
      const Location location = m_lines.locate(m_file, cursor_offset() - 1);
      throw InputError(
          location,
          fmt::format("JSON nested deeper than {} levels; entry files need a handful", k_max_depth),
          std::string(m_lines.line_text(location.line)));
    }
    JsonNode node;
    node.type = type;
    node.location = locate(cursor_offset() - 1);
    m_stack.push_back(&place(std::move(node)));
    return true;
  }

  bool close() {
    m_stack.back()->end_line = locate(cursor_offset() - 1).line;
    m_stack.pop_back();
    return true;
  }

  std::string_view m_text;
  const std::string& m_file;
  const char** m_cursor;
  LineIndex m_lines;
  JsonNode m_root;
  // Pointers stay valid: a container's children are only appended to while it
  // is the innermost open one, and nothing is appended to its parent meanwhile.
  std::vector<JsonNode*> m_stack;
  std::string m_pending_key;
  JsonPosition m_pending_key_location;
};

}  // namespace

const JsonNode* JsonNode::find(std::string_view key) const {
  for (const Member& member : members) {
    if (member.key == key) {
      return &member.value;
    }
  }
  return nullptr;
}

std::string JsonNode::type_name() const {
  switch (type) {
    case nlohmann::json::value_t::object:
      return "an object";
    case nlohmann::json::value_t::array:
      return "an array";
    case nlohmann::json::value_t::string:
      return "a string";
    case nlohmann::json::value_t::boolean:
      return "a boolean";
    case nlohmann::json::value_t::null:
      return "null";
    default:
      return "a number";
  }
}

JsonDocument parse_json_tree(std::string_view text, const std::string& file) {
  // nlohmann's lexer takes NUL for the end of input; anything after it would
  // be silently dropped.
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
    const LineIndex lines(text);
    const Location location = lines.locate(file, nul);
    throw InputError(location, "a NUL byte in a JSON file; remove it",
                     std::string(lines.line_text(location.line)));
  }
  JsonDocument document{std::make_unique<const std::string>(file), {}};
  const char* cursor = text.data();
  TreeBuilder builder(text, *document.file, &cursor);
  TrackingIterator first(text.data(), &cursor);
  TrackingIterator last(text.data() + text.size(), &cursor);
  nlohmann::json::sax_parse(first, last, &builder);
  document.root = builder.take_root();
  return document;
}

}  // namespace sg
