#include "tools/gaf_sequences.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/near_names.h"
#include "formats/gaf/gaf.h"
#include "tools/gaf_tools.h"
#include "tools/parsed_asset.h"

namespace kbot::tools {

namespace {

using SequenceNames = std::vector<GafSequenceName>;

// Reads only the structure (no pixels). Kept in the workspace's parse cache
// with every other parse, by the file's identity: a second search of an
// unchanged context reads no file again, and an edited file is read anew.
const AssetParser<SequenceNames>& NamesParser() {
  static const AssetParser<SequenceNames>* parser = new AssetParser<SequenceNames>{
      "gaf-sequence-names",
      [](const Asset& asset) -> absl::StatusOr<SequenceNames> {
        absl::StatusOr<gaf::Gaf> gaf = ReadGafAsset(asset);
        if (!gaf.ok()) return gaf.status();
        SequenceNames out;
        for (size_t i = 0; i < gaf->sequences.size(); ++i) {
          out.push_back({asset.path, i, gaf->sequences[i].name, gaf->sequences[i].frame_count});
        }
        return out;
      },
      [](const SequenceNames& names) {
        size_t bytes = sizeof(SequenceNames);
        for (const GafSequenceName& n : names) {
          bytes += sizeof n + n.path.capacity() + n.name.capacity();
        }
        return bytes;
      }};
  return *parser;
}

}  // namespace

bool IsGafPath(absl::string_view path) {
  return absl::EndsWithIgnoreCase(path, ".gaf") || absl::EndsWithIgnoreCase(path, ".taf");
}

absl::StatusOr<std::vector<GafSequenceName>> ContextSequences(const contexts::Context& context,
                                                              Progress& progress) {
  absl::StatusOr<std::vector<contexts::VfsEntry>> entries = context.vfs->List(progress);
  if (!entries.ok()) return entries.status();
  std::vector<const contexts::VfsEntry*> gafs;
  for (const contexts::VfsEntry& e : *entries) {
    if (IsGafPath(e.path)) gafs.push_back(&e);
  }
  std::vector<GafSequenceName> out;
  for (size_t i = 0; i < gafs.size(); ++i) {
    if (!progress.Report(i, gafs.size(), absl::StrCat("reading the sequences of ", gafs[i]->path))) {
      return absl::CancelledError();
    }
    // A file that cannot be read or parsed is skipped (gaf_check says why).
    absl::StatusOr<ParsedAsset<SequenceNames>> names =
        ParseContextAsset(context, gafs[i]->path, NamesParser());
    if (!names.ok()) continue;
    for (const GafSequenceName& n : *names->value) {
      out.push_back({gafs[i]->path, n.index, n.name, n.frames});
    }
  }
  progress.Report(gafs.size(), gafs.size(), absl::StrCat("read ", gafs.size(), " GAF(s)"));
  return out;
}

absl::StatusOr<GafSequenceName> FindContextSequence(const contexts::Context& context,
                                                    const std::string& name, Progress& progress) {
  absl::StatusOr<std::vector<GafSequenceName>> all = ContextSequences(context, progress);
  if (!all.ok()) return all.status();
  std::vector<const GafSequenceName*> same;
  std::vector<std::string> names;
  for (const GafSequenceName& s : *all) {
    if (absl::EqualsIgnoreCase(s.name, name)) same.push_back(&s);
    if (std::find(names.begin(), names.end(), s.name) == names.end()) names.push_back(s.name);
  }
  if (same.size() == 1) return *same[0];
  if (same.empty()) {
    return absl::NotFoundError(absl::StrCat("no GAF of the context has a sequence \"", name,
                                            "\" (asset_find searches names)",
                                            DidYouMean(NearNames(name, names, 3), "\"")));
  }
  std::vector<std::string> files;
  for (const GafSequenceName* s : same) files.push_back(absl::StrCat(s->path, " #", s->index));
  return absl::InvalidArgumentError(
      absl::StrCat("sequence \"", name, "\" is in ", same.size(), " files: ",
                   absl::StrJoin(files, ", "), "; give path to choose one"));
}

}  // namespace kbot::tools
