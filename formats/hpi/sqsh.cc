// SQSH chunks: header, payload decryption, checksum, LZ77 and zlib decoding.
#include <zlib.h>

#include <array>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/hpi/hpi.h"

namespace kbot::hpi {
namespace {

absl::Status Error(absl::string_view where, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(where, ": ", what));
}

absl::StatusOr<std::vector<uint8_t>> DecodeZlib(Bytes payload, uint32_t size,
                                                absl::string_view where, uint64_t at) {
  std::vector<uint8_t> out(size);
  z_stream zs;
  std::memset(&zs, 0, sizeof zs);
  if (inflateInit(&zs) != Z_OK) return Error(where, "zlib could not be initialised");
  zs.next_in = const_cast<Bytef*>(payload.data());
  zs.avail_in = static_cast<uInt>(payload.size());
  zs.next_out = out.data();
  zs.avail_out = size;
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
      return Error(where, absl::StrCat("zlib stream at ", Hex(at),
                                       " decompresses to more than the declared ", size,
                                       " bytes"));
    }
  }
  const uint64_t produced = zs.total_out;
  const char* msg = zs.msg;
  const std::string detail = msg ? msg : "";
  inflateEnd(&zs);
  if (rc != Z_STREAM_END) {
    if (rc == Z_BUF_ERROR || rc == Z_OK) {
      return Error(where, absl::StrCat("zlib stream at ", Hex(at), " ends after ", produced,
                                       " of the declared ", size, " bytes"));
    }
    return Error(where, absl::StrCat("zlib stream at ", Hex(at), " is corrupt",
                                     detail.empty() ? "" : ": ", detail));
  }
  if (produced != size) {
    return Error(where, absl::StrCat("zlib stream at ", Hex(at), " decompresses to ", produced,
                                     " bytes, not the declared ", size));
  }
  return out;
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

absl::StatusOr<std::vector<uint8_t>> DecodeLz77(Bytes payload, uint32_t size,
                                                absl::string_view where, uint64_t at) {
  if (uint64_t(size) > kLz77MaxRatio * payload.size()) {
    return Error(where, absl::StrCat("LZ77 payload at ", Hex(at), " of ", payload.size(),
                                     " bytes cannot produce the declared ", size,
                                     " bytes (at most ", kLz77MaxRatio, " per input byte)"));
  }
  std::vector<uint8_t> out;
  out.reserve(size);
  std::array<uint8_t, kLz77WindowSize> window{};
  size_t w = 1;
  ByteReader r(payload);
  auto here = [&] { return Hex(at + r.pos()); };
  for (;;) {
    uint8_t tag;
    if (!r.U8(tag)) {
      return Error(where, absl::StrCat("LZ77 payload ends at ", here(),
                                       " without its terminator (offset 0)"));
    }
    for (int bit = 0; bit < 8; ++bit) {
      if ((tag & (1u << bit)) == 0) {
        uint8_t b;
        if (!r.U8(b)) {
          return Error(where, absl::StrCat("LZ77 payload ends at ", here(),
                                           " inside a literal, without its terminator"));
        }
        if (out.size() >= size) {
          return Error(where, absl::StrCat("LZ77 literal at ", Hex(at + r.pos() - 1),
                                           " runs past the declared ", size, " bytes"));
        }
        out.push_back(b);
        window[w] = b;
        w = (w + 1) & 0x0FFF;
        continue;
      }
      const size_t ref_at = r.pos();
      uint16_t v;
      if (!r.U16(v)) {
        return Error(where, absl::StrCat("LZ77 payload ends at ", here(),
                                         " inside a back reference"));
      }
      size_t offset = v >> 4;
      const size_t length = (v & 0x0F) + 2;
      if (offset == 0) {
        if (out.size() != size) {
          return Error(where, absl::StrCat("LZ77 payload at ", Hex(at), " decompresses to ",
                                           out.size(), " bytes, not the declared ", size));
        }
        return out;
      }
      for (size_t i = 0; i < length; ++i) {
        // Positions 1..n are written after n bytes (then 0, once it wraps).
        const bool written = out.size() >= kLz77WindowSize || (offset >= 1 && offset <= out.size());
        if (!written) {
          return Error(where, absl::StrCat("LZ77 back reference at ", Hex(at + ref_at),
                                           " (window offset ", v >> 4, ", length ", length,
                                           ") runs past the output: window position ", offset,
                                           " is not yet written after ", out.size(), " bytes"));
        }
        if (out.size() >= size) {
          return Error(where, absl::StrCat("LZ77 back reference at ", Hex(at + ref_at),
                                           " runs past the declared ", size, " bytes"));
        }
        const uint8_t b = window[offset];
        out.push_back(b);
        window[w] = b;
        w = (w + 1) & 0x0FFF;
        offset = (offset + 1) & 0x0FFF;
      }
    }
  }
}

