// The entries JSON loader and the canonical writer `fmt` uses: any bytes give
// entries, findings or an InputError, and canonical text is a fixed point.
#include "fuzz_input.h"
#include "load/entries_loader.h"
#include "util/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = sg::fuzz::as_text(data, size);
  const std::string path = "entries/10-fuzz.json";
  try {
    sg::LoadResult result;
    sg::load_entries_text(path, text, result);
  } catch (const sg::InputError&) {
    return 0;  // malformed JSON is an input error with a position
  }
  try {
    const std::string canonical = sg::canonical_entries_text(path, text);
    sg::fuzz::require(sg::canonical_entries_text(path, canonical) == canonical);
  } catch (const sg::InputError&) {
  }
  return 0;
}
