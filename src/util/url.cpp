#include "util/url.h"

#include <curl/curl.h>
#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <memory>

#include "util/text.h"

namespace sg {
namespace {

struct UrlHandleDeleter {
  void operator()(CURLU* handle) const { curl_url_cleanup(handle); }
};
using UrlHandle = std::unique_ptr<CURLU, UrlHandleDeleter>;

std::string part(CURLU* handle, CURLUPart which) {
  char* value = nullptr;
  if (curl_url_get(handle, which, &value, 0) != CURLUE_OK || value == nullptr) {
    return {};
  }
  std::string text(value);
  curl_free(value);
  return text;
}

int default_port(std::string_view scheme) {
  if (scheme == "http") {
    return 80;
  }
  if (scheme == "https") {
    return 443;
  }
  return 0;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (c >= 'a' && c <= 'f') {
    return c - 'a' + 10;
  }
  return -1;
}

/// The byte a "%XX" escape at `at` stands for, or -1 when none starts there.
int escaped_byte(std::string_view text, std::size_t at) {
  if (text[at] != '%' || at + 2 >= text.size()) {
    return -1;
  }
  const int high = hex_value(text[at + 1]);
  const int low = hex_value(text[at + 2]);
  return high < 0 || low < 0 ? -1 : high * 16 + low;
}

bool is_scheme(std::string_view scheme) {
  return !scheme.empty() && std::isalpha(static_cast<unsigned char>(scheme[0])) &&
         std::all_of(scheme.begin(), scheme.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
         });
}

bool is_unreserved(unsigned char c) {
  return std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~';
}

/// RFC 3986 §6.2.2.1 and §6.2.2.2: "%7e" is "~", "%2f" is "%2F" and a stray
/// "%" is "%25". A path keeps "%2E" encoded: decoded, it could make a dot
/// segment that the next parse removes, and the normal form would not be a
/// fixed point.
std::string normalize_percent_encoding(std::string_view text, bool in_path = false) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int byte = escaped_byte(text, i);
    if (byte < 0) {
      // A "%" that starts no escape is a literal one: written "%25", it
      // cannot join with a decoded "3" after it into a new escape ("%6%33").
      out += text[i] == '%' ? "%25" : std::string(1, text[i]);
    } else if (is_unreserved(static_cast<unsigned char>(byte)) && !(in_path && byte == '.')) {
      out += static_cast<char>(byte);
      i += 2;
    } else {
      out += fmt::format("%{:02X}", byte);
      i += 2;
    }
  }
  return out;
}

/// arXiv identifiers, new (2301.03598) and old (cs/0601001) style, with an
/// optional version and `.pdf`.
const RE2& arxiv_path() {
  static const RE2 pattern(
      R"(^/(?:abs|pdf|html|format)/((?:\d{4}\.\d{4,5})|(?:[a-z\-]+(?:\.[A-Z]{2})?/\d{7}))(?:v\d+)?(?:\.pdf)?/?$)");
  return pattern;
}

/// The "name=value" pairs of a query, in order: the one reading of a query
/// that tracking parameters and redirect wrappers share.
std::vector<std::string_view> query_pairs(std::string_view query) {
  std::vector<std::string_view> pairs;
  while (!query.empty()) {
    const std::size_t end = std::min(query.find('&'), query.size());
    pairs.push_back(query.substr(0, end));
    query.remove_prefix(std::min(end + 1, query.size()));
  }
  return pairs;
}

std::string strip_tracking(std::string_view query, const std::vector<std::string>& patterns) {
  std::string kept;
  for (const std::string_view pair : query_pairs(query)) {
    if (!pair.empty() && !is_tracking_parameter(pair.substr(0, pair.find('=')), patterns)) {
      kept += (kept.empty() ? "" : "&") + std::string(pair);
    }
  }
  return kept;
}

}  // namespace

bool Url::is_web() const { return (scheme == "http" || scheme == "https") && !host.empty(); }

std::string Url::host_name() const {
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    return host.substr(1, host.size() - 2);
  }
  return host;
}

std::string_view Url::site_host() const {
  std::string_view name = host;
  if (name.starts_with("www.")) {
    name.remove_prefix(4);
  }
  return name;
}

