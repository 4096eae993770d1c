#include "cli/link_run.h"

#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "cli/output.h"
#include "links/checker.h"
#include "links/history.h"
#include "links/html.h"
#include "load/inputs.h"
#include "load/markdown_loader.h"
#include "rules/engine.h"
#include "rules/link_findings.h"
#include "util/date.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"
#include "util/url.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

bool is_url_argument(const std::string& text) {
  return text.starts_with("http://") || text.starts_with("https://");
}

std::string read_stdin() {
  std::ostringstream buffer;
  buffer << std::cin.rdbuf();
  return buffer.str();
}

/// A one-line progress display, redrawn in place on a terminal.
class ProgressLine {
 public:
  explicit ProgressLine(bool enabled) : m_enabled(enabled) {}
  ~ProgressLine() {
    if (m_drawn) {
      std::cerr << "\r\033[K" << std::flush;
    }
  }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  void draw(const links::CheckProgress& p) {
    if (!m_enabled) {
      return;
    }
    const double seconds = std::max(0.001, static_cast<double>(p.elapsed.count()) / 1000.0);
    std::cerr << fmt::format("\r\033[Klinks {}/{}  {:.0f}/s  {} failing{}", p.done, p.total,
                             static_cast<double>(p.done) / seconds, p.failures,
                             p.slowest_host.empty() ? "" : "  waiting on " + p.slowest_host)
              << std::flush;
    m_drawn = true;
  }

 private:
  bool m_enabled;
  bool m_drawn = false;
};

/// mailto: and tel: links name an address or a number, not a page: they
/// join the report as skipped (the checker never fetches anything but http
/// and https), so the summary counts them instead of dropping them unseen.
void add_address_links(const std::vector<links::FoundLink>& found,
                       std::vector<links::LinkTarget>& targets) {
  std::map<std::string, std::size_t, std::less<>> index;
  for (const links::FoundLink& link : found) {
    if (link.kind != links::LinkKind::other_scheme) {
      continue;
    }
    const std::string scheme = to_lower(link.url.substr(0, link.url.find(':') + 1));
    if (scheme != "mailto:" && scheme != "tel:") {
      continue;
    }
    auto [it, added] = index.try_emplace(link.url, targets.size());
    if (added) {
      targets.push_back({link.url, {}});
    }
    targets[it->second].sources.push_back(
        {link.location.file, link.location.line, link.location.column});
  }
}

/// A run that may not fetch and found nothing in the cache checked nothing:
/// it must not print a clean result (exit 2, as for any input it cannot use).
void require_cached_answers(const std::vector<links::LinkResult>& results,
                            const std::string& cache) {
  std::size_t unanswered = 0;
  bool answered = false;
  for (const links::LinkResult& result : results) {
    if (result.reason == links::LinkReason::offline) {
      ++unanswered;
    } else if (result.status != links::LinkStatus::skipped &&
               result.status != links::LinkStatus::excluded &&
               result.reason != links::LinkReason::host_policy) {
      answered = true;
    }
  }
  if (unanswered > 0 && !answered) {
    throw InputError(Location{cache, 0, 0},
                     fmt::format("--offline, and the link cache holds none of the {} link{} to "
                                 "check, so nothing was checked; run once without --offline to "
                                 "fill the cache, or point --cache at a filled one",
                                 unanswered, unanswered == 1 ? "" : "s"));
  }
}

/// Keeps the targets whose host falls in `shard`, in order, and says where
/// each stood in the whole run and how many went to other shards.
ShardPart keep_shard(std::vector<links::LinkTarget>& targets, const links::Shard& shard) {
  ShardPart part{shard, 0, {}};
  std::vector<links::LinkTarget> kept;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (links::in_shard(targets[i].url, shard)) {
      part.positions.push_back(i);
      kept.push_back(std::move(targets[i]));
    }
  }
  part.other_links = targets.size() - kept.size();
  targets = std::move(kept);
  return part;
}

}  // namespace

std::vector<links::FoundLink> entry_links_of(const Entry& entry) {
  std::vector<links::FoundLink> found;
  for (const Entry::LocatedUrl& located : entry.written_urls()) {
    found.push_back(
        {std::string(located.url), located.location, links::classify_link(located.url)});
  }
  return found;
}

std::vector<links::FoundLink> entry_links(const List& list) {
  std::vector<links::FoundLink> found;
  list.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
    std::vector<links::FoundLink> more = entry_links_of(entry);
    found.insert(found.end(), std::make_move_iterator(more.begin()),
                 std::make_move_iterator(more.end()));
  });
  return found;
}

