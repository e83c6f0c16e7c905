// libFuzzer target: any bytes through ReadFxt, which first derives the
// cipher's starting values by reading a bounded sample under each of 256
// candidates. It must return records or an error for every input, never
// crash, hang or read out of bounds, and its cost must stay bounded by the
// sample plus one pass over the file. When a file reads, its records are
// written back from the same starting values and read again: whenever the
// values come back the same, so must the records.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/gta/fxt.h"

namespace {

bool SameRecords(const std::vector<kbot::gta::FxtRecord>& a,
                 const std::vector<kbot::gta::FxtRecord>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].key != b[i].key || a[i].text != b[i].text) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace kbot::gta;
  const kbot::Bytes bytes(data, size);
  absl::StatusOr<Fxt> fxt = ReadFxt(bytes, "fuzz.fxt");
  if (!fxt.ok()) return 0;
  // The cipher is its own inverse under the values found.
  const std::vector<uint8_t> plain = DecryptFxt(bytes, fxt->cipher);
  if (EncryptFxt(plain, fxt->cipher) != std::vector<uint8_t>(bytes.begin(), bytes.end())) {
    __builtin_trap();
  }
  // Keys holding '[' read but cannot be written: the writer refuses them.
  absl::StatusOr<std::vector<uint8_t>> written = WriteFxt(fxt->records, fxt->cipher);
  if (!written.ok()) return 0;
  absl::StatusOr<Fxt> again = ReadFxt(*written, "again.fxt");
  if (again.ok() && again->cipher == fxt->cipher && !SameRecords(again->records, fxt->records)) {
    __builtin_trap();
  }
  return 0;
}
