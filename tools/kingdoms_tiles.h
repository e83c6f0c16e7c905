// TA: Kingdoms map tiles for the map render (formats/tnt/render.h): each
// tile position names a JPEG sheet by a 32-bit id; the sheet is found in the
// context (docs/formats/tnt.md, "TA: Kingdoms tile sheets"), decoded once
// per render, and its 32 x 32 tiles handed out. A sheet that cannot be found
// or read is remembered as missing (the render draws placeholders there and
// lists the ids); one that cannot be decoded is also a warning, and so is one
// too small for the tiles asked of it (once a sheet, however many tile
// positions ask past its edge).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "contexts/workspace.h"
#include "formats/image/picture.h"

namespace kbot::tools {

class KingdomsTiles {
 public:
  explicit KingdomsTiles(const contexts::Context& context) : context_(context) {}

  // For RenderOptions::kingdoms_tile; valid while this object lives. A tile
  // handed out stays valid until the next call.
  std::function<const uint8_t*(uint32_t sheet, uint32_t column, uint32_t row)> Source();

  // Sheets that were found but could not be decoded, then those that had no
  // tile where asked (by id, one line each with the first place asked).
  std::vector<std::string> Warnings() const;

 private:
  const uint8_t* Tile(uint32_t sheet, uint32_t column, uint32_t row);

  const contexts::Context& context_;
  // By id: the decoded sheet, or null when missing or unreadable.
  std::map<uint32_t, std::shared_ptr<const image::RgbaPicture>> sheets_;
  // A decoded sheet asked for tiles past its edge: the first asked, and how
  // many tile positions asked.
  struct ShortSheet {
    int width = 0, height = 0;
    uint32_t column = 0, row = 0;
    int count = 0;
  };

  std::vector<uint8_t> tile_;  // the last tile handed out, 32 x 32 RGB
  std::vector<std::string> warnings_;
  std::map<uint32_t, ShortSheet> short_sheets_;
};

}  // namespace kbot::tools