absl::StatusOr<std::vector<uint8_t>> DecodeSqsh(Bytes chunk, absl::string_view where,
                                                uint64_t at) {
  ByteReader r(chunk);
  uint32_t marker = 0, compressed = 0, decompressed = 0, checksum = 0;
  uint8_t version = 0, compression = 0, encrypted = 0;
  if (!r.U32(marker) || !r.U8(version) || !r.U8(compression) || !r.U8(encrypted) ||
      !r.U32(compressed) || !r.U32(decompressed) || !r.U32(checksum)) {
    return Error(where, absl::StrCat("SQSH header at ", Hex(at), " is cut off: ", chunk.size(),
                                     " bytes, the header needs ", kSqshHeaderSize));
  }
  if (marker != kSqshMarker) {
    return Error(where, absl::StrCat("chunk at ", Hex(at), " has marker ", Hex(marker),
                                     ", not SQSH (0x48535153)"));
  }
  if (compression > 2) {
    return Error(where, absl::StrCat("SQSH header at ", Hex(at), ": unknown compression ",
                                     int(compression)));
  }
  Bytes stored;
  if (!r.Take(compressed, stored)) {
    return Error(where, absl::StrCat("SQSH payload of ", compressed, " bytes at ",
                                     Hex(at + kSqshHeaderSize), " runs past the chunk's ",
                                     chunk.size() - kSqshHeaderSize, " bytes"));
  }
  uint32_t sum = 0;
  for (uint8_t b : stored) sum += b;
  if (sum != checksum) {
    return Error(where, absl::StrCat("SQSH chunk at ", Hex(at), ": checksum ", Hex(checksum),
                                     " does not match the payload's sum ", Hex(sum)));
  }
  const uint64_t payload_at = at + kSqshHeaderSize;
  std::vector<uint8_t> plain;
  Bytes payload = stored;
  if (encrypted) {
    plain.assign(stored.begin(), stored.end());
    for (size_t i = 0; i < plain.size(); ++i) {
      plain[i] = uint8_t((uint8_t(plain[i] - uint8_t(i))) ^ uint8_t(i));
    }
    payload = plain;
  }
  switch (Compression(compression)) {
    case Compression::kNone:
      if (decompressed != compressed) {
        return Error(where, absl::StrCat("stored SQSH chunk at ", Hex(at), " declares ",
                                         decompressed, " bytes but holds ", compressed));
      }
      if (encrypted) return plain;
      return std::vector<uint8_t>(payload.begin(), payload.end());
    case Compression::kLz77:
      return DecodeLz77(payload, decompressed, where, payload_at);
    case Compression::kZlib:
      if (uint64_t(decompressed) > kZlibMaxRatio * payload.size() + 64) {
        return Error(where, absl::StrCat("zlib payload at ", Hex(payload_at), " of ",
                                         payload.size(), " bytes cannot produce the declared ",
                                         decompressed, " bytes"));
      }
      return DecodeZlib(payload, decompressed, where, payload_at);
  }
  return Error(where, "unreachable");
}

}  // namespace kbot::hpi
