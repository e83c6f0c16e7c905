// browse.js — the folder browser over a context's virtual file system
// (folder by folder, with a filter box that searches every path), and the
// facts page for files no viewer understands.
import { api, el, showError, href, query, formatSize, extension } from './api.js';

const PAGE = 1000; // vfs_list's largest page

// Every entry of a context, fetched page by page once and kept: the VFS only
// changes when the server restarts.
const entryCache = new Map();
export function allEntries(ctx) {
  if (!entryCache.has(ctx)) {
    const p = (async () => {
      const entries = [];
      let offset = 0;
      while (offset !== null && offset !== undefined) {
        const page = await api('vfs_list', { context: ctx, offset, limit: PAGE });
        entries.push(...page.entries);
        offset = page.next_offset;
      }
      return entries;
    })();
    p.catch(() => entryCache.delete(ctx)); // a failure may be retried later
    entryCache.set(ctx, p);
  }
  return entryCache.get(ctx);
}

// Filter text -> predicate over a full path. Text with * ? [ is a glob
// (** crosses folders, * does not) tried on the full path and on the file
// name, so "*.gaf" finds GAFs in any folder; other text is a substring.
export function matcher(text) {
  const q = text.trim().toLowerCase();
  if (!q) return () => true;
  if (!/[*?[]/.test(q)) return (p) => p.toLowerCase().includes(q);
  let re = '';
  for (let i = 0; i < q.length; i++) {
    const c = q[i];
    if (c === '*' && q[i + 1] === '*') { re += '.*'; i++; }
    else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = q.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else { re += '[' + q.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\') + ']'; i = end; }
    } else re += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  const rx = new RegExp(`^${re}$`);
  return (p) => {
    const lp = p.toLowerCase();
    return rx.test(lp) || rx.test(lp.slice(lp.lastIndexOf('/') + 1));
  };
}

// Splits the entries directly inside folder `dir` ("" or "a/b/") into
// sub-folders (with how many files each holds) and files.
function folderContents(entries, dir) {
  const folders = new Map();
  const files = [];
  for (const e of entries) {
    if (!e.path.startsWith(dir)) continue;
    const rest = e.path.slice(dir.length);
    const slash = rest.indexOf('/');
    if (slash < 0) files.push(e);
    else {
      const name = rest.slice(0, slash);
      folders.set(name, (folders.get(name) || 0) + 1);
    }
  }
  return { folders, files };
}

const byName = (a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' });
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

function sourceCell(e) {
  const cell = el('td', null, el('span', { class: 'source', text: e.source }));
  if (e.hides && e.hides.length) {
    cell.append(el('span', { class: 'hides', text: ` hides ${e.hides.join(', ')}` }));
  }
  return cell;
}

function fileRow(ctx, e, label) {
  return el('tr', null,
    el('th', { scope: 'row' }, el('a', { href: href(ctx, e.path), text: label })),
    el('td', { class: 'num', text: formatSize(e.size) }),
    sourceCell(e));
}

function folderRow(ctx, path, name, count) {
  return el('tr', { class: 'folder' },
    el('th', { scope: 'row' }, el('a', { href: href(ctx, path), text: name + '/' })),
    el('td', { class: 'num', text: plural(count, 'file') }),
    el('td', { text: '' }));
}

function listingTable(rows, caption) {
  return el('div', { class: 'table-scroll' },
    el('table', { id: 'file-table' },
      el('caption', { class: 'visually-hidden', text: caption }),
      el('thead', null, el('tr', null,
        ['Name', 'Size', 'Source'].map((h) => el('th', { scope: 'col', text: h })))),
      el('tbody', null, rows)));
}

// Page 2: one folder of a context, or the filter's matches across folders.
export async function showBrowser(container, ctx, dir, params) {
  container.append(el('h1', null, `${ctx}: `, el('code', { text: '/' + dir })));
  const status = el('p', { class: 'status', role: 'status', text: 'Loading files…' });
  const input = el('input', {
    type: 'search', id: 'filter', value: params.get('q') || '',
    placeholder: 'e.g. flag or *.gaf', 'aria-describedby': 'filter-help',
  });
  const form = el('form', { class: 'controls', role: 'search', onsubmit: (ev) => ev.preventDefault() },
    el('label', { for: 'filter', text: 'Filter all paths' }), input,
    el('span', { id: 'filter-help', class: 'hint', text: 'substring, or a glob with * ? ** (case-insensitive)' }));
  const listing = el('div');
  container.append(form, status, listing);

  const entries = await allEntries(ctx);
  const draw = () => {
    const q = input.value;
    listing.replaceChildren();
    if (q.trim()) {
      const test = matcher(q);
      const hits = entries.filter((e) => test(e.path));
      status.textContent = `${hits.length} of ${entries.length} files match`;
      if (hits.length) listing.append(listingTable(hits.map((e) => fileRow(ctx, e, e.path)), 'Matching files'));
      return;
    }
    const { folders, files } = folderContents(entries, dir);
    status.textContent = `${plural(folders.size, 'folder')}, ${plural(files.length, 'file')} here; ${entries.length} in the context`;
    const rows = [];
    if (dir) {
      const up = dir.slice(0, dir.slice(0, -1).lastIndexOf('/') + 1);
      rows.push(el('tr', { class: 'folder' },
        el('th', { scope: 'row' }, el('a', { href: href(ctx, up), text: '../' })),
        el('td', { text: '' }), el('td', { text: 'parent folder' })));
    }
    [...folders.keys()].sort(byName).forEach((n) => rows.push(folderRow(ctx, dir + n + '/', n, folders.get(n))));
    files.forEach((e) => rows.push(fileRow(ctx, e, e.path.slice(dir.length))));
    if (!folders.size && !files.length) showError(listing, new Error(`no folder "${dir}" in context ${ctx}`));
    else listing.append(listingTable(rows, `Folder /${dir}`));
  };
  input.addEventListener('input', () => {
    // replaceState: the filter lands in the URL (reload keeps it) without
    // a history entry per keystroke and without re-running the route.
    history.replaceState(null, '', href(ctx, dir, { q: input.value }));
    draw();
  });
  draw();
}

// Archives kbot can list; their facts page links to the listing.
const ARCHIVES = new Set(['hpi', 'ufo', 'ccx', 'gp3', 'gp4', 'swx', 'kmp']);

// Page for a file without a viewer: where it comes from, and raw kbot info.
export async function showFileFacts(container, ctx, path) {
  container.append(el('h1', null, el('code', { text: path })));
  const entries = await allEntries(ctx);
  const e = entries.find((x) => x.path === path);
  if (!e) {
    showError(container, new Error(`context ${ctx}: ${path}: no such file`));
    return;
  }
  const fact = (k, v) => [el('dt', { text: k }), el('dd', null, v)];
  container.append(el('dl', { class: 'facts' },
    fact('Size', `${formatSize(e.size)} (${e.size} bytes)`),
    fact('Source', el('span', { class: 'source', text: e.source })),
    fact('Hides', e.hides && e.hides.length ? e.hides.join(', ') : 'nothing'),
    fact('URI', el('code', { text: e.uri })),
    fact('Type', extension(path) ? `.${extension(path)} (no viewer in the explorer)` : 'no extension')));
  const links = [el('li', null, el('a', {
    href: `/api/vfs_list?${query({ context: ctx, pattern: path })}`, text: 'Raw kbot info (vfs_list JSON)',
  }))];
  if (ARCHIVES.has(extension(path))) {
    links.push(el('li', null, el('a', {
      href: `/api/hpi_list?${query({ context: ctx, path })}`, text: 'Archive contents (hpi_list JSON)',
    })));
  }
  container.append(el('h2', { text: 'Raw data' }), el('ul', null, links));
}
