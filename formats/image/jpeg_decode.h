// Reading JPEG pictures (libjpeg-turbo): TA: Kingdoms' terrain tile sheets
// (terrain/<id>.jpg, docs/formats/tnt.md) and its build pictures.
//
// Decoding never ends the process: libjpeg's own error handler calls exit(),
// so this one jumps back out and the failure becomes a status naming the file.
// The header's size is checked against JpegLimits before any pixel memory is
// allocated. What libjpeg only warns about (the data ends early, corrupt
// entropy data) still gives a picture, whose damaged part libjpeg draws flat
// grey, with the warnings beside it: a truncated sheet is drawn but flagged.
//
// Colour: YCbCr and RGB pictures decode as they are, greyscale is widened to
// RGB; CMYK and YCCK (Adobe print JPEGs) are refused by name, since drawing
// them right needs the Adobe marker's inversion rules and no game file uses
// them. Every decoded pixel is opaque.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"
#include "formats/image/picture.h"

namespace kbot::image {

struct JpegLimits {
  int max_side = 16384;                   // pixels, either side
  uint64_t max_pixels = 64ull << 20;      // width * height (64 Mi)
  int max_scans = 500;                    // progressive scans (each one re-reads the picture)
  uint64_t max_decoder_memory = 1ull << 30;  // libjpeg's own working memory, bytes
};

// What the header says, read without decoding a pixel.
struct JpegInfo {
  int width = 0;
  int height = 0;
  int components = 0;        // 1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK
  std::string colour_space;  // "greyscale", "YCbCr", "RGB", "CMYK", "YCCK", "unknown"
  bool progressive = false;
};

struct DecodedJpeg {
  RgbaPicture picture;
  // libjpeg's warnings, in its words ("Premature end of JPEG file"), the first
  // few of them; warning_count counts them all.
  std::vector<std::string> warnings;
  int warning_count = 0;
  bool truncated = false;  // the data ended before the picture did
};

// The header of the JPEG `bytes` hold; `name` prefixes every error.
absl::StatusOr<JpegInfo> ReadJpegInfo(Bytes bytes, absl::string_view name);

// The whole picture; an error for what is not a JPEG, a picture over
// `limits`, a colour space not drawn, or data libjpeg cannot go on with.
absl::StatusOr<DecodedJpeg> DecodeJpeg(Bytes bytes, absl::string_view name,
                                       const JpegLimits& limits = {});

}  // namespace kbot::image
