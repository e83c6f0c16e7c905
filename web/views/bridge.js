// bridge.js — the view side of MCP Apps (extension io.modelcontextprotocol/ui):
// the explorer's pages running inside an MCP host's sandboxed frame. There is
// no kbot server to fetch from: the view talks JSON-RPC with its host over
// postMessage (ui/initialize, then the host's tool-input and tool-result
// notifications), and every tool call and resource read goes through the
// host, which relays it to kbot. useTransport() points the pages' api() and
// showImage() at those relayed calls, and pictures become data: URLs, the
// one kind of image a host's default CSP lets a view show.
import { useTransport, imageUrl, el, showError } from '../static/api.js';

const PROTOCOL_VERSION = '2026-01-26';

// ---- JSON-RPC over postMessage ----------------------------------------------------------------

let nextId = 1;
const pending = new Map(); // request id -> {resolve, reject}
const notifications = {};  // method -> handler(params)

function post(message) {
  window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
}

export function request(method, params) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    post({ id, method, params });
  });
}

function notify(method, params) {
  post({ method, params: params || {} });
}

// The host's requests: ping and the teardown are answered, anything else is unknown.
function answerRequest(msg) {
  if (msg.method === 'ping' || msg.method === 'ui/resource-teardown') {
    post({ id: msg.id, result: {} });
  } else {
    post({ id: msg.id, error: { code: -32601, message: `method not found: ${msg.method}` } });
  }
}

window.addEventListener('message', (event) => {
  if (event.source !== window.parent) return; // only the host speaks to the view
  const msg = event.data;
  if (!msg || msg.jsonrpc !== '2.0') return;
  if (msg.method === undefined) {
    const waiter = pending.get(msg.id);
    if (!waiter) return;
    pending.delete(msg.id);
    if (msg.error) waiter.reject(new Error(msg.error.message || `host error ${msg.error.code}`));
    else waiter.resolve(msg.result);
  } else if (msg.id !== undefined) {
    answerRequest(msg);
  } else if (notifications[msg.method]) {
    notifications[msg.method](msg.params || {});
  }
});

// ---- tool calls through the host -------------------------------------------------------------

// The integer arguments the pages write as text (from their routes); tools/call wants numbers.
const INTEGER_ARGS = new Set(['x', 'y', 'w', 'h', 'scale', 'frame', 'offset', 'limit']);

// The arguments as the explorer's query() sends them: no empty values, numbers as numbers.
function toolArguments(args) {
  const out = {};
  for (const [k, v] of Object.entries(args || {})) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = INTEGER_ARGS.has(k) && /^-?\d+$/.test(String(v)) ? Number(v) : v;
  }
  return out;
}

export function resultText(result) {
  return (result.content || []).filter((b) => b.type === 'text').map((b) => b.text).join('\n');
}

// The whole tools/call result; a result with isError throws its text, as /api/ does.
export async function callTool(name, args) {
  const result = await request('tools/call', { name, arguments: toolArguments(args) });
  if (result.isError) throw new Error(resultText(result) || `${name} failed`);
  return result;
}

// The tool call that draws what imageUrl(kind, ...) names in the explorer.
function pictureCall(kind, ctx, path, params) {
  const args = { context: ctx, path, ...(params instanceof URLSearchParams ? Object.fromEntries(params) : params) };
  if (['png', 'apng', 'gif', 'sheet'].includes(kind)) return ['gaf_export', { ...args, format: kind }];
  if (kind === 'render' && args.export === 'map') {
    delete args.export;
    return ['map_render', args];
  }
  throw new Error(`this view cannot draw ${kind} pictures`);
}

// A picture tool's picture as a data: URL: the image block, or, when it was too large to
// travel inline, the resource its resource_link names, read through the host.
export async function pictureOf(result) {
  const delivery = result.structuredContent && result.structuredContent.delivery;
  const content = result.content || [];
  if (delivery !== 'resource_link') {
    const block = content.find((b) => b.type === 'image');
    if (block) return `data:${block.mimeType};base64,${block.data}`;
  }
  const link = content.find((b) => b.type === 'resource_link');
  if (!link) throw new Error('the tool answered without a picture');
  const read = await request('resources/read', { uri: link.uri });
  const item = read.contents && read.contents[0];
  if (!item || !item.blob) throw new Error(`${link.uri}: no picture in the resource`);
  return `data:${item.mimeType};base64,${item.blob}`;
}

const pictures = new Map();      // the explorer URL of a picture -> Promise of its data: URL
const wanted = new WeakMap();    // <img> -> the picture it should show (the latest asked)
const problems = new WeakMap();  // <img> -> why its picture failed

