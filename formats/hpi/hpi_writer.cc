#include "formats/hpi/hpi_writer.h"

#include <zlib.h>

#include <algorithm>
#include <map>
#include <memory>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "formats/common/byte_writer.h"

namespace kbot::hpi {
namespace {

void PutName(std::vector<uint8_t>& out, const std::string& name) {
  out.insert(out.end(), name.begin(), name.end());
  out.push_back(0);
}

struct Dir {
  // Keyed by the lower-cased name; the value keeps the spelling.
  std::map<std::string, std::pair<std::string, std::unique_ptr<Dir>>> subdirs;
  std::map<std::string, std::pair<std::string, const HpiFileToWrite*>> files;
};

absl::Status BuildTree(const std::vector<HpiFileToWrite>& files, Dir& root) {
  for (const HpiFileToWrite& f : files) {
    std::vector<std::string> parts = absl::StrSplit(f.path, absl::ByAnyChar("/\\"));
    Dir* dir = &root;
    for (size_t i = 0; i < parts.size(); ++i) {
      const std::string& part = parts[i];
      if (part.empty() || part.size() > kMaxNameLength) {
        return absl::InvalidArgumentError(absl::StrCat(
            "path \"", f.path, "\": every component must be 1..", kMaxNameLength, " bytes"));
      }
      const std::string key = absl::AsciiStrToLower(part);
      const bool last = i + 1 == parts.size();
      if (last) {
        if (dir->files.count(key) || dir->subdirs.count(key)) {
          return absl::InvalidArgumentError(
              absl::StrCat("path \"", f.path, "\" is given twice or is also a directory"));
        }
        dir->files[key] = {part, &f};
      } else {
        if (dir->files.count(key)) {
          return absl::InvalidArgumentError(
              absl::StrCat("path \"", f.path, "\": \"", part, "\" is also a file"));
        }
        auto& slot = dir->subdirs[key];
        if (!slot.second) slot = {part, std::make_unique<Dir>()};
        dir = slot.second.get();
      }
    }
  }
  return absl::OkStatus();
}

uint32_t Checksum(const std::vector<uint8_t>& payload) {
  uint32_t sum = 0;
  for (uint8_t b : payload) sum += b;
  return sum;
}

// ---- version 1 ----

struct PendingFile {
  size_t record;  // where its 9-byte file record sits
  const HpiFileToWrite* file;
};

void WriteV1Dir(const Dir& dir, std::vector<uint8_t>& out, std::vector<PendingFile>& pending) {
  const size_t record = out.size();
  const uint32_t count = uint32_t(dir.subdirs.size() + dir.files.size());
  AppendU32(out, count);
  AppendU32(out, uint32_t(record + kV1DirRecordSize));
  size_t slot = out.size();
  out.resize(out.size() + count * kV1EntrySize, 0);
  for (const auto& [key, sub] : dir.subdirs) {
    PatchU32(out, slot, uint32_t(out.size()));
    PutName(out, sub.first);
    PatchU32(out, slot + 4, uint32_t(out.size()));
    out[slot + 8] = 1;
    slot += kV1EntrySize;
    WriteV1Dir(*sub.second, out, pending);
  }
  for (const auto& [key, file] : dir.files) {
    PatchU32(out, slot, uint32_t(out.size()));
    PutName(out, file.first);
    PatchU32(out, slot + 4, uint32_t(out.size()));
    out[slot + 8] = 0;
    slot += kV1EntrySize;
    pending.push_back({out.size(), file.second});
    out.resize(out.size() + kV1FileRecordSize, 0);
  }
}

absl::StatusOr<std::vector<uint8_t>> WriteV1(const Dir& root, Compression compression) {
  std::vector<uint8_t> out;
  AppendU32(out, kMarker);
  AppendU32(out, kVersion1);
  AppendU32(out, 0);  // DirectorySize, patched
  AppendU32(out, 0);  // HeaderKey: not encrypted
  AppendU32(out, uint32_t(kV1HeaderSize));
  std::vector<PendingFile> pending;
  WriteV1Dir(root, out, pending);
  PatchU32(out, 8, uint32_t(out.size()));
  for (const PendingFile& p : pending) {
    const std::vector<uint8_t>& data = p.file->data;
    const Compression c = data.empty() ? Compression::kNone : compression;
    PatchU32(out, p.record, uint32_t(out.size()));
    PatchU32(out, p.record + 4, uint32_t(data.size()));
    out[p.record + 8] = uint8_t(c);
    if (c == Compression::kNone) {
      out.insert(out.end(), data.begin(), data.end());
      continue;
    }
    const size_t chunks = (data.size() + kChunkSize - 1) / kChunkSize;
    size_t table = out.size();
    out.resize(out.size() + chunks * 4, 0);
    for (size_t i = 0; i < chunks; ++i) {
      const size_t begin = i * kChunkSize;
      const size_t n = std::min<size_t>(kChunkSize, data.size() - begin);
      absl::StatusOr<std::vector<uint8_t>> chunk =
          EncodeSqsh(Bytes(data).subspan(begin, n), c);
      if (!chunk.ok()) return chunk.status();
      PatchU32(out, table + 4 * i, uint32_t(chunk->size()));
      out.insert(out.end(), chunk->begin(), chunk->end());
    }
    if (out.size() > 0xFFFFFFFFull) {
      return absl::InvalidArgumentError("the archive would exceed 4 GiB");
    }
  }
  return out;
}

// ---- version 2 ----

struct V2Writer {
  std::vector<uint8_t> dir, names, data;
  std::vector<std::pair<size_t, size_t>> start_patches;  // (dir offset, data offset)
  Compression compression;

