// Cold start of an MCP stdio server: process start -> initialize response -> exit.
//
//   node bench/mcp/cold_start.mjs [--kbot PATH] [--runs N]
//
// Each run spawns the server, writes one `initialize` request line, waits for the response line,
// closes stdin and waits for the process to exit; times are process.hrtime from just before
// spawn(). The two servers run alternately (kbot first on even runs, the other first on odd
// runs) after one unmeasured warm-up run each, so drift on the machine hits both alike:
//   - kbot: `kbot mcp` (default ../../build-bench/kbot, else ../../build/kbot), with
//     KBOT_CONFIG_DIR an empty temporary folder (the built-in demo context);
//   - everything: `node .../@modelcontextprotocol/server-everything/dist/index.js stdio`, the MCP
//     reference server built on the TypeScript SDK (its package bin, mcp-server-everything).
// Also times spawning /bin/true the same way (the floor of spawn + wait from Node).
// Prints a table and `@result KEY VALUE` lines (ms) for bench/mcp/run.sh.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');

function parseArgs(argv) {
  const opts = { kbot: null, runs: 30 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--kbot') opts.kbot = argv[++i];
    else if (a === '--runs') opts.runs = Number(argv[++i]);
    else {
      console.error(`usage: node cold_start.mjs [--kbot PATH] [--runs N]\ncold_start: unknown argument ${a}`);
      process.exit(2);
    }
  }
  if (!opts.kbot) {
    opts.kbot = [path.join(ROOT, 'build-bench', 'kbot'), path.join(ROOT, 'build', 'kbot')].find((p) => fs.existsSync(p));
  }
  if (!opts.kbot || !fs.existsSync(opts.kbot)) {
    console.error('cold_start: no kbot binary: pass --kbot PATH (build-bench/kbot or build/kbot)');
    process.exit(2);
  }
  if (!Number.isInteger(opts.runs) || opts.runs < 1) {
    console.error('cold_start: --runs wants a positive integer');
    process.exit(2);
  }
  opts.kbot = path.resolve(opts.kbot);
  return opts;
}

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'cold-start-bench', version: '1' } },
})}\n`;

// One run: { initMs, exitMs } from just before spawn() to the initialize response line and to
// the process's exit.
function runOnce(command, args, env) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const proc = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
    let initNs = null;
    let buffer = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`${command}: no initialize response / exit within 20 s`));
    }, 20_000);
    proc.on('error', (err) => { clearTimeout(timer); reject(err); });
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk) => {
      if (initNs !== null) return;
      buffer += chunk;
      const nl = buffer.indexOf('\n');
      if (nl < 0) return;
      initNs = process.hrtime.bigint() - t0;
      const msg = JSON.parse(buffer.slice(0, nl));
      if (msg.id !== 1 || !msg.result?.protocolVersion) {
        reject(new Error(`${command}: unexpected first message ${buffer.slice(0, 200)}`));
      }
      proc.stdin.end();
    });
    proc.on('exit', (code, signal) => {
      clearTimeout(timer);
      const exitNs = process.hrtime.bigint() - t0;
      if (initNs === null) {
        reject(new Error(`${command}: exited (${code ?? signal}) before answering initialize`));
        return;
      }
      resolve({ initMs: Number(initNs) / 1e6, exitMs: Number(exitNs) / 1e6, code });
    });
    proc.stdin.on('error', () => {});  // EPIPE if it died early: reported by 'exit'
    proc.stdin.write(INITIALIZE);
  });
}

function spawnTrue() {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const proc = spawn('/bin/true', [], { stdio: ['pipe', 'pipe', 'ignore'] });
    proc.on('error', reject);
    proc.on('exit', () => resolve(Number(process.hrtime.bigint() - t0) / 1e6));
  });
}

function quantile(values, q) {
  const v = [...values].sort((a, b) => a - b);
  if (!v.length) return NaN;
  const pos = (v.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return v[lo] + (v[hi] - v[lo]) * (pos - lo);
}

const opts = parseArgs(process.argv.slice(2));
const everythingEntry = path.join(HERE, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
if (!fs.existsSync(everythingEntry)) {
  console.error(`cold_start: ${everythingEntry} is missing: run npm ci in bench/mcp`);
  process.exit(2);
}
const everythingVersion = JSON.parse(fs.readFileSync(path.join(path.dirname(everythingEntry), '..', 'package.json'), 'utf8')).version;
const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kbot-cold-start-'));

const servers = [
  { key: 'kbot', label: `kbot mcp (${path.relative(ROOT, opts.kbot) || opts.kbot})`, command: opts.kbot, args: ['mcp'],
    env: { ...process.env, KBOT_CONFIG_DIR: configDir } },
  { key: 'everything', label: `server-everything ${everythingVersion} (node ${process.versions.node})`, command: process.execPath,
    args: [everythingEntry, 'stdio'], env: { ...process.env } },
];

try {
  for (const s of servers) {
    s.init = [];
    s.exit = [];
    const warm = await runOnce(s.command, s.args, s.env);  // page cache, JIT caches: not counted
    if (warm.code !== 0) console.error(`cold_start: warning: ${s.key} exited with ${warm.code}`);
  }
  const floor = [];
  for (let i = 0; i < opts.runs; i++) {
    const order = i % 2 === 0 ? servers : [...servers].reverse();
    for (const s of order) {
      const r = await runOnce(s.command, s.args, s.env);
      s.init.push(r.initMs);
      s.exit.push(r.exitMs);
    }
    floor.push(await spawnTrue());
  }

  const row = (a, b, c, d, e) => console.log(`  ${a.padEnd(52)} ${b.padStart(10)} ${c.padStart(10)} ${d.padStart(10)} ${e.padStart(10)}`);
  const ms = (v) => `${v.toFixed(2)}`;
  console.log(`cold start: spawn -> initialize response -> stdin closed -> exit; ${opts.runs} runs each, alternating (ms)`);
  row('server', 'init p50', 'init p90', 'exit p50', 'exit p90');
  for (const s of servers) {
    row(s.label, ms(quantile(s.init, 0.5)), ms(quantile(s.init, 0.9)), ms(quantile(s.exit, 0.5)), ms(quantile(s.exit, 0.9)));
  }
  row('spawn floor: /bin/true from node', '', '', ms(quantile(floor, 0.5)), ms(quantile(floor, 0.9)));
  const [k, e] = servers;
  const ratioExit = quantile(e.exit, 0.5) / quantile(k.exit, 0.5);
  const ratioInit = quantile(e.init, 0.5) / quantile(k.init, 0.5);
  console.log(`  ratio everything / kbot (medians): ${ratioInit.toFixed(1)}x to the initialize response, ${ratioExit.toFixed(1)}x to exit (target >= 10x)`);

  for (const s of servers) {
    console.log(`@result cold_${s.key}_init_p50_ms ${quantile(s.init, 0.5).toFixed(3)}`);
    console.log(`@result cold_${s.key}_init_p90_ms ${quantile(s.init, 0.9).toFixed(3)}`);
    console.log(`@result cold_${s.key}_exit_p50_ms ${quantile(s.exit, 0.5).toFixed(3)}`);
    console.log(`@result cold_${s.key}_exit_p90_ms ${quantile(s.exit, 0.9).toFixed(3)}`);
  }
  console.log(`@result cold_floor_p50_ms ${quantile(floor, 0.5).toFixed(3)}`);
  console.log(`@result cold_ratio_init ${ratioInit.toFixed(2)}`);
  console.log(`@result cold_ratio_exit ${ratioExit.toFixed(2)}`);
  console.log(`@result cold_everything_version ${everythingVersion}`);
} finally {
  fs.rmSync(configDir, { recursive: true, force: true });
}
