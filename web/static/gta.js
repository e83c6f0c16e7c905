// The GTA1 views of the explorer: a city map (.CMP) with pan, zoom and a cell inspector,
// a text file (.FXT) as a searchable table, and a font (.FON) drawing a sample string.
// app.js calls showMap / showFxt / showFont with an emptied <main>, the context name, the VFS
// path and the hash route's URLSearchParams. All data from the server goes into the page as
// textContent (through el()), never as HTML.
import { api, imageUrl, el, showError, showImage, imageProblem, replaceRoute } from './api.js';

// The views' own stylesheet: loaded from here so the shell's index.html need not know it
// (an MCP Apps view has it inline, marked data-gta-css).
function ensureStylesheet() {
  if (document.querySelector('link[href$="gta.css"], [data-gta-css]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/static/gta.css';
  link.dataset.gtaCss = '';
  document.head.append(link);
}

// ---- small shared helpers ----------------------------------------------------------------

const MAP_CELLS = 256; // a GTA1 map is always 256 x 256 columns

function text(tag, value, attrs = {}) {
  return el(tag, { ...attrs, text: value == null ? '' : String(value) });
}

// Rewrites this view's own query (scale, selected cell, search...) into the address without
// a hashchange: the view keeps its state (pan, zoom, loaded data) and the address stays
// shareable, while navigation between files still goes through location.hash.
function replaceRouteParams(ctx, path, params) {
  const route = '#/' + [ctx, ...path.split('/')].map(encodeURIComponent).join('/');
  const query = params.toString();
  replaceRoute(route + (query ? '?' + query : ''));
}

function debounce(fn, ms) {
  let timer = 0;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

function labelled(labelText, control) {
  return el('label', { class: 'gta-field' }, text('span', labelText), control);
}

function select(id, values, current, labelOf = String) {
  const node = el('select', { id });
  for (const v of values) {
    const option = text('option', labelOf(v), { value: String(v) });
    if (String(v) === String(current)) option.selected = true;
    node.append(option);
  }
  return node;
}

function intParam(params, key, fallback, allowed) {
  const n = Number.parseInt(params.get(key) ?? '', 10);
  if (!Number.isFinite(n)) return fallback;
  return allowed && !allowed.includes(n) ? fallback : n;
}

function factsList(pairs) {
  const dl = el('dl', { class: 'gta-facts' });
  for (const [term, value] of pairs) dl.append(text('dt', term), text('dd', value));
  return dl;
}

// A table with a caption, header row and one row per record; wrapped so that a wide table
// scrolls on its own instead of widening the page (readable at 200% zoom).
function dataTable(captionText, headers, rows, attrs = {}) {
  const head = el('tr');
  for (const h of headers) head.append(text('th', h, { scope: 'col' }));
  const body = el('tbody');
  for (const row of rows) {
    const tr = el('tr');
    for (const cell of row) tr.append(cell instanceof Node ? el('td', {}, cell) : text('td', cell));
    body.append(tr);
  }
  const table = el('table', { class: 'gta-table', ...attrs },
    text('caption', captionText), el('thead', {}, head), body);
  return el('div', { class: 'gta-scroll' }, table);
}

function warningsList(warnings) {
  if (!warnings || warnings.length === 0) return null;
  const ul = el('ul', { class: 'gta-warnings' });
  for (const w of warnings) ul.append(text('li', typeof w === 'string' ? w : JSON.stringify(w)));
  return el('section', { class: 'gta-panel' }, text('h2', 'Warnings'), ul);
}

function appendAll(parent, ...nodes) {
  for (const n of nodes) if (n) parent.append(n);
}

// ---- the city map ---------------------------------------------------------------------------

const MAP_SCALES = [2, 4, 8, 16];
const ZOOM_MIN = 0.125;
const ZOOM_MAX = 16;
const ZOOM_STEP = 1.5;
const DRAG_THRESHOLD = 4; // pixels a press may move and still count as a click

export async function showMap(main, ctx, path, params) {
  ensureStylesheet();
  const state = {
    ctx, path, params: new URLSearchParams(params),
    ppc: intParam(params, 'scale', 8, MAP_SCALES), // image pixels per map cell
    zoom: 1, panX: 0, panY: 0,                     // CSS transform of the image
    cursor: null,                                  // keyboard cell cursor {x, y}
    selected: null,                                // the cell whose facts are shown
    request: 0,                                    // drops answers of superseded clicks
  };
  const ui = buildMapUi(state);
  main.append(ui.root);
  wireMapUi(state, ui);
  loadMapImage(state, ui);

  try {
    const facts = await api('map_describe', { context: ctx, path });
    ui.summary.replaceChildren(...mapSummary(facts, state, ui));
  } catch (err) {
    ui.summary.replaceChildren();
    showError(ui.summary, err);
  }
  const x = intParam(params, 'x', -1), y = intParam(params, 'y', -1);
  if (x >= 0 && y >= 0 && x < MAP_CELLS && y < MAP_CELLS) {
    centreOnCell(state, ui, x, y);
    selectCell(state, ui, x, y);
  }
}

function buildMapUi(state) {
  const ui = {};
  ui.scale = select('map-scale', MAP_SCALES, state.ppc, (s) => `${s} px per cell`);
  ui.zoomOut = text('button', '−', { type: 'button', 'aria-label': 'Zoom out', title: 'Zoom out (-)' });
  ui.zoomIn = text('button', '+', { type: 'button', 'aria-label': 'Zoom in', title: 'Zoom in (+)' });
  ui.zoomReset = text('button', 'Reset view', { type: 'button', title: 'Zoom 100%, top-left corner (0)' });
  ui.zoomLabel = text('output', '100%', { class: 'gta-zoom-label', 'aria-live': 'polite' });
  // Over the map rather than above it, so that hiding it never moves the map under the pointer.
  ui.status = text('p', 'Loading the map…', { class: 'gta-status gta-map-status', role: 'status' });

  ui.image = el('img', { id: 'map-image', alt: `Map ${state.path}`, draggable: 'false' });
  ui.selection = el('div', { class: 'gta-cell-box gta-selected', hidden: '' });
  ui.cursorBox = el('div', { class: 'gta-cell-box gta-cursor', hidden: '' });
  ui.stage = el('div', { class: 'gta-map-stage' }, ui.image, ui.selection, ui.cursorBox);
  ui.viewport = el('div', {
    id: 'map-viewport', class: 'gta-map-viewport', tabindex: '0', role: 'application',
    'aria-label': 'City map: drag or arrow keys to pan, wheel or + and - to zoom, click or Enter to inspect a cell',
    'aria-describedby': 'map-help',
  }, ui.stage, ui.status);

  ui.cellInfo = el('section', { id: 'cell-info', class: 'gta-panel', 'aria-live': 'polite' },
    text('h2', 'Cell'), text('p', 'Click a cell of the map, or focus the map and press Enter.'));
  ui.summary = el('section', { class: 'gta-map-summary' }, text('p', 'Loading the map facts…'));

  const toolbar = el('div', { class: 'gta-toolbar' },
    labelled('Scale', ui.scale), ui.zoomOut, ui.zoomLabel, ui.zoomIn, ui.zoomReset);
  const help = text('p', 'Drag to pan, wheel to zoom. With the map focused: arrow keys pan and move '
    + 'the dashed cell cursor (Shift: 8 cells), Enter inspects it, + / - zoom, 0 resets.',
  { id: 'map-help', class: 'gta-help' });
  ui.root = el('div', { class: 'gta-view gta-map' },
    el('h1', {}, text('code', state.path)), toolbar, help,
    el('div', { class: 'gta-map-layout' }, ui.viewport, ui.cellInfo), ui.summary);
  return ui;
}

function loadMapImage(state, ui) {
  ui.status.textContent = 'Loading the map…';
  ui.status.hidden = false;
  // The whole 256 x 256 grid (x=0 asks for it; the tool's default is the occupied area): the
  // page maps a click to a cell by pixels per cell from the top-left corner.
  showImage(ui.image, 'render', state.ctx, state.path, { export: 'map', x: '0', y: '0', scale: String(state.ppc) });
}

function wireMapUi(state, ui) {
  ui.image.addEventListener('load', () => {
    ui.status.hidden = true;
    applyTransform(state, ui);
  });
  ui.image.addEventListener('error', async () => {
    const src = ui.image.src;
    const why = await imageProblem(ui.image); // an <img> that failed says nothing itself
    if (ui.image.src !== src) return; // another scale was picked meanwhile
    ui.status.hidden = false;
    ui.status.textContent = `The map could not be drawn: ${why}`;
  });
  ui.scale.addEventListener('change', () => changeScale(state, ui, Number(ui.scale.value)));
  ui.zoomIn.addEventListener('click', () => zoomAtCentre(state, ui, ZOOM_STEP));
  ui.zoomOut.addEventListener('click', () => zoomAtCentre(state, ui, 1 / ZOOM_STEP));
  ui.zoomReset.addEventListener('click', () => resetView(state, ui));
  wirePointer(state, ui);
  ui.viewport.addEventListener('wheel', (e) => {
    e.preventDefault(); // the wheel zooms the map instead of scrolling the page
    // In proportion to the wheel's travel: a mouse notch (100 px) is about 1.2x, while the
    // many small steps of a touchpad zoom smoothly. Line-mode deltas count ~33 px a line.
    const pixels = e.deltaY * (e.deltaMode === WheelEvent.DOM_DELTA_LINE ? 33 : 1);
    const factor = Math.exp(-Math.max(-300, Math.min(300, pixels)) * 0.002);
    const r = ui.viewport.getBoundingClientRect();
    zoomAt(state, ui, factor, e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  ui.viewport.addEventListener('keydown', (e) => onMapKey(state, ui, e));
  // A pointer press focuses the viewport too; the cursor is for keyboard users only.
  ui.viewport.addEventListener('focus', () => {
    if (ui.viewport.matches(':focus-visible')) showCursor(state, ui);
  });
  ui.viewport.addEventListener('blur', () => { ui.cursorBox.hidden = true; });
}

// Drag pans; a press that barely moves is a click on a cell.
function wirePointer(state, ui) {
  let drag = null;
  ui.viewport.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, panX: state.panX, panY: state.panY, moved: false };
    ui.viewport.setPointerCapture(e.pointerId);
  });
  ui.viewport.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    drag.moved = true;
    ui.viewport.classList.add('gta-dragging');
    state.panX = drag.panX + dx;
    state.panY = drag.panY + dy;
    applyTransform(state, ui);
  });
  const end = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const wasClick = !drag.moved && e.type === 'pointerup';
    drag = null;
    ui.viewport.classList.remove('gta-dragging');
    if (wasClick) clickCell(state, ui, e.clientX, e.clientY);
  };
  ui.viewport.addEventListener('pointerup', end);
  ui.viewport.addEventListener('pointercancel', end);
}

