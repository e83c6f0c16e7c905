// What MCP 2026-07-28 adds to every result, checked with the 2.x client (e2e2.mjs): resultType
// 'complete', serverInfo in _meta, ttlMs and cacheScope on the cacheable results (server/discover,
// the lists, resources/read). The client reads resultType and drops it from what it returns, so
// WireRecorder looks at the messages as the transport reads them.
import assert from 'node:assert/strict';

import { check } from './harness.mjs';

export const REVISION = '2026-07-28';
export const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

// Sees every message a transport reads (install `see` as its onmessage before Client.connect,
// which chains it before its own): counts the results, keeps the last one, and notes every
// result without resultType 'complete' or serverInfo, and every request kbot sent (2026-07-28
// has no requests to the client).
export class WireRecorder {
  constructor() {
    this.results = 0;
    this.last = null;
    this.bad = [];
    this.requests = [];
  }

  see(m) {
    if (m.method !== undefined && m.id !== undefined) this.requests.push(m.method);
    if (!m.result) return;
    this.results++;
    this.last = m.result;
    const problems = [];
    if (m.result.resultType !== 'complete') problems.push(`resultType ${JSON.stringify(m.result.resultType)}`);
    if (m.result._meta?.[SERVER_INFO]?.name !== 'kbot') problems.push('no serverInfo in _meta');
    if (problems.length) this.bad.push(`id ${JSON.stringify(m.id)}: ${problems.join(', ')}; keys ${Object.keys(m.result)}`);
  }
}

function assertServerInfo(result, what) {
  const info = result._meta?.[SERVER_INFO];
  assert.equal(info?.name, 'kbot', `${what}: _meta["${SERVER_INFO}"] ${JSON.stringify(result._meta)}`);
  assert.ok(info.version, `${what}: serverInfo.version`);
}

function assertCacheable(result, what) {
  assert.ok(Number.isInteger(result.ttlMs) && result.ttlMs >= 0, `${what}: ttlMs ${result.ttlMs}`);
  assert.ok(['public', 'private'].includes(result.cacheScope), `${what}: cacheScope ${result.cacheScope}`);
}

// The last result the recorder saw must be `result` as sent: resultType 'complete'.
function assertCompleteOnWire(wire, before, what) {
  assert.equal(wire.results, before + 1, `${what}: ${wire.results - before} results on the wire, not one`);
  assert.equal(wire.last.resultType, 'complete', `${what}: resultType on the wire`);
}

// Right after the handshake check of each session (adapter.mjs protocolChecks).
export async function modernProtocolChecks(client, ctx, wire) {
  await check(`server/discover: ${REVISION}; supportedVersions, capabilities, serverInfo, ttlMs, cacheScope`, async () => {
    assert.equal(client.getProtocolEra(), 'modern');
    assert.equal(client.getNegotiatedProtocolVersion(), REVISION);
    const before = wire.results;
    const d = await client.discover();
    assertCompleteOnWire(wire, before, 'server/discover');
    assert.ok(d.supportedVersions.includes(REVISION), `supportedVersions ${d.supportedVersions}`);
    for (const cap of ['tools', 'resources', 'completions']) assert.ok(d.capabilities[cap], `capability ${cap}`);
    assertServerInfo(d, 'server/discover');
    assertCacheable(d, 'server/discover');
  });

  await check('tools/list, resources/list, resources/templates/list, resources/read: resultType, ttlMs, cacheScope, serverInfo', async () => {
    const uri = `kbot://${ctx.name}/palettes/palette.pal`;
    const requests = [
      ['tools/list', () => client.listTools(undefined, { cacheMode: 'bypass' })],
      ['resources/list', () => client.listResources(undefined, { cacheMode: 'bypass' })],
      ['resources/templates/list', () => client.listResourceTemplates(undefined, { cacheMode: 'bypass' })],
      [`resources/read ${uri}`, () => client.readResource({ uri }, { cacheMode: 'bypass' })],
    ];
    for (const [what, request] of requests) {
      const before = wire.results;
      const result = await request();
      // A list of several pages is one result per page; the client returns the first's fields.
      assert.ok(wire.results > before, `${what}: no result on the wire`);
      assert.equal(wire.last.resultType, 'complete', `${what}: resultType on the wire`);
      assertCacheable(result, what);
      assertServerInfo(result, what);
    }
  });

  await check('the client honours ttlMs: tools/list again within it makes no request', async () => {
    const listed = await client.listTools(undefined, { cacheMode: 'refresh' });
    assert.ok(listed.ttlMs > 1000, `ttlMs ${listed.ttlMs}: too short to test`);
    const before = wire.results;
    const again = await client.listTools();
    assert.equal(wire.results, before, 'tools/list went to kbot again');
    assert.deepEqual(again.tools.map((t) => t.name), listed.tools.map((t) => t.name));
  });

  await check('tools/call and completion/complete: resultType complete, serverInfo, on a result and on isError', async () => {
    for (const [args, isError] of [[{ path: 'anims/demo.gaf' }, false], [{ path: 'anims/missing-file.gaf' }, true]]) {
      const before = wire.results;
      const r = await client.callTool({ name: 'gaf_list', arguments: args });
      assert.equal(r.isError === true, isError, JSON.stringify(r).slice(0, 300));
      assertCompleteOnWire(wire, before, `tools/call ${args.path}`);
      assertServerInfo(r, `tools/call ${args.path}`);
    }
    const before = wire.results;
    const c = await client.complete({ ref: { type: 'ref/resource', uri: 'kbot://{context}/{+path}' }, argument: { name: 'context', value: '' } });
    assertCompleteOnWire(wire, before, 'completion/complete');
    assertServerInfo(c, 'completion/complete');
  });
}

// Before a session closes (adapter.mjs sessionEndChecks): every result it got.
export async function wireChecks(wire) {
  await check('every result kbot sent: resultType complete, serverInfo in _meta; no request to the client', async () => {
    assert.ok(wire.results > 0, 'no result seen on the wire');
    assert.deepEqual(wire.bad, [], `${wire.bad.length} of ${wire.results} results`);
    assert.deepEqual(wire.requests, [], 'requests from kbot (2026-07-28 has none)');
    console.log(`     ${wire.results} results checked`);
  });
}
