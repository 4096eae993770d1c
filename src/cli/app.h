#pragma once

namespace sg {

/// Parses the command line, runs the subcommand and returns the exit code:
/// 0 no errors, 1 findings at or above --fail-on, 2 usage or input error.
int run_cli(int argc, char** argv);

}  // namespace sg
