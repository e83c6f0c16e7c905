// The checks every session that serves the demo files runs (the demo context, or the demo
// written into a registered folder), over stdio or Streamable HTTP, with either SDK.
import assert from 'node:assert/strict';

import { archiveAndGta1Checks } from './archive_and_gta1_checks.mjs';
import { errorChecks } from './error_checks.mjs';
import { gafChecks } from './gaf_checks.mjs';
import { check } from './harness.mjs';
import { listingChecks } from './listing_checks.mjs';
import { resourceChecks } from './resource_checks.mjs';
import { structured, textOf } from './tool_results.mjs';

// ctx: { name, game, transparency, builtin, dir? } of the context served; sdk: adapter.mjs.
export async function commonChecks(client, ctx, sdk) {
  const gafs = await listingChecks(client, ctx, sdk);
  await gafChecks(client, ctx, gafs);
  await archiveAndGta1Checks(client, ctx);
  await resourceChecks(client, ctx, sdk);
  await errorChecks(client, ctx, sdk);
}

// Answers in one call: find then export, an archive entry's own path, a check of a folder.
export async function oneCallChecks(client) {
  await check('asset_find then gaf_export: two calls from a name to a picture', async () => {
    const found = structured(await client.callTool({ name: 'asset_find', arguments: { query: 'explosion' } }), 'asset_find');
    const hit = found.hits[0];
    assert.equal(hit.kind, 'sequence');
    assert.equal(hit.tool, 'gaf_export');
    const r = await client.callTool({ name: hit.tool, arguments: hit.arguments });
    assert.equal(r.isError, false, textOf(r));
    assert.equal(r.structuredContent.sequence_name, 'explosion');
    assert.ok(r.content.some((b) => b.type === 'image' && b.mimeType === 'image/gif'));
  });

  await check('gaf_export by a sequence name alone', async () => {
    const r = await client.callTool({ name: 'gaf_export', arguments: { sequence: 'cursorattack' } });
    assert.equal(r.isError, false, textOf(r));
    assert.equal(r.structuredContent.path, 'anims/cursors.gaf');
  });

  await check("an archive entry's own path reads the copy a loose file hides", async () => {
    const r = structured(await client.callTool({ name: 'gaf_list', arguments: { path: 'demo.ufo/anims/cursors.gaf' } }), 'gaf_list');
    assert.equal(r.path, 'demo.ufo/anims/cursors.gaf');
    const read = await client.readResource({ uri: 'kbot://demo/demo.ufo/anims/cursors.gaf' });
    assert.equal(read.contents[0].uri, 'kbot://demo/demo.ufo/anims/cursors.gaf');
  });

  await check('a missing file names the near paths', async () => {
    const r = await client.callTool({ name: 'gaf_list', arguments: { path: 'anims/cursor.gaf' } });
    assert.equal(r.isError, true);
    assert.equal(textOf(r), 'context demo: anims/cursor.gaf: no such file; did you mean anims/cursors.gaf?');
  });

  await check('gaf_check: a folder in one answer', async () => {
    const r = structured(await client.callTool({ name: 'gaf_check', arguments: { path: 'anims' } }), 'gaf_check');
    assert.equal(r.files, 5);
    assert.equal(r.errors, 0);
  });
}