int Url::effective_port() const { return port != 0 ? port : default_port(scheme); }

namespace {

std::optional<Url> parse_url_once(std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= 0x20 || byte == 0x7f) {
      return std::nullopt;
    }
  }
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || !is_scheme(text.substr(0, colon))) {
    return std::nullopt;
  }
  Url url;
  url.scheme = to_lower(text.substr(0, colon));
  if (url.scheme != "http" && url.scheme != "https") {
    // Never fetched: the scheme is all a caller needs ("mailto:", "ftp:").
    url.path = std::string(text.substr(colon + 1));
    return url;
  }
  if (!text.substr(colon + 1).starts_with("//")) {
    return std::nullopt;  // "http:foo" has no host: not a link anyone can follow.
  }
  UrlHandle handle(curl_url());
  const std::string input(text);
  if (!handle || curl_url_set(handle.get(), CURLUPART_URL, input.c_str(), 0) != CURLUE_OK) {
    return std::nullopt;
  }
  url.userinfo = part(handle.get(), CURLUPART_USER);
  if (std::string password = part(handle.get(), CURLUPART_PASSWORD); !password.empty()) {
    url.userinfo += ":" + password;
  }
  url.host = to_lower(part(handle.get(), CURLUPART_HOST));
  // libcurl percent-decodes a host once; a "%" still in it would be decoded
  // again by the next parse, so one page would get two spellings (found by
  // fuzzing: "Ex%%%%%%%%%%443"). No registered name holds one.
  if (url.host.empty() || url.host.find('%') != std::string::npos) {
    return std::nullopt;
  }
  if (const std::string port = part(handle.get(), CURLUPART_PORT); !port.empty()) {
    const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), url.port);
    if (error != std::errc() || end != port.data() + port.size() || url.port <= 0 ||
        url.port > 65535) {
      return std::nullopt;
    }
  }
  url.path = part(handle.get(), CURLUPART_PATH);
  url.query = part(handle.get(), CURLUPART_QUERY);
  url.fragment = part(handle.get(), CURLUPART_FRAGMENT);
  // libcurl drops an empty "#"; it is part of what was written.
  const std::size_t hash = text.find('#');
  url.has_fragment = hash != std::string_view::npos;
  url.has_query = text.substr(0, hash).find('?') != std::string_view::npos;
  return url;
}

}  // namespace

std::optional<Url> parse_url(std::string_view text) {
  std::optional<Url> url = parse_url_once(text);
  if (!url || !url->is_web()) {
    return url;
  }
  // libcurl decodes a percent-encoded host, and only the next parse reads
  // the decoded spelling for what it is ("%343" is "43", then the address
  // 0.0.0.43; "%7f" a control character, then no URL at all; found by
  // fuzzing). The spelling written back is parsed once more, so one host has
  // one spelling. Text without a "%" has nothing to decode: its host is
  // already the one spelling, and the second parse is spared.
  if (text.find('%') == std::string_view::npos) {
    return url;
  }
  const std::optional<Url> again = parse_url_once(to_string(*url));
  if (!again) {
    return std::nullopt;
  }
  url->host = again->host;
  return url;
}

std::string to_string(const Url& url) {
  std::string out = url.scheme + ":";
  if (!url.is_web()) {
    return out + url.path;
  }
  out += "//";
  if (!url.userinfo.empty()) {
    out += url.userinfo + "@";
  }
  out += url.host;
  if (url.port != 0) {
    out += ":" + std::to_string(url.port);
  }
  out += url.path;
  if (url.has_query) {
    out += "?" + url.query;
  }
  if (url.has_fragment) {
    out += "#" + url.fragment;
  }
  return out;
}

Url normalize(Url url) {
  if (!url.is_web()) {
    return url;
  }
  if (url.port == default_port(url.scheme)) {
    url.port = 0;
  }
  url.userinfo = normalize_percent_encoding(url.userinfo);
  url.path = normalize_percent_encoding(url.path, /*in_path=*/true);
  if (url.path.empty()) {
    url.path = "/";
  }
  url.query = normalize_percent_encoding(url.query);
  url.fragment = normalize_percent_encoding(url.fragment);
  return url;
}

