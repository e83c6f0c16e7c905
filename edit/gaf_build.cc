#include "edit/gaf_build.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <filesystem>
#include <limits>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "contexts/file_io.h"
#include "formats/csv/csv.h"
#include "formats/gaf/gaf_writer.h"
#include "formats/image/image_decode.h"

namespace kbot::edit {

namespace {

namespace fs = std::filesystem;

absl::Status Error(const fs::path& file, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(file.string(), ": ", what));
}

// A CSV file as a table, or nullopt when the file is not there.
absl::StatusOr<std::optional<csv::Table>> ReadTable(const fs::path& file) {
  std::error_code ec;
  if (!fs::exists(file, ec)) return std::optional<csv::Table>();
  absl::StatusOr<contexts::FileBytes> bytes = contexts::FileBytes::Open(file.string());
  if (!bytes.ok()) return bytes.status();
  const Bytes b = bytes->bytes();
  absl::StatusOr<std::vector<csv::Row>> rows = csv::Parse(
      absl::string_view(reinterpret_cast<const char*>(b.data()), b.size()), file.string());
  if (!rows.ok()) return rows.status();
  absl::StatusOr<csv::Table> table = csv::Table::FromRows(*std::move(rows), file.string());
  if (!table.ok()) return table.status();
  return std::optional<csv::Table>(*std::move(table));
}

// A whole number in [lo, hi] from a CSV field, or an error naming the file,
// the line and the column.
template <typename T>
absl::StatusOr<T> Number(const csv::Table& table, size_t row, absl::string_view column,
                         int64_t lo, int64_t hi, const fs::path& file) {
  const std::string text(absl::StripAsciiWhitespace(table.Get(row, column)));
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < lo ||
      value > hi) {
    return Error(file, absl::StrCat("line ", table.row(row).line, ": ", column, " \"", text,
                                    "\" is not a whole number ", lo, "..", hi));
  }
  return T(value);
}

struct SequenceSource {
  fs::path dir;
  std::string folder;
  std::optional<int64_t> index;  // from sequence.csv
  gaf::SequenceToWrite seq;
};

absl::Status ReadSequenceCsv(const csv::Table& table, const fs::path& file, SequenceSource& src) {
  if (table.size() == 0) return Error(file, "no sequence row under the header");
  if (table.has_column("index")) {
    absl::StatusOr<int64_t> index = Number<int64_t>(table, 0, "index", 0, INT_MAX, file);
    if (!index.ok()) return index.status();
    src.index = *index;
  }
  if (table.has_column("name")) src.seq.name = std::string(table.Get(0, "name"));
  if (src.seq.name.size() >= gaf::kNameSize) {
    return Error(file, absl::StrCat("line ", table.row(0).line, ": name \"", src.seq.name,
                                    "\" is longer than 31 bytes"));
  }
  if (table.has_column("loop_flags")) {
    absl::StatusOr<uint16_t> v = Number<uint16_t>(table, 0, "loop_flags", 0, 0xffff, file);
    if (!v.ok()) return v.status();
    src.seq.loop_flags = *v;
  }
  if (table.has_column("unknown4")) {
    absl::StatusOr<uint32_t> v = Number<uint32_t>(table, 0, "unknown4", 0, 0xffffffffll, file);
    if (!v.ok()) return v.status();
    src.seq.unknown4 = *v;
  }
  return absl::OkStatus();
}

// The storage a frames.csv row names: nullopt when the column is empty or
// missing.
absl::StatusOr<std::optional<gaf::Storage>> NamedStorage(absl::string_view text, size_t line,
                                                         const fs::path& file) {
  const std::string name(absl::StripAsciiWhitespace(text));
  if (name.empty()) return std::optional<gaf::Storage>();
  std::optional<gaf::Storage> storage = gaf::ParseStorage(name);
  if (!storage) {
    return Error(file, absl::StrCat("line ", line, ": storage \"", name,
                                    "\" is not raw, compressed, argb4444, argb1555, zlib-rgba "
                                    "or zlib-rgb"));
  }
  return storage;
}

