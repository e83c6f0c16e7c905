// libFuzzer target: any bytes through ReadMissionIni; when a file reads, every
// object's world position and every type and opcode looked up again. The
// reader must return a value or an error for every input, never read out of
// bounds, and keep within its bounds (sections, records, notes, note text).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "formats/gta/mission.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace kbot::gta;
  absl::StatusOr<MissionFile> file = ReadMissionIni(kbot::Bytes(data, size), "fuzz.ini");
  if (!file.ok()) return 0;
  if (file->missions.size() > kMaxMissions || file->warnings.size() > kMaxMissionWarnings + 1) {
    std::abort();
  }
  int64_t sum = 0;
  for (const Mission& m : file->missions) {
    if (m.notes.size() > kMaxNotesPerMission || m.objects.size() > kMaxObjectsPerMission ||
        m.commands.size() > kMaxCommandsPerMission) {
      std::abort();
    }
    for (const MissionObject& o : m.objects) {
      const WorldPixels p = ObjectWorldPixels(o);
      sum += p.x + p.y + p.z + int64_t(o.params.size());
      if (o.known_type != (FindObjectType(o.type) != nullptr)) std::abort();
    }
    for (const MissionCommand& c : m.commands) {
      if (c.opcode_index != FindCommand(c.opcode)) std::abort();
      sum += c.args[0];
    }
    for (const MissionNote& n : m.notes) {
      if (n.text.size() > kMaxNoteText) std::abort();
      sum += int64_t(n.source_line);
    }
  }
  volatile int64_t sink = sum;
  (void)sink;
  return 0;
}
