// @ts-check
// The teacher's editor: an exercise built on the board, checked by the
// server, shared by a link; the exercises shared from this browser.

import { $, $$, SVGNS, el } from '../../lib/dom.js';
import { store } from '../../lib/store.js';
import { openExercise } from './solve.js';
import { S, api, lang, t } from './state.js';

// ------------------------------------------------------------------
// The editor
// ------------------------------------------------------------------

const OBJECTS = ['apple', 'ball', 'key', 'flower', 'tree', 'house', 'heart', 'moon', 'sun', 'boat'];
/**
 * The exercise being built, and the editor's tools.
 * @type {{
 *   task: string, size: number, fences: string[], items: Record<string, string>,
 *   pawns: Record<string, string>, exit: {square: string, side: string} | null,
 *   route: string[], arrows: Record<string, string>, fewest: boolean, first: string,
 *   goal: string, tool: string | null, object: string, timer: any,
 *   analysis: {problem?: string, solution?: {lines: string[]}, fences?: number, view?: import('../../lib/views.js').ExerciseView, svg: string} | null,
 *   opened: boolean, asked?: number,
 * }}
 */
const E = {
  task: 'maze',
  size: 5,
  fences: [],
  items: {},
  pawns: {},
  exit: null,
  route: [],
  arrows: { red: '', blue: '', yellow: '' },
  fewest: false,
  first: 'green',
  goal: 'top',
  tool: null,
  object: 'apple',
  timer: null,
  analysis: null,
  opened: false,
};

const TOOLS = {
  maze: ['fence_h', 'fence_v', 'red', 'exit', 'erase'],
  route: ['fence_h', 'fence_v', 'star', 'fish', 'red', 'blue', 'erase'],
  'follow-arrows': ['object', 'red', 'blue', 'yellow', 'erase'],
  'write-arrows': ['red', 'route', 'erase'],
  'shortest-path': ['fence_h', 'fence_v', 'red', 'erase'],
  race: ['fence_h', 'fence_v', 'green', 'red', 'erase'],
};

const sqColRow = (sq) => ({ c: sq.charCodeAt(0) - 97, r: Number(sq.slice(1)) - 1 });

function editorOpen() {
  if (!E.opened) {
    E.opened = true;
    const size = $('#ed-size');
    for (let n = 3; n <= 11; n++) size.append(el('option', { value: String(n), text: n + ' × ' + n }));
    size.value = String(E.size);
    size.addEventListener('change', () => { E.size = Number(size.value); trimToBoard(); editorChanged(); });
    $('#ed-task').addEventListener('change', () => { E.task = $('#ed-task').value; E.tool = null; editorChanged(); });
    $('#ed-generate').addEventListener('click', editorGenerate);
    $('#ed-try').addEventListener('click', editorTry);
    $('#ed-save').addEventListener('click', editorSave);
    $('#ed-copy').addEventListener('click', () => {
      const input = $('#ed-link');
      input.select();
      (navigator.clipboard ? navigator.clipboard.writeText(input.value) : Promise.reject()).then(
        () => { $('#ed-copy').textContent = t('cls.ed.copied'); },
        () => document.execCommand && document.execCommand('copy'),
      );
    });
  }
  $('#ed-task').value = E.task;
  editorChanged();
  renderMine();
}

function trimToBoard() {
  const inside = (sq) => { const p = sqColRow(sq); return p.c < E.size && p.r < E.size; };
  E.fences = E.fences.filter((f) => { const p = sqColRow(f.slice(0, -1)); return p.c + 1 < E.size && p.r + 1 < E.size; });
  for (const sq of Object.keys(E.items)) if (!inside(sq)) delete E.items[sq];
  for (const [c, sq] of Object.entries(E.pawns)) if (!inside(sq)) delete E.pawns[c];
  if (E.exit && !inside(E.exit.square)) E.exit = null;
  E.route = E.route.filter(inside);
}

