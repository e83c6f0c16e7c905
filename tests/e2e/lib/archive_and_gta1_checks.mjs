// The demo's archive (demo.ufo, read like the game reads its HPIs) and its GTA1 files: map,
// style, font, texts.
import assert from 'node:assert/strict';

import { check } from './harness.mjs';
import { decodePng, pixel } from './png.mjs';
import { imageBlock, structured } from './tool_results.mjs';

export async function archiveAndGta1Checks(client, ctx) {
  const { name: context, builtin } = ctx;

  // demo.ufo (in the built-in context, and written out by `kbot demo` into the fixture folder)
  // is read like the game reads its archives: its entries join the loose files, and the loose
  // anims/cursors.gaf and units/araknight.fbi hide the archive's copies.
  const loose = builtin ? 'built-in' : 'folder';
  await check('archives: context_list sources, vfs_list source and hides', async () => {
    const cl = structured(await client.callTool({ name: 'context_list', arguments: {} }), 'context_list');
    assert.deepEqual(cl.contexts[0].sources.map((s) => [s.name, s.kind]), [[loose, builtin ? 'built-in' : 'folder'], ['demo.ufo', 'archive']]);
    assert.deepEqual(cl.contexts[0].sources[1], { name: 'demo.ufo', kind: 'archive', version: 2, files: 4 });
    const units = structured(await client.callTool({ name: 'vfs_list', arguments: { context, pattern: 'units/*' } }), 'vfs_list');
    assert.deepEqual(units.entries.map((e) => [e.path, e.source, e.hides]),
      [['units/araarcher.fbi', loose, []], ['units/araflag.gaf', loose, []],
       ['units/araknight.fbi', loose, ['demo.ufo']], ['units/aramonarch.fbi', loose, []],
       ['units/mondragon.fbi', loose, []], ['units/verflag.gaf', 'demo.ufo', []],
       ['units/vermonarch.fbi', loose, []], ['units/verscout.fbi', loose, []]]);
    const cursors = structured(await client.callTool({ name: 'vfs_list', arguments: { context, pattern: 'ANIMS/CURSORS.GAF' } }), 'vfs_list');
    assert.deepEqual(cursors.entries.map((e) => [e.path, e.source, e.hides]), [['anims/cursors.gaf', loose, ['demo.ufo']]]);
  });

  await check('hpi_list demo.ufo, and its entry read through gaf_list and resources/read', async () => {
    const sc = structured(await client.callTool({ name: 'hpi_list', arguments: { context, path: 'DEMO.UFO' } }), 'hpi_list');
    assert.equal(sc.version, 2);
    assert.deepEqual(sc.entries.map((e) => [e.path, e.compression]),
      [['anims/cursors.gaf', 'zlib'], ['palettes/veruna.pcx', 'zlib'], ['units/araknight.fbi', 'zlib'],
       ['units/verflag.gaf', 'zlib']]);
    const flag = sc.entries[3];
    assert.ok(flag.compressed_size > 0 && flag.compressed_size < flag.size, JSON.stringify(flag));
    const list = structured(await client.callTool({ name: 'gaf_list', arguments: { context, path: 'units\\VerFlag.gaf' } }), 'gaf_list');
    assert.equal(list.path, 'units/verflag.gaf');
    assert.deepEqual(list.sequences.map((q) => [q.name, q.frames]), [['araflag', 4]]);
    const read = await client.readResource({ uri: `kbot://${context}/units/verflag.gaf` });
    assert.equal(Buffer.from(read.contents[0].blob, 'base64').length, flag.size);
    const bad = await client.callTool({ name: 'hpi_list', arguments: { context, path: 'anims/demo.gaf' } });
    assert.equal(bad.isError, true);
    assert.match(bad.content[0].text, /anims\/demo\.gaf/);
  });

  await check('map_describe GTADATA/DEMO.CMP, and the cell at the crossing', async () => {
    const sc = structured(await client.callTool({ name: 'map_describe', arguments: { context, path: 'gtadata/demo.cmp', x: 7, y: 7 } }), 'map_describe');
    assert.equal(sc.version, 331);
    assert.equal(sc.style, 1);
    assert.deepEqual(sc.districts.map((d) => [d.name, d.empty]), [['Demo Town', false], ['Harbour', false], ['', true]]);
    assert.deepEqual(sc.services.police, [{ x: 3, y: 10, z: 4 }]);
    assert.equal(sc.cell.district, 'Demo Town');
    assert.deepEqual(sc.cell.blocks.map((b) => [b.z, b.type, b.lid]), [[4, 'road', 1], [5, 'field', 4]]);
    assert.equal(sc.cell.blocks[0].traffic, 'traffic_light');
    const harbour = structured(await client.callTool({ name: 'map_describe', arguments: { context, path: 'GTADATA/DEMO.CMP', x: 13, y: 14 } }), 'map_describe');
    assert.equal(harbour.cell.district, 'Harbour');
    assert.deepEqual(harbour.cell.blocks.map((b) => b.type), ['water']);
  });

  await check('map_render GTADATA/DEMO.CMP: the town from above with its own style', async () => {
    const r = await client.callTool({ name: 'map_render', arguments: { context, path: 'GTADATA/DEMO.CMP', w: 17, h: 16, scale: 4 } });
    const sc = structured(r, 'map_render');
    assert.equal(sc.style, 'GTADATA/STYLE001.G24');
    assert.equal(sc.delivery, 'inline');
    assert.deepEqual([sc.width, sc.height], [68, 64]);
    const img = decodePng(imageBlock(r).bytes);
    assert.deepEqual([img.width, img.height], [68, 64]);
    assert.equal(pixel(img, 66, 2)[3], 0, 'cell (16, 0) is empty: transparent');
    const water = pixel(img, 14 * 4 + 2, 14 * 4 + 2);
    assert.equal(water[3], 255);
    assert.ok(water[2] > water[0] && water[2] > water[1], `water is blue: ${water}`);
    const road = pixel(img, 7 * 4 + 1, 1);
    assert.notDeepEqual(road, pixel(img, 1, 1), 'the road is not the pavement');
  });

  await check('map_render with no region: the demo town\'s occupied area, 128 x 128 with a caption', async () => {
    const r = await client.callTool({ name: 'map_render', arguments: { context, path: 'GTADATA/DEMO.CMP' } });
    const sc = structured(r, 'map_render');
    assert.deepEqual([sc.x, sc.y, sc.w, sc.h], [0, 0, 16, 16]);
    assert.equal(sc.region, 'occupied');
    assert.deepEqual(sc.occupied, { x: 0, y: 0, w: 16, h: 16 });
    assert.deepEqual([sc.width, sc.height, sc.delivery], [128, 128, 'inline']);
    const img = decodePng(imageBlock(r).bytes);
    assert.deepEqual([img.width, img.height], [128, 128]);
    assert.deepEqual(r.content.map((c) => c.type), ['text', 'text', 'image']);
    assert.equal(r.content[1].text, 'GTADATA/DEMO.CMP cells 0..15 x 0..15 (its occupied area): 128 x 128 px at 8 px a cell (png, inline)');
  });

  await check('map_render of the whole map: 2048 px is over the 1568 px cap, a link and a preview within it', async () => {
    const r = await client.callTool({ name: 'map_render', arguments: { context, path: 'GTADATA/DEMO.CMP', x: 0 } });
    const sc = structured(r, 'map_render');
    assert.deepEqual([sc.width, sc.height, sc.region], [2048, 2048, 'request']);
    assert.equal(sc.delivery, 'resource_link');
    assert.deepEqual(sc.preview, { width: 1536, height: 1536, pixels_per_cell: 6 });
    assert.deepEqual(r.content.map((c) => c.type), ['text', 'text', 'resource_link', 'image']);
    assert.match(r.content[1].text, /: 2048 x 2048 px at 8 px a cell \(png, \d+ bytes\): too big to inline \(2048 x 2048 px: over 1568 px a side\), read kbot:\/\/[^/]+\/GTADATA\/DEMO\.CMP\?export=map&.*; the preview is 1536 x 1536/);
    const preview = imageBlock(r);
    assert.ok(preview.base64.length <= 1 << 20, `preview of ${preview.base64.length} base64 chars`);
    const pimg = decodePng(preview.bytes);
    assert.ok(Math.max(pimg.width, pimg.height) <= 1568, `${pimg.width}x${pimg.height}`);
    const read = await client.readResource({ uri: sc.resource_uri });
    const full = decodePng(Buffer.from(read.contents[0].blob, 'base64'));
    assert.deepEqual([full.width, full.height], [2048, 2048]);
  });

  await check('style_describe, style_tiles and font_render on the demo style and font', async () => {
    const st = structured(await client.callTool({ name: 'style_describe', arguments: { context, path: 'GTADATA/STYLE001.G24' } }), 'style_describe');
    assert.equal(st.header.version, 336);
    assert.deepEqual(st.tiles, { side: 2, lid: 6, aux: 4, total: 12 });
    const tiles = await client.callTool({ name: 'style_tiles', arguments: { context, path: 'GTADATA/STYLE001.G24', kind: 'lid', remap: 2 } });
    const sheet = decodePng(imageBlock(tiles).bytes);
    assert.ok(sheet.width >= 64 && sheet.height >= 64, `${sheet.width}x${sheet.height}`);
    structured(tiles, 'style_tiles');
    const font = await client.callTool({ name: 'font_render', arguments: { context, path: 'GTADATA/DEMO.FON', text: 'KBOT 1997!' } });
    const text = decodePng(imageBlock(font).bytes);
    assert.equal(text.height, 8);
    structured(font, 'font_render');
  });

  await check('sprite_list, sprite_export, sprite_sheet on the demo style; map_render with its objects and mission 1', async () => {
    const style = 'GTADATA/STYLE001.G24';
    const list = structured(await client.callTool({ name: 'sprite_list', arguments: { context, path: style, kind: 'car' } }), 'sprite_list');
    assert.equal(list.total, 8);
    assert.deepEqual(list.sprites.map((s) => [s.kind, s.index, s.width, s.height, s.deltas]), [['car', 0, 24, 40, 3]]);
    const car = await client.callTool({ name: 'sprite_export', arguments: { context, path: style, kind: 'car', number: 0, remap: 3, deltas: [0, 1] } });
    const sc = structured(car, 'sprite_export');
    assert.deepEqual([sc.width, sc.height, sc.scale, sc.model], [144, 240, 6, 1]);
    const png = decodePng(imageBlock(car).bytes);
    assert.deepEqual([png.width, png.height], [144, 240]);
    const sheet = await client.callTool({ name: 'sprite_sheet', arguments: { context, path: style, kind: 'object' } });
    assert.equal(structured(sheet, 'sprite_sheet').count, 3);
    decodePng(imageBlock(sheet).bytes);
    const bad = await client.callTool({ name: 'sprite_export', arguments: { context, path: style, kind: 'object', number: 0, remap: 2 } });
    assert.equal(bad.isError, true);
    assert.match(bad.content[0].text, /object sprite 0 takes no remap/);
    const town = structured(await client.callTool({ name: 'map_render', arguments: { context, path: 'GTADATA/DEMO.CMP', overlays: ['objects'], mission: 1 } }), 'map_render');
    assert.deepEqual(town.objects, { drawn: 8, skipped: 0 });
    assert.equal(town.mission.title, 'Demo Town');
    assert.ok(town.mission.marks.some((m) => m.type === 'TELEPHONE' && m.line === 12), JSON.stringify(town.mission.marks));
  });

  await check('car_list and car_describe on the demo style; mission_list and mission_describe on its MISSION.INI', async () => {
    const style = 'GTADATA/STYLE001.G24';
    const cars = structured(await client.callTool({ name: 'car_list', arguments: { context, path: style } }), 'car_list');
    assert.deepEqual(cars.cars.map((c) => [c.model, c.name, c.type]), [[1, 'Café Racer', 'car'], [5, 'City Bus', 'bus']]);
    const car = await client.callTool({ name: 'car_describe', arguments: { context, path: style, model: 1, remap: 3, doors_open: true } });
    const described = structured(car, 'car_describe');
    assert.equal(described.car.doors.length, 2);
    assert.deepEqual([described.picture.width, described.picture.height], [144, 240]);
    decodePng(imageBlock(car).bytes);
    const missions = structured(await client.callTool({ name: 'mission_list', arguments: { context, path: 'GTADATA/MISSION.INI' } }), 'mission_list');
    assert.deepEqual(missions.missions.map((m) => [m.number, m.title]), [[1, 'Demo Town'], [2, 'Harbour Run']]);
    const phones = structured(await client.callTool({ name: 'mission_describe', arguments: { context, path: 'GTADATA/MISSION.INI', mission: 1, type: 'telephone' } }), 'mission_describe');
    assert.deepEqual(phones.objects.map((o) => [o.line, o.x, o.y, o.z]), [[12, 8, 8, 4]]);
    const wrong = await client.callTool({ name: 'mission_list', arguments: { context, path: style } });
    assert.equal(wrong.isError, true);
  });

  await check('fxt_decode GTADATA/ENGLISH.FXT: every record in order, one key, a search', async () => {
    const all = structured(await client.callTool({ name: 'fxt_decode', arguments: { context, path: 'gtadata/english.fxt' } }), 'fxt_decode');
    assert.equal(all.path, 'GTADATA/ENGLISH.FXT');
    assert.equal(all.total, 7);
    assert.deepEqual(all.entries.map((e) => e.key), ['1001', '1002', '1001', 'car1', 'fr01', 'city1', 'car5']);
    assert.equal(all.entries[4].text, "Répondez au téléphone, s'il vous plaît.");
    const key = structured(await client.callTool({ name: 'fxt_decode', arguments: { context, path: 'GTADATA/ENGLISH.FXT', key: '1001' } }), 'fxt_decode');
    assert.deepEqual(key.entries.map((e) => e.index), [0, 2]);
    const search = structured(await client.callTool({ name: 'fxt_decode', arguments: { context, path: 'GTADATA/ENGLISH.FXT', search: 'LIBERTY', limit: 1 } }), 'fxt_decode');
    assert.deepEqual(search.entries, [{ index: 5, key: 'city1', text: 'Liberty City' }]);
    assert.equal(search.next_offset, null);
  });

}
