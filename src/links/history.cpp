#include "links/history.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "links/checker.h"
#include "util/text.h"

namespace sg::links {

namespace {
constexpr int k_format_version = 1;
}  // namespace

LinkHistory::LinkHistory(std::string path) : m_path(std::move(path)) {}

std::optional<std::string> LinkHistory::load() {
  m_streaks.clear();
  std::error_code error;
  if (!std::filesystem::exists(m_path, error)) {
    return std::nullopt;
  }
  std::string text;
  try {
    text = read_file(m_path);
  } catch (const std::exception&) {
    return m_path + ": cannot read the link history; starting a new one";
  }
  const auto json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded() || !json.is_object() || json.value("version", 0) != k_format_version ||
      !json.contains("failing") || !json["failing"].is_object()) {
    return m_path + ": the link history is malformed or from another version; starting a new one";
  }
  for (const auto& [url, item] : json["failing"].items()) {
    if (item.is_object() && item.value("runs", 0) > 0) {
      m_streaks[url] = FailureStreak{item.value("first_failed", ""), item.value("runs", 0)};
    }
  }
  return std::nullopt;
}

std::optional<std::string> LinkHistory::save() const {
  nlohmann::ordered_json failing = nlohmann::ordered_json::object();
  for (const auto& [url, streak] : m_streaks) {
    failing[url] = {{"first_failed", streak.first_failed}, {"runs", streak.runs}};
  }
  const nlohmann::ordered_json document = {{"version", k_format_version}, {"failing", failing}};
  if (auto problem = write_file_atomically(m_path, document.dump(1) + "\n")) {
    return "the link history: " + *problem;
  }
  return std::nullopt;
}

void LinkHistory::record(const std::vector<LinkResult>& results, const std::string& today) {
  for (const LinkResult& result : results) {
    if (!is_failure(result.status)) {
      m_streaks.erase(result.url);
      continue;
    }
    auto [it, inserted] = m_streaks.try_emplace(result.url, FailureStreak{today, 0});
    ++it->second.runs;
  }
}

const FailureStreak* LinkHistory::find(const std::string& url) const {
  auto it = m_streaks.find(url);
  return it == m_streaks.end() ? nullptr : &it->second;
}

}  // namespace sg::links
