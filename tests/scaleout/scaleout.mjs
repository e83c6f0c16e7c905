// Calls through nginx's round robin to two kbot instances (tests/scaleout/run.sh starts them),
// with the MCP TypeScript SDK 2.x client pinned to MCP 2026-07-28, then reads nginx's access log
// (docs/deploy/nginx.conf's kbot_upstream format) to show that both instances served.
//
//   KBOT_TOKEN=TOKEN node scaleout.mjs URL ACCESS_LOG UPSTREAM1 UPSTREAM2
//
// Every call must succeed; every kind of call (method and name) must have been served by both
// instances, each instance must have served at least a third of the requests, and no request may
// have been retried on the other instance. Then, without the SDK: a subscriptions/listen stream
// must deliver its first event through nginx while it stays open; a foreign Host must be refused
// by nginx, a foreign Origin and a missing token by the instances; and a 2025-11-25 session,
// which lives in one process, must be refused by the other instance: the reason such clients
// need sticky routing and 2026-07-28 clients do not.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const [url, accessLog, ...upstreams] = process.argv.slice(2);
const token = process.env.KBOT_TOKEN;
if (!url || !accessLog || upstreams.length !== 2 || !token) {
  console.error('usage: KBOT_TOKEN=TOKEN node scaleout.mjs URL ACCESS_LOG UPSTREAM1 UPSTREAM2');
  process.exit(2);
}
const VERSION = '2026-07-28';
const CONTEXT = 'shared';
const REPEAT = 4; // each call, in a row: round robin sends consecutive ones to alternate instances
const MAX_EXTRA = 6; // more of a call while one instance has served none of it

let failures = 0;
function fail(message) {
  console.error(`FAIL ${message}`);
  failures++;
}
function check(ok, message) {
  if (!ok) fail(message);
  return ok;
}

