// Request throughput of one `kbot mcp` stdio session, raw JSON lines (no SDK: the client stays
// cheap, so the figures are the server's and the pipe's).
//
//   node bench/mcp/throughput.mjs [--kbot PATH] [--calls N] [--depth D]
//
// On one session of the built-in demo context (KBOT_CONFIG_DIR an empty temporary folder):
//   - sequential: N `ping` requests, then N `tools/call gaf_list {"path":"anims/demo.gaf"}`, each
//     sent when the previous answer arrived; latency = write -> response line (process.hrtime);
//   - pipelined: the same with D requests in flight (a new one sent as each answer arrives);
//     latency then includes the queueing behind the others.
// Then the same gaf_list runs on a second session whose context is a folder on disk
// (`kbot demo --target TMP`, `--context fx=takingdoms:TMP`): the file is read through the
// directory VFS on every call instead of from memory.
// Every answer is parsed and checked (right id, a result, not isError). 500 warm-up requests of
// each kind come first. Prints a table and `@result KEY VALUE` lines for bench/mcp/run.sh.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');

function parseArgs(argv) {
  const opts = { kbot: null, calls: 10_000, depth: 16 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--kbot') opts.kbot = argv[++i];
    else if (a === '--calls') opts.calls = Number(argv[++i]);
    else if (a === '--depth') opts.depth = Number(argv[++i]);
    else {
      console.error(`usage: node throughput.mjs [--kbot PATH] [--calls N] [--depth D]\nthroughput: unknown argument ${a}`);
      process.exit(2);
    }
  }
  if (!opts.kbot) {
    opts.kbot = [path.join(ROOT, 'build-bench', 'kbot'), path.join(ROOT, 'build', 'kbot')].find((p) => fs.existsSync(p));
  }
  if (!opts.kbot || !fs.existsSync(opts.kbot)) {
    console.error('throughput: no kbot binary: pass --kbot PATH (build-bench/kbot or build/kbot)');
    process.exit(2);
  }
  for (const k of ['calls', 'depth']) {
    if (!Number.isInteger(opts[k]) || opts[k] < 1) {
      console.error(`throughput: --${k} wants a positive integer`);
      process.exit(2);
    }
  }
  opts.kbot = path.resolve(opts.kbot);
  return opts;
}

// A `kbot mcp` session: send(line) returns a promise of the parsed answer to that id.
class Session {
  constructor(kbot, args, env) {
    this.proc = spawn(kbot, ['mcp', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.pending = new Map();
    this.nextId = 1;
    this.stderr = '';
    this.buffer = '';
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (d) => { this.stderr += d; });
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk) => this.onData(chunk));
    this.exited = new Promise((resolve) => this.proc.once('exit', (code, signal) => {
      for (const { reject } of this.pending.values()) reject(new Error(`kbot exited (${code ?? signal}): ${this.stderr.slice(-300)}`));
      this.pending.clear();
      resolve(code);
    }));
  }

  onData(chunk) {
    this.buffer += chunk;
    let nl;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      const t = process.hrtime.bigint();
      const msg = JSON.parse(line);
      const p = this.pending.get(msg.id);
      if (!p) throw new Error(`an answer to no pending request: ${line.slice(0, 200)}`);
      this.pending.delete(msg.id);
      p.resolve({ msg, t });
    }
  }

  // Sends the request made by make(id) and resolves to { msg, ns } (write -> answer).
  request(make) {
    const id = this.nextId++;
    const line = make(id);
    return new Promise((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      this.pending.set(id, { resolve: ({ msg, t }) => resolve({ msg, ns: t - t0 }), reject });
      this.proc.stdin.write(line);
    });
  }

  async close() {
    this.proc.stdin.end();
    return this.exited;
  }
}

const INITIALIZE = (id) => `${JSON.stringify({
  jsonrpc: '2.0', id, method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'throughput-bench', version: '1' } },
})}\n`;
const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}\n';
const PING = (id) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}\n`;
const GAF_LIST = (id) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"gaf_list","arguments":{"path":"anims/demo.gaf"}}}\n`;

function verify(kind, msg) {
  if (msg.error) throw new Error(`${kind}: error ${JSON.stringify(msg.error)}`);
  if (kind === 'gaf_list') {
    if (msg.result.isError || msg.result.structuredContent?.sequences?.length !== 2) {
      throw new Error(`gaf_list: unexpected result ${JSON.stringify(msg.result).slice(0, 300)}`);
    }
  } else if (JSON.stringify(msg.result) !== '{}') {
    throw new Error(`ping: unexpected result ${JSON.stringify(msg.result)}`);
  }
}

