// End-to-end test of `kbot mcp` with the official MCP TypeScript SDK 1.x
// (@modelcontextprotocol/sdk, pinned in package.json), MCP 2025-11-25 (initialize handshake).
//
//   cd tests/e2e && npm ci && node e2e.mjs ../../build/kbot
//   (or `make test-e2e`, which also runs e2e2.mjs, the same checks with the 2.x client)
//
// The checks live in lib/ and are shared with e2e2.mjs; this file is the SDK 1.x adapter
// (lib/adapter.mjs says what one holds) and the list of sessions. Sessions, each a fresh
// `kbot mcp` process over stdio unless said:
//   1. demo: no registered context (KBOT_CONFIG_DIR is an empty temporary folder), so the
//      built-in `demo` context (takingdoms, transparency heuristic) is served;
//   2. missing-context: a context whose folder is gone, and --toolsets;
//   3. output: --output DIR and the write tools;
//   4. progress: the demo again, for 40 long map renders (progress reaches onprogress) and an
//      aborted one (kbot stops working);
//   5. image-limit: --image-limit 2048: large exports come back as a resource_link + preview;
//   6. http: kbot mcp --http on a free port, over Streamable HTTP (sessions);
//   7. fixture: `kbot demo --target TMP/data` registered with `kbot context add fixture --game ta`
//      (transparency game; no demo context then);
//   8. raw stdio (child_process, no SDK): malformed input and the errors it must get;
//   9. tasks: the demo again, for 2025-11-25's experimental tasks (lib/task_checks.mjs): a
//      map_render driven to completion with client.experimental.tasks.callToolStream, another
//      cancelled, tasks/list, tasks/result, the errors.
// The SDK's Client validates every tool result's structuredContent against the tool's
// outputSchema (after listTools), so a schema mismatch fails the call that returned it.
//
// Prints one line per check and a summary; exits 1 when any check failed, 2 on a usage error.
import assert from 'node:assert/strict';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';

import { check, expectRpcError } from './lib/harness.mjs';
import { httpSession } from './lib/http.mjs';
import { progressSession } from './lib/progress.mjs';
import { rawSession } from './lib/raw_stdio.mjs';
import { runSessions } from './lib/run.mjs';
import { taskSession } from './lib/task_checks.mjs';
import {
  demoSession, fixtureSession, imageLimitSession, missingContextSession, outputSession,
} from './lib/sessions.mjs';

const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const LONG_TOOLS = ['gaf_check', 'gaf_export', 'map_render', 'model_render', 'hpi_extract'];

// 2025-11-25's experimental tasks through client.experimental.tasks (task_checks.mjs says what a
// driver does). The client asks for a task (params.task) only for a tool tools/list showed
// with execution.taskSupport, when initialize declared tasks.requests.tools.call.
async function openTasks1(client) {
  const tasks = client.experimental.tasks;
  await client.listTools();
  return {
    async runToEnd(params) {
      const events = [];
      // taskCreated, a taskStatus per tasks/get (polled every pollInterval), then tasks/result.
      for await (const event of tasks.callToolStream(params)) {
        if (event.type === 'error') throw event.error;
        events.push(event);
      }
      assert.deepEqual([events[0].type, events.at(-1).type], ['taskCreated', 'result'], `events ${events.map((e) => e.type)}`);
      const created = events[0].task;
      const result = events.at(-1).result;
      assert.deepEqual(result._meta?.[RELATED_TASK], { taskId: created.taskId }, 'tasks/result: related-task _meta');
      const statuses = events.filter((e) => e.type === 'taskStatus').map((e) => e.task.status);
      return { created, statuses: [created.status, ...statuses], result };
    },
    async start(params) {
      // The stream's first event is the task kbot made; leaving the loop stops the polling.
      for await (const event of tasks.callToolStream(params)) {
        if (event.type === 'error') throw event.error;
        assert.equal(event.type, 'taskCreated');
        return event.task;
      }
      assert.fail('callToolStream ended without an event');
    },
    get: (taskId) => tasks.getTask(taskId),
    async cancel(taskId) {
      // 2025-11-25: cancelled before the answer, which is the task.
      const answer = await tasks.cancelTask(taskId);
      assert.equal(answer.taskId, taskId);
      assert.equal(answer.status, 'cancelled', `tasks/cancel answered ${JSON.stringify(answer)}`);
    },
    expectError: (promise, code, what) => expectRpcError(McpError, promise, code, what),
    extraChecks: (ids) => tasks1Checks(client, ids),
    close: async () => {},
  };
}

