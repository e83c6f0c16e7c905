// The stdio sessions both runners run, each a fresh `kbot mcp` process reached through the
// runner's SDK (run.sdk, adapter.mjs): the demo, a missing context, --output, --image-limit and a
// registered fixture folder. `run` is { kbot, tmp, emptyConfig, sdk }.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { commonChecks, oneCallChecks } from './common_checks.mjs';
import { check, setSection } from './harness.mjs';
import { decodePng, pngChunks } from './png.mjs';
import { imageBlock, structured, textOf } from './tool_results.mjs';

// `tap`, when given, sees every message as the transport reads it, before the client handles it.
async function connect(run, name, args, env, tap) {
  const { client, transport } = await run.sdk.connectStdio({ name: `kbot-e2e-${name}`, command: run.kbot, args, env, tap });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => { stderr += chunk; });
  return { client, transport, stderr: () => stderr };
}

// Runs `fn(client, transport)` in a session of `kbot ARGS`, then checks that kbot exits cleanly
// when its stdin closes.
export async function withSession(run, name, args, env, fn, tap) {
  setSection(name);
  let session;
  await check(`start kbot ${args.join(' ')}`, async () => {
    session = await connect(run, name, args, env, tap);
  });
  if (session) {
    try {
      await fn(session.client, session.transport);
      if (run.sdk.sessionEndChecks) await run.sdk.sessionEndChecks(session.client);
    } finally {
      await check('close: the server exits when stdin closes', async () => {
        const proc = session.transport._process;
        const exited = proc && proc.exitCode === null
          ? new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })))
          : Promise.resolve({ code: proc?.exitCode, signal: null });
        proc?.stdin?.end();
        const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5000).unref());
        const outcome = await Promise.race([exited, timeout]);
        await session.client.close();
        assert.notEqual(outcome, 'timeout', 'still running 5 s after stdin closed');
        assert.equal(outcome.code, 0, `exit ${JSON.stringify(outcome)}; stderr: ${session.stderr().slice(-500)}`);
        assert.doesNotMatch(session.stderr(), /AddressSanitizer|runtime error|terminate called/, 'sanitizer or crash report on stderr');
      });
    }
  }
  setSection('');
}

export async function demoSession(run) {
  await withSession(run, 'demo', ['mcp'], { KBOT_CONFIG_DIR: run.emptyConfig }, async (client) => {
    await commonChecks(client, { name: 'demo', game: 'takingdoms', transparency: 'heuristic', builtin: true }, run.sdk);
    await oneCallChecks(client);
  });
}

// A context whose folder is missing: kbot starts, lists it as unavailable, answers with why;
// --toolsets serves the core tools and the chosen sets.
export async function missingContextSession(run) {
  const missing = path.join(os.tmpdir(), `kbot-e2e-missing-${process.pid}`);
  await withSession(run, 'missing-context', ['mcp', '--context', `gone=ta:${missing}`, '--toolsets', 'hpi'],
    { KBOT_CONFIG_DIR: run.emptyConfig }, async (client) => {
      await check('context_list lists the missing folder as unavailable, with why', async () => {
        const c = structured(await client.callTool({ name: 'context_list', arguments: {} }), 'context_list');
        assert.equal(c.contexts[0].name, 'gone');
        assert.equal(c.contexts[0].available, false);
        assert.equal(c.contexts[0].error, `${missing}: no such folder`);
      });
      await check("its tools answer with the reason", async () => {
        const r = await client.callTool({ name: 'hpi_list', arguments: { path: 'a.hpi' } });
        assert.equal(r.isError, true);
        assert.equal(textOf(r), `context "gone" is unavailable: ${missing}: no such folder`);
      });
      await check('--toolsets hpi: the core tools and hpi_list only', async () => {
        const names = (await client.listTools()).tools.map((t) => t.name);
        assert.deepEqual(names, ['context_list', 'asset_find', 'vfs_list', 'hpi_list']);
      });
    });
}

