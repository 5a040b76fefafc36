// The rules tutorial (/learn): ten lessons, one rule each. The board is
// drawn here from the lesson's position; a tap proposes a move (a pawn move
// to the tapped square, or a fence anchored there with a fence tool), and
// the server checks it against the lesson (/api/learn/check) and says why.

import { api } from '../lib/api.js';
import { $, el, svgEl } from '../lib/dom.js';
import { I18n } from '../lib/i18n.js';
import { store } from '../lib/store.js';
import { languagePicker } from '../lib/topbar.js';

const $$ = (sel) => Array.from(document.querySelectorAll(sel));
const t = (key, vars) => I18n.t(key, vars);

const CELL = 60;
const GAP = 10; // the board's margin at the top and right
const LABELS = 26; // at the left and bottom, where the coordinates are
const DONE_KEY = 'quoridor.learn.done';
const CHILD_KEY = 'quoridor.learn.child';
const PUZZLE_KEY = 'quoridor.puzzles';

const S = {
  mode: 'lessons', // or 'puzzles'
  puzzle: null, // the puzzle on the board
  score: Object.assign({ rating: 1000, streak: 0, seen: [] }, store.get(PUZZLE_KEY, {})),
  lessons: [],
  index: 0,
  tool: 'pawn',
  board: null, // the board drawn: the lesson's, or the one after a right move
  solved: false,
  done: new Set(store.get(DONE_KEY, [])),
};

function lang() {
  return I18n.lang;
}

function wording() {
  return $('#learn-child').checked ? 'child' : 'standard';
}

async function load() {
  const q = '?lang=' + lang() + '&wording=' + wording();
  const view = await api('GET', '/api/learn/lessons' + q);
  S.lessons = view.lessons;
  renderList();
  if (S.mode === 'lessons') renderLesson(false);
}

function renderList() {
  const list = $('#learn-list');
  list.replaceChildren(
    ...S.lessons.map((lesson, i) =>
      el(
        'li',
        {},
        el(
          'button',
          {
            type: 'button',
            class: 'btn learn-pick' + (i === S.index ? ' current' : ''),
            'aria-current': i === S.index ? 'step' : null,
            'data-lesson': lesson.id,
            onclick: () => open(i),
          },
          (S.done.has(lesson.id) ? '✓ ' : '') + lesson.number + '. ' + lesson.title,
        ),
      ),
    ),
  );
}

function open(i) {
  S.index = i;
  S.solved = false;
  renderList();
  renderLesson(true);
}

function renderLesson(focus) {
  const lesson = S.lessons[S.index];
  if (!lesson) return;
  S.board = lesson.board;
  $('#learn-lesson-title').textContent = t('learn.lesson_n', { n: lesson.number, total: S.lessons.length }) + ' — ' + lesson.title;
  $('#learn-rule').textContent = lesson.rule;
  $('#learn-task').textContent = lesson.task;
  $('#learn-feedback').hidden = true;
  $('#learn-next').hidden = true;
  $('#learn-again').hidden = true;
  drawBoard();
  if (focus) $('#learn-lesson-title').scrollIntoView({ block: 'nearest' });
}

// ------------------------------------------------------------------
// The board
// ------------------------------------------------------------------

function sqName(c, r) {
  return String.fromCharCode(97 + c) + (r + 1);
}

function parseSq(name) {
  return { c: name.charCodeAt(0) - 97, r: Number(name.slice(1)) - 1 };
}

// The top-left corner of a square, row 1 at the bottom.
function corner(b, c, r) {
  return { x: LABELS + c * CELL, y: GAP + (b.size - 1 - r) * CELL };
}

function fenceRect(b, name, cls) {
  const { c, r } = parseSq(name.slice(0, -1));
  const o = name.slice(-1);
  const thick = GAP * 0.8;
  if (o === 'h') {
    const p = corner(b, c, r + 1);
    return svgEl('rect', { class: cls, x: p.x + 2, y: p.y + CELL - thick / 2, width: 2 * CELL - 4, height: thick, rx: 3 });
  }
  const p = corner(b, c + 1, r + 1);
  return svgEl('rect', { class: cls, x: p.x - thick / 2, y: p.y + 2, width: thick, height: 2 * CELL - 4, ry: 3 });
}

function fenceFits(b, anchor) {
  const { c, r } = parseSq(anchor);
  return c + 1 < b.size && r + 1 < b.size;
}

