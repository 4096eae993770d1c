#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace sg {

/// A calendar date written YYYY-MM-DD; nullopt for any other text or a day
/// that does not exist.
std::optional<std::chrono::sys_days> parse_date(std::string_view text);

std::string format_date(std::chrono::sys_days day);

/// Today in UTC.
std::chrono::sys_days today_utc();

}  // namespace sg
