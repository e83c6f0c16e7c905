#include "formats/gta/mission_body.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace kbot::gta::mission_internal {

void AddNote(Mission& mission, MissionBudget& budget, size_t line, absl::string_view raw,
             std::string problem) {
  if (mission.notes.size() >= kMaxNotesPerMission || budget.notes == 0) return;
  --budget.notes;
  if (mission.notes.size() + 1 == kMaxNotesPerMission || budget.notes == 0) {
    mission.notes.push_back(
        {line, "",
         absl::StrCat("more notes than kbot keeps (", kMaxNotesPerMission, " a section, ",
                      kMaxMissionNotes, " a file): the rest are dropped")});
    return;
  }
  while (!raw.empty() && (raw.back() == '\r' || raw.back() == '\n')) raw.remove_suffix(1);
  std::string text = raw.size() <= kMaxNoteText
                         ? std::string(raw)
                         : absl::StrCat(raw.substr(0, kMaxNoteText - 3), "...");
  mission.notes.push_back({line, std::move(text), std::move(problem)});
}

namespace {

// Why the values stopped short of `want`: too few, or a token that is not a
// number.
std::string ShortBy(const Values& v, size_t want) {
  std::string why = absl::StrCat("reads ", want, " values; the line has ", v.count);
  if (v.overflow) {
    absl::StrAppend(&why, ", then '", Quote(v.stop), "', which does not fit in 32 bits");
  } else if (!v.stop.empty()) {
    absl::StrAppend(&why, ", then '", Quote(v.stop), "', which is not a number");
  }
  return why;
}

constexpr absl::string_view kNotObject = "not an object line (LINE [FLAG] (X,Y,Z) TYPE VALUES): ";
constexpr absl::string_view kNotCommand = "not a command line (LABEL OPCODE A B C D E): ";

// An object line taken apart, after its number.
struct ObjectShape {
  int number = 0;
  absl::string_view flag;  // the digits before '(', if any
  int x = 0, y = 0, z = 0;
  bool dot = false;  // '.' typed for ',' between coordinates
  absl::string_view type;
  Values values;
};

// "(X,Y,Z)", blanks allowed inside; "" or why not. A '.' between numbers is
// read as ',': a typo real files have, which other readers forgive (the
// game's coordinate reader looks for the next ',' and would misread it).
std::string ReadCoords(Cursor& c, ObjectShape& s) {
  c.Skip();
  if (c.Peek() != '(') return "no flag digit or '(' after the number";
  ++c.pos;
  int* const xyz[] = {&s.x, &s.y, &s.z};
  for (int i = 0; i < 3; ++i) {
    c.Skip();
    const IntRead r = ReadInt(c.s, c.pos, *xyz[i]);
    if (r != IntRead::kOk) {
      return absl::StrCat("coordinate ", i + 1,
                          r == IntRead::kNone ? " is not a number" : " does not fit in 32 bits");
    }
    c.Skip();
    const char next = c.Peek();
    ++c.pos;
    if (i < 2 && (next == ',' || next == '.')) {
      s.dot |= next == '.';
    } else if (i == 2 && next == ')') {
      return "";
    } else {
      return i < 2 ? absl::StrCat("no ',' after coordinate ", i + 1)
                   : std::string("no ')' after three coordinates");
    }
  }
  return "";
}

// After the number: [FLAG] (X,Y,Z) TYPE VALUES. The flag may be glued to
// its '(' ("1("), as the game allows. "" or why the line is not that shape.
std::string ReadObjectShape(Cursor& c, ObjectShape& s) {
  c.Skip();
  const size_t flag = c.pos;
  while (IsDigit(c.Peek())) ++c.pos;
  s.flag = c.s.substr(flag, c.pos - flag);
  if (std::string why = ReadCoords(c, s); !why.empty()) return why;
  s.type = c.Word();
  if (s.type.empty()) return "no object type after the coordinates";
  s.values = ReadValues(c);
  return "";
}

// The game reads the character before '(' as a digit d and makes the object
// persistent for any d, listing it for the kill frenzy too when d is 2.
int Flag(absl::string_view flag, std::vector<std::string>& odd) {
  if (flag != "1" && flag != "2") {
    odd.push_back(absl::StrCat("flag '", Quote(flag), "': the game reads ",
                               flag.size() > 1 ? "only its first digit, and " : "",
                               "any digit but 2 as 1 (persistent)"));
  }
  return flag[0] == '2' ? 2 : 1;
}

// The values `type` reads off the line into `params`, and what follows them
// into `odd`; or why the line has too few.
std::optional<std::string> TakeParams(const MissionObjectType& type, const Values& v,
                                      absl::string_view text, std::vector<int>& params,
                                      std::vector<std::string>& odd) {
  size_t want = size_t(type.params);
  if (type.max_params != type.params && !v.ints.empty()) {  // PED: by its sub-type
    const int n = PedParamCount(v.ints[0]);
    want = size_t(n);
    if (n == 0) {
      odd.push_back(absl::StrCat(type.name, " sub-type ", v.ints[0],
                                 " is not one the game's loader reads (it stops with an error)"));
      want = std::clamp(v.count, size_t{2}, size_t(type.max_params));
    }
  }
  if (v.count < want) {
    return absl::StrCat(type.name, " ", ShortBy(v, want),
                        ": not kept (the game stops at it, or takes the next line's numbers)");
  }
  params.assign(v.ints.begin(), v.ints.begin() + std::ptrdiff_t(want));
  if (v.count > want || !v.stop.empty()) {
    odd.push_back(absl::StrCat("'", Quote(v.From(text, want)), "' after the ", want, " values ",
                               type.name, " reads: not read (the game would take it for the next "
                               "object line)"));
  }
  return std::nullopt;
}

// An unknown type on a line of the right shape (a word, then integers) keeps
// all its values; any other is not an object. "" or why not.
std::string TakeUnknown(const ObjectShape& s, std::vector<int>& params,
                        std::vector<std::string>& odd) {
  std::string what = absl::StrCat("unknown object type '", Quote(s.type), "'");
  if (const MissionObjectType* upper = FindObjectType(Upper(s.type))) {
    absl::StrAppend(&what, " (the game's names are upper case: ", upper->name, ")");
  }
  if (!IsWordShaped(s.type) || !s.values.stop.empty() || s.values.count > kMaxValues) {
    return what;
  }
  params = s.values.ints;
  odd.insert(odd.begin(), absl::StrCat(what, ": not one of the game's ", kMissionObjectTypeCount,
                                       " (the game stops at it); kept with its ",
                                       s.values.count, " value(s)"));
  return "";
}

// The reader of one section's lines, in the order they come: header values,
// then objects until a negative number, then commands until a negative label.
class BodyReader {
 public:
  BodyReader(Mission& mission, MissionBudget& budget) : m_(mission), budget_(budget) {}

