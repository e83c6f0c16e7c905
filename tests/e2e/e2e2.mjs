// End-to-end test of `kbot mcp` with the official MCP TypeScript SDK client 2.x
// (@modelcontextprotocol/client, pinned in package.json), MCP 2026-07-28: no handshake, a _meta
// envelope on every request, server/discover.
//
//   cd tests/e2e && npm ci && node e2e2.mjs ../../build/kbot
//   (or `make test-e2e`, which runs e2e.mjs, the same checks with SDK 1.x, first)
//
// The checks live in lib/ and are shared with e2e.mjs; this file is the 2.x adapter
// (lib/adapter.mjs says what one holds) and the list of sessions: the same as e2e.mjs's but the
// raw stdio one (which uses no SDK), each client pinned to 2026-07-28 ({ pin }: no fallback to
// initialize). What differs from 1.x:
// - no ping in 2026-07-28 (server/discover is the request any session answers);
// - every result carries resultType 'complete' and serverInfo in _meta, the cacheable ones ttlMs
//   and cacheScope (lib/modern_checks.mjs, in every session, and over every result received);
// - a missing resource is -32602 (-32002 is gone);
// - Streamable HTTP has no session; an aborted call is cancelled by closing its SSE stream,
//   which is checked as over stdio (kbot stops working);
// - session `auto`: versionNegotiation mode 'auto' picks 2026-07-28 over stdio and HTTP;
// - tasks are the extension io.modelcontextprotocol/tasks, driven with its client package
//   @modelcontextprotocol/ext-tasks (lib/tasks_ext.mjs says why and how), over stdio (session
//   `tasks`) and Streamable HTTP (lib/task_checks.mjs).
//
// Prints one line per check and a summary; exits 1 when any check failed, 2 on a usage error.
import assert from 'node:assert/strict';

import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

import { check, setSection } from './lib/harness.mjs';
import { httpSession, startHttpServer } from './lib/http.mjs';
import { modernProtocolChecks, REVISION, WireRecorder, wireChecks } from './lib/modern_checks.mjs';
import { progressSession } from './lib/progress.mjs';
import { runSessions } from './lib/run.mjs';
import { taskSession } from './lib/task_checks.mjs';
import { openTasks2 } from './lib/tasks_ext.mjs';
import {
  demoSession, fixtureSession, imageLimitSession, missingContextSession, outputSession, withSession,
} from './lib/sessions.mjs';

const wires = new WeakMap();  // client -> the WireRecorder of its transport
const names = new WeakMap();  // client -> the name in its clientInfo

// Connects `client` over `transport`, recording what the transport reads; `tap` sees it too,
// `onSend` what it sends. `options`: more Client options (capabilities).
async function connect(name, transport, mode, tap, options = {}, onSend = undefined) {
  const wire = new WireRecorder();
  // Client.connect chains the handler it finds here before its own.
  transport.onmessage = (m) => {
    wire.see(m);
    tap?.(m);
  };
  if (onSend) {
    const send = transport.send.bind(transport);
    transport.send = (m, o) => { onSend(m); return send(m, o); };
  }
  const client = new Client({ name, version: '1.0.0' }, { ...options, versionNegotiation: { mode } });
  await client.connect(transport);
  wires.set(client, wire);
  names.set(client, name);
  return { client, transport };
}

// The task driver (lib/task_checks.mjs); over HTTP (where.url) it may connect more clients.
function openTasks(client, where) {
  const more = where.url && {
    connect: (name, options, onSend) => connect(name, new StreamableHTTPClientTransport(new URL(where.url)),
      { pin: REVISION }, undefined, options, onSend),
  };
  return openTasks2(client, names.get(client), more || {});
}

const sdk2 = {
  runner: 'e2e2',
  handshake: 'server/discover',
  ProtocolError,
  resourceNotFound: -32602,
  httpSessions: false,
  connectStdio: ({ name, command, args, env, tap, mode = { pin: REVISION } }) =>
    connect(name, new StdioClientTransport({ command, args, env, stderr: 'pipe' }), mode, tap),
  connectHttp: (url, name, mode = { pin: REVISION }) =>
    connect(name, new StreamableHTTPClientTransport(new URL(url)), mode),
  callTool: (client, params, options) => client.callTool(params, options),
  async roundTrip(client) {
    const d = await client.discover();
    assert.ok(d.supportedVersions.includes(REVISION), `supportedVersions ${d.supportedVersions}`);
  },
  tasks: { how: 'ext-tasks, polling tasks/get', names: { ttl: 'ttlMs', poll: 'pollIntervalMs' }, open: openTasks },
  protocolChecks: (client, ctx) => modernProtocolChecks(client, ctx, wires.get(client)),
  sessionEndChecks: (client) => wireChecks(wires.get(client)),
};

// versionNegotiation 'auto': the client probes with server/discover and must pick 2026-07-28
// (a legacy verdict would fall back to initialize).
async function autoSession(run) {
  const auto = { ...run, sdk: { ...sdk2, connectStdio: (o) => sdk2.connectStdio({ ...o, mode: 'auto' }) } };
  await withSession(auto, 'auto', ['mcp'], { KBOT_CONFIG_DIR: run.emptyConfig }, async (client) => {
    await check(`versionNegotiation auto over stdio picks ${REVISION}`, async () => {
      assert.equal(client.getNegotiatedProtocolVersion(), REVISION);
      assert.equal(client.getProtocolEra(), 'modern');
      assert.equal(client.getServerVersion()?.name, 'kbot');
      const r = await client.callTool({ name: 'gaf_list', arguments: { path: 'anims/demo.gaf' } });
      assert.equal(r.structuredContent.sequences.length, 2);
    });
  });
  setSection('auto');
  const server = await startHttpServer(run);
  try {
    await check(`versionNegotiation auto over Streamable HTTP picks ${REVISION}`, async () => {
      assert.ok(server.url, `no URL on stderr: ${server.stderr()}`);
      const { client } = await sdk2.connectHttp(server.url, 'kbot-e2e-auto-http', 'auto');
      try {
        assert.equal(client.getNegotiatedProtocolVersion(), REVISION);
        assert.equal(client.getProtocolEra(), 'modern');
        const r = await client.callTool({ name: 'gaf_list', arguments: { path: 'anims/demo.gaf' } });
        assert.equal(r.structuredContent.sequences.length, 2);
      } finally {
        await client.close();
      }
    });
  } finally {
    const outcome = await server.stop();
    await check('SIGTERM stops the HTTP server with exit 0', async () => {
      assert.equal(outcome.code, 0, `exit ${JSON.stringify(outcome)}; stderr: ${server.stderr().slice(-500)}`);
    });
    setSection('');
  }
}

const httpWithAbortAndTasks = (run) => httpSession(run, { abort: true, tasks: true });

await runSessions(sdk2, [demoSession, missingContextSession, outputSession, progressSession,
  imageLimitSession, httpWithAbortAndTasks, fixtureSession, autoSession, taskSession]);
