// libFuzzer target: any bytes through OpenHpi, then every entry through
// ReadEntry and, into one reused buffer, ReadEntryInto (what extraction
// uses). The reader must return a value or an error for every input: never
// crash, hang, or allocate beyond its caps (hpi.h). The two reads must agree,
// bytes and success alike: a buffer reused from a larger entry must not leak
// into a smaller one. The harness stops reading entries once their total
// output passes kOutputCap, so a directory of many entries that share one
// large chunk cannot multiply the work.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "formats/hpi/hpi.h"

namespace {
constexpr uint64_t kOutputCap = 64ull * 1024 * 1024;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace kbot::hpi;
  const kbot::Bytes bytes(data, size);
  absl::StatusOr<HpiArchive> archive = OpenHpi(bytes, "fuzz.hpi");
  if (!archive.ok()) return 0;
  uint64_t total = 0;
  EntryBuffer reused;
  for (const HpiEntry& e : archive->entries) {
    if (total + 2 * e.size > kOutputCap) break;
    absl::StatusOr<std::vector<uint8_t>> out = ReadEntry(*archive, bytes, e);
    absl::StatusOr<kbot::Bytes> into = ReadEntryInto(*archive, bytes, e, reused);
    if (out.ok() != into.ok()) __builtin_trap();
    if (out.ok()) {
      if (!std::equal(out->begin(), out->end(), into->begin(), into->end())) __builtin_trap();
      total += 2 * out->size();
    }
    (void)archive->Find(e.path);
  }
  return 0;
}
