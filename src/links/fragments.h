#pragma once

#include <string>
#include <string_view>
#include <unordered_set>

namespace sg::links {

/// Every anchor a fragment can land on in an HTML page: `id` attributes of any
/// element and `name` attributes of `a` (and other) elements. Pure.
/// `truncated` (may be null) is set when the page nests too deeply to be read
/// whole (see HtmlDocument).
std::unordered_set<std::string> collect_anchors(std::string_view html, bool* truncated = nullptr);

/// True when `#fragment` (percent-encoded as written in the URL, without the
/// '#') lands in `anchors`. GitHub renders Markdown headings and named anchors
/// as `user-content-foo`, and its script makes `#foo` jump there, so `foo`
/// matches `user-content-foo`. An empty fragment and `top` always match, as
/// browsers treat them.
bool has_anchor(const std::unordered_set<std::string>& anchors, std::string_view fragment);

}  // namespace sg::links
