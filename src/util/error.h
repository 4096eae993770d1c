#pragma once

#include <stdexcept>
#include <string>

#include "model/location.h"

namespace sg {

/// Bad input (an unreadable file, malformed JSON, a broken policy): reported as
/// `file:line:col: error: message`, with the offending line when there is one,
/// and exit code 2. Thrown by loaders and caught once, in the command line.
class InputError : public std::runtime_error {
 public:
  InputError(Location location, const std::string& message, std::string source_line = {})
      : std::runtime_error(message),
        m_location(std::move(location)),
        m_source_line(std::move(source_line)) {}

  const Location& location() const { return m_location; }
  /// The text of the offending line, without its newline; empty if unknown.
  const std::string& source_line() const { return m_source_line; }

 private:
  Location m_location;
  std::string m_source_line;
};

/// A command-line mistake (a bad flag value, an unknown rule id): exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace sg
