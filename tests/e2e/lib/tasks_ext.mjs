// The 2.x runner's task driver (task_checks.mjs): the 2026-07-28 extension
// io.modelcontextprotocol/tasks through @modelcontextprotocol/ext-tasks (pinned in package.json),
// the extension's own client package.
//
// Why that package, and the raw path under it: @modelcontextprotocol/client 2.4.0 puts its
// capabilities in every request's _meta (so a Client built with the extension in its
// capabilities declares it), but its result decoding refuses any resultType but 'complete' and
// 'input_required': a CreateTaskResult (resultType 'task') fails with UNSUPPORTED_RESULT_TYPE
// before any schema or option sees it. ext-tasks therefore sends tools/call and tasks/* through a
// `rawDispatch` the host supplies, framing each with the extension in its clientCapabilities;
// rawDispatcher below is that: the request written on the Client's own transport (so the
// transport still sets MCP-Protocol-Version, Mcp-Method and Mcp-Name over HTTP), its response
// taken before the Client sees it. Everything else (server/discover, tools/list, the plain
// calls) is the Client's own.
import assert from 'node:assert/strict';

import { ProtocolError } from '@modelcontextprotocol/client';
import { createTaskSessionFromClient, JsonRpcResponseError } from '@modelcontextprotocol/ext-tasks/client';
import { CallToolResultV2Schema } from '@modelcontextprotocol/ext-tasks/core/v2';

import { check, expectRpcError } from './harness.mjs';
import { REVISION, SERVER_INFO } from './modern_checks.mjs';
import { BIG_RENDER } from './progress.mjs';

export const TASKS = 'io.modelcontextprotocol/tasks';

// A permissive result schema (Standard Schema v1) for Client.request of methods it has no
// schema for.
const ANY_RESULT = { '~standard': { version: 1, vendor: 'kbot-e2e', validate: (value) => ({ value }) } };

// ext-tasks' result codec taking the inline result as it is. Its default one (CallToolResultV2)
// wants resultType 'complete' in it: a check of its own says whether kbot's has it (tasks2Checks),
// so that the other task checks do not all fail with that one.
const ANY_CODEC = { parse: (value) => ({ success: true, value }) };

// ext-tasks' RawClientDispatch over `transport`, which a connected Client reads from. Every
// exchange is kept in `log` ({ method, params, sentAt, response }) for the wire checks.
export function rawDispatcher(transport, log) {
  const pending = new Map();  // request id -> resolve
  let serial = 0;
  const chained = transport.onmessage;  // the Client's handler (and the runner's taps)
  transport.onmessage = (message, extra) => {
    const resolve = message?.id !== undefined && !('method' in message) ? pending.get(message.id) : undefined;
    if (!resolve) return chained?.(message, extra);
    pending.delete(message.id);
    resolve(message);
  };
  return async (request, options = {}) => {
    // A string id: the Client numbers its own requests, so none can collide.
    const id = `raw-${++serial}`;
    const entry = { method: request.method, params: request.params, sentAt: performance.now() };
    log.push(entry);
    const answered = new Promise((resolve, reject) => {
      pending.set(id, resolve);
      options.signal?.addEventListener('abort', () => {
        pending.delete(id);
        reject(options.signal.reason);
      }, { once: true });
    });
    await transport.send({ jsonrpc: '2.0', id, ...request });
    const response = await answered;
    entry.response = response;
    return 'error' in response ? { kind: 'error', error: response.error } : { kind: 'result', result: response.result };
  };
}

// The framing ext-tasks puts on each raw request (it adds the extension to the capabilities):
// the Client's own identity, since kbot keeps a 2026-07-28 client's tasks under the name in its
// clientInfo.
function framing(name) {
  return { protocolVersion: REVISION, clientInfo: { name, version: '1.0.0' }, clientCapabilities: {} };
}

// Opens the driver on `client` (named `name`, connected, no extension in its capabilities).
// Over Streamable HTTP, `where.connect(name, clientOptions, onSend)` connects another Client
// (onSend sees each message it sends), for the check only HTTP can make.
export async function openTasks2(client, name, where) {
  const log = [];
  const rawDispatch = rawDispatcher(client.transport, log);
  const session = createTaskSessionFromClient(client, { endpointId: `kbot-e2e2-${name}`, rawDispatch, v2RequestFraming: framing(name) });
  const executions = new Map();  // taskId -> the ToolExecution that made it
  const call = async (params) => {
    const execution = await session.callTool(params.name, params.arguments, { resultCodec: ANY_CODEC });
    assert.equal(execution.kind, 'task', `kbot answered ${params.name} plainly to a client declaring ${TASKS}`);
    executions.set(execution.handle.taskId, execution);
    return execution;
  };
  // The task as the last raw exchange answered it (ext-tasks keeps what its schemas know).
  const created = () => log.findLast((e) => e.method === 'tools/call').response.result;
  return {
    log,
    async runToEnd(params) {
      const first = log.length;
      const execution = await call(params);
      const statuses = [];
      const { outcome } = await execution.settle({ onEvent: (e) => { if (e.type === 'task') statuses.push(e.task.status); } });
      assert.equal(outcome.status, 'completed', `outcome ${JSON.stringify(outcome).slice(0, 300)}`);
      const gets = log.slice(first).filter((e) => e.method === 'tasks/get');
      assert.ok(gets.length >= 1, 'the result came without a tasks/get');
      const last = gets.at(-1).response.result;
      assert.equal(last.status, 'completed');
      assert.deepEqual(last.result, outcome.result, 'the outcome is not the result inline in tasks/get');
      // ext-tasks waits pollIntervalMs before each tasks/get.
      const made = log[first];
      gets.forEach((g, i) => {
        const waited = g.sentAt - (i ? gets[i - 1] : made).sentAt;
        assert.ok(waited >= 490, `tasks/get ${i} ${waited.toFixed(0)} ms after the one before: under pollIntervalMs`);
      });
      return { created: made.response.result, statuses: [made.response.result.status, ...statuses], result: outcome.result };
    },
    async start(params) {
      await call(params);
      return created();
    },
    get: async (taskId) => (await session.task(taskId).snapshot()).raw,
    async cancel(taskId) {
      await session.cancelTask(taskId);
      const ack = log.findLast((e) => e.method === 'tasks/cancel').response.result;
      assert.deepEqual(Object.keys(ack).sort(), ['_meta', 'resultType'], `tasks/cancel answered ${JSON.stringify(ack)}`);
    },
    async expectError(promise, code, what) {
      return expectRpcError(JsonRpcResponseError, promise, code, what);
    },
    extraChecks: (ids) => tasks2Checks(client, name, { log, rawDispatch, session, executions }, ids, where),
    async close() {
      for (const execution of executions.values()) await execution.close().catch(() => {});
      await session.close();
    },
  };
}

