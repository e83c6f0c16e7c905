// The first checks of every session: who the server is, its tools, its contexts, its files.
import assert from 'node:assert/strict';
import fs from 'node:fs';

import { check, expectRpcError } from './harness.mjs';
import { structured } from './tool_results.mjs';

export const TOOL_NAMES = ['context_list', 'asset_find', 'vfs_list', 'gaf_list', 'gaf_check', 'gaf_info', 'gaf_export', 'palette_candidates', 'hpi_list', 'map_describe', 'map_render',
  'style_describe', 'style_tiles', 'fxt_decode', 'font_render', 'picture_export', 'player_describe'];

// Returns the GAF paths vfs_list found (for gaf_checks.mjs).
export async function listingChecks(client, ctx, sdk) {
  const { name: context, game, transparency, builtin } = ctx;

  await check(`${sdk.handshake}: serverInfo, capabilities, instructions`, async () => {
    const info = client.getServerVersion();
    assert.equal(info.name, 'kbot');
    assert.ok(info.version, 'serverInfo.version');
    const caps = client.getServerCapabilities();
    for (const cap of ['tools', 'resources', 'completions', 'logging']) assert.ok(caps[cap], `capability ${cap}`);
    const instructions = client.getInstructions();
    assert.ok(typeof instructions === 'string' && instructions.includes(context), `instructions name ${context}: ${instructions}`);
  });

  await sdk.protocolChecks(client, ctx);

  await check('tools/list: every tool, strict input schemas, output schemas, read-only', async () => {
    const tools = [];
    let cursor;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    const names = tools.map((t) => t.name);
    for (const n of TOOL_NAMES) assert.ok(names.includes(n), `tool ${n} missing from ${names}`);
    // The client validates structuredContent only for the tools it holds a validator for.
    if (typeof client.getToolOutputValidator === 'function') {
      for (const n of TOOL_NAMES) assert.ok(client.getToolOutputValidator(n), `the SDK holds no output validator for ${n}`);
    }
    assert.equal(new Set(names).size, names.length, `duplicate tool names: ${names}`);
    for (const t of tools) {
      assert.match(t.name, /^[A-Za-z0-9_.-]{1,128}$/, `tool name ${t.name}`);
      assert.ok(t.description, `${t.name}: description`);
      assert.equal(t.inputSchema.type, 'object', `${t.name}: inputSchema.type`);
      assert.equal(t.inputSchema.additionalProperties, false, `${t.name}: inputSchema.additionalProperties`);
      assert.ok(t.outputSchema && t.outputSchema.type === 'object', `${t.name}: outputSchema`);
      assert.equal(t.annotations?.readOnlyHint, true, `${t.name}: annotations.readOnlyHint`);
    }
    // tools/list again: the listing the client caches (and validates against) is the last one.
    await client.listTools();
  });

  await check('tools/list with a bad cursor: -32602', async () => {
    await expectRpcError(sdk.ProtocolError, client.listTools({ cursor: 'not-a-cursor' }), -32602, 'tools/list bad cursor');
  });

  await check('context_list', async () => {
    const sc = structured(await client.callTool({ name: 'context_list', arguments: {} }), 'context_list');
    assert.equal(sc.contexts.length, 1, `one context expected: ${JSON.stringify(sc.contexts)}`);
    const c = sc.contexts[0];
    assert.equal(c.name, context);
    assert.equal(c.game, game);
    assert.equal(c.builtin, builtin);
    assert.equal(c.transparency, transparency);
    if (ctx.dir) assert.equal(fs.realpathSync(c.path), fs.realpathSync(ctx.dir), 'context path');
    else assert.equal(c.path, null, 'built-in context path');
    if (c.files !== undefined) assert.ok(c.files >= 3, `files ${c.files}`);
  });

  let gafs;
  await check('vfs_list **/*.gaf', async () => {
    const sc = structured(await client.callTool({ name: 'vfs_list', arguments: { context, pattern: '**/*.gaf' } }), 'vfs_list');
    assert.equal(sc.context, context);
    assert.equal(sc.pattern, '**/*.gaf');
    assert.equal(sc.offset, 0);
    assert.equal(sc.next_offset, null);
    assert.equal(sc.total, sc.entries.length);
    gafs = sc.entries.map((e) => e.path);
    assert.ok(gafs.includes('anims/demo.gaf'), `anims/demo.gaf in ${gafs}`);
    assert.ok(!gafs.includes('anims/glow.taf'), 'a .taf matched **/*.gaf');
    assert.deepEqual(gafs, [...gafs].sort(), 'entries sorted');
    for (const e of sc.entries) {
      assert.match(e.path, /\.gaf$/i);
      assert.ok(e.size > 0, `${e.path}: size ${e.size}`);
      if (e.uri !== undefined) assert.equal(e.uri, `kbot://${context}/${e.path}`);
    }
  });

  await check('vfs_list paging (limit 1, offset 1) and the default pattern', async () => {
    const all = structured(await client.callTool({ name: 'vfs_list', arguments: {} }), 'vfs_list');
    assert.equal(all.pattern, '**');
    const paths = all.entries.map((e) => e.path);
    for (const p of ['anims/demo.gaf', 'anims/glow.taf', 'palettes/palette.pal']) assert.ok(paths.includes(p), `${p} in ${paths}`);
    const p0 = structured(await client.callTool({ name: 'vfs_list', arguments: { limit: 1 } }), 'vfs_list');
    assert.equal(p0.entries.length, 1);
    assert.equal(p0.next_offset, 1);
    assert.equal(p0.total, all.total);
    const p1 = structured(await client.callTool({ name: 'vfs_list', arguments: { limit: 1, offset: p0.next_offset } }), 'vfs_list');
    assert.equal(p1.offset, 1);
    assert.equal(p1.entries[0].path, paths[1]);
  });

  return gafs;
}