function drawBoard() {
  const b = S.board;
  const side = GAP + LABELS + b.size * CELL;
  const svg = svgEl('svg', {
    viewBox: `0 0 ${side} ${side}`,
    role: 'group',
    'aria-label': t('learn.board'),
    class: S.solved ? '' : 'tappable',
  });
  svg.append(svgEl('rect', { class: 'learn-wood', x: 0, y: 0, width: side, height: side, rx: 10 }));
  const preview = svgEl('g', { class: 'learn-preview' });
  for (let r = b.size - 1; r >= 0; r--) {
    for (let c = 0; c < b.size; c++) {
      const p = corner(b, c, r);
      const name = sqName(c, r);
      const cell = svgEl('rect', {
        class: 'cell',
        'data-sq': name,
        x: p.x + 2,
        y: p.y + 2,
        width: CELL - 4,
        height: CELL - 4,
        rx: 5,
      });
      cell.append(svgEl('title', { text: name }));
      cell.addEventListener('click', () => tap(name));
      cell.addEventListener('pointerenter', () => showPreview(preview, name));
      svg.append(cell);
    }
  }
  for (let i = 0; i < b.size; i++) {
    const col = corner(b, i, 0);
    svg.append(svgEl('text', { class: 'learn-coord', x: col.x + CELL / 2, y: side - 7, text: String.fromCharCode(97 + i) }));
    const row = corner(b, 0, i);
    svg.append(svgEl('text', { class: 'learn-coord', x: LABELS / 2, y: row.y + CELL / 2 + 6, text: String(i + 1) }));
  }
  for (const f of b.fences) svg.append(fenceRect(b, f, 'fence'));
  for (const pawn of b.pawns) {
    const { c, r } = parseSq(pawn.square);
    const p = corner(b, c, r);
    const g = svgEl('g', { class: 'pawn pawn-' + pawn.seat + (pawn.seat === b.turn ? ' to-move' : ''), 'data-seat': pawn.seat });
    g.append(svgEl('circle', { cx: p.x + CELL / 2, cy: p.y + CELL / 2, r: CELL * 0.32 }));
    g.append(svgEl('text', { x: p.x + CELL / 2, y: p.y + CELL / 2 + 7, text: t('learn.seat_letter.' + pawn.seat) }));
    svg.append(g);
  }
  svg.append(preview);
  svg.addEventListener('pointerleave', () => preview.replaceChildren());
  $('#learn-board').replaceChildren(svg);
  const legend = b.pawns.map((p) => t('learn.seat_letter.' + p.seat) + ' = ' + t('learn.seat.' + p.seat)).join(' · ');
  $('#learn-turn').textContent = t('learn.to_move', { seat: b.turn_name }) + '   ' + legend;
  $('#learn-tool-hint').textContent = S.tool === 'pawn' ? t('learn.hint_pawn') : t('learn.hint_fence');
}

function showPreview(group, name) {
  group.replaceChildren();
  if (S.solved || S.tool === 'pawn' || !fenceFits(S.board, name)) return;
  group.append(fenceRect(S.board, name + S.tool, 'fence preview'));
}

async function tap(name) {
  if (S.solved) return;
  const move = S.tool === 'pawn' ? name : name + S.tool;
  if (S.mode === 'puzzles') {
    await tapPuzzle(move);
    return;
  }
  const lesson = S.lessons[S.index];
  let res;
  try {
    res = await api('POST', '/api/learn/check', { lesson: lesson.id, move, lang: lang(), wording: wording() });
  } catch (e) {
    feedback('illegal', e.message, null);
    return;
  }
  if (res.outcome === 'right') {
    S.solved = true;
    S.board = res.board;
    S.done.add(lesson.id);
    store.set(DONE_KEY, Array.from(S.done));
    drawBoard();
    renderList();
    $('#learn-next').hidden = S.index + 1 >= S.lessons.length;
    $('#learn-again').hidden = false;
    feedback('right', res.message, S.index + 1 >= S.lessons.length ? t('learn.finished') : null);
    return;
  }
  feedback(res.outcome, res.message, res.rule);
}

function feedback(outcome, message, more) {
  const box = $('#learn-feedback');
  const head = { right: t('learn.right'), not_asked: t('learn.not_asked'), illegal: t('learn.not_allowed'), wrong: t('learn.pz_wrong') }[outcome] || '';
  box.className = 'learn-feedback ' + outcome;
  box.replaceChildren(...[el('strong', { text: head }), ' ', message, more ? el('p', { text: more }) : null].filter((n) => n !== null));
  box.hidden = false;
}

// ------------------------------------------------------------------
// Puzzles
// ------------------------------------------------------------------

function saveScore() {
  store.set(PUZZLE_KEY, S.score);
  $('#pz-score').textContent = t('learn.pz_score', { streak: S.score.streak, rating: S.score.rating });
}

function setMode(mode) {
  S.mode = mode;
  for (const b of $$('.learn-mode')) b.setAttribute('aria-selected', String(b.dataset.mode === mode));
  const puzzles = mode === 'puzzles';
  $('#learn-lessons').hidden = puzzles;
  $('#learn-puzzle-bar').hidden = !puzzles;
  $('#learn-rule').hidden = puzzles;
  $('.learn-child').hidden = puzzles;
  $('#learn-next').textContent = puzzles ? t('learn.pz_next') : t('learn.next');
  saveScore();
}

