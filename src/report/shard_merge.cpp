#include <map>

#include <fmt/format.h>

#include "report/report.h"
#include "sourcegate/version.h"
#include "util/error.h"

namespace sg {
namespace {

[[noreturn]] void refuse(const std::string& file, const std::string& message) {
  throw InputError(Location{file, 0, 0}, message);
}

/// The same version everywhere, and this one: a report is read by the code
/// that writes it, and the merged report carries this version.
void require_one_version(const std::vector<ReportFile>& shards) {
  for (const ReportFile& shard : shards) {
    if (shard.report.tool_version != shards.front().report.tool_version) {
      refuse(shard.file,
             fmt::format("written by sourcegate {}, but {} by sourcegate {}: merge the shards "
                         "of one run, made by one build",
                         shard.report.tool_version, shards.front().file,
                         shards.front().report.tool_version));
    }
  }
  if (shards.front().report.tool_version != kVersion) {
    refuse(shards.front().file,
           fmt::format("written by sourcegate {}, and this is sourcegate {}: merge with the "
                       "build that wrote the shards",
                       shards.front().report.tool_version, kVersion));
  }
}

/// Every shard K/N of one N exactly once, in order of K.
std::vector<const ReportFile*> shards_in_order(const std::vector<ReportFile>& shards) {
  std::map<int, const ReportFile*> by_index;
  const ReportFile& first = shards.front();
  for (const ReportFile& shard : shards) {
    if (!shard.report.shard) {
      refuse(shard.file,
             "not a shard's report (its summary has no \"shard\"); merge the JSON reports of "
             "`sourcegate links --shard K/N --format json`");
    }
    const links::Shard& cut = shard.report.shard->shard;
    if (cut.count != first.report.shard->shard.count) {
      refuse(shard.file, fmt::format("is shard {}, but {} is shard {}: shards of different splits "
                                     "overlap; merge the N reports of one --shard K/N split",
                                     cut.name(), first.file, first.report.shard->shard.name()));
    }
    auto [it, added] = by_index.try_emplace(cut.index, &shard);
    if (!added) {
      refuse(shard.file, fmt::format("is shard {}, and so is {}: each shard is merged once",
                                     cut.name(), it->second->file));
    }
  }
  const int count = first.report.shard->shard.count;
  std::vector<const ReportFile*> ordered;
  for (int index = 1; index <= count; ++index) {
    auto it = by_index.find(index);
    if (it == by_index.end()) {
      refuse(first.file,
             fmt::format("shard {}/{} is missing: a merged report without it would pass links "
                         "nobody checked; give the reports of all {} shards",
                         index, count, count));
    }
    ordered.push_back(it->second);
  }
  return ordered;
}

}  // namespace

Report merge_shard_reports(const std::vector<ReportFile>& shards) {
  if (shards.empty()) {
    throw UsageError("merge needs the JSON reports of the shards");
  }
  require_one_version(shards);
  const std::vector<const ReportFile*> ordered = shards_in_order(shards);
  const Report& first = ordered.front()->report;
  const std::size_t run_links = first.links.size() + first.shard->other_links;
  // By place, not a vector of the run's size: a hostile report's count
  // must not decide how much is allocated.
  std::map<std::size_t, const links::LinkResult*> placed;
  Report merged;
  merged.entries = first.entries;
  merged.dead_after = first.dead_after;
  for (const ReportFile* shard : ordered) {
    const Report& report = shard->report;
    const ShardPart& part = *report.shard;
    if (report.links.size() + part.other_links != run_links || report.entries != first.entries ||
        report.dead_after != first.dead_after) {
      refuse(shard->file,
             fmt::format("counts {} entries and {} links in its run, but {} counts {} and {}: "
                         "these are not shards of one run over the same inputs and settings",
                         report.entries, report.links.size() + part.other_links,
                         ordered.front()->file, first.entries, run_links));
    }
    for (std::size_t i = 0; i < report.links.size(); ++i) {
      const std::size_t position = part.positions.at(i);
      if (position >= run_links || !placed.emplace(position, &report.links[i]).second) {
        refuse(shard->file,
               fmt::format("link {} claims place {} of the run's {} links, {}: these are not "
                           "shards of one run",
                           report.links[i].url, position, run_links,
                           position >= run_links ? "past the end" : "which another link holds"));
      }
    }
    merged.diagnostics.insert(merged.diagnostics.end(), report.diagnostics.begin(),
                              report.diagnostics.end());
  }
  // Every place is below the run's count and held once: if the count of
  // places is the run's, every place from 0 on is filled.
  if (placed.size() != run_links) {
    refuse(ordered.front()->file,
           fmt::format("the shards hold {} links between them, but their run had {}: these are "
                       "not shards of one run",
                       placed.size(), run_links));
  }
  for (const auto& [position, link] : placed) {
    merged.links.push_back(*link);
  }
  sort_diagnostics(merged.diagnostics);
  return merged;
}

}  // namespace sg
