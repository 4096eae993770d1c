#include "cli/app.h"

#include <unistd.h>

#include <iostream>

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "sourcegate/version.h"
#include "util/error.h"
#include "util/text.h"

namespace sg {
namespace {

/// `file:line:col: error: message`, then the offending line with a caret.
void print_input_error(const InputError& error) {
  const Location& at = error.location();
  const bool color = use_color("auto", STDERR_FILENO);
  std::cerr << (color ? "\033[1m" : "") << at.file;
  if (at.line > 0) {
    std::cerr << ':' << at.line << ':' << at.column;
  }
  std::cerr << ':' << (color ? "\033[0m \033[1;31merror\033[0m" : " error") << ": " << error.what()
            << '\n';
  if (!error.source_line().empty()) {
    const std::string gutter = std::to_string(at.line);
    std::cerr << ' ' << gutter << " | " << error.source_line() << '\n'
              << ' ' << std::string(gutter.size(), ' ') << " | "
              << std::string(static_cast<std::size_t>(std::max(at.column - 1, 0)), ' ') << "^\n";
  }
}

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{"sourcegate: keeps a curated list of technical resources honest"};
  app.set_version_flag("--version", kVersion);
  app.require_subcommand(1);
  app.footer(
      "Examples:\n"
      "  sourcegate lint                 check entries/ against the schema and policy\n"
      "  sourcegate lint README.md       check a Markdown awesome list\n"
      "  sourcegate fmt --check          fail when an entry file is not canonical\n"
      "  sourcegate render --check       fail when LIST.md is stale\n"
      "  sourcegate links                check that every link resolves\n"
      "  sourcegate check                lint and links together\n"
      "  sourcegate rules                list the rules\n"
      "  sourcegate explain claim/incomplete\n"
      "\n"
      "Exit codes: 0 no errors, 1 errors found, 2 usage or input error.");
  int exit_code = 0;
  add_lint_command(app, exit_code);
  add_fmt_command(app, exit_code);
  add_render_command(app, exit_code);
  add_rules_commands(app, exit_code);
  add_links_command(app, exit_code);
  add_check_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  } catch (const InputError& e) {
    print_input_error(e);
    return 2;
  } catch (const UsageError& e) {
    std::cerr << "sourcegate: " << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "sourcegate: " << e.what() << '\n';
    return 2;
  }
  return exit_code;
}

}  // namespace sg
