#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace sg::testing {

struct CommandOutput {
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// Runs the built sourcegate binary with `args` in `directory`, with the given
/// extra environment assignments ("NAME=value") and `stdin_file` (default:
/// empty) as standard input, and captures its output.
CommandOutput run_sourcegate(const std::vector<std::string>& args,
                             const std::filesystem::path& directory,
                             const std::vector<std::string>& environment = {},
                             const std::filesystem::path& stdin_file = "/dev/null");

/// Runs `binary` (a path, not searched for) the same way: for the checkers
/// the tests hand sourcegate's output to.
CommandOutput run_program(const std::string& binary, const std::vector<std::string>& args,
                          const std::filesystem::path& directory,
                          const std::vector<std::string>& environment = {},
                          const std::filesystem::path& stdin_file = "/dev/null");

/// The null-terminated array execve() takes, pointing into `strings`: built
/// before fork(), since the child may not allocate.
std::vector<char*> exec_array(std::vector<std::string>& strings);

/// A fresh empty directory under the system temp dir, removed on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return m_path; }
  /// Writes `text` to `relative` (creating parent directories); returns the path.
  std::filesystem::path write(const std::string& relative, const std::string& text) const;

 private:
  std::filesystem::path m_path;
};

std::string read_text(const std::filesystem::path& path);

/// Runs `git ARGS` (shell words, quoted by the caller) in `directory` with a
/// fixed identity and no output; returns git's exit status.
int git_in(const std::filesystem::path& directory, const std::string& args);

/// The repository's source tree, for fixtures and the embedded list.
std::filesystem::path source_dir();

/// A checker the tests run (a JSON Schema validator, the workflow validator):
/// scripts/dev.sh installs them from scripts/tools/package-lock.json.
std::filesystem::path test_tool(const std::string& name);

}  // namespace sg::testing
