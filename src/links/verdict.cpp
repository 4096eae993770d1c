#include "links/verdict.h"

#include <algorithm>

#include <fmt/format.h>

#include "util/text.h"
#include "util/url.h"

namespace sg::links {

namespace {

/// How much of an error page is read: enough for a challenge marker or a
/// storage service's error document.
constexpr std::size_t k_error_body_bytes = std::size_t{16} * 1024;

std::string_view reason_phrase(long status) {
  switch (status) {
    case 301:
      return "Moved Permanently";
    case 302:
      return "Found";
    case 303:
      return "See Other";
    case 307:
      return "Temporary Redirect";
    case 308:
      return "Permanent Redirect";
    case 400:
      return "Bad Request";
    case 401:
      return "Unauthorized";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 410:
      return "Gone";
    case 429:
      return "Too Many Requests";
    case 451:
      return "Unavailable For Legal Reasons";
    case 500:
      return "Internal Server Error";
    case 502:
      return "Bad Gateway";
    case 503:
      return "Service Unavailable";
    case 504:
      return "Gateway Timeout";
    default:
      return "";
  }
}

Decision done(LinkStatus status, LinkReason reason, std::string evidence) {
  Decision decision;
  decision.outcome = {status, reason, std::move(evidence)};
  return decision;
}

/// The text in quotes, cut at 120 characters. (Named apart from std::quoted,
/// which argument-dependent lookup would pick for a std::string.)
std::string quoted_excerpt(std::string_view text) {
  constexpr std::size_t k_most = 120;
  std::string shown(text.substr(0, k_most));
  return fmt::format("\"{}{}\"", shown, text.size() > k_most ? "…" : "");
}

/// A storage service saying the object is missing: S3 answers 403
/// AccessDenied for a missing key in a bucket that cannot be listed.
std::optional<std::string> storage_denial(const RecordedResponse& response) {
  if (!response.storage_headers || (response.status != 403 && response.status != 404)) {
    return std::nullopt;
  }
  for (std::string_view code : {"NoSuchKey", "NoSuchBucket", "AccessDenied"}) {
    if (response.body.find(fmt::format("<Code>{}</Code>", code)) != std::string::npos) {
      return fmt::format("{}, a storage service's error document with <Code>{}</Code>",
                         status_line(response.status), code);
    }
  }
  return std::nullopt;
}

/// Why the answer is a wall in front of robots, or nullopt.
std::optional<std::string> bot_wall(const RecordedResponse& response,
                                    const std::vector<std::string>& markers) {
  const long status = response.status;
  if (status == 999) {
    return fmt::format("{}, LinkedIn's answer to robots", status_line(status));
  }
  if (status != 403 && status != 429 && status != 503) {
    return std::nullopt;
  }
  if (to_lower(trim(response.cf_mitigated)) == "challenge") {
    return fmt::format("{} with cf-mitigated: challenge", status_line(status));
  }
  const std::string body = to_lower(response.body);
  const bool cloudflare = to_lower(response.server).find("cloudflare") != std::string::npos;
  for (const std::string& marker : markers) {
    if (!marker.empty() && body.find(to_lower(marker)) != std::string::npos) {
      return fmt::format("{}{} with a challenge page ('{}')", status_line(status),
                         cloudflare ? " from Cloudflare" : "", marker);
    }
  }
  if (status == 403) {
    std::string title = page_headings(response.body).title;
    return title.empty() ? status_line(status)
                         : fmt::format("{}, page {}", status_line(status), quoted_excerpt(title));
  }
  return std::nullopt;
}

std::string path_of(std::string_view url) {
  std::optional<Url> parsed = sg::parse_url(url);
  return parsed ? parsed->path : std::string();
}

bool is_home_path(std::string_view path) {
  while (path.starts_with('/')) {
    path.remove_prefix(1);
  }
  while (path.ends_with('/')) {
    path.remove_suffix(1);
  }
  static constexpr std::string_view k_index_pages[] = {
      "", "index.html", "index.htm", "index.php", "index", "home", "default.aspx"};
  const std::string lowered = to_lower(path);
  return std::find(std::begin(k_index_pages), std::end(k_index_pages), lowered) !=
         std::end(k_index_pages);
}

}  // namespace

std::string status_line(long status) {
  std::string_view phrase = reason_phrase(status);
  return phrase.empty() ? fmt::format("HTTP {}", status)
                        : fmt::format("HTTP {} {}", status, phrase);
}

std::optional<long> server_delay_ms(const RecordedResponse& response,
                                    std::chrono::system_clock::time_point now) {
  std::optional<std::chrono::milliseconds> delay = parse_retry_after(response.retry_after, now);
  if (!delay && !response.rate_limit_reset.empty() &&
      (response.status == 429 || trim(response.rate_limit_remaining) == "0")) {
    delay = parse_rate_limit_reset(response.rate_limit_reset, now);
  }
  if (!delay) {
    return std::nullopt;
  }
  return static_cast<long>(std::min<std::chrono::milliseconds::rep>(delay->count(), 1L << 40));
}

std::size_t body_wanted(const RecordedResponse& response, std::size_t page_bytes,
                        bool any_content_type, std::size_t cap) {
  const long status = response.status;
  if (status >= 200 && status < 300) {
    return response.is_html() || any_content_type ? std::min(page_bytes, cap) : 0;
  }
  // Small error and redirect bodies are read whole, so that the connection
  // stays usable; only walls and storage denials look at them.
  return std::min(k_error_body_bytes, cap);
}

Decision judge_response(const Hop& hop, const RecordedResponse& response, const CheckConfig& config,
                        std::chrono::system_clock::time_point now) {
  const long status = response.status;
  if (status >= 300 && status < 400 && status != 304) {
    if (trim(response.location).empty()) {
      return done(LinkStatus::broken, LinkReason::http_status,
                  fmt::format("{} without a Location header", status_line(status)));
    }
    std::optional<std::string> target = resolve_reference(hop.url, trim(response.location));
    if (!target) {
      return done(LinkStatus::broken, LinkReason::http_status,
                  fmt::format("{} to {}, which is not a URL", status_line(status),
                              quoted_excerpt(response.location)));
    }
    std::string next(strip_fragment(*target));
    if (!is_web_url(next)) {
      return done(LinkStatus::blocked, LinkReason::blocked_scheme,
                  fmt::format("{} to {}", status_line(status), quoted_excerpt(next)));
    }
    if (config.login_page(next) && !config.login_page(hop.url)) {
      return done(LinkStatus::unverifiable, LinkReason::login_wall,
                  fmt::format("{} to the login page {}", status_line(status), next));
    }
    Decision follow;
    follow.next = Decision::Next::follow;
    follow.target = std::move(next);
    follow.permanent = is_permanent_redirect(status);
    return follow;
  }
  const HostSettings host = config.host(url_host(hop.url));
  if (host.accept != nullptr &&
      std::find(host.accept->begin(), host.accept->end(), status) != host.accept->end()) {
    return done(LinkStatus::ok, LinkReason::accepted_status, status_line(status));
  }
  if (hop.head && status >= 400) {
    // HEAD answers are often wrong (405, 501, 403, 404 on HEAD only, or a
    // 5xx from a broken handler): only a GET can tell.
    Decision get;
    get.next = Decision::Next::get_instead;
    return get;
  }
  if (status == 416) {
    Decision again;
    again.next = Decision::Next::without_range;
    return again;
  }
  if (status >= 200 && status < 300) {
    Decision page;
    page.next = Decision::Next::judge_page;
    return page;
  }
  if (auto denial = storage_denial(response)) {
    return done(LinkStatus::broken, LinkReason::storage_denial, *denial);
  }
  if (status == 401) {
    return done(LinkStatus::unverifiable, LinkReason::login_wall, status_line(status));
  }
  if (auto wall = bot_wall(response, config.settings().bot_wall_markers)) {
    return done(LinkStatus::unverifiable, LinkReason::bot_wall, *wall);
  }
  if (status == 429 || (status >= 500 && status < 600)) {
    Decision retry;
    retry.next = Decision::Next::retry;
    retry.server_delay_ms = server_delay_ms(response, now);
    retry.outcome =
        status == 429
            ? Outcome{LinkStatus::unverifiable, LinkReason::rate_limited, status_line(status)}
            : Outcome{LinkStatus::broken, LinkReason::server_error, status_line(status)};
    return retry;
  }
  if (status >= 400) {
    return done(LinkStatus::broken, LinkReason::http_status, status_line(status));
  }
  return done(LinkStatus::broken, LinkReason::http_status,
              fmt::format("unexpected {} as a final answer", status_line(status)));
}

bool is_permanent_redirect(long status) { return status == 301 || status == 308; }

std::optional<std::string> permanent_target(const std::vector<RedirectHop>& chain) {
  std::optional<std::string> target;
  for (const RedirectHop& hop : chain) {
    if (!is_permanent_redirect(hop.status)) {
      break;
    }
    target = hop.to;
  }
  return target;
}

std::string describe_chain(const std::vector<RedirectHop>& chain) {
  std::string text;
  for (const RedirectHop& hop : chain) {
    text +=
        fmt::format("{}{} to {}", text.empty() ? "" : ", then ", status_line(hop.status), hop.to);
  }
  return text;
}

std::optional<Outcome> chain_problem(const std::vector<RedirectHop>& chain, std::string_view next,
                                     int max_redirects) {
  const bool seen = std::any_of(chain.begin(), chain.end(),
                                [&](const RedirectHop& hop) { return hop.from == next; });
  if (seen) {
    std::string path;
    for (const RedirectHop& hop : chain) {
      path += hop.from + " -> ";
    }
    return Outcome{LinkStatus::broken, LinkReason::redirect_loop, path + std::string(next)};
  }
  if (static_cast<int>(chain.size()) > max_redirects) {
    return Outcome{LinkStatus::broken, LinkReason::too_many_redirects,
                   fmt::format("more than {} redirects, the last to {}", max_redirects, next)};
  }
  return std::nullopt;
}

bool is_deep_link(std::string_view url) {
  std::optional<Url> parsed = sg::parse_url(url);
  return parsed && (!is_home_path(parsed->path) || !parsed->query.empty());
}

std::optional<Outcome> judge_page(std::string_view start_url, const PageFacts& page,
                                  const PageHeadings& headings, const CheckConfig& config) {
  if (config.soft_404_enabled()) {
    for (const auto& [text, where] :
         {std::pair{&headings.title, "title"}, std::pair{&headings.h1, "first heading"}}) {
      if (std::string said = config.not_found_text(*text); !said.empty()) {
        return Outcome{
            LinkStatus::broken, LinkReason::soft_404_title,
            fmt::format("HTTP {} with the {} {}", page.status, where, quoted_excerpt(*text))};
      }
    }
  }
  if (page.redirected && is_deep_link(start_url) && is_home_path(path_of(page.final_url))) {
    return Outcome{LinkStatus::broken, LinkReason::soft_404_landing,
                   fmt::format("lands on {}", page.final_url)};
  }
  return std::nullopt;
}

bool looks_alike(const PageFacts& a, const PageFacts& b) {
  auto success = [](long status) { return status >= 200 && status < 300; };
  if (!success(a.status) || !success(b.status)) {
    return false;
  }
  if ((a.redirected || b.redirected) &&
      (a.redirected != b.redirected || a.final_url != b.final_url)) {
    return false;
  }
  if (to_lower(a.title) != to_lower(b.title)) {
    return false;
  }
  const std::size_t larger = std::max(a.size, b.size);
  const std::size_t difference = larger - std::min(a.size, b.size);
  return difference * 10 <= larger;
}

ProbeVerdict judge_by_probe(const PageFacts& page, const PageFacts& probe,
                            const std::optional<PageFacts>& home) {
  ProbeVerdict verdict;
  if (!looks_alike(page, probe)) {
    return verdict;
  }
  if (!home) {
    verdict.need_home = true;
    return verdict;
  }
  const std::string title =
      probe.title.empty() ? "no title" : "the title " + quoted_excerpt(probe.title);
  if (looks_alike(*home, probe)) {
    verdict.outcome = Outcome{
        LinkStatus::unverifiable, LinkReason::any_path_alike,
        fmt::format("a random path answers HTTP {} with {} and the size of this page and of the "
                    "home page",
                    probe.status, title)};
    return verdict;
  }
  verdict.outcome =
      Outcome{LinkStatus::broken, LinkReason::soft_404_probe,
              fmt::format("a random path answers HTTP {} with {} and the size of this page, "
                          "unlike the home page",
                          probe.status, title)};
  return verdict;
}

}  // namespace sg::links
