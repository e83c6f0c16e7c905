#include "formats/common/format_error.h"

#include <array>

#include "absl/strings/cord.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "formats/common/byte_reader.h"

namespace kbot {

namespace {

// The payload is five netstrings ("<length>:<bytes>,"): file, structure,
// offset (decimal, empty for none), "1" or "0" for detail_names_offset,
// detail. Lengths make any byte in a name or a detail safe.
constexpr size_t kPayloadFields = 5;

void AppendField(std::string& out, absl::string_view field) {
  absl::StrAppend(&out, field.size(), ":", field, ",");
}

// The next netstring of `in`, consumed; nullopt when `in` does not start with one.
std::optional<absl::string_view> NextField(absl::string_view& in) {
  const size_t colon = in.find(':');
  size_t length = 0;
  if (colon == absl::string_view::npos || !absl::SimpleAtoi(in.substr(0, colon), &length) ||
      length > in.size() - colon - 1 || in.size() - colon - 1 - length < 1 ||
      in[colon + 1 + length] != ',') {
    return std::nullopt;
  }
  const absl::string_view field = in.substr(colon + 1, length);
  in.remove_prefix(colon + 2 + length);
  return field;
}

std::string Payload(const FormatError& e) {
  std::string out;
  AppendField(out, e.file);
  AppendField(out, e.structure);
  AppendField(out, e.offset ? absl::StrCat(*e.offset) : "");
  AppendField(out, e.detail_names_offset ? "1" : "0");
  AppendField(out, e.detail);
  return out;
}

std::optional<FormatError> FromPayload(absl::string_view in) {
  std::array<absl::string_view, kPayloadFields> f;
  for (absl::string_view& field : f) {
    std::optional<absl::string_view> next = NextField(in);
    if (!next) return std::nullopt;
    field = *next;
  }
  if (!in.empty() || (f[3] != "0" && f[3] != "1")) return std::nullopt;
  FormatError e{std::string(f[0]), std::string(f[1]), std::nullopt, std::string(f[4]),
                f[3] == "1"};
  if (!f[2].empty()) {
    uint64_t offset = 0;
    if (!absl::SimpleAtoi(f[2], &offset)) return std::nullopt;
    e.offset = offset;
  }
  return e;
}

}  // namespace

std::string FormatErrorMessage(const FormatError& e) {
  std::string out;
  if (!e.file.empty()) absl::StrAppend(&out, e.file, ": ");
  absl::StrAppend(&out, e.structure);
  if (e.offset && !e.detail_names_offset) {
    absl::StrAppend(&out, e.structure.empty() ? "at " : " at ", Hex(*e.offset));
  }
  const bool named = !e.structure.empty() || (e.offset && !e.detail_names_offset);
  absl::StrAppend(&out, named ? ": " : "", e.detail);
  return out;
}

absl::Status FormatErrorStatus(const FormatError& error) {
  absl::Status status = absl::InvalidArgumentError(FormatErrorMessage(error));
  status.SetPayload(kFormatErrorTypeUrl, absl::Cord(Payload(error)));
  return status;
}

std::optional<FormatError> GetFormatError(const absl::Status& status) {
  if (status.code() != absl::StatusCode::kInvalidArgument) return std::nullopt;
  const auto payload = status.GetPayload(kFormatErrorTypeUrl);  // absl::optional
  if (!payload) return std::nullopt;
  return FromPayload(std::string(*payload));
}

absl::Status ErrorAt(absl::string_view file, absl::string_view structure, uint64_t offset,
                     absl::string_view detail) {
  return FormatErrorStatus(
      {std::string(file), std::string(structure), offset, std::string(detail)});
}

absl::Status ErrorNamingOffset(absl::string_view file, absl::string_view structure,
                               uint64_t offset, absl::string_view detail) {
  return FormatErrorStatus(
      {std::string(file), std::string(structure), offset, std::string(detail), true});
}

absl::Status ErrorIn(absl::string_view file, absl::string_view structure,
                     absl::string_view detail) {
  return FormatErrorStatus(
      {std::string(file), std::string(structure), std::nullopt, std::string(detail)});
}

}  // namespace kbot
