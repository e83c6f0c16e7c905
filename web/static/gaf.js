// gaf.js — the GAF/TAF viewer: sequence list, the selected sequence playing
// at its real speed (the server's APNG carries the frame durations), the
// selected frame, a table of every frame with thumbnails, and the palette /
// transparency / zoom choices that every image URL carries.
//
// Route params: seq (index), frame, palette (VFS path; absent = resolver),
// transparency (game|heuristic|none|0-255; absent = context default), zoom.
import { api, el, showError, imageUrl, href, contextInfo, showImage, imageProblem, navigate, downloadsAllowed } from './api.js';

const ZOOMS = [1, 2, 3, 4, 6, 8];
const TRANSPARENCY = [['game', 'Game rule'], ['heuristic', 'Corner guess'], ['none', 'None']];

// Reads the route params into a plain state; sequence may be given by name.
function readState(params, sequences) {
  const seqParam = params.get('seq') || '0';
  let seq = sequences.find((s) => String(s.index) === seqParam || s.name === seqParam);
  if (!seq) seq = sequences[0];
  const zoom = Number(params.get('zoom'));
  return {
    seq,
    frame: Math.max(0, parseInt(params.get('frame') || '0', 10) || 0),
    palette: params.get('palette') || '',
    transparency: params.get('transparency') || '',
    zoom: ZOOMS.includes(zoom) ? zoom : 1,
  };
}

// The route params for a state; defaults are left out to keep URLs short.
function stateParams(s) {
  return {
    seq: s.seq ? s.seq.index : undefined,
    frame: s.frame || undefined,
    palette: s.palette || undefined,
    transparency: s.transparency || undefined,
    zoom: s.zoom !== 1 ? s.zoom : undefined,
  };
}

// The image-server params for a state: the same palette and transparency
// go into every image (player, frame, thumbnails, downloads).
function imageParams(s, extra) {
  return {
    sequence: s.seq.index,
    palette: s.palette || undefined,
    transparency: s.transparency || undefined,
    scale: s.zoom,
    ...extra,
  };
}

function labelled(id, text, control) {
  return el('div', { class: 'field' }, el('label', { for: id, text }), control);
}

function option(value, text, selected, disabled) {
  return el('option', { value, text, selected: selected || undefined, disabled: disabled || undefined });
}

function sequenceSelect(sequences) {
  return el('select', { id: 'sequence-select' }, sequences.map((s) =>
    option(String(s.index), `${s.index}: ${s.name} (${s.frames} frames)`)));
}

function paletteSelect(cands) {
  const chosen = cands ? cands.chosen : 'unknown';
  const opts = [option('', `Auto (resolver: ${chosen})`)];
  for (const c of (cands ? cands.candidates : [])) {
    if (!c.path) continue; // the embedded palette is reachable only through Auto
    const text = c.usable ? `${c.path} (${c.source})` : `${c.path} (${c.source}) — unusable: ${c.problem}`;
    opts.push(option(c.path, text, false, !c.usable));
  }
  return el('select', { id: 'palette-select' }, opts);
}

function transparencySelect(ctxDefault) {
  return el('select', { id: 'transparency-select' },
    option('', `Default (${ctxDefault})`),
    TRANSPARENCY.map(([v, t]) => option(v, t)));
}

function zoomSelect() {
  return el('select', { id: 'zoom-select' }, ZOOMS.map((z) => option(String(z), `${z}x`)));
}

// A value from the URL that no option offers (a typed-in palette path, a
// key index) still gets an option so the select shows the truth.
function selectValue(select, value, text) {
  if (![...select.options].some((o) => o.value === value)) select.append(option(value, text));
  select.value = value;
}

function sequenceTable(ctx, path, sequences, stateFor) {
  const rows = sequences.map((s) => el('tr', { 'data-index': s.index },
    el('td', { class: 'num', text: s.index }),
    el('th', { scope: 'row' }, el('a', { href: href(ctx, path, stateParams({ ...stateFor(), seq: s, frame: 0 })), text: s.name })),
    el('td', { class: 'num', text: s.frames }),
    el('td', { class: 'num', text: s.duration_ticks }),
    el('td', { class: 'num', text: s.duration_sec.toFixed(3) }),
    el('td', { text: s.loops ? 'yes' : 'no' })));
  return el('div', { class: 'table-scroll' }, el('table', { id: 'sequence-table' },
    el('caption', { class: 'visually-hidden', text: 'Sequences' }),
    el('thead', null, el('tr', null, ['#', 'Name', 'Frames', 'Ticks', 'Seconds', 'Loops']
      .map((h) => el('th', { scope: 'col', text: h })))),
    el('tbody', null, rows)));
}

