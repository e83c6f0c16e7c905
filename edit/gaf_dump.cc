#include "edit/gaf_dump.h"

#include <algorithm>
#include <filesystem>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "contexts/file_io.h"
#include "formats/csv/csv.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"
#include "formats/image/gif_encode.h"
#include "formats/image/png_encode.h"

namespace kbot::edit {

namespace {

namespace fs = std::filesystem;

bool IsReservedOnWindows(const std::string& lower) {
  static const char* kReserved[] = {"con", "prn", "aux", "nul"};
  const std::string stem = lower.substr(0, lower.find('.'));
  for (const char* r : kReserved) {
    if (stem == r) return true;
  }
  return stem.size() == 4 && (stem.rfind("com", 0) == 0 || stem.rfind("lpt", 0) == 0) &&
         stem[3] >= '1' && stem[3] <= '9';
}

// Writes one file of the dump. Each file is renamed into place whole; none is
// flushed on its own (a dump is thousands of small files, and a flush each
// cost seconds on an atlas): GafDump flushes the whole folder once at the end.
absl::Status Write(const fs::path& path, Bytes bytes) {
  return contexts::WriteFileAtomically(path.string(), bytes, contexts::Flush::kNo);
}
absl::Status WriteText(const fs::path& path, const std::string& text) {
  return Write(path, Bytes(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
}

std::string SequenceCsv(size_t index, const gaf::Sequence& seq) {
  return csv::FormatRow({"index", "name", "loop_flags", "unknown4"}) +
         csv::FormatRow({std::to_string(index), seq.name, std::to_string(seq.loop_flags),
                         std::to_string(seq.unknown4)});
}

std::string FramesCsv(const gaf::Sequence& seq) {
  std::string out = csv::FormatRow({"frame", "width", "height", "origin_x", "origin_y",
                                    "transparency", "duration_ticks", "duration_sec", "storage",
                                    "blend"});
  for (size_t f = 0; f < seq.frames.size(); ++f) {
    const gaf::Frame& frame = seq.frames[f];
    const gaf::FrameInfo& info = frame.info;
    // A layered frame is built back as a simple frame: its storage is left to
    // the build's defaults.
    const std::string storage =
        info.layered() ? "" : std::string(gaf::StorageName(info.storage()));
    out += csv::FormatRow(
        {std::to_string(f), std::to_string(info.width), std::to_string(info.height),
         std::to_string(info.origin_x), std::to_string(info.origin_y),
         std::to_string(info.transparency), std::to_string(frame.duration),
         absl::StrFormat("%.3f", double(frame.ticks()) / image::kTicksPerSecond), storage,
         std::to_string(info.blend)});
  }
  return out;
}

// One frame's image: indexed by the game's rule (PNG or GIF), or RGBA PNG for
// a truecolor frame.
absl::StatusOr<std::pair<std::string, image::EncodedImage>> FrameImage(
    const gaf::FramePicture& pic, size_t f, const DumpRequest& req) {
  if (pic.truecolor) {
    absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(pic.rgba);
    if (!png.ok()) return png.status();
    return std::make_pair(absl::StrCat(f, ".png"), *std::move(png));
  }
  if (req.gif) {
    image::IndexedAnimation one;
    one.width = pic.indexed.width;
    one.height = pic.indexed.height;
    one.frames = {pic.indexed};
    one.ticks = {1};
    one.loops = false;
    absl::StatusOr<std::vector<uint8_t>> gif = image::EncodeGif(one, req.palette.colors);
    if (!gif.ok()) return gif.status();
    return std::make_pair(absl::StrCat(f, ".gif"), *std::move(gif));
  }
  absl::StatusOr<image::EncodedImage> png = image::EncodeIndexedPng(pic.indexed, req.palette.colors);
  if (!png.ok()) return png.status();
  return std::make_pair(absl::StrCat(f, ".png"), *std::move(png));
}

absl::StatusOr<image::EncodedImage> Preview(const Asset& asset, const gaf::Gaf& gaf, size_t s,
                                            const DumpRequest& req) {
  gaf::Warnings ignored;  // the frames' own warnings are reported once, below
  absl::StatusOr<gaf::SequenceAnimation> anim =
      gaf::RenderSequence(asset.bytes, gaf, s, gaf::Transparency::Game(), asset.path, &ignored);
  if (!anim.ok()) return anim.status();
  return anim->truecolor ? image::EncodeRgbaApng(anim->rgba)
                         : image::EncodeIndexedApng(anim->indexed, req.palette.colors);
}

}  // namespace

std::string SequenceFolderName(absl::string_view name, std::vector<std::string>& used) {
  std::string safe;
  for (char c : name) {
    const bool ok = absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ||
                    c == '.' || c == ' ';
    safe += ok ? c : '_';
  }
  // Windows drops trailing dots and spaces, and a leading dot hides a folder.
  while (!safe.empty() && (safe.back() == '.' || safe.back() == ' ')) safe.back() = '_';
  if (!safe.empty() && safe.front() == '.') safe.front() = '_';
  if (safe.empty() || IsReservedOnWindows(absl::AsciiStrToLower(safe))) safe += "_seq";
  std::string candidate = safe;
  for (int n = 2; std::find(used.begin(), used.end(), absl::AsciiStrToLower(candidate)) !=
                  used.end();
       ++n) {
    candidate = absl::StrCat(safe, "_", n);
  }
  used.push_back(absl::AsciiStrToLower(candidate));
  return candidate;
}

absl::StatusOr<json> GafDump(const Asset& asset, const DumpRequest& req) {
  absl::StatusOr<gaf::Gaf> gaf = ReadGafAsset(asset);
  if (!gaf.ok()) return gaf.status();
  const fs::path target(req.target);
  std::error_code ec;
  fs::create_directories(target, ec);
  if (ec) {
    return absl::InvalidArgumentError(absl::StrCat(req.target, ": cannot create: ", ec.message()));
  }
  gaf::Warnings warnings = gaf->warnings;
  std::vector<std::string> used;
  json sequences = json::array();
  size_t total_frames = 0, total_images = 0, total_flattened = 0;
  for (size_t s = 0; s < gaf->sequences.size(); ++s) {
    const gaf::Sequence& seq = gaf->sequences[s];
    const std::string folder = SequenceFolderName(seq.name, used);
    const fs::path dir = target / folder;
    fs::create_directories(dir, ec);
    if (ec) {
      return absl::InvalidArgumentError(
          absl::StrCat(dir.string(), ": cannot create: ", ec.message()));
    }
    if (absl::Status st = WriteText(dir / "sequence.csv", SequenceCsv(s, seq)); !st.ok()) return st;
    if (absl::Status st = WriteText(dir / "frames.csv", FramesCsv(seq)); !st.ok()) return st;
    size_t images = 0, flattened = 0;
    for (size_t f = 0; f < seq.frames.size(); ++f) {
      const gaf::FrameInfo& info = seq.frames[f].info;
      if (info.empty()) continue;
      absl::StatusOr<gaf::FramePicture> pic =
          gaf::RenderFrame(asset.bytes, info, gaf::Transparency::Game(),
                           gaf::FrameLocation{asset.path, s, f}, &warnings);
      if (!pic.ok()) return pic.status();
      absl::StatusOr<std::pair<std::string, image::EncodedImage>> image =
          FrameImage(*pic, f, req);
      if (!image.ok()) {
        return absl::Status(image.status().code(),
                            absl::StrCat(asset.path, ": sequence ", s, " frame ", f, ": ",
                                         image.status().message()));
      }
      if (absl::Status st = Write(dir / image->first, image->second); !st.ok()) return st;
      ++images;
      flattened += info.layered() ? 1 : 0;
    }
    if (images > 0) {
      absl::StatusOr<image::EncodedImage> preview = Preview(asset, *gaf, s, req);
      if (preview.ok()) {
        if (absl::Status st = Write(dir / "animated.png", *preview); !st.ok()) return st;
      } else {
        warnings.push_back(absl::StrCat("sequence ", s, ": no animated.png preview: ",
                                        preview.status().message()));
      }
    }
    total_frames += seq.frames.size();
    total_images += images;
    total_flattened += flattened;
    sequences.push_back(json{{"index", s},
                             {"name", seq.name},
                             {"folder", folder},
                             {"frames", seq.frames.size()},
                             {"images", images},
                             {"flattened", flattened}});
  }
  if (!req.scratch) {
    if (absl::Status st = contexts::FlushFileSystem(req.target); !st.ok()) return st;
  }
  return json{{"path", asset.path},
              {"target", req.target},
              {"sequences", std::move(sequences)},
              {"frames", total_frames},
              {"images", total_images},
              {"flattened", total_flattened},
              {"warnings", warnings}};
}

}  // namespace kbot::edit