std::optional<std::string> normalize_url(std::string_view text) {
  std::optional<Url> url = parse_url(text);
  if (!url) {
    return std::nullopt;
  }
  return to_string(normalize(std::move(*url)));
}

namespace {

/// Whether an arxiv.org path is already an abstract page's, "/abs/2301.03598"
/// with no version, format or slash to drop: to_arxiv_abstract would write
/// it back unchanged, and most links of a paper list are written so.
bool is_plain_abstract_path(std::string_view path) {
  if (!path.starts_with("/abs/") || path.ends_with('/') || path.ends_with(".pdf")) {
    return false;
  }
  const std::size_t last = path.find_last_not_of("0123456789");
  return path[last] != 'v' || last + 1 == path.size();
}

void to_arxiv_abstract(Url& url) {
  if (url.host == "arxiv.org" && !url.has_query && is_plain_abstract_path(url.path)) {
    return;
  }
  if (url.host == "arxiv.org" || url.host == "www.arxiv.org" || url.host == "export.arxiv.org") {
    std::string id;
    if (RE2::FullMatch(url.path, arxiv_path(), &id)) {
      url.host = "arxiv.org";
      url.path = "/abs/" + id;
      url.query.clear();
      url.has_query = false;
    }
  }
}

/// A redirect wrapper's parts: "google.com/url?q" is host "google.com",
/// path "/url", parameter "q".
struct WrapperForm {
  std::string_view host;
  std::string_view path;
  std::string_view parameter;
};

/// A wrapper is compared with a URL's site host (lower case, no "www.") and
/// path: any other spelling of its host could never match.
std::optional<WrapperForm> wrapper_form(std::string_view text) {
  const std::size_t slash = text.find('/');
  const std::size_t question = text.find('?');
  if (slash == 0 || slash == std::string_view::npos || question == std::string_view::npos ||
      question < slash || question + 1 == text.size() ||
      text.find_first_of("?#&=", question + 1) != std::string_view::npos) {
    return std::nullopt;
  }
  const WrapperForm form{text.substr(0, slash), text.substr(slash, question - slash),
                         text.substr(question + 1)};
  const bool host_as_compared =
      !form.host.starts_with("www.") && std::all_of(form.host.begin(), form.host.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-';
      });
  if (!host_as_compared || form.path.starts_with("//")) {
    return std::nullopt;
  }
  return form;
}

/// The percent-decoded value of the first `name` parameter of a query.
std::optional<std::string> query_value(std::string_view query, std::string_view name) {
  for (const std::string_view pair : query_pairs(query)) {
    const std::size_t equals = pair.find('=');
    if (equals != std::string_view::npos && pair.substr(0, equals) == name) {
      return percent_decode(pair.substr(equals + 1));
    }
  }
  return std::nullopt;
}

/// The URL one wrapper of `wrappers` carries, if `url` is one.
std::optional<Url> unwrap_once(const Url& url, const std::vector<std::string>& wrappers) {
  if (!url.has_query) {
    return std::nullopt;  // most links: no parameter to carry a page
  }
  for (const std::string& wrapper : wrappers) {
    const std::optional<WrapperForm> form = wrapper_form(wrapper);
    if (!form || url.site_host() != form->host || url.path != form->path) {
      continue;
    }
    if (const std::optional<std::string> value = query_value(url.query, form->parameter)) {
      // Normalised, so that the next unwrapping, and canonicalise, see the
      // spelling they will write ("/%75rl" is "/url").
      if (std::optional<Url> target = parse_url(*value); target && target->is_web()) {
        return normalize(std::move(*target));
      }
    }
  }
  return std::nullopt;
}

/// The page a normalised wrapped URL carries. A fragment on the wrapper
/// itself goes with the page when the page names none, as a browser keeps
/// it across a redirect whose Location has no fragment.
std::optional<Url> wrapped_page(const Url& normal, const std::vector<std::string>& wrappers) {
  std::optional<Url> page = redirect_target(normal, wrappers);
  if (page && !page->has_fragment && normal.has_fragment) {
    page->fragment = normal.fragment;
    page->has_fragment = true;
  }
  return page;
}

}  // namespace

