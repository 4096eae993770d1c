#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "links/link_result.h"
#include "model/location.h"

namespace sg::links {

/// What a found reference points at. Only `web` links are fetched; the others
/// are returned so that callers can check in-document anchors and relative
/// paths themselves (the `link/anchor` rule) or ignore them.
enum class LinkKind {
  web,            ///< absolute http:// or https://
  relative,       ///< "docs/x.md", "/about", "//host/x" (no scheme)
  fragment_only,  ///< "#section"
  other_scheme,   ///< mailto:, ftp:, javascript:, ...
};

LinkKind classify_link(std::string_view url);

/// One reference as written in a file. Lines and columns are 1-based, columns
/// in code points (sg::Location's contract).
struct FoundLink {
  std::string url;
  Location location;
  LinkKind kind = LinkKind::web;
};

/// Markdown (GFM, with the autolink extension, so bare URLs count): link and
/// image nodes, reference definitions resolved, inline/HTML blocks scanned
/// for HTML links. Code spans and code blocks are never scanned.
/// `truncated`, if given, tells whether raw HTML nested deeper than
/// HtmlDocument::k_max_depth, read only that far, left unread text that
/// could hold a link.
std::vector<FoundLink> extract_markdown(std::string_view text, const std::string& file,
                                        bool* truncated = nullptr);

/// HTML: href of a, area, link and base-less relative forms; src of img,
/// script, iframe, embed, source, track, audio, video; video poster; cite of
/// blockquote, q, del, ins; object data; form action.
/// `truncated` as for extract_markdown.
std::vector<FoundLink> extract_html(std::string_view text, const std::string& file,
                                    bool* truncated = nullptr);

/// Plain text: every http(s) URL, with trailing punctuation and unbalanced
/// closing brackets trimmed. RE2 runs in linear time, so hostile input cannot
/// make this slow.
std::vector<FoundLink> extract_text(std::string_view text, const std::string& file);

/// A distinct URL to check and every place it was found.
struct LinkTarget {
  std::string url;  ///< normalised (see normalize_url), fragment kept
  std::vector<LinkSource> sources;
};

/// Groups web links by their normalised URL, in first-seen order; other kinds
/// are left out. Two spellings of one URL ("HTTP://A.example:80" and
/// "http://a.example/") become one target. The checker goes one step further
/// and fetches URLs that differ only in their fragment once.
std::vector<LinkTarget> group_links(const std::vector<FoundLink>& links);

}  // namespace sg::links
