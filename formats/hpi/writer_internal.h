// What the two writers share (hpi_writer.h, whole in memory, and
// hpi_stream_writer.h, streaming), so that they differ only in how the data is
// read and written: where everything goes, laid out before any file's bytes
// are read (the header and the directory, from the paths and sizes alone, and
// the order the files' data follows them in), and the SQSH chunk encoder.
// Internal to formats/hpi.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/hpi/hpi.h"

namespace kbot::hpi::internal {

// One file as the layout sees it.
struct FileToLay {
  const std::string* path;
  uint64_t size;
};

// A file's place: `index` into the caller's list, `record` the file offset of
// its file record in Layout::head (v1: the 9-byte record, v2: the 24-byte one).
struct LaidFile {
  size_t index;
  size_t record;
};

struct Layout {
  // Everything before the data (v1: header and directory; v2: header,
  // directory block and name block), complete but for what only the data
  // tells: v1 each file record's DataOffset; v2 each record's Start and
  // CompressedSize. Sizes, names and (v1) compression bytes are filled in.
  std::vector<uint8_t> head;
  std::vector<LaidFile> order;  // the files in the order their data follows
};

// Checks the paths (hpi_writer.h says what is refused) and each size (at most
// 0xFFFFFFFF: the records hold 32 bits), and lays the archive out. A v1 file
// record's Compression is `compression`, or none for an empty file.
absl::StatusOr<Layout> LayOut(const std::vector<FileToLay>& files, int version,
                              Compression compression);

// In `head` (Layout::head, or the archive it begins): v1, the DataOffset of
// the file record at `record`; v2, its Start and CompressedSize (0: stored).
void SetV1Data(std::vector<uint8_t>& head, size_t record, uint32_t offset);
void SetV2Data(std::vector<uint8_t>& head, size_t record, uint32_t start,
               uint32_t compressed_size);

// The largest archive the 32-bit offsets can address.
inline constexpr uint64_t kMaxArchiveBytes = 0xFFFFFFFFull;

// One SQSH chunk (header and payload, not encrypted) holding `data`, in `out`
// (replaced; its capacity is reused).
absl::Status EncodeSqshInto(Bytes data, Compression compression, std::vector<uint8_t>& out);

}  // namespace kbot::hpi::internal
