// Runs the link checker on URLs read from a file (one per line) and prints
// a summary: statuses, wall time, requests per second.
//
//   link_bench URLS_FILE [--max-concurrency N] [--max-per-host N]
//              [--resolve HOST:PORT:ADDR]... [--allow CIDR]... [--no-soft-404]

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <string_view>

#include "links/checker.h"

int main(int argc, char** argv) {
  using namespace sg::links;
  if (argc < 2) {
    std::cerr << "usage: link_bench URLS_FILE [--max-concurrency N] [--max-per-host N] "
                 "[--resolve H:P:A]... [--allow CIDR]... [--no-soft-404]\n";
    return 2;
  }
  CheckSettings settings;
  for (int i = 2; i < argc; ++i) {
    std::string_view flag = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "link_bench: " << flag << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (flag == "--max-concurrency") {
      settings.max_concurrency = std::stoi(value());
    } else if (flag == "--max-per-host") {
      settings.max_per_host = std::stoi(value());
    } else if (flag == "--resolve") {
      settings.resolve.push_back(value());
    } else if (flag == "--allow") {
      auto text = value();
      auto cidr = parse_cidr(text);
      if (!cidr) {
        std::cerr << "link_bench: bad CIDR " << text << "\n";
        return 2;
      }
      settings.allowed_cidrs.push_back(*cidr);
    } else if (flag == "--no-soft-404") {
      settings.soft_404_patterns.clear();
    } else {
      std::cerr << "link_bench: unknown flag " << flag << "\n";
      return 2;
    }
  }
  if (auto problem = validate(settings)) {
    std::cerr << "link_bench: " << *problem << "\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "link_bench: cannot read " << argv[1] << "\n";
    return 2;
  }
  std::vector<LinkTarget> targets;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) {
      targets.push_back({line, {{argv[1], static_cast<int>(targets.size()) + 1, 1}}});
    }
  }
  auto start = std::chrono::steady_clock::now();
  LinkChecker checker(settings);
  auto results = checker.check(targets);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::map<std::string, int> counts;
  for (const auto& result : results) {
    counts[std::string(to_string(result.status))]++;
  }
  std::printf("links: %zu  wall: %.3f s  rate: %.0f links/s\n", results.size(), seconds,
              static_cast<double>(results.size()) / seconds);
  for (const auto& [status, count] : counts) {
    std::printf("  %-16s %d\n", status.c_str(), count);
  }
  for (const auto& result : results) {
    if (result.status != LinkStatus::ok) {
      std::printf("first problem: %s %s\n", result.url.c_str(), result.error.c_str());
      break;
    }
  }
  return counts["ok"] == static_cast<int>(results.size()) ? 0 : 1;
}
