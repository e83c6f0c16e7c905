// The renderer tests' model, built as plain data (no file): a 20-unit cube
// "base" centred on its origin, each face its own palette colour and its
// front (stored -z) face textured "tex1", a child "turret" box 15 units up,
// and a "flare" point in front of the turret. With the expected colours
// computed from docs/formats/3do_render.md's shading formula.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/model3do/model3do.h"
#include "formats/model3do/render.h"
#include "formats/palette/palette.h"

namespace kbot::model3do::testing {

// Palette indices of the faces. The game negates stored z (the front, -z,
// faces south), so the model's own right flank is its -x side.
inline constexpr uint32_t kFront = 1, kBack = 2, kTop = 3, kBottom = 4, kMinusX = 5, kPlusX = 6,
                          kTurretTop = 7, kTurretSide = 8;

inline palette::Palette TestPalette() {
  palette::Palette p;
  for (int i = 0; i < 256; ++i) p.colors[i] = {uint8_t(i), uint8_t(i), uint8_t(i)};
  p.colors[kFront] = {90, 90, 90};
  p.colors[kBack] = {120, 200, 80};
  p.colors[kTop] = {200, 60, 60};
  p.colors[kBottom] = {60, 60, 200};
  p.colors[kMinusX] = {200, 200, 40};
  p.colors[kPlusX] = {40, 200, 200};
  p.colors[kTurretTop] = {240, 140, 20};
  p.colors[kTurretSide] = {150, 90, 30};
  return p;
}

// tex1: 2 x 2, texel (0,0) red, (1,0) green, (0,1) blue, (1,1) white.
inline Texture Tex1() {
  return {2, 2, {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255}};
}

inline Primitive Quad(std::vector<uint16_t> indices, uint32_t colour, std::string texture = "") {
  Primitive p;
  p.colour = colour;
  p.indices = std::move(indices);
  p.texture = std::move(texture);
  return p;
}

// A box's 8 corners: vertex i has x = bit 0 ? x1 : x0, y = bit 1, z = bit 2.
inline std::vector<Vec3> BoxCorners(double x0, double x1, double y0, double y1, double z0,
                                    double z1) {
  std::vector<Vec3> v;
  for (int i = 0; i < 8; ++i) v.push_back({i & 1 ? x1 : x0, i & 2 ? y1 : y0, i & 4 ? z1 : z0});
  return v;
}

inline Piece BoxPiece(std::string name, int parent, Vec3 offset, double half, double half_y,
                      std::array<uint32_t, 6> colours, std::string front_texture = "") {
  Piece piece;
  piece.name = std::move(name);
  piece.parent = parent;
  piece.depth = parent < 0 ? 0 : 1;
  piece.offset_from_parent = offset;
  piece.vertices = BoxCorners(-half, half, -half_y, half_y, -half, half);
  // front (-z) from the viewer's top left clockwise, so texel (0,0) is its
  // top left seen from the south; then back, top, bottom, -x, +x.
  piece.primitives = {Quad({2, 3, 1, 0}, colours[0], front_texture), Quad({6, 7, 5, 4}, colours[1]),
                      Quad({2, 3, 7, 6}, colours[2]), Quad({0, 1, 5, 4}, colours[3]),
                      Quad({0, 2, 6, 4}, colours[4]), Quad({1, 3, 7, 5}, colours[5])};
  return piece;
}

// base (piece 0), turret (1, at (0, 15, 0)), flare (2, at (0, 0, -6) from
// the turret: one vertex, one 1-index primitive).
inline Model CubeModel() {
  Model m;
  m.pieces.push_back(
      BoxPiece("base", -1, {0, 0, 0}, 10, 10, {kFront, kBack, kTop, kBottom, kMinusX, kPlusX},
               "tex1"));
  m.pieces.push_back(BoxPiece("turret", 0, {0, 15, 0}, 4, 5,
                              {kTurretSide, kTurretSide, kTurretTop, kTurretSide, kTurretSide,
                               kTurretSide}));
  Piece flare;
  flare.name = "flare";
  flare.parent = 1;
  flare.depth = 2;
  flare.offset_from_parent = {0, 0, -6};
  flare.vertices = {{0, 0, 0}};
  flare.primitives = {Quad({0}, 0)};
  m.pieces.push_back(flare);
  m.pieces[0].children = {1};
  m.pieces[1].children = {2};
  return m;
}

// The documented shading: 0.55 + 0.45 max(0, n . L), n the unit normal in
// view coordinates (right, up, toward) turned toward the camera, L =
// (-1, 1, 3) normalised.
inline double ExpectedBrightness(double right, double up, double toward) {
  double n = std::sqrt(right * right + up * up + toward * toward);
  if (toward < 0) right = -right, up = -up, toward = -toward;
  double dot = (-right + up + 3 * toward) / (n * std::sqrt(11.0));
  return 0.55 + 0.45 * std::max(0.0, dot);
}

using Rgba = std::array<int, 4>;

inline Rgba Shaded(palette::Rgb c, double brightness) {
  auto s = [&](uint8_t v) { return int(std::lround(v * brightness)); };
  return {s(c.r), s(c.g), s(c.b), 255};
}

inline Rgba PixelAt(const image::RgbaPicture& p, int x, int y) {
  const uint8_t* q = &p.rgba[(size_t(y) * p.width + x) * 4];
  return {q[0], q[1], q[2], q[3]};
}

// The pixel a placed model point lands in, for a rendered picture.
inline Rgba PixelOf(const Rendered& r, const View& view, const Vec3& point) {
  ScreenPoint s = Project(point, view, r.picture.width, r.picture.height, r.scale, r.centre);
  return PixelAt(r.picture, int(std::floor(s.x)), int(std::floor(s.y)));
}

// The bounding box of the pixels with any opacity: {min x, min y, max x, max y};
// {-1,...} when there is none.
inline std::array<int, 4> OpaqueBox(const image::RgbaPicture& p) {
  std::array<int, 4> box{-1, -1, -1, -1};
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) {
      if (p.rgba[(size_t(y) * p.width + x) * 4 + 3] == 0) continue;
      if (box[0] < 0) box = {x, y, x, y};
      box = {std::min(box[0], x), std::min(box[1], y), std::max(box[2], x), std::max(box[3], y)};
    }
  }
  return box;
}

}  // namespace kbot::model3do::testing
