// Writing an HPI archive as a stream (what `kbot hpi pack` uses): each file is
// read when its turn comes, its chunks are compressed on several threads, and
// the compressed bytes go out in order as soon as they are done. The archive
// is byte for byte what WriteHpi (hpi_writer.h) makes of the same files and
// options, whatever the thread count: the same layout (the directory, laid
// out from the paths and sizes before any data), the same encoder per chunk.
//
// The work is cut into units, each compressed by one thread and written whole:
//   - version 1, compressed: one unit per 65536-byte chunk;
//   - version 2, compressed: one unit per file (its data is one SQSH chunk);
//   - stored bytes (compression none, and empty files): 65536-byte pieces,
//     copied as they are read.
// The calling thread reads the units' input in order, hands them to the
// worker threads and writes the results in order; at most 4 units per worker
// are under way at once (read, being compressed, or waiting for an earlier
// unit to be written), and those beyond the next to write at most
// kPackBytesInFlightPerThread of input per worker. Memory is then a few
// chunks per thread plus the directory for version 1; version 2 holds whole
// files, as many as fit that budget (a larger file alone). With one thread,
// or nothing to compress, everything happens on the calling thread.
//
// The directory goes out first with the data offsets still 0 and is written
// again over itself at the end; a v1 file's chunk-size table likewise once
// its last chunk is out. A writer that must never leave a half-written file
// writes to a temporary file and renames it in when PackHpi succeeds.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"
#include "formats/hpi/hpi.h"
#include "formats/hpi/hpi_writer.h"

namespace kbot::hpi {

// One file to pack: its path in the archive (hpi_writer.h says which are
// refused) and its size, at most 0xFFFFFFFF. The bytes come from a source.
struct HpiFileToPack {
  std::string path;
  uint64_t size = 0;
};

// Where the files' bytes come from.
class HpiPackSource {
 public:
  virtual ~HpiPackSource() = default;
  // Fills `out` with the bytes of file `index` (into PackHpi's list) from
  // `offset` on. Called on PackHpi's thread only, file after file in the
  // archive's data order, each file's bytes in order from 0 to its size, never
  // with an empty `out`. An error stops the packing and is returned as it is:
  // it should name the file.
  virtual absl::Status Read(size_t index, uint64_t offset, std::span<uint8_t> out) = 0;
  // File `index` has been read to its size (also said of an empty file,
  // which is never read): the source may close it and check it did not grow.
  virtual absl::Status Finished(size_t index) { return absl::OkStatus(); }
};

// Where the archive goes.
class HpiPackSink {
 public:
  virtual ~HpiPackSink() = default;
  // Appends `bytes` after everything appended so far.
  virtual absl::Status Append(Bytes bytes) = 0;
  // Writes `bytes` over bytes already appended, from `offset` on.
  virtual absl::Status WriteAt(uint64_t offset, Bytes bytes) = 0;
};

inline constexpr int kMaxPackThreads = 256;
inline constexpr uint64_t kPackBytesInFlightPerThread = 8 << 20;

struct HpiPackOptions {
  int version = 1;  // 1 or 2
  Compression compression = Compression::kNone;
  int threads = 1;  // 0: every core (std::thread::hardware_concurrency); at most kMaxPackThreads
};

// Packs `files` into `sink`, reading them from `source`; returns the size of
// the archive. Errors are the layout's (hpi_writer.h), a thread count out of
// range, an archive over 4 GiB, and what the source or the sink return.
absl::StatusOr<uint64_t> PackHpi(const std::vector<HpiFileToPack>& files,
                                 const HpiPackOptions& options, HpiPackSource& source,
                                 HpiPackSink& sink);

// PackHpi of files in memory into memory (tests and benchmarks).
absl::StatusOr<std::vector<uint8_t>> PackHpiInMemory(const std::vector<HpiFileToWrite>& files,
                                                     const HpiPackOptions& options);

}  // namespace kbot::hpi
