#include "edit/gaf_roundtrip.h"

#include <stdlib.h>

#include <filesystem>
#include <optional>

#include "absl/strings/str_cat.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"
#include "edit/gaf_build.h"
#include "edit/gaf_dump.h"

namespace kbot::edit {

namespace {

namespace fs = std::filesystem;

// A folder that removes itself.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "kbot-roundtrip-XXXXXX").string();
    if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

template <typename T>
std::optional<std::string> Differs(absl::string_view what, const T& before, const T& after) {
  if (before == after) return std::nullopt;
  return absl::StrCat(what, " ", before, " became ", after);
}

// The first pixel whose drawn index, colour or transparency differs.
std::optional<std::string> PixelsDiffer(const gaf::FramePicture& a, const gaf::FramePicture& b) {
  if (a.width() != b.width() || a.height() != b.height()) {
    return absl::StrCat("rendered size ", a.width(), "x", a.height(), " became ", b.width(), "x",
                        b.height());
  }
  if (a.truecolor != b.truecolor) return std::string("truecolor and paletted differ");
  const size_t w = size_t(a.width());
  auto at = [w](size_t i) { return absl::StrCat("pixel (", i % w, ", ", i / w, ")"); };
  for (size_t i = 0, n = w * size_t(a.height()); i < n; ++i) {
    if (a.truecolor) {
      for (size_t c = 0; c < 4; ++c) {
        if (a.rgba.rgba[4 * i + c] != b.rgba.rgba[4 * i + c]) {
          return absl::StrCat(at(i), ": channel ", c, " ", a.rgba.rgba[4 * i + c], " became ",
                              b.rgba.rgba[4 * i + c]);
        }
      }
      continue;
    }
    if (a.indexed.opaque[i] != b.indexed.opaque[i]) {
      return absl::StrCat(at(i), a.indexed.opaque[i] ? ": drawn became transparent"
                                                  : ": transparent became drawn");
    }
    if (a.indexed.opaque[i] && a.indexed.index[i] != b.indexed.index[i]) {
      return absl::StrCat(at(i), ": index ", a.indexed.index[i], " became ", b.indexed.index[i]);
    }
  }
  return std::nullopt;
}

std::optional<std::string> FramesDiffer(const Asset& before_asset, const gaf::Frame& a,
                                        const Bytes after_bytes, const gaf::Frame& b,
                                        const gaf::FrameLocation& where) {
  const gaf::FrameInfo &x = a.info, &y = b.info;
  std::optional<std::string> d;
  if ((d = Differs("duration", a.duration, b.duration)) || (d = Differs("width", x.width, y.width)) ||
      (d = Differs("height", x.height, y.height)) ||
      (d = Differs("origin_x", x.origin_x, y.origin_x)) ||
      (d = Differs("origin_y", x.origin_y, y.origin_y)) ||
      (d = Differs("transparency", int(x.transparency), int(y.transparency))) ||
      (d = Differs("blend", int(x.blend), int(y.blend)))) {
    return d;
  }
  if (!x.layered() && (d = Differs("storage", std::string(gaf::StorageName(x.storage())),
                                   std::string(gaf::StorageName(y.storage()))))) {
    return d;
  }
  absl::StatusOr<gaf::FramePicture> pa =
      gaf::RenderFrame(before_asset.bytes, x, gaf::Transparency::Game(), where, nullptr);
  absl::StatusOr<gaf::FramePicture> pb =
      gaf::RenderFrame(after_bytes, y, gaf::Transparency::Game(), where, nullptr);
  if (!pa.ok()) return std::string(pa.status().message());
  if (!pb.ok()) return absl::StrCat("rebuilt: ", pb.status().message());
  return PixelsDiffer(*pa, *pb);
}

std::optional<std::string> Compare(const Asset& asset, const gaf::Gaf& a, Bytes after,
                                   const gaf::Gaf& b) {
  std::optional<std::string> d;
  if ((d = Differs("variant", gaf::VariantName(a.variant), gaf::VariantName(b.variant))) ||
      (d = Differs("sequence count", a.sequences.size(), b.sequences.size()))) {
    return d;
  }
  for (size_t s = 0; s < a.sequences.size(); ++s) {
    const gaf::Sequence &x = a.sequences[s], &y = b.sequences[s];
    const std::string at = absl::StrCat("sequence ", s, ": ");
    if ((d = Differs("name", absl::StrCat("\"", x.name, "\""), absl::StrCat("\"", y.name, "\""))) ||
        (d = Differs("loop word", x.loop_flags, y.loop_flags)) ||
        (d = Differs("+4 word", x.unknown4, y.unknown4)) ||
        (d = Differs("frame count", x.frames.size(), y.frames.size()))) {
      return at + *d;
    }
    for (size_t f = 0; f < x.frames.size(); ++f) {
      if ((d = FramesDiffer(asset, x.frames[f], after, y.frames[f],
                            gaf::FrameLocation{asset.path, s, f}))) {
        return absl::StrCat(at, "frame ", f, ": ", *d);
      }
    }
  }
  return std::nullopt;
}

}  // namespace

json GafRoundtripFile(const Asset& asset) {
  json report = {{"path", asset.path}, {"ok", false},      {"sequences", 0},
                 {"frames", 0},        {"flattened", 0}, {"difference", nullptr}};
  auto fail = [&](absl::string_view why) {
    report["difference"] = std::string(why);
    return report;
  };
  absl::StatusOr<gaf::Gaf> before = ReadGafAsset(asset);
  if (!before.ok()) return fail(before.status().message());
  TempDir dir;
  if (dir.path().empty()) return fail("cannot create a temporary folder");
  DumpRequest dump;
  dump.target = dir.path();
  dump.scratch = true;
  absl::StatusOr<json> dumped = GafDump(asset, dump);
  if (!dumped.ok()) return fail(absl::StrCat("dump: ", dumped.status().message()));
  BuildRequest build;
  build.dir = dir.path();
  build.target = asset.path;  // the storage defaults follow the original's path
  absl::StatusOr<BuiltGaf> built = BuildGafBytes(build);
  if (!built.ok()) return fail(absl::StrCat("build: ", built.status().message()));
  absl::StatusOr<gaf::Gaf> after = gaf::ReadGaf(built->bytes, asset.path);
  if (!after.ok()) return fail(absl::StrCat("rebuilt file: ", after.status().message()));
  report["sequences"] = before->sequences.size();
  report["frames"] = (*dumped)["frames"];
  report["flattened"] = (*dumped)["flattened"];
  if (std::optional<std::string> d = Compare(asset, *before, built->bytes, *after)) {
    return fail(*d);
  }
  report["ok"] = true;
  return report;
}

}  // namespace kbot::edit