// kbot mcp --output DIR: the write tools are listed, write inside DIR whole, and refuse to leave it.
export async function outputSession(run) {
  const out = path.join(run.tmp, 'output');
  await withSession(run, 'output', ['mcp', '--output', out], { KBOT_CONFIG_DIR: run.emptyConfig }, async (client) => {
    await check('--output: hpi_extract is listed, and gaf_export takes a target', async () => {
      const tools = (await client.listTools()).tools;
      const extract = tools.find((t) => t.name === 'hpi_extract');
      assert.ok(extract, 'hpi_extract is not listed');
      assert.equal(extract.annotations.readOnlyHint, false);
      const exp = tools.find((t) => t.name === 'gaf_export');
      assert.equal(exp.inputSchema.properties.target.type, 'string');
    });
    await check('hpi_extract demo.ufo writes its entries into the output folder', async () => {
      const r = structured(await client.callTool({ name: 'hpi_extract', arguments: { path: 'demo.ufo' } }), 'hpi_extract');
      assert.equal(r.target, 'demo');
      assert.equal(r.extracted, 4);
      assert.equal(r.problem_count, 0);
      const gaf = fs.readFileSync(path.join(out, 'demo', 'anims', 'cursors.gaf'));
      assert.equal(gaf.readUInt32LE(0), 0x00010100, 'not a GAF header');
    });
    await check('gaf_export with a target writes the GIF it returns', async () => {
      const res = await client.callTool({ name: 'gaf_export',
        arguments: { path: 'anims/demo.gaf', format: 'gif', target: 'pics/demo.gif' } });
      const r = structured(res, 'gaf_export');
      assert.deepEqual(r.written, { path: 'pics/demo.gif', bytes: r.bytes });
      const file = fs.readFileSync(path.join(out, 'pics', 'demo.gif'));
      const image = res.content.find((c) => c.type === 'image');
      assert.ok(Buffer.from(image.data, 'base64').equals(file), 'the file is not the picture returned');
    });
    await check('a target outside the output folder is refused and nothing is written', async () => {
      const r = await client.callTool({ name: 'map_render',
        arguments: { path: 'GTADATA/DEMO.CMP', target: '../escape.png' } });
      assert.equal(r.isError, true);
      assert.equal(textOf(r), 'target ../escape.png: ".." would leave the target folder');
      assert.ok(!fs.existsSync(path.join(run.tmp, 'escape.png')), 'escape.png was written outside');
      assert.deepEqual(fs.readdirSync(out).sort(), ['demo', 'pics']);
    });
  });
}

