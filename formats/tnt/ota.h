// A map's OTA file (maps/NAME.ota, beside NAME.tnt): its title, players,
// planet, wind, tidal, gravity, and per schema (a game setting of the map:
// "Network 1", "Single Player") the metal, the starting resources and the
// start positions. The text is TDF (formats/tdf/tdf.h); the rules, key by
// key, and what a sloppy file gives: docs/formats/tnt.md, "OTA".
//
//   [GlobalHeader]
//       {
//       missionname=Demo Lakes;        title
//       numplayers=2, 4;               players: "2, 4", "4", "2-4"
//       size=4 x 4;                    as written
//       tidalstrength=20; solarstrength=20; minwindspeed=1000;
//       maxwindspeed=3000; gravity=112; SCHEMACOUNT=2;
//       [Schema 0]                     "Schema N", any case and spacing
//           {
//           Type=Network 1; SurfaceMetal=3; MohoMetal=35;
//           [specials]                 optional
//               {
//               [special0]
//                   {
//                   specialwhat=StartPos1;   start 1 ..
//                   XPos=960; ZPos=928;      .. at map pixels (x across, z down)
//                   }
//               }
//           }
//       }
//
// Keys and section names compare without regard to ASCII case; every key is
// kept as written as well, so a mod's own keys (and the game's `killmul`,
// `memory`, `aiprofile` ...) are never lost. What is odd but readable is a
// warning naming its section and line; only a file that is not TDF, or has
// no [GlobalHeader], is an error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"
#include "formats/tdf/tdf.h"

namespace kbot::tnt {

// Start positions are StartPos1 .. StartPos10 (TA's ten players).
inline constexpr int kMaxOtaStart = 10;
// How many warnings a read keeps (it counts them all), the TDF reader's
// included.
inline constexpr size_t kMaxOtaWarnings = 100;

// One child section of a schema's [specials]: every one is kept, start
// positions included.
struct OtaSpecial {
  std::string section;      // "special0", as written
  uint32_t line = 0;        // of its '['
  std::string what;         // specialwhat, as written ("StartPos1"); "" if absent
  std::optional<int> x, z;  // XPos, ZPos when they are numbers (a fraction dropped)
};

// A start position: a special whose specialwhat is StartPosN (any case) with
// both coordinates numbers. One whose XPos or ZPos is missing or not a
// number is no start (a warning says so); it stays among the specials.
struct OtaStart {
  int number = 0;       // N, 1..kMaxOtaStart
  int x = 0, z = 0;     // map pixels: x across, z down
  std::string section;  // the special's section, "special3"
  uint32_t line = 0;    // of its '['
};

struct OtaSchema {
  int index = 0;        // N of [Schema N]
  std::string section;  // the name as written, "Schema 0"
  uint32_t line = 0;    // of its '['
  std::string type;     // Type: "Network 1"; "" if absent
  std::optional<double> surface_metal, moho_metal;  // SurfaceMetal, MohoMetal
  // Every entry of the schema, in file order, as written (HumanMetal,
  // ComputerEnergy, aiprofile, Meteor* ...), duplicates included.
  std::vector<tdf::TdfEntry> keys;
  std::vector<OtaStart> starts;      // by number; one per number (the later wins)
  std::vector<OtaSpecial> specials;  // file order; empty when [specials] is absent
};

struct Ota {
  // GlobalHeader's text, "" when absent.
  std::string title;        // missionname
  std::string description;  // missiondescription
  std::string planet;       // planet: "Green Planet", "Lava" ...

  // numplayers as written ("2, 4"), and the fewest and most players it names
  // (numbers apart by commas, hyphens or spaces); unset when absent or when
  // it names none (a warning).
  std::optional<std::string> players_text;
  std::optional<int> players_min, players_max;
  std::optional<std::string> size_text;  // size as written: "10 x 12"

  // Numbers, unset when absent, empty or not a number (a warning).
  std::optional<double> tidal;     // tidalstrength
  std::optional<double> solar;     // solarstrength
  std::optional<double> min_wind;  // minwindspeed
  std::optional<double> max_wind;  // maxwindspeed
  std::optional<double> gravity;   // gravity
  std::optional<double> water_damage;  // waterdamage
  // Flags, a number: 0 is false, any other true.
  std::optional<bool> lava_world;         // lavaworld
  std::optional<bool> water_does_damage;  // waterdoesdamage
  // SCHEMACOUNT as stated (a warning when it is not the number of schemas).
  std::optional<int> schema_count;

  // Every [GlobalHeader] entry, in file order, as written, duplicates
  // included (the named fields above read the last of a duplicated key).
  std::vector<tdf::TdfEntry> header_keys;
  std::vector<OtaSchema> schemas;  // by index

  // The TDF reader's warnings ("line 3 column 7: missing ';' ..."), then the
  // OTA's ("[Schema 0] [special2] line 40: StartPos3: no ZPos; not a start
  // position"): the first kMaxOtaWarnings, and the count of all.
  std::vector<std::string> warnings;
  uint64_t warning_count = 0;
};

// The OTA `bytes` hold; `file` names it in errors. Errors: the TDF reader's
// (an unreadable structure, with its line and column) and a file with no
// [GlobalHeader] section ("not an OTA: no [GlobalHeader] section; its
// sections: [UNITINFO]").
absl::StatusOr<Ota> ReadOta(Bytes bytes, absl::string_view file);

}  // namespace kbot::tnt
