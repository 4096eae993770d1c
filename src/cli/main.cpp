#include "cli/app.h"

int main(int argc, char** argv) { return sg::run_cli(argc, argv); }
