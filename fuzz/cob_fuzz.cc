// libFuzzer target: any bytes through cob::ReadCob, and every script it
// returns through DecodeScript and the disassembler. The reader must return
// a script or an error for every input, never read past the bytes, never
// allocate more than the file can hold (every table and the code are checked
// against the file's size first); each script it returns lies inside the
// code, each name within kMaxNameBytes; decoding stays inside the script
// and the listing has one header line a script.
#include <cstddef>
#include <cstdint>

#include "formats/cob/cob.h"
#include "formats/cob/disassemble.h"
#include "formats/cob/opcodes.h"

namespace {

using kbot::cob::Cob;

void CheckScripts(const Cob& cob) {
  for (size_t i = 0; i < cob.scripts.size(); ++i) {
    const kbot::cob::Script& s = cob.scripts[i];
    if (s.name.size() > kbot::cob::kMaxNameBytes) __builtin_trap();
    if (s.length != 0 && uint64_t(s.start) + s.length > cob.code.size()) __builtin_trap();
    const kbot::cob::DecodedScript d = kbot::cob::DecodeScript(cob, i);
    for (const kbot::cob::Instruction& ins : d.instructions) {
      if (ins.op == nullptr || ins.index < s.start ||
          uint64_t(ins.index) + 1 + ins.op->operand_count > uint64_t(s.start) + s.length) {
        __builtin_trap();
      }
    }
    if (d.error.has_value() &&
        (d.error_index < s.start || d.error_index >= uint64_t(s.start) + s.length)) {
      __builtin_trap();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  absl::StatusOr<Cob> cob = kbot::cob::ReadCob(kbot::Bytes(data, size), "fuzz.cob");
  if (!cob.ok()) return 0;
  if (cob->version != kbot::cob::kVersionTa && cob->version != kbot::cob::kVersionKingdoms) {
    __builtin_trap();
  }
  if (cob->code.size() * 4 > size) __builtin_trap();
  for (const std::string& p : cob->pieces) {
    if (p.size() > kbot::cob::kMaxNameBytes) __builtin_trap();
  }
  CheckScripts(*cob);
  const std::string text = kbot::cob::Disassemble(*cob);
  size_t headers = text.rfind("script ", 0) == 0 ? 1 : 0;
  for (size_t at = text.find("\n\nscript "); at != std::string::npos;
       at = text.find("\n\nscript ", at + 1)) {
    ++headers;
  }
  if (headers != cob->scripts.size()) __builtin_trap();
  volatile size_t sink = kbot::cob::MissingStandardScripts(*cob).size() + text.size();
  (void)sink;
  return 0;
}