  void Read(const LogicalLine& line) {
    Cursor c{line.text};
    if (c.AtEnd()) return;
    last_line_ = line.line;
    switch (phase_) {
      case Phase::kHeader: return Header(line);
      case Phase::kObjects: return Object(line, c);
      case Phase::kCommands: return Command(line, c);
      case Phase::kAfter: return After(line);
    }
  }

  void Finish(const SectionBody& body, const LogicalLines& lines);
  BodyCounts counts() const { return counts_; }

 private:
  enum class Phase { kHeader, kObjects, kCommands, kAfter };

  void Note(const LogicalLine& line, std::string problem) {
    AddNote(m_, budget_, line.line, line.raw, std::move(problem));
  }
  void Header(const LogicalLine& line);
  void Object(const LogicalLine& line, Cursor c);
  void AddObject(const LogicalLine& line, const ObjectShape& s);
  void Command(const LogicalLine& line, Cursor c);
  void AddCommand(const LogicalLine& line, int label, absl::string_view opcode, const Values& v);
  void After(const LogicalLine& line) {
    if (after_noted_) return;
    after_noted_ = true;
    Note(line, "text after the final -1 (from here to the end of the section): the game does not "
               "read it");
  }
  // Whether one more record may be kept; the first time not, a note says so.
  bool CanKeep(const LogicalLine& line, size_t kept, size_t cap, absl::string_view what);
  void Repeated(std::map<int, size_t>& seen, int number, size_t line, absl::string_view what,
                absl::string_view consequence, std::vector<std::string>& odd) {
    const auto [it, inserted] = seen.emplace(number, line);
    if (!inserted) {
      odd.push_back(absl::StrCat(what, " ", number, " again (first on line ", it->second,
                                 "): ", consequence));
    }
  }

  Mission& m_;
  MissionBudget& budget_;
  Phase phase_ = Phase::kHeader;
  size_t header_count_ = 0;
  size_t last_line_ = 0;         // of the last line that is not blank
  size_t objects_end_line_ = 0;  // of the -1 that ends the objects
  bool after_noted_ = false;
  bool dropped_noted_ = false;
  std::map<int, size_t> numbers_, labels_;  // kept ones -> their first line
  BodyCounts counts_;
};

}  // namespace

