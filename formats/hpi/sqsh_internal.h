// Decoding into a caller's buffer: what ReadEntry uses so that a v1 entry's
// chunks land straight in the entry's output, with no per-chunk vector and no
// copy. Internal to formats/hpi (hpi.h has the public, allocating forms).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/status.h"
#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"

namespace kbot::hpi::internal {

// Whose chunk is decoded, for errors (FormatError's file and structure): the
// archive, and the entry or block in it ("units/arm.fbi: chunk 0").
struct ChunkOwner {
  absl::string_view file;
  absl::string_view structure;
};

// The SQSH chunk at the start of `chunk`, decoded into `out`, which must be
// exactly the chunk's declared decompressed size (else an error, before
// anything is written). `scratch` holds the payload of an encrypted chunk
// while it is decoded; pass the same vector for every chunk of an entry.
absl::Status DecodeSqshInto(Bytes chunk, const ChunkOwner& where, uint64_t file_offset,
                            std::span<uint8_t> out, std::vector<uint8_t>& scratch);

// Where a decoded chunk or entry goes: asked once, for exactly its size, and
// only after that size has been checked plausible for the bytes that are to
// produce it (so a hostile size allocates nothing).
using OutputFor = absl::FunctionRef<std::span<uint8_t>(size_t size)>;

// DecodeSqshInto into output(the declared size).
absl::Status DecodeSqshTo(Bytes chunk, const ChunkOwner& where, uint64_t file_offset,
                          OutputFor output, std::vector<uint8_t>& scratch);

// DecodeSqsh (hpi.h) with the owner as a FormatError's file and structure.
absl::StatusOr<std::vector<uint8_t>> DecodeSqsh(Bytes chunk, const ChunkOwner& where,
                                                uint64_t file_offset);

// An LZ77 payload decoded to exactly out.size() bytes.
absl::Status DecodeLz77Into(Bytes payload, std::span<uint8_t> out, const ChunkOwner& where,
                            uint64_t file_offset);

}  // namespace kbot::hpi::internal
