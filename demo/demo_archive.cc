#include "demo/demo_archive.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "demo/demo_kingdoms.h"
#include "formats/hpi/hpi_writer.h"
#include "formats/palette/palette.h"

namespace kbot::demo {

namespace {

absl::StatusOr<std::vector<uint8_t>> BytesOf(const std::vector<DemoAsset>& assets,
                                             const std::string& path) {
  auto it = std::find_if(assets.begin(), assets.end(),
                         [&](const DemoAsset& a) { return a.path == path; });
  if (it == assets.end()) return absl::InternalError(absl::StrCat("demo archive: no ", path));
  return it->bytes;
}

// The PCX with the channels of its trailing palette rotated.
absl::StatusOr<std::vector<uint8_t>> RotatedPalettePcx(std::vector<uint8_t> pcx) {
  if (pcx.size() < palette::kPcxHeaderSize + palette::kPcxPaletteTrailer) {
    return absl::InternalError("demo archive: aramon.pcx has no palette");
  }
  for (size_t at = pcx.size() - 768; at < pcx.size(); at += 3) {
    std::rotate(pcx.begin() + at, pcx.begin() + at + 2, pcx.begin() + at + 3);
  }
  return pcx;
}

}  // namespace

absl::StatusOr<DemoAsset> MakeDemoArchive(const std::vector<DemoAsset>& loose) {
  absl::StatusOr<std::vector<uint8_t>> cursors = BytesOf(loose, "anims/cursors.gaf");
  if (!cursors.ok()) return cursors.status();
  absl::StatusOr<std::vector<uint8_t>> flag = BytesOf(loose, "units/araflag.gaf");
  if (!flag.ok()) return flag.status();
  absl::StatusOr<std::vector<uint8_t>> aramon = BytesOf(loose, "palettes/aramon.pcx");
  if (!aramon.ok()) return aramon.status();
  absl::StatusOr<std::vector<uint8_t>> veruna = RotatedPalettePcx(*std::move(aramon));
  if (!veruna.ok()) return veruna.status();
  DemoAsset knight = DemoArchivedKnight();
  absl::StatusOr<std::vector<uint8_t>> archive =
      hpi::WriteHpi({{"anims/cursors.gaf", *std::move(cursors)},
                     {"units/verflag.gaf", *std::move(flag)},
                     {"palettes/veruna.pcx", *std::move(veruna)},
                     {std::move(knight.path), std::move(knight.bytes)}},
                    {2, hpi::Compression::kZlib});
  if (!archive.ok()) {
    return absl::InternalError(absl::StrCat("demo archive: ", archive.status().message()));
  }
  return DemoAsset{kDemoArchiveName, *std::move(archive)};
}

}  // namespace kbot::demo
