// Writing HPI archives (layout: hpi.h, docs/formats/hpi.md "Writing archives").
// WriteHpi builds the whole archive in memory from files in memory, on the
// calling thread: for tests, fixtures and the demo data. PackHpi
// (hpi_stream_writer.h) writes the same bytes streaming, on several threads,
// in memory bounded by a few chunks per thread: what `kbot hpi pack` uses.
//
//   Version 1  header (key 0: not encrypted, Start 20), then the directory:
//              each directory record followed by its 9-byte entries, each
//              entry's NUL-terminated name and then its subdirectory record or
//              9-byte file record; then the file data. Compressed files are
//              split into 65536-byte chunks: the u32 chunk sizes, then one SQSH
//              chunk each (not encrypted). Empty files are always stored.
//   Version 2  the 32-byte header, the directory block (stored), the name
//              block (stored), then the file data: stored bytes
//              (CompressedSize 0) or one SQSH chunk per file. Date, Checksum
//              and Last78 are written as 0.
//
// Paths are split on '/' (or '\'); a path may not be empty, have empty
// components, name both a file and a directory, or repeat another path
// (ASCII case-insensitively). A file holds at most 0xFFFFFFFF bytes, the
// archive too.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"
#include "formats/hpi/hpi.h"

namespace kbot::hpi {

struct HpiFileToWrite {
  std::string path;
  std::vector<uint8_t> data;
};

struct HpiWriteOptions {
  int version = 1;  // 1 or 2
  Compression compression = Compression::kNone;
};

absl::StatusOr<std::vector<uint8_t>> WriteHpi(const std::vector<HpiFileToWrite>& files,
                                              const HpiWriteOptions& options = {});

// An LZ77 payload (docs/formats/hpi.md, "LZ77") for `data`, ending with the
// terminator: greedy matching over a 3-byte hash chain, references of 3..17
// bytes up to 4095 back.
std::vector<uint8_t> EncodeLz77(Bytes data);

// One SQSH chunk (header and payload, not encrypted) holding `data`.
absl::StatusOr<std::vector<uint8_t>> EncodeSqsh(Bytes data, Compression compression);

}  // namespace kbot::hpi
