// The Markdown list reader, the heading anchors link/anchor gives its
// headings, and the link extractor `links` uses on the same file.
#include "fuzz_input.h"
#include "links/extract.h"
#include "load/markdown_loader.h"
#include "render/anchors.h"
#include "util/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = sg::fuzz::as_text(data, size);
  try {
    sg::LoadResult result;
    sg::load_markdown_text("README.md", text, result);
    // Headings are arbitrary Unicode (or not Unicode at all): anchors of any.
    sg::AnchorSet anchors;
    for (const std::string& heading : result.list.headings) {
      const std::string anchor = anchors.add(heading);
      sg::fuzz::require(anchor.find(' ') == std::string::npos);
    }
  } catch (const sg::InputError&) {
  }
  for (const auto& link : sg::links::extract_markdown(text, "README.md")) {
    sg::fuzz::require(link.location.line >= 1 && link.location.column >= 1);
  }
  for (const auto& link : sg::links::extract_text(text, "urls.txt")) {
    sg::fuzz::require(link.location.line >= 1 && link.location.column >= 1);
  }
  return 0;
}
