// api.js — the shared plumbing of the explorer pages: calls to the JSON API,
// URLs of the rendered images, a tiny DOM builder, error boxes, and the
// hash-route links every page uses. gta.js imports from here too, so the
// four first exports (api, imageUrl, el, showError) keep a fixed interface.
//
// The pages are also the MCP Apps views (web/views/): there no server answers
// /api/ or the image routes, and tool calls go through the host instead. So
// everything that reaches the server or the address bar goes through
// `transport`, which the views replace (useTransport) before a page runs.

// Builds "a=1&b=2" from an object, skipping undefined/null/'' so that an
// omitted option means "server default" rather than an empty value.
export function query(args) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(args || {})) {
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  }
  return q.toString();
}

// The explorer's own way: the JSON API, image URLs, the hash route.
const transport = {
  // GET /api/TOOL?args -> parsed JSON; a non-2xx answer throws the server's
  // {"error"} text so pages can show exactly what went wrong.
  async call(tool, args) {
    const qs = query(args);
    const res = await fetch(`/api/${encodeURIComponent(tool)}${qs ? '?' + qs : ''}`);
    return readJson(res);
  },
  // Points `img` at a picture of an image route (imageUrl's kinds).
  showImage(img, kind, ctx, path, params) {
    img.src = imageUrl(kind, ctx, path, params);
  },
  // Why `img` failed to load, in words.
  imageProblem(img) {
    return explainImageError(img.src);
  },
  // Goes to the route `hash` ("#/ctx/path?..."), as a link would.
  navigate(hash) {
    location.hash = hash;
  },
  // Records the route in the address without going anywhere.
  replaceRoute(hash) {
    history.replaceState(history.state, '', hash);
  },
  downloads: true, // pictures may be saved from links
};

// Replaces the members of `transport` that `overrides` has.
export function useTransport(overrides) {
  Object.assign(transport, overrides);
}

export function api(tool, args) {
  return transport.call(tool, args);
}

export function showImage(img, kind, ctx, path, params) {
  transport.showImage(img, kind, ctx, path, params);
}

export function imageProblem(img) {
  return transport.imageProblem(img);
}

export function navigate(hash) {
  transport.navigate(hash);
}

export function replaceRoute(hash) {
  transport.replaceRoute(hash);
}

export function downloadsAllowed() {
  return transport.downloads;
}

// Reads a JSON response, turning an error status into a thrown Error.
export async function readJson(res) {
  let body = null;
  try { body = await res.json(); } catch { /* not JSON: fall through */ }
  if (!res.ok) {
    const msg = body && body.error ? body.error : `HTTP ${res.status} ${res.statusText}`;
    throw new Error(msg);
  }
  return body;
}

// Each segment is encoded on its own so the slashes stay path separators.
export function encodePath(path) {
  return String(path).split('/').map(encodeURIComponent).join('/');
}

// "/KIND/ctx/path?..." for kind in png|apng|gif|sheet|render (and palette).
export function imageUrl(kind, ctx, path, params) {
  const qs = query(params instanceof URLSearchParams ? Object.fromEntries(params) : params);
  return `/${kind}/${encodeURIComponent(ctx)}/${encodePath(path)}${qs ? '?' + qs : ''}`;
}

// el('a', {href: '#/', class: 'x', text: 'hi', onclick: fn}, child, 'text')
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = String(v);
    else if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (v === true) node.setAttribute(k, '');
    else node.setAttribute(k, String(v));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Renders an error box into container (appended, so the page around stays).
export function showError(container, err) {
  const msg = err && err.message ? err.message : String(err);
  const box = el('div', { class: 'error', role: 'alert' },
    el('strong', { text: 'Error: ' }), msg);
  container.append(box);
  return box;
}

// When an <img> fails, the server's JSON body says why; fetch it to show it.
export async function explainImageError(url) {
  try {
    const res = await fetch(url);
    if (res.ok) return 'the image could not be decoded';
    return (await readJson(res).catch((e) => e)).message;
  } catch (e) {
    return e.message;
  }
}

// Link to a page of the explorer: "#/ctx/path?params".
export function href(ctx, path, params) {
  if (!ctx) return '#/';
  const qs = query(params instanceof URLSearchParams ? Object.fromEntries(params) : params);
  return `#/${encodeURIComponent(ctx)}/${encodePath(path || '')}${qs ? '?' + qs : ''}`;
}

// The contexts change only when the server restarts, so fetch them once.
let contextsPromise = null;
export function contexts() {
  if (!contextsPromise) {
    contextsPromise = api('context_list').catch((e) => { contextsPromise = null; throw e; });
  }
  return contextsPromise;
}

export async function contextInfo(name) {
  const list = await contexts();
  const found = list.contexts.find((c) => c.name === name);
  if (!found) throw new Error(`no context "${name}"`);
  return found;
}

export function formatSize(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function extension(path) {
  const m = /\.([^./]+)$/.exec(path || '');
  return m ? m[1].toLowerCase() : '';
}
