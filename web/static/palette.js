// palette.js — the palette view for .pal and .pcx files: the 256 colours as
// a 16×16 grid of focusable swatches, with an info line that follows both
// the mouse and the keyboard focus. Arrow keys move across the grid.
import { el, imageUrl, readJson } from './api.js';

const hex2 = (n) => n.toString(16).padStart(2, '0');

export function colorText(index, [r, g, b]) {
  return `index ${index}  R ${r} G ${g} B ${b}  #${hex2(r)}${hex2(g)}${hex2(b)}`;
}

function swatch(index, rgb, onshow) {
  const [r, g, b] = rgb;
  const text = colorText(index, rgb);
  const button = el('button', {
    type: 'button', class: 'swatch', 'data-index': index, title: text, 'aria-label': text,
    style: `background-color: rgb(${r}, ${g}, ${b})`,
  });
  button.addEventListener('mouseenter', () => onshow(text));
  button.addEventListener('focus', () => onshow(text));
  return button;
}

// Arrow keys move the focus by one swatch, up/down by a row of 16.
function gridKeys(grid) {
  grid.addEventListener('keydown', (ev) => {
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -16, ArrowDown: 16, Home: -256, End: 256 };
    if (!(ev.key in moves) || !ev.target.dataset.index) return;
    const to = Math.min(255, Math.max(0, Number(ev.target.dataset.index) + moves[ev.key]));
    const next = grid.querySelector(`[data-index="${to}"]`);
    if (next) { next.focus(); ev.preventDefault(); }
  });
}

export async function showPalette(container, ctx, path) {
  container.append(el('h1', null, el('code', { text: path })));
  // imageUrl builds the /palette/CTX/PATH route with encoded segments.
  const data = await readJson(await fetch(imageUrl('palette', ctx, path)));
  const info = el('p', { id: 'palette-info', class: 'palette-info', 'aria-live': 'polite',
    text: 'Hover over or focus a colour to see its values.' });
  const grid = el('div', { id: 'palette-grid', role: 'group', 'aria-label': '256 palette colours, 16 per row' },
    data.colors.map((rgb, i) => swatch(i, rgb, (t) => { info.textContent = t; })));
  gridKeys(grid);
  container.append(
    el('p', { class: 'summary', text: `${data.colors.length} colours read from ${data.bytes} bytes.` }),
    info, grid);
}
