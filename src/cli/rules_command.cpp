#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "rules/rule.h"
#include "rules/rules_doc.h"
#include "util/error.h"
#include "util/spelling.h"

namespace sg {

void add_rules_commands(CLI::App& app, int& exit_code) {
  CLI::App* rules = app.add_subcommand("rules", "List every rule with its default severity");
  auto markdown = std::make_shared<bool>(false);
  rules->add_flag("--markdown", *markdown,
                  "Print every rule's documentation as Markdown (the page docs/rules.md)");
  rules->callback([markdown, &exit_code] {
    exit_code = 0;
    if (*markdown) {
      std::cout << rules_reference();
      return;
    }
    for (const Rule& rule : rule_registry()) {
      std::cout << fmt::format("{:<24} {:<8} {}\n", rule.id, to_string(rule.severity),
                               rule.summary);
    }
  });

  auto id = std::make_shared<std::string>();
  CLI::App* explain = app.add_subcommand("explain", "Print a rule's documentation");
  explain->add_option("id", *id, "Rule id, e.g. claim/incomplete")->required();
  explain->callback([id, &exit_code] {
    const Rule* rule = find_rule(*id);
    if (rule == nullptr) {
      throw UsageError(fmt::format("unknown rule \"{}\"; {}", *id, unknown_rule_hint(*id)));
    }
    std::cout << fmt::format("{} ({})\n\n{}\n\n{}\n\nFix: {}\n", rule->id,
                             to_string(rule->severity), rule->summary, rule->doc, rule->hint);
    exit_code = 0;
  });
}

}  // namespace sg
