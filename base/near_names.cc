#include "base/near_names.h"

#include <algorithm>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace kbot {

size_t EditDistance(absl::string_view a, absl::string_view b) {
  // Optimal string alignment over three rows: "gfi" is one swap from "gif".
  const size_t n = b.size();
  std::vector<size_t> before(n + 1), previous(n + 1), current(n + 1);
  for (size_t j = 0; j <= n; ++j) previous[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    const char ca = absl::ascii_tolower(static_cast<unsigned char>(a[i - 1]));
    for (size_t j = 1; j <= n; ++j) {
      const char cb = absl::ascii_tolower(static_cast<unsigned char>(b[j - 1]));
      size_t d = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)});
      if (i > 1 && j > 1 && ca == absl::ascii_tolower(static_cast<unsigned char>(b[j - 2])) &&
          absl::ascii_tolower(static_cast<unsigned char>(a[i - 2])) == cb) {
        d = std::min(d, before[j - 2] + 1);
      }
      current[j] = d;
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[n];
}

bool IsNear(absl::string_view wanted, absl::string_view candidate) {
  if (wanted.empty() || candidate.empty()) return false;
  if (absl::StartsWithIgnoreCase(candidate, wanted) ||
      absl::StartsWithIgnoreCase(wanted, candidate)) {
    return true;
  }
  const size_t allowed = std::max<size_t>(1, std::max(wanted.size(), candidate.size()) / 3);
  return EditDistance(wanted, candidate) <= allowed;
}

std::vector<std::string> NearNames(absl::string_view wanted,
                                   const std::vector<std::string>& candidates, size_t most) {
  std::vector<std::pair<size_t, size_t>> near;  // (distance, index)
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (IsNear(wanted, candidates[i])) near.emplace_back(EditDistance(wanted, candidates[i]), i);
  }
  std::stable_sort(near.begin(), near.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> out;
  for (size_t k = 0; k < near.size() && out.size() < most; ++k) {
    out.push_back(candidates[near[k].second]);
  }
  return out;
}

std::string DidYouMean(const std::vector<std::string>& near, absl::string_view quote) {
  if (near.empty()) return "";
  return absl::StrCat("; did you mean ", quote,
                      absl::StrJoin(near, absl::StrCat(quote, " or ", quote)), quote, "?");
}

}  // namespace kbot
