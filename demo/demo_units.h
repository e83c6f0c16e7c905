// The demo's unit: a model, a script and textures for ARAKNIGHT (the Aramon
// knight of demo_kingdoms.h, objectname=ARAKNIGHT), built byte by byte here
// from docs/formats/3do.md and docs/formats/cob.md, so the model and script
// tools have something to describe, list, decompile and draw without the game.
//
// objects3d/ARAKNIGHT.3do  A knight of boxes and wedges, 24 units tall,
//     facing stored -z (the game's front: docs/formats/3do_render.md), in
//     palettes/aramon.pcx indices (silver plate 48, 50, 51; steel 243; blue
//     cloth 210, 212; gold 193; leather 201; wood 202; blade 17; visor 2).
//     Pieces, depth first (offsets from the parent, in units):
//       base    (0, 0, 0)       hips: a blue skirt over the legs, a belt
//         torso (0, 12, 0)      breastplate widening to the shoulders; the
//                               tabard on its front, textured "ara_tabard"
//           head  (0, 7, 0)     helm, a dark visor slit, a gold crest wedge
//           larm  (4.9, 6.2, 0) pauldron, upper arm, forearm bent forward
//             shield (1.2, -4.6, -4.6)  a heater shield facing forward: its
//                               front quad textured "ara_shield", the point
//                               below rimmed in silver, a wooden back
//           rarm  (-4.9, 6.2, 0)  the same, and a fist
//             sword (0, -4.6, -4.7)  grip, gold cross-guard, blade and point,
//                               raised and leaning out to the knight's right
//                               (up 1, out 0.8, back 0.15), clear of the arm
//                               in the game's view and turned
//               flare (at the point)  one vertex and a one-index point
//         lleg  (1.6, 9.6, 0)   greave, knee cop, sabaton pointing forward
//         rleg  (-1.6, 9.6, 0)
//     (larm is the knight's left: stored +x, the picture's right when it
//     faces the viewer). 118 polygons and the flare's point; no selection
//     primitive. Untextured polygons carry 1 in their last word (RWE's and
//     TA3D's "is coloured" flag), the rest 0.
// textures/aramon.gaf  Two raw 32 x 32 frames, stored key 9 (unused), no
//     pixel of index 5 (TA: Kingdoms' texture hole): "ara_shield", a gold
//     cross on blue rimmed in silver on the top and sides; "ara_tabard", blue
//     with a gold hem and a gold crown.
// scripts/ARAKNIGHT.cob  A version 4 (TA layout) script, which the TA:
//     Kingdoms demo context reads as well; chosen over version 6 for
//     simplicity (no sound table to lay out). Compiled by hand as TA's
//     compiler would (angles trunc(deg * 65536 / 360), lengths
//     trunc(x * 163840); a function not ending in a return gets
//     `return (0);`), laid out header, code, script starts, script names,
//     piece names, names. Its pieces are the model's but one each way: it
//     names a "cape" the model lacks and not the model's "flare". Source:
//
//   #include "exptype.h"
//
//   piece base, torso, head, cape, larm, shield, rarm, sword, lleg, rleg;
//
//   static-var Static_Var_1;
//
//   Create()
//   {
//       Static_Var_1 = 0;
//       while (get BUILD_PERCENT_LEFT)
//       {
//           sleep 250;
//       }
//   }
//
//   StartMoving()
//   {
//       Static_Var_1 = 1;
//       start-script Walk();
//   }
//
//   StopMoving()
//   {
//       signal 4;
//       Static_Var_1 = 0;
//       turn lleg to x-axis <0> speed <200>;
//       turn rleg to x-axis <0> speed <200>;
//       turn larm to x-axis <0> speed <200>;
//       turn rarm to x-axis <0> speed <200>;
//       turn cape to x-axis <0> speed <200>;
//   }
//
//   Walk()
//   {
//       set-signal-mask 4;
//       while (TRUE)
//       {
//           turn lleg to x-axis <-30> speed <180>;
//           turn rleg to x-axis <30> speed <180>;
//           turn larm to x-axis <15> speed <90>;
//           turn rarm to x-axis <-15> speed <90>;
//           turn cape to x-axis <20> speed <60>;
//           sleep 330;
//           turn lleg to x-axis <30> speed <180>;
//           turn rleg to x-axis <-30> speed <180>;
//           turn larm to x-axis <-15> speed <90>;
//           turn rarm to x-axis <15> speed <90>;
//           turn cape to x-axis <0> speed <60>;
//           sleep 330;
//       }
//   }
//
//   AimPrimary(heading, pitch)
//   {
//       signal 2;
//       set-signal-mask 2;
//       turn torso to y-axis heading speed <300>;
//       turn rarm to x-axis <0> - pitch speed <200>;
//       wait-for-turn torso around y-axis;
//       return (1);
//   }
//
//   FirePrimary()
//   {
//       turn sword to x-axis <70> speed <720>;
//       move rarm to z-axis [0.4] speed [4];
//       sleep 200;
//       turn sword to x-axis <0> speed <360>;
//       move rarm to z-axis [0] speed [2];
//   }
//
//   QueryPrimary(piecenum)
//   {
//       piecenum = sword;
//   }
//
//   AimFromPrimary(piecenum)
//   {
//       piecenum = torso;
//   }
//
//   SweetSpot(piecenum)
//   {
//       piecenum = base;
//   }
//
//   Killed(severity, corpsetype)
//   {
//       if (severity <= 25)
//       {
//           corpsetype = 1;
//           explode torso type BITMAPONLY;
//           return (0);
//       }
//       corpsetype = 2;
//       explode head type FALL | SMOKE;
//       return (0);
//   }
//
//   (cob::Decompile gives back exactly this text but for Killed's last
//   `return (0);`, which it leaves out as the one a compiler appends.)
#pragma once

#include <vector>

#include "absl/status/statusor.h"
#include "demo/demo_assets.h"

namespace kbot::demo {

// objects3d/ARAKNIGHT.3do, scripts/ARAKNIGHT.cob, textures/aramon.gaf.
absl::StatusOr<std::vector<DemoAsset>> MakeDemoUnitAssets();

}  // namespace kbot::demo
