// surface/tutorial: no generic or surface-level tutorials.
#include <cctype>

#include <fmt/format.h>

#include "rules/rule.h"

namespace sg {

namespace {

/// How many words of a description say what the entry is.
constexpr std::size_t k_head_words = 5;

/// Whether the word at `offset` is joined by a hyphen to a capitalised word
/// before it: part of a name ("Vulkan-tutorial", the site vulkan-tutorial.com).
bool joined_to_a_name(std::string_view text, std::size_t offset) {
  if (offset < 2 || text[offset - 1] != '-') {
    return false;
  }
  std::size_t start = offset - 1;
  while (start > 0 && std::isalnum(static_cast<unsigned char>(text[start - 1])) != 0) {
    --start;
  }
  return start < offset - 1 && std::isupper(static_cast<unsigned char>(text[start])) != 0;
}

std::size_t words_before(std::string_view text, std::size_t offset) {
  std::size_t words = 0;
  bool in_word = false;
  for (const char c : text.substr(0, offset)) {
    const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
    words += !space && !in_word ? 1 : 0;
    in_word = !space;
  }
  return words;
}

void check_surface_tutorial(const EntryView& view, const RuleContext& context, Findings& out) {
  // A declared report with its code is exempt; a tutorial that links its
  // code ("A tutorial … - [repository](…)") is still a tutorial.
  if (view.is_note() || view.is_report_with_code()) {
    return;
  }
  // A list that keeps no source policy (source/not-primary off) keeps the
  // material its headings name ("Tutorials", "Free Courses", "Talks") on
  // purpose: its entries there are not judged one by one. Where that rule
  // is on, it judges the section ("listed under …").
  if (context.policy.turns_off("source/not-primary") &&
      (context.policy.secondary_sections.first_match(view.section.title) ||
       (view.group != nullptr &&
        (context.policy.secondary_sections.first_match(view.group->title) ||
         context.policy.secondary_sections.first_match(view.group->under))))) {
    return;
  }
  const Entry& entry = view.entry;
  if (const SourceClass* source_class = view.source_class();
      source_class != nullptr && source_class->surface) {
    out.push_back(
        Finding{.location = entry.where("url"),
                .message = fmt::format("links a {} site ({}), which offers surface-level material",
                                       source_class->name, view.classification->host),
                .evidence = view.class_evidence(),
                .entry = &entry});
    return;
  }
  // The vendor's own introduction to its own mechanism is documentation.
  if (const SourceClass* source_class = view.source_class();
      source_class != nullptr && source_class->primary &&
      (source_class->inferred_kind == EntryKind::docs ||
       source_class->inferred_kind == EntryKind::spec)) {
    return;
  }
  // A repository's, a paper's or a book's description says what it contains
  // ("with tutorials", "an introduction to embedded Rust"); only its title
  // says what it is, and a book's catalogue path is its title's slug. So a
  // page of a primary class, or of a class that takes declared papers (a
  // book's), is judged by its title alone; any other page also by its
  // tutorial words and its path.
  const SourceClass* source_class = view.source_class();
  const bool titled =
      source_class != nullptr && (source_class->primary || source_class->allows(EntryKind::paper));
  for (const bool as_title : {true, false}) {
    if (!as_title && (titled || view.title_field == "description")) {
      continue;
    }
    const std::string_view name = as_title ? view.title_field : "description";
    const std::string_view text = as_title ? view.title_text : entry.description;
    auto match = context.policy.surface_titles.first_match(text);
    if (!match && !titled) {
      match = context.policy.surface_secondary.first_match(text);
      // A description's first words say what the entry is ("A set of video
      // tutorials"); later ones say what it holds ("an environment that comes
      // with tutorials").
      if (match && !as_title && words_before(text, match->offset) > k_head_words) {
        match.reset();
      }
    }
    if (!match) {
      continue;
    }
    // "Tutorials on intermediate topics" says it goes past an introduction.
    if (context.policy.surface_depth.first_match(text)) {
      continue;
    }
    // A repository goes by its name ("ai-getting-started" is a starter
    // project); a site's title may add words to the site's name ("OpenGL
    // Tutorial" at open.gl), and those words say what it is.
    if (as_title && view.classification && forge_host(view.classification->host) &&
        title_names_link(*view.classification, text)) {
      continue;
    }
    // The word may be the name itself: "Primer Design System" at primer.style,
    // or a site named with it ("a Vulkan-tutorial example in Odin"). What the
    // words introduce may be the site's own project: "Introduction to
    // Terraform" at terraform.io is the project's own introduction.
    const std::string introduced(
        text.substr(std::min(match->offset + match->text.size(), text.size())));
    if (!(view.classification &&
          (title_names_link(*view.classification, std::string(match->text)) ||
           (as_title && title_names_link(*view.classification, introduced)))) &&
        !joined_to_a_name(text, match->offset)) {
      out.push_back(Finding{
          .location = entry.where(name),
          .message =
              fmt::format("the {} reads as a surface-level tutorial (\"{}\")", name, match->text),
          .evidence = fmt::format("{} pattern: {}", name, match->pattern->name),
          .entry = &entry});
      return;
    }
  }
  if (titled || !view.classification) {
    return;
  }
  if (auto match = context.policy.surface_paths.first_match(view.classification->path)) {
    out.push_back(Finding{
        .location = entry.where("url"),
        .message =
            fmt::format("the link's path reads as a surface-level tutorial (\"{}\")", match->text),
        .evidence = "path pattern: " + match->pattern->name,
        .entry = &entry});
  }
}

}  // namespace

extern const Rule k_surface_tutorial = {
    .id = "surface/tutorial",
    .severity = Severity::error,
    .summary = "a surface-level tutorial",
    .doc =
        "Generic or surface-level tutorials are out: hosts the policy classes as surface "
        "material, and titles or descriptions matching the policy's \"surface.title_patterns\" "
        "(for a "
        "repository, a paper or a book, its title only: a description says what it "
        "contains), and "
        "other secondary pages (not classed primary) whose title, or the first words of whose "
        "description, match \"surface.secondary_patterns\", "
        "or whose path matches \"surface.path_patterns\". Text matching "
        "\"surface.depth_patterns\" (\"intermediate\", \"advanced\") is not surface. "
        "A title that is the name the link goes by (\"Primer\" at primer.style) names a project "
        "and is not judged by its words, nor is a title that introduces the site's own project "
        "(\"Introduction to Terraform\" at terraform.io). Where the link text only labels the link "
        "(\"link_labels\"), the description is read as the title. A declared implementer "
        "report with code is exempt. Where source/not-primary is off (a list that keeps no "
        "source policy), entries under a heading \"secondary_sections\" names (\"Tutorials\", "
        "\"Free Courses\", \"Talks\") are kept on purpose and not judged.",
    .hint = "link the primary source the tutorial summarises",
    .check_entry = check_surface_tutorial,
};

}  // namespace sg
