// Fixtures for the decompiler tests: scripts typed word by word
// (tests/support/cob_bytes.h), laid out as a COB file, read back with
// ReadCob and decompiled.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "formats/cob/cob.h"
#include "formats/cob/decompile.h"
#include "tests/support/cob_bytes.h"

namespace kbot::testing {

// Code typed instruction by instruction, with forward jumps patched once
// their target is written:
//   Words w;
//   w(Op(kPushStatic, 0));
//   const size_t skip = w.Forward(kJumpIfFalse);
//   w(Op(kHide, 3));
//   w.Land(skip);
class Words {
 public:
  Words& operator()(const std::vector<uint32_t>& instruction) {
    words.insert(words.end(), instruction.begin(), instruction.end());
    return *this;
  }
  uint32_t Here() const { return uint32_t(words.size()); }
  // A jump whose target Land sets: returns where its operand is.
  size_t Forward(uint32_t opcode) {
    words.push_back(opcode);
    words.push_back(0);
    return words.size() - 1;
  }
  void Land(size_t operand) { words[operand] = Here(); }

  std::vector<uint32_t> words;
};

// The pieces and statics every single-script fixture declares.
inline const std::vector<std::string> kDecompilePieces = {"base", "turret", "sleeve", "flare"};

inline cob::Cob ReadSpec(const CobSpec& spec) {
  const CobLayout layout = LayOutCob(spec);
  absl::StatusOr<cob::Cob> cob = cob::ReadCob(layout.bytes, "test.cob");
  EXPECT_TRUE(cob.ok()) << cob.status();
  return cob.ok() ? *cob : cob::Cob{};
}

// One script called `name` of `code` (starting at code word 0, so jump
// targets are indices into `code`), over kDecompilePieces and 3 statics.
inline cob::Decompiled DecompileOne(std::vector<uint32_t> code, const std::string& name = "Test",
                                    uint32_t version = 4) {
  CobSpec spec;
  spec.version = version;
  spec.scripts = {{name, std::move(code)}};
  spec.pieces = kDecompilePieces;
  spec.static_count = 3;
  return cob::DecompileScript(ReadSpec(spec), 0);
}

}  // namespace kbot::testing
