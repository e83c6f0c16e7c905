#include "tools/context_resources.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tools/picture_resource.h"

namespace kbot::tools {

const char* const kContextFileTemplateDescription =
    "Any file of a registered game-data folder, by context name and path "
    "(case-insensitive, '/'-separated). Add ?export=png|gif|apng|sheet "
    "(with sequence, frame, palette, transparency, scale) to a GAF's URI for "
    "a rendered picture; the links map_render, style_tiles, font_render, "
    "picture_export and palette_describe return carry "
    "export=map|tiles|font|picture|swatch and the "
    "tool's arguments.";

namespace {

absl::StatusOr<ResourceBytes> ReadFile(const contexts::Context& context, const std::string& uri,
                                       const std::string& path, size_t max_bytes) {
  absl::StatusOr<contexts::VfsStat> stat = context.vfs->Stat(path);
  if (!stat.ok()) return absl::NotFoundError(absl::StrCat(uri, ": ", stat.status().message()));
  if (stat->size > max_bytes) {
    return absl::InternalError(absl::StrCat(uri, ": ", stat->size, " bytes is over the ", max_bytes,
                                            "-byte limit of one resource read"));
  }
  absl::StatusOr<contexts::VfsFile> file = context.vfs->Read(path);
  if (!file.ok()) return absl::NotFoundError(absl::StrCat(uri, ": ", file.status().message()));
  return ResourceBytes{{file->bytes().begin(), file->bytes().end()}, MimeTypeFor(path)};
}

}  // namespace

absl::StatusOr<std::vector<json>> ListContextFiles(const contexts::Workspace& workspace,
                                                   Progress& progress) {
  std::vector<json> listed;
  for (const contexts::Context& c : workspace.contexts()) {
    absl::StatusOr<std::vector<contexts::VfsEntry>> entries = c.vfs->List(progress);
    if (!entries.ok()) {
      if (entries.status().code() == absl::StatusCode::kCancelled) return entries.status();
      return absl::InternalError(
          absl::StrCat("resources/list: context ", c.name, ": ", entries.status().message()));
    }
    for (const contexts::VfsEntry& e : *entries) {
      listed.push_back({{"uri", MakeResourceUri(c.name, e.path)},
                        {"name", e.path},
                        {"title", absl::StrCat(c.name, ": ", e.path)},
                        {"mimeType", MimeTypeFor(e.path)},
                        {"size", e.size}});
    }
  }
  return listed;
}

absl::StatusOr<ResourceBytes> ReadContextUri(const contexts::Workspace& workspace,
                                             const std::string& uri, size_t max_bytes,
                                             Progress& progress) {
  absl::StatusOr<ResourceUri> parsed = ParseResourceUri(uri);
  if (!parsed.ok()) return absl::NotFoundError(std::string(parsed.status().message()));
  absl::StatusOr<const contexts::Context*> context = workspace.Find(parsed->context);
  if (!context.ok()) {
    return absl::NotFoundError(absl::StrCat(uri, ": ", context.status().message()));
  }
  if (parsed->query.empty()) return ReadFile(**context, uri, parsed->path, max_bytes);
  absl::StatusOr<ResourceBytes> rendered = RenderResource(**context, *parsed, progress);
  if (!rendered.ok() && rendered.status().code() != absl::StatusCode::kCancelled) {
    return absl::NotFoundError(absl::StrCat(uri, ": ", rendered.status().message()));
  }
  return rendered;
}

absl::StatusOr<ResourceBytes> RenderResource(const contexts::Context& context,
                                             const ResourceUri& uri, Progress& progress) {
  return RenderPictureResource(context, uri, progress);
}

std::string Instructions(const contexts::Workspace& workspace) {
  std::vector<std::string> names;
  for (const contexts::Context& c : workspace.contexts()) {
    names.push_back(absl::StrCat(c.name, " (", contexts::GameName(c.game),
                                 c.builtin ? ", built-in sample assets" : "",
                                 c.unavailable.empty() ? "" : ", unavailable: " + c.unavailable,
                                 ")"));
  }
  return absl::StrCat(
      "kbot reads Total Annihilation, TA: Kingdoms and GTA1 game data. Contexts: ",
      absl::StrJoin(names, ", "),
      ".\nTo find anything by name (a file, a GAF sequence, a GTA1 text), start with asset_find: "
      "each hit names the tool and arguments that open it.\n"
      "TA and TA: Kingdoms: unit_list, unit_describe and unit_compare answer about units "
      "(costs, weapons, who builds what; weapon_, feature_ and side_ tools likewise); map_list "
      "lists the maps, map_describe (sizes, features, players, start positions), map_render, "
      "map_minimap and map_heightmap show one; model_render draws a unit's 3DO model "
      "(model_describe: its pieces); script_decompile shows its COB script as BOS source "
      "(script_describe, script_disassemble); gaf_list "
      "then gaf_export draw sprites and animations; gaf_check checks a folder of them; hpi_list "
      "looks inside archives; tdf_parse reads any unit, weapon, map or menu file (FBI, TDF, OTA, "
      "GUI) as it is; picture_export draws PCX pictures.\n"
      "GTA1: map_describe and map_render for a city map, style_describe and style_tiles for a "
      "style, fxt_decode for texts, font_render, picture_export, player_describe.\n"
      "Paths are inside a context, any case, '/' or '\\'; an archive's entry is also "
      "ARCHIVE/PATH (demo.ufo/anims/cursors.gaf). Every file is a resource at "
      "kbot://CONTEXT/PATH.");
}

}  // namespace kbot::tools
