// SQSH chunks: header, payload decryption, checksum, LZ77 and zlib decoding.
//
// Every decoder writes into a buffer of exactly the declared size, allocated
// (or provided by ReadEntry) only after the header has been checked: a v1
// entry's chunks are decoded straight into the entry's output.
#include <zlib.h>

#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/hpi/hpi.h"
#include "formats/hpi/sqsh_internal.h"

namespace kbot::hpi {

using internal::ChunkOwner;

namespace {

absl::Status Error(const ChunkOwner& where, absl::string_view what) {
  return ErrorIn(where.file, where.structure, what);
}

// An error whose `what` names `offset` (in the file) itself.
absl::Status Error(const ChunkOwner& where, uint64_t offset, absl::string_view what) {
  return ErrorNamingOffset(where.file, where.structure, offset, what);
}

absl::Status DecodeZlibInto(Bytes payload, std::span<uint8_t> out, const ChunkOwner& where,
                            uint64_t at) {
  const uint64_t size = out.size();
  z_stream zs;
  std::memset(&zs, 0, sizeof zs);
  if (inflateInit(&zs) != Z_OK) return Error(where, "zlib could not be initialised");
  zs.next_in = const_cast<Bytef*>(payload.data());
  zs.avail_in = static_cast<uInt>(payload.size());
  zs.next_out = out.data();
  zs.avail_out = static_cast<uInt>(size);
  // One call with the whole output: inflate then never keeps a window of its
  // own, so this costs what zlib's uncompress() costs.
  int rc = inflate(&zs, Z_FINISH);
  // The output buffer is exactly the declared size: a stream that wants more
  // room produces more than declared. Probe with one spare byte to tell.
  if (rc == Z_BUF_ERROR && zs.avail_out == 0 && zs.avail_in > 0) {
    uint8_t spare;
    zs.next_out = &spare;
    zs.avail_out = 1;
    rc = inflate(&zs, Z_FINISH);
    if (zs.avail_out == 0) {
      inflateEnd(&zs);
      return Error(where, at, absl::StrCat("zlib stream at ", Hex(at),
                                           " decompresses to more than the declared ", size,
                                           " bytes"));
    }
  }
  const uint64_t produced = zs.total_out;
  const std::string detail = zs.msg ? zs.msg : "";
  inflateEnd(&zs);
  if (rc != Z_STREAM_END) {
    if (rc == Z_BUF_ERROR || rc == Z_OK) {
      return Error(where, at, absl::StrCat("zlib stream at ", Hex(at), " ends after ", produced,
                                           " of the declared ", size, " bytes"));
    }
    return Error(where, at, absl::StrCat("zlib stream at ", Hex(at), " is corrupt",
                                         detail.empty() ? "" : ": ", detail));
  }
  if (produced != size) {
    return Error(where, at, absl::StrCat("zlib stream at ", Hex(at), " decompresses to ", produced,
                                         " bytes, not the declared ", size));
  }
  return absl::OkStatus();
}

// A checked SQSH header and the payload it frames.
struct Sqsh {
  Compression compression = Compression::kNone;
  bool encrypted = false;
  uint32_t declared = 0;  // decompressed size
  Bytes stored;           // the payload as stored (still encrypted, if it is)
};

// Everything that can be checked before the output exists: the header, the
// payload's extent and checksum, and that the payload can produce the
// declared size (so no caller allocates for an implausible one).
absl::StatusOr<Sqsh> ParseSqsh(Bytes chunk, const ChunkOwner& where, uint64_t at) {
  ByteReader r(chunk);
  uint32_t marker = 0, compressed = 0, decompressed = 0, checksum = 0;
  uint8_t version = 0, compression = 0, encrypted = 0;
  if (!r.U32(marker) || !r.U8(version) || !r.U8(compression) || !r.U8(encrypted) ||
      !r.U32(compressed) || !r.U32(decompressed) || !r.U32(checksum)) {
    return Error(where, at, absl::StrCat("SQSH header at ", Hex(at), " is cut off: ", chunk.size(),
                                         " bytes, the header needs ", kSqshHeaderSize));
  }
  if (marker != kSqshMarker) {
    return Error(where, at, absl::StrCat("chunk at ", Hex(at), " has marker ", Hex(marker),
                                         ", not SQSH (0x48535153)"));
  }
  if (compression > 2) {
    return Error(where, at, absl::StrCat("SQSH header at ", Hex(at), ": unknown compression ",
                                         int(compression)));
  }
  Sqsh s;
  s.compression = Compression(compression);
  s.encrypted = encrypted != 0;
  s.declared = decompressed;
  if (!r.Take(compressed, s.stored)) {
    return Error(where, at + kSqshHeaderSize,
                 absl::StrCat("SQSH payload of ", compressed, " bytes at ",
                              Hex(at + kSqshHeaderSize), " runs past the chunk's ",
                              chunk.size() - kSqshHeaderSize, " bytes"));
  }
  uint32_t sum = 0;
  for (uint8_t b : s.stored) sum += b;
  if (sum != checksum) {
    return Error(where, at, absl::StrCat("SQSH chunk at ", Hex(at), ": checksum ", Hex(checksum),
                                         " does not match the payload's sum ", Hex(sum)));
  }
  const uint64_t payload_at = at + kSqshHeaderSize;
  switch (s.compression) {
    case Compression::kNone:
      if (decompressed != compressed) {
        return Error(where, at, absl::StrCat("stored SQSH chunk at ", Hex(at), " declares ",
                                             decompressed, " bytes but holds ", compressed));
      }
      break;
    case Compression::kLz77:
      if (uint64_t(decompressed) > kLz77MaxRatio * compressed) {
        return Error(where, payload_at,
                     absl::StrCat("LZ77 payload at ", Hex(payload_at), " of ", compressed,
                                  " bytes cannot produce the declared ", decompressed,
                                  " bytes (at most ", kLz77MaxRatio, " per input byte)"));
      }
      break;
    case Compression::kZlib:
      if (uint64_t(decompressed) > kZlibMaxRatio * compressed + 64) {
        return Error(where, payload_at,
                     absl::StrCat("zlib payload at ", Hex(payload_at), " of ", compressed,
                                  " bytes cannot produce the declared ", decompressed, " bytes"));
      }
      break;
  }
  return s;
}

// Payload byte i of an encrypted chunk decodes as (b - i) ^ i.
void Decrypt(Bytes stored, uint8_t* out) {
  for (size_t i = 0; i < stored.size(); ++i) {
    out[i] = uint8_t(uint8_t(stored[i] - uint8_t(i)) ^ uint8_t(i));
  }
}

absl::Status DecodeInto(const Sqsh& s, const ChunkOwner& where, uint64_t at,
                        std::span<uint8_t> out, std::vector<uint8_t>& scratch) {
  if (out.size() != s.declared) {
    return Error(where, at, absl::StrCat("SQSH header at ", Hex(at), " declares ", s.declared,
                                         " decompressed bytes, ", out.size(), " are wanted"));
  }
  const uint64_t payload_at = at + kSqshHeaderSize;
  if (s.compression == Compression::kNone) {
    // Sizes checked equal in ParseSqsh.
    if (s.encrypted) {
      Decrypt(s.stored, out.data());
    } else if (!s.stored.empty()) {
      std::memcpy(out.data(), s.stored.data(), s.stored.size());
    }
    return absl::OkStatus();
  }
  Bytes payload = s.stored;
  if (s.encrypted) {
    scratch.resize(s.stored.size());
    Decrypt(s.stored, scratch.data());
    payload = scratch;
  }
  if (s.compression == Compression::kLz77) {
    return internal::DecodeLz77Into(payload, out, where, payload_at);
  }
  return DecodeZlibInto(payload, out, where, payload_at);
}

}  // namespace

absl::string_view CompressionName(Compression compression) {
  switch (compression) {
    case Compression::kNone: return "none";
    case Compression::kLz77: return "lz77";
    case Compression::kZlib: return "zlib";
  }
  return "unknown";
}

namespace internal {

// The window is never kept: it is always the last 4096 bytes of the output.
// The write position after n output bytes is (n + 1) & 0x0FFF, so window
// position p holds the output byte d = ((n + 1) - p) & 0x0FFF back (4096 when
// that is 0: the slot about to be overwritten). A reference keeps d for its
// whole length (both positions advance together), so it is a copy from
// out[n - d], overlapping when d < length, and it reads only written bytes
// exactly when d <= n.
absl::Status DecodeLz77Into(Bytes payload, std::span<uint8_t> out, const ChunkOwner& where,
                            uint64_t at) {
  const size_t size = out.size();
  if (uint64_t(size) > kLz77MaxRatio * payload.size()) {
    return Error(where, at, absl::StrCat("LZ77 payload at ", Hex(at), " of ", payload.size(),
                                         " bytes cannot produce the declared ", size,
                                         " bytes (at most ", kLz77MaxRatio, " per input byte)"));
  }
  const uint8_t* in = payload.data();
  const size_t len = payload.size();
  uint8_t* o = out.data();
  size_t pos = 0;  // in the payload
  size_t n = 0;    // bytes written
  for (;;) {
    if (pos >= len) {
      return Error(where, at + pos, absl::StrCat("LZ77 payload ends at ", Hex(at + pos),
                                                 " without its terminator (offset 0)"));
    }
    const uint8_t tag = in[pos++];
    for (int bit = 0; bit < 8; ++bit) {
      if ((tag & (1u << bit)) == 0) {
        if (pos >= len) {
          return Error(where, at + pos, absl::StrCat("LZ77 payload ends at ", Hex(at + pos),
                                                     " inside a literal, without its terminator"));
        }
        if (n >= size) {
          return Error(where, at + pos, absl::StrCat("LZ77 literal at ", Hex(at + pos),
                                                     " runs past the declared ", size, " bytes"));
        }
        o[n++] = in[pos++];
        continue;
      }
      if (len - pos < 2) {
        return Error(where, at + pos, absl::StrCat("LZ77 payload ends at ", Hex(at + pos),
                                                   " inside a back reference"));
      }
      const size_t ref_at = pos;
      const uint16_t v = LoadU16(in + pos);
      pos += 2;
      const size_t offset = v >> 4;
      const size_t length = (v & 0x0F) + 2;
      if (offset == 0) {
        if (n != size) {
          return Error(where, at, absl::StrCat("LZ77 payload at ", Hex(at), " decompresses to ", n,
                                               " bytes, not the declared ", size));
        }
        return absl::OkStatus();
      }
      size_t d = ((n + 1) - offset) & 0x0FFF;
      if (d == 0) d = kLz77WindowSize;
      if (d > n) {
        return Error(where, at + ref_at,
                     absl::StrCat("LZ77 back reference at ", Hex(at + ref_at), " (window offset ",
                                  offset, ", length ", length,
                                  ") runs past the output: window position ", offset,
                                  " is not yet written after ", n, " bytes"));
      }
      if (length > size - n) {
        return Error(where, at + ref_at, absl::StrCat("LZ77 back reference at ", Hex(at + ref_at),
                                                      " runs past the declared ", size, " bytes"));
      }
      const uint8_t* from = o + n - d;
      uint8_t* to = o + n;
      if (d >= length) {
        std::memcpy(to, from, length);
      } else {
        for (size_t i = 0; i < length; ++i) to[i] = from[i];  // overlapping: a repeat
      }
      n += length;
    }
  }
}

absl::Status DecodeSqshInto(Bytes chunk, const ChunkOwner& where, uint64_t at,
                            std::span<uint8_t> out, std::vector<uint8_t>& scratch) {
  absl::StatusOr<Sqsh> s = ParseSqsh(chunk, where, at);
  if (!s.ok()) return s.status();
  return DecodeInto(*s, where, at, out, scratch);
}

absl::Status DecodeSqshTo(Bytes chunk, const ChunkOwner& where, uint64_t at, OutputFor output,
                          std::vector<uint8_t>& scratch) {
  absl::StatusOr<Sqsh> s = ParseSqsh(chunk, where, at);
  if (!s.ok()) return s.status();
  return DecodeInto(*s, where, at, output(s->declared), scratch);
}

absl::StatusOr<std::vector<uint8_t>> DecodeSqsh(Bytes chunk, const ChunkOwner& where,
                                                uint64_t at) {
  std::vector<uint8_t> out;
  std::vector<uint8_t> scratch;
  absl::Status s = DecodeSqshTo(
      chunk, where, at,
      [&](size_t n) {
        out.resize(n);
        return std::span<uint8_t>(out);
      },
      scratch);
  if (!s.ok()) return s;
  return out;
}

}  // namespace internal

absl::StatusOr<std::vector<uint8_t>> DecodeLz77(Bytes payload, uint32_t size,
                                                absl::string_view where, uint64_t at) {
  const ChunkOwner owner{where, ""};
  if (uint64_t(size) > kLz77MaxRatio * payload.size()) {
    return Error(owner, at, absl::StrCat("LZ77 payload at ", Hex(at), " of ", payload.size(),
                                         " bytes cannot produce the declared ", size,
                                         " bytes (at most ", kLz77MaxRatio, " per input byte)"));
  }
  std::vector<uint8_t> out(size);
  if (absl::Status s = internal::DecodeLz77Into(payload, out, owner, at); !s.ok()) return s;
  return out;
}

absl::StatusOr<std::vector<uint8_t>> DecodeSqsh(Bytes chunk, absl::string_view where,
                                                uint64_t at) {
  return internal::DecodeSqsh(chunk, ChunkOwner{where, ""}, at);
}

}  // namespace kbot::hpi
