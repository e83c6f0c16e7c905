// LayOut: the paths as a tree, then the v1 directory or the v2 blocks.
#include <map>
#include <memory>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "formats/common/byte_writer.h"
#include "formats/hpi/hpi_writer.h"
#include "formats/hpi/writer_internal.h"

namespace kbot::hpi::internal {
namespace {

void PutName(std::vector<uint8_t>& out, const std::string& name) {
  out.insert(out.end(), name.begin(), name.end());
  out.push_back(0);
}

struct Dir {
  // Keyed by the lower-cased name; the value keeps the spelling (and, for a
  // file, its index in the caller's list).
  std::map<std::string, std::pair<std::string, std::unique_ptr<Dir>>> subdirs;
  std::map<std::string, std::pair<std::string, size_t>> files;
};

absl::Status BuildTree(const std::vector<FileToLay>& files, Dir& root) {
  for (size_t f = 0; f < files.size(); ++f) {
    const std::string& path = *files[f].path;
    if (files[f].size > kMaxArchiveBytes) {
      return absl::InvalidArgumentError(absl::StrCat("\"", path, "\" holds ", files[f].size,
                                                     " bytes; an HPI file holds at most ",
                                                     kMaxArchiveBytes));
    }
    std::vector<std::string> parts = absl::StrSplit(path, absl::ByAnyChar("/\\"));
    Dir* dir = &root;
    for (size_t i = 0; i < parts.size(); ++i) {
      const std::string& part = parts[i];
      if (part.empty() || part.size() > kMaxNameLength) {
        return absl::InvalidArgumentError(absl::StrCat(
            "path \"", path, "\": every component must be 1..", kMaxNameLength, " bytes"));
      }
      const std::string key = absl::AsciiStrToLower(part);
      const bool last = i + 1 == parts.size();
      if (last) {
        if (dir->files.count(key) || dir->subdirs.count(key)) {
          return absl::InvalidArgumentError(
              absl::StrCat("path \"", path, "\" is given twice or is also a directory"));
        }
        dir->files[key] = {part, f};
      } else {
        if (dir->files.count(key)) {
          return absl::InvalidArgumentError(
              absl::StrCat("path \"", path, "\": \"", part, "\" is also a file"));
        }
        auto& slot = dir->subdirs[key];
        if (!slot.second) slot = {part, std::make_unique<Dir>()};
        dir = slot.second.get();
      }
    }
  }
  return absl::OkStatus();
}

// ---- version 1 ----

// Each directory record, then its entries (folders, then files, by name),
// each entry's name and then its subdirectory (recursively) or file record.
// A folder's files are placed after its subfolders' files.
void LayV1Dir(const Dir& dir, const std::vector<FileToLay>& files, Compression compression,
              Layout& out) {
  std::vector<uint8_t>& head = out.head;
  const size_t record = head.size();
  const uint32_t count = uint32_t(dir.subdirs.size() + dir.files.size());
  AppendU32(head, count);
  AppendU32(head, uint32_t(record + kV1DirRecordSize));
  size_t slot = head.size();
  head.resize(head.size() + count * kV1EntrySize, 0);
  for (const auto& [key, sub] : dir.subdirs) {
    PatchU32(head, slot, uint32_t(head.size()));
    PutName(head, sub.first);
    PatchU32(head, slot + 4, uint32_t(head.size()));
    head[slot + 8] = 1;
    slot += kV1EntrySize;
    LayV1Dir(*sub.second, files, compression, out);
  }
  for (const auto& [key, file] : dir.files) {
    PatchU32(head, slot, uint32_t(head.size()));
    PutName(head, file.first);
    PatchU32(head, slot + 4, uint32_t(head.size()));
    head[slot + 8] = 0;
    slot += kV1EntrySize;
    const uint64_t size = files[file.second].size;
    out.order.push_back({file.second, head.size()});
    AppendU32(head, 0);  // DataOffset: SetV1Data
    AppendU32(head, uint32_t(size));
    head.push_back(uint8_t(size == 0 ? Compression::kNone : compression));
  }
}

Layout LayV1(const Dir& root, const std::vector<FileToLay>& files, Compression compression) {
  Layout out;
  AppendU32(out.head, kMarker);
  AppendU32(out.head, kVersion1);
  AppendU32(out.head, 0);  // DirectorySize, patched
  AppendU32(out.head, 0);  // HeaderKey: not encrypted
  AppendU32(out.head, uint32_t(kV1HeaderSize));
  LayV1Dir(root, files, compression, out);
  PatchU32(out.head, 8, uint32_t(out.head.size()));
  return out;
}

// ---- version 2 ----

// The directory block holds, for each directory, its subdirectory records
// then its file records; a directory's files come before its subdirectories'
// (names and data alike).
struct V2Layout {
  const std::vector<FileToLay>& files;
  std::vector<uint8_t> dir, names;
  std::vector<LaidFile> order;  // record offsets in `dir`, for now

