#include "formats/pcx/pcx.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"

namespace kbot::pcx {

namespace {

// A run carries at most 63 bytes, so a run-length stream of N bytes makes at
// most 63 N / 2 pixel bytes: the bound that refuses a file before allocating
// a picture its data cannot fill.
constexpr uint64_t kLongestRun = 63;

// Room past a scan line in the line buffer: literals are copied and runs
// stored 8 bytes at a time, past the bytes they mean to write. What spills
// is overwritten by what follows or lies past the line, never drawn.
constexpr size_t kLineSlack = 64;

uint64_t Load64(const uint8_t* p) {
  return uint64_t(LoadU32(p)) | uint64_t(LoadU32(p + 4)) << 32;
}

// n bytes of `value` from `out`, in 8-byte stores (up to 7 bytes of slack).
void Fill(uint8_t* out, uint8_t value, size_t n) {
  const uint64_t v = value * 0x0101010101010101ull;
  for (size_t i = 0; i < n; i += 8) std::memcpy(out + i, &v, 8);
}

// How many of the 8 bytes of `w` (file order) come before the first count
// (a byte with both top bits set): the literals that can be copied at once.
size_t LeadingLiterals(uint64_t w) {
  const uint64_t counts = w & (w << 1) & 0x8080808080808080ull;
  return counts == 0 ? 8 : size_t(std::countr_zero(counts)) / 8;
}

// The pixel data, one run-length (or stored) stream from offset 128 to `end`
// (the trailer or the end of the file), read a scan line at a time. A run
// left over at the end of a line goes on into the next one.
class LineReader {
 public:
  LineReader(Bytes file, size_t end, const Header& h, absl::string_view name, bool trailer)
      : data_(file.data()), end_(end), pos_(kHeaderSize), bpl_(h.bytes_per_line),
        line_size_(size_t(h.bytes_per_line) * h.planes), last_line_(h.height() - 1),
        rle_(h.encoding == 1), name_(name), trailer_(trailer) {}

  // Scan line y into `line` (buffer_size() bytes). The loop works on locals:
  // stores through `line` may alias any byte, members included, and would
  // make the compiler reload them after every pixel.
  absl::Status Next(int y, uint8_t* line) {
    if (!rle_) return NextStored(y, line);
    const uint8_t* const data = data_;
    const size_t end = end_, line_size = line_size_;
    size_t pos = pos_, filled = std::min(carry_, line_size);
    Fill(line, carry_value_, filled);
    carry_ -= filled;
    while (filled < line_size) {
      if (end - pos >= 8) {  // literals 8 at a time: the noisy parts of a picture
        const size_t n = std::min(LeadingLiterals(Load64(data + pos)), line_size - filled);
        std::memcpy(line + filled, data + pos, 8);
        filled += n;
        pos += n;
        if (n > 0) continue;
      }
      if (pos >= end) return Ended(y, filled, pos);
      const uint8_t b = data[pos++];
      if (b < 0xC0) {
        line[filled++] = b;
        continue;
      }
      if (pos >= end) return Ended(y, filled, pos - 1);
      const uint8_t value = data[pos++];
      const size_t count = b & 0x3F, n = std::min(count, line_size - filled);
      Fill(line + filled, value, n);
      filled += n;
      if (count > n) Carry(y, pos - 2, count - n, value);
    }
    pos_ = pos;
    return absl::OkStatus();
  }

  size_t line_size() const { return line_size_; }
  size_t buffer_size() const { return line_size_ + kLineSlack; }
  size_t pos() const { return pos_; }
  size_t end() const { return end_; }
  size_t carry() const { return carry_; }
  uint64_t crossings() const { return crossings_; }
  int first_crossing_line() const { return first_line_; }
  size_t first_crossing_at() const { return first_at_; }
  size_t first_crossing_bytes() const { return first_bytes_; }

 private:
  absl::Status NextStored(int y, uint8_t* line) {
    if (end_ - pos_ < line_size_) {
      std::memcpy(line, data_ + pos_, end_ - pos_);
      return Ended(y, end_ - pos_, end_);
    }
    std::memcpy(line, data_ + pos_, line_size_);
    pos_ += line_size_;
    return absl::OkStatus();
  }

  // A run goes `extra` bytes past the end of scan line y: into the next
  // line, or (after the last) nowhere, which carry() tells at the end.
  void Carry(int y, size_t at, size_t extra, uint8_t value) {
    carry_ = extra;
    carry_value_ = value;
    if (y == last_line_) return;
    if (crossings_++ == 0) {
      first_line_ = y;
      first_at_ = at;
      first_bytes_ = extra;
    }
  }

  absl::Status Ended(int y, size_t filled, size_t at) const {
    const std::string where = absl::StrCat("scan line ", y, " plane ", filled / bpl_);
    const std::string before = trailer_ ? " (the palette trailer starts there)" : "";
    if (at < end_) {
      return ErrorNamingOffset(
          name_, where, at,
          absl::StrCat("the run count ", Hex(data_[at]), " at ", Hex(at),
                       " has no byte to repeat: the pixel data ends", before));
    }
    return ErrorAt(name_, where, at,
                   absl::StrCat("the pixel data ends with ", filled, " of the line's ",
                                line_size_, " bytes decoded", before));
  }