bool is_redirect_wrapper_form(std::string_view wrapper) {
  return wrapper_form(wrapper).has_value();
}

std::optional<Url> redirect_target(const Url& url, const std::vector<std::string>& wrappers) {
  constexpr int k_max_wrappers = 4;
  std::optional<Url> target = unwrap_once(url, wrappers);
  for (int depth = 1; target; ++depth) {
    std::optional<Url> inner = unwrap_once(*target, wrappers);
    if (!inner) {
      return target;
    }
    if (depth == k_max_wrappers) {
      return std::nullopt;
    }
    target = std::move(inner);
  }
  return std::nullopt;
}

Url canonicalize(Url url, const CanonicalRules& rules) {
  if (!url.is_web()) {
    return url;
  }
  if (std::optional<Url> page = wrapped_page(url, rules.redirect_wrappers)) {
    url = std::move(*page);
  }
  const auto& http_only = rules.http_only_hosts;
  if (rules.https && std::find(http_only.begin(), http_only.end(), url.host) == http_only.end()) {
    // "http://host:443/" is the https default, "http://host:80/" is not.
    url.port = url.port == 443 ? 0 : url.port;
    url.scheme = "https";
  }
  url.query = strip_tracking(url.query, rules.tracking_parameters);
  url.has_query = !url.query.empty();
  url.has_fragment = !url.fragment.empty();
  if (rules.arxiv_abstract) {
    to_arxiv_abstract(url);
  }
  return url;
}

std::optional<std::string> canonical_url(std::string_view text, const CanonicalRules& rules) {
  std::optional<Url> url = parse_url(text);
  if (!url || !url->is_web()) {
    return std::nullopt;
  }
  return to_string(canonicalize(normalize(std::move(*url)), rules));
}

namespace {

/// A YouTube video's short link, mobile page or embed ("youtu.be/ID",
/// "m.youtube.com/watch?v=ID", "youtube.com/embed/ID") as its watch page,
/// when nothing but the video is named: one video, one identity.
void to_youtube_watch_page(Url& url) {
  static const RE2 k_video_id(R"([\w-]{6,20})");
  static const RE2 k_embed(R"(/(?:embed|shorts|live)/([\w-]{6,20}))");
  std::string id;
  if (url.host == "m.youtube.com") {
    url.host = "youtube.com";
  }
  const bool short_link = url.host == "youtu.be" && url.path.size() > 1 &&
                          RE2::FullMatch(url.path.substr(1), k_video_id) && !url.has_query;
  if (short_link) {
    id = url.path.substr(1);
  } else if (url.host != "youtube.com" || url.has_query ||
             !RE2::FullMatch(url.path, k_embed, &id)) {
    return;
  }
  url.host = "youtube.com";
  url.path = "/watch";
  url.query = "v=" + id;
  url.has_query = true;
}

}  // namespace

std::string url_identity(std::string_view text, const CanonicalRules& rules) {
  const std::optional<Url> parsed = parse_url(text);
  return url_identity(text, parsed ? &*parsed : nullptr, rules);
}

std::string url_identity(std::string_view text, const Url* parsed, const CanonicalRules& rules) {
  if (parsed == nullptr || !parsed->is_web()) {
    return std::string(text);
  }
  Url url = canonicalize(normalize(*parsed), rules);
  url.scheme = "https";  // an http-only host is the same page under either scheme
  url.port = url.port == 443 ? 0 : url.port;
  to_arxiv_abstract(url);  // a PDF and its abstract page are one paper
  url.has_fragment = false;
  url.fragment.clear();
  url.host = std::string(url.site_host());
  while (url.path.size() > 1 && url.path.ends_with('/')) {
    url.path.pop_back();
  }
  to_youtube_watch_page(url);
  if (url.host == "github.com") {
    // GitHub's owner and repository names ignore case: ReactiveX/RxJS is
    // reactivex/rxjs. Paths inside a repository do not.
    std::size_t segments_end = url.path.find('/', 1);
    segments_end =
        segments_end == std::string::npos ? url.path.size() : url.path.find('/', segments_end + 1);
    segments_end = std::min(segments_end, url.path.size());
    std::transform(url.path.begin(), url.path.begin() + static_cast<std::ptrdiff_t>(segments_end),
                   url.path.begin(), [](unsigned char c) { return std::tolower(c); });
  }
  return to_string(url);
}