// The image's bounding box already includes pan and zoom, so the cell is the pointer's offset
// into it, in image pixels, divided by the pixels per cell.
function cellAtPoint(state, ui, clientX, clientY) {
  const box = ui.image.getBoundingClientRect();
  if (!ui.image.naturalWidth || box.width === 0) return null;
  const px = (clientX - box.left) * (ui.image.naturalWidth / box.width);
  const py = (clientY - box.top) * (ui.image.naturalHeight / box.height);
  const x = Math.floor(px / state.ppc), y = Math.floor(py / state.ppc);
  if (x < 0 || y < 0 || x >= MAP_CELLS || y >= MAP_CELLS) return null;
  return { x, y };
}

function clickCell(state, ui, clientX, clientY) {
  const cell = cellAtPoint(state, ui, clientX, clientY);
  if (!cell) return;
  selectCell(state, ui, cell.x, cell.y);
}

function onMapKey(state, ui, e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return; // the browser's own shortcuts (Ctrl +: page zoom)
  const step = e.shiftKey ? 8 : 1;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  if (moves[e.key]) {
    moveCursor(state, ui, ...moves[e.key]);
  } else if (e.key === 'Enter' || e.key === ' ') {
    showCursor(state, ui);
    selectCell(state, ui, state.cursor.x, state.cursor.y);
  } else if (e.key === '+' || e.key === '=') {
    zoomAtCentre(state, ui, ZOOM_STEP);
  } else if (e.key === '-' || e.key === '_') {
    zoomAtCentre(state, ui, 1 / ZOOM_STEP);
  } else if (e.key === '0') {
    resetView(state, ui);
  } else {
    return;
  }
  e.preventDefault(); // arrows and space would otherwise scroll the page
}

