// app.js — the explorer's entry point: parses the hash route, draws the
// header breadcrumbs, shows the contexts list, and dispatches files to the
// page that views them (browse.js, gaf.js, palette.js, gta.js).
//
// Routes:  #/                      contexts
//          #/CTX/  #/CTX/DIR/      folder browser (?q= filter)
//          #/CTX/PATH?...          a file's viewer (its own params)
import { el, showError, href, contexts, extension } from './api.js';
import { showBrowser, showFileFacts } from './browse.js';
import { showGaf } from './gaf.js';
import { showPalette } from './palette.js';

const main = document.getElementById('main');
const crumbs = document.getElementById('crumbs');

// The page on screen; a viewer may return {update(params)} to take a route
// change of its own file in place (dropdowns) without refetching everything.
let current = { key: null, view: null };

// Parses location.hash into {ctx, path, params}; path '' is the root folder.
export function parseRoute(hash) {
  const raw = hash.replace(/^#\/?/, '');
  const qi = raw.indexOf('?');
  const pathPart = qi < 0 ? raw : raw.slice(0, qi);
  const params = new URLSearchParams(qi < 0 ? '' : raw.slice(qi + 1));
  const segs = pathPart.split('/').map((s) => {
    try { return decodeURIComponent(s); } catch { return s; }
  });
  const ctx = segs.shift() || '';
  return { ctx, path: segs.join('/'), params };
}

const GTA_VIEWS = { cmp: 'showMap', fxt: 'showFxt', fon: 'showFont' };

// Picks the page for a route; returns what the page returned (maybe a view).
async function dispatch(container, { ctx, path, params }) {
  if (!ctx) return showContexts(container);
  if (path === '' || path.endsWith('/')) return showBrowser(container, ctx, path, params);
  const ext = extension(path);
  if (ext === 'gaf' || ext === 'taf') return showGaf(container, ctx, path, params);
  if (ext === 'pal' || ext === 'pcx') return showPalette(container, ctx, path, params);
  if (GTA_VIEWS[ext]) {
    // Loaded on demand so a problem in the GTA pages never breaks the rest.
    const gta = await import('./gta.js');
    return gta[GTA_VIEWS[ext]](container, ctx, path, params);
  }
  return showFileFacts(container, ctx, path, params);
}

function renderCrumbs({ ctx, path }) {
  crumbs.replaceChildren();
  const items = [el('a', { href: '#/', text: 'Contexts' })];
  if (ctx) {
    items.push(el('a', { href: href(ctx, ''), text: ctx }));
    const segs = path.split('/').filter(Boolean);
    let acc = '';
    segs.forEach((seg, i) => {
      const last = i === segs.length - 1 && !path.endsWith('/');
      acc += seg + (last ? '' : '/');
      items.push(el('a', { href: href(ctx, acc), text: seg }));
    });
  }
  // The last crumb is the page itself.
  items[items.length - 1].setAttribute('aria-current', 'page');
  const list = el('ol', null, items.map((a) => el('li', null, a)));
  crumbs.append(list);
}

async function route() {
  const r = parseRoute(location.hash);
  const key = `${r.ctx}\n${r.path}`;
  if (current.key === key && current.view && current.view.update) {
    try { await current.view.update(r.params); } catch (e) { showError(main, e); }
    return;
  }
  renderCrumbs(r);
  document.title = r.ctx ? `${r.path || r.ctx + '/'} — kbot explorer` : 'kbot explorer';
  // A fresh container per route: a slow page that finishes after the user
  // moved on writes into a detached node instead of the new page.
  const container = el('div', { class: 'view' });
  main.replaceChildren(container);
  current = { key, view: null };
  try {
    const view = await dispatch(container, r);
    if (current.key === key) current.view = view || null;
  } catch (e) {
    showError(container, e);
  }
}

// Page 1: every context with its game, default transparency and sources.
async function showContexts(container) {
  container.append(el('h1', { text: 'Contexts' }));
  const { contexts: list } = await contexts();
  if (!list.length) {
    container.append(el('p', { text: 'No contexts are configured.' }));
    return;
  }
  const rows = list.map((c) => el('tr', null,
    el('th', { scope: 'row' }, el('a', { href: href(c.name, ''), text: c.name })),
    el('td', { text: c.title || c.game }),
    el('td', { text: c.transparency }),
    el('td', null, sourceList(c)),
    el('td', { class: 'num', text: c.files }),
    el('td', { text: c.builtin ? 'built-in' : (c.path || '') })));
  container.append(el('div', { class: 'table-scroll' },
    el('table', { id: 'context-table' },
      el('thead', null, el('tr', null,
        ['Context', 'Game', 'Default transparency', 'Sources', 'Files', 'Location']
          .map((h) => el('th', { scope: 'col', text: h })))),
      el('tbody', null, rows))));
}

function sourceList(c) {
  return el('ul', { class: 'plain' }, (c.sources || []).map((s) => {
    const bits = [s.kind];
    if (s.files !== undefined) bits.push(`${s.files} files`);
    if (s.version !== undefined) bits.push(`version ${s.version}`);
    return el('li', null, el('span', { class: 'source', text: s.name }), ` (${bits.join(', ')})`);
  }));
}

// The skip link must not touch the hash: the hash is the route.
document.querySelector('.skip-link')?.addEventListener('click', (ev) => {
  ev.preventDefault();
  main.focus();
});

window.addEventListener('hashchange', route);
route();
