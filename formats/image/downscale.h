// Shrinking a picture for a preview: each output pixel is the average of the
// source pixels under it (a box filter), so a render of a city or a sheet of
// tiles keeps its colours and thin lines fade instead of vanishing, as they
// would with every n-th pixel kept. Colours are averaged weighted by their
// alpha (premultiplied), so a transparent pixel's hidden colour never bleeds
// into its drawn neighbours.
#pragma once

#include "formats/image/picture.h"

namespace kbot::image {

// `picture` shrunk to width x height (each at least 1 and at most the
// picture's own side; a larger size is clamped to it). Source columns
// x * W / width .. (x + 1) * W / width - 1 (at least one) make output column
// x, rows likewise.
RgbaPicture AreaAverage(const RgbaPicture& picture, int width, int height);

}  // namespace kbot::image