// Arrow keys move the cell cursor and pan the map by the same amount, so the cursor stays
// where it is on screen while the city slides under it (at the map's edge it stops).
function moveCursor(state, ui, dx, dy) {
  showCursor(state, ui);
  const cell = cellPixels(state);
  const nx = clampCell(state.cursor.x + dx), ny = clampCell(state.cursor.y + dy);
  state.panX -= (nx - state.cursor.x) * cell;
  state.panY -= (ny - state.cursor.y) * cell;
  state.cursor = { x: nx, y: ny };
  applyTransform(state, ui);
}

// Shows the keyboard cursor, first moving it to the viewport's centre when it is unset or
// out of sight (after a drag, say), so the keys always act on a visible cell.
function showCursor(state, ui) {
  if (!state.cursor || !cellVisible(state, ui, state.cursor)) {
    const r = ui.viewport.getBoundingClientRect();
    const cell = cellPixels(state);
    state.cursor = {
      x: clampCell(Math.floor((r.width / 2 - state.panX) / cell)),
      y: clampCell(Math.floor((r.height / 2 - state.panY) / cell)),
    };
  }
  placeBox(state, ui.cursorBox, state.cursor);
  ui.cursorBox.hidden = false;
}

function cellVisible(state, ui, c) {
  const cell = cellPixels(state);
  const left = state.panX + c.x * cell, top = state.panY + c.y * cell;
  return left >= 0 && top >= 0 && left + cell <= ui.viewport.clientWidth && top + cell <= ui.viewport.clientHeight;
}

