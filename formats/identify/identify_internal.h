// The checks IdentifyFile runs, one a kind, shared by its source files.
// Each returns the file's identity when its bytes are that kind's.
#pragma once

#include <optional>

#include "formats/identify/identify.h"

namespace kbot::identify {

std::optional<FileIdentity> CityMap(Bytes b);
std::optional<FileIdentity> Style(Bytes b);
std::optional<FileIdentity> Gaf(Bytes b);
std::optional<FileIdentity> TaMap(Bytes b);
std::optional<FileIdentity> Model3do(Bytes b);
std::optional<FileIdentity> Cob(Bytes b);
std::optional<FileIdentity> Pcx(Bytes b);
std::optional<FileIdentity> Font(Bytes b);
std::optional<FileIdentity> MissionIni(Bytes b);

// Whether `first` (a file's first bytes) is text: no NUL, and at most one
// control byte in a hundred (tab, line ends, form feed and the DOS
// end-of-file mark do not count).
bool LooksLikeText(Bytes first);

}  // namespace kbot::identify
