// libFuzzer target: any bytes through IdentifyFile, which every format tool
// runs before its reader. It must name a kind or none for every input, never
// read past the bytes, and say something for every kind it names.
#include <cstddef>
#include <cstdint>

#include "formats/identify/identify.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using kbot::identify::FileKind;
  const kbot::identify::FileIdentity id = kbot::identify::IdentifyFile(kbot::Bytes(data, size));
  if ((id.kind == FileKind::kUnknown) != id.what.empty()) __builtin_trap();
  return 0;
}