  uint32_t Name(const std::string& name) {
    const uint32_t at = uint32_t(names.size());
    PutName(names, name);
    return at;
  }

  void Fill(const Dir& d, size_t record) {
    const size_t subs = dir.size();
    dir.resize(dir.size() + d.subdirs.size() * kV2DirRecordSize, 0);
    const size_t first_file = dir.size();
    dir.resize(dir.size() + d.files.size() * kV2FileRecordSize, 0);
    PatchU32(dir, record + 4, uint32_t(subs));
    PatchU32(dir, record + 8, uint32_t(d.subdirs.size()));
    PatchU32(dir, record + 12, uint32_t(first_file));
    PatchU32(dir, record + 16, uint32_t(d.files.size()));
    size_t at = first_file;
    for (const auto& [key, file] : d.files) {
      PatchU32(dir, at, Name(file.first));
      PatchU32(dir, at + 8, uint32_t(files[file.second].size));
      order.push_back({file.second, at});
      at += kV2FileRecordSize;
    }
    at = subs;
    for (const auto& [key, sub] : d.subdirs) {
      PatchU32(dir, at, Name(sub.first));
      Fill(*sub.second, at);
      at += kV2DirRecordSize;
    }
  }
};

absl::StatusOr<Layout> LayV2(const Dir& root, const std::vector<FileToLay>& files) {
  V2Layout w{files, {}, {}, {}};
  w.dir.resize(kV2DirRecordSize, 0);
  PatchU32(w.dir, 0, w.Name(""));
  w.Fill(root, 0);
  const uint64_t dir_at = kV2HeaderSize;
  const uint64_t names_at = dir_at + w.dir.size();
  const uint64_t data_at = names_at + w.names.size();
  if (data_at > kMaxArchiveBytes) {
    return absl::InvalidArgumentError("the archive would exceed 4 GiB");
  }
  Layout out;
  AppendU32(out.head, kMarker);
  AppendU32(out.head, kVersion2);
  AppendU32(out.head, uint32_t(dir_at));
  AppendU32(out.head, uint32_t(w.dir.size()));
  AppendU32(out.head, uint32_t(names_at));
  AppendU32(out.head, uint32_t(w.names.size()));
  AppendU32(out.head, uint32_t(data_at));
  AppendU32(out.head, 0);  // Last78
  out.head.insert(out.head.end(), w.dir.begin(), w.dir.end());
  out.head.insert(out.head.end(), w.names.begin(), w.names.end());
  out.order = std::move(w.order);
  for (LaidFile& f : out.order) f.record += dir_at;
  return out;
}

}  // namespace

absl::StatusOr<Layout> LayOut(const std::vector<FileToLay>& files, int version,
                              Compression compression) {
  if (version != 1 && version != 2) {
    return absl::InvalidArgumentError(absl::StrCat("HPI version ", version, " is not 1 or 2"));
  }
  if (!KnownCompression(compression)) {
    return absl::InvalidArgumentError(
        absl::StrCat("compression ", int(compression), " is not none, LZ77 or zlib"));
  }
  Dir root;
  if (absl::Status s = BuildTree(files, root); !s.ok()) return s;
  if (version == 1) {
    Layout out = LayV1(root, files, compression);
    if (out.head.size() > kMaxArchiveBytes) {
      return absl::InvalidArgumentError("the archive would exceed 4 GiB");
    }
    return out;
  }
  return LayV2(root, files);
}

void SetV1Data(std::vector<uint8_t>& head, size_t record, uint32_t offset) {
  PatchU32(head, record, offset);
}

void SetV2Data(std::vector<uint8_t>& head, size_t record, uint32_t start,
               uint32_t compressed_size) {
  PatchU32(head, record + 4, start);
  PatchU32(head, record + 12, compressed_size);
}

}  // namespace kbot::hpi::internal
