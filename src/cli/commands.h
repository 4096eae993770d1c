#pragma once

#include <CLI/CLI.hpp>

namespace sg {

/// Each subcommand registers its options and a callback that sets the exit
/// code. Input and usage errors propagate as exceptions to run_cli.
void add_lint_command(CLI::App& app, int& exit_code);
void add_fmt_command(CLI::App& app, int& exit_code);
void add_render_command(CLI::App& app, int& exit_code);
void add_rules_commands(CLI::App& app, int& exit_code);
void add_schema_commands(CLI::App& app, int& exit_code);
void add_links_command(CLI::App& app, int& exit_code);
void add_merge_command(CLI::App& app, int& exit_code);
void add_check_command(CLI::App& app, int& exit_code);
void add_init_command(CLI::App& app, int& exit_code);
void add_import_command(CLI::App& app, int& exit_code);
void add_report_issue_command(CLI::App& app, int& exit_code);
void add_install_hook_command(CLI::App& app, int& exit_code);

}  // namespace sg
