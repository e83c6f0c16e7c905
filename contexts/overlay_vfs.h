// Several VFSs stacked into one: a path is read from the first layer that has
// it, and a listing shows each path once, from that layer, naming the copies
// it hides in the layers below.
#pragma once

#include <memory>
#include <vector>

#include "contexts/vfs.h"

namespace kbot::contexts {

// `layers` in precedence order (the first wins). A layer decides a lookup as
// soon as it answers anything but NotFound or "is a folder": a loose file
// that cannot be read is that error, not a silent fall-through to an
// archive's older copy. A folder in one layer does not hide a file of that
// name in another (listings show files only, and must not list what cannot
// be read).
// A path that no layer has and whose first component names an archive layer
// (one whose only source is an archive: "demo.ufo/anims/cursors.gaf") is that
// archive's entry, so a copy an upper layer hides can still be read; its
// VfsStat path keeps the archive's name in front.
// Layers are shared so that a rebuilt overlay can keep the ones that did not
// change.
std::unique_ptr<Vfs> MakeOverlayVfs(std::vector<std::shared_ptr<const Vfs>> layers);

}  // namespace kbot::contexts
