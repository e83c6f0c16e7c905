#!/usr/bin/env python3
"""Writes a folder for timing `kbot hpi pack` as a whole process (bench/hpi_pack_process.sh).

Usage: hpi_pack_folder.py DIR [MEGABYTES]   (default 160)

Deterministic (a fixed seed): files of 64 KiB - 4 MiB (log-uniform sizes) in five folders, a third
each of the kinds hpi_bench.cc's fixtures hold: GAF-like rows of palette indices around shaded
blobs (~5x under zlib), TDF/FBI-like unit definitions (~4x) and smooth 16-bit height fields (~2x).
Nothing is written when DIR.stamp (beside DIR, not packed) says DIR is already of that size.
"""
import math
import os
import random
import sys
from array import array

KEYS = ["UnitName", "Side", "Designation", "Description", "FootprintX", "FootprintZ",
        "BuildCostEnergy", "BuildCostMetal", "MaxDamage", "MaxVelocity", "Acceleration",
        "BrakeRate", "TurnRate", "SightDistance", "RadarDistance", "weapon1", "explodeas",
        "selfdestructas", "Category", "TEDClass", "Corpse", "SoundCategory"]
WORDS = ["ARM", "CORE", "KBOT", "TANK", "VTOL", "SHIP", "LASER", "ROCKET", "CANNON", "BIG_UNIT",
         "SMALL_UNITEX", "NOTAIR", "NOTSUB", "LEVEL1", "LEVEL2", "CTRL_G"]


def pixel_rows(rng, size):
    out = bytearray()
    while len(out) < size:
        w, h = 32 + rng.randrange(224), 32 + rng.randrange(96)
        base = 16 + rng.randrange(200)
        cx, cy = w / 2, h / 2
        r = min(w, h) * (0.3 + 0.2 * rng.random())
        for y in range(h):
            dy = (y - cy) * 1.3
            row = bytearray(b"\x09" * w)
            if abs(dy) < r:
                half = math.sqrt(r * r - dy * dy)
                x0, x1 = max(0, int(cx - half) + 1), min(w, int(cx + half) + 1)
                for x in range(x0, x1):
                    row[x] = base + int(math.hypot(x - cx, dy) / r * 6) % 6
                for _ in range((x1 - x0) // 8):
                    x = x0 + rng.randrange(max(1, x1 - x0))
                    row[x] = (row[x] + rng.randrange(3)) & 0xFF
            out += row
    return bytes(out[:size])


def text(rng, size):
    lines = []
    n = 0
    while n < size:
        part = [f"[UNITINFO{rng.randrange(1000)}]\r\n\t{{\r\n"]
        for _ in range(8 + rng.randrange(14)):
            key = rng.choice(KEYS)
            if rng.randrange(2):
                part.append(f"\t{key}={rng.randrange(20000)};\r\n")
            else:
                adv = "" if rng.randrange(3) else "_ADV"
                part.append(f"\t{key}={rng.choice(WORDS)}{adv} {rng.choice(WORDS)};\r\n")
        part.append("\t}\r\n")
        s = "".join(part)
        lines.append(s)
        n += len(s)
    return "".join(lines).encode()[:size]


def heights(rng, size):
    fx, fy = 0.01 + 0.05 * rng.random(), 0.01 + 0.05 * rng.random()
    values = array("H")
    for i in range((size + 1) // 2):
        x, y = i % 256, i // 256
        v = (2000 + 900 * math.sin(x * fx) + 700 * math.cos(y * fy)
             + 300 * math.sin((x + y) * fx * 3))
        values.append(int(v) + rng.randrange(4))
    if sys.byteorder != "little":
        values.byteswap()
    return values.tobytes()[:size]


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    root = sys.argv[1]
    total = int(sys.argv[2] if len(sys.argv) == 3 else 160) * 1_000_000
    stamp = root.rstrip("/") + ".stamp"
    if os.path.exists(stamp) and open(stamp).read() == str(total):
        return
    rng = random.Random(0x4850492)
    folders = ["anims", "unitsE", "maps", "gamedata", "textures"]
    written, i = 0, 0
    while written < total:
        size = min(int(65536 * 2 ** (6 * rng.random())), total - written + 65536)
        kind = i % 3
        data = (pixel_rows, text, heights)[kind](rng, size)
        path = os.path.join(root, folders[i % 5], f"file{i:04d}.{('gaf', 'fbi', 'bin')[kind]}")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        written += len(data)
        i += 1
    with open(stamp, "w") as f:
        f.write(str(total))
    print(f"{root}: {i} files, {written} bytes")


if __name__ == "__main__":
    main()
