// The analysis board (/analysis?pos=<position notation>): any position,
// set up by hand or opened from a game, explored move by move with the
// engine's value, best line and both shortest paths shown after every
// change (POST /api/analyse). The URL always holds the position and the
// line, so that a link shares them.

import { api } from '../lib/api.js';
import { $, svgEl } from '../lib/dom.js';
import { I18n } from '../lib/i18n.js';
import { accountLink, languagePicker } from '../lib/topbar.js';

const t = (key, params) => I18n.t(key, params);
const LETTERS = 'abcdefghijk';
const S = 40, G = 10, STEP = S + G, M = 6;
const COLOURS = { south: '#c8372d', north: '#2563c9', west: '#2f8f46', east: '#b8860b' };
const START = '9 e1,e9 - 10,10 south 0';

const B = { root: START, line: [], view: null, mode: 'play', busy: 0 };

// Position notation: size, pawns, fences, fences left, side to move, ply.
function parse(text) {
  const parts = String(text || '').trim().split(/\s+/);
  if (parts.length < 5) return null;
  return {
    size: Number(parts[0]),
    pawns: parts[1].split(','),
    fences: parts[2] === '-' ? [] : parts[2].split(','),
    left: parts[3].split(',').map(Number),
    turn: parts[4],
    ply: Number(parts[5] || 0),
  };
}
function write(p) {
  return [p.size, p.pawns.join(','), p.fences.length ? p.fences.join(',') : '-', p.left.join(','), p.turn, p.ply].join(' ');
}
const square = (c, r) => LETTERS[c] + (r + 1);
const cell = (name) => ({ c: LETTERS.indexOf(name[0]), r: Number(name.slice(1)) - 1 });

function showError(text) {
  $('#ab-error').hidden = !text;
  $('#ab-error').textContent = text || '';
}

async function refresh() {
  const ticket = ++B.busy;
  const url = '/analysis?pos=' + encodeURIComponent(B.root) + (B.line.length ? '&line=' + encodeURIComponent(B.line.join(' ')) : '');
  history.replaceState(null, '', url);
  $('#ab-share').value = location.origin + url;
  try {
    const view = await api('POST', '/api/analyse', { position: B.root, moves: B.line });
    if (ticket !== B.busy) return;
    B.view = view;
    showError(null);
  } catch (e) {
    if (ticket !== B.busy) return;
    showError(e.message);
    if (B.line.length) B.line.pop();
    return;
  }
  draw();
}

