// The explorer of `kbot explore` in headless Chromium: the pages served by the binary, driven
// as a user would, checked against what the JSON API says about the same files.
//
//   node browser.mjs URL ARTIFACT_DIR      (run.sh starts the server and calls this)
//
// Every check runs in a fresh page and prints "ok - NAME" or "not ok - NAME: why"; a console
// error, an uncaught page error or a 5xx answer during a check fails that check. Screenshots
// land in ARTIFACT_DIR. Exit status 1 when any check failed. BROWSER_CHECKS=a,e runs only the
// checks whose names start with those letters (for development). Every request URL goes to
// ARTIFACT_DIR/requests.txt.
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [baseUrl, artifactDir] = process.argv.slice(2);
if (!baseUrl || !artifactDir) {
  console.error('usage: node browser.mjs URL ARTIFACT_DIR');
  process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHECK_TIMEOUT_MS = 10000; // for each wait: the whole run takes seconds
const started = Date.now();

// ---- helpers --------------------------------------------------------------------------------

class CheckError extends Error {}

function assert(condition, message) {
  if (!condition) throw new CheckError(message);
}

function assertEqual(actual, expected, what) {
  const a = JSON.stringify(actual), e = JSON.stringify(expected);
  assert(a === e, `${what}: expected ${e}, got ${a}`);
}

// The JSON API from the test itself, to compare the pages with.
async function api(tool, args) {
  const res = await fetch(new URL(`api/${tool}?${new URLSearchParams(args)}`, baseUrl));
  const body = await res.json();
  assert(res.ok, `/api/${tool} answered ${res.status}: ${body.error}`);
  return body;
}

// Names what was being waited for when a wait times out, instead of Playwright's own words.
async function step(what, promise) {
  try {
    return await promise;
  } catch (err) {
    if (err instanceof CheckError) throw err;
    throw new CheckError(`${what}: ${err.message.split('\n')[0]}`);
  }
}

const pageUrl = (route) => new URL(route, baseUrl).href;

// Same-origin images can be read back through a canvas: the pixels as the page shows them.
async function imagePixels(page, selector) {
  return page.evaluate(async (sel) => {
    const img = document.querySelector(sel);
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0);
    return { width: canvas.width, height: canvas.height, data: Array.from(g.getImageData(0, 0, canvas.width, canvas.height).data) };
  }, selector);
}

// Waits until the image is loaded and its address contains every given query pair.
async function imageLoaded(page, selector, query = {}) {
  const wanted = Object.keys(query).length ? ` with ${new URLSearchParams(query)}` : '';
  await step(`waiting for ${selector} to load${wanted}`, page.waitForFunction(({ sel, query }) => {
    const img = document.querySelector(sel);
    if (!img || !img.complete || img.naturalWidth === 0) return false;
    const params = new URL(img.src).searchParams;
    return Object.entries(query).every(([k, v]) => params.get(k) === v);
  }, { sel: selector, query }));
}

// Resolves with the next request to /KIND/ whose query has key=value.
function nextImageRequest(page, kind, key, value) {
  return page.waitForRequest((req) => {
    const u = new URL(req.url());
    return u.pathname.startsWith(`/${kind}/`) && u.searchParams.get(key) === value;
  }, { timeout: CHECK_TIMEOUT_MS });
}

const numbers = (s) => (s.match(/-?\d+/g) || []).map(Number);

async function screenshot(page, name) {
  await page.screenshot({ path: path.join(artifactDir, `${name}.png`), fullPage: true });
}

async function tabUntil(page, id, maxTabs = 60) {
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement && document.activeElement.id) === id) return;
  }
  throw new CheckError(`${maxTabs} presses of Tab never focused #${id}`);
}

// ---- the checks -----------------------------------------------------------------------------

const VERFLAG = 'units/verflag.gaf';
const OTHER_PALETTE = 'palettes/palette.pal'; // verflag's auto choice is veruna.pcx: other colours
const MAP = 'GTADATA/DEMO.CMP';

