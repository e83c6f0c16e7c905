#include "tools/kingdoms_tiles.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "formats/image/jpeg_decode.h"
#include "formats/tnt/kingdoms_sheets.h"

namespace kbot::tools {

std::function<const uint8_t*(uint32_t, uint32_t, uint32_t)> KingdomsTiles::Source() {
  return [this](uint32_t sheet, uint32_t column, uint32_t row) {
    return Tile(sheet, column, row);
  };
}

const uint8_t* KingdomsTiles::Tile(uint32_t sheet, uint32_t column, uint32_t row) {
  auto [it, fresh] = sheets_.try_emplace(sheet, nullptr);
  if (fresh) {
    const std::string path = tnt::KingdomsSheetPath(sheet);
    absl::StatusOr<contexts::VfsFile> file = context_.vfs->Read(path);
    if (file.ok()) {  // a missing sheet is the render's to list, not a warning
      absl::StatusOr<image::DecodedJpeg> jpeg =
          image::DecodeJpeg(file->blob.bytes(), file->stat.path);
      if (!jpeg.ok()) {
        warnings_.push_back(absl::StrCat("tile sheet ", jpeg.status().message()));
      } else {
        if (jpeg->truncated) {
          warnings_.push_back(absl::StrCat(file->stat.path, ": truncated; its end drawn grey"));
        }
        it->second = std::make_shared<const image::RgbaPicture>(std::move(jpeg->picture));
      }
    }
  }
  if (it->second == nullptr) return nullptr;
  tile_.resize(tnt::kSheetTileRgbBytes);
  if (!tnt::ExtractTile(*it->second, column, row, tile_.data())) {
    ++short_sheets_
          .try_emplace(sheet, ShortSheet{it->second->width, it->second->height, column, row, 0})
          .first->second.count;
    return nullptr;
  }
  return tile_.data();
}

std::vector<std::string> KingdomsTiles::Warnings() const {
  std::vector<std::string> out = warnings_;
  for (const auto& [sheet, s] : short_sheets_) {
    const std::string more =
        s.count > 1 ? absl::StrCat(" (", s.count, " tile positions ask past its edge)") : "";
    out.push_back(absl::StrCat(tnt::KingdomsSheetPath(sheet), " (", s.width, " x ", s.height,
                               ") has no tile at column ", s.column, " row ", s.row, more));
  }
  return out;
}

}  // namespace kbot::tools
