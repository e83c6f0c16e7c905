// libFuzzer target: any bytes through ReadPlayerFile, whatever their size
// (exactly 0x414 bytes takes the documented reading; any other size tries
// both layouts, decodes what checks out and lists the strings). When a file
// reads, every field is visited, so a value left half-built shows up under
// the sanitizers. The reader must return a value or an error for every input
// and never read out of bounds.
#include <cstddef>
#include <cstdint>

#include "formats/gta/player.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace kbot::gta;
  absl::StatusOr<PlayerFile> p = ReadPlayerFile(kbot::Bytes(data, size), "fuzz.dat");
  if (!p.ok()) return 0;
  size_t sum = p->size + p->settings.size() + p->language_raw.size() + p->language_override;
  if (p->high_scores.size() != size_t(kHighScores) || p->players.size() != size_t(kPlayerRecords)) {
    __builtin_trap();  // every reading yields all 18 scores and 8 players, known or not
  }
  for (int level = 0; level < kScoreLevels; ++level) {
    for (int rank = 0; rank < kScoresPerLevel; ++rank) {
      const HighScore& s = p->Score(level, rank);
      sum += s.offset + size_t(s.score.value_or(0)) + s.raw_name.size();
      if (s.name) sum += s.name->size();
    }
  }
  for (const PlayerRecord& r : p->players) {
    sum += r.offset + r.raw.size() + (r.name ? r.name->size() : 0);
    if (r.packed) {
      for (const auto& v : r.packed->level_scores) sum += size_t(v.value_or(0));
      sum += size_t(r.packed->multiplayer_area) + r.packed->videos_unlocked[5];
    }
  }
  if (p->packed_settings) sum += p->packed_settings->deathmatch_kills;
  sum += size_t(p->current_player.value_or(0));
  if (p->network_name) sum += p->network_name->size();
  for (const PlayerString& s : p->strings) sum += s.offset + s.text.size();
  for (const std::string& w : p->warnings) sum += w.size();
  volatile size_t sink = sum;
  (void)sink;
  return 0;
}