// The +9 byte of a frame of a standard file. A frame without a storage takes
// the target's default; `storage_override` beats both for paletted frames.
absl::StatusOr<uint8_t> StorageByte(std::optional<gaf::Storage> named, gaf::Storage fallback,
                                    const std::optional<gaf::Storage>& override_storage,
                                    size_t line, const fs::path& file) {
  if (named == gaf::Storage::kArgb4444) return gaf::kStorageArgb4444;
  if (named == gaf::Storage::kArgb1555) return gaf::kStorageArgb1555;
  if (named == gaf::Storage::kZlibRgba || named == gaf::Storage::kZlibRgb) {
    return Error(file, absl::StrCat("line ", line, ": storage ", gaf::StorageName(*named),
                                    " is only in the ta3d-truecolor variant, and the build "
                                    "was asked for the standard one"));
  }
  gaf::Storage storage = named.value_or(fallback);
  if (override_storage) storage = *override_storage;
  return uint8_t(storage == gaf::Storage::kRaw ? 0 : 1);
}

// A frame of the TA3D truecolor variant: RGBA when it says zlib-rgba, RGB when
// it says zlib-rgb, else by its pixels (RGBA when any is not opaque). The
// transparency byte is what TA3D tells the two apart by, so it follows: 0 for
// RGB, the stored value (or 1) for RGBA. TA3D's writer stores 1 at +9.
void SetTa3dStorage(std::optional<gaf::Storage> named, size_t line, const fs::path& file,
                    gaf::FrameToWrite& f, std::vector<std::string>& warnings) {
  bool translucent = false;
  for (size_t i = 3; i < f.rgba.size() && !translucent; i += 4) translucent = f.rgba[i] != 255;
  const bool with_alpha = named == gaf::Storage::kZlibRgba ||
                          (named != gaf::Storage::kZlibRgb && translucent);
  f.storage_byte = 1;
  if (with_alpha && f.transparency == 0) {
    f.transparency = 1;
    if (named) {
      warnings.push_back(absl::StrCat(file.string(), ": line ", line,
                                      ": transparency 0 would make TA3D read RGB; stored 1"));
    }
  } else if (!with_alpha && f.transparency != 0) {
    warnings.push_back(absl::StrCat(file.string(), ": line ", line, ": transparency ",
                                    int(f.transparency), " would make TA3D read RGBA; stored 0"));
    f.transparency = 0;
  }
  if (!with_alpha && translucent) {
    warnings.push_back(absl::StrCat(file.string(), ": line ", line,
                                    ": zlib-rgb keeps no alpha; transparent pixels become opaque"));
    for (size_t i = 3; i < f.rgba.size(); i += 4) f.rgba[i] = 255;
  }
}

// Nearest palette colour by squared RGB distance, never the key; remembered
// per colour, since art repeats its colours.
class NearestColour {
 public:
  NearestColour(const palette::Palette& pal, uint8_t key) : pal_(pal), key_(key) {}
  uint8_t operator()(uint8_t r, uint8_t g, uint8_t b) {
    const uint32_t rgb = (uint32_t(r) << 16) | (uint32_t(g) << 8) | b;
    auto it = cache_.find(rgb);
    if (it != cache_.end()) return it->second;
    int best = key_ == 0 ? 1 : 0, best_d = INT_MAX;
    for (int i = 0; i < 256; ++i) {
      if (i == key_) continue;
      const palette::Rgb& c = pal_.colors[size_t(i)];
      const int d = (c.r - r) * (c.r - r) + (c.g - g) * (c.g - g) + (c.b - b) * (c.b - b);
      if (d < best_d) best_d = d, best = i;
    }
    cache_[rgb] = uint8_t(best);
    return uint8_t(best);
  }

 private:
  const palette::Palette& pal_;
  uint8_t key_;
  absl::flat_hash_map<uint32_t, uint8_t> cache_;
};

// An image as RGBA, whatever it was stored as.
std::vector<uint8_t> AsRgba(const image::DecodedImage& img) {
  if (img.kind == image::DecodedImage::Kind::kRgba) return img.rgba;
  std::vector<uint8_t> rgba(img.index.size() * 4, 0);
  for (size_t i = 0; i < img.index.size(); ++i) {
    if (!img.opaque[i] || img.index[i] >= img.palette.size()) continue;
    const palette::Rgb& c = img.palette[img.index[i]];
    rgba[4 * i] = c.r, rgba[4 * i + 1] = c.g, rgba[4 * i + 2] = c.b, rgba[4 * i + 3] = 255;
  }
  return rgba;
}