const clampCell = (n) => Math.min(MAP_CELLS - 1, Math.max(0, n));
const cellPixels = (state) => state.ppc * state.zoom; // screen pixels per cell

function placeBox(state, box, cell) {
  // Inside the stage, so in image pixels; the stage's transform does the rest.
  box.style.left = `${cell.x * state.ppc}px`;
  box.style.top = `${cell.y * state.ppc}px`;
  box.style.width = `${state.ppc}px`;
  box.style.height = `${state.ppc}px`;
}

function applyTransform(state, ui) {
  ui.stage.style.transform = `translate(${state.panX}px, ${state.panY}px) scale(${state.zoom})`;
  // The outline of the boxes must stay visible when zoomed out and thin when zoomed in.
  ui.stage.style.setProperty('--gta-line', `${Math.max(1, 2 / state.zoom)}px`);
  ui.zoomLabel.textContent = `${Math.round(state.zoom * 100)}%`;
}

function zoomAt(state, ui, factor, vx, vy) {
  const zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, state.zoom * factor));
  // Keep the image point under (vx, vy) where it is.
  state.panX = vx - (vx - state.panX) * (zoom / state.zoom);
  state.panY = vy - (vy - state.panY) * (zoom / state.zoom);
  state.zoom = zoom;
  applyTransform(state, ui);
}

function zoomAtCentre(state, ui, factor) {
  zoomAt(state, ui, factor, ui.viewport.clientWidth / 2, ui.viewport.clientHeight / 2);
}

function resetView(state, ui) {
  state.zoom = 1;
  state.panX = 0;
  state.panY = 0;
  applyTransform(state, ui);
}

