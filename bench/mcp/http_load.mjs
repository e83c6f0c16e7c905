// Load on `kbot mcp --http` from the MCP TypeScript SDK's own client: 1, 4 and 16 sessions at
// once (one StreamableHTTPClientTransport and Client each), every session calling
// `tools/call gaf_list {"path":"anims/demo.gaf"}` back to back for a fixed time.
//
//   node bench/mcp/http_load.mjs [--kbot PATH] [--seconds S]
//
// kbot serves the built-in demo context (KBOT_CONFIG_DIR an empty temporary folder) on a free
// loopback port. Each level warms up with 200 calls per session, then runs S seconds (default 3):
// bounded in time, whatever the machine. Latency is the SDK's callTool as its caller sees it
// (process.hrtime). Every answer is checked (no isError, the right file). Prints a table and
// `@result KEY VALUE` lines for bench/mcp/run.sh; the stdio figures of throughput.mjs (the same
// call, one session) are the baseline there.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const LEVELS = [1, 4, 16];

function parseArgs(argv) {
  const opts = { kbot: null, seconds: 3 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--kbot') opts.kbot = argv[++i];
    else if (argv[i] === '--seconds') opts.seconds = Number(argv[++i]);
    else {
      console.error(`usage: node http_load.mjs [--kbot PATH] [--seconds S]\nhttp_load: unknown argument ${argv[i]}`);
      process.exit(2);
    }
  }
  opts.kbot ??= [path.join(ROOT, 'build-bench', 'kbot'), path.join(ROOT, 'build', 'kbot')].find((p) => fs.existsSync(p));
  if (!opts.kbot || !fs.existsSync(opts.kbot)) {
    console.error('http_load: no kbot binary: pass --kbot PATH');
    process.exit(2);
  }
  if (!(opts.seconds > 0)) {
    console.error('http_load: --seconds wants a positive number');
    process.exit(2);
  }
  return opts;
}

// `kbot mcp --http 127.0.0.1:0`, resolved with its URL once it prints it.
function startKbot(kbot, config) {
  const proc = spawn(kbot, ['mcp', '--http', '127.0.0.1:0'], {
    env: { ...process.env, KBOT_CONFIG_DIR: config }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL after 10 s: ${stderr}`)), 10_000);
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (d) => {
      stderr += d;
      const m = /serving (http:\/\/\S+\/mcp)/.exec(stderr);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    proc.once('exit', (code) => reject(new Error(`kbot exited (${code}): ${stderr}`)));
  });
  return { proc, url };
}

const CALL = { name: 'gaf_list', arguments: { path: 'anims/demo.gaf' } };

async function callOnce(client) {
  const r = await client.callTool(CALL);
  if (r.isError || r.structuredContent?.path !== 'anims/demo.gaf') {
    throw new Error(`unexpected answer: ${JSON.stringify(r).slice(0, 300)}`);
  }
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
}

async function level(url, sessions, seconds) {
  const clients = [];
  for (let i = 0; i < sessions; i++) {
    const client = new Client({ name: `http-load-${i}`, version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    clients.push(client);
  }
  await Promise.all(clients.map(async (c) => { for (let i = 0; i < 200; i++) await callOnce(c); }));
  const latencies = [];
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(seconds * 1e9));
  await Promise.all(clients.map(async (c) => {
    while (process.hrtime.bigint() < end) {
      const t0 = process.hrtime.bigint();
      await callOnce(c);
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e3);
    }
  }));
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  for (const c of clients) await c.close();
  latencies.sort((a, b) => a - b);
  return {
    sessions, calls: latencies.length, perSec: latencies.length / elapsed,
    p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99),
  };
}

const opts = parseArgs(process.argv.slice(2));
const config = fs.mkdtempSync(path.join(os.tmpdir(), 'kbot-http-load-'));
const kbot = startKbot(path.resolve(opts.kbot), config);
try {
  const url = await kbot.url;
  console.log(`kbot ${url}, ${opts.seconds} s per level, SDK client (node ${process.version})`);
  console.log('sessions    calls/s   p50 us   p99 us    calls');
  for (const n of LEVELS) {
    const r = await level(url, n, opts.seconds);
    console.log(`${String(n).padStart(8)} ${r.perSec.toFixed(0).padStart(10)} ${r.p50.toFixed(0).padStart(8)} ${r.p99.toFixed(0).padStart(8)} ${String(r.calls).padStart(8)}`);
    console.log(`@result http_sdk_gaf_${n}_per_sec ${r.perSec.toFixed(0)}`);
    console.log(`@result http_sdk_gaf_${n}_p50_us ${r.p50.toFixed(0)}`);
    console.log(`@result http_sdk_gaf_${n}_p99_us ${r.p99.toFixed(0)}`);
  }
} finally {
  kbot.proc.kill('SIGTERM');
  fs.rmSync(config, { recursive: true, force: true });
}
