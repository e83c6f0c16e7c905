#include <algorithm>
#include <array>
#include <cstring>
#include <cctype>
#include <charconv>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/gaf/gaf.h"

namespace kbot::gaf {

Storage StorageOf(uint8_t storage_byte) {
  switch (storage_byte) {
    case 0: return Storage::kRaw;
    case kStorageArgb4444: return Storage::kArgb4444;
    case kStorageArgb1555: return Storage::kArgb1555;
    default: return Storage::kRunEncoded;  // the game treats any other non-zero byte so
  }
}

absl::string_view StorageName(Storage storage) {
  switch (storage) {
    case Storage::kRaw: return "raw";
    case Storage::kRunEncoded: return "compressed";
    case Storage::kArgb4444: return "argb4444";
    case Storage::kArgb1555: return "argb1555";
    case Storage::kZlibRgba: return "zlib-rgba";
    case Storage::kZlibRgb: return "zlib-rgb";
  }
  return "compressed";
}

std::optional<Storage> ParseStorage(absl::string_view name) {
  for (Storage s : {Storage::kRaw, Storage::kRunEncoded, Storage::kArgb4444, Storage::kArgb1555,
                    Storage::kZlibRgba, Storage::kZlibRgb}) {
    if (absl::EqualsIgnoreCase(name, StorageName(s))) return s;
  }
  return std::nullopt;
}

absl::string_view VariantName(Variant variant) {
  return variant == Variant::kTa3dTruecolor ? "ta3d-truecolor" : "standard";
}

std::optional<Variant> ParseVariant(absl::string_view name) {
  for (Variant v : {Variant::kStandard, Variant::kTa3dTruecolor}) {
    if (absl::EqualsIgnoreCase(name, VariantName(v))) return v;
  }
  return std::nullopt;
}

uint64_t Sequence::total_ticks() const {
  uint64_t sum = 0;
  for (const Frame& f : frames) sum += f.ticks();
  return sum;
}

namespace {

// A file held whole, read as pieces.
class SpanAccess : public RandomAccess {
 public:
  explicit SpanAccess(Bytes bytes) : bytes_(bytes) {}
  uint64_t size() const override { return bytes_.size(); }
  bool Read(uint64_t offset, std::span<uint8_t> out) const override {
    if (offset > bytes_.size() || out.size() > bytes_.size() - offset) return false;
    if (out.empty()) return true;  // memcpy may not be given the null pointer of an empty span
    std::memcpy(out.data(), bytes_.data() + offset, out.size());
    return true;
  }

 private:
  Bytes bytes_;
};

// Reads one file's structure, piece by piece: each header and table is read
// where it is, so a file read by pieces is never read whole. Budgets keep a
// hostile file from making the reader allocate more than its size justifies:
// stock files never share frame lists or layer tables, so every frame-list
// item and layer pointer a reader follows takes its own bytes of the file.
class Reader {
 public:
  Reader(const RandomAccess& file, absl::string_view file_name)
      : file_(file),
        size_(file.size()),
        name_(file_name),
        frame_budget_(size_ / kFrameListItemSize),
        layer_budget_(size_ / 4) {}

  absl::StatusOr<Gaf> Read() {
    Gaf gaf;
    std::array<uint8_t, kHeaderSize> header;
    uint32_t count = 0;
    if (!file_.Read(0, header)) {
      return ErrorIn(name_, "", absl::StrCat("too short for the 12-byte GAF header (", size_,
                                             " bytes)"));
    }
    ByteReader r(header);
    r.U32(gaf.version);
    r.U32(count);
    r.U32(gaf.unknown8);
    if (gaf.version == kVersionTa3dTruecolor) {
      gaf.variant = Variant::kTa3dTruecolor;
    } else if (gaf.version != kVersionStandard && gaf.version != kVersionZero) {
      gaf.warnings.push_back(absl::StrCat("header: unexpected version ", Hex(gaf.version),
                                          " (expected 0x10100 or 0); read anyway, as the game "
                                          "ignores it"));
    }
    std::vector<uint8_t> table;
    if (!Has(kHeaderSize, uint64_t(count) * 4) || !Fetch(kHeaderSize, size_t(count) * 4, table)) {
      return ErrorIn(name_, "",
                     absl::StrCat("sequence count ", count, " cannot fit: its offset table needs ",
                                  uint64_t(count) * 4, " bytes after the header, the file has ",
                                  size_ - kHeaderSize));
    }
    ta3d_ = gaf.variant == Variant::kTa3dTruecolor;
    warnings_ = &gaf.warnings;
    gaf.sequences.reserve(count);
    for (uint32_t i = 0; i < count; ++i) {
      absl::StatusOr<Sequence> seq = ReadSequence(i, LoadU32(table.data() + 4 * size_t(i)));
      if (!seq.ok()) return seq.status();
      gaf.sequences.push_back(*std::move(seq));
    }
    return gaf;
  }

 private:
  // Whether [offset, offset + n) lies inside the file.
  bool Has(uint64_t offset, uint64_t n) const { return offset <= size_ && n <= size_ - offset; }

  // The `n` bytes at `offset` into `out`.
  bool Fetch(uint64_t offset, size_t n, std::vector<uint8_t>& out) const {
    out.resize(n);
    return file_.Read(offset, out);
  }

