// A runner's life: the kbot binary from the command line, a temporary folder (an empty config
// folder in it, so only the built-in demo context is served), the watchdog, the sessions in
// order, the summary.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { assertAdapter } from './adapter.mjs';
import { finish, startWatchdog } from './harness.mjs';

// Runs `sessions` (async functions of the run, in order) with the SDK `sdk` (adapter.mjs), then
// exits: 0 when every check passed, 1 when one failed, 2 on a usage error.
export async function runSessions(sdk, sessions) {
  assertAdapter(sdk);
  if (process.argv.length !== 3) {
    console.error(`usage: node ${sdk.runner}.mjs PATH/TO/kbot`);
    process.exit(2);
  }
  const kbot = path.resolve(process.argv[2]);
  if (!fs.existsSync(kbot)) {
    console.error(`${sdk.runner}: ${kbot} does not exist: build it first (cmake --build build)`);
    process.exit(2);
  }
  const started = performance.now();
  startWatchdog(sdk.runner, 240);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `kbot-${sdk.runner}-`));
  const emptyConfig = path.join(tmp, 'empty-config');
  fs.mkdirSync(emptyConfig);
  const run = { kbot, tmp, emptyConfig, sdk };
  try {
    for (const session of sessions) await session(run);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  finish(sdk.runner, kbot, started);
}
