// GAF and TAF: listing, frames, exports in every format checked pixel by pixel, palettes.
import assert from 'node:assert/strict';

import { check } from './harness.mjs';
import { alphaCounts, assertScaled, decodePng, pixel, pngChunks } from './png.mjs';
import { imageBlock, structured } from './tool_results.mjs';

export const PALETTE_SOURCES = ['override', 'sidecar-pcx', 'palettes-pal', 'side-prefix', 'palette-pal', 'embedded'];

export async function gafChecks(client, ctx, gafs) {
  const { name: context, game, transparency } = ctx;

  await check('gaf_list anims/demo.gaf', async () => {
    const sc = structured(await client.callTool({ name: 'gaf_list', arguments: { context, path: 'anims/demo.gaf' } }), 'gaf_list');
    assert.equal(sc.path, 'anims/demo.gaf');
    assert.equal(sc.version, 0x00010100);
    assert.deepEqual(sc.warnings, []);
    assert.equal(sc.sequences.length, 2);
    const [spinner, explosion] = sc.sequences;
    assert.equal(spinner.index, 0);
    assert.equal(spinner.name, 'spinner');
    assert.equal(spinner.frames, 8);
    assert.equal(spinner.loops, true);
    assert.equal(explosion.index, 1);
    assert.equal(explosion.name, 'explosion');
    assert.equal(explosion.frames, 6);
    for (const s of sc.sequences) {
      assert.ok(s.duration_ticks >= s.frames, `${s.name}: duration_ticks ${s.duration_ticks}`);
      assert.ok(Math.abs(s.duration_sec - s.duration_ticks / 30) < 0.001, `${s.name}: duration_sec ${s.duration_sec}`);
    }
  });

  await check('gaf_list: path case-insensitive and \\-separated', async () => {
    const sc = structured(await client.callTool({ name: 'gaf_list', arguments: { path: 'ANIMS\\Demo.GAF' } }), 'gaf_list');
    assert.equal(sc.sequences.length, 2);
  });

  await check('gaf_list of every GAF vfs_list found', async () => {
    assert.ok(gafs?.length, 'vfs_list found no GAF');
    for (const p of gafs) {
      const sc = structured(await client.callTool({ name: 'gaf_list', arguments: { path: p } }), `gaf_list ${p}`);
      assert.ok(sc.sequences.length > 0, `${p}: no sequences`);
    }
  });

  await check('gaf_info sequence "spinner" and sequence 1', async () => {
    const sc = structured(await client.callTool({ name: 'gaf_info', arguments: { context, path: 'anims/demo.gaf', sequence: 'SPINNER' } }), 'gaf_info');
    assert.equal(sc.path, 'anims/demo.gaf');
    assert.equal(sc.sequences.length, 1);
    const seq = sc.sequences[0];
    assert.equal(seq.name, 'spinner');
    assert.equal(seq.frames.length, 8);
    for (const [i, f] of seq.frames.entries()) {
      assert.equal(f.index, i);
      assert.equal(f.width, 32);
      assert.equal(f.height, 32);
      assert.ok(['raw', 'compressed', 'argb4444', 'argb1555'].includes(f.storage), `storage ${f.storage}`);
    }
    const one = structured(await client.callTool({ name: 'gaf_info', arguments: { path: 'anims/demo.gaf', sequence: 1 } }), 'gaf_info');
    assert.equal(one.sequences.length, 1);
    assert.equal(one.sequences[0].name, 'explosion');
    assert.equal(one.sequences[0].frames.length, 6);
    const all = structured(await client.callTool({ name: 'gaf_info', arguments: { path: 'anims/demo.gaf' } }), 'gaf_info');
    assert.equal(all.sequences.length, 2);
  });

  await check('gaf_info of the truecolor anims/glow.taf', async () => {
    const sc = structured(await client.callTool({ name: 'gaf_info', arguments: { path: 'anims/glow.taf' } }), 'gaf_info');
    const storages = new Set(sc.sequences.flatMap((s) => s.frames.map((f) => f.storage)));
    assert.ok(storages.has('argb4444') || storages.has('argb1555'), `storages ${[...storages]}`);
  });

  let small;
  await check(`gaf_export png scale 1 (transparency ${transparency})`, async () => {
    const r = await client.callTool({ name: 'gaf_export', arguments: { context, path: 'anims/demo.gaf', sequence: 'spinner', frame: 0 } });
    const sc = structured(r, 'gaf_export');
    assert.equal(sc.path, 'anims/demo.gaf');
    assert.equal(sc.sequence, 0);
    assert.equal(sc.frame, 0);
    assert.equal(sc.format, 'png');
    assert.equal(sc.frames, 1);
    assert.equal(sc.transparency, transparency);
    assert.ok(PALETTE_SOURCES.includes(sc.palette.source), `palette.source ${sc.palette.source}`);
    assert.equal(sc.delivery, 'inline');
    if (sc.sequence_name !== undefined) assert.equal(sc.sequence_name, 'spinner');
    if (sc.scale !== undefined) assert.equal(sc.scale, 1);
    if (sc.mime_type !== undefined) assert.equal(sc.mime_type, 'image/png');
    const img = imageBlock(r);
    assert.equal(img.mimeType, 'image/png');
    if (sc.bytes !== undefined) assert.equal(sc.bytes, img.bytes.length, 'bytes');
    small = decodePng(img.bytes);
    assert.equal(small.width, 32);
    assert.equal(small.height, 32);
    assert.equal(sc.width, 32);
    assert.equal(sc.height, 32);
    const { transparent, opaque } = alphaCounts(small);
    assert.ok(opaque > 0, 'no opaque pixel');
    assert.ok(transparent > 0, `no transparent pixel (transparency ${transparency})`);
  });

  await check('gaf_export png scale 4: 128x128, nearest-neighbour of scale 1', async () => {
    assert.ok(small, 'needs the scale-1 export');
    const r = await client.callTool({ name: 'gaf_export', arguments: { context, path: 'anims/demo.gaf', sequence: 0, format: 'png', scale: 4 } });
    const sc = structured(r, 'gaf_export');
    assert.equal(sc.width, 128);
    assert.equal(sc.height, 128);
    assert.equal(sc.transparency, transparency);
    if (sc.scale !== undefined) assert.equal(sc.scale, 4);
    const img = imageBlock(r);
    assert.equal(img.mimeType, 'image/png');
    const big = decodePng(img.bytes);
    assert.equal(big.width, 128);
    assertScaled(big, small, 4);
  });

  await check('gaf_export transparency none: no transparent pixel', async () => {
    const r = await client.callTool({ name: 'gaf_export', arguments: { path: 'anims/demo.gaf', transparency: 'none' } });
    const sc = structured(r, 'gaf_export');
    assert.equal(sc.transparency, 'none');
    const img = decodePng(imageBlock(r).bytes);
    assert.equal(alphaCounts(img).transparent, 0);
  });

  await check('gaf_export apng: image/png with acTL, 8 frames', async () => {
    const r = await client.callTool({ name: 'gaf_export', arguments: { path: 'anims/demo.gaf', sequence: 'spinner', format: 'apng' } });
    const sc = structured(r, 'gaf_export');
    assert.equal(sc.format, 'apng');
    assert.equal(sc.frames, 8);
    const img = imageBlock(r);
    assert.equal(img.mimeType, 'image/png');
    assert.ok(img.bytes.length > 0);
    const chunks = pngChunks(img.bytes);
    const actl = chunks.find((c) => c.type === 'acTL');
    assert.ok(actl, `no acTL chunk: ${chunks.map((c) => c.type)}`);
    assert.ok(chunks.findIndex((c) => c.type === 'acTL') < chunks.findIndex((c) => c.type === 'IDAT'), 'acTL after IDAT');
    assert.equal(actl.data.readUInt32BE(0), 8, 'acTL num_frames');
    assert.equal(chunks.filter((c) => c.type === 'fcTL').length, 8, 'fcTL chunks');
    const first = decodePng(img.bytes);
    assert.equal(first.width, sc.width);
    assert.equal(first.height, sc.height);
  });

  await check('gaf_export gif: image/gif', async () => {
    const r = await client.callTool({ name: 'gaf_export', arguments: { path: 'anims/demo.gaf', sequence: 'explosion', format: 'gif' } });
    const sc = structured(r, 'gaf_export');
    assert.equal(sc.format, 'gif');
    assert.equal(sc.sequence, 1);
    assert.equal(sc.frames, 6);
    const img = imageBlock(r);
    assert.equal(img.mimeType, 'image/gif');
    assert.ok(img.bytes.length > 13);
    assert.match(img.bytes.toString('latin1', 0, 6), /^GIF8[79]a$/);
    assert.equal(img.bytes.readUInt16LE(6), sc.width, 'GIF logical screen width');
    assert.equal(img.bytes.readUInt16LE(8), sc.height, 'GIF logical screen height');
  });

  await check('gaf_export sheet: one PNG', async () => {
    const r = await client.callTool({ name: 'gaf_export', arguments: { path: 'anims/demo.gaf', sequence: 'explosion', format: 'sheet' } });
    const sc = structured(r, 'gaf_export');
    assert.equal(sc.format, 'sheet');
    const img = imageBlock(r);
    assert.equal(img.mimeType, 'image/png');
    const sheet = decodePng(img.bytes);
    assert.equal(sheet.width, sc.width);
    assert.equal(sheet.height, sc.height);
  });

  await check('gaf_export sheet with no scale: enlarged to about 512 px wide, frames numbered', async () => {
    const r = await client.callTool({ name: 'gaf_export', arguments: { context, path: 'anims/demo.gaf', format: 'sheet' } });
    const sc = structured(r, 'gaf_export');
    assert.ok(sc.scale >= 2, `scale ${sc.scale}`);
    assert.ok(sc.width > 256 && sc.width <= 512, `width ${sc.width}`);
    const img = decodePng(imageBlock(r).bytes);
    assert.deepEqual([img.width, img.height], [sc.width, sc.height]);
    assert.match(r.content[1].text, new RegExp(`numbered sheet: ${sc.width} x ${sc.height} px at scale ${sc.scale} \\(png, inline\\)$`));
  });

  await check('gaf_export with an explicit palette', async () => {
    const r = await client.callTool({ name: 'gaf_export', arguments: { path: 'anims/demo.gaf', palette: 'palettes/palette.pal' } });
    const sc = structured(r, 'gaf_export');
    assert.equal(sc.palette.source, 'override');
    assert.equal(sc.palette.path, 'palettes/palette.pal');
  });

  await check('palette_candidates anims/demo.gaf', async () => {
    const sc = structured(await client.callTool({ name: 'palette_candidates', arguments: { context, path: 'anims/demo.gaf' } }), 'palette_candidates');
    assert.equal(sc.context, context);
    assert.equal(sc.path, 'anims/demo.gaf');
    assert.ok(sc.candidates.length >= 1);
    assert.ok(PALETTE_SOURCES.includes(sc.chosen), `chosen ${sc.chosen}`);
    assert.ok(sc.candidates.some((c) => c.source === sc.chosen && c.usable), 'the chosen source is a usable candidate');
    assert.ok(sc.candidates.some((c) => c.source === 'embedded'), 'the embedded palette is a candidate');
    for (const c of sc.candidates) assert.ok(PALETTE_SOURCES.includes(c.source), `source ${c.source}`);
    const withPal = structured(await client.callTool({ name: 'palette_candidates', arguments: { path: 'anims/demo.gaf', palette: 'palettes/palette.pal' } }), 'palette_candidates');
    assert.equal(withPal.candidates[0].source, 'override');
  });

  // The same files under either game: TA: Kingdoms reads the atlas's sidecar and the Aramon
  // flag's side palette; TA has no per-asset palettes and draws both with palettes/palette.pal.
  const kingdoms = game === 'takingdoms';
  const chains = [
    { asset: 'anims/atlas.gaf', x: 0, y: 0, rgba: [255, 0, 255, 255],  // the painted border, index 5
      tak: ['sidecar-pcx', 'anims/atlas.pcx'] },
    { asset: 'units/araflag.gaf', x: 1, y: 23, rgba: [115, 117, 122, 255],  // the pole, index 88
      tak: ['side-prefix', 'palettes/aramon.pcx'] },
    // The same flag inside demo.ufo under Veruna's prefix, with the archive's own veruna.pcx
    // (Aramon's colours, R G B turned to B R G).
    { asset: 'units/verflag.gaf', x: 1, y: 23, rgba: [122, 115, 117, 255],
      tak: ['side-prefix', 'palettes/veruna.pcx'] },
  ];
  for (const c of chains) {
    await check(`the palette chain for ${c.asset} (${game})`, async () => {
      const [source, palettePath] = kingdoms ? c.tak : ['palette-pal', 'palettes/palette.pal'];
      const cands = structured(await client.callTool({ name: 'palette_candidates', arguments: { context, path: c.asset } }), 'palette_candidates');
      assert.equal(cands.chosen, source);
      assert.deepEqual(cands.candidates.map((x) => x.source),
        kingdoms ? [source, 'palette-pal', 'embedded'] : ['palette-pal', 'embedded']);
      assert.equal(cands.candidates[0].path, palettePath);
      const r = await client.callTool({ name: 'gaf_export', arguments: { context, path: c.asset, transparency: 'game' } });
      const sc = structured(r, 'gaf_export');
      assert.deepEqual(sc.palette, { source, path: palettePath });
      assert.deepEqual(sc.warnings, []);
      const px = pixel(decodePng(imageBlock(r).bytes), c.x, c.y);
      if (kingdoms) assert.deepEqual(px, c.rgba);
      else assert.notDeepEqual(px, c.rgba, 'TA colours, not the side palette');
    });
  }

}
