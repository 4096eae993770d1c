#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "cli/links_settings.h"
#include "links/extract.h"
#include "model/list.h"
#include "policy/policy.h"
#include "report/report.h"

namespace sg {

/// Every link of an entry: url (or links) and code, at their fields.
std::vector<links::FoundLink> entry_links_of(const Entry& entry);
/// Every link of the list's entries.
std::vector<links::FoundLink> entry_links(const List& list);

/// Links from what `links` is pointed at: entries directories and files,
/// Markdown, HTML, plain text, URLs on the command line, `-` for stdin. Entries
/// found along the way are added to `entries`, so findings can name them. A
/// Markdown file's links into itself and its repository (#anchors, relative
/// files) are judged as lint judges them, into `document_findings`.
std::vector<links::FoundLink> collect_links(const std::vector<std::string>& inputs, List& entries,
                                            const Policy& policy,
                                            std::vector<Diagnostic>& document_findings);

/// --dump: every link a check would fetch (after --include and --exclude),
/// one per line: the URL, then each place it is written as file:line:col,
/// tab-separated; with options.shard, only that shard's. Nothing is fetched
/// and no cache is read.
void dump_links(const std::vector<links::FoundLink>& found, const Policy& policy,
                const LinkOptions& options, std::ostream& out);

/// Checks the links (cache in front), adds the results to `report.links`
/// and a link/* finding per failing place to `report.diagnostics`, naming the
/// entry when the place is one. With options.shard, only the links whose
/// host falls in that shard are checked, and report.shard says so.
void check_and_report(const std::vector<links::FoundLink>& found, const List& entries,
                      const Policy& policy, const LinkOptions& options, Report& report);

}  // namespace sg
