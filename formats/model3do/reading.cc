// The reading state the tree walk and the piece reader share: warnings (kept
// up to kMaxWarnings, the rest counted), the file's bounds and the budget
// for arrays; and how warnings name a piece.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "formats/common/byte_reader.h"
#include "formats/model3do/reader_internal.h"

namespace kbot::model3do::internal {

Reading::Reading(Bytes file, Model& model)
    : file_(file), model_(model), budget_(kBudgetTimesFile * uint64_t(file.size()) + 4096) {}

void Reading::Warn(std::string text) {
  if (model_.warnings.size() < kMaxWarnings) {
    model_.warnings.push_back(std::move(text));
  } else {
    ++model_.warnings_dropped;
  }
}

bool Reading::Fits(uint64_t at, uint64_t bytes) const {
  return at <= file_.size() && bytes <= file_.size() - at;
}

bool Reading::Spend(uint64_t bytes) {
  if (bytes > budget_) return false;
  budget_ -= bytes;
  return true;
}

std::string Reading::SizeNote() const { return absl::StrCat("(", file_.size(), " bytes)"); }

std::string Printable(absl::string_view text) {
  std::string out;
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c >= 0x7f || c == '\\' || c == '\'') {
      absl::StrAppend(&out, absl::StrFormat("\\x%02x", c));
    } else {
      out.push_back(ch);
    }
  }
  return out;
}

std::string PieceLabel(int index, uint64_t at, const std::string* name) {
  if (name == nullptr) return absl::StrCat("piece ", index, " at ", Hex(at));
  return absl::StrCat("piece ", index, " '", Printable(*name), "' at ", Hex(at));
}

std::string PieceLabel(const Model& model, int index) {
  const Piece& p = model.pieces[size_t(index)];
  return PieceLabel(index, p.offset, &p.name);
}

}  // namespace kbot::model3do::internal