function centreOnCell(state, ui, x, y) {
  const cell = cellPixels(state);
  state.panX = ui.viewport.clientWidth / 2 - (x + 0.5) * cell;
  state.panY = ui.viewport.clientHeight / 2 - (y + 0.5) * cell;
  applyTransform(state, ui);
}

// A new pixels-per-cell keeps the cell at the viewport's centre where it is.
function changeScale(state, ui, ppc) {
  const cx = ui.viewport.clientWidth / 2, cy = ui.viewport.clientHeight / 2;
  state.panX = cx - (cx - state.panX) * (ppc / state.ppc);
  state.panY = cy - (cy - state.panY) * (ppc / state.ppc);
  state.ppc = ppc;
  state.params.set('scale', String(ppc));
  replaceRouteParams(state.ctx, state.path, state.params);
  for (const [box, cell] of [[ui.selection, state.selected], [ui.cursorBox, state.cursor]]) {
    if (cell) placeBox(state, box, cell);
  }
  applyTransform(state, ui);
  loadMapImage(state, ui);
}

async function selectCell(state, ui, x, y) {
  state.selected = { x, y };
  state.cursor = { x, y }; // the keys go on from the cell just inspected
  placeBox(state, ui.selection, state.selected);
  placeBox(state, ui.cursorBox, state.cursor);
  ui.selection.hidden = false;
  state.params.set('x', String(x));
  state.params.set('y', String(y));
  replaceRouteParams(state.ctx, state.path, state.params);
  const request = ++state.request;
  try {
    const facts = await api('map_describe', { context: state.ctx, path: state.path, x: String(x), y: String(y) });
    if (request !== state.request) return; // a later click won
    ui.cellInfo.replaceChildren(...cellInfo(facts.cell));
  } catch (err) {
    if (request !== state.request) return;
    ui.cellInfo.replaceChildren(text('h2', `Cell ${x}, ${y}`));
    showError(ui.cellInfo, err);
  }
}

function cellInfo(cell) {
  const district = cell.district == null ? '(no district)' : (cell.district || '(unnamed district)');
  const facts = el('dl', { class: 'gta-facts' },
    text('dt', 'Cell (x, y)'), text('dd', `${cell.x}, ${cell.y}`, { id: 'cell-coords' }),
    text('dt', 'District'), text('dd', district, { id: 'cell-district' }),
    text('dt', 'Ground z'), text('dd', cell.ground_z == null ? '(no ground)' : cell.ground_z),
    text('dt', 'Column height'), text('dd', cell.height));
  const blocks = cell.blocks || [];
  const nodes = [text('h2', `Cell ${cell.x}, ${cell.y}`), facts];
  if (blocks.length === 0) {
    nodes.push(text('p', 'No blocks: an empty column.'));
  } else {
    nodes.push(dataTable(`${blocks.length} block(s), bottom to top`,
      ['z', 'type', 'lid', 'sides (l r t b)', 'slope', 'rotation', 'traffic', 'directions', 'flags'],
      blocks.map(blockRow), { class: 'gta-table gta-blocks' }));
  }
  return nodes;
}

function blockRow(b) {
  const lid = b.lid_remap ? `${b.lid} (remap ${b.lid_remap})` : b.lid;
  return [b.z, b.type, lid, `${b.left} ${b.right} ${b.top} ${b.bottom}`, b.slope, b.rotation,
    b.traffic, directionsText(b.directions), flagsText(b)];
}

function directionsText(d) {
  if (!d) return '';
  const on = ['up', 'down', 'left', 'right'].filter((k) => d[k]);
  return on.length ? on.join(' ') : 'none';
}

function flagsText(b) {
  const flags = [];
  if (b.flat) flags.push('flat');
  if (b.railway) flags.push('railway');
  if (b.flip_left_right) flags.push('flip left-right');
  if (b.flip_top_bottom) flags.push('flip top-bottom');
  return flags.join(', ');
}

