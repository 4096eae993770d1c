#include "rules/url_canon.h"

#include <algorithm>

#include <re2/re2.h>

#include "util/url.h"

namespace sg {
namespace {

/// arXiv identifiers, new (2301.03598) and old (cs/0601001) style, with an
/// optional version and `.pdf`.
const RE2& arxiv_path() {
  static const RE2 pattern(
      R"(^/(?:abs|pdf|html|format)/((?:\d{4}\.\d{4,5})|(?:[a-z\-]+(?:\.[A-Z]{2})?/\d{7}))(?:v\d+)?(?:\.pdf)?/?$)");
  return pattern;
}

std::string strip_tracking(const std::string& query, const std::vector<std::string>& patterns) {
  std::string kept;
  std::size_t start = 0;
  while (start <= query.size()) {
    std::size_t end = query.find('&', start);
    if (end == std::string::npos) {
      end = query.size();
    }
    const std::string pair = query.substr(start, end - start);
    const std::string name = pair.substr(0, pair.find('='));
    if (!pair.empty() && !is_tracking_parameter(name, patterns)) {
      kept += (kept.empty() ? "" : "&") + pair;
    }
    start = end + 1;
  }
  return kept;
}

}  // namespace

bool is_tracking_parameter(std::string_view name, const std::vector<std::string>& patterns) {
  return std::any_of(patterns.begin(), patterns.end(), [&](const std::string& pattern) {
    if (pattern.ends_with('*')) {
      return name.starts_with(std::string_view(pattern).substr(0, pattern.size() - 1));
    }
    return name == pattern;
  });
}

namespace {

/// canonical_url's work, kept as parts so that url_identity parses only once.
std::optional<Url> canonical_parts(std::string_view text,
                                   const std::vector<std::string>& tracking_parameters,
                                   const std::vector<std::string>& http_only_hosts) {
  std::optional<Url> url = parse_url(text);
  if (!url || (url->scheme != "http" && url->scheme != "https")) {
    return std::nullopt;
  }
  const bool http_only =
      std::find(http_only_hosts.begin(), http_only_hosts.end(), url->host) != http_only_hosts.end();
  if (!http_only) {
    if (url->scheme == "http" && url->port == "80") {
      url->port.clear();
    }
    url->scheme = "https";
  }
  if ((url->scheme == "https" && url->port == "443") ||
      (url->scheme == "http" && url->port == "80")) {
    url->port.clear();
  }
  url->query = strip_tracking(url->query, tracking_parameters);
  if (url->host == "arxiv.org" || url->host == "www.arxiv.org" || url->host == "export.arxiv.org") {
    std::string id;
    if (RE2::FullMatch(url->path, arxiv_path(), &id)) {
      url->host = "arxiv.org";
      url->path = "/abs/" + id;
      url->query.clear();
    }
  }
  return url;
}

}  // namespace

std::optional<std::string> canonical_url(std::string_view text,
                                         const std::vector<std::string>& tracking_parameters,
                                         const std::vector<std::string>& http_only_hosts) {
  const std::optional<Url> url = canonical_parts(text, tracking_parameters, http_only_hosts);
  if (!url) {
    return std::nullopt;
  }
  return to_string(*url);
}

std::string url_identity(std::string_view text,
                         const std::vector<std::string>& tracking_parameters) {
  std::optional<Url> url = canonical_parts(text, tracking_parameters, {});
  if (!url) {
    return std::string(text);
  }
  url->fragment.clear();
  if (url->host.starts_with("www.")) {
    url->host.erase(0, 4);
  }
  while (url->path.size() > 1 && url->path.ends_with('/')) {
    url->path.pop_back();
  }
  return to_string(*url);
}

}  // namespace sg
