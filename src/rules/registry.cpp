// The one table of rules. `sourcegate rules` lists it; `sourcegate explain ID`
// prints a row's doc. Adding a rule: a check in its own file, its tests, and a
// row here.
#include <algorithm>

#include "rules/rule.h"

namespace sg {

const std::vector<Rule>& rule_registry() {
  static const std::vector<Rule> k_rules = {
      {"claim/incomplete", Severity::error,
       "a performance figure without hardware, workload, precision, baseline and correctness",
       "A title or description that states a performance figure (a speed-up, a percentage, "
       "throughput, latency, FLOP/s, MFU, accuracy on a benchmark) or a comparison against a "
       "named baseline (\"beats X\", \"matches Y\") is a claim. The policy accepts a claim only "
       "with the hardware and software versions, the workload (shapes or request "
       "distribution), the precision and algorithm, the baseline and the correctness method, "
       "given in the entry's \"claim\" object. Counts, sizes, versions and formats (FP8, 4-bit, "
       "250 workloads) are not claims. The patterns are the policy's \"claims\".",
       "add the missing \"claim\" fields, or drop the number", check_claim_incomplete, nullptr},
      {"entry/duplicate-url", Severity::error, "two entries link the same page",
       "URLs are compared after normalisation: scheme, host case, default port, trailing "
       "slash, fragment, tracking parameters and the arXiv abs/pdf/version forms. A list may "
       "repeat an entry on purpose (one resource in two places of a reading path); waive the "
       "rule on the repeat with the reason.",
       "remove one of them, or waive this rule with the reason the list repeats it", nullptr,
       check_duplicate_url},
      {"entry/schema", Severity::error, "an entry file breaks the entry schema",
       "Entry files are strict: every required field present (title, url or links, kind, "
       "description), no unknown or repeated field, each of the right type, dates that exist "
       "(YYYY-MM-DD), kinds from paper, spec, docs, repo, report, note, and every waiver with a "
       "rule and a reason. Typos must not pass silently. See docs/entries.md.",
       "fix the field as the message says", nullptr, nullptr},
      {"entry/unused-waiver", Severity::warning, "a waiver silences nothing",
       "A waiver that no longer silences a finding (the rule stopped firing, or the rule id is "
       "misspelt) hides nothing but misleads readers about the entry.",
       "remove the waiver", nullptr, nullptr},
      {"freshness/stale", Severity::error, "a volatile section or entry was verified too long ago",
       "Sections whose evidence changes quickly carry \"volatile\": {\"verified\": DATE, "
       "\"max_age_days\": N}; an entry in them may carry its own \"verified\" date. When the date "
       "is older than N days (the policy's \"freshness.default_max_age_days\" for Markdown "
       "lists), the section must be re-verified.",
       "re-check the sources, then update the verification date", nullptr, check_freshness_stale},
      {"link/anchor", Severity::error, "an internal #anchor matches no heading",
       "Internal links (#anchor) in a Markdown list, or in the list rendered from entries, must "
       "match a heading under GitHub's rules: lower case, punctuation other than - and _ "
       "dropped, spaces as -, a repeated heading suffixed -1, -2.",
       "link an existing heading", nullptr, check_link_anchor},
      {"link/blocked", Severity::error, "a link was refused by the safety rules",
       "The link checker refuses non-http(s) schemes and addresses that are loopback, private, "
       "link-local (cloud metadata), CGNAT, multicast or unspecified, on every redirect hop. A "
       "public list should not link such addresses.",
       "link a public http(s) URL", nullptr, nullptr, links::LinkStatus::blocked},
      {"link/broken", Severity::error, "a link answers 4xx or 5xx, or is a soft 404",
       "The final answer after redirects and retries is a client error that is not a refusal "
       "(404, 410, ...), a server error that persists, a storage service's error document for "
       "a missing object, or a soft 404: a 2xx page whose whole title or first heading says it "
       "does not exist (the policy's soft-404 patterns), a deep link sent to the site's home "
       "page, or a page that looks like the host's answer to a random path.",
       "find the resource's new address (try the archive link), or remove the entry", nullptr,
       nullptr, links::LinkStatus::broken},
      {"link/canonical", Severity::error, "a URL is not in canonical form",
       "Links use https where the host serves it, carry no tracking parameters (the policy's "
       "\"canonical.tracking_parameters\") and point at arXiv's abstract page, not a PDF, HTML "
       "or versioned form, so that duplicates are found and readers land on the stable page.",
       "use the canonical URL given in the message", check_link_canonical, nullptr},
      {"link/fragment", Severity::error, "a #fragment matches no id on the page",
       "With --fragments, a link's #fragment must match an id or name attribute on the page "
       "(GitHub's user-content- prefix included).",
       "link an existing anchor, or drop the fragment", nullptr, nullptr,
       links::LinkStatus::fragment_missing},
      {"link/redirected", Severity::warning, "a link works through a permanent redirect",
       "The link resolves, but through a 301 or 308 redirect: the resource has moved.",
       "update the URL to the final one given in the message", nullptr, nullptr,
       links::LinkStatus::redirected},
      {"link/timeout", Severity::error, "a link did not answer in time",
       "Every attempt (with retries and backoff) ran past the deadline.",
       "check the link by hand; if the host is slow, raise its timeout in the policy", nullptr,
       nullptr, links::LinkStatus::timeout},
      {"link/unreachable", Severity::error, "a link's host could not be reached",
       "DNS, connection or TLS failed on every attempt.",
       "check the host name; if the site is gone, try the archive link or remove the entry",
       nullptr, nullptr, links::LinkStatus::unreachable},
      {"link/unverifiable", Severity::warning, "a link's host answers robots with a wall",
       "The host refuses automated clients (401, 403, LinkedIn's 999, a Cloudflare challenge, "
       "a WAF's Access Denied page, a login wall), keeps answering 429, answers every path "
       "alike, or is listed in the policy as unverifiable, so nothing can be said about the "
       "link. A warning, never a failure.",
       "check the link in a browser; if it works, accept the status for the host in the "
       "policy (links.hosts: {\"host_pattern\", \"accept\": [403]})",
       nullptr, nullptr, links::LinkStatus::unverifiable},
      {"list/group-size", Severity::error, "a group holds more links than the policy allows",
       "The list is a learning path, not a link collection: a group holds at most the policy's "
       "\"group_size.max_links\" links, so a new link names the one it replaces. Reading-path "
       "sections can be exempted in \"group_size.exempt_sections\".",
       "replace an entry (name the one it replaces in the pull request) or split the group",
       nullptr, check_group_size},
      {"source/kind-mismatch", Severity::error, "the declared kind contradicts the URL",
       "An entry's kind must agree with what its host publishes (the policy's \"classes\": a "
       "paper on a paper host, a repo at a repository root). On a secondary host "
       "source/not-primary reports the problem instead.",
       "fix \"kind\" or link the resource itself", check_kind_mismatch, nullptr},
      {"source/not-primary", Severity::error, "the URL is a secondary source",
       "A core source is the paper that introduced the mechanism, the specification or official "
       "documentation that defines it, the repository that implements it, or a direct "
       "implementer report with code and measurements. Blogs, news, aggregators, communities, "
       "videos, marketing pages, surveys, summaries and leaderboards are not, unless the entry "
       "is a \"report\" that names its \"code\".",
       "link the paper, spec, official docs or repository instead; or, for a direct implementer "
       "report, declare kind \"report\" with its \"code\" repository",
       check_not_primary, nullptr},
      {"source/report-evidence", Severity::error, "a report without code or measured hardware",
       "A direct implementer report must name the repository holding its code (\"code\") and the "
       "hardware its measurements ran on (\"claim.hardware\"), so that the result can be "
       "reproduced.",
       "add \"code\" and \"claim.hardware\"", check_report_evidence, nullptr},
      {"source/unclassified", Severity::warning, "no host rule classifies the URL",
       "Every entry URL should fall under a host rule of the policy, so that the source rules "
       "can judge it. An unclassified host means the policy needs a line.",
       "add the host to the policy's \"hosts\"", check_unclassified, nullptr},
      {"style/description", Severity::warning, "the description is not one tidy sentence",
       "A description is one sentence, starting with a capital letter (or a name the policy "
       "lists in \"description.lowercase_starts\"), ending with a period, without stray spaces, "
       "within the policy's length bounds.",
       "rewrite the description as one sentence", check_style_description, nullptr},
      {"surface/tutorial", Severity::error, "a surface-level tutorial",
       "Generic or surface-level tutorials are out: hosts the policy classes as surface "
       "material, and titles or descriptions matching the policy's \"surface.title_patterns\". "
       "A direct implementer report with code is exempt.",
       "link the primary source the tutorial summarises", check_surface_tutorial, nullptr},
  };
  return k_rules;
}

const Rule* find_rule(std::string_view id) {
  const std::vector<Rule>& rules = rule_registry();
  auto it = std::find_if(rules.begin(), rules.end(), [&](const Rule& r) { return r.id == id; });
  return it == rules.end() ? nullptr : &*it;
}

}  // namespace sg