// True when an indexed picture's indices are the game palette's: every drawn
// pixel's index names the same colour in the file's palette as in `pal`. Then
// the indices are kept as they are (two slots of one colour stay apart). A
// picture whose palette holds only the colours it uses (as kbot's encoder
// writes an RGBA picture of at most 256 colours, or an editor may save one)
// is not: its indices are its own.
bool IndicesAreThePalettes(const image::DecodedImage& img, const palette::Palette& pal) {
  for (size_t i = 0; i < img.index.size(); ++i) {
    if (!img.opaque[i]) continue;
    const size_t k = img.index[i];
    if (k >= img.palette.size() || k >= pal.colors.size()) return false;
    const palette::Rgb& a = img.palette[k];
    const palette::Rgb& b = pal.colors[k];
    if (a.r != b.r || a.g != b.g || a.b != b.b) return false;
  }
  return true;
}

// Fills the frame's pixels from its image.
void FillPixels(const image::DecodedImage& img, const palette::Palette& pal,
                gaf::FrameToWrite& frame) {
  const size_t n = size_t(frame.width) * frame.height;
  if (frame.storage_byte == gaf::kStorageArgb4444 || frame.storage_byte == gaf::kStorageArgb1555) {
    const std::vector<uint8_t> rgba = AsRgba(img);
    frame.argb.resize(n);
    for (size_t i = 0; i < n; ++i) {
      const uint8_t* p = &rgba[4 * i];
      // Narrowing by a shift undoes the dump's bit replication exactly.
      frame.argb[i] = frame.storage_byte == gaf::kStorageArgb4444
                          ? uint16_t((p[3] >> 4) << 12 | (p[0] >> 4) << 8 | (p[1] >> 4) << 4 |
                                     (p[2] >> 4))
                          : uint16_t((p[3] >> 7) << 15 | (p[0] >> 3) << 10 | (p[1] >> 3) << 5 |
                                     (p[2] >> 3));
    }
    return;
  }
  if (img.kind == image::DecodedImage::Kind::kIndexed && IndicesAreThePalettes(img, pal)) {
    frame.index = img.index;
    frame.opaque = img.opaque;
    return;
  }
  // Any other picture is read by its colours.
  const std::vector<uint8_t> rgba = AsRgba(img);
  NearestColour nearest(pal, frame.transparency);
  frame.index.assign(n, frame.transparency);
  frame.opaque.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    const uint8_t* p = &rgba[4 * i];
    if (p[3] == 0) continue;
    frame.index[i] = nearest(p[0], p[1], p[2]);
    frame.opaque[i] = 1;
  }
}

absl::StatusOr<image::DecodedImage> ReadImage(const fs::path& dir, size_t f) {
  for (const char* ext : {".png", ".gif"}) {
    const fs::path file = dir / absl::StrCat(f, ext);
    std::error_code ec;
    if (!fs::exists(file, ec)) continue;
    absl::StatusOr<contexts::FileBytes> bytes = contexts::FileBytes::Open(file.string());
    if (!bytes.ok()) return bytes.status();
    return image::DecodeImageFile(bytes->bytes(), file.string());
  }
  return Error(dir, absl::StrCat("frame ", f, " has no image (", f, ".png or ", f, ".gif)"));
}

// What every frame of a build shares.
struct FrameRules {
  const BuildRequest& req;
  bool raw_default = false;  // the target is read as plain pixel arrays
  bool ta3d = false;         // building the TA3D truecolor variant
  std::vector<std::string>& warnings;
};

// A frames.csv row's numbers: the frame's index and its header values.
absl::StatusOr<std::pair<size_t, gaf::FrameToWrite>> ReadFrameRow(const csv::Table& table,
                                                                  size_t r,
                                                                  const fs::path& file) {
  absl::StatusOr<size_t> index = Number<size_t>(table, r, "frame", 0, 65534, file);
  absl::StatusOr<uint16_t> w = Number<uint16_t>(table, r, "width", 0, 65535, file);
  absl::StatusOr<uint16_t> h = Number<uint16_t>(table, r, "height", 0, 65535, file);
  absl::StatusOr<int16_t> ox = Number<int16_t>(table, r, "origin_x", -32768, 32767, file);
  absl::StatusOr<int16_t> oy = Number<int16_t>(table, r, "origin_y", -32768, 32767, file);
  absl::StatusOr<uint8_t> key = Number<uint8_t>(table, r, "transparency", 0, 255, file);
  absl::StatusOr<uint32_t> duration =
      Number<uint32_t>(table, r, "duration_ticks", 0, 0xffffffffll, file);
  absl::StatusOr<uint8_t> blend = table.has_column("blend")
                                      ? Number<uint8_t>(table, r, "blend", 0, 255, file)
                                      : absl::StatusOr<uint8_t>(0);
  for (const absl::Status& s : {index.status(), w.status(), h.status(), ox.status(), oy.status(),
                                key.status(), duration.status(), blend.status()}) {
    if (!s.ok()) return s;
  }
  gaf::FrameToWrite f;
  f.width = *w, f.height = *h, f.origin_x = *ox, f.origin_y = *oy;
  f.transparency = *key, f.duration = *duration, f.blend = *blend;
  return std::make_pair(*index, std::move(f));
}

