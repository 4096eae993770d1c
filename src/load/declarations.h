#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/list.h"

namespace sg {

/// What a Markdown list declares about an entry in an HTML comment, the
/// fields entry files write in JSON:
///   <!-- sourcegate: kind=report code=https://github.com/org/repo -->
///   <!-- sourcegate: claim hardware="H100 SXM" workload="…" precision="BF16"
///        baseline="…" correctness="…" -->
///   <!-- sourcegate: waive claim/incomplete reason="…" -->
struct Declaration {
  std::optional<EntryKind> kind;
  std::string code;
  std::optional<Claim> claim;
  std::vector<Waiver> waivers;
};

/// A mistake in a declaration, at a byte offset of the comment.
struct DeclarationError {
  std::size_t offset = 0;
  std::string message;
};

struct ParsedDeclaration {
  Declaration declaration;
  std::vector<DeclarationError> errors;
};

/// Whether an HTML comment is addressed to sourcegate ("<!-- sourcegate: …").
bool is_declaration(std::string_view comment);

/// Reads one comment ("<!-- sourcegate: … -->"). Values are bare words or
/// double-quoted; unknown keys, a waiver without its reason and an unknown
/// kind are errors at their offset. One pass, no recursion.
ParsedDeclaration parse_declaration(std::string_view comment);

/// Adds what `declaration` says to `entry`; a field already set is kept and
/// named in the returned message.
std::optional<std::string> apply_declaration(const Declaration& declaration, Entry& entry);

}  // namespace sg
