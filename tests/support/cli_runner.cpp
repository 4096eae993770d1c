#include "support/cli_runner.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace sg::testing {
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace

CommandOutput run_sourcegate(const std::vector<std::string>& args, const fs::path& directory,
                             const std::vector<std::string>& environment,
                             const fs::path& stdin_file) {
#ifdef SOURCEGATE_BINARY
  const std::string binary = SOURCEGATE_BINARY;
#else
  const std::string binary = "sourcegate";
#endif
  TempDir capture;
  const fs::path out_path = capture.path() / "out";
  const fs::path err_path = capture.path() / "err";
  const pid_t pid = fork();
  if (pid == 0) {
    if (chdir(directory.c_str()) != 0) {
      _exit(127);
    }
    const int out_fd = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err_fd = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int null_fd = open(stdin_file.c_str(), O_RDONLY);
    dup2(out_fd, STDOUT_FILENO);
    dup2(err_fd, STDERR_FILENO);
    dup2(null_fd, STDIN_FILENO);
    unsetenv("GITHUB_STEP_SUMMARY");
    unsetenv("NO_COLOR");
    for (const std::string& assignment : environment) {
      putenv(const_cast<char*>(assignment.c_str()));
    }
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(binary.c_str()));
    for (const std::string& arg : args) {
      argv.push_back(const_cast<char*>(arg.c_str()));
    }
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  CommandOutput output;
  output.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  output.out = slurp(out_path);
  output.err = slurp(err_path);
  return output;
}

TempDir::TempDir() {
  std::random_device random;
  for (int attempt = 0; attempt < 100; ++attempt) {
    fs::path candidate =
        fs::temp_directory_path() / ("sourcegate-test-" + std::to_string(random()));
    if (fs::create_directory(candidate)) {
      m_path = candidate;
      return;
    }
  }
  throw std::runtime_error("cannot create a temporary directory");
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(m_path, ec);
}

fs::path TempDir::write(const std::string& relative, const std::string& text) const {
  const fs::path path = m_path / relative;
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return path;
}

std::string read_text(const fs::path& path) { return slurp(path); }

fs::path source_dir() { return SOURCEGATE_SOURCE_DIR; }

}  // namespace sg::testing