  uint32_t Name(const std::string& name) {
    const uint32_t at = uint32_t(names.size());
    PutName(names, name);
    return at;
  }

  absl::Status Fill(const Dir& d, size_t record) {
    const size_t subs = dir.size();
    dir.resize(dir.size() + d.subdirs.size() * kV2DirRecordSize, 0);
    const size_t files = dir.size();
    dir.resize(dir.size() + d.files.size() * kV2FileRecordSize, 0);
    PatchU32(dir, record + 4, uint32_t(subs));
    PatchU32(dir, record + 8, uint32_t(d.subdirs.size()));
    PatchU32(dir, record + 12, uint32_t(files));
    PatchU32(dir, record + 16, uint32_t(d.files.size()));
    size_t at = files;
    for (const auto& [key, file] : d.files) {
      const std::vector<uint8_t>& bytes = file.second->data;
      PatchU32(dir, at, Name(file.first));
      start_patches.push_back({at + 4, data.size()});
      PatchU32(dir, at + 8, uint32_t(bytes.size()));
      if (compression == Compression::kNone || bytes.empty()) {
        PatchU32(dir, at + 12, 0);
        data.insert(data.end(), bytes.begin(), bytes.end());
      } else {
        absl::StatusOr<std::vector<uint8_t>> chunk = EncodeSqsh(bytes, compression);
        if (!chunk.ok()) return chunk.status();
        PatchU32(dir, at + 12, uint32_t(chunk->size()));
        data.insert(data.end(), chunk->begin(), chunk->end());
      }
      at += kV2FileRecordSize;
    }
    at = subs;
    for (const auto& [key, sub] : d.subdirs) {
      PatchU32(dir, at, Name(sub.first));
      if (absl::Status s = Fill(*sub.second, at); !s.ok()) return s;
      at += kV2DirRecordSize;
    }
    return absl::OkStatus();
  }
};

absl::StatusOr<std::vector<uint8_t>> WriteV2(const Dir& root, Compression compression) {
  V2Writer w;
  w.compression = compression;
  w.dir.resize(kV2DirRecordSize, 0);
  PatchU32(w.dir, 0, w.Name(""));
  if (absl::Status s = w.Fill(root, 0); !s.ok()) return s;
  const uint64_t dir_at = kV2HeaderSize;
  const uint64_t names_at = dir_at + w.dir.size();
  const uint64_t data_at = names_at + w.names.size();
  if (data_at + w.data.size() > 0xFFFFFFFFull) {
    return absl::InvalidArgumentError("the archive would exceed 4 GiB");
  }
  for (const auto& [at, rel] : w.start_patches) PatchU32(w.dir, at, uint32_t(data_at + rel));
  std::vector<uint8_t> out;
  AppendU32(out, kMarker);
  AppendU32(out, kVersion2);
  AppendU32(out, uint32_t(dir_at));
  AppendU32(out, uint32_t(w.dir.size()));
  AppendU32(out, uint32_t(names_at));
  AppendU32(out, uint32_t(w.names.size()));
  AppendU32(out, uint32_t(data_at));
  AppendU32(out, 0);  // Last78
  out.insert(out.end(), w.dir.begin(), w.dir.end());
  out.insert(out.end(), w.names.begin(), w.names.end());
  out.insert(out.end(), w.data.begin(), w.data.end());
  return out;
}

}  // namespace

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
  std::vector<uint8_t> payload;
  switch (compression) {
    case Compression::kNone:
      payload.assign(data.begin(), data.end());
      break;
    case Compression::kLz77:
      payload = EncodeLz77(data);
      break;
    case Compression::kZlib: {
      uLongf n = compressBound(uLong(data.size()));
      payload.resize(n);
      if (compress2(payload.data(), &n, data.data(), uLong(data.size()), Z_BEST_COMPRESSION) !=
          Z_OK) {
        return absl::InternalError("zlib compress2 failed");
      }
      payload.resize(n);
      break;
    }
  }
  std::vector<uint8_t> out;
  AppendU32(out, kSqshMarker);
  out.push_back(2);
  out.push_back(uint8_t(compression));
  out.push_back(0);  // not encrypted
  AppendU32(out, uint32_t(payload.size()));
  AppendU32(out, uint32_t(data.size()));
  AppendU32(out, Checksum(payload));
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

absl::StatusOr<std::vector<uint8_t>> WriteHpi(const std::vector<HpiFileToWrite>& files,
                                              const HpiWriteOptions& options) {
  if (options.version != 1 && options.version != 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("HPI version ", options.version, " is not 1 or 2"));
  }
  Dir root;
  if (absl::Status s = BuildTree(files, root); !s.ok()) return s;
  return options.version == 1 ? WriteV1(root, options.compression)
                              : WriteV2(root, options.compression);
}

}  // namespace kbot::hpi
