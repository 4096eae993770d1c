#pragma once

#include <cstddef>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "links/link_result.h"
#include "links/shard.h"
#include "model/diagnostic.h"

namespace sg {

/// What a change asks its reviewer to accept rather than a finding: a kind an
/// entry declares (the rules trust it) or a waiver it adds (a rule goes quiet).
/// Listed by lint and check with --changed-since; they never fail a run.
struct ReviewItem {
  std::string title;  ///< the entry's title
  std::string url;    ///< the entry's link
  Location location;  ///< the kind field or the waiver
  std::string rule;   ///< the waived rule; empty for a kind
  /// The declared kind, or the waiver's reason.
  std::string value;
};

/// "declares kind report" or "waives source/not-primary: reason".
std::string describe(const ReviewItem& item);

/// A run over one shard of the links (`links --shard K/N`).
struct ShardPart {
  links::Shard shard;
  /// The run's links that belong to other shards: neither checked nor
  /// counted here.
  std::size_t other_links = 0;
  /// Each link's place in the whole run's order, parallel to Report::links,
  /// so that merged shards list their links as one unsharded run would.
  std::vector<std::size_t> positions;
};

/// "shard 2/3: 7 links of the run belong to other shards and are neither
/// checked nor counted here", for the text and GitHub summaries.
std::string shard_summary(const ShardPart& part);

/// Everything a run found, ready for any writer. Writers are pure: the same
/// report gives byte-identical output.
struct Report {
  std::size_t entries = 0;
  /// Markdown lists: bullets read, and those that are not entries by reason.
  std::size_t list_items = 0;
  std::map<std::string, std::size_t> not_entries;
  std::vector<Diagnostic> diagnostics;
  /// With --changed-since: the kinds and waivers the change adds.
  std::vector<ReviewItem> review;
  std::vector<links::LinkResult> links;
  /// With a link history: UTC days failed in a row before a link counts as
  /// dead; 0 without one.
  int dead_after = 0;
  /// Set for a run over one shard of the links.
  std::optional<ShardPart> shard;
  /// The version of sourcegate that wrote a report read back from JSON;
  /// empty for a run's own report (writers write their own version).
  std::string tool_version;

  /// Findings that count (waived ones do not).
  std::size_t count(Severity severity) const;
  /// Links not checked at all (`skipped`: offline and not in the cache),
  /// by reason, so that no summary says "0 errors" having checked nothing.
  std::map<std::string, std::size_t> links_not_checked() const;
};

/// A failing link the report calls dead: with a link history, one that failed
/// on at least `dead_after` days in a row; without one, every failing link.
bool is_reported_dead(const Report& report, const links::LinkResult& link);

enum class ReportFormat { text, json, github, sarif, markdown };

/// How each format names a severity: the one table of them (report.cpp).
struct SeverityWords {
  std::string_view github;  ///< workflow command: error, warning, notice
  std::string_view sarif;   ///< result level: error, warning, note
  std::string_view color;   ///< ANSI colour in the text report
};
const SeverityWords& words_for(Severity severity);

/// A finding's file as the repository names it, for annotations and SARIF:
/// an absolute path under the working directory made relative to it, "./"
/// and "a/../" folded away, '/' separators.
std::string repository_path(const std::string& file);

/// Parses a --format value; throws UsageError naming the choices.
ReportFormat parse_report_format(std::string_view name);

struct TextStyle {
  bool color = false;
  /// Notes (findings of severity info, such as an entry judged by its URL's
  /// shape) are listed; otherwise only counted in the summary.
  bool verbose = false;
};

/// What a report says about a rule (SARIF's rules metadata). Reports do not
/// depend on the rule engine; the command line passes the registry's rows.
struct RuleMetadata {
  std::string id;
  Severity severity = Severity::error;
  std::string summary;
  std::string doc;
  std::string hint;
  /// Where the rule is documented (its section of docs/rules.md).
  std::string help_uri;
};

void write_text_report(const Report& report, std::ostream& out, TextStyle style);
void write_json_report(const Report& report, std::ostream& out);
/// One workflow-command annotation per finding, every field escaped.
void write_github_annotations(const Report& report, std::ostream& out);
/// One annotation for an input error (malformed file), so a pull request that
/// breaks an entry file is annotated too.
void write_github_error(const Location& location, std::string_view message, std::ostream& out);
/// Every finding as a Markdown table, for $GITHUB_STEP_SUMMARY.
void write_github_summary(const Report& report, std::ostream& out);
/// The dead-link report: a Markdown page for an issue, listing every link that
/// is not ok with where it is written and an archived copy to try.
void write_markdown_report(const Report& report, std::ostream& out);
/// The body of the one issue that keeps the dead-link report: the Markdown
/// report, cut at a line to fit GitHub's limit on an issue's body, and the
/// UTC day of the run it tells about.
std::string link_issue_body(const Report& report, std::string_view day);
/// Reads back what write_json_report wrote of a links run: the tool's
/// version, the summary's entries, dead_after_days and shard, the links and
/// the findings.
/// Throws InputError at the offending value, naming `file`.
Report read_json_report(std::string_view text, const std::string& file);
/// A report read back from a file, with the file's name for messages.
struct ReportFile {
  std::string file;
  Report report;
};

/// The shard reports of one run (`links --shard K/N --format json`, each K
/// of 1..N once) as the unsharded run reports it: every link in the run's
/// order, the findings sorted, the summary's counts over the whole run.
/// Throws InputError naming the files when the reports were written by
/// different versions of the tool, one is not a shard's, two overlap, a
/// shard is missing, or they were not cut from one run.
Report merge_shard_reports(const std::vector<ReportFile>& shards);

void write_sarif_report(const Report& report, const std::vector<RuleMetadata>& rules,
                        std::ostream& out);

}  // namespace sg