// ------------------------------------------------------------------ nginx's access log
// 127.0.0.1 [time] "POST /mcp HTTP/1.1" 200 1234 upstream=127.0.0.1:P upstream_status=200
//   method="tools/call" name="gaf_list" time=0.002
function readLog() {
  let text = '';
  try {
    text = readFileSync(accessLog, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((line) => {
      const m = line.match(
        /"(\S+) (\S+) [^"]*" (\d+) \d+ upstream=(.*?) upstream_status=(.*?) method="([^"]*)" name="([^"]*)"/
      );
      if (!m) return { line, bad: true };
      const header = (v) => (v === '-' ? '' : v); // nginx logs an empty variable as "-"
      return { line, verb: m[1], status: Number(m[3]), upstream: m[4], method: header(m[6]), name: header(m[7]) };
    });
}
const keyOf = (e) => (e.name ? `${e.method} ${e.name}` : e.method || `${e.verb} (no Mcp-Method)`);
// The instances that served requests of `key`; nginx writes a line as a request ends, a moment
// after the client has its answer, so a short wait first.
async function servedBy(key) {
  await sleep(50);
  return new Set(readLog().filter((e) => !e.bad && keyOf(e) === key).map((e) => e.upstream));
}

// ------------------------------------------------------------------ the SDK client's script
const client = new Client(
  { name: 'kbot-scaleout', version: '1.0.0' },
  { versionNegotiation: { mode: { pin: VERSION } } }
);
const transport = new StreamableHTTPClientTransport(new URL(url), {
  requestInit: { headers: { Authorization: `Bearer ${token}` } },
});
await client.connect(transport);
check(
  client.getNegotiatedProtocolVersion?.() === VERSION,
  `negotiated ${client.getNegotiatedProtocolVersion?.()}, not ${VERSION}`
);

function toolText(result, what) {
  if (result.isError) {
    fail(`${what}: isError: ${result.content?.map((c) => c.text).join(' ')}`);
    return '';
  }
  return result.content?.find((c) => c.type === 'text')?.text ?? '';
}

// Each step: a log key (Mcp-Method and Mcp-Name, as nginx logs them) and one call, which checks
// its answer and returns a line about it. The client keeps list and read results for their ttlMs
// (kbot's tools/list: an hour) and would answer the repeats itself: cacheMode 'refresh' asks the
// server every time.
const FETCH = { cacheMode: 'refresh' };
const steps = [
  {
    key: 'tools/list',
    run: async () => {
      const { tools } = await client.listTools(undefined, FETCH);
      const names = tools.map((t) => t.name);
      for (const n of ['gaf_list', 'gaf_export', 'vfs_list', 'map_describe']) {
        check(names.includes(n), `tools/list has no ${n}`);
      }
      return `${tools.length} tools`;
    },
  },
  {
    key: 'resources/list',
    run: async () => {
      const { resources } = await client.listResources(undefined, FETCH);
      check(
        resources.some((r) => r.uri === `kbot://${CONTEXT}/anims/cursors.gaf`),
        `resources/list has no kbot://${CONTEXT}/anims/cursors.gaf`
      );
      return `${resources.length} resources`;
    },
  },
  {
    key: 'tools/call gaf_list',
    run: async () => {
      const text = toolText(
        await client.callTool({ name: 'gaf_list', arguments: { context: CONTEXT, path: 'anims/cursors.gaf' } }),
        'gaf_list'
      );
      const sequences = text ? JSON.parse(text).sequences : [];
      check(sequences?.length > 0, 'gaf_list anims/cursors.gaf: no sequences');
      return `anims/cursors.gaf: ${sequences?.length} sequences`;
    },
  },
  {
    key: 'tools/call vfs_list',
    run: async () => {
      const text = toolText(
        await client.callTool({ name: 'vfs_list', arguments: { context: CONTEXT, pattern: '**/*.gaf' } }),
        'vfs_list'
      );
      const entries = text ? JSON.parse(text).entries : [];
      check(entries?.some((e) => e.path === 'anims/demo.gaf'), 'vfs_list **/*.gaf: no anims/demo.gaf');
      return `**/*.gaf: ${entries?.length} files`;
    },
  },
  {
    key: 'tools/call map_describe',
    run: async () => {
      const text = toolText(
        await client.callTool({
          name: 'map_describe',
          arguments: { context: CONTEXT, path: 'GTADATA/DEMO.CMP', x: 7, y: 7 },
        }),
        'map_describe'
      );
      const cell = text ? JSON.parse(text).cell : null;
      check(cell?.district === 'Demo Town', `map_describe GTADATA/DEMO.CMP 7,7: district ${cell?.district}`);
      return `GTADATA/DEMO.CMP cell 7,7: ${cell?.district}`;
    },
  },
  {
    key: 'tools/call gaf_export',
    run: async () => {
      let progress = 0;
      const result = await client.callTool(
        {
          name: 'gaf_export',
          arguments: { context: CONTEXT, path: 'anims/demo.gaf', sequence: 'spinner', format: 'apng' },
        },
        { onprogress: () => progress++ }
      );
      toolText(result, 'gaf_export');
      const image = result.content?.find((c) => c.type === 'image');
      check(image?.mimeType === 'image/apng' || image?.mimeType === 'image/png',
        `gaf_export spinner: no APNG image (${result.content?.map((c) => c.type).join(',')})`);
      check(progress > 0, 'gaf_export spinner: no progress notification reached the client');
      return `spinner APNG, ${Buffer.from(image?.data ?? '', 'base64').length} bytes, ${progress} progress events`;
    },
  },
  {
    key: `resources/read kbot://${CONTEXT}/anims/cursors.gaf`,
    run: async () => {
      const { contents } = await client.readResource({ uri: `kbot://${CONTEXT}/anims/cursors.gaf` }, FETCH);
      check(contents?.length === 1 && contents[0].blob?.length > 0,
        `resources/read kbot://${CONTEXT}/anims/cursors.gaf: ${contents?.length} contents, no blob`);
      return `cursors.gaf, ${Buffer.from(contents?.[0]?.blob ?? '', 'base64').length} bytes`;
    },
  },
];

async function runStep(step) {
  let calls = 0;
  let summary = '';
  const once = async () => {
    calls++;
    try {
      summary = await step.run();
    } catch (err) {
      fail(`${step.key}: ${err?.message ?? err}`);
    }
  };
  for (let i = 0; i < REPEAT; i++) await once();
  // Strict alternation is nginx's; should anything come in between, call again until both
  // instances have served this call, within a bound.
  for (let i = 0; i < MAX_EXTRA && (await servedBy(step.key)).size < 2; i++) await once();
  console.log(`ok ${step.key} x${calls}: ${summary}`);
}

for (const step of steps) await runStep(step);

// Several at once: the instances answer side by side.
const parallel = await Promise.allSettled(
  Array.from({ length: 8 }, () =>
    client.callTool({ name: 'gaf_list', arguments: { context: CONTEXT, path: 'anims/demo.gaf' } })
  )
);
const parallelFailed = parallel.filter((p) => p.status === 'rejected' || p.value.isError);
check(parallelFailed.length === 0, `${parallelFailed.length} of 8 parallel gaf_list calls failed`);
console.log(`ok 8 parallel gaf_list calls`);

// A 2 MiB request: over nginx's default client_max_body_size (1 MiB, refused with an HTML 413)
// and its in-memory body buffer (so nginx's worker writes a temporary file), within kbot's 4 MiB
// limit. The bulk is a _meta key kbot passes over, so the call is an ordinary gaf_list (a 2 MiB
// vfs_list pattern would do too, but kbot takes some 15 s to match one).
try {
  const big = await client.callTool({
    name: 'gaf_list',
    arguments: { context: CONTEXT, path: 'anims/cursors.gaf' },
    _meta: { 'org.example/padding': 'x'.repeat(2 << 20) },
  });
  check(JSON.parse(toolText(big, 'a 2 MiB gaf_list') || '{}').sequences?.length > 0, 'a 2 MiB gaf_list: no sequences');
  console.log('ok a 2 MiB tools/call through nginx');
} catch (err) {
  fail(`a 2 MiB tools/call: ${err?.message ?? err}`);
}

// ------------------------------------------------------------------ who served
await sleep(200);
const log = readLog();
const bad = log.filter((e) => e.bad);
check(bad.length === 0, `unreadable access log lines (log_format changed?):\n  ${bad.map((e) => e.line).join('\n  ')}`);
const entries = log.filter((e) => !e.bad);
const perUpstream = new Map(upstreams.map((u) => [u, 0]));
const perKey = new Map();
for (const e of entries) {
  if (!perUpstream.has(e.upstream)) {
    // "A, B": the first instance failed and nginx tried the next; "" or "-": nginx answered alone.
    fail(`a request not served by exactly one instance: ${e.line}`);
    continue;
  }
  if (e.status !== 200 && e.status !== 202) fail(`HTTP ${e.status}: ${e.line}`);
  perUpstream.set(e.upstream, perUpstream.get(e.upstream) + 1);
  const k = keyOf(e);
  if (!perKey.has(k)) perKey.set(k, new Map(upstreams.map((u) => [u, 0])));
  perKey.get(k).set(e.upstream, perKey.get(k).get(e.upstream) + 1);
}
const total = entries.length;
console.log(`\nnginx's access log: ${total} requests`);
const width = Math.max(...[...perKey.keys()].map((k) => k.length), 10);
console.log(`  ${'request'.padEnd(width)}  ${upstreams.map((u) => u.padStart(16)).join('  ')}`);
for (const [k, counts] of perKey) {
  console.log(`  ${k.padEnd(width)}  ${upstreams.map((u) => String(counts.get(u)).padStart(16)).join('  ')}`);
}
console.log(`  ${'all'.padEnd(width)}  ${upstreams.map((u) => String(perUpstream.get(u)).padStart(16)).join('  ')}`);
for (const step of steps) {
  const counts = perKey.get(step.key);
  check(counts && upstreams.every((u) => counts.get(u) > 0), `${step.key} was not served by both instances`);
}
for (const u of upstreams) {
  check(perUpstream.get(u) * 3 >= total, `instance ${u} served ${perUpstream.get(u)} of ${total} requests, under a third`);
}

// ------------------------------------------------------------------ without the SDK
const target = new URL(url);
const baseHeaders = {
  Authorization: `Bearer ${token}`,
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
};
const envelope = {
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'kbot-scaleout', version: '1.0.0' },
};
const modernHeaders = (method) => ({ ...baseHeaders, 'MCP-Protocol-Version': VERSION, 'Mcp-Method': method });
const discover = { jsonrpc: '2.0', id: 'd', method: 'server/discover', params: { _meta: envelope } };

