// The built-in demo data: small sample assets the binary generates itself, so
// a new user sees every command and tool work before pointing kbot at a real
// game install.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace kbot::demo {

struct DemoAsset {
  std::string path;  // relative, '/'-separated
  std::vector<uint8_t> bytes;
};

// Every file, in the order returned (the first three never change, byte for
// byte: tests compare them):
//
// anims/demo.gaf     "spinner": 8 run-encoded 32 x 32 frames that loop;
//                    "explosion": 6 raw frames of growing size, centred
//                    origins, durations including 0 and 0x00010005, plays once.
// anims/glow.taf     "glow": 4 truecolor ARGB4444 frames; "flag": 1 ARGB1555.
// palettes/palette.pal  the standard TA palette.
// anims/cursors.gaf  "cursormove": 8 run-encoded 32 x 32 frames, loops, key 9,
//                    4 ticks each: an arrow pointer that bobs along its
//                    diagonal and pulses green, hotspot (3, 3) at the tip;
//                    "cursorattack": 4 run-encoded 32 x 32 frames, loops, 5
//                    ticks each: a red crosshair whose ring pulses, hotspot
//                    (16, 16), key 0 while its outline draws index 0 (drawn
//                    pixels stay opaque whatever their value).
// anims/layered.gaf  "turret": 4 composite 40 x 24 frames, loops, hotspot
//                    (12, 12): a run-encoded base layer (origin (10, 10)) and
//                    a raw barrel layer (negative origin, recoiling; its key
//                    corners let the base show through); frame 1 adds a third
//                    layer, a run-encoded muzzle flash.
// anims/atlas.gaf    A TA: Kingdoms-style atlas of raw frames, stored key 9:
//                    "tree" (1 frame) and "rock" frame 0 painted on a border of
//                    index 5 (game rule: opaque; corner guess: transparent);
//                    "rock" frame 1 keyed with 9 inside a drawn box (the key
//                    is in the pixels, so both modes keep the box);
//                    "banner" (2 frames) full-bleed, corners all different
//                    (both modes draw every pixel).
// anims/atlas.pcx    The atlas's sidecar: a 16 x 16 8-bit RLE PCX (a swatch of
//                    its palette) with a warm, earthy 256-colour palette that
//                    the TA: Kingdoms palette chain picks for anims/atlas.gaf
//                    (source sidecar-pcx).
// units/araflag.gaf  "araflag": 4 run-encoded 20 x 24 frames, loops, 6 ticks
//                    each, hotspot (1, 23): a pole and a waving banner. Its
//                    name carries the Aramon prefix, so the chain draws it
//                    with palettes/aramon.pcx (source side-prefix).
// palettes/aramon.pcx  A 1 x 1 PCX whose palette is Aramon's: cool blues and
//                    silvers where TA has oranges and greys.
// GTADATA/...        the GTA1 data set (see demo_gta.h).
// units/*.fbi, canbuild/..., features/all worlds/trees.tdf
//                    A small TA: Kingdoms mod for the unit catalog (see
//                    demo_kingdoms.h): six units (ARAMONARCH, ARAKNIGHT,
//                    ARAARCHER, VERMONARCH, VERSCOUT, MONDRAGON) with their
//                    [WEAPONn], three build-menu entries and two features
//                    drawn from anims/atlas.gaf. No JPEG for them; ARAKNIGHT
//                    has a model and a script (below), the others none.
// maps/lakes.tnt, maps/lakes.ota
//                    A small TA map (16 x 12 tiles: grass, a lake, a pond, a
//                    rocky hill, a void corner, Tree1 and Rock1 placed) and its
//                    two-schema OTA with four start positions (see demo_maps.h).
// objects3d/ARAKNIGHT.3do, scripts/ARAKNIGHT.cob, textures/aramon.gaf
//                    The knight's model (10 pieces: base, torso, head, larm,
//                    shield, rarm, sword, flare, lleg, rleg; the shield and
//                    tabard textured from textures/aramon.gaf, drawn with
//                    palettes/aramon.pcx), and its version 4 script, whose
//                    pieces differ from the model's by a "cape" it names and
//                    the "flare" it does not (see demo_units.h).
// demo.ufo           An archive of four more files (see demo_archive.h): a
//                    copy of anims/cursors.gaf that the loose one hides,
//                    units/verflag.gaf and its side palette palettes/veruna.pcx,
//                    and an older units/araknight.fbi that the loose one hides.
absl::StatusOr<std::vector<DemoAsset>> MakeDemoAssets();

}  // namespace kbot::demo
