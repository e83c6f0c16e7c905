// Raw stdio: no SDK, malformed input written straight to the pipe of a 2025-11-25 session, and
// the errors it must get. SDK-independent: the 1.x runner runs it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import readline from 'node:readline';

import { check, setSection } from './harness.mjs';

export async function rawSession(run) {
  setSection('raw stdio');
  const proc = spawn(run.kbot, ['mcp'], { env: { ...process.env, KBOT_CONFIG_DIR: run.emptyConfig }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  const queue = [];
  const waiters = [];
  const garbage = [];
  readline.createInterface({ input: proc.stdout, crlfDelay: Infinity }).on('line', (line) => {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      garbage.push(line.slice(0, 200));
      return;
    }
    if (waiters.length) waiters.shift()(msg);
    else queue.push(msg);
  });
  const next = (ms = 10_000) => (queue.length ? Promise.resolve(queue.shift()) : new Promise((resolve, reject) => {
    const waiter = (m) => { clearTimeout(t); resolve(m); };
    const t = setTimeout(() => { waiters.splice(waiters.indexOf(waiter), 1); reject(new Error(`no message within ${ms} ms`)); }, ms);
    waiters.push(waiter);
  }));
  const write = (line) => new Promise((resolve, reject) => {
    proc.stdin.write(`${line}\n`, (err) => (err ? reject(err) : resolve()));
  });
  const send = (obj) => write(JSON.stringify(obj));
  const expectError = async (code, id) => {
    const m = await next();
    assert.equal(m.jsonrpc, '2.0');
    assert.ok(m.error, `expected error ${code}, got ${JSON.stringify(m).slice(0, 300)}`);
    assert.equal(m.error.code, code, `error code (message: ${m.error.message})`);
    assert.equal(typeof m.error.message, 'string');
    if (id !== undefined) assert.equal(m.id, id);
    return m;
  };
  const expectPing = async (id) => {
    await send({ jsonrpc: '2.0', id, method: 'ping' });
    const m = await next();
    assert.deepEqual(m, { jsonrpc: '2.0', id, result: {} });
  };

  await check('initialize', async () => {
    await send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    const m = await next();
    assert.equal(m.id, 1);
    assert.equal(m.result.protocolVersion, '2025-11-25');
    await send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  });
  await check('an unparsable line: -32700 (id null), then ping', async () => {
    await write('{"jsonrpc": "2.0", "id": 2, "method": "ping"');
    await expectError(-32700, null);
    await write('this is not json at all');
    await expectError(-32700, null);
    await expectPing(3);
  });
  await check('a request without id (a notification): no answer', async () => {
    await send({ jsonrpc: '2.0', method: 'ping' });
    await send({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'gaf_list', arguments: { path: 'anims/demo.gaf' } } });
    await expectPing(4);  // the next message is the ping's answer, nothing for the two notifications
  });
  await check('a 10 MB line: -32600, then ping', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'ping', params: { padding: 'x'.repeat(10 * 1024 * 1024) } });
    await write(big);
    await expectError(-32600);
    await expectPing(6);
  });
  await check('arguments that are not an object: -32602 with the request id, then ping', async () => {
    await send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'gaf_list', arguments: ['anims/demo.gaf'] } });
    await expectError(-32602, 7);
    await send({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'gaf_export', arguments: 'path=anims/demo.gaf' } });
    await expectError(-32602, 8);
    await expectPing(9);
  });
  await check('a batch: -32600; an unknown method: -32601; then ping', async () => {
    await write(JSON.stringify([{ jsonrpc: '2.0', id: 10, method: 'ping' }]));
    await expectError(-32600);
    await send({ jsonrpc: '2.0', id: 11, method: 'no/such/method' });
    await expectError(-32601, 11);
    await write('{"jsonrpc":"2.0","id":12}');
    await expectError(-32600);
    await expectPing(13);
  });
  await check('stdout carries JSON-RPC messages only, nothing unanswered left over', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(garbage, [], 'non-JSON lines on stdout');
    assert.deepEqual(queue, [], 'unexpected messages');
  });
  await check('exit 0 when stdin closes', async () => {
    proc.stdin.end();
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5000).unref());
    const outcome = await Promise.race([exited, timeout]);
    if (outcome === 'timeout') proc.kill('SIGKILL');
    assert.notEqual(outcome, 'timeout', 'still running 5 s after stdin closed');
    assert.equal(outcome.code, 0, `exit ${JSON.stringify(outcome)}; stderr: ${stderr.slice(-500)}`);
    assert.doesNotMatch(stderr, /AddressSanitizer|runtime error|terminate called/, 'sanitizer or crash report on stderr');
  });
  setSection('');
}

