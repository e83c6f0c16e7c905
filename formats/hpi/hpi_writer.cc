// WriteHpi: the layout (write_layout.cc), then every file's data appended
// in memory, one file after another; and the LZ77 and SQSH encoders.
#include "formats/hpi/hpi_writer.h"

#include <zlib.h>

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/byte_writer.h"
#include "formats/hpi/writer_internal.h"

namespace kbot::hpi {
namespace {

using internal::Layout;

absl::Status TooLarge() { return absl::InvalidArgumentError("the archive would exceed 4 GiB"); }

// Version 1: stored bytes, or the chunk-size table and one SQSH chunk per
// 65536 bytes.
absl::Status AppendV1Data(const std::vector<uint8_t>& data, Compression compression,
                          std::vector<uint8_t>& out) {
  const Compression c = data.empty() ? Compression::kNone : compression;
  if (c == Compression::kNone) {
    out.insert(out.end(), data.begin(), data.end());
    return absl::OkStatus();
  }
  const size_t chunks = (data.size() + kChunkSize - 1) / kChunkSize;
  const size_t table = out.size();
  out.resize(out.size() + chunks * 4, 0);
  for (size_t i = 0; i < chunks; ++i) {
    const size_t begin = i * kChunkSize;
    const size_t n = std::min<size_t>(kChunkSize, data.size() - begin);
    absl::StatusOr<std::vector<uint8_t>> chunk = EncodeSqsh(Bytes(data).subspan(begin, n), c);
    if (!chunk.ok()) return chunk.status();
    PatchU32(out, table + 4 * i, uint32_t(chunk->size()));
    out.insert(out.end(), chunk->begin(), chunk->end());
  }
  return absl::OkStatus();
}

// Version 2: stored bytes (CompressedSize 0), or one SQSH chunk of the whole file.
absl::StatusOr<uint32_t> AppendV2Data(const std::vector<uint8_t>& data, Compression compression,
                                      std::vector<uint8_t>& out) {
  if (compression == Compression::kNone || data.empty()) {
    out.insert(out.end(), data.begin(), data.end());
    return 0;
  }
  absl::StatusOr<std::vector<uint8_t>> chunk = EncodeSqsh(data, compression);
  if (!chunk.ok()) return chunk.status();
  out.insert(out.end(), chunk->begin(), chunk->end());
  return uint32_t(chunk->size());
}

}  // namespace

namespace internal {

absl::Status EncodeSqshInto(Bytes data, Compression compression, std::vector<uint8_t>& out) {
  out.resize(kSqshHeaderSize);
  switch (compression) {
    case Compression::kNone:
      out.insert(out.end(), data.begin(), data.end());
      break;
    case Compression::kLz77: {
      const std::vector<uint8_t> payload = EncodeLz77(data);
      out.insert(out.end(), payload.begin(), payload.end());
      break;
    }
    case Compression::kZlib: {
      // compress2 at level 9, as ever: the archives stay byte for byte what
      // they were (a reused deflate state could match differently at the end
      // of the input, where zlib compares bytes past it).
      uLongf n = compressBound(uLong(data.size()));
      out.resize(kSqshHeaderSize + n);
      if (compress2(out.data() + kSqshHeaderSize, &n, data.data(), uLong(data.size()),
                    Z_BEST_COMPRESSION) != Z_OK) {
        return absl::InternalError("zlib compress2 failed");
      }
      out.resize(kSqshHeaderSize + n);
      break;
    }
    default:
      return absl::InvalidArgumentError(absl::StrCat("unknown compression ", int(compression)));
  }
  uint32_t sum = 0;
  for (size_t i = kSqshHeaderSize; i < out.size(); ++i) sum += out[i];
  PatchU32(out, 0, kSqshMarker);
  out[4] = 2;  // SQSH version
  out[5] = uint8_t(compression);
  out[6] = 0;  // not encrypted
  PatchU32(out, 7, uint32_t(out.size() - kSqshHeaderSize));
  PatchU32(out, 11, uint32_t(data.size()));
  PatchU32(out, 15, sum);
  return absl::OkStatus();
}

}  // namespace internal

std::vector<uint8_t> EncodeLz77(Bytes data) {
  constexpr size_t kMinMatch = 3, kMaxMatch = 17, kMaxDistance = kLz77WindowSize - 1;
  constexpr size_t kHashSize = 1 << 14, kMaxChain = 64;
  constexpr uint32_t kNone = 0xFFFFFFFF;
  std::vector<uint32_t> head(kHashSize, kNone), prev(data.size(), kNone);
  auto hash = [&](size_t i) {
    return ((uint32_t(data[i]) << 10) ^ (uint32_t(data[i + 1]) << 5) ^ data[i + 2]) &
           (kHashSize - 1);
  };
  auto insert = [&](size_t i) {
    if (i + kMinMatch > data.size()) return;
    const uint32_t h = hash(i);
    prev[i] = head[h];
    head[h] = uint32_t(i);
  };

  std::vector<uint8_t> out;
  size_t tag_at = 0;
  int bits = 8;
  auto item = [&](bool reference) {
    if (bits == 8) {
      tag_at = out.size();
      out.push_back(0);
      bits = 0;
    }
    if (reference) out[tag_at] |= uint8_t(1u << bits);
    ++bits;
  };

  size_t i = 0;
  while (i < data.size()) {
    size_t best_len = 0, best_pos = 0;
    if (i + kMinMatch <= data.size()) {
      size_t chain = 0;
      for (uint32_t c = head[hash(i)]; c != kNone && chain < kMaxChain; c = prev[c], ++chain) {
        if (i - c > kMaxDistance) break;
        // Window position of output index c is (c + 1) & 0xFFF; 0 would read
        // as the terminator.
        if (((c + 1) & 0x0FFF) == 0) continue;
        size_t len = 0;
        const size_t limit = std::min(kMaxMatch, data.size() - i);
        while (len < limit && data[c + len] == data[i + len]) ++len;
        if (len > best_len) {
          best_len = len;
          best_pos = c;
          if (len == kMaxMatch) break;
        }
      }
    }
    if (best_len >= kMinMatch) {
      item(true);
      const uint16_t v = uint16_t((((best_pos + 1) & 0x0FFF) << 4) | (best_len - 2));
      out.push_back(uint8_t(v));
      out.push_back(uint8_t(v >> 8));
      for (size_t k = 0; k < best_len; ++k) insert(i + k);
      i += best_len;
    } else {
      item(false);
      out.push_back(data[i]);
      insert(i);
      ++i;
    }
  }
  item(true);  // the terminator: offset 0
  out.push_back(0);
  out.push_back(0);
  return out;
}

absl::StatusOr<std::vector<uint8_t>> EncodeSqsh(Bytes data, Compression compression) {
  std::vector<uint8_t> out;
  if (absl::Status s = internal::EncodeSqshInto(data, compression, out); !s.ok()) return s;
  return out;
}

absl::StatusOr<std::vector<uint8_t>> WriteHpi(const std::vector<HpiFileToWrite>& files,
                                              const HpiWriteOptions& options) {
  std::vector<internal::FileToLay> lay;
  lay.reserve(files.size());
  for (const HpiFileToWrite& f : files) lay.push_back({&f.path, f.data.size()});
  absl::StatusOr<Layout> layout = internal::LayOut(lay, options.version, options.compression);
  if (!layout.ok()) return layout.status();
  // The data follows the head; the records get each file's place as it comes.
  std::vector<uint8_t> out = std::move(layout->head);
  for (const internal::LaidFile& f : layout->order) {
    const std::vector<uint8_t>& bytes = files[f.index].data;
    const uint64_t start = out.size();
    if (options.version == 1) {
      internal::SetV1Data(out, f.record, uint32_t(start));
      if (absl::Status s = AppendV1Data(bytes, options.compression, out); !s.ok()) return s;
    } else {
      absl::StatusOr<uint32_t> compressed = AppendV2Data(bytes, options.compression, out);
      if (!compressed.ok()) return compressed.status();
      internal::SetV2Data(out, f.record, uint32_t(start), *compressed);
    }
    if (out.size() > internal::kMaxArchiveBytes) return TooLarge();
  }
  return out;
}

}  // namespace kbot::hpi