function renderTools() {
  const grid = $('#ed-tool-grid');
  grid.textContent = '';
  const tools = TOOLS[E.task];
  if (!tools.includes(E.tool)) E.tool = tools[0];
  for (const tool of tools) {
    const b = el('button', { type: 'button', class: 'btn tool' + (E.tool === tool ? ' active' : ''), 'aria-pressed': String(E.tool === tool), 'data-tool': tool, text: t('cls.tool.' + tool) });
    b.addEventListener('click', () => { E.tool = tool; renderTools(); });
    grid.append(b);
  }
  const options = $('#ed-options');
  options.textContent = '';
  if (E.tool === 'object') {
    const sel = el('select', { id: 'ed-object' });
    for (const o of OBJECTS) sel.append(el('option', { value: o, text: t('cls.object.' + o) }));
    sel.value = E.object;
    sel.addEventListener('change', () => { E.object = sel.value; });
    options.append(el('div', { class: 'field' }, el('label', { for: 'ed-object', text: t('cls.ed.object') }), sel));
  }
  if (E.task === 'route') {
    const box = el('input', { type: 'checkbox', id: 'ed-fewest', checked: E.fewest });
    box.addEventListener('change', () => { E.fewest = box.checked; editorChanged(); });
    options.append(el('label', { class: 'check' }, box, ' ', t('cls.ed.fewest')));
  }
  if (E.task === 'race') options.append(choice('ed-first', t('cls.ed.first'), [['green', t('cls.tool.green')], ['red', t('cls.tool.red')]], E.first, (v) => { E.first = v; }));
  if (E.task === 'shortest-path') options.append(choice('ed-goal', t('cls.ed.goal'), ['top', 'right', 'bottom', 'left'].map((s) => [s, t('cls.edge.' + s)]), E.goal, (v) => { E.goal = v; }));
  if (E.task === 'follow-arrows') {
    for (const color of ['red', 'blue', 'yellow']) {
      if (!E.pawns[color]) continue;
      const input = el('input', { id: 'ed-arrows-' + color, value: E.arrows[color], placeholder: '2→ 1↑', autocomplete: 'off' });
      input.addEventListener('input', () => { E.arrows[color] = input.value; editorChanged(true); });
      options.append(el('div', { class: 'field' },
        el('label', { for: input.id, text: t('cls.ed.arrows_of', { pawn: t('cls.tool.' + color) }) }),
        input,
        el('span', { class: 'hint', text: t('cls.ed.arrows_hint') })));
    }
  }
}

function choice(id, label, options, value, set) {
  const sel = el('select', { id });
  for (const [v, text] of options) sel.append(el('option', { value: v, text }));
  sel.value = value;
  sel.addEventListener('change', () => { set(sel.value); editorChanged(); });
  return el('div', { class: 'field' }, el('label', { for: id, text: label }), sel);
}

// The board as built so far and the task's pawns placed on it.
function editorDraft() {
  const board = editorExercise().board;
  const pawns = Object.entries(E.pawns)
    .filter(([color]) => TOOLS[E.task].includes(color))
    .map(([color, square]) => ({ color, square }));
  return { board, pawns, lang: lang() };
}

// The exercise as the server reads it (see the exercises crate's JSON).
function editorExercise() {
  const items = {};
  const keep = { route: ['star', 'fish'], 'follow-arrows': OBJECTS }[E.task] || [];
  for (const [sq, item] of Object.entries(E.items)) if (keep.includes(item)) items[sq] = item;
  const fences = E.task === 'follow-arrows' || E.task === 'write-arrows' ? [] : E.fences.slice();
  const ex = { version: 1, board: { size: E.size, fences, items }, task: E.task };
  const p = E.pawns;
  if (E.task === 'maze') Object.assign(ex, { start: p.red, exit: E.exit && E.exit.square, side: E.exit && E.exit.side });
  if (E.task === 'route') Object.assign(ex, { start: p.red, end: p.blue, fewest: E.fewest });
  if (E.task === 'shortest-path') Object.assign(ex, { start: p.red, goal: E.goal });
  if (E.task === 'race') Object.assign(ex, { green: p.green, red: p.red, first: E.first });
  if (E.task === 'write-arrows') Object.assign(ex, { start: p.red, route: E.route });
  if (E.task === 'follow-arrows') {
    ex.walkers = ['red', 'blue', 'yellow'].filter((c) => p[c]).map((c) => ({
      color: c,
      start: p[c],
      steps: E.arrows[c].split(/[\s,]+/).filter(Boolean),
    }));
  }
  return ex;
}

function missingPawns() {
  const need = { maze: ['red'], route: ['red', 'blue'], 'shortest-path': ['red'], race: ['green', 'red'], 'write-arrows': ['red'], 'follow-arrows': [] }[E.task];
  return need.filter((c) => !E.pawns[c]);
}

function editorChanged(typing) {
  if (!typing) renderTools();
  clearTimeout(E.timer);
  E.timer = setTimeout(analyzeNow, typing ? 400 : 60);
}

