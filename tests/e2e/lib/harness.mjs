// The harness both runners share: named checks run in order, each failure reported with its
// message, a summary and the exit status.
import assert from 'node:assert/strict';

const results = [];
let section = '';

// Check labels are prefixed with the section they run in (a session's name).
export function setSection(name) {
  section = name;
}

export async function check(name, fn) {
  const label = section ? `${section}: ${name}` : name;
  try {
    await fn();
    results.push({ label, ok: true });
    console.log(`ok   ${label}`);
  } catch (err) {
    results.push({ label, ok: false, err });
    // A JSON-RPC error (either SDK's error class) is named with its code, anything else by its stack.
    const text = Number.isInteger(err?.code) && err?.message
      ? `${err.constructor.name} ${err.code}: ${err.message}` : (err?.stack ?? String(err));
    console.log(`FAIL ${label}\n     ${text.split('\n').slice(0, 8).join('\n     ')}`);
  }
}

// Awaits a request that must fail with the JSON-RPC error `code`, thrown by the SDK as an
// instance of `ErrorClass` (1.x McpError, 2.x ProtocolError).
export async function expectRpcError(ErrorClass, promise, code, what) {
  let result;
  try {
    result = await promise;
  } catch (err) {
    assert.ok(err instanceof ErrorClass, `${what}: expected a ${ErrorClass.name}, got ${err?.constructor?.name}: ${err?.message}`);
    assert.equal(err.code, code, `${what}: error code (message: ${err.message})`);
    return err;
  }
  assert.fail(`${what}: expected JSON-RPC error ${code}, got a result: ${JSON.stringify(result).slice(0, 300)}`);
}

// A whole run must not hang: CI gets a failure, not a stuck job.
export function startWatchdog(runner, seconds) {
  const watchdog = setTimeout(() => {
    console.error(`${runner}: FAIL: still running after ${seconds} s (a request never got its answer?)`);
    process.exit(1);
  }, seconds * 1000);
  watchdog.unref();
}

// Prints the summary and exits: 1 when any check failed.
export function finish(runner, kbot, started) {
  const failed = results.filter((r) => !r.ok);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\n${runner}: ${results.length - failed.length} of ${results.length} checks passed in ${seconds} s (${kbot})`);
  for (const f of failed) console.log(`  FAILED: ${f.label}`);
  process.exit(failed.length ? 1 : 0);
}