  absl::StatusOr<Sequence> ReadSequence(uint32_t index, uint32_t offset) {
    const std::string where = absl::StrCat("sequence ", index);
    Sequence seq;
    seq.offset = offset;
    std::array<uint8_t, kSequenceHeaderSize> header;
    if (!file_.Read(offset, header)) {
      return ErrorNamingOffset(name_, where, offset,
                               absl::StrCat("40-byte header at ", Hex(offset),
                                            " runs past the end of the file (", size_,
                                            " bytes)"));
    }
    ByteReader r(header);
    Bytes name;
    r.U16(seq.frame_count);
    r.U16(seq.loop_flags);
    r.U32(seq.unknown4);
    r.Take(kNameSize, name);
    const auto nul = std::find(name.begin(), name.end(), uint8_t{0});
    seq.name.assign(name.begin(), nul);

    const uint64_t list_at = uint64_t(offset) + kSequenceHeaderSize;
    std::vector<uint8_t> list;
    const size_t list_size = size_t(seq.frame_count) * kFrameListItemSize;
    if (!Has(list_at, list_size) || !Fetch(list_at, list_size, list)) {
      return ErrorNamingOffset(name_, where, list_at,
                               absl::StrCat("frame list of ", seq.frame_count, " frames at ",
                                            Hex(list_at), " runs past the end of the file"));
    }
    if (seq.frame_count > frame_budget_) {
      return ErrorIn(name_, where, "frame lists claim more frames than the file can hold "
                                   "(sequences overlap)");
    }
    frame_budget_ -= seq.frame_count;
    seq.frames.reserve(seq.frame_count);
    ByteReader items(list);
    for (uint16_t f = 0; f < seq.frame_count; ++f) {
      Frame frame;
      items.U32(frame.info_offset);
      items.U32(frame.duration);
      const std::string frame_where = absl::StrCat(where, " frame ", f);
      absl::Status s = ReadFrameInfo(frame.info_offset, frame_where, /*follow_layers=*/true,
                                     frame.info);
      if (!s.ok()) return s;
      seq.frames.push_back(std::move(frame));
    }
    return seq;
  }

  absl::Status ReadFrameInfo(uint32_t offset, const std::string& where, bool follow_layers,
                             FrameInfo& info) {
    std::array<uint8_t, kFrameInfoSize> header;
    info.offset = offset;
    if (!file_.Read(offset, header)) {
      return ErrorNamingOffset(name_, where, offset,
                               absl::StrCat("24-byte frame header at ", Hex(offset),
                                            " runs past the end of the file (", size_,
                                            " bytes)"));
    }
    ByteReader r(header);
    r.U16(info.width);
    r.U16(info.height);
    r.I16(info.origin_x);
    r.I16(info.origin_y);
    r.U8(info.transparency);
    r.U8(info.storage_byte);
    r.U8(info.layer_count);
    r.U8(info.blend);
    r.U32(info.unknown12);
    r.U32(info.data_offset);
    r.U32(info.unknown20);
    info.ta3d = ta3d_;
    if (ta3d_ && info.layer_count != 0) {
      warnings_->push_back(absl::StrCat(where, ": layer count ", info.layer_count,
                                        " ignored: a TA3D truecolor frame is one zlib image"));
    }
    if (!follow_layers || !info.layered()) return absl::OkStatus();
    return ReadLayers(where, info);
  }

  // A layered frame's data is a table of pointers to nested frame headers.
  absl::Status ReadLayers(const std::string& where, FrameInfo& info) {
    std::vector<uint8_t> table;
    const size_t table_size = size_t(info.layer_count) * 4;
    if (!Has(info.data_offset, table_size) || !Fetch(info.data_offset, table_size, table)) {
      return ErrorNamingOffset(name_, where, info.data_offset,
                               absl::StrCat("layer table of ", info.layer_count, " pointers at ",
                                            Hex(info.data_offset),
                                            " runs past the end of the file"));
    }
    if (info.layer_count > layer_budget_) {
      return ErrorIn(name_, where, "layer tables claim more layers than the file can hold "
                                   "(tables overlap)");
    }
    layer_budget_ -= info.layer_count;
    info.layers.resize(info.layer_count);
    for (uint8_t l = 0; l < info.layer_count; ++l) {
      // A nested layer's own layer table is never followed: the decoder refuses
      // such a layer, so a file cannot make the reader recurse.
      absl::Status s = ReadFrameInfo(LoadU32(table.data() + 4 * size_t(l)),
                                     absl::StrCat(where, " layer ", l),
                                     /*follow_layers=*/false, info.layers[l]);
      if (!s.ok()) return s;
    }
    return absl::OkStatus();
  }

  const RandomAccess& file_;
  uint64_t size_;
  absl::string_view name_;
  uint64_t frame_budget_;
  uint64_t layer_budget_;
  bool ta3d_ = false;  // a TA3D truecolor file: frames are zlib images
  std::vector<std::string>* warnings_ = nullptr;
};

bool AllDigits(absl::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

absl::StatusOr<Gaf> ReadGaf(Bytes bytes, absl::string_view file_name) {
  return Reader(SpanAccess(bytes), file_name).Read();
}

absl::StatusOr<Gaf> ReadGaf(const RandomAccess& file, absl::string_view file_name) {
  return Reader(file, file_name).Read();
}

std::optional<size_t> FindSequence(const Gaf& gaf, absl::string_view index_or_name) {
  if (AllDigits(index_or_name)) {
    size_t index = 0;
    auto [end, ec] = std::from_chars(index_or_name.data(),
                                     index_or_name.data() + index_or_name.size(), index);
    if (ec == std::errc() && index < gaf.sequences.size()) return index;
  }
  for (size_t i = 0; i < gaf.sequences.size(); ++i) {
    if (absl::EqualsIgnoreCase(gaf.sequences[i].name, index_or_name)) return i;
  }
  return std::nullopt;
}

}  // namespace kbot::gaf
