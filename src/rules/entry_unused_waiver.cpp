// entry/unused-waiver: a waiver silences nothing.
#include "rules/rule.h"

namespace sg {

extern const Rule k_entry_unused_waiver = {
    .id = "entry/unused-waiver",
    .severity = Severity::warning,
    .summary = "a waiver silences nothing",
    .doc =
        "A waiver that no longer silences a finding (the rule stopped firing, or the rule id is "
        "misspelt) hides nothing but misleads readers about the entry.",
    .hint = "remove the waiver",
};

}  // namespace sg
