#include "formats/gta/player.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace kbot::gta {

namespace {

// The bytes of `field` up to its first NUL; `terminated` tells whether there
// was one.
std::string CString(Bytes field, bool& terminated) {
  const auto nul = std::find(field.begin(), field.end(), uint8_t{0});
  terminated = nul != field.end();
  return std::string(field.begin(), nul);
}

}  // namespace

absl::StatusOr<PlayerFile> ReadPlayerFile(Bytes file, absl::string_view name) {
  if (file.size() != kPlayerFileSize) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": a player file is ",
                                                   Hex(kPlayerFileSize), " (", kPlayerFileSize,
                                                   ") bytes, the file is ", file.size()));
  }
  PlayerFile out;
  ByteReader r(file);  // every read below is inside the checked 0x414 bytes
  Bytes b;
  r.Take(kPlayerSettingsSize, b);
  std::copy(b.begin(), b.end(), out.settings.begin());

  r.Take(4, b);
  std::copy(b.begin(), b.end(), out.language_raw.begin());
  out.language_override = LoadU32(b.data());

  for (int level = 0; level < kScoreLevels; ++level) {
    for (int rank = 0; rank < kScoresPerLevel; ++rank) {
      HighScore& s = out.high_scores[level][rank];
      const size_t at = r.pos();
      uint32_t score = 0;
      r.U32(score);
      s.score = int32_t(score);
      r.Take(kScoreNameSize, b);
      std::copy(b.begin(), b.end(), s.raw_name.begin());
      bool terminated = false;
      s.name = CString(b, terminated);
      if (!terminated) {
        out.warnings.push_back(absl::StrCat(name, ": high score level ", level, " rank ", rank,
                                            " at ", Hex(at),
                                            ": the name fills its 16 bytes without a NUL"));
      }
    }
  }

  for (int p = 0; p < kPlayerRecords; ++p) {
    PlayerRecord& rec = out.players[p];
    r.Take(kPlayerRecordSize, b);
    std::copy(b.begin(), b.end(), rec.raw.begin());
    bool terminated = false;
    std::string s = CString(b, terminated);
    const bool printable = std::all_of(s.begin(), s.end(), [](char c) {
      return uint8_t(c) >= 0x20 && uint8_t(c) != 0x7f;
    });
    if (terminated && !s.empty() && printable) rec.name = std::move(s);
  }

  r.U8(out.current_player);
  if (out.current_player >= kPlayerRecords) {
    out.warnings.push_back(absl::StrCat(name, ": current player at ", Hex(kCurrentPlayerOffset),
                                        " is ", int(out.current_player),
                                        ", not one of the 8 records"));
  }
  r.Take(r.remaining(), b);
  bool terminated = false;
  out.network_name = CString(b, terminated);
  if (!terminated) {
    out.warnings.push_back(absl::StrCat(name, ": network name at ", Hex(kNetworkNameOffset),
                                        ": no NUL before the end of the file"));
  }
  return out;
}

}  // namespace kbot::gta
