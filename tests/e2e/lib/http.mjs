// kbot mcp --http on a free port, reached with the runner's SDK over Streamable HTTP.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';

import { commonChecks } from './common_checks.mjs';
import { check, setSection } from './harness.mjs';
import { abortCheck } from './progress.mjs';
import { taskChecks } from './task_checks.mjs';

// Starts `kbot mcp --http 127.0.0.1:0` (the system picks the port) and reads the URL it prints.
// Returns { proc, url (null when none was printed within 10 s), stderr(), stop() }; stop() sends
// SIGTERM and resolves to the exit ({ code, signal }, or 'timeout' after 5 s and a SIGKILL).
export async function startHttpServer(run) {
  const proc = spawn(run.kbot, ['mcp', '--http', '127.0.0.1:0'], {
    env: { ...process.env, KBOT_CONFIG_DIR: run.emptyConfig }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 10000);
    proc.stderr.on('data', (chunk) => {
      stderr += chunk;
      const m = /serving (http:\/\/\S+\/mcp)/.exec(stderr);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
  });
  const stop = async () => {
    proc.kill('SIGTERM');
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5000).unref());
    const outcome = await Promise.race([exited, timeout]);
    if (outcome === 'timeout') proc.kill('SIGKILL');
    return outcome;
  };
  return { proc, url, stderr: () => stderr, stop };
}

// The common checks over HTTP, then what HTTP adds: progress on the SSE stream, two clients at
// once, the session's end (2025-11-25 only), Origin, SIGTERM. `abort`: also abort a long call;
// `tasks`: also the task checks (task_checks.mjs).
export async function httpSession(run, { abort = false, tasks = false } = {}) {
  const { sdk } = run;
  setSection('http');
  const server = await startHttpServer(run);
  const { url } = server;
  const clients = [];
  const open = async (name) => {
    const session = await sdk.connectHttp(url, `kbot-e2e-${name}`);
    clients.push(session);
    return session;
  };
  try {
    await check('kbot mcp --http 127.0.0.1:0 prints its URL', async () => {
      assert.ok(url, `no URL on stderr: ${server.stderr()}`);
    });
    if (!url) return;
    let first;
    const connected = sdk.httpSessions ? 'the SDK client connects over Streamable HTTP and gets a session'
      : 'the SDK client connects over Streamable HTTP, with no session';
    await check(connected, async () => {
      first = await open('http');
      if (sdk.httpSessions) assert.match(first.transport.sessionId ?? '', /^[0-9a-f]{32}$/);
      else assert.equal(first.transport.sessionId, undefined, 'a session id under 2026-07-28');
    });
    if (!first) return;
    await commonChecks(first.client, { name: 'demo', game: 'takingdoms', transparency: 'heuristic', builtin: true }, sdk);
    await check('progress over HTTP arrives before the result, in order', async () => {
      const seen = [];
      const r = await sdk.callTool(first.client,
        { name: 'gaf_export', arguments: { path: 'anims/demo.gaf', sequence: 'spinner', format: 'gif', scale: 4 } },
        { onprogress: (p) => seen.push(p.progress) });
      assert.notEqual(r.isError, true);
      assert.ok(seen.length >= 1, 'no progress notification arrived');
      for (let i = 1; i < seen.length; i++) assert.ok(seen[i] > seen[i - 1], `progress ${seen}`);
    });
    if (abort) await abortCheck(first.client, server.proc.pid, sdk);
    if (tasks) await taskChecks(first.client, server.proc.pid, sdk, { url });
    await check('two clients at once, calls interleaved, each gets its own answers', async () => {
      const second = await open('http-2');
      if (sdk.httpSessions) assert.notEqual(second.transport.sessionId, first.transport.sessionId);
      const calls = [];
      for (let i = 0; i < 10; i++) {
        calls.push(first.client.callTool({ name: 'gaf_list', arguments: { path: 'anims/demo.gaf' } }));
        calls.push(second.client.callTool({ name: 'gaf_list', arguments: { path: 'anims/cursors.gaf' } }));
      }
      const results = await Promise.all(calls);
      results.forEach((r, i) => {
        assert.equal(r.structuredContent.path, i % 2 ? 'anims/cursors.gaf' : 'anims/demo.gaf');
      });
    });
    if (sdk.sessionEndChecks) await sdk.sessionEndChecks(first.client);
    if (sdk.httpSessions) await sessionEndCheck(url, first.transport);
    await check('a page of another origin is refused (403)', async () => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Origin: 'http://evil.example' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
      assert.equal(res.status, 403);
    });
  } finally {
    for (const c of clients) await c.client.close().catch(() => {});
    await check('SIGTERM stops the HTTP server with exit 0', async () => {
      const outcome = await server.stop();
      assert.notEqual(outcome, 'timeout', 'still running 5 s after SIGTERM');
      assert.equal(outcome.code, 0, `exit ${JSON.stringify(outcome)}; stderr: ${server.stderr().slice(-500)}`);
      assert.doesNotMatch(server.stderr(), /AddressSanitizer|runtime error|terminate called/, 'sanitizer or crash report on stderr');
    });
    setSection('');
  }
}

// 2025-11-25: a session the client ends (DELETE) is gone, its id refused after.
async function sessionEndCheck(url, transport) {
  await check('terminating a session (DELETE) ends it: its id is refused after', async () => {
    const sid = transport.sessionId;
    await transport.terminateSession();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': sid },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    assert.equal(res.status, 404);
  });
}