function mapSummary(f, state, ui) {
  const facts = factsList([
    ['Version', f.version], ['Style', f.style], ['Columns', f.columns], ['Blocks', f.blocks],
    ['Objects', f.objects],
  ]);
  const counts = Object.entries(f.block_types || {});
  const types = dataTable('Blocks by type', ['type', 'count'], counts);
  const districts = (f.districts || []).filter((d) => !d.empty);
  const districtRows = districts.map((d) => [
    d.index, d.name || '(unnamed)', `${d.x}, ${d.y}`, `${d.w} × ${d.h}`,
    text('button', 'Show', { type: 'button', class: 'gta-small',
      'aria-label': `Show district ${d.name || d.index} on the map`,
      onclick: () => centreOnCell(state, ui, d.x + d.w / 2 - 0.5, d.y + d.h / 2 - 0.5) }),
  ]);
  const services = Object.entries(f.services || {}).filter(([, list]) => list.length > 0)
    .map(([kind, list]) => [kind, list.map((p) => `(${p.x}, ${p.y}, z ${p.z})`).join(' ')]);
  const sizes = Object.entries(f.sizes || {});
  return [
    text('h2', 'The map'), facts,
    el('div', { class: 'gta-columns' },
      districts.length ? dataTable('Districts', ['#', 'name', 'x, y', 'w × h', ''], districtRows)
        : text('p', 'No districts.'),
      types,
      services.length ? dataTable('Services', ['kind', 'positions'], services) : text('p', 'No services.'),
      dataTable('Section sizes (bytes)', ['section', 'bytes'], sizes)),
    warningsList(f.warnings),
  ].filter(Boolean);
}

// ---- the texts (.FXT) -----------------------------------------------------------------------

const FXT_PAGE = 1000;

export async function showFxt(main, ctx, path, params) {
  ensureStylesheet();
  const search = el('input', {
    id: 'fxt-search', type: 'search', placeholder: 'key or text', autocomplete: 'off',
    'aria-controls': 'fxt-table',
  });
  search.value = params.get('search') ?? '';
  const count = text('p', 'Loading the texts…', { class: 'gta-status', role: 'status', 'aria-live': 'polite' });
  const body = el('tbody');
  const table = el('table', { id: 'fxt-table', class: 'gta-table gta-fxt' },
    text('caption', `Texts of ${path}`),
    el('thead', {}, el('tr', {}, text('th', 'Key', { scope: 'col' }),
      text('th', 'Text', { scope: 'col' }), text('th', 'Index', { scope: 'col' }))),
    body);
  const extra = el('div');
  main.append(el('div', { class: 'gta-view gta-fxt-view' },
    el('h1', {}, text('code', path)), labelled('Search keys and texts', search), count,
    el('div', { class: 'gta-scroll gta-fxt-scroll' }, table), extra));

  let entries;
  try {
    const loaded = await loadAllFxt(ctx, path, (n, total) => {
      count.textContent = `Loading the texts… ${n} of ${total}`;
    });
    entries = loaded.entries;
    appendAll(extra, warningsList(loaded.warnings));
  } catch (err) {
    count.textContent = '';
    showError(extra, err);
    return;
  }
  const state = { params: new URLSearchParams(params) };
  const render = () => renderFxt(entries, search.value, body, count);
  const remember = debounce(() => {
    if (search.value) state.params.set('search', search.value); else state.params.delete('search');
    replaceRouteParams(ctx, path, state.params);
  }, 400);
  search.addEventListener('input', () => { render(); remember(); });
  render();
}

// Every record, page after page (next_offset is null after the last one): the search then
// runs in the page over keys and texts alike, at each keystroke, without a round trip.
async function loadAllFxt(ctx, path, progress) {
  const entries = [];
  const warnings = [];
  let offset = 0;
  for (;;) {
    const page = await api('fxt_decode', { context: ctx, path, offset: String(offset), limit: String(FXT_PAGE) });
    entries.push(...page.entries);
    if (offset === 0) warnings.push(...(page.warnings || []));
    progress(entries.length, page.total);
    if (page.next_offset == null || page.entries.length === 0) return { entries, warnings };
    offset = page.next_offset;
  }
}

