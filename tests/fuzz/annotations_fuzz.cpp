// GitHub workflow commands built from a stranger's text: whatever a file name,
// title or message holds, each finding is one annotation line, so nothing in
// the data can start a command of its own.
#include <algorithm>
#include <sstream>

#include "fuzz_input.h"
#include "report/report.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [file, rest] = sg::fuzz::split_two(sg::fuzz::as_text(data, size));
  const auto [title, message] = sg::fuzz::split_two(rest);
  sg::Report report;
  sg::Diagnostic& diagnostic = report.diagnostics.emplace_back();
  diagnostic.rule = "source/not-primary";
  diagnostic.message = std::string(message);
  diagnostic.title = std::string(title);
  diagnostic.hint = std::string(message);
  diagnostic.location = {std::string(file), 2, 3};

  std::ostringstream annotations;
  sg::write_github_annotations(report, annotations);
  // One annotation line, then the summary line.
  const std::string out = annotations.str();
  sg::fuzz::require(std::count(out.begin(), out.end(), '\n') == 2 && out.back() == '\n');
  sg::fuzz::require(out.starts_with("::error ") && out.find("\nsourcegate: ") != std::string::npos);
  sg::fuzz::require(out.find('\r') == std::string::npos);

  std::ostringstream error;
  sg::write_github_error(diagnostic.location, diagnostic.message, error);
  const std::string line = error.str();
  sg::fuzz::require(std::count(line.begin(), line.end(), '\n') == 1 && line.back() == '\n');
  return 0;
}