// One row per frame; the whole row is clickable, the button makes it
// reachable by keyboard (its click bubbles up to the row's handler).
function frameRow(f, onpick) {
  return el('tr', { 'data-index': f.index, onclick: () => onpick(f.index) },
    el('td', null, el('button', { type: 'button', class: 'frame-pick', text: `Frame ${f.index}` })),
    el('td', { class: 'thumb-cell' }, el('img', { class: 'thumb checker', alt: `frame ${f.index}`, loading: 'lazy' })),
    el('td', { class: 'num', text: `${f.width} × ${f.height}` }),
    el('td', { class: 'num', text: `${f.origin_x}, ${f.origin_y}` }),
    el('td', { class: 'num', text: f.transparency }),
    el('td', { text: `${f.storage} (${f.storage_byte})` }),
    el('td', { class: 'num', text: f.layers }),
    el('td', { class: 'num', text: f.blend }),
    el('td', { class: 'num', text: f.duration_ticks }));
}

function frameTable(frames, onpick) {
  return el('table', { id: 'frame-table' },
    el('caption', { text: 'Frames (click a row to show that frame)' }),
    el('thead', null, el('tr', null,
      ['Frame', 'Thumbnail', 'Size (w × h)', 'Origin (x, y)', 'Key', 'Storage', 'Layers', 'Blend', 'Duration (ticks)']
        .map((h) => el('th', { scope: 'col', text: h })))),
    el('tbody', null, frames.map((f) => frameRow(f, onpick))));
}

function notes(title, items) {
  if (!items || !items.length) return null;
  return el('div', { class: 'notes', role: 'note' }, el('strong', { text: title }),
    el('ul', null, items.map((w) => el('li', { text: typeof w === 'string' ? w : JSON.stringify(w) }))));
}

// An image whose failure shows the server's reason in `slot`.
function watchedImage(attrs, slot) {
  const img = el('img', attrs);
  img.addEventListener('error', async () => {
    // One box is enough: the player and the frame usually fail alike.
    if (!img.getAttribute('src') || slot.childElementCount) return;
    const src = img.src;
    const why = await imageProblem(img);
    if (img.src === src) showError(slot, new Error(`${attrs.alt}: ${why}`));
  });
  return img;
}

