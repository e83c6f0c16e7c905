// libFuzzer target: any bytes through tdf::ParseTdf. It must return a tree or
// an error for every input, never crash, hang or recurse past its nesting
// cap, and keep at most kMaxTdfWarnings warnings. Every tree it reads from a
// Windows-1252 file can be written (WriteTdf refuses only what no read
// gives: characters outside the code page come from UTF-8 files alone), and
// what is written reads back as the same tree and writes back as the same
// bytes.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/tdf/tdf.h"
#include "formats/tdf/tdf_writer.h"

namespace {

// Every entry is found by its own key (case folded), the last of its name.
void CheckLookups(const std::vector<kbot::tdf::TdfSection>& sections) {
  for (const kbot::tdf::TdfSection& s : sections) {
    for (const kbot::tdf::TdfEntry& e : s.entries) {
      if (s.Find(e.key) == nullptr) __builtin_trap();
    }
    if (!s.sections.empty() && s.FindSection(s.sections.back().name) == nullptr) {
      __builtin_trap();
    }
    CheckLookups(s.sections);  // depth <= kMaxTdfDepth
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace kbot::tdf;
  absl::StatusOr<TdfFile> file = ParseTdf(kbot::Bytes(data, size), "fuzz.tdf");
  if (!file.ok()) return 0;
  if (file->warnings.size() > kMaxTdfWarnings || file->warnings.size() > file->warning_count) {
    __builtin_trap();
  }
  CheckLookups(file->sections);
  absl::StatusOr<std::vector<uint8_t>> written = WriteTdf(file->sections);
  if (!written.ok()) {
    if (!file->utf8) __builtin_trap();
    return 0;
  }
  absl::StatusOr<TdfFile> again = ParseTdf(*written, "again.tdf");
  if (!again.ok() || !SameTdfContent(file->sections, again->sections)) __builtin_trap();
  absl::StatusOr<std::vector<uint8_t>> rewritten = WriteTdf(again->sections);
  if (!rewritten.ok() || *rewritten != *written) __builtin_trap();
  return 0;
}
