// MCP tasks end to end: a long map_render run as a task and driven to completion the SDK's way,
// its result the plain call's; another cancelled a fifth of the way (kbot must stop working);
// an unknown task id refused. How a task is asked for, polled and cancelled differs between the
// revisions (2025-11-25's experimental tasks with SDK 1.x, the 2026-07-28 extension
// io.modelcontextprotocol/tasks with the 2.x client): the runner's adapter gives a driver
// (adapter.mjs, `tasks`), which also checks what its revision alone has.
import assert from 'node:assert/strict';

import { check } from './harness.mjs';
import { assertStoppedWorking, BIG_RENDER } from './progress.mjs';
import { withSession } from './sessions.mjs';
import { structured } from './tool_results.mjs';

const ISO_8601 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const TEN_MINUTES = 10 * 60 * 1000;  // kbot's ttl when the client names none (docs/mcp.md)

// A task as kbot describes it on creation: `names` says the revision's ttl and poll fields.
function assertNewTask(task, names) {
  assert.match(task.taskId ?? '', /^[0-9a-f]{32}$/, `taskId ${task.taskId}: not 128 random bits`);
  assert.equal(task.status, 'working');
  assert.match(task.createdAt ?? '', ISO_8601, `createdAt ${task.createdAt}`);
  assert.match(task.lastUpdatedAt ?? '', ISO_8601, `lastUpdatedAt ${task.lastUpdatedAt}`);
  assert.equal(task[names.ttl], TEN_MINUTES, `${names.ttl}`);
  assert.equal(task[names.poll], 500, `${names.poll}`);
}

// Polls tasks/get (faster than pollInterval: this waits for a moment, not for the end) until
// `done(task)`; fails after `ms`.
async function pollUntil(driver, taskId, done, ms, what) {
  const deadline = performance.now() + ms;
  for (;;) {
    const task = await driver.get(taskId);
    if (done(task)) return task;
    assert.ok(performance.now() < deadline, `${what}: still ${JSON.stringify(task)} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// A fifth of the work reported in the status message ("working: 3 of 8").
function aFifthDone(task) {
  assert.equal(task.status, 'working', `the task ended before it could be cancelled: ${JSON.stringify(task)}`);
  const m = /^working: (\d+) of (\d+)$/.exec(task.statusMessage ?? '');
  return m !== null && Number(m[1]) * 5 >= Number(m[2]);
}

// The task checks on `client`, connected to kbot process `pid`; `where` goes to the driver
// ({ url } over Streamable HTTP).
export async function taskChecks(client, pid, sdk, where = {}) {
  const { tasks } = sdk;
  const driver = await tasks.open(client, where);
  const ids = {};  // taskId of the completed task and of the cancelled one, for extraChecks
  try {
    await check(`map_render as a task (${tasks.how}): working, then completed, its result the plain call's`, async () => {
      const plain = await sdk.callTool(client, BIG_RENDER, {});
      structured(plain, 'map_render');
      assert.equal(plain.task, undefined, 'the plain call was answered with a task');
      const { created, statuses, result } = await driver.runToEnd(BIG_RENDER);
      assertNewTask(created, tasks.names);
      ids.completed = created.taskId;
      assert.equal(statuses[0], 'working', `statuses ${statuses}`);
      assert.equal(statuses.at(-1), 'completed', `statuses ${statuses}`);
      assert.ok(statuses.every((s) => s === 'working' || s === 'completed'), `statuses ${statuses}`);
      assert.notEqual(result.isError, true);
      assert.deepEqual(result.structuredContent, plain.structuredContent);
      assert.deepEqual(result.content, plain.content);
    });

    await check('a task cancelled a fifth of the way: tasks/cancel, then cancelled for good, and kbot stops working', async () => {
      const created = await driver.start(BIG_RENDER);
      assertNewTask(created, tasks.names);
      ids.cancelled = created.taskId;
      await pollUntil(driver, created.taskId, aFifthDone, 5000, 'a fifth of the render');
      await driver.cancel(created.taskId);
      const ended = await pollUntil(driver, created.taskId, (t) => t.status !== 'working', 1000, 'the cancel');
      assert.equal(ended.status, 'cancelled', JSON.stringify(ended));
      await assertStoppedWorking(client, pid, 'cancel');
      const later = await driver.get(created.taskId);
      assert.equal(later.status, 'cancelled', `a cancelled task moved on: ${JSON.stringify(later)}`);
      assert.equal(later.result, undefined, 'a cancelled task has a result');
    });

    await check('tasks/get of an unknown task id is -32602, naming it', async () => {
      const unknown = '0123456789abcdef0123456789abcdef';
      const err = await driver.expectError(driver.get(unknown), -32602, 'tasks/get');
      assert.match(err.message, new RegExp(`task ${unknown} is unknown or has expired`));
    });

    await driver.extraChecks(ids);
  } finally {
    await driver.close();
  }
}

// A stdio session of the demo for the task checks.
export async function taskSession(run) {
  await withSession(run, 'tasks', ['mcp'], { KBOT_CONFIG_DIR: run.emptyConfig }, async (client, transport) => {
    await taskChecks(client, transport.pid, run.sdk);
  });
}
