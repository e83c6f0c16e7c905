// Total Annihilation (version 4) and TA: Kingdoms (version 6) compiled unit
// scripts (scripts/*.cob): the script, piece and sound name tables, the
// static variable count, and the bytecode. The layout, the opcode table and
// where each entry was confirmed: docs/formats/cob.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"

namespace kbot::cob {

inline constexpr uint32_t kVersionTa = 4;
inline constexpr uint32_t kVersionKingdoms = 6;
inline constexpr size_t kTaHeaderBytes = 11 * 4;
inline constexpr size_t kKingdomsHeaderBytes = 13 * 4;
// A name longer than this (no NUL within it) is cut, with a warning.
inline constexpr size_t kMaxNameBytes = 256;

struct Script {
  std::string name;  // empty when its offset is past the file's end (a warning)
  uint32_t start = 0;   // in code words from the code start
  // In words: up to the next script's start in start order (scripts are not
  // always stored in that order), the last one to the code's end.
  uint32_t length = 0;
};

struct Cob {
  uint32_t version = 0;
  std::vector<Script> scripts;      // in table order (the order BOS declared them)
  std::vector<std::string> pieces;  // the piece operands index this
  uint32_t static_count = 0;
  std::vector<std::string> sounds;  // TA: Kingdoms only
  uint64_t code_offset = 0;         // in the file
  std::vector<uint32_t> code;       // code_length words
  // What was odd but read ("script 3 'Killed': start 900 is past the
  // 812-word code"): such a script is kept with length 0.
  std::vector<std::string> warnings;
};

// The script `bytes` hold; `file` names it in errors. An error
// (FormatError) when the header, a table or the code is outside the file or
// the version is neither 4 nor 6.
absl::StatusOr<Cob> ReadCob(Bytes bytes, absl::string_view file);

// The scripts a unit usually has that this one lacks, in this order:
// Create, StartMoving, StopMoving, Activate, Deactivate, AimPrimary,
// AimFromPrimary, QueryPrimary, FirePrimary, Killed, SetMaxReloadTime,
// SweetSpot ... (the list and why: docs/formats/cob.md).
std::vector<std::string> MissingStandardScripts(const Cob& cob);

}  // namespace kbot::cob
