// Text folded for searching: lower case, and the accented Latin letters
// (U+00C0-U+017F) as their base letters, so "Téléphone", "TELEPHONE" and
// "telephone" are one word to a search.
#pragma once

#include <string>

#include "absl/strings/string_view.h"

namespace kbot {

// `text` (UTF-8; a byte that is not valid UTF-8 is kept as it is) folded:
// ASCII lower-cased, Latin-1 Supplement and Latin Extended-A letters as
// their base letters (é -> e, Æ -> ae, ß -> ss, Ł -> l); other characters
// unchanged.
std::string FoldText(absl::string_view text);

}  // namespace kbot
