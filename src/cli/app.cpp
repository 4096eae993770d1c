#include "cli/app.h"

#include <unistd.h>

#include <algorithm>
#include <iostream>

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "report/report.h"
#include "sourcegate/version.h"
#include "util/error.h"
#include "util/spelling.h"
#include "util/text.h"

namespace sg {
namespace {

/// Whether the command line asks for GitHub annotations.
bool github_format(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--format=github" ||
        (arg == "--format" && i + 1 < argc && std::string_view(argv[i + 1]) == "github")) {
      return true;
    }
  }
  return false;
}

/// At most `width` code points of `line` around `column` (1-based), with "…"
/// where it was cut, and the caret's column in what is shown: a syntax error
/// at the end of a 50 MB one-line file quotes a line, not the file.
std::pair<std::string, int> excerpt_around(std::string_view line, int column, int width) {
  auto byte_of = [&](int code_point) {  // offset of the code point, or the end
    std::size_t offset = 0;
    for (int seen = 0; offset < line.size(); ++offset) {
      if ((static_cast<unsigned char>(line[offset]) & 0xC0U) != 0x80U && seen++ == code_point) {
        break;
      }
    }
    return offset;
  };
  const int first = std::max(0, column - 1 - width / 2);
  const std::size_t begin = byte_of(first);
  const std::size_t end = byte_of(first + width);
  std::string shown = first > 0 ? "…" : "";
  shown += line.substr(begin, end - begin);
  if (end < line.size()) {
    shown += "…";
  }
  return {shown, column - first + (first > 0 ? 1 : 0)};
}

/// `file:line:col: error: message`, then the offending line with a caret.
/// Everything quoted from the input is made printable: it may come from a
/// stranger's pull request.
void print_input_error(const InputError& error) {
  const Location& at = error.location();
  const bool color = use_color("auto", STDERR_FILENO);
  std::cerr << (color ? "\033[1m" : "") << printable(at.file);
  if (at.line > 0) {
    std::cerr << ':' << at.line << ':' << at.column;
  }
  std::cerr << ':' << (color ? "\033[0m \033[1;31merror\033[0m" : " error") << ": "
            << printable(error.what()) << '\n';
  if (!error.source_line().empty()) {
    const std::string gutter = std::to_string(at.line);
    // The caret counts code points; escaping widens only control characters,
    // which sit on the caret's left rarely enough to accept the shift.
    const auto [shown, caret] = excerpt_around(error.source_line(), at.column, 120);
    std::cerr << ' ' << gutter << " | " << printable(shown) << '\n'
              << ' ' << std::string(gutter.size(), ' ') << " | "
              << std::string(static_cast<std::size_t>(std::max(caret - 1, 0)), ' ') << "^\n";
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
      "  sourcegate links --shard 2/3    the second of three CI jobs' links\n"
      "  sourcegate merge links-*.json   the shards' JSON reports as one run's\n"
      "  sourcegate check                lint and links together\n"
      "  sourcegate rules                list the rules\n"
      "  sourcegate import README.md     entries/ from a Markdown list\n"
      "  sourcegate install-hook         a git pre-commit hook that judges the staged list\n"
      "  sourcegate explain claim/incomplete\n"
      "  sourcegate report-issue --report links.json --repo octo/list\n"
      "\n"
      "Exit codes: 0 no errors, 1 errors found, 2 usage or input error.");
  int exit_code = 0;
  add_lint_command(app, exit_code);
  add_fmt_command(app, exit_code);
  add_render_command(app, exit_code);
  add_rules_commands(app, exit_code);
  add_schema_commands(app, exit_code);
  add_links_command(app, exit_code);
  add_merge_command(app, exit_code);
  add_check_command(app, exit_code);
  add_init_command(app, exit_code);
  add_import_command(app, exit_code);
  add_report_issue_command(app, exit_code);
  add_install_hook_command(app, exit_code);
  // CLI11 would only say that a command is required; name the mistyped one.
  if (argc > 1 && argv[1][0] != '-') {
    std::vector<std::string_view> commands;
    for (const CLI::App* command : app.get_subcommands({})) {
      commands.push_back(command->get_name());
    }
    if (std::find(commands.begin(), commands.end(), argv[1]) == commands.end()) {
      std::cerr << "sourcegate: unknown command \"" << printable(argv[1]) << "\"; "
                << did_you_mean(argv[1], commands, "see sourcegate --help") << '\n';
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  } catch (const InputError& e) {
    print_input_error(e);
    if (github_format(argc, argv)) {
      write_github_error(e.location(), e.what(), std::cout);
    }
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