// N requests, at most `depth` in flight. Returns { lat: Float64Array of µs, seconds }.
async function run(session, kind, make, n, depth) {
  const lat = new Float64Array(n);
  let sent = 0;
  let done = 0;
  const t0 = process.hrtime.bigint();
  await new Promise((resolve, reject) => {
    const launch = () => {
      const i = sent++;
      session.request(make).then(({ msg, ns }) => {
        verify(kind, msg);
        lat[i] = Number(ns) / 1e3;
        done++;
        if (sent < n) launch();
        else if (done === n) resolve();
      }).catch(reject);
    };
    for (let k = 0; k < Math.min(depth, n); k++) launch();
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { lat, seconds };
}

function quantile(sorted, q) {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

function summarize({ lat, seconds }) {
  const sorted = Float64Array.from(lat).sort();
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), perSec: lat.length / seconds };
}

async function openSession(kbot, args, env) {
  const s = new Session(kbot, args, env);
  const init = await s.request(INITIALIZE);
  if (!init.msg.result?.protocolVersion) throw new Error(`initialize failed: ${JSON.stringify(init.msg)}`);
  s.proc.stdin.write(INITIALIZED);
  return s;
}

const opts = parseArgs(process.argv.slice(2));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kbot-throughput-'));
const env = { ...process.env, KBOT_CONFIG_DIR: path.join(tmp, 'config') };
fs.mkdirSync(env.KBOT_CONFIG_DIR);
const results = {};

try {
  const demo = await openSession(opts.kbot, [], env);
  await run(demo, 'ping', PING, 500, 1);
  await run(demo, 'gaf_list', GAF_LIST, 500, 1);
  results.ping_seq = summarize(await run(demo, 'ping', PING, opts.calls, 1));
  results.gaf_seq = summarize(await run(demo, 'gaf_list', GAF_LIST, opts.calls, 1));
  results.ping_pipe = summarize(await run(demo, 'ping', PING, opts.calls, opts.depth));
  results.gaf_pipe = summarize(await run(demo, 'gaf_list', GAF_LIST, opts.calls, opts.depth));
  const code = await demo.close();
  if (code !== 0) throw new Error(`kbot mcp exited with ${code}: ${demo.stderr.slice(-300)}`);

  const data = path.join(tmp, 'data');
  execFileSync(opts.kbot, ['demo', '--target', data], { stdio: 'ignore' });
  const folder = await openSession(opts.kbot, ['--context', `fx=takingdoms:${data}`], env);
  await run(folder, 'gaf_list', GAF_LIST, 500, 1);
  results.gaf_folder_seq = summarize(await run(folder, 'gaf_list', GAF_LIST, opts.calls, 1));
  results.gaf_folder_pipe = summarize(await run(folder, 'gaf_list', GAF_LIST, opts.calls, opts.depth));
  await folder.close();
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

const row = (a, b, c, d) => console.log(`  ${a.padEnd(46)} ${b.padStart(10)} ${c.padStart(10)} ${d.padStart(12)}`);
const us = (v) => v.toFixed(1);
console.log(`throughput: one kbot mcp stdio session (${path.relative(ROOT, opts.kbot) || opts.kbot}), ${opts.calls} requests per row`);
row('requests', 'p50 µs', 'p99 µs', 'calls/s');
const labels = {
  ping_seq: 'ping, sequential',
  gaf_seq: 'gaf_list demo.gaf, sequential',
  ping_pipe: `ping, ${opts.depth} in flight`,
  gaf_pipe: `gaf_list demo.gaf, ${opts.depth} in flight`,
  gaf_folder_seq: 'gaf_list, folder context, sequential',
  gaf_folder_pipe: `gaf_list, folder context, ${opts.depth} in flight`,
};
for (const [k, label] of Object.entries(labels)) {
  const r = results[k];
  row(label, us(r.p50), us(r.p99), r.perSec.toFixed(0));
}
const ratioSeq = results.gaf_seq.p50 / results.ping_seq.p50;
const ratioPipe = results.ping_pipe.perSec / results.gaf_pipe.perSec;
console.log(`  gaf_list / ping: ${ratioSeq.toFixed(2)}x the p50 latency (sequential), ${ratioPipe.toFixed(2)}x the time per call (${opts.depth} in flight)`);
for (const [k, r] of Object.entries(results)) {
  console.log(`@result tp_${k}_p50_us ${r.p50.toFixed(1)}`);
  console.log(`@result tp_${k}_p99_us ${r.p99.toFixed(1)}`);
  console.log(`@result tp_${k}_per_sec ${r.perSec.toFixed(0)}`);
}
console.log(`@result tp_ratio_seq_p50 ${ratioSeq.toFixed(2)}`);
console.log(`@result tp_ratio_pipe ${ratioPipe.toFixed(2)}`);
