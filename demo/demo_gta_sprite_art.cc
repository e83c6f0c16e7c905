#include "demo/demo_gta_sprite_art.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace kbot::demo {

namespace {

uint8_t Spr(SpriteRamp ramp, int level) { return uint8_t(ramp * 16 + std::clamp(level, 1, 15)); }

// A small deterministic noise, 0..n-1 (the tiles have their own).
int SpriteNoise(int x, int y, int seed, int n) {
  uint32_t h = uint32_t(x) * 2654435761u ^ uint32_t(y) * 40503u ^ uint32_t(seed) * 97531u;
  h ^= h >> 15;
  h *= 0x2c1b3c6du;
  h ^= h >> 12;
  return int(h % uint32_t(n));
}

class Canvas {
 public:
  Canvas(int w, int h) : w_(w), h_(h), px_(size_t(w) * h, 0) {}

  void Set(int x, int y, uint8_t c) {
    if (x >= 0 && x < w_ && y >= 0 && y < h_) px_[size_t(y) * w_ + x] = c;
  }
  uint8_t At(int x, int y) const { return px_[size_t(y) * w_ + x]; }
  // Both corners included.
  void Rect(int x0, int y0, int x1, int y1, uint8_t c) {
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) Set(x, y, c);
  }
  // Pixels whose centre is within r of (cx, cy), in picture coordinates.
  void Disc(double cx, double cy, double r, uint8_t c) {
    for (int y = 0; y < h_; ++y)
      for (int x = 0; x < w_; ++x)
        if (std::hypot(x + 0.5 - cx, y + 0.5 - cy) <= r) Set(x, y, c);
  }
  // The picture mirrored left to right: a right-hand part from a left-hand one.
  void MirrorX() {
    for (int y = 0; y < h_; ++y) std::reverse(px_.begin() + y * w_, px_.begin() + (y + 1) * w_);
  }
  int width() const { return w_; }
  int height() const { return h_; }
  const std::vector<uint8_t>& pixels() const { return px_; }

 private:
  int w_, h_;
  std::vector<uint8_t> px_;
};

SpriteArt Art(const Canvas& c) { return {c.width(), c.height(), c.pixels(), {}}; }

// The Cafe Racer: a 16-pixel body over four wheels, boot at the top, bonnet
// at the bottom; the doors are on the sides by the windscreen.
Canvas CarBody() {
  Canvas c(24, 40);
  for (int y : {6, 28}) {
    c.Rect(2, y, 3, y + 5, Spr(kSprGrey, 2));  // wheels
    c.Rect(20, y, 21, y + 5, Spr(kSprGrey, 2));
  }
  for (int y = 1; y <= 38; ++y) {
    const int inset = y == 1 || y == 38 ? 2 : (y == 2 || y == 37 ? 1 : 0);
    for (int x = 4 + inset; x <= 19 - inset; ++x) {
      const int edge = std::min(x - 4, 19 - x);  // 0 at the sides
      c.Set(x, y, Spr(kSprBody, std::min(6 + 2 * edge, 11)));
    }
  }
  c.Rect(6, 8, 17, 11, Spr(kSprGlass, 6));    // rear window
  c.Rect(6, 12, 17, 20, Spr(kSprBody, 12));   // roof
  c.Rect(8, 13, 15, 19, Spr(kSprBody, 13));
  c.Rect(5, 21, 18, 25, Spr(kSprGlass, 9));   // windscreen
  c.Rect(6, 22, 17, 22, Spr(kSprGlass, 12));  // its shine
  c.Rect(11, 27, 12, 36, Spr(kSprBody, 13));  // bonnet crease
  for (int x : {6, 16}) {
    c.Rect(x, 37, x + 1, 38, Spr(kSprLamp, 14));  // headlights
    c.Rect(x, 1, x + 1, 2, Spr(kSprTail, 10));    // tail lights
  }
  for (int x : {4, 19}) {  // the door seams, 14..24
    c.Set(x, 14, Spr(kSprBody, 3));
    c.Set(x, 24, Spr(kSprBody, 3));
  }
  c.Set(3, 21, Spr(kSprBody, 5));  // mirrors
  c.Set(20, 21, Spr(kSprBody, 5));
  return c;
}