export async function showGaf(container, ctx, path, params) {
  container.append(el('h1', null, el('code', { text: path })));
  const [list, ctxInfo] = await Promise.all([api('gaf_list', { context: ctx, path }), contextInfo(ctx)]);
  if (!list.sequences.length) {
    container.append(el('p', { text: 'This file has no sequences.' }), notes('Warnings', list.warnings) || '');
    return null;
  }
  let cands = null;
  const candErrors = el('div');
  try {
    cands = await api('palette_candidates', { context: ctx, path });
  } catch (e) {
    showError(candErrors, e); // the viewer still works with the resolver's palette
  }

  let state = readState(params, list.sequences);
  const go = (changes) => navigate(href(ctx, path, stateParams({ ...state, ...changes })));

  const seqSel = sequenceSelect(list.sequences);
  const palSel = paletteSelect(cands);
  const trSel = transparencySelect(ctxInfo.transparency);
  const zoomSel = zoomSelect();
  seqSel.addEventListener('change', () => go({ seq: list.sequences.find((s) => String(s.index) === seqSel.value), frame: 0 }));
  palSel.addEventListener('change', () => go({ palette: palSel.value }));
  trSel.addEventListener('change', () => go({ transparency: trSel.value }));
  zoomSel.addEventListener('change', () => go({ zoom: Number(zoomSel.value) }));

  const imgErrors = el('div', { class: 'image-errors' });
  const player = watchedImage({ id: 'gaf-player', class: 'pixelated', alt: 'the sequence playing' }, imgErrors);
  const frameImg = watchedImage({ id: 'frame-image', class: 'pixelated', alt: 'the selected frame' }, imgErrors);
  const playerCaption = el('figcaption');
  const frameCaption = el('figcaption');
  const dl = {};
  for (const kind of ['png', 'gif', 'apng', 'sheet']) {
    dl[kind] = el('a', { id: `dl-${kind}`, class: 'button', text: kind === 'png' ? 'PNG (this frame)' : kind.toUpperCase() });
  }
  const seqNotes = el('div');
  const framesBox = el('div', { class: 'table-scroll' });
  const seqTableBox = el('div');

  container.append(
    el('p', { class: 'summary', text: `GAF version 0x${list.version.toString(16)}, ${list.sequences.length} sequence(s). Durations are in ticks of 1/30 s.` }),
    notes('Warnings', list.warnings) || '', candErrors,
    el('form', { class: 'controls', onsubmit: (ev) => ev.preventDefault() },
      labelled('sequence-select', 'Sequence', seqSel), labelled('palette-select', 'Palette', palSel),
      labelled('transparency-select', 'Transparency', trSel), labelled('zoom-select', 'Zoom', zoomSel)),
    imgErrors,
    el('div', { class: 'stage' },
      el('figure', null, el('div', { class: 'checker frame-box' }, player), playerCaption),
      el('figure', null, el('div', { class: 'checker frame-box' }, frameImg), frameCaption)),
    // A view inside an MCP host may not download (its sandbox has no allow-downloads).
    downloadsAllowed() ? el('nav', { class: 'downloads', 'aria-label': 'Downloads' }, el('span', { text: 'Download: ' }), Object.values(dl)) : '',
    el('h2', { text: 'Sequences' }), seqTableBox,
    el('h2', { id: 'frames-heading', text: 'Frames' }), seqNotes, framesBox);

  // gaf_info per sequence, fetched once each.
  const infoCache = new Map();
  const seqInfo = (s) => {
    if (!infoCache.has(s.index)) {
      const p = api('gaf_info', { context: ctx, path, sequence: s.index });
      p.catch(() => infoCache.delete(s.index));
      infoCache.set(s.index, p);
    }
    return infoCache.get(s.index);
  };
  let shownSeq = null; // the sequence whose frame table is on screen

  async function update(newParams) {
    state = readState(newParams, list.sequences);
    const s = state.seq;
    state.frame = Math.min(state.frame, Math.max(0, s.frames - 1));
    seqSel.value = String(s.index);
    selectValue(palSel, state.palette, state.palette);
    selectValue(trSel, state.transparency, `Key index ${state.transparency}`);
    zoomSel.value = String(state.zoom);
    imgErrors.replaceChildren();

    const base = `${path.split('/').pop().replace(/\.[^.]*$/, '')}-${s.name}`;
    showImage(player, 'apng', ctx, path, imageParams(state));
    showImage(frameImg, 'png', ctx, path, imageParams(state, { frame: state.frame }));
    playerCaption.textContent = `${s.name}: ${s.frames} frames, ${s.duration_ticks} ticks (${s.duration_sec.toFixed(3)} s), ${s.loops ? 'loops' : 'plays once'}`;
    frameCaption.textContent = `Frame ${state.frame} of ${s.frames}`;
    setDownload(dl.png, imageUrl('png', ctx, path, imageParams(state, { frame: state.frame })), `${base}-${state.frame}.png`);
    setDownload(dl.gif, imageUrl('gif', ctx, path, imageParams(state)), `${base}.gif`);
    setDownload(dl.apng, imageUrl('apng', ctx, path, imageParams(state)), `${base}.png`);
    setDownload(dl.sheet, imageUrl('sheet', ctx, path, imageParams(state)), `${base}-sheet.png`);
    seqTableBox.replaceChildren(sequenceTable(ctx, path, list.sequences, () => state));
    seqTableBox.querySelector(`tr[data-index="${s.index}"] a`).setAttribute('aria-current', 'true');

    if (shownSeq !== s.index) {
      shownSeq = s.index;
      framesBox.replaceChildren(el('p', { role: 'status', text: 'Loading frames…' }));
      seqNotes.replaceChildren();
      try {
        const info = await seqInfo(s);
        if (shownSeq !== s.index) return; // another sequence was picked meanwhile
        const frames = info.sequences[0] ? info.sequences[0].frames : [];
        seqNotes.append(notes('Errors', info.errors) || '', notes('Warnings', info.warnings) || '');
        framesBox.replaceChildren(frameTable(frames, (i) => go({ frame: i })));
      } catch (e) {
        framesBox.replaceChildren();
        showError(framesBox, e);
        shownSeq = null;
        return;
      }
    }
    refreshFrameTable();
  }

  // Thumbnails follow palette/transparency in place; the table is not
  // rebuilt so keyboard focus stays on the row the user picked.
  function refreshFrameTable() {
    for (const row of framesBox.querySelectorAll('#frame-table tbody tr')) {
      const i = Number(row.dataset.index);
      const thumb = row.querySelector('img.thumb');
      // Asked again only when its picture changes: the URL names the picture.
      const params = imageParams(state, { frame: i, scale: 1 });
      const want = imageUrl('png', ctx, path, params);
      if (thumb.dataset.picture !== want) {
        thumb.dataset.picture = want;
        showImage(thumb, 'png', ctx, path, params);
      }
      const picked = i === state.frame;
      row.classList.toggle('selected', picked);
      row.querySelector('button').setAttribute('aria-pressed', String(picked));
    }
  }

  await update(params);
  return { update };
}

function setDownload(a, url, filename) {
  a.href = url;
  a.setAttribute('download', filename);
}