async function analyzeNow() {
  const status = $('#ed-status');
  const missing = missingPawns();
  if (E.task === 'maze' && !E.exit) missing.push('exit');
  const size = E.size;
  let res = null;
  // Only the answer to the latest change is shown, whatever order the
  // answers come back in.
  const asked = (E.asked = (E.asked || 0) + 1);
  if (!missing.length) {
    try {
      res = await api('POST', '/api/classroom/analyze', { exercise: editorExercise(), lang: lang() });
    } catch (e) {
      res = { problem: e.message, svg: '' };
    }
    if (asked !== E.asked) return;
  }
  // A board the check cannot draw (pawns missing): the server draws the
  // draft, with the worksheet's drawing as every exercise.
  let drawing = res && res.svg;
  if (!drawing) {
    try {
      drawing = (await api('POST', '/api/classroom/draft', editorDraft())).svg;
    } catch (e) {
      if (!res) res = { problem: e.message, svg: '' };
    }
    if (asked !== E.asked) return;
  }
  E.analysis = res;
  if (drawing) showEditorDrawing(drawing, size);
  status.textContent = '';
  status.className = 'cls-feedback';
  if (missing.length) {
    status.textContent = missing.map((m) => t('cls.tool.' + m)).join(', ') + ' ?';
  } else if (res.problem) {
    status.classList.add('bad');
    status.append(el('p', { text: res.problem }));
  } else {
    status.classList.add('good');
    status.append(el('p', { text: t('cls.ed.ok') }));
    for (const line of (res.solution && res.solution.lines) || []) status.append(el('p', { text: line }));
  }
  if (res && !missing.length) status.append(el('p', { class: 'hint', text: t('cls.ed.fences', { n: res.fences }) }));
  const usable = res && !res.problem && !missing.length;
  $('#ed-try').disabled = !usable;
  $('#ed-save').disabled = !usable;
}

// The editor's board: a drawing, replaced after every answer of the
// server, under a layer of squares to tap that stays while the board
// size does. (Taps went to the drawing's own squares before: one that
// fell while the drawing was replaced, between the press and the
// release, was lost.)
function showEditorDrawing(svgText, size) {
  const board = $('#ed-board');
  let picture = $('.ed-picture', board);
  if (!picture) {
    picture = el('div', { class: 'ed-picture' });
    board.replaceChildren(picture);
  }
  picture.innerHTML = svgText;
  const drawing = $('svg', picture);
  const cells = $$('rect.cell', drawing);
  // The drawing's squares are only drawn; the layer's are tapped.
  for (const cell of cells) cell.classList.remove('cell');
  let taps = $('svg.ed-taps', board);
  const box = drawing.getAttribute('viewBox');
  if (taps && taps.dataset.size === String(size)) {
    taps.setAttribute('viewBox', box);
    return;
  }
  if (taps) taps.remove();
  taps = document.createElementNS(SVGNS, 'svg');
  taps.setAttribute('viewBox', box);
  taps.setAttribute('class', 'ed-taps tappable');
  taps.dataset.size = String(size);
  for (const cell of cells) {
    const tap = document.createElementNS(SVGNS, 'rect');
    for (const name of ['x', 'y', 'width', 'height']) tap.setAttribute(name, cell.getAttribute(name));
    tap.setAttribute('class', 'cell');
    tap.setAttribute('fill', 'transparent');
    tap.dataset.sq = cell.dataset.sq;
    taps.append(tap);
  }
  taps.addEventListener('click', (ev) => {
    const sq = ev.target && ev.target.dataset ? ev.target.dataset.sq : null;
    if (sq) editorTap(sq);
  });
  board.append(taps);
}

function editorTap(sq) {
  const tool = E.tool;
  if (!tool) return;
  const { c, r } = sqColRow(sq);
  const n = E.size;
  // A tap on the drawing of the size before, while the new one comes.
  if (c >= n || r >= n) return;
  const clearSquare = () => {
    delete E.items[sq];
    for (const [color, at] of Object.entries(E.pawns)) if (at === sq) delete E.pawns[color];
  };
  if (tool === 'fence_h' || tool === 'fence_v') {
    const f = sq + (tool === 'fence_h' ? 'h' : 'v');
    if (c + 1 >= n || r + 1 >= n) return;
    if (E.fences.includes(f)) E.fences = E.fences.filter((x) => x !== f);
    else E.fences.push(f);
  } else if (tool === 'star' || tool === 'fish') {
    if (E.items[sq] === tool) delete E.items[sq];
    else { clearSquare(); E.items[sq] = tool; }
  } else if (tool === 'object') {
    if (E.items[sq] === E.object) delete E.items[sq];
    else { clearSquare(); E.items[sq] = E.object; }
  } else if (['red', 'blue', 'green', 'yellow'].includes(tool)) {
    clearSquare();
    E.pawns[tool] = sq;
    if (tool === 'red') E.route = E.route.filter((x) => x !== sq);
  } else if (tool === 'exit') {
    const sides = [];
    if (r === n - 1) sides.push('top');
    if (c === n - 1) sides.push('right');
    if (r === 0) sides.push('bottom');
    if (c === 0) sides.push('left');
    if (!sides.length) return;
    // A corner has two edges: tapping it again turns the exit.
    const turned = E.exit && E.exit.square === sq ? E.exit : null;
    const side = turned ? sides[(sides.indexOf(turned.side) + 1) % sides.length] : sides[0];
    E.exit = { square: sq, side };
  } else if (tool === 'route') {
    if (E.route[E.route.length - 1] === sq) E.route.pop();
    else if (sq !== E.pawns.red && !E.route.includes(sq)) E.route.push(sq);
  } else if (tool === 'erase') {
    clearSquare();
    E.fences = E.fences.filter((f) => f.slice(0, -1) !== sq);
    E.route = E.route.filter((x) => x !== sq);
    if (E.exit && E.exit.square === sq) E.exit = null;
  }
  editorChanged(E.task === 'follow-arrows' ? false : true);
  if (E.task === 'follow-arrows') renderTools();
}

