#include "formats/gaf/ta3d_frame.h"

#include <zlib.h>

#include "absl/strings/str_cat.h"

namespace kbot::gaf {

namespace {

// The stream's bytes, after checking that its count and bytes lie inside the
// file and that it could inflate to `expected` bytes at all.
absl::StatusOr<Bytes> StreamBytes(Bytes file, const FrameInfo& info, uint64_t expected,
                                  const FrameLocation& where) {
  ByteReader r(file);
  uint32_t size = 0;
  if (!r.Seek(info.data_offset) || !r.U32(size)) {
    return where.Error(info.data_offset,
                       absl::StrCat("the zlib byte count at ", Hex(info.data_offset),
                                    " runs past the end of the file (", file.size(), " bytes)"));
  }
  const size_t at = r.pos();
  Bytes stream;
  if (!r.Take(size, stream)) {
    return where.Error(at, absl::StrCat("the zlib stream of ", size, " bytes at ", Hex(at),
                                        " runs past the end of the file (", r.remaining(),
                                        " bytes left)"));
  }
  if (expected > uint64_t(size) * kMaxInflateRatio) {
    return where.Error(absl::StrCat("a zlib stream of ", size, " bytes cannot inflate to ",
                                    info.width, " x ", info.height, " x ",
                                    Ta3dBytesPerPixel(info), " = ", expected,
                                    " bytes (zlib expands at most ", kMaxInflateRatio,
                                    " times)"));
  }
  return stream;
}

// Inflates `stream` into exactly `out.size()` bytes. Returns how many bytes of
// the stream were left over after its end.
absl::StatusOr<size_t> InflateExactly(Bytes stream, std::vector<uint8_t>& out,
                                      const FrameInfo& info, const FrameLocation& where) {
  const uint64_t at = info.data_offset + 4;
  const std::string what = absl::StrCat("the zlib stream at ", Hex(at), " (", stream.size(),
                                        " bytes)");
  z_stream zs{};
  if (inflateInit(&zs) != Z_OK) return where.Error("zlib could not start inflating");
  zs.next_in = const_cast<Bytef*>(stream.data());
  zs.avail_in = uInt(stream.size());
  zs.next_out = out.data();
  zs.avail_out = uInt(out.size());
  const int ret = inflate(&zs, Z_FINISH);
  const uint64_t produced = zs.total_out;
  const size_t left = zs.avail_in;
  const std::string message = zs.msg != nullptr ? zs.msg : "";
  inflateEnd(&zs);
  const std::string size = absl::StrCat(info.width, " x ", info.height, " x ",
                                        Ta3dBytesPerPixel(info), " = ", out.size(), " bytes");
  if (ret == Z_STREAM_END) {
    if (produced == out.size()) return left;
    return where.Error(at, absl::StrCat(what, " inflates to ", produced, " bytes, not ", size));
  }
  if (ret == Z_DATA_ERROR || ret == Z_NEED_DICT) {
    return where.Error(at, absl::StrCat(what, " is not valid zlib data after ", produced,
                                        " bytes: ",
                                        message.empty() ? "needs a dictionary" : message));
  }
  if (zs.avail_out == 0 && produced == out.size()) {
    return where.Error(at, absl::StrCat(what, " inflates past ", size));
  }
  return where.Error(at, absl::StrCat(what, " is cut short: it ends after inflating ", produced,
                                      " of ", size));
}

}  // namespace

absl::StatusOr<image::RgbaPicture> DecodeTa3dFrame(Bytes file, const FrameInfo& info,
                                                   const FrameLocation& where,
                                                   Warnings* warnings) {
  if (absl::Status s = CheckFrameSize(file, info, where); !s.ok()) return s;
  const size_t bpp = Ta3dBytesPerPixel(info);
  const uint64_t expected = info.pixels() * bpp;
  absl::StatusOr<Bytes> stream = StreamBytes(file, info, expected, where);
  if (!stream.ok()) return stream.status();
  std::vector<uint8_t> raw(expected);
  absl::StatusOr<size_t> left = InflateExactly(*stream, raw, info, where);
  if (!left.ok()) return left.status();
  if (*left != 0 && warnings != nullptr) {
    warnings->push_back(absl::StrCat(where.file, ": ", where.Name(), ": ", *left,
                                     " byte(s) after the end of the zlib stream, inside its "
                                     "count; ignored"));
  }
  if (bpp == 3) return image::RgbaFromRgb(info.width, info.height, raw.data());
  image::RgbaPicture pic;
  pic.width = info.width;
  pic.height = info.height;
  pic.rgba = std::move(raw);
  return pic;
}

std::vector<uint8_t> EncodeTa3dFrameData(const std::vector<uint8_t>& rgba, bool with_alpha) {
  std::vector<uint8_t> pixels;
  if (with_alpha) {
    pixels = rgba;
  } else {
    pixels.reserve(rgba.size() / 4 * 3);
    for (size_t i = 0; i + 3 < rgba.size(); i += 4) {
      pixels.insert(pixels.end(), rgba.begin() + i, rgba.begin() + i + 3);
    }
  }
  uLongf size = compressBound(uLong(pixels.size()));
  std::vector<uint8_t> out(4 + size);
  compress2(out.data() + 4, &size, pixels.data(), uLong(pixels.size()), 9);
  out.resize(4 + size);
  for (int i = 0; i < 4; ++i) out[i] = uint8_t(size >> (8 * i));
  return out;
}

}  // namespace kbot::gaf