function renderFxt(entries, query, body, count) {
  const needle = folded(query.trim()).text;
  const matches = needle
    ? entries.filter((e) => folded(e.key).text.includes(needle) || folded(e.text).text.includes(needle))
    : entries;
  body.replaceChildren(...matches.map((e) => el('tr', {},
    el('td', { class: 'gta-key' }, ...highlighted(e.key, needle)),
    el('td', { class: 'gta-text' }, ...highlighted(e.text, needle)),
    text('td', e.index, { class: 'gta-num' }))));
  count.textContent = needle
    ? `${matches.length} of ${entries.length} texts match “${query.trim()}”`
    : `${entries.length} texts`;
}

// `value` folded as fxt_decode's search folds it (any case, accents dropped: "Téléphone" is
// "telephone"), with where in `value` each folded character comes from, so that a match found in
// the folded text is marked in the original.
function folded(value) {
  let text = '';
  const from = [];
  let at = 0;
  for (const ch of value) {
    const f = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let k = 0; k < f.length; k++) from.push(at);
    text += f;
    at += ch.length;
  }
  from.push(value.length);  // where a match that ends the text ends
  return { text, from };
}

// The value as text nodes with each match in a <mark>; built from text, so no markup gets in.
function highlighted(value, needle) {
  if (!needle) return [document.createTextNode(value)];
  const nodes = [];
  const f = folded(value);
  let from = 0;
  for (let at = f.text.indexOf(needle); at !== -1; at = f.text.indexOf(needle, at + needle.length)) {
    const start = f.from[at], end = f.from[at + needle.length];
    if (start > from) nodes.push(document.createTextNode(value.slice(from, start)));
    nodes.push(text('mark', value.slice(start, end)));
    from = end;
  }
  if (from < value.length) nodes.push(document.createTextNode(value.slice(from)));
  return nodes;
}

// ---- the font (.FON) ------------------------------------------------------------------------

const FONT_SAMPLE = 'THE QUICK BROWN FOX 0123456789';
const FONT_SCALES = [1, 2, 3, 4, 6, 8];
const FONT_KINDS = ['text', 'icon', 'digit'];

export function showFont(main, ctx, path, params) {
  ensureStylesheet();
  const ui = {
    text: el('input', { id: 'font-text', type: 'text', autocomplete: 'off', spellcheck: 'false', maxlength: '1024' }),
    scale: select('font-scale', FONT_SCALES, intParam(params, 'scale', 4, FONT_SCALES), (s) => `× ${s}`),
    kind: select('font-kind', FONT_KINDS, FONT_KINDS.includes(params.get('kind')) ? params.get('kind') : 'text'),
    status: text('p', '', { class: 'gta-status', role: 'status', 'aria-live': 'polite' }),
    image: el('img', { id: 'font-image', alt: '' }),
    facts: el('div', { class: 'gta-font-facts' }),
    glyphs: el('section', { class: 'gta-panel' }),
  };
  ui.text.value = params.get('text') ?? FONT_SAMPLE;
  ui.image.hidden = true;
  main.append(el('div', { class: 'gta-view gta-font' },
    el('h1', {}, text('code', path)),
    el('div', { class: 'gta-toolbar' },
      el('label', { class: 'gta-field gta-grow' }, text('span', 'Sample text'), ui.text),
      labelled('Scale', ui.scale), labelled('Kind', ui.kind)),
    ui.status,
    el('div', { class: 'gta-scroll gta-font-sample' }, ui.image),
    ui.facts, ui.glyphs));

  const state = { ctx, path, params: new URLSearchParams(params), request: 0 };
  // The address records the user's choices, not the defaults of a first visit.
  const update = () => { rememberFont(state, ui); return renderFont(state, ui); };
  ui.text.addEventListener('input', debounce(update, 250));
  ui.scale.addEventListener('change', update);
  ui.kind.addEventListener('change', update);
  return renderFont(state, ui);
}

