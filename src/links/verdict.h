#pragma once

// Verdicts are pure functions from a recorded answer to what it means for
// the link, so that tables of cases test them without a server.

#include <chrono>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "links/check_config.h"
#include "links/link_result.h"
#include "links/recorded_response.h"

namespace sg::links {

/// A final status, the reason for it and the evidence that decided it.
struct Outcome {
  LinkStatus status = LinkStatus::ok;
  LinkReason reason = LinkReason::none;
  std::string evidence;
};

/// What one hop's answer means for the link.
struct Decision {
  enum class Next {
    done,           ///< `outcome` is final
    follow,         ///< a redirect to `target`
    retry,          ///< try again (after `server_delay_ms` when given); `outcome` if no try is left
    get_instead,    ///< HEAD was refused or lied: ask with GET
    without_range,  ///< the server refuses our Range header
    judge_page,     ///< a 2xx answer: the page itself decides (judge_page)
  };
  Next next = Next::done;
  Outcome outcome;
  std::string target;
  bool permanent = false;
  std::optional<long> server_delay_ms;
};

/// The request a recorded answer belongs to.
struct Hop {
  std::string_view url;  ///< absolute, no fragment
  bool head = false;
};

/// "HTTP 404 Not Found", "HTTP 999".
std::string status_line(long status);

/// The delay the answer asks for, from Retry-After or a rate-limit reset.
std::optional<long> server_delay_ms(const RecordedResponse& response,
                                    std::chrono::system_clock::time_point now);

/// How much of a body the verdict needs: the head of a 2xx HTML page (or of
/// any 2xx answer with `any_content_type`, for API answers) when the page is
/// judged (`page_bytes`), a little of an error page (bot walls, storage
/// denials); never more than `cap`.
std::size_t body_wanted(const RecordedResponse& response, std::size_t page_bytes,
                        bool any_content_type, std::size_t cap);

/// The verdict on one answer to a web page request (not the GitHub API).
Decision judge_response(const Hop& hop, const RecordedResponse& response, const CheckConfig& config,
                        std::chrono::system_clock::time_point now);

// --- redirect chains -----------------------------------------------------------

struct RedirectHop {
  std::string from;
  long status = 0;
  std::string to;
};

bool is_permanent_redirect(long status);

/// The URL to offer as the fix: for a chain that starts with a permanent
/// hop, the target of the last permanent hop before the first temporary
/// one (never a pinned version or a session URL further on); nullopt for a
/// chain that starts with a temporary hop.
std::optional<std::string> permanent_target(const std::vector<RedirectHop>& chain);

/// "HTTP 301 to https://a/x, then HTTP 302 to https://a/y".
std::string describe_chain(const std::vector<RedirectHop>& chain);

/// A loop or a chain longer than `max_redirects` once `next` is followed.
std::optional<Outcome> chain_problem(const std::vector<RedirectHop>& chain, std::string_view next,
                                     int max_redirects);

// --- pages ---------------------------------------------------------------------

/// A path that names something below the site's home: not "", "/" or an
/// index page.
bool is_deep_link(std::string_view url);

/// What a 2xx page looked like, for comparing a link with the host's answer
/// to a random path.
struct PageFacts {
  long status = 0;
  std::string final_url;  ///< after redirects
  bool redirected = false;
  std::string title;
  std::size_t size = 0;
};

/// A host's answers to a random path and to its home page (the home only
/// when it was needed), kept with the results so that a host is probed once
/// per cache period. Keyed by origin, "https://host:443".
struct HostProbe {
  PageFacts random_path;
  std::optional<PageFacts> home;
};
using HostProbes = std::map<std::string, HostProbe>;

/// The page's own evidence: a title or first heading that says it does not
/// exist (soft 404 by title), or a deep link sent through redirects to the
/// site's home (soft 404 by landing). nullopt when the page proves nothing.
std::optional<Outcome> judge_page(std::string_view start_url, const PageFacts& page,
                                  const PageHeadings& headings, const CheckConfig& config);

/// Two answers alike enough to be the same page: both 2xx, the same landing,
/// the same title and sizes within 10%.
bool looks_alike(const PageFacts& a, const PageFacts& b);

/// The page compared with the host's answer to a random path (`probe`) and,
/// when those look alike, with its home page. `need_home` asks for the home
/// page; otherwise `outcome` is the verdict (nullopt: the page is fine).
struct ProbeVerdict {
  bool need_home = false;
  std::optional<Outcome> outcome;
};
ProbeVerdict judge_by_probe(const PageFacts& page, const PageFacts& probe,
                            const std::optional<PageFacts>& home);

}  // namespace sg::links
