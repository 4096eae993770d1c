#include "cli/app.h"

#include <CLI/CLI.hpp>

#include "sourcegate/version.h"

namespace sg {

int run_cli(int argc, char** argv) {
  CLI::App app{"sourcegate: source-policy gate and link checker for curated lists"};
  app.set_version_flag("--version", kVersion);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  return 0;
}

}  // namespace sg