function draw() {
  const v = B.view;
  if (!v) return;
  const p = parse(v.position);
  const n = p.size;
  const W = 2 * M + n * STEP - G;
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${W}`, class: 'ab-svg', role: 'img' });
  const at = (c, r) => ({ x: M + c * STEP, y: M + (n - 1 - r) * STEP });
  svg.append(svgEl('rect', { x: 0, y: 0, width: W, height: W, rx: 8, class: 'ab-wood' }));
  const legal = new Set(B.mode === 'play' ? v.legal.pawn : []);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const { x, y } = at(c, r);
      const name = square(c, r);
      svg.append(svgEl('rect', { x, y, width: S, height: S, rx: 4, class: 'ab-square' + (legal.has(name) ? ' legal' : ''), 'data-square': name }));
    }
  }
  // Both shortest paths, under the pawns.
  for (const [seat, path] of Object.entries(v.paths)) {
    const pts = path.map((s) => { const q = cell(s); const { x, y } = at(q.c, q.r); return `${x + S / 2},${y + S / 2}`; });
    svg.append(svgEl('polyline', { points: pts.join(' '), class: 'ab-path', stroke: COLOURS[seat], 'data-path': seat }));
  }
  for (const f of p.fences) {
    const q = cell(f.slice(0, -1));
    const { x, y } = at(q.c, q.r + 1);
    const rect = f.endsWith('h')
      ? { x, y: y + S, width: 2 * S + G, height: G }
      : { x: x + S, y, width: G, height: 2 * S + G };
    svg.append(svgEl('rect', Object.assign(rect, { class: 'ab-fence', 'data-fence': f, rx: 2 })));
  }
  const seats = p.pawns.length === 2 ? ['south', 'north'] : ['south', 'west', 'north', 'east'];
  p.pawns.forEach((sq, i) => {
    const q = cell(sq);
    const { x, y } = at(q.c, q.r);
    svg.append(svgEl('circle', { cx: x + S / 2, cy: y + S / 2, r: S * 0.36, fill: COLOURS[seats[i]], class: 'ab-pawn', 'data-pawn': seats[i] }));
  });
  svg.addEventListener('click', (ev) => click(ev, svg, n));
  $('#ab-board').replaceChildren(svg);

  const south = v.turn === 'south' ? v.value : 1 - v.value;
  $('#ab-eval').textContent = v.over ? t('board.over') : t('board.eval', { south: Math.round(south * 100), north: Math.round((1 - south) * 100), score: v.score, turn: t('board.' + v.turn) });
  $('#ab-bar-south').style.width = (south * 100).toFixed(1) + '%';
  $('#ab-best').textContent = v.best ? t('board.best', { move: v.best, line: v.line.join(' '), depth: v.depth }) : '';
  const book = (v.book || []).map((m) => `${m.move} (${m.score})`).join(', ');
  $('#ab-book').textContent = book ? t('board.book', { moves: book }) : '';
  $('#ab-line').textContent = B.line.length ? B.line.join(' ') : '—';
  $('#ab-back').disabled = !B.line.length;
  $('#ab-best-play').disabled = !v.best;
  $('#ab-fences-south').value = p.left[0];
  $('#ab-fences-north').value = p.left[1];
  $('#ab-turn').value = p.turn;
}

// A click: a square, or the groove nearest to it (a fence's anchor).
function click(ev, svg, n) {
  const box = svg.getBoundingClientRect();
  const W = 2 * M + n * STEP - G;
  const x = ((ev.clientX - box.left) / box.width) * W - M;
  const y = ((ev.clientY - box.top) / box.height) * W - M;
  const i = Math.floor(x / STEP), j = Math.floor(y / STEP);
  const ox = x - i * STEP, oy = y - j * STEP;
  if (i < 0 || j < 0 || i >= n || j >= n) return;
  const col = i, row = n - 1 - j;
  let target;
  if (ox <= S && oy <= S) target = { square: square(col, row) };
  else if (oy > S) target = { fence: square(Math.min(col, n - 2), Math.max(row - 1, 0)) + 'h' };
  else target = { fence: square(Math.min(col, n - 2), Math.min(row, n - 2)) + 'v' };
  if (B.mode === 'play') play(target.square || target.fence);
  else edit(target);
}

function play(move) {
  if (!move || !B.view || B.view.over) return;
  B.line.push(move);
  refresh();
}

function edit(target) {
  const p = parse(B.root);
  const tool = $('#ab-tool').value;
  if ((tool === 'south' || tool === 'north') && target.square) {
    p.pawns[tool === 'south' ? 0 : 1] = target.square;
  } else if ((tool === 'h' || tool === 'v') && target.fence) {
    const name = target.fence.slice(0, -1) + tool;
    if (!p.fences.includes(name)) p.fences.push(name);
  } else if (tool === 'erase') {
    const near = target.fence ? target.fence.slice(0, -1) : target.square;
    p.fences = p.fences.filter((f) => f.slice(0, -1) !== near);
  } else {
    return;
  }
  B.root = write(p);
  B.line = [];
  refresh();
}

function setMode(mode) {
  B.mode = mode;
  $('#ab-play-tab').setAttribute('aria-selected', String(mode === 'play'));
  $('#ab-setup-tab').setAttribute('aria-selected', String(mode === 'setup'));
  $('#ab-explore').hidden = mode !== 'play';
  $('#ab-setup').hidden = mode !== 'setup';
  if (mode === 'setup' && B.view) {
    // Set up from the position shown (the line becomes the start).
    B.root = B.view.position;
    B.line = [];
    refresh();
  } else {
    draw();
  }
}

function setupField() {
  const p = parse(B.root);
  p.left = [Number($('#ab-fences-south').value) || 0, Number($('#ab-fences-north').value) || 0];
  p.turn = $('#ab-turn').value;
  B.root = write(p);
  B.line = [];
  refresh();
}

document.addEventListener('DOMContentLoaded', () => {
  languagePicker(() => draw());
  I18n.apply(document);
  accountLink();
  const params = new URLSearchParams(location.search);
  B.root = params.get('pos') || START;
  B.line = (params.get('line') || '').split(/\s+/).filter(Boolean);
  $('#ab-play-tab').onclick = () => setMode('play');
  $('#ab-setup-tab').onclick = () => setMode('setup');
  $('#ab-move-form').onsubmit = (ev) => {
    ev.preventDefault();
    const move = $('#ab-move').value.trim();
    if (move) play(move);
    $('#ab-move').value = '';
  };
  $('#ab-back').onclick = () => { B.line.pop(); refresh(); };
  $('#ab-best-play').onclick = () => play(B.view && B.view.best);
  for (const id of ['#ab-fences-south', '#ab-fences-north', '#ab-turn']) $(id).addEventListener('change', setupField);
  $('#ab-clear').onclick = () => { B.root = START; B.line = []; refresh(); };
  refresh();
});