// A door open on the picture's right (the car's left, since it faces south):
// the seat shows where the door was and the door stands out from its front
// hinge.
void OpenRightSideDoor(Canvas& c) {
  c.Rect(18, 15, 19, 23, Spr(kSprGrey, 6));
  c.Rect(18, 16, 18, 22, Spr(kSprGrey, 8));
  const int door[][2] = {{20, 23}, {20, 22}, {21, 21}, {21, 20}, {22, 19}, {22, 18}, {23, 17}};
  for (const auto& p : door) {
    c.Set(p[0], p[1], Spr(kSprBody, 9));
    if (p[0] > 20) c.Set(p[0] - 1, p[1], Spr(kSprBody, 6));  // its inside, in shade
  }
}

}  // namespace

SpriteArt CarArt() {
  const Canvas body = CarBody();
  SpriteArt art = Art(body);
  Canvas left = body;  // delta 0: the left door (the picture's right)
  OpenRightSideDoor(left);
  art.with_delta.push_back(left.pixels());
  Canvas right = body;  // delta 1: the right door, the same drawn mirrored
  right.MirrorX();
  OpenRightSideDoor(right);
  right.MirrorX();
  art.with_delta.push_back(right.pixels());
  Canvas dent = body;  // delta 2: the front left wing pushed in, a headlight out
  for (int y = 31; y <= 37; ++y) {
    for (int x = 13; x <= 19; ++x) {
      if (dent.At(x, y) == 0 || std::hypot(x - 18.5, y - 36.5) > 5.5) continue;
      // Crumpled paint in shade, with a scratch to the bare metal across it.
      const bool scratch = x + y == 50 || x + y == 51;
      dent.Set(x, y, scratch ? Spr(kSprGrey, 12) : Spr(kSprBody, 3 + SpriteNoise(x, y, 9, 4)));
    }
  }
  dent.Rect(16, 37, 17, 38, Spr(kSprGrey, 4));
  art.with_delta.push_back(dent.pixels());
  return art;
}

SpriteArt BusArt() {
  Canvas c(28, 64);
  for (int y : {8, 48}) {
    c.Rect(0, y, 1, y + 7, Spr(kSprGrey, 2));
    c.Rect(26, y, 27, y + 7, Spr(kSprGrey, 2));
  }
  for (int y = 1; y <= 62; ++y) {
    const int inset = y == 1 || y == 62 ? 1 : 0;
    c.Rect(2 + inset, y, 25 - inset, y, Spr(kSprBody, 9));
  }
  for (int y = 6; y <= 54; ++y) {  // side windows, a pillar every 8 rows
    const uint8_t glass = (y - 6) % 8 == 7 ? Spr(kSprBody, 5) : Spr(kSprGlass, 7);
    c.Rect(3, y, 4, y, glass);
    c.Rect(23, y, 24, y, glass);
  }
  c.Rect(6, 4, 21, 58, Spr(kSprBody, 11));  // roof
  c.Rect(6, 30, 21, 31, Spr(kSprGrey, 14));  // a white band across
  for (int y : {10, 40}) c.Rect(11, y, 16, y + 4, Spr(kSprGrey, 9));  // vents
  c.Rect(4, 56, 23, 60, Spr(kSprGlass, 9));  // windscreen
  c.Rect(3, 61, 24, 62, Spr(kSprGrey, 5));   // front bumper
  c.Rect(3, 1, 24, 2, Spr(kSprGrey, 5));     // rear bumper
  for (int x : {4, 22}) {
    c.Rect(x, 61, x + 1, 62, Spr(kSprLamp, 14));
    c.Rect(x, 1, x + 1, 2, Spr(kSprTail, 10));
  }
  c.Rect(23, 38, 25, 38, Spr(kSprBody, 3));  // the door's seams
  c.Rect(23, 46, 25, 46, Spr(kSprBody, 3));
  SpriteArt art = Art(c);
  Canvas open = c;  // delta 0: the doorway dark, the folded leaves outside
  open.Rect(23, 39, 25, 45, Spr(kSprGrey, 3));
  open.Rect(26, 39, 27, 45, Spr(kSprBody, 6));
  art.with_delta.push_back(open.pixels());
  return art;
}

