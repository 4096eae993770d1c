#include "support/cli_runner.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string_view>

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
  return run_program(binary, args, directory, environment, stdin_file);
}

CommandOutput run_program(const std::string& binary, const std::vector<std::string>& args,
                          const fs::path& directory, const std::vector<std::string>& environment,
                          const fs::path& stdin_file) {
  TempDir capture;
  const std::string out_path = (capture.path() / "out").string();
  const std::string err_path = (capture.path() / "err").string();
  const std::string in_path = stdin_file.string();
  const std::string work_path = directory.string();
  // Everything the child needs is built before fork(): the test's server
  // threads may hold the allocator's or the environment's lock at that
  // moment, and a child that allocates would wait for it forever.
  // The test's own assignments replace inherited ones of the same name, and a
  // runner's GITHUB_STEP_SUMMARY or NO_COLOR never leaks into a test.
  std::vector<std::string> replaced = {"GITHUB_STEP_SUMMARY=", "NO_COLOR="};
  for (const std::string& assignment : environment) {
    replaced.push_back(assignment.substr(0, assignment.find('=') + 1));
  }
  std::vector<std::string> env_text;
  for (char** item = environ; *item != nullptr; ++item) {
    const std::string_view assignment = *item;
    if (std::none_of(replaced.begin(), replaced.end(),
                     [&](const std::string& name) { return assignment.starts_with(name); })) {
      env_text.emplace_back(assignment);
    }
  }
  env_text.insert(env_text.end(), environment.begin(), environment.end());
  std::vector<char*> envp = exec_array(env_text);
  std::vector<std::string> argv_text = {binary};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv = exec_array(argv_text);

  const pid_t pid = fork();
  if (pid == 0) {
    // Only async-signal-safe calls until exec.
    const int out_fd = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err_fd = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int in_fd = open(in_path.c_str(), O_RDONLY);
    if (out_fd < 0 || err_fd < 0 || in_fd < 0 || dup2(out_fd, STDOUT_FILENO) < 0 ||
        dup2(err_fd, STDERR_FILENO) < 0 || dup2(in_fd, STDIN_FILENO) < 0 ||
        chdir(work_path.c_str()) != 0) {
      _exit(127);
    }
    execve(binary.c_str(), argv.data(), envp.data());
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

std::vector<char*> exec_array(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  pointers.reserve(strings.size() + 1);
  for (std::string& text : strings) {
    pointers.push_back(text.data());
  }
  pointers.push_back(nullptr);
  return pointers;
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

int git_in(const fs::path& directory, const std::string& args) {
  const std::string command = "git -C '" + directory.string() +
                              "' -c user.email=t@example.invalid -c user.name=t "
                              "-c init.defaultBranch=main -c commit.gpgsign=false " +
                              args + " >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

fs::path source_dir() { return SOURCEGATE_SOURCE_DIR; }

fs::path test_tool(const std::string& name) {
  return source_dir() / "scripts/tools/node_modules/.bin" / name;
}

}  // namespace sg::testing