// A raw frame shows drawn pixels equal to its key as transparent: say so.
void WarnKeyedRawPixels(const gaf::FrameToWrite& f, size_t index, const fs::path& file,
                        std::vector<std::string>& warnings) {
  if (f.storage_byte != 0) return;
  size_t keyed = 0;
  for (size_t i = 0; i < f.index.size(); ++i) keyed += f.opaque[i] && f.index[i] == f.transparency;
  if (keyed > 0) {
    warnings.push_back(absl::StrCat(file.string(), ": frame ", index, ": ", keyed,
                                    " drawn pixel(s) use the key ", int(f.transparency),
                                    "; a raw frame shows them transparent"));
  }
}

// The storage and pixels of row `r`'s frame, from its storage name and image.
absl::Status FillFrame(const csv::Table& table, size_t r, size_t index, const fs::path& file,
                       const fs::path& dir, const FrameRules& rules, gaf::FrameToWrite& f) {
  const size_t line = table.row(r).line;
  absl::StatusOr<std::optional<gaf::Storage>> named =
      NamedStorage(table.Get(r, "storage"), line, file);
  if (!named.ok()) return named.status();
  if (!rules.ta3d) {
    absl::StatusOr<uint8_t> storage =
        StorageByte(*named, rules.raw_default ? gaf::Storage::kRaw : gaf::Storage::kRunEncoded,
                    rules.req.storage_override, line, file);
    if (!storage.ok()) return storage.status();
    f.storage_byte = *storage;
  }
  if (f.width == 0 || f.height == 0) return absl::OkStatus();
  absl::StatusOr<image::DecodedImage> img = ReadImage(dir, index);
  if (!img.ok()) return img.status();
  if (img->width != f.width || img->height != f.height) {
    return Error(file, absl::StrCat("line ", line, ": frame ", index, " is ", f.width, "x",
                                    f.height, " but its image is ", img->width, "x",
                                    img->height));
  }
  if (rules.ta3d) {
    f.rgba = AsRgba(*img);
    SetTa3dStorage(*named, line, file, f, rules.warnings);
    return absl::OkStatus();
  }
  FillPixels(*img, rules.req.palette.colors, f);
  WarnKeyedRawPixels(f, index, file, rules.warnings);
  return absl::OkStatus();
}

absl::Status ReadFramesCsv(const csv::Table& table, const fs::path& file, const FrameRules& rules,
                           SequenceSource& src) {
  std::vector<std::pair<size_t, gaf::FrameToWrite>> frames;
  for (size_t r = 0; r < table.size(); ++r) {
    absl::StatusOr<std::pair<size_t, gaf::FrameToWrite>> row = ReadFrameRow(table, r, file);
    if (!row.ok()) return row.status();
    if (absl::Status s = FillFrame(table, r, row->first, file, src.dir, rules, row->second);
        !s.ok()) {
      return s;
    }
    frames.push_back(*std::move(row));
  }
  std::sort(frames.begin(), frames.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (size_t i = 0; i < frames.size(); ++i) {
    if (frames[i].first != i) {
      return Error(file, absl::StrCat("frames must be numbered 0..", frames.size() - 1,
                                      " once each; frame ", i, " is ",
                                      frames[i].first < i ? "repeated" : "missing"));
    }
    src.seq.frames.push_back(std::move(frames[i].second));
  }
  return absl::OkStatus();
}

// A sequence folder's two tables, before anything is built from them.
struct FolderTables {
  fs::path dir;
  std::optional<csv::Table> sequence;
  std::optional<csv::Table> frames;
};

// The sub-folders of the dump with either CSV, by folder name; the others are
// skipped with a warning.
absl::StatusOr<std::vector<FolderTables>> ReadFolders(const fs::path& root, BuiltGaf& built) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return Error(root, "not a folder");
  std::vector<fs::path> folders;
  for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_directory(ec)) folders.push_back(it->path());
  }
  if (ec) return Error(root, absl::StrCat("cannot list: ", ec.message()));
  std::sort(folders.begin(), folders.end());
  std::vector<FolderTables> out;
  for (const fs::path& dir : folders) {
    absl::StatusOr<std::optional<csv::Table>> seq_csv = ReadTable(dir / "sequence.csv");
    if (!seq_csv.ok()) return seq_csv.status();
    absl::StatusOr<std::optional<csv::Table>> frames_csv = ReadTable(dir / "frames.csv");
    if (!frames_csv.ok()) return frames_csv.status();
    if (!*seq_csv && !*frames_csv) {
      built.skipped.push_back(dir.filename().string());
      built.warnings.push_back(
          absl::StrCat(dir.string(), ": no sequence.csv or frames.csv; skipped"));
      continue;
    }
    if (!*frames_csv) return Error(dir / "frames.csv", "missing: the frames cannot be built");
    out.push_back({dir, *std::move(seq_csv), *std::move(frames_csv)});
  }
  return out;
}

