// Read3do: the root piece at offset 0 (the only thing that must be readable),
// then the tree its child and sibling offsets make, walked depth first in
// file order without recursion: a stack of links still to follow, a piece's
// sibling pushed before its child so the child's subtree comes first. Each
// link is checked before it is followed (cycle, depth, count, header in the
// file, version); one that fails is a warning and that subtree is skipped.
// The piece's own records are piece_reader.cc's.
#include <unordered_map>
#include <vector>

#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/model3do/reader_internal.h"

namespace kbot::model3do {

namespace {

using internal::PieceHeader;
using internal::PieceLabel;
using internal::Reading;

// A child or sibling offset still to follow.
struct Link {
  uint32_t offset = 0;
  int from = 0;             // the piece whose field it is
  bool child = false;       // its child offset, else its sibling offset
  int parent = -1;          // the piece a piece there hangs from (-1: a root)
  int depth = 0;            // that piece's depth
};

class TreeWalk {
 public:
  TreeWalk(Bytes file, Model& model) : reading_(file, model) {}

  void Run(const PieceHeader& root) {
    Add(0, root, -1, 0);
    while (!stack_.empty() && !stopped_) {
      const Link link = stack_.back();
      stack_.pop_back();
      Follow(link);
    }
  }

 private:
  Model& model() { return reading_.model(); }

  // "piece 2 'flare' at 0x1f4: child offset 0x34"
  std::string Where(const Link& link) {
    return absl::StrCat(PieceLabel(model(), link.from), ": ", link.child ? "child" : "sibling",
                        " offset ", Hex(link.offset));
  }

  static const char* Skipped(const Link& link) {
    return link.child ? "the piece's children are not read"
                      : "that piece, its children and its later siblings are not read";
  }

  void Follow(const Link& link);
  void Add(uint64_t at, const PieceHeader& header, int parent, int depth);

  Reading reading_;
  std::vector<Link> stack_;
  std::unordered_map<uint64_t, int> read_;  // header offset -> piece index
  bool stopped_ = false;
};

void TreeWalk::Follow(const Link& link) {
  if (auto it = read_.find(link.offset); it != read_.end()) {
    reading_.Warn(absl::StrCat(Where(link), " leads to ", PieceLabel(model(), it->second),
                               ", already read: a cycle, not followed"));
    return;
  }
  if (model().pieces.size() >= kMaxPieces) {
    reading_.Warn(absl::StrCat(Where(link), ": the model has more than ", kMaxPieces,
                               " pieces: the rest are not read"));
    stopped_ = true;
    return;
  }
  if (link.depth >= kMaxDepth) {
    reading_.Warn(absl::StrCat(Where(link), ": deeper than ", kMaxDepth, " levels: ",
                               Skipped(link)));
    return;
  }
  PieceHeader header;
  if (!internal::ReadHeader(reading_.file(), link.offset, header)) {
    reading_.Warn(absl::StrCat(Where(link), ": the ", kPieceHeaderBytes,
                               "-byte piece header there runs past the end of the file ",
                               reading_.SizeNote(), ": ", Skipped(link)));
    return;
  }
  if (header.version != internal::kPieceVersion) {
    reading_.Warn(absl::StrCat(Where(link), ": the piece there has version ", header.version,
                               ", not 1: ", Skipped(link)));
    return;
  }
  Add(link.offset, header, link.parent, link.depth);
}

void TreeWalk::Add(uint64_t at, const PieceHeader& header, int parent, int depth) {
  const int index = int(model().pieces.size());
  Piece piece = internal::ReadPiece(reading_, at, header, index);
  piece.parent = parent;
  piece.depth = depth;
  model().pieces.push_back(std::move(piece));
  if (parent >= 0) model().pieces[size_t(parent)].children.push_back(index);
  read_[at] = index;
  if (header.sibling != 0) stack_.push_back({header.sibling, index, false, parent, depth});
  if (header.child != 0) stack_.push_back({header.child, index, true, index, depth + 1});
}

}  // namespace

absl::StatusOr<Model> Read3do(Bytes bytes, absl::string_view file) {
  PieceHeader root;
  if (!internal::ReadHeader(bytes, 0, root)) {
    return ErrorAt(file, "root piece", 0,
                   absl::StrCat("the file is ", bytes.size(), " bytes, too short for the ",
                                kPieceHeaderBytes, "-byte piece header"));
  }
  if (root.version != internal::kPieceVersion) {
    return ErrorAt(file, "root piece", 0,
                   absl::StrCat("version ", root.version,
                                " is not a 3DO piece's (1): not a TA or TA: Kingdoms model"));
  }
  Model model;
  TreeWalk(bytes, model).Run(root);
  return model;
}

}  // namespace kbot::model3do
