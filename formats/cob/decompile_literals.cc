// <degrees> and [units] literals for constants: the shortest decimal that
// the TA compiler turns back into the same integer. That compiler multiplies
// the decimal by 65536/360 (angles) or 163840 (linear) and truncates toward
// zero: <35> is 6371, [2.4] is 393216 (docs/formats/cob_decompile.md,
// "Constants", with the sources).
#include <cstdint>
#include <string>

#include "absl/strings/str_format.h"
#include "formats/cob/decompile_internal.h"

namespace kbot::cob::bos {

namespace {

// `value` = trunc(x * num / den) for the returned decimal x with the fewest
// decimals (at most max_decimals; every 32-bit value has one by then: a
// step of 10^-max_decimals moves x * num / den by at most 1).
std::string DcScaledLiteral(int32_t value, int64_t num, int64_t den, int max_decimals) {
  const int64_t magnitude = value < 0 ? -int64_t(value) : int64_t(value);
  const char* sign = value < 0 ? "-" : "";
  int64_t scale = 1;
  for (int decimals = 0; decimals <= max_decimals; ++decimals, scale *= 10) {
    // The smallest k with k * num / (den * scale) >= magnitude; it names
    // `magnitude` when it also stays below magnitude + 1.
    const int64_t k = (magnitude * den * scale + num - 1) / num;
    if (k * num >= (magnitude + 1) * den * scale) continue;
    if (decimals == 0) return absl::StrFormat("%s%d", sign, k);
    return absl::StrFormat("%s%d.%0*d", sign, k / scale, decimals, k % scale);
  }
  return absl::StrFormat("%s%d", sign, magnitude);  // not reached (see above)
}

}  // namespace

std::string AngleLiteral(int32_t value) {
  return "<" + DcScaledLiteral(value, 65536, 360, 3) + ">";
}

std::string LinearLiteral(int32_t value) {
  return "[" + DcScaledLiteral(value, 163840, 1, 6) + "]";
}

}  // namespace kbot::cob::bos