// The variant asked for, else the TA3D one when any frame says zlib-rgba or
// zlib-rgb (what a dump of such a file writes), else the standard one.
gaf::Variant ChooseVariant(const BuildRequest& req, const std::vector<FolderTables>& folders) {
  if (req.variant) return *req.variant;
  for (const FolderTables& t : folders) {
    for (size_t r = 0; r < t.frames->size(); ++r) {
      const std::optional<gaf::Storage> s =
          gaf::ParseStorage(absl::StripAsciiWhitespace(t.frames->Get(r, "storage")));
      if (s == gaf::Storage::kZlibRgba || s == gaf::Storage::kZlibRgb) {
        return gaf::Variant::kTa3dTruecolor;
      }
    }
  }
  return gaf::Variant::kStandard;
}

}  // namespace

bool RawByDefault(absl::string_view target) {
  const std::string path = absl::AsciiStrToLower(absl::StrReplaceAll(target, {{"\\", "/"}}));
  if (absl::EndsWith(path, "anims/vismasks.gaf") && (path.size() == 18 || path[path.size() - 19] == '/')) {
    return true;
  }
  const fs::path p(path);
  return p.extension() == ".gaf" && p.parent_path().filename() == "textures";
}

absl::StatusOr<BuiltGaf> BuildGafBytes(const BuildRequest& req) {
  BuiltGaf built;
  const fs::path root(req.dir);
  absl::StatusOr<std::vector<FolderTables>> folders = ReadFolders(root, built);
  if (!folders.ok()) return folders.status();
  built.variant = ChooseVariant(req, *folders);
  const FrameRules rules{req, RawByDefault(req.target),
                         built.variant == gaf::Variant::kTa3dTruecolor, built.warnings};
  std::vector<SequenceSource> sources;
  for (FolderTables& t : *folders) {
    SequenceSource src{t.dir, t.dir.filename().string(), std::nullopt, {}};
    src.seq.name = src.folder;
    if (t.sequence) {
      if (absl::Status s = ReadSequenceCsv(*t.sequence, t.dir / "sequence.csv", src); !s.ok()) {
        return s;
      }
    }
    if (absl::Status s = ReadFramesCsv(*t.frames, t.dir / "frames.csv", rules, src); !s.ok()) {
      return s;
    }
    sources.push_back(std::move(src));
  }
  // sequence.csv's index first, then folder names (already sorted).
  std::stable_sort(sources.begin(), sources.end(), [](const auto& a, const auto& b) {
    return a.index.value_or(std::numeric_limits<int64_t>::max()) <
           b.index.value_or(std::numeric_limits<int64_t>::max());
  });
  std::vector<gaf::SequenceToWrite> sequences;
  for (SequenceSource& src : sources) {
    built.frames += src.seq.frames.size();
    sequences.push_back(std::move(src.seq));
  }
  built.sequences = sequences.size();
  absl::StatusOr<std::vector<uint8_t>> bytes = gaf::WriteGaf(sequences, built.variant);
  if (!bytes.ok()) return Error(root, bytes.status().message());
  built.bytes = *std::move(bytes);
  return built;
}

absl::StatusOr<json> GafBuild(const BuildRequest& req) {
  absl::StatusOr<BuiltGaf> built = BuildGafBytes(req);
  if (!built.ok()) return built.status();
  if (absl::Status s = contexts::WriteFileAtomically(req.target, built->bytes); !s.ok()) return s;
  return json{{"target", req.target},
              {"variant", gaf::VariantName(built->variant)},
              {"sequences", built->sequences},
              {"frames", built->frames},
              {"bytes", built->bytes.size()},
              {"skipped", built->skipped},
              {"warnings", built->warnings}};
}

}  // namespace kbot::edit