SpriteArt PhoneBoxArt() {
  Canvas c(16, 16);
  c.Rect(1, 1, 14, 14, Spr(kSprBody, 4));
  c.Rect(2, 2, 13, 13, Spr(kSprBody, 9));
  c.Rect(4, 4, 11, 11, Spr(kSprBody, 7));
  c.Rect(5, 5, 10, 10, Spr(kSprBody, 12));
  c.Rect(7, 7, 8, 8, Spr(kSprLamp, 12));  // the crown
  for (int i = 3; i <= 12; i += 3) {  // the sign's white edge on each side
    c.Set(i, 2, Spr(kSprGrey, 14));
    c.Set(i, 13, Spr(kSprGrey, 14));
    c.Set(2, i, Spr(kSprGrey, 14));
    c.Set(13, i, Spr(kSprGrey, 14));
  }
  return Art(c);
}

SpriteArt BinArt() {
  Canvas c(10, 10);
  c.Disc(5, 5, 4.8, Spr(kSprGrey, 10));
  c.Disc(5, 5, 3.6, Spr(kSprGrey, 3));
  c.Set(3, 4, Spr(kSprLamp, 12));  // litter
  c.Set(5, 6, Spr(kSprGrey, 13));
  c.Set(6, 3, Spr(kSprTail, 9));
  return Art(c);
}

SpriteArt TreeArt() {
  Canvas c(40, 40);
  for (int y = 0; y < 40; ++y) {
    for (int x = 0; x < 40; ++x) {
      const double d = std::hypot(x + 0.5 - 20, y + 0.5 - 20);
      // A ragged edge: clumps of leaves reach out to different radii.
      const double reach = 16.5 + SpriteNoise(x / 5, y / 5, 11, 4);
      if (d > reach) continue;
      const double lit = std::hypot(x + 0.5 - 13, y + 0.5 - 13);  // light from the north-west
      int level = 12 - int(lit / 3.5) + SpriteNoise(x / 2, y / 2, 12, 3);
      if (d > reach - 1.5) level = 2;
      c.Set(x, y, Spr(kSprLeaf, level));
    }
  }
  return Art(c);
}

SpriteArt PedArt(int frame) {
  Canvas c(12, 16);
  // Legs: one forward (towards the bottom), one back; swapped in frame 1.
  const int fwd = frame == 0 ? 6 : 4, back = frame == 0 ? 4 : 6;
  c.Rect(fwd, 10, fwd + 1, 13, Spr(kSprDenim, 7));
  c.Set(fwd, 14, Spr(kSprGrey, 2));
  c.Set(fwd + 1, 14, Spr(kSprGrey, 2));
  c.Rect(back, 2, back + 1, 5, Spr(kSprDenim, 5));
  c.Set(back, 1, Spr(kSprGrey, 2));
  c.Set(back + 1, 1, Spr(kSprGrey, 2));
  for (int y = 5; y <= 10; ++y) {  // shoulders: the jacket, an ellipse
    for (int x = 0; x < 12; ++x) {
      const double e = std::pow((x + 0.5 - 6) / 5.5, 2) + std::pow((y + 0.5 - 8) / 3, 2);
      if (e <= 1) c.Set(x, y, Spr(kSprBody, e > 0.6 ? 6 : 9));
    }
  }
  const int arm_fwd = frame == 0 ? 0 : 11, arm_back = frame == 0 ? 11 : 0;  // arms swing
  c.Rect(arm_fwd, 8, arm_fwd, 11, Spr(kSprBody, 7));
  c.Set(arm_fwd, 12, Spr(kSprSkin, 9));
  c.Rect(arm_back, 4, arm_back, 7, Spr(kSprBody, 7));
  c.Set(arm_back, 3, Spr(kSprSkin, 9));
  c.Disc(6, 8, 2.6, Spr(kSprHair, 5));  // the head from above, face to the south
  c.Rect(5, 9, 6, 9, Spr(kSprSkin, 10));
  return Art(c);
}

SpriteArt ArrowArt() {
  Canvas c(16, 16);
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 16; ++x) {
      const double dx = std::abs(x + 0.5 - 8);
      const bool shaft = y >= 1 && y <= 7 && dx <= 2.5;
      const bool head = y >= 7 && y <= 14 && dx <= 15 - y;
      const bool inner = (y >= 2 && y <= 8 && dx <= 1.5) || (y >= 8 && y <= 13 && dx <= 13 - y);
      if (inner) c.Set(x, y, Spr(kSprLamp, 13));
      else if (shaft || head) c.Set(x, y, Spr(kSprGrey, 2));
    }
  }
  return Art(c);
}

}  // namespace kbot::demo
