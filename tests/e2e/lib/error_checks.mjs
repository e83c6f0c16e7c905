// Errors: tool errors the model reads (isError), JSON-RPC errors, and answering after them.
import assert from 'node:assert/strict';

import { check, expectRpcError } from './harness.mjs';
import { structured, textOf } from './tool_results.mjs';

export async function errorChecks(client, ctx, sdk) {
  const { name: context } = ctx;

  await check('tool error: gaf_list of a missing file is isError and names the path', async () => {
    const r = await client.callTool({ name: 'gaf_list', arguments: { context, path: 'anims/missing-file.gaf' } });
    assert.equal(r.isError, true);
    assert.match(textOf(r), /anims\/missing-file\.gaf/);
  });

  await check('tool error: a path with ".." is refused', async () => {
    for (const p of ['../etc/passwd', 'anims/../../outside.gaf', '/etc/passwd']) {
      const r = await client.callTool({ name: 'gaf_list', arguments: { path: p } });
      assert.equal(r.isError, true, `${p}: ${JSON.stringify(r).slice(0, 200)}`);
    }
    await assert.rejects(client.readResource({ uri: `kbot://${context}/../outside` }), sdk.ProtocolError, 'resources/read with ..');
  });

  await check('tool error: a file that is not a GAF is named for what it is', async () => {
    const r = await client.callTool({ name: 'gaf_list', arguments: { path: 'palettes/palette.pal' } });
    assert.equal(r.isError, true);
    assert.match(textOf(r), /palettes\/palette\.pal is a 256-colour palette \(PAL\); give it as the palette argument/);
  });

  await check('tool error: an unknown sequence / frame out of range', async () => {
    const r1 = await client.callTool({ name: 'gaf_export', arguments: { path: 'anims/demo.gaf', sequence: 'no-such-sequence' } });
    assert.equal(r1.isError, true, JSON.stringify(r1).slice(0, 300));
    const r2 = await client.callTool({ name: 'gaf_export', arguments: { path: 'anims/demo.gaf', sequence: 0, frame: 99 } });
    assert.equal(r2.isError, true, JSON.stringify(r2).slice(0, 300));
  });

  await check('tool error: an unknown context', async () => {
    const r = await client.callTool({ name: 'gaf_list', arguments: { context: 'no-such-context', path: 'anims/demo.gaf' } });
    assert.equal(r.isError, true);
    assert.match(textOf(r), /no-such-context/);
  });

  // MCP 2025-11-25: a wrong argument is a tool error the model reads, naming what is allowed.
  await check('invalid argument: a tool error naming the allowed values and the closest', async () => {
    const cases = [
      [{ path: 'anims/demo.gaf', format: 'GFI' }, "gaf_export: format 'GFI': use one of png, gif, apng, sheet; did you mean 'gif'?"],
      [{ path: 'anims/demo.gaf', scale: 9 }, 'gaf_export: scale 9: use an integer from 1 to 8; the closest is 8'],
      [{ path: 'anims/demo.gaf', fram: 1 }, "gaf_export: unknown argument 'fram' (the arguments are context, format, frame, palette, path, scale, sequence, transparency); did you mean 'frame'?"],
      [{ format: 'gif' }, 'gaf_export: give path, or a sequence name that one GAF of the context holds'],
    ];
    for (const [args, words] of cases) {
      const r = await client.callTool({ name: 'gaf_export', arguments: args });
      assert.equal(r.isError, true, JSON.stringify(r).slice(0, 300));
      assert.ok(textOf(r).startsWith(words), textOf(r));
    }
  });

  await check('a missing required argument is named', async () => {
    const r = await client.callTool({ name: 'gaf_list', arguments: {} });
    assert.equal(r.isError, true);
    assert.ok(textOf(r).startsWith("gaf_list: missing argument 'path'"), textOf(r));
  });

  await check('invalid argument: obvious slips are read as meant, and the result says so', async () => {
    const r = await client.callTool({ name: 'gaf_export', arguments: { path: 'anims/demo.gaf', frame: '1', format: 'PNG' } });
    assert.equal(r.isError, false, textOf(r));
    assert.equal(r.structuredContent.frame, 1);
    assert.equal(r.content.at(-1).text, "Read format 'PNG' as 'png', frame '1' as 1.");
  });

  await check(`unknown tool: ${sdk.ProtocolError.name} -32602`, async () => {
    await expectRpcError(sdk.ProtocolError, client.callTool({ name: 'no_such_tool', arguments: {} }), -32602, 'unknown tool');
  });

  await check('still answering after the errors', async () => {
    await sdk.roundTrip(client);
    structured(await client.callTool({ name: 'context_list', arguments: {} }), 'context_list');
  });
}