// One POST through nginx with node:http (fetch will not send a Host of our choosing). `onData`
// may end the request early by returning true; otherwise the whole body is read.
function post(body, headers, onData) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
          if (onData?.(text)) {
            resolve({ status: res.statusCode, headers: res.headers, text, open: true });
            req.destroy();
          }
        });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text, open: false }));
        res.on('error', reject);
      }
    );
    req.on('error', (err) => (err.code === 'ECONNRESET' ? undefined : reject(err)));
    req.setTimeout(5000, () => req.destroy(new Error('no answer within 5 s')));
    req.end(JSON.stringify(body));
  });
}
const lastLogEntry = async () => (await sleep(100), readLog().at(-1));

// A subscriptions/listen stream: its first event (the acknowledgement) must come through while
// the stream stays open, unchanged by nginx. (This does not tell proxy_buffering off from on:
// nginx 1.22 buffering for a fast client on loopback passed the acknowledgement on at once too;
// the example turns it off for what nginx documents.)
async function checkListenStreams() {
  const body = {
    jsonrpc: '2.0', id: 'listen-1', method: 'subscriptions/listen',
    params: { _meta: envelope, notifications: { toolsListChanged: true } },
  };
  const t0 = performance.now();
  try {
    const res = await post(body, modernHeaders('subscriptions/listen'), (text) =>
      text.includes('notifications/subscriptions/acknowledged'));
    check(res.status === 200, `subscriptions/listen: HTTP ${res.status}`);
    check(!res.headers['mcp-session-id'], 'subscriptions/listen: a 2026-07-28 reply carried an Mcp-Session-Id');
    if (check(res.open, `subscriptions/listen: the stream ended without its acknowledgement: ${res.text.slice(0, 200)}`)) {
      console.log(`ok subscriptions/listen: the acknowledgement came through nginx in ${Math.round(performance.now() - t0)} ms, the stream still open`);
    }
  } catch (err) {
    fail(`subscriptions/listen: ${err?.message ?? err}`);
  }
}