  const uint8_t* data_;
  size_t end_, pos_;
  size_t bpl_, line_size_;
  int last_line_;
  bool rle_;
  absl::string_view name_;
  bool trailer_;
  size_t carry_ = 0;
  uint8_t carry_value_ = 0;
  uint64_t crossings_ = 0;
  int first_line_ = 0;
  size_t first_at_ = 0, first_bytes_ = 0;
};

// Refuses, before anything is allocated, a picture whose pixel data cannot
// be in the bytes there are.
absl::Status CheckDataSize(const Header& h, size_t available, absl::string_view name) {
  const uint64_t total = uint64_t(h.height()) * h.planes * h.bytes_per_line;
  const uint64_t needed =
      h.encoding == 1 ? 2 * (total / kLongestRun) + (total % kLongestRun != 0 ? 1 : 0) : total;
  if (available >= needed) return absl::OkStatus();
  return ErrorIn(name, "",
                 absl::StrCat("a ", h.width(), " x ", h.height(), " PCX of ", h.planes,
                              " plane(s) of ", h.bytes_per_line, " bytes a line holds ", total,
                              " bytes, which need at least ", needed,
                              " bytes of pixel data; the file has ", available,
                              " after the header"));
}

void Place(const Header& h, const uint8_t* line, int y, Picture& out) {
  const size_t w = size_t(h.width()), bpl = h.bytes_per_line;
  if (out.kind == Kind::kIndexed) {
    std::memcpy(out.indexed.index.data() + size_t(y) * w, line, w);
    return;
  }
  uint8_t* dst = out.rgba.rgba.data() + size_t(y) * w * 4;
  const uint8_t *r = line, *g = line + bpl, *b = line + 2 * bpl;
  if (out.kind == Kind::kRgb) {
    for (size_t x = 0; x < w; ++x, dst += 4) {
      dst[0] = r[x], dst[1] = g[x], dst[2] = b[x], dst[3] = 255;
    }
    return;
  }
  const uint8_t* a = line + 3 * bpl;
  for (size_t x = 0; x < w; ++x, dst += 4) {
    dst[0] = r[x], dst[1] = g[x], dst[2] = b[x], dst[3] = a[x];
  }
}

// The warnings the reader leaves: runs over a line's end, data not used.
void Summarise(const LineReader& lines, int height, Picture& out) {
  if (lines.crossings() > 0) {
    out.warnings.push_back(absl::StrCat(
        "scan line ", lines.first_crossing_line(), ": the run at ",
        Hex(lines.first_crossing_at()), " goes on ", lines.first_crossing_bytes(),
        " byte(s) into the next line (ZSoft: a scan line should end a run); ", lines.crossings(),
        " run(s) cross a scan line in all"));
  }
  if (lines.carry() > 0) {
    out.warnings.push_back(absl::StrCat("scan line ", height - 1, ": the last run goes ",
                                        lines.carry(), " byte(s) past the last line: clipped"));
  }
  if (lines.pos() < lines.end()) {
    out.warnings.push_back(absl::StrCat(
        lines.end() - lines.pos(), " byte(s) after the last scan line at ", Hex(lines.pos()),
        out.has_trailer ? ", before the palette trailer" : "", ": not used"));
  }
}

// The trailer (or the given palette) of an 8-bit, one-plane picture. The
// trailer's marker bounds the pixel data whichever palette colours it.
size_t ChoosePalette(Bytes file, absl::string_view name, const palette::Palette* given,
                     Picture& out) {
  absl::StatusOr<palette::Palette> trailer = palette::ParsePcxPalette(file, name);
  out.has_trailer = trailer.ok();
  if (given != nullptr) {
    out.palette = *given;
    out.palette_source = PaletteSource::kGiven;
  } else if (trailer.ok()) {
    out.palette = *trailer;
    out.palette_source = PaletteSource::kTrailer;
  } else {
    out.warnings.push_back(absl::StrCat(
        "no 256-colour palette at the end (no 0x0c marker at fileSize - 769) and none given: "
        "the picture has indices only"));
  }
  return trailer.ok() ? file.size() - palette::kPcxPaletteTrailer : file.size();
}

}  // namespace

absl::StatusOr<Picture> ReadPcx(Bytes file, absl::string_view name,
                                const palette::Palette* palette) {
  absl::StatusOr<Header> header = ReadHeader(file, name);
  if (!header.ok()) return header.status();
  const Header& h = *header;
  Picture out;
  out.header = h;
  out.kind = h.planes == 1 ? Kind::kIndexed : h.planes == 3 ? Kind::kRgb : Kind::kRgba;
  const size_t end =
      out.kind == Kind::kIndexed ? ChoosePalette(file, name, palette, out) : file.size();
  if (absl::Status s = CheckDataSize(h, end - kHeaderSize, name); !s.ok()) return s;
  if (out.kind == Kind::kIndexed) {
    out.indexed = image::IndexedPicture(h.width(), h.height(), 0, 1, 0);
  } else {
    out.rgba = image::RgbaPicture(h.width(), h.height());
  }
  LineReader lines(file, end, h, name, out.has_trailer);
  std::vector<uint8_t> line(lines.buffer_size());
  for (int y = 0; y < h.height(); ++y) {
    if (absl::Status s = lines.Next(y, line.data()); !s.ok()) return s;
    Place(h, line.data(), y, out);
  }
  Summarise(lines, h.height(), out);
  return out;
}

}  // namespace kbot::pcx
