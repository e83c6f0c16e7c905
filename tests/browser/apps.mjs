// kbot's MCP Apps views hosted as an Apps host hosts them, driven in headless Chromium against
// a real `kbot mcp --http`:
//
//   node apps.mjs MCP_URL ARTIFACT_DIR      (apps.sh starts the server and calls this)
//
// The host is the Apps SDK's own: AppBridge of @modelcontextprotocol/ext-apps (pinned in
// package.json), over an MCP client of @modelcontextprotocol/client connected to kbot. As the
// SDK's example host does, it finds a tool's view with getToolUiResourceUri, reads the ui://
// resource, puts its HTML in a sandboxed frame under the Apps default CSP (allow-scripts only:
// an opaque origin, no network), answers ui/initialize, sends the tool's input and result, and
// relays the view's tools/call and resources/read to kbot. The frame's messages reach the
// bridge through the page (the bridge runs here in Node, the frame in Chromium), which is the
// one liberty taken with the SDK's PostMessageTransport.
//
// Checks print "ok - NAME" or "not ok - NAME: why"; a console error, a page error or any
// network request from the view fails its check. Exit status 1 when any check failed.
import { chromium } from 'playwright-core';
import { AppBridge, getToolUiResourceUri, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const [mcpUrl, artifactDir] = process.argv.slice(2);
if (!mcpUrl || !artifactDir) {
  console.error('usage: node apps.mjs MCP_URL ARTIFACT_DIR');
  process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const WAIT_MS = 15000;
const HOST_URL = 'https://host.invalid/'; // the host page, served by the test itself
// The Apps specification's default CSP for a view that declares no domains.
const DEFAULT_CSP = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
  + "img-src 'self' data:; media-src 'self' data:; object-src 'none'; connect-src 'none'; frame-src 'none'; base-uri 'self'";
const VERFLAG = 'units/verflag.gaf';
const OTHER_PALETTE = 'palettes/palette.pal';
const MAP = 'GTADATA/DEMO.CMP';

class CheckError extends Error {}
function assert(condition, message) {
  if (!condition) throw new CheckError(message);
}
async function step(what, promise) {
  try {
    return await promise;
  } catch (err) {
    if (err instanceof CheckError) throw err;
    throw new CheckError(`${what}: ${err.message.split('\n')[0]}`);
  }
}

// ---- the host ---------------------------------------------------------------------------------

const HOST_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>test host</title></head>
<body style="margin:0"><iframe id="view" sandbox="allow-scripts" title="MCP App"
  style="border:1px solid #888;width:1100px;height:700px"></iframe>
<script>
  // Only the frame's own messages go to the bridge, as PostMessageTransport filters them.
  const frame = document.getElementById('view');
  window.addEventListener('message', (e) => { if (e.source === frame.contentWindow) window.toBridge(e.data); });
  window.toView = (m) => frame.contentWindow.postMessage(m, '*');
</script></body></html>`;

// The SDK's Transport interface over the page: what the bridge sends is posted to the frame,
// what the frame posts comes back through an exposed function.
class FrameTransport {
  constructor(page, seen) {
    this.page = page;
    this.seen = seen;
  }
  async start() {}
  async send(message) {
    await this.page.evaluate((m) => window.toView(m), message);
  }
  receive(message) {
    this.seen.push(message);
    this.onmessage?.(message);
  }
  async close() {
    this.onclose?.();
  }
}

async function connectKbot() {
  const client = new Client({ name: 'kbot-apps-test-host', version: '1.0.0' }, {
    capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [RESOURCE_MIME_TYPE] } } },
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  return client;
}

// Hosts the view of `toolName` for a call with `args`: returns the frame, the view's messages
// as the bridge saw them, and the tool's result.
async function hostView(page, client, toolName, args) {
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === toolName);
  assert(tool, `tools/list has no ${toolName}`);
  const uri = getToolUiResourceUri(tool);
  assert(uri && uri.startsWith('ui://'), `${toolName} names no ui:// view in its _meta`);
  const read = await client.readResource({ uri });
  assert(read.contents.length === 1, `${uri}: ${read.contents.length} contents, not 1`);
  const view = read.contents[0];
  assert(view.mimeType === RESOURCE_MIME_TYPE, `${uri}: mimeType ${view.mimeType}`);
  const html = view.text.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${DEFAULT_CSP}">`);

  const seen = [];
  const transport = new FrameTransport(page, seen);
  await page.exposeFunction('toBridge', (m) => transport.receive(m));
  await page.goto(HOST_URL);
  const bridge = new AppBridge(client, { name: 'kbot-apps-test-host', version: '1.0.0' },
    { openLinks: {}, serverTools: {}, serverResources: {}, logging: {} },
    { hostContext: { theme: 'light', displayMode: 'inline', platform: 'web' } });
  bridge.onsizechange = ({ height }) => {
    if (height) page.evaluate((h) => { document.getElementById('view').style.height = `${Math.min(h, 2000)}px`; }, height);
  };
  const initialized = new Promise((resolve) => { bridge.oninitialized = resolve; });
  await bridge.connect(transport);
  await page.evaluate((h) => { document.getElementById('view').srcdoc = h; }, html);
  await step('waiting for ui/notifications/initialized from the view',
    Promise.race([initialized, new Promise((_, no) => setTimeout(() => no(new Error('timed out')), WAIT_MS))]));
  await bridge.sendToolInput({ arguments: args });
  const result = await client.callTool({ name: toolName, arguments: args });
  await bridge.sendToolResult(result);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  assert(frame, 'the view has no frame');
  return { frame, seen, result, bridge };
}

// The tools/call requests the view sent, as {name, arguments}.
const toolCalls = (seen) => seen.filter((m) => m.method === 'tools/call').map((m) => m.params);

async function waitFor(what, predicate) {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const value = await predicate();
    if (value) return value;
    if (Date.now() > until) throw new CheckError(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The pixels of an <img> of the frame as drawn now (a data: URL never taints the canvas), or
// null while the view is swapping its picture: decode() rejects with an EncodingError when the
// src changes under it, which is the view working, not failing.
function pixels(frame, selector) {
  return frame.evaluate(async (sel) => {
    const img = document.querySelector(sel);
    try {
      await img.decode();
    } catch (e) {
      if (e.name === 'EncodingError') return null;
      throw e;
    }
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    canvas.getContext('2d').drawImage(img, 0, 0);
    return Array.from(canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data).join(',');
  }, selector);
}

async function imageShown(frame, selector) {
  await step(`waiting for ${selector} to show a picture`, frame.waitForFunction((sel) => {
    const img = document.querySelector(sel);
    return img && img.src.startsWith('data:image/') && img.complete && img.naturalWidth > 0;
  }, selector, { timeout: WAIT_MS }));
}

const seconds = (num, den) => Math.round((num / den) * 1e6) / 1e6;

// The delay of each frame of an APNG, in seconds (its fcTL chunks: delay_num / delay_den,
// a den of 0 meaning 100).
function apngDelays(png) {
  const delays = [];
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'fcTL') {
      const num = png.readUInt16BE(at + 8 + 20), den = png.readUInt16BE(at + 8 + 22) || 100;
      delays.push(seconds(num, den));
    }
    at += 12 + length;
  }
  return delays;
}

// ---- the checks -------------------------------------------------------------------------------

const checks = [
  ['a) the GAF viewer of gaf_export plays the sequence at its real speed, frame table as gaf_info', async (page, client) => {
    const { frame, seen } = await hostView(page, client, 'gaf_export', { context: 'demo', path: VERFLAG, format: 'apng' });
    await step('waiting for #frame-table rows', frame.waitForSelector('#frame-table tbody tr', { timeout: WAIT_MS }));
    await imageShown(frame, '#gaf-player');
    const apng = toolCalls(seen).find((c) => c.name === 'gaf_export' && c.arguments.format === 'apng');
    assert(apng, `the view asked for no apng; its calls: ${JSON.stringify(toolCalls(seen))}`);
    // Playing: the player's picture changes by itself (a still one never would). A canvas
    // draws an animation's first frame only, so the frames are read off the screen.
    const shots = new Set();
    const until = Date.now() + 3000;
    while (Date.now() < until && shots.size < 3) {
      shots.add((await frame.locator('#gaf-player').screenshot({ animations: 'allow' })).toString('base64'));
      await new Promise((r) => setTimeout(r, 40));
    }
    assert(shots.size >= 3, `#gaf-player showed ${shots.size} picture(s) in 3 s: it does not play`);
    const info = await client.callTool({ name: 'gaf_info', arguments: { context: 'demo', path: VERFLAG, sequence: 0 } });
    const gafFrames = info.structuredContent.sequences[0].frames;
    const rows = await frame.locator('#frame-table tbody tr').count();
    assert(rows === gafFrames.length, `#frame-table has ${rows} rows, gaf_info ${gafFrames.length} frames`);
    // At its real speed: each frame of the APNG on screen lasts what the GAF says (ticks of 1/30 s).
    const src = await frame.locator('#gaf-player').getAttribute('src');
    const delays = apngDelays(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64'));
    const durations = gafFrames.map((f) => seconds(f.duration_ticks, 30));
    assert(JSON.stringify(delays) === JSON.stringify(durations),
      `the player's frame delays ${JSON.stringify(delays)} s are not the GAF's ${JSON.stringify(durations)}`);
    await page.screenshot({ path: path.join(artifactDir, 'apps-a-gaf.png') });
  }],

  ['b) the GAF viewer of gaf_list switches palette through a gaf_export call', async (page, client) => {
    const { frame, seen } = await hostView(page, client, 'gaf_list', { context: 'demo', path: VERFLAG });
    await imageShown(frame, '#frame-image');
    const before = await waitFor('#frame-image to decode', () => pixels(frame, '#frame-image'));
    const values = await frame.locator('#palette-select option').evaluateAll((os) => os.map((o) => o.value));
    assert(values.includes(OTHER_PALETTE), `#palette-select does not offer ${OTHER_PALETTE}: ${JSON.stringify(values)}`);
    await frame.selectOption('#palette-select', OTHER_PALETTE);
    await waitFor(`a gaf_export png call with palette ${OTHER_PALETTE}`, () => toolCalls(seen).find((c) =>
      c.name === 'gaf_export' && c.arguments.format === 'png' && c.arguments.palette === OTHER_PALETTE));
    const after = await waitFor('#frame-image to change', async () => {
      const now = await pixels(frame, '#frame-image');
      return now !== null && now !== before && now;
    });
    assert(after !== before, '#frame-image kept its pixels');
    await page.screenshot({ path: path.join(artifactDir, 'apps-b-palette.png') });
  }],

  ['c) the map viewer of map_render shows a clicked cell from map_describe', async (page, client) => {
    const { frame, seen } = await hostView(page, client, 'map_render', { context: 'demo', path: MAP });
    await imageShown(frame, '#map-image');
    const ppc = await frame.locator('#map-image').evaluate((img) => img.naturalWidth / 256);
    assert(ppc === 8, `pixels per cell of #map-image: ${ppc}`);
    const box = await frame.locator('#map-image').boundingBox();
    const shown = box.width / (256 * ppc);
    await page.mouse.click(box.x + 7.5 * ppc * shown, box.y + 7.5 * ppc * shown);
    await step('waiting for #cell-coords "7, 7"', frame.waitForFunction(
      () => document.querySelector('#cell-coords')?.textContent === '7, 7', null, { timeout: WAIT_MS }));
    const facts = await client.callTool({ name: 'map_describe', arguments: { context: 'demo', path: MAP, x: 7, y: 7 } });
    const district = await frame.locator('#cell-district').textContent();
    assert(district === facts.structuredContent.cell.district, `#cell-district "${district}", map_describe "${facts.structuredContent.cell.district}"`);
    const described = toolCalls(seen).find((c) => c.name === 'map_describe' && c.arguments.x === 7 && c.arguments.y === 7);
    assert(described, `the view made no map_describe call for 7, 7: ${JSON.stringify(toolCalls(seen))}`);
    // The whole map is too large to travel inline: the view read it from its resource_link.
    assert(seen.some((m) => m.method === 'resources/read' && m.params.uri.startsWith('kbot://')),
      'the view read no kbot:// picture');
    await page.screenshot({ path: path.join(artifactDir, 'apps-c-map.png') });
  }],
];

// ---- the run ----------------------------------------------------------------------------------

function watch(page) {
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('request', (req) => {
    const url = req.url();
    if (url !== HOST_URL && !url.startsWith('data:')) problems.push(`network request from the page: ${url}`);
  });
  return problems;
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.error(`not ok - chromium: ${CHROMIUM} does not exist`);
    process.exit(1);
  }
  mkdirSync(artifactDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  let failed = 0;
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    await context.route(HOST_URL, (route) => route.fulfill({ contentType: 'text/html', body: HOST_PAGE }));
    for (const [name, run] of checks) {
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT_MS);
      const problems = watch(page);
      const client = await connectKbot();
      const t0 = Date.now();
      try {
        await run(page, client);
        assert(problems.length === 0, problems.join('; '));
        console.log(`ok - ${name} (${Date.now() - t0} ms)`);
      } catch (err) {
        failed++;
        const why = err instanceof CheckError ? err.message : err.stack;
        console.log(`not ok - ${name}: ${why}${problems.length ? ' [also: ' + problems.join('; ') + ']' : ''}`);
        await page.screenshot({ path: path.join(artifactDir, `apps-failed-${name.slice(0, 1)}.png`) }).catch(() => {});
      }
      await client.close();
      await page.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`# ${checks.length - failed} of ${checks.length} checks passed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(`not ok - the run itself: ${err.stack || err}`);
  process.exit(1);
});