export async function imageLimitSession(run) {
  await withSession(run, 'image-limit', ['mcp', '--image-limit', '2048'], { KBOT_CONFIG_DIR: run.emptyConfig }, async (client) => {
    await client.listTools();
    await check('a small export stays inline', async () => {
      const r = await client.callTool({ name: 'gaf_export', arguments: { path: 'anims/demo.gaf', format: 'png' } });
      const sc = structured(r, 'gaf_export');
      assert.equal(sc.delivery, 'inline');
      assert.ok(imageBlock(r).base64.length <= 2048);
    });
    await check('a large export: resource_link + preview image; the link reads back as the PNG', async () => {
      const r = await client.callTool({ name: 'gaf_export', arguments: { path: 'anims/demo.gaf', sequence: 'spinner', format: 'apng', scale: 8 } });
      const sc = structured(r, 'gaf_export');
      assert.equal(sc.delivery, 'resource_link');
      assert.ok(sc.bytes > 1536, `bytes ${sc.bytes} should be over the limit`);
      assert.ok(typeof sc.resource_uri === 'string' && sc.resource_uri.startsWith('kbot://demo/'), `resource_uri ${sc.resource_uri}`);
      assert.ok(sc.preview && sc.preview.width > 0 && sc.preview.height > 0, `preview ${JSON.stringify(sc.preview)}`);
      const link = r.content.find((c) => c.type === 'resource_link');
      assert.ok(link, `no resource_link in ${JSON.stringify(r.content.map((c) => c.type))}`);
      assert.equal(link.uri, sc.resource_uri);
      assert.ok(link.name, 'resource_link name');
      assert.equal(link.mimeType, 'image/png');
      const preview = imageBlock(r);
      assert.equal(preview.mimeType, 'image/png');
      assert.ok(preview.base64.length <= 2048, `preview of ${preview.base64.length} base64 chars is over the limit`);
      const pimg = decodePng(preview.bytes);
      assert.equal(pimg.width, sc.preview.width);
      assert.equal(pimg.height, sc.preview.height);

      const read = await client.readResource({ uri: link.uri });
      assert.equal(read.contents.length, 1);
      assert.equal(read.contents[0].mimeType, 'image/png');
      const bytes = Buffer.from(read.contents[0].blob, 'base64');
      assert.equal(bytes.length, sc.bytes, 'resource size vs structuredContent.bytes');
      const full = decodePng(bytes);
      assert.equal(full.width, sc.width);
      assert.equal(full.height, sc.height);
      assert.ok(pngChunks(bytes).some((c) => c.type === 'acTL'), 'the linked resource is the APNG');
    });
    await check('a large GTA1 tile sheet: resource_link + preview; the link reads back as the sheet', async () => {
      const r = await client.callTool({ name: 'style_tiles', arguments: { path: 'GTADATA/STYLE001.G24', scale: 2 } });
      const sc = structured(r, 'style_tiles');
      assert.equal(sc.delivery, 'resource_link');
      assert.equal(sc.resource_uri, 'kbot://demo/GTADATA/STYLE001.G24?export=tiles&kind=lid&first=0&columns=8&scale=2');
      const link = r.content.find((c) => c.type === 'resource_link');
      assert.ok(link, `no resource_link in ${JSON.stringify(r.content.map((c) => c.type))}`);
      assert.equal(link.uri, sc.resource_uri);
      const preview = imageBlock(r);
      assert.ok(preview.base64.length <= 2048, `preview of ${preview.base64.length} base64 chars`);
      assert.equal(decodePng(preview.bytes).width, sc.preview.width);
      const read = await client.readResource({ uri: link.uri });
      const bytes = Buffer.from(read.contents[0].blob, 'base64');
      assert.equal(bytes.length, sc.bytes, 'resource size vs structuredContent.bytes');
      const full = decodePng(bytes);
      assert.equal(full.width, sc.width);
      assert.equal(full.height, sc.height);
    });
    await check('a link whose query is not a valid call is an error naming the argument', async () => {
      await assert.rejects(client.readResource({ uri: 'kbot://demo/GTADATA/STYLE001.G24?export=tiles&scale=99' }),
        (e) => /scale/.test(e.message));
    });
  });
}

export async function fixtureSession(run) {
  const data = path.join(run.tmp, 'data');
  const config = path.join(run.tmp, 'config');
  setSection('fixture');
  let ready = false;
  await check('kbot demo --target DATA; kbot context add fixture --game ta', async () => {
    execFileSync(run.kbot, ['demo', '--target', data], { stdio: 'pipe' });
    assert.ok(fs.existsSync(path.join(data, 'anims', 'demo.gaf')), 'demo.gaf written');
    assert.equal(fs.statSync(path.join(data, 'palettes', 'palette.pal')).size, 1024);
    execFileSync(run.kbot, ['context', 'add', 'fixture', '--game', 'ta', '--path', data],
      { stdio: 'pipe', env: { ...process.env, KBOT_CONFIG_DIR: config } });
    assert.ok(fs.existsSync(path.join(config, 'contexts.json')), 'contexts.json written');
    ready = true;
  });
  if (!ready) return;
  await withSession(run, 'fixture', ['mcp'], { KBOT_CONFIG_DIR: config }, async (client) => {
    await commonChecks(client, { name: 'fixture', game: 'ta', transparency: 'game', builtin: false, dir: data }, run.sdk);
    await check('no demo context when one is registered', async () => {
      const r = await client.callTool({ name: 'gaf_list', arguments: { context: 'demo', path: 'anims/demo.gaf' } });
      assert.equal(r.isError, true);
      await assert.rejects(client.readResource({ uri: 'kbot://demo/palettes/palette.pal' }), run.sdk.ProtocolError);
    });
  });
}