async function editorGenerate() {
  const params = new URLSearchParams({ kind: $('#ed-gen-kind').value, level: $('#ed-gen-level').value, lang: lang() });
  try {
    const view = await api('GET', '/api/classroom/exercise?' + params);
    loadIntoEditor(view.exercise);
  } catch (e) {
    $('#ed-status').textContent = e.message;
  }
}

function loadIntoEditor(ex) {
  E.task = ex.task;
  E.size = ex.board.size;
  E.fences = (ex.board.fences || []).slice();
  E.items = Object.assign({}, ex.board.items || {});
  E.pawns = {};
  E.exit = null;
  E.route = [];
  E.arrows = { red: '', blue: '', yellow: '' };
  if (ex.task === 'maze') { E.pawns.red = ex.start; E.exit = { square: ex.exit, side: ex.side }; }
  if (ex.task === 'route') { E.pawns.red = ex.start; E.pawns.blue = ex.end; E.fewest = !!ex.fewest; }
  if (ex.task === 'shortest-path') { E.pawns.red = ex.start; E.goal = ex.goal; }
  if (ex.task === 'race') { E.pawns.green = ex.green; E.pawns.red = ex.red; E.first = ex.first; }
  if (ex.task === 'write-arrows') { E.pawns.red = ex.start; E.route = ex.route.slice(); }
  if (ex.task === 'follow-arrows') {
    for (const w of ex.walkers) { E.pawns[w.color] = w.start; E.arrows[w.color] = w.steps.join(' '); }
  }
  $('#ed-task').value = E.task;
  $('#ed-size').value = String(E.size);
  E.tool = null;
  editorChanged();
}

function editorTry() {
  const a = E.analysis;
  if (!a || !a.view) return;
  S.set = null;
  openExercise(a.view);
  S.from = '#editor';
}

// The exercises shared from this browser, with the tokens that delete
// them: [{id, token, t, task, size}].
const MINE = 'quoridor.classroom.shared';

async function editorSave() {
  try {
    const exercise = editorExercise();
    const res = await api('POST', '/api/classroom/exercises', { exercise, lang: lang() });
    // The address the pupils' tablets reach, never this computer's loopback.
    $('#ed-link').value = res.url || location.origin + res.link;
    $('#ed-copy').textContent = t('cls.ed.copy');
    $('#ed-shared').hidden = false;
    const mine = store.get(MINE, []);
    mine.unshift({ id: res.id, token: res.token, t: Date.now(), task: exercise.task, size: exercise.board.size });
    store.set(MINE, mine);
    renderMine();
  } catch (e) {
    $('#ed-status').textContent = e.message;
    $('#ed-status').className = 'cls-feedback bad';
  }
}

function renderMine() {
  const mine = store.get(MINE, []);
  const list = $('#ed-mine-list');
  list.textContent = '';
  $('#ed-mine').hidden = mine.length === 0;
  for (const m of mine) {
    const when = new Date(m.t).toLocaleDateString(lang());
    const key = { 'follow-arrows': 'follow', 'write-arrows': 'write', 'shortest-path': 'shortest' }[m.task] || m.task;
    const label = t('cls.task.' + key) + ', ' + m.size + ' × ' + m.size + ' (' + when + ')';
    const del = el('button', { type: 'button', class: 'btn', 'data-delete': m.id, text: t('cls.ed.delete') });
    del.addEventListener('click', () => deleteMine(m, del));
    list.append(el('li', { 'data-shared': m.id }, el('a', { href: '/classroom?e=' + encodeURIComponent(m.id), text: label }), ' ', del));
  }
}

async function deleteMine(m, button) {
  if (!window.confirm(t('cls.ed.delete_confirm'))) return;
  button.disabled = true;
  try {
    await api('DELETE', '/api/classroom/exercises/' + encodeURIComponent(m.id), undefined, m.token);
  } catch (e) {
    // Already gone from the server: forget it here too.
    if (e.status !== 404) {
      button.disabled = false;
      $('#ed-status').textContent = e.code === 'network' ? t('cls.network') : e.message;
      $('#ed-status').className = 'cls-feedback bad';
      return;
    }
  }
  store.set(MINE, store.get(MINE, []).filter((x) => x.id !== m.id));
  renderMine();
}

export {
  choice,
  editorChanged,
  editorOpen,
};
