#include "load/declarations.h"

#include <cctype>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "util/spelling.h"
#include "util/text.h"

namespace sg {
namespace {

constexpr std::string_view k_prefix = "sourcegate:";

struct Token {
  std::string key;  ///< before '=', or the bare word
  std::string value;
  bool has_value = false;
  std::size_t offset = 0;
};

/// Splits `body` into words and key=value pairs; a quoted value runs to the
/// next double quote.
std::vector<Token> tokenize(std::string_view body, std::size_t base,
                            std::vector<DeclarationError>& errors) {
  std::vector<Token> tokens;
  std::size_t at = 0;
  auto space = [&](std::size_t i) {
    return std::isspace(static_cast<unsigned char>(body[i])) != 0;
  };
  while (at < body.size()) {
    if (space(at)) {
      ++at;
      continue;
    }
    Token token;
    token.offset = base + at;
    while (at < body.size() && !space(at) && body[at] != '=') {
      token.key += body[at++];
    }
    if (at < body.size() && body[at] == '=') {
      token.has_value = true;
      ++at;
      if (at < body.size() && body[at] == '"') {
        const std::size_t close = body.find('"', at + 1);
        if (close == std::string_view::npos) {
          errors.push_back(
              {base + at, fmt::format("the value of \"{}\" has no closing quote", token.key)});
          return tokens;
        }
        token.value = body.substr(at + 1, close - at - 1);
        at = close + 1;
      } else {
        while (at < body.size() && !space(at)) {
          token.value += body[at++];
        }
      }
    }
    tokens.push_back(std::move(token));
  }
  return tokens;
}

void unknown_key(const Token& token, const std::vector<std::string_view>& known,
                 std::vector<DeclarationError>& errors) {
  errors.push_back(
      {token.offset,
       fmt::format(
           "unknown key \"{}\" in a sourcegate declaration; {}", token.key,
           did_you_mean(token.key, known, fmt::format("known keys: {}", fmt::join(known, ", "))))});
}

}  // namespace

bool is_declaration(std::string_view comment) {
  comment = trim(comment);
  if (!comment.starts_with("<!--")) {
    return false;
  }
  return trim(comment.substr(4)).starts_with(k_prefix);
}

ParsedDeclaration parse_declaration(std::string_view comment) {
  ParsedDeclaration parsed;
  const std::size_t start = comment.find(k_prefix);
  if (start == std::string_view::npos) {
    return parsed;
  }
  std::size_t end = comment.rfind("-->");
  end = end == std::string_view::npos || end < start ? comment.size() : end;
  const std::size_t body_start = start + k_prefix.size();
  std::vector<Token> tokens =
      tokenize(comment.substr(body_start, end - body_start), body_start, parsed.errors);
  if (tokens.empty()) {
    parsed.errors.push_back({start,
                             "an empty sourcegate declaration; write kind=, code=, claim "
                             "or waive"});
    return parsed;
  }
  Declaration& out = parsed.declaration;
  const Token& first = tokens.front();
  if (first.key == "claim" && !first.has_value) {
    static const std::vector<std::string_view> k_fields = {"hardware", "workload", "precision",
                                                           "baseline", "correctness"};
    Claim claim;
    for (std::size_t i = 1; i < tokens.size(); ++i) {
      const Token& token = tokens[i];
      std::string* field = token.key == "hardware"      ? &claim.hardware
                           : token.key == "workload"    ? &claim.workload
                           : token.key == "precision"   ? &claim.precision
                           : token.key == "baseline"    ? &claim.baseline
                           : token.key == "correctness" ? &claim.correctness
                                                        : nullptr;
      if (field == nullptr || !token.has_value) {
        unknown_key(token, k_fields, parsed.errors);
        continue;
      }
      *field = token.value;
    }
    out.claim = std::move(claim);
    return parsed;
  }
  if (first.key == "waive" && !first.has_value) {
    if (tokens.size() < 2 || tokens[1].has_value) {
      parsed.errors.push_back({first.offset, "waive names no rule: write waive RULE reason=\"…\""});
      return parsed;
    }
    Waiver waiver{tokens[1].key, "", {}};
    for (std::size_t i = 2; i < tokens.size(); ++i) {
      if (tokens[i].key == "reason" && tokens[i].has_value) {
        waiver.reason = tokens[i].value;
      } else {
        unknown_key(tokens[i], {"reason"}, parsed.errors);
      }
    }
    if (trim(waiver.reason).empty()) {
      parsed.errors.push_back(
          {tokens[1].offset,
           fmt::format("the waiver of {} gives no reason: add reason=\"…\" saying "
                       "why the list accepts it",
                       waiver.rule)});
      return parsed;
    }
    out.waivers.push_back(std::move(waiver));
    return parsed;
  }
  static const std::vector<std::string_view> k_keys = {"kind", "code", "claim", "waive"};
  for (const Token& token : tokens) {
    if (token.key == "kind" && token.has_value) {
      out.kind = parse_entry_kind(token.value);
      if (!out.kind) {
        parsed.errors.push_back(
            {token.offset, fmt::format("unknown kind \"{}\"; use paper, spec, docs, repo, report "
                                       "or note",
                                       token.value)});
      }
    } else if (token.key == "code" && token.has_value) {
      out.code = token.value;
    } else {
      unknown_key(token, k_keys, parsed.errors);
    }
  }
  return parsed;
}

std::optional<std::string> apply_declaration(const Declaration& declaration, Entry& entry) {
  std::vector<std::string> kept;
  if (declaration.kind) {
    if (entry.kind) {
      kept.emplace_back("kind");
    } else {
      entry.kind = declaration.kind;
    }
  }
  if (!declaration.code.empty()) {
    if (!entry.code.empty()) {
      kept.emplace_back("code");
    } else {
      entry.code = declaration.code;
    }
  }
  if (declaration.claim) {
    if (entry.claim) {
      kept.emplace_back("claim");
    } else {
      entry.claim = declaration.claim;
    }
  }
  entry.waivers.insert(entry.waivers.end(), declaration.waivers.begin(), declaration.waivers.end());
  if (kept.empty()) {
    return std::nullopt;
  }
  return fmt::format("the entry already has {}; one declaration each", fmt::join(kept, ", "));
}

}  // namespace sg