const checks = [
  ['a) the contexts list names demo, its folder browser filters', async (page) => {
    await page.goto(pageUrl('#/'));
    const link = page.locator('#context-table').getByRole('link', { name: 'demo', exact: true });
    await step('waiting for a "demo" link in #context-table', link.waitFor());
    await link.click();
    const filter = page.locator('#filter');
    await step('waiting for the folder browser\'s filter box #filter', filter.waitFor());
    const rows = page.locator('#file-table tbody tr');
    await step('waiting for rows in #file-table', rows.first().waitFor());
    const before = await rows.count();
    await filter.fill('verflag');
    await step('waiting for #file-table to list only verflag rows', page.waitForFunction(() => {
      const trs = [...document.querySelectorAll('#file-table tbody tr')];
      return trs.length > 0 && trs.every((tr) => /verflag/i.test(tr.textContent));
    }));
    const texts = await rows.allTextContents();
    assert(texts.length < before, `the filter did not narrow the list (${before} rows before, ${texts.length} after)`);
    assertEqual(texts.length, 1, 'rows matching "verflag"');
    assert(texts[0].includes(VERFLAG), `the row does not name ${VERFLAG}: ${texts[0]}`);
    assert(texts[0].includes('demo.ufo'), `the row does not name its source demo.ufo: ${texts[0]}`);
  }],

  ['b) the GAF page shows one frame-table row per frame, with the header values', async (page) => {
    const info = await api('gaf_info', { context: 'demo', path: VERFLAG, sequence: '0' });
    const frames = info.sequences[0].frames;
    await page.goto(pageUrl(`#/demo/${VERFLAG}`));
    await page.waitForFunction((n) => document.querySelectorAll('#frame-table tbody tr').length === n, frames.length)
      .catch(async () => {
        const n = await page.locator('#frame-table tbody tr').count();
        throw new CheckError(`#frame-table has ${n} rows, gaf_info has ${frames.length} frames`);
      });
    const headers = await page.locator('#frame-table thead th').allTextContents();
    const cells = await page.locator('#frame-table tbody tr').first().locator('th, td').allTextContents();
    const valuesUnder = (re) => headers.flatMap((h, i) => (re.test(h) ? numbers(cells[i] || '') : []));
    const f0 = frames[0];
    assertEqual(valuesUnder(/size|width|height/i), [f0.width, f0.height], 'frame 0 width, height in #frame-table');
    assertEqual(valuesUnder(/origin/i), [f0.origin_x, f0.origin_y], 'frame 0 origin x, y in #frame-table');
    await imageLoaded(page, '#gaf-player');
    await imageLoaded(page, '#frame-image');
    await screenshot(page, 'b-gaf');
  }],

  ['c) another palette re-requests the images with it and changes the pixels', async (page) => {
    await page.goto(pageUrl(`#/demo/${VERFLAG}`));
    await imageLoaded(page, '#frame-image');
    const before = await imagePixels(page, '#frame-image');
    const values = await page.locator('#palette-select option').evaluateAll((os) => os.map((o) => o.value));
    assert(values[0] === '', `the first #palette-select option is not "auto" (value ""): ${JSON.stringify(values)}`);
    assert(values.includes(OTHER_PALETTE), `#palette-select does not offer ${OTHER_PALETTE}: ${JSON.stringify(values)}`);
    const png = nextImageRequest(page, 'png', 'palette', OTHER_PALETTE);
    const apng = nextImageRequest(page, 'apng', 'palette', OTHER_PALETTE);
    await page.selectOption('#palette-select', OTHER_PALETTE);
    await Promise.all([png, apng]).catch(() => {
      throw new CheckError(`no /png/ and /apng/ requests with palette=${OTHER_PALETTE} after the switch`);
    });
    await imageLoaded(page, '#frame-image', { palette: OTHER_PALETTE });
    const after = await imagePixels(page, '#frame-image');
    assertEqual([after.width, after.height], [before.width, before.height], '#frame-image size');
    assert(after.data.some((v, i) => v !== before.data[i]), `#frame-image has the same pixels with ${OTHER_PALETTE}`);
    await screenshot(page, 'c-palette');
  }],

  ['d) transparency none makes transparent pixels opaque; game and heuristic re-request', async (page) => {
    await page.goto(pageUrl(`#/demo/${VERFLAG}`));
    await imageLoaded(page, '#frame-image');
    const before = await imagePixels(page, '#frame-image');
    const alpha = before.data.findIndex((v, i) => i % 4 === 3 && v === 0);
    assert(alpha >= 0, '#frame-image has no transparent pixel to begin with');
    for (const value of ['none', 'game', 'heuristic']) {
      const png = nextImageRequest(page, 'png', 'transparency', value);
      await page.selectOption('#transparency-select', value);
      await png.catch(() => { throw new CheckError(`no /png/ request with transparency=${value}`); });
      await imageLoaded(page, '#frame-image', { transparency: value });
      if (value === 'none') {
        const after = await imagePixels(page, '#frame-image');
        assertEqual(after.data[alpha], 255, `alpha of pixel ${(alpha - 3) / 4} with transparency=none`);
        await screenshot(page, 'd-transparency-none');
      }
    }
  }],

  ['e) a click on the map shows that cell, its district from map_describe', async (page) => {
    const facts = await api('map_describe', { context: 'demo', path: MAP, x: '7', y: '7' });
    await page.goto(pageUrl(`#/demo/${MAP}`));
    await imageLoaded(page, '#map-image');
    const ppc = await page.locator('#map-image').evaluate((img) => img.naturalWidth / 256);
    assertEqual(ppc, 8, 'pixels per cell of a fresh #map-image');
    const box = await page.locator('#map-image').boundingBox();
    const shown = box.width / (256 * ppc); // screen pixels per image pixel (1 when not zoomed)
    await page.mouse.click(box.x + 7.5 * ppc * shown, box.y + 7.5 * ppc * shown);
    await page.waitForFunction(() => document.querySelector('#cell-coords')?.textContent === '7, 7')
      .catch(async () => {
        const info = await page.locator('#cell-info').innerText({ timeout: 1000 }).catch(() => '(no #cell-info)');
        throw new CheckError(`#cell-coords is not "7, 7"; #cell-info says: ${info.replace(/\s+/g, ' ').slice(0, 300)}`);
      });
    assertEqual(await page.locator('#cell-district').textContent(), facts.cell.district, '#cell-district');
    assert(await page.locator('#cell-info').isVisible(), '#cell-info is not visible');
    await screenshot(page, 'e-map');
  }],

  ['e) the map pans with a drag and zooms with the + button and the wheel', async (page) => {
    await page.goto(pageUrl(`#/demo/${MAP}`));
    await imageLoaded(page, '#map-image');
    const vp = await page.locator('#map-viewport').boundingBox();
    const before = await page.locator('#map-image').boundingBox();
    await page.mouse.move(vp.x + 200, vp.y + 200);
    await page.mouse.down();
    await page.mouse.move(vp.x + 260, vp.y + 230, { steps: 5 });
    await page.mouse.up();
    const panned = await page.locator('#map-image').boundingBox();
    assertEqual([panned.x - before.x, panned.y - before.y], [60, 30], 'image offset after a drag of (60, 30)');
    await page.getByRole('button', { name: /zoom in/i }).click();
    const zoomed = await page.locator('#map-image').boundingBox();
    assert(zoomed.width > panned.width, `the + button did not enlarge the map (${panned.width} -> ${zoomed.width} px)`);
    await page.mouse.move(vp.x + 100, vp.y + 100);
    await page.mouse.wheel(0, 200);
    await page.waitForFunction((w) => document.querySelector('#map-image').getBoundingClientRect().width < w, zoomed.width)
      .catch(() => { throw new CheckError('the wheel did not zoom the map out'); });
  }],

  ['f) the FXT search narrows #fxt-table; the font page draws #font-image', async (page) => {
    const fxt = await api('fxt_decode', { context: 'demo', path: 'GTADATA/ENGLISH.FXT', limit: '1000' });
    const rows = () => page.locator('#fxt-table tbody tr').count();
    await page.goto(pageUrl('#/demo/GTADATA/ENGLISH.FXT'));
    await page.waitForFunction((n) => document.querySelectorAll('#fxt-table tbody tr').length === n, fxt.total)
      .catch(async () => { throw new CheckError(`#fxt-table has ${await rows()} rows, fxt_decode ${fxt.total}`); });
    const term = 'liberty';
    const expected = fxt.entries.filter((e) => (e.key + '\n' + e.text).toLowerCase().includes(term)).length;
    assert(expected > 0 && expected < fxt.total, `"${term}" should match some texts, not all (${expected} of ${fxt.total})`);
    await page.locator('#fxt-search').fill(term);
    await page.waitForFunction((n) => document.querySelectorAll('#fxt-table tbody tr').length === n, expected)
      .catch(async () => { throw new CheckError(`searching "${term}" left ${await rows()} rows, expected ${expected}`); });
    await screenshot(page, 'f-fxt');
    // As fxt_decode's search: any case, accents folded; the match is marked in the original text.
    const accented = await api('fxt_decode', { context: 'demo', path: 'GTADATA/ENGLISH.FXT', search: 'telephone' });
    assert(accented.total > 0, 'fxt_decode finds no "telephone" in the demo texts');
    await page.locator('#fxt-search').fill('TELEPHONE');
    await page.waitForFunction((n) => document.querySelectorAll('#fxt-table tbody tr').length === n, accented.total)
      .catch(async () => { throw new CheckError(`searching "TELEPHONE" left ${await rows()} rows, fxt_decode ${accented.total}`); });
    const marked = await page.locator('#fxt-table mark').first().textContent();
    assert(marked.toLowerCase() === 'téléphone', `the mark holds "${marked}", not the text's own "téléphone"`);

    await page.goto(pageUrl('#/demo/GTADATA/DEMO.FON'));
    await imageLoaded(page, '#font-image');
    await page.locator('#font-text').fill('LIBERTY CITY');
    await imageLoaded(page, '#font-image', { text: 'LIBERTY CITY' });
    await screenshot(page, 'f-font');
  }],

  ['g) the keyboard reaches #palette-select and changes it; the map takes arrows and Enter', async (page) => {
    await page.goto(pageUrl(`#/demo/${VERFLAG}`));
    await imageLoaded(page, '#frame-image');
    await tabUntil(page, 'palette-select');
    const before = await page.locator('#palette-select').inputValue();
    const request = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/png/')
      && new URL(r.url()).searchParams.get('palette') !== before, { timeout: CHECK_TIMEOUT_MS });
    await page.keyboard.press('ArrowDown');
    await request.catch(() => { throw new CheckError('ArrowDown on #palette-select requested no image with another palette'); });
    assert(await page.locator('#palette-select').inputValue() !== before, 'ArrowDown did not change #palette-select');

    await page.goto(pageUrl(`#/demo/${MAP}?x=7&y=7`));
    await imageLoaded(page, '#map-image');
    await step('waiting for #cell-coords "7, 7" from the route\'s x=7&y=7',
      page.waitForFunction(() => document.querySelector('#cell-coords')?.textContent === '7, 7'));
    await page.locator('#map-viewport').focus();
    const stageBefore = await page.locator('#map-image').boundingBox();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#cell-coords')?.textContent === '8, 7')
      .catch(async () => { throw new CheckError(`ArrowRight, Enter shows cell ${await page.locator('#cell-coords').textContent()}, not "8, 7"`); });
    const stageAfter = await page.locator('#map-image').boundingBox();
    assert(stageAfter.x < stageBefore.x, 'ArrowRight did not pan the map');
  }],

  ['h) at 200% zoom (half the CSS width) no page scrolls sideways and the controls stay in view', async (page) => {
    // Browser zoom at 200% lays a 1280-pixel window out as 640 CSS pixels.
    await page.setViewportSize({ width: 640, height: 450 });
    const pages = [['#/', '#context-table'], ['#/demo/', '#filter'], [`#/demo/${VERFLAG}`, '#frame-table'],
      ['#/demo/palettes/aramon.pcx', '#palette-grid'], [`#/demo/${MAP}`, '#map-image'],
      ['#/demo/GTADATA/ENGLISH.FXT', '#fxt-table'], ['#/demo/GTADATA/DEMO.FON', '#font-image']];
    for (const [route, landmark] of pages) {
      await page.goto(pageUrl(route));
      await step(`waiting for ${landmark} on ${route}`, page.locator(landmark).first().waitFor());
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert(overflow <= 1, `${route}: the page is ${overflow} CSS pixels wider than the window`);
    }
    await page.goto(pageUrl(`#/demo/${VERFLAG}`));
    await imageLoaded(page, '#frame-image');
    for (const id of ['sequence-select', 'palette-select', 'transparency-select', 'zoom-select']) {
      const box = await page.locator(`#${id}`).boundingBox();
      assert(box && box.x >= 0 && box.x + box.width <= 640, `#${id} is outside the 640-pixel-wide window`);
    }
    await screenshot(page, 'h-gaf-at-200-percent');
  }],
];

