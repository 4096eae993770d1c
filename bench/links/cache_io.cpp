// Load and save of the link cache and the link history, alone, at 40,000 and
// 400,000 entries: the bound is 3 s for each step at 400,000, and at most 12x
// the time at 40,000 (linear is 10x).
//
//   bench/links/cache_io.sh    (builds this and runs it)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "links/cache.h"
#include "links/history.h"

namespace {

using sg::links::LinkResult;
using sg::links::LinkStatus;
using Clock = std::chrono::steady_clock;

/// The best of three runs: what the machine's other load adds is noise.
double seconds_of(const std::function<void()>& step) {
  double best = 1e9;
  for (int run = 0; run < 3; ++run) {
    const auto start = Clock::now();
    step();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - start).count());
  }
  return best;
}

std::vector<LinkResult> results(std::size_t count) {
  std::vector<LinkResult> out(count);
  for (std::size_t i = 0; i < count; ++i) {
    LinkResult& r = out[i];
    r.url = "https://host" + std::to_string(i % 997) + ".example/page/" + std::to_string(i);
    r.status = i % 10 == 0 ? LinkStatus::broken : LinkStatus::ok;
    r.http_status = r.status == LinkStatus::ok ? 200 : 404;
    r.final_url = r.url;
    r.attempts = 1;
    r.elapsed_ms = 80;
  }
  return out;
}

struct Timing {
  double cache_save = 0;
  double cache_load = 0;
  double history_save = 0;
  double history_load = 0;
};

bool fail(const char* what) {
  std::fprintf(stderr, "cache_io: %s\n", what);
  return false;
}

bool measure(std::size_t count, const std::filesystem::path& dir, Timing& timing) {
  const std::vector<LinkResult> all = results(count);
  const std::string cache_path = (dir / ("cache-" + std::to_string(count) + ".json")).string();
  const std::string history_path = (dir / ("history-" + std::to_string(count) + ".json")).string();
  std::filesystem::remove(cache_path);
  std::filesystem::remove(history_path);

  sg::links::LinkCache cache(cache_path);
  for (const LinkResult& result : all) {
    cache.store(result);
  }
  bool saved = false;
  timing.cache_save = seconds_of([&] { saved = !cache.save(); });
  sg::links::LinkCache loaded(cache_path);
  bool read = false;
  timing.cache_load = seconds_of([&] { read = !loaded.load(); });
  if (!saved || !read || loaded.size() != count) {
    return fail("the cache did not survive a save and a load");
  }

  std::vector<LinkResult> failing;
  for (LinkResult result : all) {
    result.status = LinkStatus::broken;
    failing.push_back(std::move(result));
  }
  sg::links::LinkHistory history(history_path);
  history.record(failing, "2026-11-01");
  timing.history_save = seconds_of([&] { saved = !history.save(); });
  sg::links::LinkHistory again(history_path);
  timing.history_load = seconds_of([&] { read = !again.load(); });
  if (!saved || !read || again.streak(all.back().url).failed_days == 0) {
    return fail("the history did not survive a save and a load");
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const std::filesystem::path dir =
      argc > 1 ? std::filesystem::path(argv[1]) : std::filesystem::temp_directory_path();
  std::filesystem::create_directories(dir);
  Timing small;
  Timing large;
  if (!measure(40'000, dir, small) || !measure(400'000, dir, large)) {
    return 1;
  }
  const struct {
    const char* name;
    double Timing::*step;
  } steps[] = {{"cache save", &Timing::cache_save},
               {"cache load", &Timing::cache_load},
               {"history save", &Timing::history_save},
               {"history load", &Timing::history_load}};
  bool within = true;
  std::printf("%-13s %10s %10s %7s  bound: <= 3 s at 400k, <= 12x\n", "step", "40k (s)", "400k (s)",
              "ratio");
  for (const auto& step : steps) {
    const double at_small = small.*step.step;
    const double at_large = large.*step.step;
    const double ratio = at_large / at_small;
    const bool ok = at_large <= 3.0 && ratio <= 12.0;
    within = within && ok;
    std::printf("%-13s %10.3f %10.3f %6.1fx  %s\n", step.name, at_small, at_large, ratio,
                ok ? "within" : "OUT OF BOUND");
  }
  return within ? 0 : 1;
}
