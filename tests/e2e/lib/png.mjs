// PNG checks on the pictures kbot returns: decoding, chunks (APNG), pixels, scaling, alpha.
import assert from 'node:assert/strict';

import pngjs from 'pngjs';

const { PNG } = pngjs;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function decodePng(bytes) {
  assert.ok(bytes.subarray(0, 8).equals(PNG_SIGNATURE), 'not a PNG (signature)');
  return PNG.sync.read(bytes);
}

// The PNG chunk types in order (to tell an APNG: acTL before IDAT, fcTL per frame).
export function pngChunks(bytes) {
  const chunks = [];
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    chunks.push({ type, data: bytes.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
}

// RGBA of pixel (x, y) of a pngjs image.
export function pixel(img, x, y) {
  const i = (y * img.width + x) * 4;
  return [...img.data.subarray(i, i + 4)];
}

// The scale-S image must be the scale-1 image enlarged by nearest neighbour: every pixel (x, y)
// equals the scale-1 pixel (floor(x/S), floor(y/S)). Checks a few named pixels first (so a
// failure names one), then all of them.
export function assertScaled(big, small, scale) {
  assert.equal(big.width, small.width * scale, 'scaled width');
  assert.equal(big.height, small.height * scale, 'scaled height');
  const probes = [
    [0, 0], [big.width - 1, 0], [0, big.height - 1], [big.width - 1, big.height - 1],
    [big.width >> 1, big.height >> 1], [(big.width >> 1) + scale - 1, (big.height >> 2) + 1],
    [scale * 5 + 3, scale * 7 + 2], [scale * 11 + 1, scale * 13 + 3],
  ];
  for (const [x, y] of probes) {
    assert.deepEqual(pixel(big, x, y), pixel(small, Math.floor(x / scale), Math.floor(y / scale)),
      `pixel (${x}, ${y}) at scale ${scale} vs (${Math.floor(x / scale)}, ${Math.floor(y / scale)}) at scale 1`);
  }
  for (let y = 0; y < big.height; y++) {
    for (let x = 0; x < big.width; x++) {
      const a = pixel(big, x, y);
      const b = pixel(small, Math.floor(x / scale), Math.floor(y / scale));
      if (a.some((v, i) => v !== b[i])) {
        assert.fail(`pixel (${x}, ${y}) = ${a} at scale ${scale}, but (${Math.floor(x / scale)}, ${Math.floor(y / scale)}) = ${b} at scale 1`);
      }
    }
  }
}

export function alphaCounts(img) {
  let transparent = 0;
  let opaque = 0;
  for (let i = 3; i < img.data.length; i += 4) {
    if (img.data[i] === 0) transparent++;
    else opaque++;
  }
  return { transparent, opaque };
}