// ---- the run --------------------------------------------------------------------------------

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.error(`not ok - chromium: ${CHROMIUM} does not exist (install it, e.g. apt-get install chromium, or set CHROMIUM)`);
    process.exit(1);
  }
  mkdirSync(artifactDir, { recursive: true });
  const only = (process.env.BROWSER_CHECKS || '').split(',').filter(Boolean);
  const selected = checks.filter(([name]) => only.length === 0 || only.some((p) => name.startsWith(p)));

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const requested = [];
  let failed = 0;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    for (const [name, run] of selected) {
      const page = await context.newPage();
      page.setDefaultTimeout(CHECK_TIMEOUT_MS);
      const problems = watch(page, requested);
      const t0 = Date.now();
      try {
        await run(page);
        assert(problems.length === 0, problems.join('; '));
        console.log(`ok - ${name} (${Date.now() - t0} ms)`);
      } catch (err) {
        failed++;
        const why = err instanceof CheckError ? err.message : `${err.message.split('\n')[0]}`;
        console.log(`not ok - ${name}: ${why}${problems.length ? ' [also: ' + problems.join('; ') + ']' : ''}`);
        await screenshot(page, `failed-${name.slice(0, 1)}`).catch(() => {});
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  writeFileSync(path.join(artifactDir, 'requests.txt'), requested.join('\n') + '\n');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`# ${selected.length - failed} of ${selected.length} checks passed, ${requested.length} requests, ${seconds} s`);
  process.exit(failed ? 1 : 0);
}

// Collects what makes any check fail: console errors, uncaught errors, 5xx answers; and every
// request URL, for the record.
function watch(page, requested) {
  const problems = [];
  page.on('request', (req) => requested.push(req.url()));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location()?.url || '';
    problems.push(`console error: ${msg.text()}${where ? ' (' + where + ')' : ''}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 500) problems.push(`${res.status()} from ${res.url()}`);
  });
  return problems;
}

main().catch((err) => {
  console.error(`not ok - the run itself: ${err.stack || err}`);
  process.exit(1);
});