function picture(kind, ctx, path, params) {
  const key = imageUrl(kind, ctx, path, params);
  if (!pictures.has(key)) {
    const [tool, args] = pictureCall(kind, ctx, path, params);
    const promise = callTool(tool, args).then(pictureOf);
    promise.catch(() => pictures.delete(key)); // a failure is asked again next time
    pictures.set(key, promise);
  }
  return { key, promise: pictures.get(key) };
}

// Sets the picture once it has come, unless another one was asked for meanwhile; a failure
// makes the <img> fail (an empty data: URL), as a broken URL does in the explorer.
function showImage(img, kind, ctx, path, params) {
  let asked;
  try {
    asked = picture(kind, ctx, path, params);
  } catch (err) {
    asked = { key: `${kind}?${Math.random()}`, promise: Promise.reject(err) };
  }
  wanted.set(img, asked.key);
  asked.promise.then((url) => {
    if (wanted.get(img) === asked.key) img.src = url;
  }, (err) => {
    if (wanted.get(img) !== asked.key) return;
    problems.set(img, err.message);
    img.src = 'data:,';
  });
}

// ---- the page inside the frame ---------------------------------------------------------------

let currentView = null; // what the page returned: {update(params)} for a route change in place

function routeParams(hash) {
  const q = hash.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : hash.slice(q + 1));
}

// A view shows one file: a route of the page is that file with other params.
function navigate(hash) {
  if (currentView && currentView.update) {
    currentView.update(routeParams(hash)).catch((e) => showError(document.getElementById('main'), e));
  }
}

useTransport({
  call: async (tool, args) => (await callTool(tool, args)).structuredContent,
  showImage,
  imageProblem: async (img) => problems.get(img) || 'the picture could not be decoded',
  navigate,
  replaceRoute: () => {}, // the frame has no address bar to keep the route in
  downloads: false,
});

// The pages' links are routes ("#/ctx/path?..."); in a frame they must not leave the page.
document.addEventListener('click', (event) => {
  const link = event.target.closest && event.target.closest('a[href^="#/"]');
  if (!link) return;
  event.preventDefault();
  navigate(link.getAttribute('href'));
});

// Tells the host the content's size whenever it changes, so that it can size the frame.
function reportSize() {
  let last = '';
  const send = () => {
    const width = Math.ceil(document.documentElement.scrollWidth);
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (`${width}x${height}` === last) return;
    last = `${width}x${height}`;
    notify('ui/notifications/size-changed', { width, height });
  };
  const observer = new ResizeObserver(() => requestAnimationFrame(send));
  observer.observe(document.documentElement);
  observer.observe(document.body);
  send();
}

// Connects to the host, waits for the tool's input and result, then lets `show(main, args,
// result)` draw the page (it returns the page's view, or nothing).
export async function runView({ name, show }) {
  const main = document.getElementById('main');
  const status = document.getElementById('view-status');
  let args = null;
  let shown = false;
  const tryShow = async (result) => {
    if (shown || args === null || result === null) return;
    shown = true;
    main.replaceChildren();
    if (result.isError) {
      showError(main, new Error(resultText(result) || 'the tool call failed'));
      return;
    }
    try {
      currentView = (await show(main, args, result)) || null;
    } catch (e) {
      showError(main, e);
    }
  };
  let toolResult = null;
  notifications['ui/notifications/tool-input'] = (p) => { args = p.arguments || {}; tryShow(toolResult); };
  notifications['ui/notifications/tool-result'] = (p) => { toolResult = p; tryShow(toolResult); };
  notifications['ui/notifications/tool-cancelled'] = (p) => {
    if (!shown) status.textContent = `The tool call was cancelled${p.reason ? ': ' + p.reason : ''}.`;
  };
  try {
    await request('ui/initialize', {
      appInfo: { name, version: '1.0.0' },
      appCapabilities: {},
      protocolVersion: PROTOCOL_VERSION,
    });
  } catch (e) {
    status.replaceChildren();
    showError(main, e);
    return;
  }
  notify('ui/notifications/initialized');
  status.textContent = 'Waiting for the tool\u2019s result…';
  reportSize();
}

// The context a call without one ran in: the only one, or the first listed.
export async function defaultContext(args, result) {
  const s = (result && result.structuredContent) || {};
  if (args.context) return args.context;
  if (s.context) return s.context;
  const list = await callTool('context_list', {});
  const first = list.structuredContent.contexts[0];
  if (!first) throw new Error('kbot has no context');
  return first.name;
}

// The pictures of a result as they came, for a file no page of this view shows.
export async function showPictures(main, result) {
  main.append(el('p', { text: resultText(result) }));
  try {
    main.append(el('img', { class: 'pixelated', alt: resultText(result), src: await pictureOf(result) }));
  } catch (e) {
    showError(main, e);
  }
}
