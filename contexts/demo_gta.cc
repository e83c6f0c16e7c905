#include "contexts/demo_gta.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/gta/fxt.h"

namespace kbot::contexts {

absl::StatusOr<std::vector<DemoAsset>> MakeDemoGtaAssets() {
  absl::StatusOr<std::vector<uint8_t>> fxt = gta::WriteFxt({
      {"1001", "Answer the phone at the corner of 5th and Main."},
      {"1002", "Take the car to the crusher. Don't scratch it."},
      {"1001", "A repeated key: the game keeps every record, and so does kbot."},
      {"car1", "Caf\xc3\xa9 Racer"},
      {"fr01", "R\xc3\xa9pondez au t\xc3\xa9l\xc3\xa9phone, s'il vous pla\xc3\xaet."},
      {"city1", "Liberty City"},
  });
  if (!fxt.ok()) return absl::InternalError(absl::StrCat("demo ENGLISH.FXT: ", fxt.status().message()));
  return std::vector<DemoAsset>{{"GTADATA/ENGLISH.FXT", *std::move(fxt)}};
}

}  // namespace kbot::contexts
