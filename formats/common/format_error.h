// Errors about a file's bytes: how every reader says a file is malformed.
//
// The error keeps, as values, the file, the structure the error is in
// ("sequence 2 frame 3", "block 17", "nav record 4") and the byte offset it
// is about, so a caller can point at the place without parsing the message.
// The message names them too, in one shape:
//
//   <file>: <structure> at <offset>: <detail>     STYLE001.G24: animation 1 at 0x18047: ...
//
// with what is not there left out: no file, no "<file>: "; no offset, no
// " at <offset>"; no structure, no "<structure> " (and with no offset either,
// no ": " before the detail: "t.gaf: too short for the 12-byte GAF header").
// A detail that itself says what lies at the offset ("literal chunk at 0x1a2b
// needs 5 byte(s)") names it there, and the offset is not repeated after the
// structure:
//
//   t.gaf: sequence 0 frame 0: row 1: literal chunk at 0x1a2b needs 5 byte(s), ...
//
// The offset after the structure is written by Hex ("0x1a2b"). The status is
// InvalidArgument; the values travel as its payload under kFormatErrorTypeUrl,
// so they survive the status being returned or copied up the stack (not a new
// status built from its message: a caller that adds to the message keeps the
// payload only if it copies it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace kbot {

struct FormatError {
  std::string file;                // as the caller named it: "GTADATA/NYC.CMP"
  std::string structure;           // outermost first: "sequence 2 frame 3: row 7"
  std::optional<uint64_t> offset;  // in the file, when the error is about one place
  std::string detail;              // what is wrong there
  // The detail already names the offset ("literal chunk at 0x1a2b needs ..."),
  // so the message does not name it after the structure.
  bool detail_names_offset = false;

  friend bool operator==(const FormatError&, const FormatError&) = default;
};

// The payload type URL the values are kept under in a status.
inline constexpr absl::string_view kFormatErrorTypeUrl = "type.kbot.dev/kbot.FormatError";

// The message of the shape above.
std::string FormatErrorMessage(const FormatError& error);

// InvalidArgument with that message and the values as payload.
absl::Status FormatErrorStatus(const FormatError& error);

// The values of a status made by FormatErrorStatus; nullopt for any other
// status (OK, another code, no payload or one that does not parse).
std::optional<FormatError> GetFormatError(const absl::Status& status);

// The common cases of FormatErrorStatus, by what the message names:
//   "<file>: <structure> at <offset>: <detail>"
absl::Status ErrorAt(absl::string_view file, absl::string_view structure, uint64_t offset,
                     absl::string_view detail);
//   "<file>: <structure>: <detail>", the detail naming `offset` itself
absl::Status ErrorNamingOffset(absl::string_view file, absl::string_view structure,
                               uint64_t offset, absl::string_view detail);
//   "<file>: <structure>: <detail>", about no one place (a size, a count)
absl::Status ErrorIn(absl::string_view file, absl::string_view structure,
                     absl::string_view detail);

}  // namespace kbot
