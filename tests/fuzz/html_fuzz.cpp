// HTML read from a remote page or a local file: link and anchor extraction and
// the title/heading reader behind soft-404 verdicts.
#include "fuzz_input.h"
#include "links/extract.h"
#include "links/fragments.h"
#include "links/recorded_response.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = sg::fuzz::as_text(data, size);
  for (const auto& link : sg::links::extract_html(text, "page.html")) {
    sg::fuzz::require(link.location.line >= 1 && link.location.column >= 1);
  }
  bool truncated = false;
  const auto anchors = sg::links::collect_anchors(text, &truncated);
  for (const std::string& anchor : anchors) {
    sg::fuzz::require(sg::links::has_anchor(anchors, anchor));
  }
  (void)sg::links::page_headings(text);
  return 0;
}