namespace {

// Six integers, on one line or several. A line with anything else ends them
// early (the missing ones stay 0) and is read as the first object line.
void BodyReader::Header(const LogicalLine& line) {
  Cursor c{line.text};
  std::vector<int> values;
  while (!c.AtEnd()) {
    const absl::string_view token = c.Word();
    int v = 0;
    const IntRead r = IntToken(token, v);
    if (r == IntRead::kNone) {
      Note(line, header_count_ == 0
                     ? std::string("no header values before this line: the six are taken as 0")
                     : absl::StrCat("only ", header_count_, " of the six header values before "
                                    "this line: the rest are taken as 0"));
      phase_ = Phase::kObjects;
      return Object(line, Cursor{line.text});
    }
    if (r == IntRead::kOverflow) {
      Note(line, absl::StrCat("header value '", Quote(token),
                              "' does not fit in 32 bits: taken as 0"));
    }
    values.push_back(v);
  }
  size_t extra = 0;
  for (int v : values) {
    if (header_count_ < m_.header_values.size()) {
      m_.header_values[header_count_++] = v;
    } else {
      ++extra;
    }
  }
  if (extra > 0) {
    Note(line, absl::StrCat(extra, " value(s) after the six header values: not read (the game "
                                   "would take the first for an object line's number)"));
  }
  if (header_count_ == m_.header_values.size()) phase_ = Phase::kObjects;
}

void BodyReader::Object(const LogicalLine& line, Cursor c) {
  int number = 0;
  const IntRead r = LeadInt(c, number);
  if (r != IntRead::kOk) {
    return Note(line, absl::StrCat(kNotObject, r == IntRead::kNone
                                                   ? "it does not start with a number"
                                                   : "its number does not fit in 32 bits"));
  }
  if (number < 0) {
    phase_ = Phase::kCommands;
    objects_end_line_ = line.line;
    if (!c.AtEnd()) Command(line, c);  // "-1 0 DONOWT ...": the game reads on
    return;
  }
  // A known opcode with no coordinates: the object list's -1 is missing. The
  // game would stop; reading on as commands keeps the script.
  Cursor word = c;
  if (line.text.find('(') == std::string::npos && FindCommand(word.Word()) >= 0) {
    Note(line, "a command line among the objects: no -1 ends the object list before it; read "
               "as commands from here");
    phase_ = Phase::kCommands;
    return Command(line, Cursor{line.text});
  }
  ObjectShape s;
  s.number = number;
  if (std::string why = ReadObjectShape(c, s); !why.empty()) {
    return Note(line, absl::StrCat(kNotObject, why));
  }
  AddObject(line, s);
}

void BodyReader::AddObject(const LogicalLine& line, const ObjectShape& s) {
  MissionObject o;
  o.line_number = s.number;
  o.x = s.x, o.y = s.y, o.z = s.z;
  o.type = std::string(s.type);
  o.source_line = line.line;
  std::vector<std::string> odd;
  if (!s.flag.empty()) o.flag = Flag(s.flag, odd);
  if (s.dot) odd.push_back("'.' in place of ',' in the coordinates, read as ','");
  if (const MissionObjectType* type = FindObjectType(s.type)) {
    o.known_type = true;
    o.units = type->units;
    if (std::optional<std::string> short_by = TakeParams(*type, s.values, line.text, o.params, odd)) {
      odd.push_back(std::move(*short_by));
      return Note(line, absl::StrJoin(odd, "; "));
    }
  } else if (std::string why = TakeUnknown(s, o.params, odd); !why.empty()) {
    return Note(line, absl::StrCat(kNotObject, why));
  }
  ++counts_.objects;
  const bool keep = CanKeep(line, m_.objects.size(), kMaxObjectsPerMission, "objects");
  if (keep) {
    Repeated(numbers_, o.line_number, line.line, "object number",
             "the game's references go to the later one", odd);
  }
  if (!odd.empty()) Note(line, absl::StrJoin(odd, "; "));
  if (keep) m_.objects.push_back(std::move(o));
}

bool BodyReader::CanKeep(const LogicalLine& line, size_t kept, size_t cap, absl::string_view what) {
  if (kept < cap && budget_.records > 0) {
    --budget_.records;
    return true;
  }
  if (!dropped_noted_) {
    dropped_noted_ = true;
    Note(line, absl::StrCat("more ", what, " than kbot keeps (", cap, " a section, ",
                            kMaxMissionRecords, " objects and commands a file): from here on "
                            "they are read but not kept"));
  }
  return false;
}

// What a line that is not a command looks like, when it looks like an object.
std::string ObjectHint(absl::string_view text, size_t objects_end_line) {
  if (text.find('(') == absl::string_view::npos || objects_end_line == 0) return "";
  return absl::StrCat(" (it reads like an object line, but the objects ended with the -1 on line ",
                      objects_end_line, ")");
}

void BodyReader::Command(const LogicalLine& line, Cursor c) {
  int label = 0;
  const IntRead r = LeadInt(c, label);
  if (r != IntRead::kOk) {
    return Note(line, absl::StrCat(kNotCommand,
                                   r == IntRead::kNone ? "it does not start with a number"
                                                       : "its label does not fit in 32 bits",
                                   ObjectHint(line.text, objects_end_line_)));
  }
  if (label < 0) {
    phase_ = Phase::kAfter;
    if (!c.AtEnd()) After(line);
    return;
  }
  const absl::string_view opcode = c.Word();
  if (!IsWordShaped(opcode)) {
    return Note(line, absl::StrCat(kNotCommand,
                                   opcode.empty() ? std::string("no opcode after the label")
                                                  : absl::StrCat("'", Quote(opcode),
                                                                 "' is not an opcode"),
                                   ObjectHint(line.text, objects_end_line_)));
  }
  const Values v = ReadValues(c);
  if (v.count < 5) {
    return Note(line, absl::StrCat(opcode, " ", ShortBy(v, 5),
                                   ": not kept (the game would take the next line's numbers for "
                                   "the rest)"));
  }
  AddCommand(line, label, opcode, v);
}

void BodyReader::AddCommand(const LogicalLine& line, int label, absl::string_view opcode,
                            const Values& v) {
  MissionCommand cmd;
  cmd.label = label;
  cmd.opcode = std::string(opcode);
  cmd.opcode_index = FindCommand(opcode);
  cmd.known_opcode = cmd.opcode_index >= 0;
  std::copy_n(v.ints.begin(), cmd.args.size(), cmd.args.begin());
  cmd.source_line = line.line;
  std::vector<std::string> odd;
  if (!cmd.known_opcode) {
    std::string what = absl::StrCat("unknown opcode '", Quote(opcode), "'");
    if (FindCommand(Upper(opcode)) >= 0) {
      absl::StrAppend(&what, " (the game's names are upper case: ", Upper(opcode), ")");
    }
    odd.push_back(absl::StrCat(what, ": not one of the game's ", kMissionCommandCount, "; kept"));
  }
  if (v.count > 5 || !v.stop.empty()) {
    odd.push_back(absl::StrCat("'", Quote(v.From(line.text, 5)),
                               "' after the five values: not read (the game would take it for "
                               "the next label)"));
  }
  ++counts_.commands;
  const bool keep = CanKeep(line, m_.commands.size(), kMaxCommandsPerMission, "commands");
  if (keep) {
    Repeated(labels_, label, line.line, "label", "the game's jumps go to the later one", odd);
  }
  if (!odd.empty()) Note(line, absl::StrJoin(odd, "; "));
  if (keep) m_.commands.push_back(std::move(cmd));
}

// What the section lacks at its end: a comment's '}', header values, a -1.
void BodyReader::Finish(const SectionBody& body, const LogicalLines& lines) {
  const std::string ends =
      body.bracket_line > 0
          ? absl::StrCat(" before the '[' on line ", body.bracket_line, " ends the section")
          : std::string(" before the file ends");
  if (const std::optional<size_t> open = lines.open_comment()) {
    AddNote(m_, budget_, *open, "",
            absl::StrCat("a comment opened on this line has no '}'", ends,
                         body.bracket_line > 0 ? " (as in the game, a '[' ends a section even "
                                                 "inside a comment)"
                                               : "",
                         ": the rest of the section is inside it"));
  }
  const size_t at = last_line_ > 0 ? last_line_ : body.line;
  std::string problem;
  switch (phase_) {
    case Phase::kHeader:
      problem = header_count_ == 0
                    ? std::string("the section has no header values, objects or commands")
                    : absl::StrCat("only ", header_count_, " of the six header values, and no "
                                   "objects or commands");
      break;
    case Phase::kObjects:
      problem = absl::StrCat("no -1 ends the object list", ends, ", and no commands follow");
      break;
    case Phase::kCommands: problem = absl::StrCat("no final -1 ends the command list", ends); break;
    case Phase::kAfter: return;
  }
  AddNote(m_, budget_, at, "", std::move(problem));
}

}  // namespace

BodyCounts ReadSectionBody(const SectionBody& body, Mission& mission, MissionBudget& budget) {
  LogicalLines lines(body.text, body.line, body.blank_before);
  BodyReader reader(mission, budget);
  LogicalLine line;
  while (lines.Next(line)) reader.Read(line);
  reader.Finish(body, lines);
  // The notes found at the end (an open comment) belong earlier.
  std::stable_sort(mission.notes.begin(), mission.notes.end(),
                   [](const MissionNote& a, const MissionNote& b) {
                     return a.source_line < b.source_line;
                   });
  return reader.counts();
}

}  // namespace kbot::gta::mission_internal