function openPuzzle(view) {
  S.puzzle = view;
  S.solved = false;
  S.board = view.board;
  $('#learn-lesson-title').textContent = t('learn.pz_heading', { id: view.id, theme: t('learn.theme.' + view.theme), d: view.difficulty });
  $('#learn-task').textContent = view.task;
  $('#learn-feedback').hidden = true;
  $('#learn-next').hidden = true;
  $('#learn-again').hidden = true;
  drawBoard();
}

async function nextPuzzle() {
  const body = {
    rating: S.score.rating,
    seen: S.score.seen.slice(-4000),
    lang: lang(),
  };
  if ($('#pz-theme').value) body.theme = $('#pz-theme').value;
  if ($('#pz-difficulty').value) body.difficulty = Number($('#pz-difficulty').value);
  try {
    openPuzzle(await api('POST', '/api/learn/puzzles/next', body));
  } catch (e) {
    feedback('illegal', e.message, null);
  }
}

async function tapPuzzle(move) {
  const puzzle = S.puzzle;
  if (!puzzle) return;
  let res;
  try {
    res = await api('POST', '/api/learn/puzzles/check', { id: puzzle.id, move, rating: S.score.rating, lang: lang() });
  } catch (e) {
    feedback('illegal', e.message, null);
    return;
  }
  if (res.outcome === 'illegal') {
    feedback('illegal', res.message, null);
    return;
  }
  S.solved = true;
  S.board = res.board;
  S.score.rating = res.rating;
  S.score.streak = res.outcome === 'right' ? S.score.streak + 1 : 0;
  if (!S.score.seen.includes(puzzle.id)) S.score.seen.push(puzzle.id);
  saveScore();
  drawBoard();
  feedback(res.outcome, res.message, t('learn.pz_solution', { line: res.solution.join(' ') }));
  $('#learn-next').hidden = false;
  $('#learn-again').hidden = false;
  playLine(res.line, puzzle.id);
}

// The solution played out on the board, one move a second (the first,
// the answer, is already there); it stops if another puzzle opens.
function playLine(boards, id) {
  const board = $('#learn-board');
  board.dataset.step = '1';
  boards.slice(1).forEach((b, i) => {
    setTimeout(() => {
      if (!S.puzzle || S.puzzle.id !== id || !S.solved) return;
      S.board = b;
      drawBoard();
      board.dataset.step = String(i + 2);
    }, 1000 * (i + 1));
  });
}

function setTool(tool) {
  S.tool = tool;
  for (const b of $$('.learn-tool')) b.setAttribute('aria-checked', String(b.dataset.tool === tool));
  drawBoard();
}

// ------------------------------------------------------------------
// Start-up
// ------------------------------------------------------------------

function setupLanguage() {
  languagePicker(() => {
    document.title = t('title.learn');
    setMode(S.mode);
    load()
      .then(async () => {
        if (S.mode === 'puzzles' && S.puzzle) {
          openPuzzle(await api('GET', '/api/learn/puzzles/' + encodeURIComponent(S.puzzle.id) + '?lang=' + lang()));
        }
      })
      .catch((e) => feedback('illegal', e.message, null));
  });
}

function init() {
  setupLanguage();
  document.title = t('title.learn');
  $('#learn-child').checked = store.get(CHILD_KEY, false);
  $('#learn-child').addEventListener('change', () => {
    store.set(CHILD_KEY, $('#learn-child').checked);
    const keep = S.index;
    load().then(() => open(keep)).catch((e) => feedback('illegal', e.message, null));
  });
  for (const b of $$('.learn-tool')) b.addEventListener('click', () => setTool(b.dataset.tool));
  $('#learn-next').addEventListener('click', () => {
    if (S.mode === 'puzzles') nextPuzzle();
    else open(Math.min(S.index + 1, S.lessons.length - 1));
  });
  $('#learn-again').addEventListener('click', () => {
    if (S.mode === 'puzzles') openPuzzle(S.puzzle);
    else open(S.index);
  });
  for (const b of $$('.learn-mode')) {
    b.addEventListener('click', () => {
      setMode(b.dataset.mode);
      if (b.dataset.mode === 'puzzles') nextPuzzle();
      else open(S.index);
    });
  }
  $('#pz-theme').addEventListener('change', nextPuzzle);
  $('#pz-difficulty').addEventListener('change', nextPuzzle);
  const params = new URLSearchParams(location.search);
  const wanted = params.get('lesson');
  const puzzleId = params.get('puzzle');
  load()
    .then(async () => {
      if (puzzleId) {
        setMode('puzzles');
        openPuzzle(await api('GET', '/api/learn/puzzles/' + encodeURIComponent(puzzleId) + '?lang=' + lang()));
        return;
      }
      const i = S.lessons.findIndex((l) => l.id === wanted);
      if (i >= 0) open(i);
    })
    .catch((e) => feedback('illegal', e.message, null));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