// What 2025-11-25 alone has: the capability, taskSupport, tasks/list, tasks/result, the errors.
async function tasks1Checks(client, ids) {
  await check('initialize: capabilities.tasks {list, cancel, requests.tools.call}; the long tools say taskSupport optional', async () => {
    assert.deepEqual(client.getServerCapabilities().tasks, { list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const tools = (await client.listTools()).tools;
    for (const tool of tools) {
      const expected = LONG_TOOLS.includes(tool.name) ? { taskSupport: 'optional' } : undefined;
      assert.deepEqual(tool.execution, expected, `${tool.name}.execution`);
    }
  });
  await check('tasks/list: the session\'s tasks, oldest first, completed then cancelled', async () => {
    const listed = await client.experimental.tasks.listTasks();
    assert.deepEqual(listed.tasks.map((t) => [t.taskId, t.status]), [[ids.completed, 'completed'], [ids.cancelled, 'cancelled']]);
    assert.equal(listed.nextCursor, undefined);
  });
  await check('tasks/result: a completed task\'s result again; a cancelled task\'s is -32602', async () => {
    const again = await client.experimental.tasks.getTaskResult(ids.completed, CallToolResultSchema);
    assert.equal(again.structuredContent.width, 7168);
    const err = await expectRpcError(McpError, client.experimental.tasks.getTaskResult(ids.cancelled, CallToolResultSchema), -32602, 'tasks/result');
    assert.match(err.message, /was cancelled/);
  });
  await check('tasks/cancel of a task that has ended is -32602, naming its status', async () => {
    const err = await expectRpcError(McpError, client.experimental.tasks.cancelTask(ids.completed), -32602, 'tasks/cancel');
    assert.match(err.message, /already in terminal status 'completed'/);
  });
  await check('params.task on a tool without taskSupport (gaf_list) is -32601', async () => {
    const request = { method: 'tools/call', params: { name: 'gaf_list', arguments: { path: 'anims/demo.gaf' }, task: {} } };
    await expectRpcError(McpError, client.request(request, CallToolResultSchema), -32601, 'tools/call gaf_list as a task');
  });
}

const sdk1 = {
  runner: 'e2e',
  handshake: 'initialize',
  ProtocolError: McpError,
  resourceNotFound: -32002,
  httpSessions: true,
  async connectStdio({ name, command, args, env, tap }) {
    const transport = new StdioClientTransport({ command, args, env, stderr: 'pipe' });
    // Client.connect chains the handler it finds here before its own.
    if (tap) transport.onmessage = tap;
    const client = new Client({ name, version: '1.0.0' });
    await client.connect(transport);
    return { client, transport };
  },
  async connectHttp(url, name) {
    const client = new Client({ name, version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    return { client, transport };
  },
  callTool: (client, params, options) => client.callTool(params, undefined, options),
  roundTrip: async (client) => assert.deepEqual(await client.ping(), {}),
  tasks: { how: 'experimental.tasks.callToolStream', names: { ttl: 'ttl', poll: 'pollInterval' }, open: openTasks1 },
  async protocolChecks(client) {
    await check('ping', async () => {
      assert.deepEqual(await client.ping(), {});
    });
  },
};

await runSessions(sdk1, [demoSession, missingContextSession, outputSession, progressSession,
  imageLimitSession, httpSession, fixtureSession, rawSession, taskSession]);
