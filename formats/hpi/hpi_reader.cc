// OpenHpi (the directory) and ReadEntry (one entry's bytes), versions 1 and 2.
#include <algorithm>
#include <cstring>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/hpi/hpi.h"
#include "formats/hpi/sqsh_internal.h"

namespace kbot::hpi {
namespace {

uint8_t Fold(char c) {
  if (c == '\\') c = '/';
  return uint8_t(absl::ascii_tolower(static_cast<unsigned char>(c)));
}

// ASCII case-insensitive, '\' == '/'.
int ComparePaths(absl::string_view a, absl::string_view b) {
  const size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    const uint8_t x = Fold(a[i]), y = Fold(b[i]);
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

// Removes the v1 cipher from `buf`, which was read at `file_offset`.
void Unxor(std::span<uint8_t> buf, uint64_t file_offset, uint8_t key) {
  if (key == 0) return;
  for (size_t i = 0; i < buf.size(); ++i) {
    buf[i] ^= uint8_t(((file_offset + i) & 0xFF) ^ key);
  }
}

// A copy of [offset, offset + n) of the file with the v1 cipher removed, or
// nullopt when it is not all inside the file.
std::optional<std::vector<uint8_t>> ReadPlain(Bytes file, uint64_t offset, uint64_t n,
                                              uint8_t key) {
  if (offset > file.size() || n > file.size() - offset) return std::nullopt;
  std::vector<uint8_t> buf(file.begin() + offset, file.begin() + offset + n);
  Unxor(buf, offset, key);
  return buf;
}

class Parser {
 public:
  Parser(Bytes file, absl::string_view name) : file_(file), name_(name) {}

  absl::StatusOr<HpiArchive> Parse() {
    ByteReader r(file_);
    uint32_t marker = 0, version = 0;
    if (!r.U32(marker) || !r.U32(version)) {
      return ErrorIn(name_, "", absl::StrCat("too short for an HPI header: ", file_.size(),
                                             " bytes, the marker and version need 8"));
    }
    if (marker != kMarker) {
      return ErrorAt(name_, "header", 0, absl::StrCat("marker ", Hex(marker),
                                                      " is not HAPI (0x49504148): not an HPI "
                                                      "archive"));
    }
    archive_.name = std::string(name_);
    archive_.version = version;
    absl::Status s;
    if (version == kBankMarker) {
      return ErrorAt(name_, "header", 4, "version slot holds BANK: a saved game, not an archive");
    } else if (version == kVersion1) {
      s = ParseV1();
    } else if (version == kVersion2) {
      s = ParseV2();
    } else {
      return ErrorAt(name_, "header", 4, absl::StrCat("unknown version ", Hex(version),
                                                      " (expected 0x10000 or 0x20000)"));
    }
    if (!s.ok()) return s;
    std::stable_sort(archive_.entries.begin(), archive_.entries.end(),
                     [](const HpiEntry& a, const HpiEntry& b) {
                       return ComparePaths(a.path, b.path) < 0;
                     });
    // The vector grew by doubling: without this up to half of it is spare
    // capacity for as long as the archive is open (memory in proportion to
    // the directory, not 1.5x it).
    archive_.entries.shrink_to_fit();
    return std::move(archive_);
  }

 private:
  // An error about the directory whose `what` names `offset`, an offset in
  // the file for version 1 and in the (decoded) directory or name block for
  // version 2, which is then no offset in the file.
  absl::Status DirectoryError(absl::string_view structure, uint64_t offset,
                              absl::string_view what) const {
    if (archive_.version == kVersion2) return ErrorIn(name_, structure, what);
    return ErrorNamingOffset(name_, structure, offset, what);
  }

  // Entries may share names, so the paths could add up to far more than the
  // directory holds: their total length is capped in proportion to it.
  absl::Status Keep(HpiEntry e) {
    if (e.path.size() > path_budget_) {
      return ErrorIn(name_, absl::StrCat(e.path.substr(0, 64), "..."),
                     absl::StrCat("the entries' paths add up to more than ",
                                  kPathBytesPerDirectoryByte,
                                  " bytes per directory byte; names are shared implausibly"));
    }
    path_budget_ -= e.path.size();
    archive_.entries.push_back(std::move(e));
    return absl::OkStatus();
  }

  // ---- version 1 ----

  absl::Status ParseV1() {
    ByteReader r(file_, 8);
    uint32_t dir_size = 0, header_key = 0, start = 0;
    if (!r.U32(dir_size) || !r.U32(header_key) || !r.U32(start)) {
      return ErrorIn(name_, "", absl::StrCat("version 1 header is cut off: ", file_.size(),
                                             " bytes, the header needs ", kV1HeaderSize));
    }
    const uint8_t h = uint8_t(header_key);
    key_ = uint8_t(((h << 2) | (h >> 6)) & 0xFF);
    archive_.key = key_;
    if (start < kV1HeaderSize || start > dir_size || dir_size > file_.size()) {
      return ErrorNamingOffset(name_, "header", start,
                               absl::StrCat("directory [", Hex(start), ", ", Hex(dir_size),
                                            ") is not inside the file of ", Hex(file_.size()),
                                            " bytes after the 20-byte header"));
    }
    dir_start_ = start;
    dir_ = *ReadPlain(file_, start, dir_size - start, key_);
    claimed_.assign(dir_.size(), false);
    path_budget_ = kPathBytesPerDirectoryByte * dir_.size() + kPathBytesExtra;
    chunk_budget_ = file_.size();
    return WalkV1(start, "", 0, "root directory");
  }

  // `what` names the structure for messages; `offset` is a file offset.
  bool DirHas(uint64_t offset, uint64_t n) const {
    return offset >= dir_start_ && offset - dir_start_ <= dir_.size() &&
           n <= dir_.size() - (offset - dir_start_);
  }
  uint32_t DirU32(uint64_t offset) const { return LoadU32(dir_.data() + (offset - dir_start_)); }

  // Marks the record `what` at `offset` read, in `structure` (none for an
  // entry, which names its directory itself: "units entry 3").
  absl::Status Claim(uint64_t offset, absl::string_view structure, absl::string_view what) {
    const size_t i = offset - dir_start_;
    if (claimed_[i]) {
      return DirectoryError(structure, offset,
                            absl::StrCat(what, " at ", Hex(offset),
                                         " points back into the directory at a record already "
                                         "read (a cycle or shared record)"));
    }
    claimed_[i] = true;
    return absl::OkStatus();
  }

  absl::StatusOr<std::string> NameV1(uint64_t offset, absl::string_view what) const {
    if (!DirHas(offset, 1)) {
      return DirectoryError(what, offset,
                            absl::StrCat("name at ", Hex(offset), " is outside the directory [",
                                         Hex(dir_start_), ", ", Hex(dir_start_ + dir_.size()),
                                         ")"));
    }
    const size_t begin = offset - dir_start_;
    for (size_t i = begin; i < dir_.size() && i - begin <= kMaxNameLength; ++i) {
      if (dir_[i] == 0) return std::string(dir_.begin() + begin, dir_.begin() + i);
    }
    return DirectoryError(what, offset,
                          absl::StrCat("name at ", Hex(offset), " has no NUL within ",
                                       kMaxNameLength, " bytes or before the directory ends at ",
                                       Hex(dir_start_ + dir_.size())));
  }

  absl::Status WalkV1(uint64_t record, const std::string& prefix, int depth,
                      const std::string& what) {
    if (depth > kMaxDepth) {
      return ErrorIn(name_, what, absl::StrCat("directories nest deeper than ", kMaxDepth));
    }
    if (!DirHas(record, kV1DirRecordSize)) {
      return DirectoryError(what, record,
                            absl::StrCat("8-byte directory record at ", Hex(record),
                                         " is outside the directory [", Hex(dir_start_), ", ",
                                         Hex(dir_start_ + dir_.size()), ")"));
    }
    if (absl::Status s = Claim(record, what, "directory record"); !s.ok()) return s;
    const uint32_t count = DirU32(record);
    const uint32_t entries = DirU32(record + 4);
    if (!DirHas(entries, uint64_t(count) * kV1EntrySize)) {
      return DirectoryError(what, entries,
                            absl::StrCat(count, " entries of 9 bytes at ", Hex(entries),
                                         " do not fit in the directory [", Hex(dir_start_), ", ",
                                         Hex(dir_start_ + dir_.size()), ")"));
    }
    for (uint32_t i = 0; i < count; ++i) {
      const uint64_t at = entries + uint64_t(i) * kV1EntrySize;
      const std::string entry_what = absl::StrCat(what, " entry ", i);
      if (absl::Status s = Claim(at, "", entry_what); !s.ok()) return s;
      const uint32_t name_offset = DirU32(at);
      const uint32_t data_offset = DirU32(at + 4);
      const uint8_t is_dir = dir_[at + 8 - dir_start_];
      absl::StatusOr<std::string> name = NameV1(name_offset, entry_what);
      if (!name.ok()) return name.status();
      const std::string path = prefix + *name;
      if (is_dir) {
        if (absl::Status s = WalkV1(data_offset, path + "/", depth + 1, path); !s.ok()) return s;
        continue;
      }
      if (!DirHas(data_offset, kV1FileRecordSize)) {
        return DirectoryError(path, data_offset,
                              absl::StrCat("9-byte file record at ", Hex(data_offset),
                                           " is outside the directory"));
      }
      if (absl::Status s = Claim(data_offset, path, "file record"); !s.ok()) return s;
      HpiEntry e;
      e.path = path;
      e.data_offset = DirU32(data_offset);
      e.size = DirU32(data_offset + 4);
      // An unknown compression byte spoils that entry only: it is kept as it
      // is (CompressionName says "unknown") and ReadEntry refuses it. Its
      // layout (stored or chunked) is unknown, so nothing else is checked.
      e.compression = Compression(dir_[data_offset + 8 - dir_start_]);
      if (KnownCompression(e.compression)) {
        if (absl::Status s = SizeV1(e); !s.ok()) return s;
      }
      if (absl::Status s = Keep(std::move(e)); !s.ok()) return s;
    }
    return absl::OkStatus();
  }

  // Checks the entry's bytes are in the file and works out compressed_size.
  absl::Status SizeV1(HpiEntry& e) {
    if (e.compression == Compression::kNone) {
      if (uint64_t(e.data_offset) + e.size > file_.size()) return StoredPastTheEnd(e);
      e.compressed_size = e.size;
      return absl::OkStatus();
    }
    const uint64_t chunks = (uint64_t(e.size) + kChunkSize - 1) / kChunkSize;
    const uint64_t table = chunks * 4;
    if (uint64_t(e.data_offset) + table > file_.size()) {
      return ErrorNamingOffset(name_, e.path, e.data_offset,
                               absl::StrCat("table of ", chunks, " chunk sizes at ",
                                            Hex(e.data_offset),
                                            " runs past the end of the file at ",
                                            Hex(file_.size())));
    }
    // Reading chunk tables costs time; all of them together may read no more
    // words than the file has bytes (shared tables cannot multiply the work).
    if (chunks > chunk_budget_) {
      return ErrorIn(name_, e.path, absl::StrCat("chunk tables claim more chunks than the file of ",
                                                 file_.size(), " bytes can hold"));
    }
    chunk_budget_ -= chunks;
    std::vector<uint8_t> sizes = *ReadPlain(file_, e.data_offset, table, key_);
    uint64_t total = table;
    for (uint64_t c = 0; c < chunks; ++c) total += LoadU32(sizes.data() + c * 4);
    // The chunk sizes are the entry's own data, not the directory's: sizes
    // that run past the end spoil this entry only, and ReadEntry names the
    // chunk. compressed_size 0 says its extent is unknown.
    e.compressed_size =
        uint64_t(e.data_offset) + total <= file_.size() ? uint32_t(total) : 0;
    return absl::OkStatus();
  }

  absl::Status StoredPastTheEnd(const HpiEntry& e) const {
    return ErrorNamingOffset(name_, e.path, e.data_offset,
                             absl::StrCat(e.size, " stored bytes at ", Hex(e.data_offset),
                                          " run past the end of the file at ",
                                          Hex(file_.size())));
  }

  // ---- version 2 ----

  // A stored block, or one SQSH chunk decoded.
  absl::StatusOr<std::vector<uint8_t>> Block(uint32_t offset, uint32_t size,
                                             absl::string_view what) {
    if (uint64_t(offset) + size > file_.size()) {
      return ErrorNamingOffset(name_, "", offset,
                               absl::StrCat(what, " [", Hex(offset), ", ",
                                            Hex(uint64_t(offset) + size),
                                            ") runs past the end of the file at ",
                                            Hex(file_.size())));
    }
    Bytes block = file_.subspan(offset, size);
    if (size >= 4 && LoadU32(block.data()) == kSqshMarker) {
      return internal::DecodeSqsh(block, {name_, what}, offset);
    }
    return std::vector<uint8_t>(block.begin(), block.end());
  }

  absl::Status ParseV2() {
    ByteReader r(file_, 8);
    uint32_t f[6];
    for (uint32_t& v : f) {
      if (!r.U32(v)) {
        return ErrorIn(name_, "", absl::StrCat("version 2 header is cut off: ", file_.size(),
                                               " bytes, the header needs ", kV2HeaderSize));
      }
    }
    absl::StatusOr<std::vector<uint8_t>> dir = Block(f[0], f[1], "directory block");
    if (!dir.ok()) return dir.status();
    absl::StatusOr<std::vector<uint8_t>> names = Block(f[2], f[3], "name block");
    if (!names.ok()) return names.status();
    dir_ = std::move(*dir);
    names_ = std::move(*names);
    dir_start_ = 0;
    claimed_.assign(dir_.size(), false);
    path_budget_ = kPathBytesPerDirectoryByte * (dir_.size() + names_.size()) + kPathBytesExtra;
    return WalkV2(0, "", 0, "root directory");
  }

  // Version 2 offsets are in the (decoded) directory and name blocks, not in
  // the file: its errors name them in the detail and keep no file offset.
  absl::StatusOr<std::string> NameV2(uint32_t offset, absl::string_view what) const {
    if (offset >= names_.size()) {
      return ErrorIn(name_, what, absl::StrCat("name at ", Hex(offset),
                                               " is outside the name block of ", names_.size(),
                                               " bytes"));
    }
    for (size_t i = offset; i < names_.size() && i - offset <= kMaxNameLength; ++i) {
      if (names_[i] == 0) return std::string(names_.begin() + offset, names_.begin() + i);
    }
    return ErrorIn(name_, what, absl::StrCat("name at ", Hex(offset),
                                             " of the name block has no NUL within ",
                                             kMaxNameLength, " bytes or before the block ends"));
  }

  absl::Status WalkV2(uint64_t record, const std::string& prefix, int depth,
                      const std::string& what) {
    if (depth > kMaxDepth) {
      return ErrorIn(name_, what, absl::StrCat("directories nest deeper than ", kMaxDepth));
    }
    if (!DirHas(record, kV2DirRecordSize)) {
      return ErrorIn(name_, what, absl::StrCat("20-byte directory record at block offset ",
                                               Hex(record), " is outside the directory block of ",
                                               dir_.size(), " bytes"));
    }
    if (absl::Status s = Claim(record, what, "directory record"); !s.ok()) return s;
    const uint32_t first_sub = DirU32(record + 4), sub_count = DirU32(record + 8);
    const uint32_t first_file = DirU32(record + 12), file_count = DirU32(record + 16);
    if (!DirHas(first_sub, uint64_t(sub_count) * kV2DirRecordSize)) {
      return ErrorIn(name_, what,
                     absl::StrCat(sub_count, " subdirectory records at block offset ",
                                  Hex(first_sub), " do not fit in the directory block of ",
                                  dir_.size(), " bytes"));
    }
    if (!DirHas(first_file, uint64_t(file_count) * kV2FileRecordSize)) {
      return ErrorIn(name_, what,
                     absl::StrCat(file_count, " file records at block offset ", Hex(first_file),
                                  " do not fit in the directory block of ", dir_.size(),
                                  " bytes"));
    }
    for (uint32_t i = 0; i < file_count; ++i) {
      const uint64_t at = first_file + uint64_t(i) * kV2FileRecordSize;
      const std::string file_what = absl::StrCat(what, " file ", i);
      if (absl::Status s = Claim(at, "", file_what); !s.ok()) return s;
      absl::StatusOr<std::string> name = NameV2(DirU32(at), file_what);
      if (!name.ok()) return name.status();
      HpiEntry e;
      e.path = prefix + *name;
      e.data_offset = DirU32(at + 4);
      e.size = DirU32(at + 8);
      e.compressed_size = DirU32(at + 12);
      if (absl::Status s = CheckV2File(e); !s.ok()) return s;
      if (absl::Status s = Keep(std::move(e)); !s.ok()) return s;
    }
    for (uint32_t i = 0; i < sub_count; ++i) {
      const uint64_t at = first_sub + uint64_t(i) * kV2DirRecordSize;
      const std::string sub_what = absl::StrCat(what, " subdirectory ", i);
      if (!DirHas(at, kV2DirRecordSize)) break;  // checked above
      absl::StatusOr<std::string> name = NameV2(DirU32(at), sub_what);
      if (!name.ok()) return name.status();
      const std::string path = prefix + *name;
      if (absl::Status s = WalkV2(at, path + "/", depth + 1, path); !s.ok()) return s;
    }
    return absl::OkStatus();
  }

  absl::Status CheckV2File(HpiEntry& e) {
    if (e.compressed_size == 0) {
      e.compression = Compression::kNone;
      e.compressed_size = e.size;
      if (uint64_t(e.data_offset) + e.size > file_.size()) return StoredPastTheEnd(e);
      return absl::OkStatus();
    }
    if (uint64_t(e.data_offset) + e.compressed_size > file_.size()) {
      return ErrorNamingOffset(name_, e.path, e.data_offset,
                               absl::StrCat("SQSH chunk of ", e.compressed_size, " bytes at ",
                                            Hex(e.data_offset),
                                            " runs past the end of the file at ",
                                            Hex(file_.size())));
    }
    // The chunk's header is the entry's own data: a bad one (too short, wrong
    // marker, unknown compression) spoils this entry only. The entry is kept
    // with the compression the header names, or kUnknownCompression when
    // there is no header to ask, and ReadEntry refuses it with the reason.
    if (e.compressed_size < kSqshHeaderSize ||
        LoadU32(file_.data() + e.data_offset) != kSqshMarker) {
      e.compression = kUnknownCompression;
    } else {
      e.compression = Compression(file_[e.data_offset + 5]);
    }
    return absl::OkStatus();
  }

  Bytes file_;
  absl::string_view name_;
  HpiArchive archive_;
  uint8_t key_ = 0;
  uint64_t dir_start_ = 0;     // v1: file offset of dir_[0]; v2: 0
  std::vector<uint8_t> dir_;   // v1: the deciphered directory; v2: the directory block
  std::vector<uint8_t> names_; // v2: the name block
  std::vector<bool> claimed_;  // record and entry starts already read
  uint64_t chunk_budget_ = 0;
  uint64_t path_budget_ = 0;
};

absl::Status EntryError(const HpiArchive& a, const HpiEntry& e, absl::string_view what) {
  return ErrorIn(a.name, e.path, what);
}

// An error about an entry's data whose `what` names `offset` itself.
absl::Status EntryError(const HpiArchive& a, const HpiEntry& e, uint64_t offset,
                        absl::string_view what) {
  return ErrorNamingOffset(a.name, e.path, offset, what);
}

absl::Status ReadV1Chunked(const HpiArchive& a, Bytes file, const HpiEntry& e,
                           internal::OutputFor output) {
  const uint64_t chunks = (uint64_t(e.size) + kChunkSize - 1) / kChunkSize;
  std::optional<std::vector<uint8_t>> table = ReadPlain(file, e.data_offset, chunks * 4, a.key);
  if (!table) {
    return EntryError(a, e, e.data_offset,
                      absl::StrCat("table of ", chunks, " chunk sizes at ", Hex(e.data_offset),
                                   " runs past the end of the file"));
  }
  // Every chunk must be in the file, and together able to produce `size`,
  // before the output is allocated.
  uint64_t at = uint64_t(e.data_offset) + chunks * 4;
  uint64_t can_produce = 0;
  for (uint64_t c = 0; c < chunks; ++c) {
    const uint32_t n = LoadU32(table->data() + c * 4);
    if (n < kSqshHeaderSize || at + n > file.size()) {
      return EntryError(a, e, at,
                        absl::StrCat("chunk ", c, " of ", n, " bytes at ", Hex(at),
                                     n < kSqshHeaderSize ? " is shorter than its header"
                                                         : " runs past the end of the file"));
    }
    can_produce += std::min<uint64_t>(kChunkSize, kZlibMaxRatio * (n - kSqshHeaderSize) + 64);
    at += n;
  }
  if (can_produce < e.size) {
    return EntryError(a, e, absl::StrCat("its chunks cannot produce the declared ", e.size,
                                         " bytes"));
  }
  // Each chunk decodes straight into its place in the output: no per-chunk
  // vector, no copy. Without the archive cipher the chunk is read where it
  // lies in the file; with it, through one deciphering buffer reused for
  // every chunk.
  const std::span<uint8_t> out = output(e.size);
  std::vector<uint8_t> deciphered, scratch;
  uint64_t done = 0;
  at = uint64_t(e.data_offset) + chunks * 4;
  for (uint64_t c = 0; c < chunks; ++c) {
    const uint32_t n = LoadU32(table->data() + c * 4);
    Bytes chunk = file.subspan(at, n);
    if (a.key != 0) {
      deciphered.assign(chunk.begin(), chunk.end());
      Unxor(deciphered, at, a.key);
      chunk = deciphered;
    }
    const uint64_t expected = std::min<uint64_t>(kChunkSize, e.size - done);
    const std::string where = absl::StrCat(e.path, ": chunk ", c);
    if (LoadU32(chunk.data()) == kSqshMarker && LoadU32(chunk.data() + 11) != expected) {
      return ErrorNamingOffset(a.name, where, at,
                               absl::StrCat("SQSH header at ", Hex(at), " declares ",
                                            LoadU32(chunk.data() + 11),
                                            " decompressed bytes, the entry needs ", expected,
                                            " here"));
    }
    if (absl::Status s = internal::DecodeSqshInto(
            chunk, {a.name, where}, at, std::span<uint8_t>(out.data() + done, expected), scratch);
        !s.ok()) {
      return s;
    }
    done += expected;
    at += n;
  }
  return absl::OkStatus();
}

}  // namespace

const HpiEntry* HpiArchive::Find(absl::string_view path) const {
  auto it = std::lower_bound(entries.begin(), entries.end(), path,
                             [](const HpiEntry& e, absl::string_view p) {
                               return ComparePaths(e.path, p) < 0;
                             });
  if (it == entries.end() || ComparePaths(it->path, path) != 0) return nullptr;
  return &*it;
}

absl::StatusOr<HpiArchive> OpenHpi(Bytes file, absl::string_view name) {
  return Parser(file, name).Parse();
}

namespace {

// An entry's bytes into output(e.size): stored (deciphered in place), v1
// chunks, or one v2 SQSH chunk.
absl::Status ReadEntryTo(const HpiArchive& a, Bytes file, const HpiEntry& e,
                         internal::OutputFor output) {
  if (a.version == kVersion1 && !KnownCompression(e.compression)) {
    return EntryError(a, e, e.data_offset,
                      absl::StrCat("file record declares unknown compression ",
                                   int(e.compression), " for its data at ", Hex(e.data_offset),
                                   " (0 stored, 1 LZ77, 2 zlib): it cannot be read"));
  }
  if (e.compression == Compression::kNone) {
    if (uint64_t(e.data_offset) + e.size > file.size()) {
      return EntryError(a, e, e.data_offset,
                        absl::StrCat(e.size, " stored bytes at ", Hex(e.data_offset),
                                     " run past the end of the file at ", Hex(file.size())));
    }
    const std::span<uint8_t> out = output(e.size);
    if (e.size > 0) std::memcpy(out.data(), file.data() + e.data_offset, e.size);
    Unxor(out, e.data_offset, a.version == kVersion1 ? a.key : 0);
    return absl::OkStatus();
  }
  if (a.version == kVersion1) return ReadV1Chunked(a, file, e, output);
  if (uint64_t(e.data_offset) + e.compressed_size > file.size()) {
    return EntryError(a, e, e.data_offset,
                      absl::StrCat("SQSH chunk of ", e.compressed_size, " bytes at ",
                                   Hex(e.data_offset), " is not inside the file"));
  }
  if (e.compressed_size < kSqshHeaderSize) {
    return EntryError(a, e, e.data_offset,
                      absl::StrCat("compressed data at ", Hex(e.data_offset), " is ",
                                   e.compressed_size, " bytes, too short for the ",
                                   kSqshHeaderSize, "-byte SQSH header"));
  }
  Bytes chunk = file.subspan(e.data_offset, e.compressed_size);
  if (LoadU32(chunk.data()) != kSqshMarker) {
    return EntryError(a, e, e.data_offset,
                      absl::StrCat("compressed data at ", Hex(e.data_offset), " has marker ",
                                   Hex(LoadU32(chunk.data())), ", not SQSH (0x48535153)"));
  }
  const uint32_t declared = LoadU32(chunk.data() + 11);
  if (declared != e.size) {
    return EntryError(a, e, e.data_offset,
                      absl::StrCat("SQSH header at ", Hex(e.data_offset), " declares ", declared,
                                   " decompressed bytes, the directory says ", e.size));
  }
  std::vector<uint8_t> scratch;
  return internal::DecodeSqshTo(chunk, {a.name, e.path}, e.data_offset, output, scratch);
}

}  // namespace

std::span<uint8_t> EntryBuffer::Take(size_t size) {
  if (size > capacity_) {
    // Default-initialised: not zeroed (make_unique<uint8_t[]> would zero it).
    data_.reset(new uint8_t[size]);
    capacity_ = size;
  }
  return std::span<uint8_t>(data_.get(), size);
}

absl::StatusOr<std::vector<uint8_t>> ReadEntry(const HpiArchive& a, Bytes file,
                                               const HpiEntry& e) {
  std::vector<uint8_t> out;
  absl::Status s = ReadEntryTo(a, file, e, [&](size_t n) {
    out.resize(n);
    return std::span<uint8_t>(out);
  });
  if (!s.ok()) return s;
  return out;
}

absl::StatusOr<Bytes> ReadEntryInto(const HpiArchive& a, Bytes file, const HpiEntry& e,
                                    EntryBuffer& buffer) {
  Bytes bytes;
  absl::Status s = ReadEntryTo(a, file, e, [&](size_t n) {
    const std::span<uint8_t> out = buffer.Take(n);
    bytes = out;
    return out;
  });
  if (!s.ok()) return s;
  return bytes;
}

}  // namespace kbot::hpi
