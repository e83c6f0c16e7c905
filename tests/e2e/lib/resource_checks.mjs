// Resources (the files of a context, and exports by URI), their template, and completion.
import assert from 'node:assert/strict';

import { check, expectRpcError } from './harness.mjs';
import { decodePng, pngChunks } from './png.mjs';

export const TEMPLATE = 'kbot://{context}/{+path}';

export async function allResources(client) {
  const resources = [];
  let cursor;
  for (let page = 0; page < 100; page++) {
    const r = await client.listResources(cursor ? { cursor } : {});
    resources.push(...r.resources);
    if (!r.nextCursor) return resources;
    cursor = r.nextCursor;
  }
  assert.fail('resources/list: more than 100 pages');
}

export async function resourceChecks(client, ctx, sdk) {
  const { name: context } = ctx;

  await check('resources/list: every file, paginated', async () => {
    const resources = await allResources(client);
    const uris = resources.map((r) => r.uri);
    for (const p of ['anims/demo.gaf', 'anims/glow.taf', 'palettes/palette.pal', 'units/verflag.gaf']) {
      assert.ok(uris.includes(`kbot://${context}/${p}`), `kbot://${context}/${p} in ${uris}`);
    }
    assert.equal(new Set(uris).size, uris.length, 'duplicate resources');
    for (const r of resources) assert.ok(r.name, `${r.uri}: name`);
  });

  await check('resources/templates/list', async () => {
    const r = await client.listResourceTemplates();
    assert.ok(r.resourceTemplates.some((t) => t.uriTemplate === TEMPLATE), JSON.stringify(r.resourceTemplates));
  });

  await check(`resources/read kbot://${context}/palettes/palette.pal: 1024 bytes`, async () => {
    const uri = `kbot://${context}/palettes/palette.pal`;
    const r = await client.readResource({ uri });
    assert.equal(r.contents.length, 1);
    assert.equal(r.contents[0].uri, uri);
    assert.ok(r.contents[0].blob, 'blob');
    assert.equal(Buffer.from(r.contents[0].blob, 'base64').length, 1024);
  });

  await check('resources/read of an export URI renders the picture', async () => {
    const uri = `kbot://${context}/anims/demo.gaf?export=apng&sequence=0&transparency=heuristic&scale=4`;
    const r = await client.readResource({ uri });
    assert.equal(r.contents[0].mimeType, 'image/png');
    const bytes = Buffer.from(r.contents[0].blob, 'base64');
    assert.ok(pngChunks(bytes).some((c) => c.type === 'acTL'), 'APNG acTL');
    const img = decodePng(bytes);
    assert.equal(img.width % 4, 0);
    assert.ok(img.width >= 128, `width ${img.width}`);
  });

  await check(`resources/read of a missing file: ${sdk.resourceNotFound}`, async () => {
    await expectRpcError(sdk.ProtocolError, client.readResource({ uri: `kbot://${context}/anims/nope.gaf` }), sdk.resourceNotFound, 'missing resource');
  });

  await check('completion/complete: context and path of the resource template', async () => {
    const ref = { type: 'ref/resource', uri: TEMPLATE };
    const all = await client.complete({ ref, argument: { name: 'context', value: '' } });
    assert.ok(all.completion.values.includes(context), JSON.stringify(all.completion));
    const prefix = await client.complete({ ref, argument: { name: 'context', value: context.slice(0, 2) } });
    assert.deepEqual(prefix.completion.values, [context]);
    const none = await client.complete({ ref, argument: { name: 'context', value: 'zzz-no-such' } });
    assert.deepEqual(none.completion.values, []);
    const paths = await client.complete({ ref, argument: { name: 'path', value: 'anims/d' }, context: { arguments: { context } } });
    assert.ok(paths.completion.values.includes('anims/demo.gaf'), JSON.stringify(paths.completion));
    for (const v of paths.completion.values) assert.ok(v.toLowerCase().startsWith('anims/d'), `completion ${v}`);
  });

}
