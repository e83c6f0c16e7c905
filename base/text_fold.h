// Text compared as a reader compares it: "TELEPHONE", "téléphone" and
// "Téléphone" are the same word. Folding works on characters (base/utf8.h),
// never on bytes, so an accented letter is one letter whichever way the text
// stored it.
#pragma once

#include <string>

#include "absl/strings/string_view.h"

namespace kbot {

// `text` as UTF-8 with its letters lower-cased and stripped of accents:
// ASCII letters, the Latin-1 letters (é -> e, Ç -> c, Æ -> ae, ß -> ss,
// Þ -> th) and Windows-1252's extra ones (Š -> s, Ž -> z, Œ -> oe, Ÿ -> y,
// ƒ -> f). Every other character is kept as it is.
std::string FoldCaseAndAccents(absl::string_view text);

// Whether FoldCaseAndAccents(text) contains `folded`, which the caller has
// folded already (once, for a search run over many texts).
bool ContainsFolded(absl::string_view text, absl::string_view folded);

}  // namespace kbot