// What 2026-07-28 alone has: the task results' envelope, tasks/update, -32021 without the
// extension, tasks bound to the client's name; over HTTP, a Client declaring the extension.
async function tasks2Checks(client, name, t, ids, where) {
  await check(`server/discover lists the extension ${TASKS}`, async () => {
    const d = await client.discover();
    assert.deepEqual(d.capabilities.extensions?.[TASKS], {});
  });
  await check('on the wire: tools/call answers resultType task; tasks/get and tasks/cancel resultType complete; serverInfo on each', async () => {
    assert.ok(t.log.length >= 4, `${t.log.length} exchanges`);
    for (const { method, response } of t.log) {
      if (!response?.result) continue;
      const expected = method === 'tools/call' ? 'task' : 'complete';
      assert.equal(response.result.resultType, expected, `${method}: resultType`);
      assert.equal(response.result._meta?.[SERVER_INFO]?.name, 'kbot', `${method}: serverInfo`);
      if (method === 'tools/call') {
        assert.equal(response.result.result, undefined, 'a CreateTaskResult carries no result');
        assert.equal(response.result.ttl, undefined, 'ttl: 2025-11-25\'s name');
      }
    }
  });
  await check('tasks/get of a completed task: its result inline is a 2026-07-28 CallToolResult (resultType complete), as ext-tasks reads it', async () => {
    const got = t.log.find((e) => e.method === 'tasks/get' && e.response?.result?.taskId === ids.completed
      && e.response.result.status === 'completed');
    assert.ok(got, 'no tasks/get answered the completed task');
    const inline = got.response.result.result;
    assert.equal(inline.resultType, 'complete', `resultType of the inline result (its keys: ${Object.keys(inline)})`);
    const parsed = CallToolResultV2Schema.safeParse(inline);
    assert.ok(parsed.success, `ext-tasks' CallToolResultV2 refuses it: ${parsed.error?.issues?.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  });
  await check('tasks/update acknowledges (kbot\'s tasks ask their client nothing)', async () => {
    await t.session.task(ids.completed).update({});
    const ack = t.log.findLast((e) => e.method === 'tasks/update').response.result;
    assert.equal(ack.resultType, 'complete');
    assert.equal((await t.session.task(ids.completed).snapshot()).status, 'completed');
  });
  await check(`tasks/get without ${TASKS} in the request's capabilities is -32021`, async () => {
    const err = await expectRpcError(ProtocolError,
      client.request({ method: 'tasks/get', params: { taskId: ids.completed } }, ANY_RESULT), -32021, 'tasks/get');
    assert.deepEqual(err.data?.requiredCapabilities, { extensions: { [TASKS]: {} } });
  });
  await check('a task is its client\'s: under another clientInfo name, tasks/get is -32602', async () => {
    const response = await t.rawDispatch({ method: 'tasks/get', params: { taskId: ids.completed, _meta: {
      'io.modelcontextprotocol/protocolVersion': REVISION,
      'io.modelcontextprotocol/clientInfo': { name: `${name}-other`, version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS]: {} } } } } });
    assert.equal(response.kind, 'error', JSON.stringify(response));
    assert.equal(response.error.code, -32602);
  });
  if (where.connect) await declaringClientCheck(where);
}

// Over HTTP a second Client can be made: one with the extension in its own capabilities.
async function declaringClientCheck(where) {
  await check(`a Client built with ${TASKS} in its capabilities declares it on every request, and kbot answers it tasks`, async () => {
    const sent = [];
    const { client } = await where.connect('kbot-e2e-declaring', { capabilities: { extensions: { [TASKS]: {} } } },
      (m) => { if (m.method) sent.push(m); });
    try {
      await client.listTools();
      // The Client alone refuses a CreateTaskResult: the reason ext-tasks sends tools/call raw.
      await assert.rejects(client.callTool(BIG_RENDER), (e) => e.code === 'UNSUPPORTED_RESULT_TYPE' && e.data?.resultType === 'task');
      assert.ok(sent.length >= 2, `${sent.length} requests seen`);
      for (const m of sent) {
        const caps = m.params?._meta?.['io.modelcontextprotocol/clientCapabilities'];
        assert.deepEqual(caps?.extensions?.[TASKS], {}, `${m.method}: _meta clientCapabilities ${JSON.stringify(caps)}`);
      }
    } finally {
      await client.close();
    }
  });
}
