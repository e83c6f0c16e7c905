#include "palettepick/resolver.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/identify/identify.h"

namespace kbot::palettepick {

namespace {

// What one lookup gives: nothing when the file does not exist (and it is not
// the override, which the caller asked for), else a candidate, usable or not.
std::optional<Candidate> Try(const contexts::Vfs& vfs, const Lookup& lookup) {
  Candidate c;
  c.source = lookup.source;
  if (lookup.source == Source::kEmbedded) {
    c.usable = true;
    c.palette = palette::TaPalette();
    return c;
  }
  c.path = lookup.path;
  absl::StatusOr<contexts::VfsFile> file = vfs.Read(lookup.path);
  if (!file.ok()) {
    if (absl::IsNotFound(file.status()) && lookup.source != Source::kOverride) return std::nullopt;
    c.problem = std::string(file.status().message());
    return c;
  }
  c.path = file->stat.path;
  const identify::FileIdentity id = identify::IdentifyFile(file->bytes());
  if (id.kind != identify::FileKind::kUnknown && id.kind != identify::FileKind::kPal &&
      id.kind != identify::FileKind::kPcx) {
    c.problem = absl::StrCat(file->stat.path, " is ", id.what, ", not a PAL or PCX palette");
    return c;
  }
  absl::StatusOr<palette::Palette> parsed = palette::ParsePalette(file->bytes(), file->stat.path);
  if (!parsed.ok()) {
    c.problem = std::string(parsed.status().message());
    return c;
  }
  c.usable = true;
  c.palette = *parsed;
  return c;
}

}  // namespace

absl::StatusOr<std::vector<Candidate>> Candidates(const contexts::Vfs& vfs, contexts::Game game,
                                                  absl::string_view asset_path,
                                                  const std::optional<std::string>& override_path) {
  absl::StatusOr<std::vector<Lookup>> chain = Chain(game, asset_path, override_path);
  if (!chain.ok()) return chain.status();
  std::vector<Candidate> out;
  bool previous_usable = false;
  for (const Lookup& lookup : *chain) {
    if (lookup.fallback && previous_usable) continue;
    std::optional<Candidate> c = Try(vfs, lookup);
    previous_usable = c && c->usable;
    if (c) out.push_back(*std::move(c));
  }
  return out;
}

absl::StatusOr<Resolved> Resolve(const contexts::Vfs& vfs, contexts::Game game,
                                 absl::string_view asset_path,
                                 const std::optional<std::string>& override_path,
                                 std::vector<std::string>& warnings) {
  absl::StatusOr<std::vector<Lookup>> chain = Chain(game, asset_path, override_path);
  if (!chain.ok()) return chain.status();
  // Stopping at the first usable palette also means a fallback is only ever
  // reached when the lookup before it gave nothing usable.
  for (const Lookup& lookup : *chain) {
    std::optional<Candidate> c = Try(vfs, lookup);
    if (!c) continue;
    if (c->usable) return Resolved{c->source, std::move(c->path), c->palette};
    if (c->source == Source::kOverride) {
      return absl::InvalidArgumentError(absl::StrCat("palette: ", c->problem));
    }
    warnings.push_back(
        absl::StrCat("skipped the ", SourceName(c->source), " palette: ", c->problem));
  }
  // Unreachable: the chain ends with the embedded palette, which is always usable.
  return Resolved{Source::kEmbedded, std::nullopt, palette::TaPalette()};
}

}  // namespace kbot::palettepick
