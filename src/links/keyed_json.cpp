#include "links/keyed_json.h"

#include <filesystem>

#include <fmt/format.h>

namespace sg::links {
namespace {

// Text from the network (a page title in evidence) may be invalid UTF-8; it
// is written with U+FFFD instead of throwing away the whole file.
std::string dump(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::optional<nlohmann::json> read_keyed_entries(
    std::string_view text, std::string_view member, int version,
    const std::function<void(const std::string& key, const nlohmann::json& value)>& take) {
  using Event = nlohmann::json::parse_event_t;
  std::string current_member;
  std::string key;
  auto take_entry = [&](int depth, Event event, nlohmann::json& parsed) {
    if (event == Event::key && depth <= 2) {
      (depth == 1 ? current_member : key) = parsed.get<std::string>();
      return true;
    }
    const bool entry_ends =
        depth == 2 && current_member == member &&
        (event == Event::object_end || event == Event::array_end || event == Event::value);
    if (!entry_ends) {
      return true;
    }
    take(key, parsed);
    return false;  // taken: not kept in the tree
  };
  nlohmann::json root = nlohmann::json::parse(text, take_entry, /*allow_exceptions=*/false);
  if (root.is_discarded() || !root.is_object() || root.value("version", 0) != version) {
    return std::nullopt;
  }
  const auto entries = root.find(member);
  if (entries == root.end() || !entries->is_object()) {
    return std::nullopt;
  }
  return root;
}

KeyedFile read_keyed_file(
    const std::string& path, std::string_view member, int version,
    const std::function<void(const std::string& key, const nlohmann::json& value)>& take) {
  KeyedFile file;
  std::error_code missing;
  if (!std::filesystem::exists(path, missing)) {
    return file;
  }
  std::string text;
  try {
    FileStamp stamp;
    text = read_file(path, &stamp);
    file.stamp = stamp;
  } catch (const std::exception& failure) {
    file.state = KeyedFile::State::unreadable;
    file.error = failure.what();
    return file;
  }
  std::optional<nlohmann::json> others = read_keyed_entries(text, member, version, take);
  file.state = others ? KeyedFile::State::read : KeyedFile::State::malformed;
  if (others) {
    file.others = std::move(*others);
  }
  return file;
}

KeyedEntriesWriter::KeyedEntriesWriter(std::string_view member, int version)
    : m_text(fmt::format("{{\n \"version\": {},\n {}: {{", version,
                         dump(nlohmann::json(std::string(member))))) {}

void KeyedEntriesWriter::add(const std::string& key, const nlohmann::json& value) {
  m_text += m_separator;
  m_text += dump(nlohmann::json(key));
  m_text += ": ";
  m_text += dump(value);
  m_separator = ",\n  ";
}

std::string KeyedEntriesWriter::finish(const nlohmann::json& others) && {
  m_text += "\n }";
  for (const auto& [name, value] : others.items()) {
    m_text += ",\n ";
    m_text += dump(nlohmann::json(name));
    m_text += ": ";
    m_text += dump(value);
  }
  m_text += "\n}\n";
  return std::move(m_text);
}

}  // namespace sg::links
