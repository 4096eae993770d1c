#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "load/entries_loader.h"
#include "policy/policy_reference.h"

namespace sg {

void add_schema_commands(CLI::App& app, int& exit_code) {
  CLI::App* keys = app.add_subcommand("policy-keys",
                                      "List every policy.json key with its type "
                                      "and default");
  auto markdown = std::make_shared<bool>(false);
  keys->add_flag("--markdown", *markdown,
                 "Print every key's documentation as Markdown (the page docs/policy.md)");
  keys->callback([markdown, &exit_code] {
    std::cout << (*markdown ? policy_reference() : policy_key_list());
    exit_code = 0;
  });

  auto which = std::make_shared<std::string>();
  CLI::App* schema = app.add_subcommand(
      "schema", "Print the JSON Schema of policy.json, of a section file or of list.json");
  schema->add_option("file", *which, "policy, entries (a section file NN-slug.json) or list")
      ->required()
      ->check(CLI::IsMember({"policy", "entries", "list"}));
  schema->footer(
      "The committed copies live in docs/schema/; a test keeps them equal to this output:\n"
      "  sourcegate schema policy > docs/schema/policy.schema.json");
  schema->callback([which, &exit_code] {
    const nlohmann::ordered_json document = *which == "policy"    ? policy_json_schema()
                                            : *which == "entries" ? section_json_schema()
                                                                  : list_json_schema();
    std::cout << document.dump(2) << "\n";
    exit_code = 0;
  });
}

}  // namespace sg
