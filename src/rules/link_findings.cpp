#include "rules/link_findings.h"

#include <map>
#include <tuple>

#include <fmt/format.h>

#include "rules/engine.h"

namespace sg {
namespace {

/// The finding's message: what happened to the link, in one line.
std::string finding_message(const links::LinkResult& result) {
  std::string message =
      result.status == links::LinkStatus::redirected
          ? fmt::format("{} moved permanently to {} ({})", result.url, result.final_url,
                        result.evidence)
          : fmt::format("{} is {}: {}", result.url, links::to_string(result.status), result.error);
  if (result.failed_days > 1) {
    message += fmt::format(" (failing since {}, on {} days in a row)", result.failing_since,
                           result.failed_days);
  }
  return message;
}

}  // namespace

const Rule* rule_for_link(links::LinkStatus status) {
  for (const Rule& rule : rule_registry()) {
    if (rule.link_status == status) {
      return &rule;
    }
  }
  return nullptr;
}

std::vector<Diagnostic> link_findings(const std::vector<const links::LinkResult*>& results,
                                      const List& entries, const Policy& policy) {
  // The entry written at each file and line, to name it in the finding.
  std::map<std::tuple<std::string, int>, const Entry*> entry_at_line;
  entries.for_each_entry([&](const Section&, const Group*, const Entry& entry) {
    for (const Entry::LocatedUrl& link : entry.written_urls()) {
      entry_at_line.emplace(std::make_tuple(link.location.file, link.location.line), &entry);
    }
  });
  std::vector<Diagnostic> findings;
  for (const links::LinkResult* result : results) {
    const Rule* rule = rule_for_link(result->status);
    const std::optional<Severity> severity =
        rule != nullptr ? rule_severity(*rule, policy) : std::nullopt;
    if (!severity) {
      continue;
    }
    for (const links::LinkSource& source : result->sources) {
      const auto at = entry_at_line.find(std::make_tuple(source.file, source.line));
      Diagnostic d =
          make_diagnostic(*rule, *severity,
                          Finding{.location = Location{source.file, source.line, source.column},
                                  .message = finding_message(*result),
                                  .hint = result->status == links::LinkStatus::redirected
                                              ? "use " + result->final_url
                                              : std::string(),
                                  .entry = at != entry_at_line.end() ? at->second : nullptr});
      d.url = result->url;  // the link, which may be the entry's second or its code
      d.evidence = result->evidence;
      findings.push_back(std::move(d));
    }
  }
  return findings;
}

// The rules the link checker reports, one per link status.

extern const Rule k_link_blocked = {
    .id = "link/blocked",
    .severity = Severity::error,
    .summary = "a link was refused by the safety rules",
    .doc =
        "The link checker refuses non-http(s) schemes and addresses that are loopback, private, "
        "link-local (cloud metadata), CGNAT, multicast or unspecified, on every redirect hop. A "
        "public list should not link such addresses.",
    .hint = "link a public http(s) URL",
    .link_status = links::LinkStatus::blocked,
};

extern const Rule k_link_broken = {
    .id = "link/broken",
    .severity = Severity::error,
    .summary = "a link answers 4xx or 5xx, or is a soft 404",
    .doc =
        "The final answer after redirects and retries is a client error that is not a refusal "
        "(404, 410, ...), a server error that persists, a storage service's error document for "
        "a missing object, or a soft 404: a 2xx page whose whole title or first heading says it "
        "does not exist (the policy's soft-404 patterns), a deep link sent to the site's home "
        "page, or a page that looks like the host's answer to a random path.",
    .hint = "find the resource's new address (try the archive link), or remove the entry",
    .link_status = links::LinkStatus::broken,
};

extern const Rule k_link_fragment = {
    .id = "link/fragment",
    .severity = Severity::error,
    .summary = "a #fragment matches no id on the page",
    .doc =
        "With --fragments, a link's #fragment must match an id or name attribute on the page "
        "(GitHub's user-content- prefix included).",
    .hint = "link an existing anchor, or drop the fragment",
    .link_status = links::LinkStatus::fragment_missing,
};

extern const Rule k_link_redirected = {
    .id = "link/redirected",
    .severity = Severity::warning,
    .summary = "a link works through a permanent redirect",
    .doc = "The link resolves, but through a 301 or 308 redirect: the resource has moved.",
    .hint = "update the URL to the final one given in the message",
    .link_status = links::LinkStatus::redirected,
};

extern const Rule k_link_timeout = {
    .id = "link/timeout",
    .severity = Severity::error,
    .summary = "a link did not answer in time",
    .doc = "Every attempt (with retries and backoff) ran past the deadline.",
    .hint = "check the link by hand; if the host is slow, raise its timeout in the policy",
    .link_status = links::LinkStatus::timeout,
};

extern const Rule k_link_unreachable = {
    .id = "link/unreachable",
    .severity = Severity::error,
    .summary = "a link's host could not be reached",
    .doc = "DNS, connection or TLS failed on every attempt.",
    .hint = "check the host name; if the site is gone, try the archive link or remove the entry",
    .link_status = links::LinkStatus::unreachable,
};

extern const Rule k_link_unverifiable = {
    .id = "link/unverifiable",
    .severity = Severity::warning,
    .summary = "a link's host answers robots with a wall",
    .doc =
        "The host refuses automated clients (401, 403, LinkedIn's 999, a Cloudflare challenge, "
        "a WAF's Access Denied page, a login wall), keeps answering 429, answers every path "
        "alike, or is listed in the policy as unverifiable, so nothing can be said about the "
        "link. A warning, never a failure.",
    .hint =
        "check the link in a browser; if it works, accept the status for the host in the "
        "policy (links.hosts: {\"host_pattern\", \"accept\": [403]})",
    .link_status = links::LinkStatus::unverifiable,
};

}  // namespace sg
