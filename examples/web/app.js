// Virtual scrolling over a Yardstick table: the server sizes rows lazily and anchors; this page
// draws the rows meeting the viewport, each cell's elements at their frames, the text set by the
// browser with the engine's fonts. ?table=NAME picks the table, ?y=Y starts there, ?test=1 runs
// the checks `make test-web` reads (posted to /api/report).
'use strict';
const params = new URLSearchParams(location.search);
const viewport = document.getElementById('viewport');
const layer = document.getElementById('layer');
const spacer = document.getElementById('spacer');
const statusLine = document.getElementById('status');
const picker = document.getElementById('table');
// The tallest scroll height used: taller tables map the scroll bar onto their height (small
// scrolls still move the content one to one).
const LIMIT = 15000000;

let table = params.get('table') || 'sample';
let state = null;           // the last answer
let y = 0;                  // the table's y at the viewport's top
let lastScrollTop = 0;
let expectedScrollTop = null;
let pending = null, busy = null;

function scale(total, vh) {
  const h = Math.min(total, LIMIT);
  return total > h && h > vh ? (total - vh) / (h - vh) : 1;
}

async function ask(at, vh) {
  const response = await fetch(`/api/${table}/scroll?y=${at}&h=${vh}`);
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error);
  return answer;
}

// The text as the browser must be given it to break where the engine does: every mandatory break
// (UAX #14: CR LF, CR, VT, FF, NEL, LS, PS) as a line feed, and a last line feed followed by
// something, since the engine counts the empty line after it; a single-line label's text up to
// its first break, then an ellipsis if more follows, as the engine cuts it.
const BREAKS = /\r\n|[\r\u000B\u000C\u0085\u2028\u2029]/g;
function shown(e) {
  const text = e.text.replace(BREAKS, '\n');
  if (e.single_line) {
    const cut = text.indexOf('\n');
    return cut < 0 ? text : text.slice(0, cut) + '\u2026';
  }
  return text.endsWith('\n') ? text + '\u200B' : text;
}

function label(e) {
  const div = document.createElement('div');
  div.className = 'label';
  Object.assign(div.style, { left: e.x + 'px', top: e.y + 'px', width: e.width + 'px', height: e.height + 'px' });
  const text = document.createElement('div');
  text.className = 'text';
  text.dir = 'auto'; // (the paragraph's direction from its first strong letter, as the engine)
  text.textContent = shown(e);
  const lineHeight = e.lines.length ? e.text_height / e.lines.length : e.font_size;
  Object.assign(text.style, {
    fontSize: e.font_size + 'px', fontWeight: e.weight, fontStyle: e.italic ? 'italic' : 'normal',
    lineHeight: lineHeight + 'px', letterSpacing: e.letter_spacing + 'px',
    paddingTop: Math.max((e.height - e.text_height) / 2, 0) + 'px',
  });
  if (e.single_line) text.classList.add('single');
  else if (e.max_lines > 0) {
    text.classList.add(e.clips ? 'clip' : 'clamp');
    if (e.clips) text.style.maxHeight = (lineHeight * e.max_lines + Math.max((e.height - e.text_height) / 2, 0)) + 'px';
    else text.style.webkitLineClamp = e.max_lines;
  }
  div.dataset.lines = e.lines.length;
  div.dataset.max = e.single_line ? 1 : e.max_lines;
  div.dataset.lineHeight = lineHeight;
  div.appendChild(text);
  return div;
}

function draw(parent, elements) {
  const cells = new Map();
  for (const e of elements) {
    const el = e.kind === 'box' ? Object.assign(document.createElement('div'), { className: 'box' }) : label(e);
    if (e.kind === 'box') Object.assign(el.style, { left: e.x + 'px', top: e.y + 'px', width: e.width + 'px', height: e.height + 'px' });
    parent.appendChild(el);
    if (e.kind === 'text' && !cells.has(e.cell)) cells.set(e.cell, e);
  }
}

// Draws what `answer` holds with the table's `at` at the viewport's top.
function render(answer, at) {
  const vh = viewport.clientHeight;
  layer.textContent = '';
  layer.style.width = spacer.style.width = answer.width + 'px';
  for (const [name, band] of [['header', answer.header], ['footer', answer.footer]]) {
    if (band.height <= 0 || band.top > at + 2 * vh || band.top + band.height < at - 3 * vh) continue;
    const div = document.createElement('div');
    div.className = 'band ' + name;
    Object.assign(div.style, { top: (band.top - at) + 'px', height: band.height + 'px', width: answer.width + 'px' });
    draw(div, band.elements);
    layer.appendChild(div);
  }
  for (const row of answer.rows) {
    const div = document.createElement('div');
    div.className = 'row' + (row.measured ? '' : ' estimated');
    div.dataset.row = row.row;
    Object.assign(div.style, { top: (row.top - at) + 'px', height: row.height + 'px', width: answer.width + 'px' });
    draw(div, row.elements);
    layer.appendChild(div);
  }
}

// Scrolls the table to `at`: the server measures what the viewport meets, anchored; the answer
// is drawn and the scroll bar put where it says.
async function go(at) {
  const vh = viewport.clientHeight;
  y = at;
  const answer = await ask(at, vh);
  state = answer;
  y = answer.y + (y - at); // (kept moving if the user scrolled meanwhile)
  spacer.style.height = Math.max(Math.min(answer.total_height, LIMIT) - vh, 0) + 'px';
  render(answer, y);
  const top = Math.round(y / scale(answer.total_height, vh));
  if (Math.abs(viewport.scrollTop - top) >= 1) {
    expectedScrollTop = top;
    viewport.scrollTop = top;
    lastScrollTop = viewport.scrollTop;
  }
  statusLine.textContent = `rows ${answer.first_row}–${answer.last_row}, ${answer.measured} measured by this scroll, ` +
    `${Math.round(answer.total_height).toLocaleString()} px in all`;
  return answer;
}

