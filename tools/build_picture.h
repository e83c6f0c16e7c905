// A unit's build picture as unit_describe hands it to an assistant: TA's
// unitpics/UNIT.pcx drawn (its own trailing palette, else the context's
// palette chain: tools/pcx_picture.h) and enlarged by the largest whole
// factor (nearest neighbour, at most 4) that keeps it within 256 px, as the
// GAF exports enlarge small sprites; TA: Kingdoms' anims/buildpic/UNIT.jpg
// as the file's own JPEG bytes, its size read from its frame header (kbot
// decodes no JPEG: it is passed on as it is, not enlarged).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "formats/common/byte_reader.h"

namespace kbot::tools {

inline constexpr int kBuildPictureSide = 256;
inline constexpr int kBuildPictureMaxScale = 4;

struct BuildPicture {
  std::string path;                // in the context, as listed
  std::vector<uint8_t> bytes;      // PNG or JPEG
  std::string mime_type;           // image/png | image/jpeg
  int width = 0, height = 0;       // as delivered
  int file_width = 0, file_height = 0;  // the file's own
  int scale = 1;
  std::vector<std::string> warnings;  // the PCX reader's and the palette chain's
};

// The picture at `path` in `context` (a .pcx, or a .jpg). Errors: the
// file cannot be read or is not a picture of its kind.
absl::StatusOr<BuildPicture> ReadBuildPicture(const contexts::Context& context,
                                              const std::string& path);

// A JPEG's width and height from its first start-of-frame marker; nullopt
// when `bytes` is not a JPEG or ends before one.
struct JpegSize {
  int width = 0, height = 0;
};
std::optional<JpegSize> ReadJpegSize(Bytes bytes);

}  // namespace kbot::tools