std::string duplicate_key(std::string_view text, const CanonicalRules& rules) {
  const std::optional<Url> parsed = parse_url(text);
  return duplicate_key(text, parsed ? &*parsed : nullptr, rules);
}

std::string duplicate_key(std::string_view text, const Url* parsed, const CanonicalRules& rules) {
  std::string key = url_identity(text, parsed, rules);
  // A redirect wrapper carries its page's fragment escaped, inside the
  // parameter: the page's own fragment tells two sections apart.
  if (parsed != nullptr && parsed->is_web() && parsed->has_query) {
    if (const std::optional<Url> page = wrapped_page(normalize(*parsed), rules.redirect_wrappers)) {
      return page->has_fragment ? key + "#" + page->fragment : key;
    }
  }
  const std::size_t hash = text.find('#');
  if (hash != std::string_view::npos) {
    key += text.substr(hash);
  }
  return key;
}

bool is_tracking_parameter(std::string_view name, const std::vector<std::string>& patterns) {
  return std::any_of(patterns.begin(), patterns.end(), [&](const std::string& pattern) {
    if (pattern.ends_with('*')) {
      return name.starts_with(std::string_view(pattern).substr(0, pattern.size() - 1));
    }
    return name == pattern;
  });
}

bool is_web_url(std::string_view text) {
  const std::optional<Url> url = parse_url(text);
  return url && url->is_web();
}

bool is_placeholder_target(std::string_view text) {
  return text.empty() || text == "-" || text == "\u2013" || text == "\u2014";
}

std::optional<std::string> web_url_problem(std::string_view text) {
  const std::optional<Url> parsed = parse_url(text);
  return web_url_problem(text, parsed ? &*parsed : nullptr);
}

std::optional<std::string> web_url_problem(std::string_view text, const Url* url) {
  const std::size_t colon = text.find(':');
  if (colon != std::string_view::npos && colon > 0 && colon < 20) {
    const std::string scheme = to_lower(text.substr(0, colon));
    if (std::all_of(scheme.begin(), scheme.end(),
                    [](unsigned char c) { return std::isalnum(c); }) &&
        scheme != "http" && scheme != "https") {
      return "a " + scheme + ": URL, which no reader or checker can follow";
    }
  }
  if (url == nullptr || !url->is_web()) {
    return std::string("not an absolute URL (spaces, control characters or a missing host?)");
  }
  if (!url->userinfo.empty()) {
    return std::string("a URL with credentials in it; never publish them");
  }
  if (redact_userinfo(text) != text) {
    return std::string("a URL carrying another URL with credentials in it; never publish them");
  }
  return std::nullopt;
}

std::string url_host(std::string_view text) {
  const std::optional<Url> url = parse_url(text);
  return url ? url->host_name() : std::string();
}

std::string url_origin(std::string_view text) {
  const std::optional<Url> url = parse_url(text);
  if (!url) {
    return {};
  }
  return url->scheme + "://" + url->host + ":" + std::to_string(url->effective_port());
}

std::string_view strip_fragment(std::string_view url) { return url.substr(0, url.find('#')); }

std::string_view url_fragment(std::string_view url) {
  const std::size_t hash = url.find('#');
  return hash == std::string_view::npos ? std::string_view() : url.substr(hash + 1);
}

std::string percent_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int byte = escaped_byte(text, i);
    if (byte < 0) {
      out += text[i];
      continue;
    }
    out += static_cast<char>(byte);
    i += 2;
  }
  return out;
}

