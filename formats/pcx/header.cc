// The PCX header: read field by field through ByteReader, then checked in
// file order, so the first wrong field is the one an error names.
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/pcx/pcx.h"

namespace kbot::pcx {

namespace {

constexpr size_t kVersionAt = 1, kEncodingAt = 2, kBitsAt = 3, kXminAt = 4, kYminAt = 6,
                 kPlanesAt = 65, kBytesPerLineAt = 66;

Header Fields(Bytes file) {
  ByteReader r(file);
  Header h;
  uint8_t manufacturer = 0;
  r.U8(manufacturer);
  r.U8(h.version);
  r.U8(h.encoding);
  r.U8(h.bits_per_pixel);
  r.U16(h.xmin);
  r.U16(h.ymin);
  r.U16(h.xmax);
  r.U16(h.ymax);
  r.U16(h.hdpi);
  r.U16(h.vdpi);
  r.Seek(kPlanesAt);
  r.U8(h.planes);
  r.U16(h.bytes_per_line);
  r.U16(h.palette_info);
  return h;
}

// What kbot decodes: 8 bits a plane in 1, 3 or 4 planes. The 1, 2 and 4-bit
// kinds (monochrome, CGA, EGA) are named so the refusal says what the file is.
absl::Status CheckDepth(const Header& h, absl::string_view name) {
  if (h.bits_per_pixel == 8 && (h.planes == 1 || h.planes == 3 || h.planes == 4)) {
    return absl::OkStatus();
  }
  const bool known_bits = h.bits_per_pixel == 1 || h.bits_per_pixel == 2 ||
                          h.bits_per_pixel == 4 || h.bits_per_pixel == 8;
  if (!known_bits) {
    return ErrorAt(name, "header", kBitsAt,
                   absl::StrCat("bits per pixel ", h.bits_per_pixel, " is not 1, 2, 4 or 8"));
  }
  if (h.planes == 0 || h.planes > 4) {
    return ErrorAt(name, "header", kPlanesAt,
                   absl::StrCat("plane count ", h.planes, " is not 1, 2, 3 or 4"));
  }
  return ErrorAt(name, "header", kBitsAt,
                 absl::StrCat("a ", h.bits_per_pixel * h.planes, "-bit PCX (", h.bits_per_pixel,
                              " bit(s) a pixel in ", h.planes,
                              " plane(s)) is not supported: kbot decodes 8 bits a pixel in 1 "
                              "(indexed), 3 (RGB) or 4 (RGBA) planes"));
}

absl::Status CheckWindow(const Header& h, absl::string_view name) {
  if (h.xmax < h.xmin) {
    return ErrorAt(name, "header", kXminAt,
                   absl::StrCat("xmax ", h.xmax, " is less than xmin ", h.xmin));
  }
  if (h.ymax < h.ymin) {
    return ErrorAt(name, "header", kYminAt,
                   absl::StrCat("ymax ", h.ymax, " is less than ymin ", h.ymin));
  }
  const uint64_t pixels = uint64_t(h.width()) * uint64_t(h.height());
  if (h.width() > kMaxSide || h.height() > kMaxSide || pixels > kMaxPixels) {
    return ErrorAt(name, "header", kXminAt,
                   absl::StrCat("a ", h.width(), " x ", h.height(),
                                " picture is over the limit of ", kMaxSide, " a side and ",
                                kMaxPixels >> 20, " Mpixel"));
  }
  if (h.bytes_per_line < h.width()) {
    return ErrorAt(name, "header", kBytesPerLineAt,
                   absl::StrCat("bytes per line ", h.bytes_per_line, " is less than the width ",
                                h.width()));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Header> ReadHeader(Bytes file, absl::string_view name) {
  if (file.size() < kHeaderSize) {
    return ErrorIn(name, "", absl::StrCat("too short for the 128-byte PCX header (",
                                          file.size(), " bytes)"));
  }
  if (file[0] != 0x0A) {
    return ErrorAt(name, "header", 0,
                   absl::StrCat("not a PCX: the first byte is ", Hex(file[0]), ", not 0x0a"));
  }
  const Header h = Fields(file);
  if (h.version > 5 || h.version == 1) {
    return ErrorAt(name, "header", kVersionAt,
                   absl::StrCat("version ", h.version, " is not one of 0, 2, 3, 4, 5"));
  }
  if (h.encoding > 1) {
    return ErrorAt(name, "header", kEncodingAt,
                   absl::StrCat("encoding ", h.encoding,
                                " is neither 1 (run-length) nor 0 (stored)"));
  }
  if (absl::Status s = CheckDepth(h, name); !s.ok()) return s;
  if (absl::Status s = CheckWindow(h, name); !s.ok()) return s;
  return h;
}

}  // namespace kbot::pcx