function fontArgs(ui, textValue) {
  return { text: textValue, scale: ui.scale.value, kind: ui.kind.value };
}

// Asks for the facts first and only then for the picture, so text the font cannot draw at
// all shows the server's explanation instead of a broken image.
async function renderFont(state, ui) {
  const request = ++state.request;
  const value = ui.text.value;
  if (value === '') {
    showFontNothing(ui, 'Type some text to draw.');
    return;
  }
  let facts;
  try {
    facts = await api('font_render', { context: state.ctx, path: state.path, ...fontArgs(ui, value) });
  } catch (err) {
    if (request !== state.request) return;
    showFontNothing(ui, '');
    showError(ui.status, err);
    return;
  }
  if (request !== state.request) return; // the text changed meanwhile
  ui.status.replaceChildren();
  ui.image.src = imageUrl('render', state.ctx, state.path, { export: 'font', ...fontArgs(ui, value) });
  ui.image.alt = `“${value}” drawn in ${state.path}`;
  ui.image.hidden = false;
  ui.facts.replaceChildren(...fontFacts(facts, value));
  renderGlyphTable(state, ui, facts.glyphs);
}

function showFontNothing(ui, message) {
  ui.image.hidden = true;
  ui.image.removeAttribute('src');
  ui.status.textContent = message;
  ui.facts.replaceChildren();
  ui.glyphs.replaceChildren();
}

function rememberFont(state, ui) {
  state.params.set('text', ui.text.value);
  state.params.set('scale', ui.scale.value);
  state.params.set('kind', ui.kind.value);
  replaceRouteParams(state.ctx, state.path, state.params);
}

function fontFacts(f, value) {
  const g = f.glyphs || {};
  const last = g.first_code + g.count - 1;
  const nodes = [factsList([
    ['Glyphs', `${g.count} (codes ${hex(g.first_code)} to ${hex(last)})`],
    ['Glyph height', `${g.height} px`],
    ['Characters drawn', `${f.drawn} of ${[...value].length}`],
    ['Picture', `${f.width} × ${f.height} px at × ${f.scale}`],
  ])];
  // missing lists each byte once and at most a few; the summary covers every character.
  const missing = f.missing || [];
  if (missing.length) {
    nodes.push(text('p', f.missing_summary || ''));
    nodes.push(dataTable('Bytes not in the font (each once)', ['position', 'character', 'code', 'why'],
      missing.map((m) => [m.position, printable(m.code), hex(m.code), m.reason])));
  } else {
    nodes.push(text('p', 'Every character is in the font.'));
  }
  appendAll(nodes, warningsList(f.warnings));
  return nodes.filter(Boolean);
}

// The font's whole character set in one picture, when its codes are printable ASCII (text
// fonts); icon and digit fonts start at control codes that do not travel well in a URL.
function renderGlyphTable(state, ui, glyphs) {
  if (!glyphs || glyphs.first_code < 0x21 || glyphs.first_code + glyphs.count - 1 > 0x7e) {
    ui.glyphs.replaceChildren();
    return;
  }
  let all = '';
  for (let c = glyphs.first_code; c < glyphs.first_code + glyphs.count; c++) all += String.fromCharCode(c);
  const img = el('img', { class: 'gta-glyphs', alt: `Every glyph of the font: ${all}`,
    src: imageUrl('render', state.ctx, state.path, { export: 'font', text: all, scale: ui.scale.value, kind: ui.kind.value }) });
  ui.glyphs.replaceChildren(text('h2', 'Every glyph'), text('p', all, { class: 'gta-mono' }),
    el('div', { class: 'gta-scroll gta-font-sample' }, img));
}

const hex = (n) => '0x' + Number(n).toString(16).padStart(2, '0');
const printable = (code) => (code >= 0x20 && code < 0x7f) || code >= 0xa0 ? String.fromCharCode(code) : '(control)';
