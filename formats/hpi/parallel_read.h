// Reading many entries of one HPI archive on several threads.
//
// ReadEntry is a pure function of (archive, file, entry), so entries can be
// decoded concurrently; extracting a whole archive is then bounded by the
// cores rather than by one inflate. Entries are handed out one at a time from
// a shared atomic index instead of being split into fixed ranges up front:
// archives mix 100-byte scripts with multi-megabyte maps, and a fixed split
// would leave one thread holding all the big ones.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"
#include "formats/hpi/hpi.h"

namespace kbot::hpi {

// Receives each entry's bytes (or its error). Called from worker threads, possibly
// concurrently for different entries; returning false stops handing out further entries.
// The bytes are the worker's reused buffer (ReadEntryInto): they are valid during the
// call only. It must not throw (an exception on a worker thread would terminate the
// process).
using EntrySink = std::function<bool(const HpiEntry& entry, absl::StatusOr<Bytes> data)>;

// Reads `entries` (pointers into archive.entries) with ReadEntryInto on `threads` threads
// (0: std::thread::hardware_concurrency(); never more threads than entries; 1 runs on the
// calling thread). Returns once every started read has been delivered to `sink`.
//
// The calling thread is one of the workers. Each entry is delivered at most
// once, in no particular order; after `sink` returns false, reads already
// started still finish and are delivered (so the sink may see a few more),
// and no new read starts. When the system refuses to start a thread the read
// goes on with the threads it has. Each thread decodes into one EntryBuffer of
// its own, reused for every entry it reads: at most `threads` buffers, each as
// large as the largest entry its thread read, held until the call returns.
void ReadEntriesParallel(const HpiArchive& archive, Bytes file,
                         const std::vector<const HpiEntry*>& entries, int threads,
                         const EntrySink& sink);

}  // namespace kbot::hpi