// The security checks still hold behind nginx: a Host that is not the server's names is refused
// by nginx before any instance (DNS rebinding); a foreign Origin and a missing token pass through
// nginx and are refused by the instance that gets them.
async function checkRefusals() {
  const rebound = await post(discover, { ...modernHeaders('server/discover'), Host: `rebinding.example:${target.port}` });
  const entry = await lastLogEntry();
  check(rebound.status === 403 && entry?.upstream === '-',
    `Host rebinding.example: HTTP ${rebound.status}, upstream ${entry?.upstream} (expected 403 from nginx itself)`);
  const origin = await post(discover, { ...modernHeaders('server/discover'), Origin: 'https://elsewhere.example' });
  const originEntry = await lastLogEntry();
  check(origin.status === 403 && origin.text.includes('Origin') && upstreams.includes(originEntry?.upstream),
    `Origin https://elsewhere.example: HTTP ${origin.status}, upstream ${originEntry?.upstream}: ${origin.text.slice(0, 160)}`);
  const { Authorization, ...noToken } = modernHeaders('server/discover');
  const anonymous = await post(discover, noToken);
  check(anonymous.status === 401 && /Bearer/.test(anonymous.headers['www-authenticate'] ?? ''),
    `no Authorization: HTTP ${anonymous.status} (expected 401 with WWW-Authenticate: Bearer)`);
  console.log(`ok refusals: Host rebinding.example ${rebound.status} by nginx, ` +
    `Origin https://elsewhere.example ${origin.status} and no token ${anonymous.status} by an instance`);
}

// A 2025-11-25 client: initialize on one instance, then requests with its Mcp-Session-Id. Round
// robin sends every other one to the instance that never saw the session, which answers 404.
async function checkLegacySessionsNeedStickiness() {
  const init = await post({
    jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'legacy', version: '1' } },
  }, baseHeaders);
  const session = init.headers['mcp-session-id'];
  if (!check(init.status === 200 && session, `2025-11-25 initialize: HTTP ${init.status}, session ${session}`)) return;
  const statuses = [];
  for (let id = 2; id <= 5; id++) {
    const r = await post({ jsonrpc: '2.0', id, method: 'tools/list' },
      { ...baseHeaders, 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-11-25' });
    statuses.push(r.status);
  }
  check(statuses.includes(200) && statuses.includes(404),
    `2025-11-25 session through round robin: statuses ${statuses.join(',')}, expected both 200 and 404`);
  console.log(`ok a 2025-11-25 session through round robin: tools/list answered ${statuses.join(', ')} ` +
    '(404: the other instance does not know the session; such clients need sticky routing)');
}

await checkListenStreams();
await checkRefusals();
await checkLegacySessionsNeedStickiness();

if (failures > 0) {
  console.error(`\nscaleout: ${failures} failure(s)`);
  process.exit(1);
}
console.log(`\nscaleout: ${total} requests through nginx, ${upstreams.map((u) => `${perUpstream.get(u)} served by ${u}`).join(', ')}`);
