#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "links/recorded_response.h"
#include "links/verdict.h"

namespace sg::links {

/// The verdict on the API's answer about `repo`. A rename is `redirected`
/// with the new page in `target`; rate limits and server errors are retried,
/// then `unverifiable` (the API said nothing about the repository).
Decision judge_api_response(const RecordedResponse& response, std::string_view repo,
                            std::chrono::system_clock::time_point now);

}  // namespace sg::links