function request(at) {
  pending = at;
  if (!busy) busy = (async () => {
    while (pending !== null) { const next = pending; pending = null; await go(next); }
    busy = null;
  })();
  return busy;
}

viewport.addEventListener('scroll', () => {
  const st = viewport.scrollTop;
  // (Our own setting of the scroll bar, which a browser may round by a pixel, is no scroll.)
  if (expectedScrollTop !== null && Math.abs(st - expectedScrollTop) <= 1) { expectedScrollTop = null; lastScrollTop = st; return; }
  expectedScrollTop = null;
  const d = st - lastScrollTop;
  if (!state || d === 0) return;
  const vh = viewport.clientHeight, total = state.total_height;
  lastScrollTop = st;
  y = Math.abs(d) <= 2 * vh ? y + d : st * scale(total, vh);
  y = Math.max(0, Math.min(y, Math.max(total - vh, 0)));
  render(state, y); // at once, from what is known
  request(y);
});

picker.addEventListener('change', () => { table = picker.value; y = 0; viewport.scrollTop = 0; request(0); });

// ---- The checks `make test-web` runs (?test=1). ----

function random(seed) {
  return () => { seed = (seed + 0x6D2B79F5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}

// Layout done and the fonts it asked for loaded (no animation frames: headless virtual time has none).
async function settle() {
  void layer.offsetHeight;
  await document.fonts.ready;
  await new Promise(r => setTimeout(r, 0));
  void layer.offsetHeight;
}

// The lines the browser set a label's text in: its line boxes' distinct tops.
function browserLines(div) {
  const range = document.createRange();
  range.selectNodeContents(div.firstChild);
  const tops = [];
  const half = Number(div.dataset.lineHeight) / 2;
  for (const r of range.getClientRects()) {
    if (r.height > 0 && !tops.some(t => Math.abs(t - r.top) < half)) tops.push(r.top);
  }
  const max = Number(div.dataset.max);
  return max > 0 ? Math.min(tops.length, max) : tops.length;
}

function checkCells(result) {
  const view = layer.getBoundingClientRect();
  for (const div of layer.querySelectorAll('.label')) {
    const r = div.getBoundingClientRect();
    if (r.bottom <= view.top || r.top >= view.bottom) continue;
    const lines = browserLines(div), want = Number(div.dataset.lines);
    const height = parseFloat(div.style.height), scrollHeight = div.scrollHeight;
    result.cells++;
    const fits = scrollHeight <= height + 1;
    if (lines === want && fits) continue;
    const row = div.closest('.row');
    result.misses.push({ row: row ? Number(row.dataset.row) : (div.closest('.header') ? 'header' : 'footer'),
                         text: div.firstChild.textContent.slice(0, 80), width: parseFloat(div.style.width),
                         yardstick_lines: want, browser_lines: lines, height, scroll_height: scrollHeight });
  }
}

// The row drawn at the viewport's top, and how far below the viewport's top it is drawn.
function topRow() {
  const view = layer.getBoundingClientRect();
  for (const div of layer.querySelectorAll('.row')) {
    const r = div.getBoundingClientRect();
    if (r.top <= view.top + 0.01 && r.bottom > view.top) return { row: Number(div.dataset.row), at: r.top - view.top };
  }
  return null;
}

function drawnAt(row) {
  const div = layer.querySelector(`.row[data-row="${row}"]`);
  return div ? div.getBoundingClientRect().top - layer.getBoundingClientRect().top : null;
}

async function test() {
  const seed = Number(params.get('seed') || 1), count = Number(params.get('offsets') || 50);
  const vh = viewport.clientHeight;
  const result = { table, viewport_height: vh, offsets: 0, cells: 0, misses: [], anchors: [], steps_measuring: 0 };
  const first = await go(0);
  await settle();
  checkCells(result);
  const next = random(seed);
  const targets = Array.from({ length: count }, () => next() * first.total_height);
  targets.push(Infinity); // the end
  for (const target of targets) {
    const answer = await go(Math.min(target, Math.max(state.total_height - vh, 0)));
    await settle();
    result.offsets++;
    checkCells(result);
    if (target === Infinity) result.end = { y: answer.y, total_height: answer.total_height, last_row: answer.last_row };
    // Three steps up, two screens each (past the prefetch window), as a user scrolls into rows not measured yet: the row
    // drawn at the top before an answer is drawn at the same place after it.
    for (let step = 0; step < 3 && y > 0; step++) {
      y = Math.max(y - 2 * vh, 0);
      render(state, y);
      const anchor = topRow();
      const moved = await go(y);
      await settle();
      if (moved.measured > 0) result.steps_measuring++;
      if (anchor) result.anchors.push({ row: anchor.row, before: anchor.at, after: drawnAt(anchor.row), measured: moved.measured });
      checkCells(result);
    }
  }
  await fetch('/api/report', { method: 'POST', body: JSON.stringify(result) });
}

(async () => {
  const names = await (await fetch('/api/tables')).json();
  for (const name of names) picker.appendChild(new Option(name, name, name === table, name === table));
  if (params.get('test')) return test();
  await go(Number(params.get('y') || 0));
})();