std::vector<links::FoundLink> collect_links(const std::vector<std::string>& inputs, List& entries,
                                            const Policy& policy,
                                            std::vector<Diagnostic>& document_findings) {
  std::vector<links::FoundLink> found;
  auto append = [&found](std::vector<links::FoundLink> more) {
    found.insert(found.end(), std::make_move_iterator(more.begin()),
                 std::make_move_iterator(more.end()));
  };
  for (const std::string& input : inputs) {
    if (input == "-") {
      append(links::extract_text(read_stdin(), "<stdin>"));
      continue;
    }
    if (is_url_argument(input)) {
      found.push_back({input, Location{"<command line>", 0, 0}, links::classify_link(input)});
      continue;
    }
    std::error_code ec;
    const std::string extension = fs::path(input).extension().string();
    if (fs::is_directory(input, ec) || extension == ".json") {
      LoadResult loaded = load_inputs({input}, policy.separators);
      append(entry_links(loaded.list));
      for (Section& section : loaded.list.sections) {
        entries.sections.push_back(std::move(section));
      }
      continue;
    }
    const std::string text = read_file(input);
    bool truncated = false;
    if (extension == ".md" || extension == ".markdown") {
      append(links::extract_markdown(text, input, &truncated));
      LoadResult document;
      load_markdown_text(input, text, document, policy.separators);
      std::vector<Diagnostic> found_here = run_document_link_rules(document.list, policy);
      document_findings.insert(document_findings.end(), std::make_move_iterator(found_here.begin()),
                               std::make_move_iterator(found_here.end()));
    } else if (extension == ".html" || extension == ".htm") {
      append(links::extract_html(text, input, &truncated));
    } else {
      append(links::extract_text(text, input));
    }
    if (truncated) {
      // Links past the safe depth cannot be read: a run that skipped them
      // must not pass for a clean one.
      throw InputError(Location{input, 0, 0},
                       fmt::format("HTML nested deeper than {} elements; links past that depth "
                                   "cannot be read: flatten the HTML",
                                   links::HtmlDocument::k_max_depth));
    }
  }
  // Credentials written into a document are neither sent nor reported.
  for (links::FoundLink& link : found) {
    link.url = redact_userinfo(link.url);
  }
  return found;
}

void dump_links(const std::vector<links::FoundLink>& found, const Policy& policy,
                const LinkOptions& options, std::ostream& out) {
  const links::LinkChecker checker(link_settings(policy.links, options));
  std::vector<links::LinkTarget> targets = links::group_links(found);
  if (options.shard) {
    keep_shard(targets, *options.shard);
  }
  for (const links::LinkTarget& target : targets) {
    if (auto settled = checker.precheck(target);
        settled && (settled->status == links::LinkStatus::excluded ||
                    settled->status == links::LinkStatus::skipped)) {
      continue;
    }
    out << printable(target.url);
    for (const links::LinkSource& source : target.sources) {
      out << '\t' << printable(source.file) << ':' << source.line << ':' << source.column;
    }
    out << '\n';
  }
}

void check_and_report(const std::vector<links::FoundLink>& found, const List& entries,
                      const Policy& policy, const LinkOptions& options, Report& report) {
  const links::CheckSettings settings = link_settings(policy.links, options);
  std::vector<links::LinkTarget> targets = links::group_links(found);
  add_address_links(found, targets);
  if (options.shard) {
    report.shard = keep_shard(targets, *options.shard);
  }
  // Only a run that saw every link may forget the ones it did not see.
  const bool full_run = !options.partial && !options.shard && settings.include.empty();
  const int prune_days = policy.links.prune_unseen_days;
  // The history first: a periodic report whose memory cannot be read must
  // stop before it checks anything, not start every streak over.
  std::unique_ptr<links::LinkHistory> history;
  if (!options.history.empty()) {
    history = std::make_unique<links::LinkHistory>(options.history);
    if (auto warning = history->load()) {
      if (!history->usable()) {
        std::string message = *warning;
        if (message.starts_with(options.history + ": ")) {
          message.erase(0, options.history.size() + 2);
        }
        throw InputError(Location{options.history, 0, 0}, message);
      }
      std::cerr << "sourcegate: warning: " << *warning << '\n';
    }
  }
  const links::CacheMode mode = cache_mode(options);
  std::unique_ptr<links::LinkCache> cache;
  if (mode != links::CacheMode::no_cache) {
    cache = std::make_unique<links::LinkCache>(options.cache, policy.links.cache_max_age);
    if (auto warning = cache->load()) {
      std::cerr << "sourcegate: warning: " << *warning << '\n';
    }
  }
  const bool show_progress =
      options.progress == "always" || (options.progress == "auto" && isatty(STDERR_FILENO) != 0 &&
                                       mode != links::CacheMode::offline);
  std::vector<links::LinkResult> results;
  {
    ProgressLine progress(show_progress);
    results = links::check_links(targets, settings, cache.get(), mode,
                                 [&progress](const links::CheckProgress& p) { progress.draw(p); });
  }
  if (mode == links::CacheMode::offline) {
    require_cached_answers(results, options.cache);
  }
  if (history) {
    const std::string today = format_date(today_utc());
    history->record(results, today);
    if (full_run) {
      history->prune(today, prune_days);
    }
    for (links::LinkResult& result : results) {
      const links::FailureStreak streak = history->streak(result.url);
      result.failed_days = streak.failed_days;
      result.failing_since = streak.first_failed;
    }
    if (auto problem = history->save()) {
      std::cerr << "sourcegate: warning: cannot save " << *problem << '\n';
    }
  }
  if (cache && mode == links::CacheMode::normal) {
    cache->mark_seen(results);
    if (full_run) {
      cache->prune(std::chrono::days(prune_days));
    }
    if (auto problem = cache->save()) {
      std::cerr << "sourcegate: warning: cannot save the link cache: " << *problem << '\n';
    }
  }

  // With a history, one bad day is not a dead link: flaky networks are the
  // commonest false alarm.
  report.dead_after =
      options.history.empty() ? 0 : options.dead_after.value_or(policy.links.dead_after_days);
  std::vector<const links::LinkResult*> reported;
  for (const links::LinkResult& result : results) {
    if (!links::is_failure(result.status) || is_reported_dead(report, result)) {
      reported.push_back(&result);
    }
  }
  std::vector<Diagnostic> findings = link_findings(reported, entries, policy);
  report.diagnostics.insert(report.diagnostics.end(), std::make_move_iterator(findings.begin()),
                            std::make_move_iterator(findings.end()));
  report.links = std::move(results);
}

}  // namespace sg
