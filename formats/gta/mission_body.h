// Reading the body of one MISSION.INI section, what follows its config line,
// into a Mission: its logical lines (mission_text.h) read as the six header
// values, the object lines and the command lines. Internal to the reader (mission.cc); the format and the reader's
// rules are described in mission.h.
#pragma once

#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"
#include "formats/gta/mission.h"
#include "formats/gta/mission_text.h"

namespace kbot::gta::mission_internal {

// What the whole file may still keep, shared by its sections: a file of
// many sections is bounded as a whole, not only each section.
struct MissionBudget {
  size_t records = kMaxMissionRecords;  // objects and commands
  size_t notes = kMaxMissionNotes;
};

struct SectionBody {
  absl::string_view text;
  size_t line = 1;  // the file line text's first character is on
  // Whether the character before `text` is a blank: the game takes a '{'
  // for a comment only after one.
  bool blank_before = false;
  // The line of the '[' that ends the section; 0 when the file ends it.
  size_t bracket_line = 0;
};

// How many lines of each kind the body held, kept or not (a section past the
// reader's bounds keeps fewer): for the file's warnings.
struct BodyCounts {
  size_t objects = 0;
  size_t commands = 0;
};

BodyCounts ReadSectionBody(const SectionBody& body, Mission& mission, MissionBudget& budget);

// A note for `mission` about `line`, keeping at most kMaxNoteText bytes of
// `raw`. When the section's or the file's notes run out, the last one kept
// says so and later ones are dropped.
void AddNote(Mission& mission, MissionBudget& budget, size_t line, absl::string_view raw,
             std::string problem);

}  // namespace kbot::gta::mission_internal