std::optional<std::string> resolve_reference(std::string_view base, std::string_view reference) {
  if (base.find('\0') != std::string_view::npos || reference.find('\0') != std::string_view::npos) {
    return std::nullopt;
  }
  // RFC 3986 §5.2.2: an empty reference is the base; a fragment-only one is
  // the base with that fragment. libcurl 7.88 resolves both as "./".
  if (reference.empty() || reference.starts_with('#')) {
    std::optional<Url> url = parse_url(base);
    if (!url || !url->is_web()) {
      return std::nullopt;
    }
    if (!reference.empty()) {
      url->fragment = std::string(reference.substr(1));
      url->has_fragment = true;
    }
    return to_string(*url);
  }
  UrlHandle handle(curl_url());
  const std::string base_text(base);
  const std::string reference_text(reference);
  if (!handle ||
      curl_url_set(handle.get(), CURLUPART_URL, base_text.c_str(), CURLU_NON_SUPPORT_SCHEME) !=
          CURLUE_OK ||
      curl_url_set(handle.get(), CURLUPART_URL, reference_text.c_str(), CURLU_NON_SUPPORT_SCHEME) !=
          CURLUE_OK) {
    return std::nullopt;
  }
  std::string resolved = part(handle.get(), CURLUPART_URL);
  if (resolved.empty()) {
    return std::nullopt;
  }
  return resolved;
}

namespace {

/// How deep a URL inside a URL's query is looked into: as deep as
/// redirect_target unwraps.
constexpr int k_max_nested_urls = 4;

std::string redact_userinfo_nested(std::string_view url, int depth);

/// Whether `value` (as written in a query) carries a URL with credentials,
/// and the value with them redacted, percent-encoded again.
std::optional<std::string> redacted_query_value(std::string_view value, int depth) {
  const std::string decoded = percent_decode(value);
  if (decoded.find("://") == std::string::npos) {
    return std::nullopt;  // most values: no URL in them
  }
  const std::string redacted = redact_userinfo_nested(decoded, depth);
  if (redacted == decoded) {
    return std::nullopt;
  }
  char* escaped = curl_easy_escape(nullptr, redacted.data(), static_cast<int>(redacted.size()));
  if (escaped == nullptr) {
    return std::string("REDACTED");
  }
  std::string text(escaped);
  curl_free(escaped);
  return text;
}

/// Where the authority of `url` begins: after a scheme and "://" at its start
/// (past leading spaces, as a browser reads it). A "://" further in is a
/// path's or a query's text, and an '@' after it no credential; reading it
/// as one would let one pass's percent-encoding move another pass's
/// authority.
std::size_t authority_start(std::string_view url) {
  std::size_t begin = 0;
  while (begin < url.size() && static_cast<unsigned char>(url[begin]) <= ' ') {
    ++begin;
  }
  const std::size_t separator = url.find("://", begin);
  return separator != std::string_view::npos && is_scheme(url.substr(begin, separator - begin))
             ? separator + 3
             : std::string_view::npos;
}

std::string redact_userinfo_nested(std::string_view url, int depth) {
  std::string out(url);
  if (const std::size_t start = authority_start(url); start != std::string_view::npos) {
    const std::size_t authority_end = url.find_first_of("/?#", start);
    const std::size_t at = url.substr(0, authority_end).rfind('@');
    if (at != std::string_view::npos && at >= start) {
      out = std::string(url.substr(0, start)) + "REDACTED" + std::string(url.substr(at));
    }
  }
  // A redirect wrapper carries its page in a query parameter
  // ("google.com/url?q=https://user:secret@host/"): a credential there is as
  // published as one in the authority.
  const std::size_t question = out.find('?');
  if (question == std::string::npos || depth >= k_max_nested_urls) {
    return out;
  }
  const std::size_t query_end = std::min(out.find('#', question), out.size());
  const std::string_view query =
      std::string_view(out).substr(question + 1, query_end - question - 1);
  std::string query_out;
  bool changed = false;
  for (const std::string_view pair : query_pairs(query)) {
    const std::size_t equals = pair.find('=');
    std::optional<std::string> value;
    if (equals != std::string_view::npos) {
      value = redacted_query_value(pair.substr(equals + 1), depth + 1);
    }
    query_out += value ? std::string(pair.substr(0, equals + 1)) + *value : std::string(pair);
    query_out += '&';
    changed = changed || value.has_value();
  }
  if (!changed) {
    return out;
  }
  query_out.pop_back();
  return out.substr(0, question + 1) + query_out + out.substr(query_end);
}

}  // namespace

std::string redact_userinfo(std::string_view url) { return redact_userinfo_nested(url, 0); }

}  // namespace sg
