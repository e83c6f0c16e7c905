// "Did you mean ...?": the names closest to one that was not found, for the
// errors an assistant can act on (a misspelt enum value, argument, path or
// sequence name).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace kbot {

// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`,
// ignoring ASCII case.
size_t EditDistance(absl::string_view a, absl::string_view b);

// Whether `candidate` is close enough to `wanted` to suggest: a few edits
// for its length (a third of the longer name, at least 1), or one starts
// with the other.
bool IsNear(absl::string_view wanted, absl::string_view candidate);

// Up to `most` of `candidates` near `wanted`, closest first (ties keep the
// candidates' order).
std::vector<std::string> NearNames(absl::string_view wanted,
                                   const std::vector<std::string>& candidates, size_t most);

// "; did you mean A or B?" for `near`, each name between `quote`s; "" when
// `near` is empty. The tail of an error message.
std::string DidYouMean(const std::vector<std::string>& near, absl::string_view quote = "");

}  // namespace kbot
