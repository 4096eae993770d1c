#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sg {

/// The URL a list should link: https (unless the host is known to be http
/// only), no tracking parameters, no fragment-free noise, and the arXiv
/// abstract page (`arxiv.org/abs/ID`) for any arXiv PDF, HTML or versioned
/// form. nullopt when the text is not an http(s) URL.
std::optional<std::string> canonical_url(std::string_view url,
                                         const std::vector<std::string>& tracking_parameters,
                                         const std::vector<std::string>& http_only_hosts);

/// The key under which two spellings of one page compare equal: the canonical
/// URL, lower-case host, default port, trailing slash and fragment dropped.
std::string url_identity(std::string_view url, const std::vector<std::string>& tracking_parameters);

/// True when `name` matches a tracking-parameter pattern (`utm_*` or exact).
bool is_tracking_parameter(std::string_view name, const std::vector<std::string>& patterns);

}  // namespace sg
