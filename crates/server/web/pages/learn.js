// @ts-check
// The rules tutorial (/learn): ten lessons, one rule each. The board is
// drawn here from the lesson's position; a tap proposes a move (a pawn move
// to the tapped square, or a fence anchored there with a fence tool), and
// the server checks it against the lesson (/api/learn/check) and says why.
// With `?class=ID&a=N`, a class's assignment of puzzles or lessons: each
// move is checked and recorded by the class, by the assignment's rules.

import { api } from '../lib/api.js';
import { buttons, firstOpen, nextToDo, rightCount, rightSet } from '../lib/assignment.js';
import { $, announce, el, svgEl } from '../lib/dom.js';
import { BoardKeys } from '../lib/board/input.js';
import { BoardView } from '../lib/board/view.js';
import { I18n } from '../lib/i18n.js';
import { parseSquare } from '../lib/position.js';
import { movePicture, toolPicture } from '../lib/move-picture.js';
import { sayButton } from '../lib/speech.js';
import { store } from '../lib/store.js';
import { accountLink, languagePicker } from '../lib/topbar.js';

const $$ = (sel) => Array.from(document.querySelectorAll(sel));
const t = (key, vars) => I18n.t(key, vars);

const DONE_KEY = 'quoridor.learn.done';
const CHILD_KEY = 'quoridor.learn.child';
const PUZZLE_KEY = 'quoridor.puzzles';

/** @typedef {import('../lib/position.js').Seat} Seat */
/**
 * A board of a lesson or a puzzle, as the server sends it.
 * @typedef {{size: number, fences: string[], pawns: {seat: Seat, square: string}[], turn: Seat, turn_name: string}} LessonBoard
 */
/**
 * The page's state.
 * @type {{
 *   mode: 'lessons' | 'puzzles', puzzle: any,
 *   score: {rating: number, streak: number, seen: string[]},
 *   lessons: {id: string, number: number, title: string, rule: string, task: string, move_kind?: string, board: LessonBoard}[],
 *   index: number, tool: 'pawn' | 'h' | 'v', board: LessonBoard | null, solved: boolean, done: Set<string>,
 * }}
 */
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

/**
 * A class's assignment done here (`?class=ID&a=N`): who, where, and how
 * the item on the board stands.
 * @type {{on: boolean, class: string, n: number, token: string, index: number, count: number,
 *   rules: import('../lib/views.js').AssignmentRules, title: string, task: any, tried: boolean, right: boolean,
 *   done: Set<number>}} `done`: the items right, passed over by "Next".
 */
const W = {
  on: false, class: '', n: 0, token: '', index: 0, count: 0,
  rules: { solution_after_try: true, until_right: false, no_skip: false },
  title: '', task: null, tried: false, right: false, done: new Set(),
};

function lang() {
  return I18n.lang;
}

function wording() {
  return $('#learn-child').checked ? 'child' : 'standard';
}

/** A text in the voice of the wording chosen: a child is told "tu" in French, a player "vous". */
function tw(key, params) {
  return t(wording() === 'child' ? key + '_child' : key, params);
}

async function load() {
  const q = '?lang=' + lang() + '&wording=' + wording();
  const view = await api('GET', '/api/learn/lessons' + q);
  S.lessons = view.lessons;
  renderList();
  if (S.mode === 'lessons' && !W.on) renderLesson(false);
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

/**
 * Keeps the lesson or puzzle shown in the address, so that a page the
 * phone reloads (a tab brought back, an update) comes back to it, not to
 * lesson 1 with a puzzle's move judged as a lesson's. A class's work
 * keeps its own address.
 * @param {'lesson' | 'puzzle'} kind @param {string} id
 */
function remember(kind, id) {
  if (W.on || !id) return;
  history.replaceState(null, '', location.pathname + '?' + kind + '=' + encodeURIComponent(id));
}

function open(i) {
  S.index = i;
  S.solved = false;
  remember('lesson', S.lessons[i] ? S.lessons[i].id : '');
  // A new board, maybe of another size: the cursor starts on the pawn.
  keys.forgetCursor();
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
  showMovePicture(lesson.move_kind, lesson.board.turn);
  $('#learn-feedback').hidden = true;
  $('#learn-next').hidden = true;
  $('#learn-again').hidden = true;
  drawBoard();
  if (focus) $('#learn-lesson-title').scrollIntoView({ block: 'nearest' });
}

// ------------------------------------------------------------------
// The board
// ------------------------------------------------------------------

/** The board, drawn by the shared board library (made at start-up). @type {BoardView} */
let board;
/** Its keyboard cursor: fence mode is a fence tool. @type {BoardKeys} */
let keys;

/**
 * The lesson's card is hidden until its first lesson, puzzle or task is
 * drawn: filled in place, nothing on it moves under the reader's eyes (it
 * moved by half the screen on a phone).
 */
function cardReady() {
  const card = document.querySelector('.learn-lesson');
  if (card) card.classList.remove('learn-loading');
}

function drawBoard() {
  cardReady();
  const b = S.board;
  if (!b) return;
  board.build({ size: b.size, seats: b.pawns.map((p) => p.seat), slots: false });
  board.svg.classList.toggle('tappable', !S.solved);
  board.svg.setAttribute('aria-label', tw('learn.board'));
  board.showPosition({
    pawns: Object.fromEntries(b.pawns.map((p) => [p.seat, p.square])),
    fences: b.fences,
    toMove: b.turn,
  });
  board.previewFence(null);
  keys.draw();
  const legend = b.pawns.map((p) => t('initial.' + p.seat) + ' = ' + t('learn.seat.' + p.seat)).join(' · ');
  // Once answered, the board plays the solution out: who is to move there
  // is not the puzzle's side, and would contradict the task above.
  const caption = S.solved && S.mode === 'puzzles' ? t('learn.line_shown') : t('learn.to_move', { seat: b.turn_name });
  $('#learn-turn').textContent = caption + '   ' + legend;
  $('#learn-tool-hint').textContent = S.tool === 'pawn' ? tw('learn.hint_pawn') : tw('learn.hint_fence');
}

// The square a tap or a pointer is on; in a groove, with a fence tool,
// the square the fence would start from (its anchor).
function squareAt(ev) {
  const hit = board.pick(ev);
  if (!hit) return null;
  if ('square' in hit) return hit.square;
  return S.tool === 'pawn' ? null : hit.fence.slice(0, -1);
}

// With a fence tool, the fence that a tap there would place.
function showPreview(name) {
  const at = name && parseSquare(name);
  const size = S.board ? S.board.size : 0;
  const fits = at && at.c + 1 < size && at.r + 1 < size;
  board.previewFence(!S.solved && S.tool !== 'pawn' && fits ? name + S.tool : null);
}

// The keyboard's cursor in words: the square and who is on it, or the
// fence.
function describeCursor(target) {
  if ('fence' in target) return t('learn.fence_at', { fence: target.fence });
  const pawn = S.board && S.board.pawns.find((p) => p.square === target.square);
  return pawn ? target.square + ', ' + t('learn.seat.' + pawn.seat) : target.square;
}

/** The keys of every board (lib/board/input.js); fence mode is a fence tool. @type {import('../lib/board/input.js').KeyHooks} */
const keyHooks = {
  playing: () => !S.solved,
  canFence: () => !S.solved,
  start: () => {
    const b = S.board;
    const pawn = b && b.pawns.find((p) => p.seat === b.turn);
    return pawn ? parseSquare(pawn.square) : null;
  },
  square: (name) => tap(name),
  fence: (name) => {
    setTool(/** @type {'h' | 'v'} */ (name.slice(-1)));
    tap(name.slice(0, -1));
  },
  preview: (name) => {
    if (name && name.slice(-1) !== S.tool) setTool(/** @type {'h' | 'v'} */ (name.slice(-1)));
    board.previewFence(name);
  },
  modeChanged: (on) => setTool(on ? (keys.fcursor ? keys.fcursor.o : 'h') : 'pawn'),
  describe: describeCursor,
  modeText: (on) => t(on ? 'fence.mode_on' : 'fence.mode_off'),
  announce,
};

function setupBoard() {
  const svg = /** @type {SVGSVGElement} */ (svgEl('svg', { class: 'board', role: 'application', 'aria-describedby': 'learn-turn learn-tool-hint learn-keys' }));
  $('#learn-board').replaceChildren(svg);
  board = new BoardView(svg);
  keys = new BoardKeys(board);
  keys.attach(svg, keyHooks);
  svg.addEventListener('click', (ev) => {
    const name = squareAt(ev);
    if (name) tap(name);
  });
  svg.addEventListener('pointermove', (ev) => showPreview(squareAt(ev)));
  svg.addEventListener('pointerleave', () => board.previewFence(null));
}

async function tap(name) {
  if (S.solved) return;
  const move = S.tool === 'pawn' ? name : name + S.tool;
  if (W.on) {
    await tapClassWork(move);
    return;
  }
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
    feedback('right', res.message, S.index + 1 >= S.lessons.length ? tw('learn.finished') : null);
    return;
  }
  feedback(res.outcome, res.message, res.rule);
}

function feedback(outcome, message, more) {
  cardReady();
  const box = $('#learn-feedback');
  const head = { right: t('learn.right'), not_asked: t('learn.not_asked'), illegal: t('learn.not_allowed'), wrong: t('learn.pz_wrong'), solution: t('cls.solution') }[outcome] || '';
  box.className = 'learn-feedback ' + outcome;
  box.replaceChildren(...[el('strong', { text: head }), ' ', message, more ? el('p', { text: more }) : null].filter((n) => n !== null));
  box.hidden = false;
}

// ------------------------------------------------------------------
// Puzzles
// ------------------------------------------------------------------

function saveScore() {
  store.set(PUZZLE_KEY, S.score);
  $('#pz-score').textContent = tw('learn.pz_score', { streak: S.score.streak, rating: S.score.rating });
}

function setMode(mode) {
  S.mode = mode;
  for (const b of $$('.learn-mode')) b.setAttribute('aria-selected', String(b.dataset.mode === mode));
  const puzzles = mode === 'puzzles';
  $('#learn-lessons').hidden = puzzles;
  $('#learn-puzzle-bar').hidden = !puzzles;
  $('#learn-rule').hidden = puzzles;
  $('#learn-next').textContent = puzzles ? t('learn.pz_next') : t('learn.next');
  // The line under the title speaks of the tab shown.
  const tagline = $('.learn .tagline');
  tagline.dataset.i18n = puzzles ? 'learn.pz_tagline' : 'learn.tagline';
  tagline.textContent = t(tagline.dataset.i18n);
  saveScore();
}

/** A puzzle's address, in the page's language and wording. @param {string} id */
function puzzlePath(id) {
  return '/api/learn/puzzles/' + encodeURIComponent(id) + '?lang=' + lang() + '&wording=' + wording();
}

function openPuzzle(view) {
  S.puzzle = view;
  remember('puzzle', view.id);
  S.solved = false;
  S.board = view.board;
  keys.forgetCursor();
  // Each puzzle starts on the pawn: a fence tool left from the last one
  // would turn a tap on the right square into a fence.
  setTool('pawn');
  // People see the puzzle's number, never its id (the address's).
  $('#learn-lesson-title').textContent = t('learn.pz_heading', { n: view.number, total: view.total, theme: t('learn.theme.' + view.theme), d: view.difficulty });
  $('#learn-task').textContent = view.task;
  showMovePicture(view.move_kind, view.board.turn);
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
    wording: wording(),
  };
  if ($('#pz-theme').value) body.theme = $('#pz-theme').value;
  if ($('#pz-difficulty').value) body.difficulty = Number($('#pz-difficulty').value);
  try {
    openPuzzle(await api('POST', '/api/learn/puzzles/next', body));
  } catch (e) {
    feedback('illegal', e.message, null);
  }
}

/** Whether `move` is a fence where the task asks for a pawn's move (a
 * misclick with a fence tool: told, never judged). */
function fenceNotAsked(move, kind) {
  return /[hv]$/.test(move) && (kind === 'step' || kind === 'jump');
}

async function tapPuzzle(move) {
  const puzzle = S.puzzle;
  if (!puzzle) return;
  if (fenceNotAsked(move, puzzle.move_kind)) {
    feedback('illegal', tw('learn.pawn_asked'), null);
    return;
  }
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
  // A miss says first what was played (the board shows the answer now).
  const said = res.outcome === 'wrong' ? tw('learn.you_played', { move }) + ' ' + res.message : res.message;
  feedback(res.outcome, said, t('learn.pz_solution', { line: res.solution.join(' ') }));
  $('#learn-next').hidden = false;
  $('#learn-again').hidden = false;
  playLine(res.line, puzzle.id);
}

// The solution played out on the board, one move a second (the first,
// the answer, is already there); it stops if another puzzle opens.
function playLine(boards, id) {
  playBoards(boards.slice(1), () => !!S.puzzle && S.puzzle.id === id && S.solved, 2);
}

// Boards shown one a second while `still()` holds, numbered from `from`
// on the board's `data-step`; then `after`, if any.
function playBoards(boards, still, from, after) {
  const box = $('#learn-board');
  box.dataset.step = String(from - 1);
  boards.forEach((b, i) => {
    setTimeout(() => {
      if (!still()) return;
      S.board = b;
      drawBoard();
      box.dataset.step = String(i + from);
    }, 1000 * (i + 1));
  });
  if (after) setTimeout(() => { if (still()) after(); }, 1000 * (boards.length + 1));
}

// ------------------------------------------------------------------
// A class's assignment of puzzles or lessons
// ------------------------------------------------------------------

function classPath(rest) {
  return '/api/classes/' + encodeURIComponent(W.class) + '/assignments/' + W.n + rest;
}

async function openClassWork(classId, n) {
  const rec = store.get('quoridor.club.pupil', null);
  if (!rec || rec.id !== classId) {
    location.href = '/join';
    return;
  }
  W.on = true;
  for (const sel of ['.learn-modes', '#learn-lessons', '#learn-puzzle-bar', '.learn .hero .tagline']) $(sel).hidden = true;
  // A pupil's page: the players' links (lobby, leaderboard, log in) are
  // not for the lesson.
  for (const link of $$('.topbar a[href="/lobby"], .topbar a[href="/leaderboard"], #account-link')) link.hidden = true;
  $('#learn-class-bar').hidden = false;
  $('#learn-next').textContent = t('cls.next');
  try {
    const me = await api('GET', '/api/classes/' + encodeURIComponent(classId) + '/me', undefined, rec.token);
    const mine = me.assignments.find((x) => x.id === n);
    if (!mine) throw new Error(t('cls.not_found'));
    Object.assign(W, { class: classId, n, token: rec.token, count: mine.count, rules: mine.rules, title: mine.title, done: rightSet(mine.work) });
    $('#lc-title').textContent = mine.title;
    $('#lc-progress').max = mine.count;
    await loadTask(firstOpen(mine));
  } catch (e) {
    feedback('illegal', e.message, null);
  }
}

async function loadTask(index) {
  if (index >= W.count) {
    await endClassWork();
    return;
  }
  Object.assign(W, { index, tried: false, right: false });
  const task = await api('GET', classPath('/tasks/' + index + '?lang=' + lang() + '&wording=' + wording()), undefined, W.token);
  W.task = task;
  S.solved = false;
  S.board = task.board;
  keys.forgetCursor();
  setTool('pawn');
  showTaskWords();
  $('#learn-feedback').hidden = true;
  $('#learn-again').hidden = true;
  classButtons();
  drawBoard();
}

function showTaskWords() {
  const task = W.task;
  if (!task) return;
  $('#lc-step').textContent = t('learn.class_step', { n: W.index + 1, total: W.count });
  $('#lc-progress').value = W.index;
  $('#learn-lesson-title').textContent = task.kind === 'puzzle' ? task.title + ' · ' + t('learn.pz_difficulty') + ' ' + task.difficulty + '/5' : task.title;
  $('#learn-rule').textContent = task.rule || '';
  $('#learn-rule').hidden = !task.rule;
  $('#learn-task').textContent = task.task;
  showMovePicture(task.move_kind, task.board.turn);
}

/**
 * The picture of the move asked for, beside the task: for a child who
 * cannot read it yet.
 * @param {string | undefined} kind @param {string} seat
 */
function showMovePicture(kind, seat) {
  const box = $('#learn-task-pic');
  box.replaceChildren(...(kind ? [movePicture(kind, /** @type {Seat} */ (seat), t('learn.kind.' + kind))] : []));
  box.hidden = !kind;
}

// The same item in another language or wording: its words again.
async function relabelTask() {
  if (!W.task) return;
  try {
    const task = await api('GET', classPath('/tasks/' + W.index + '?lang=' + lang() + '&wording=' + wording()), undefined, W.token);
    W.task = task;
    showTaskWords();
    if (!S.solved) {
      S.board = task.board;
      drawBoard();
    }
  } catch (_) { /* the words stay as they were */ }
}

function classButtons() {
  const b = buttons(W.rules, { tried: W.tried, right: W.right });
  $('#lc-solution').hidden = !b.solution;
  $('#lc-skip').hidden = !b.skip;
  $('#learn-next').hidden = !b.next;
  $('#lc-home').hidden = true;
}

async function tapClassWork(move) {
  const index = W.index;
  if (W.task && fenceNotAsked(move, W.task.move_kind)) {
    feedback('illegal', tw('learn.pawn_asked'), null);
    return;
  }
  let res;
  try {
    res = await api('POST', classPath('/moves'), { index, move, lang: lang(), wording: wording() }, W.token);
  } catch (e) {
    feedback('illegal', e.message, null);
    return;
  }
  if (index !== W.index) return;
  if (res.outcome === 'illegal') {
    feedback('illegal', res.message, null);
    return;
  }
  W.tried = true;
  if (res.outcome === 'right') {
    W.right = true;
    W.done.add(index);
    S.solved = true;
    S.board = res.board;
    drawBoard();
    const after = res.status === 'right_after_solution' ? t('cls.right_after_solution') : null;
    feedback('right', res.message, after);
    if (res.line && res.line.length > 1) playBoards(res.line.slice(1), () => W.index === index && S.solved, 2);
  } else if (res.outcome === 'wrong') {
    feedback('wrong', t('learn.class_try_again'), null);
  } else {
    feedback('not_asked', res.message, null);
  }
  classButtons();
}

async function showClassSolution() {
  const index = W.index;
  let res;
  try {
    res = await api('POST', classPath('/tasks/' + index + '/solution?lang=' + lang()), {}, W.token);
  } catch (e) {
    feedback('illegal', e.message, null);
    return;
  }
  const moves = W.task && W.task.kind === 'lesson' ? res.moves.slice(0, 4).join(' · ') : res.moves.join(' ');
  feedback('solution', moves, res.message);
  // The answer shown on the board for a moment, then back to the start:
  // the pupil plays it.
  const start = W.task.board;
  S.solved = true;
  drawBoard();
  playBoards(res.line.slice(0, 1), () => W.index === index && !W.right, 1, () => {
    S.solved = false;
    S.board = start;
    drawBoard();
  });
  $('#lc-solution').hidden = true;
}

async function skipTask() {
  try {
    await api('POST', classPath('/answers'), { index: W.index, skip: true }, W.token);
    await loadTask(nextToDo(W.count, W.done, W.index));
  } catch (e) {
    feedback('illegal', e.message, null);
  }
}

// The end: well done only if everything is right; otherwise what is
// still to do, to come back to.
async function endClassWork() {
  W.task = null;
  let left = 0;
  try {
    const me = await api('GET', '/api/classes/' + encodeURIComponent(W.class) + '/me', undefined, W.token);
    const mine = me.assignments.find((x) => x.id === W.n);
    left = W.count - (mine ? rightCount(mine.work) : W.count);
  } catch (_) { /* offline: say the end only */ }
  S.solved = true;
  $('#lc-progress').value = W.count;
  $('#lc-step').textContent = '';
  // Said without a heading ("Right!" before "All done! Well done." says it twice).
  feedback(left === 0 ? 'done' : 'left', left === 0 ? t('club.all_done') : I18n.tn('club.end_left', left), null);
  for (const id of ['#lc-solution', '#lc-skip', '#learn-next', '#learn-again']) $(id).hidden = true;
  $('#lc-home').hidden = false;
  $('#learn-board').replaceChildren();
  $('.learn-controls').hidden = true;
}

function setTool(tool) {
  S.tool = tool;
  // The buttons and the keyboard choose the same tool.
  keys.fenceMode = tool !== 'pawn';
  if (keys.fenceMode && keys.fcursor) keys.fcursor.o = tool;
  for (const b of $$('.learn-tool')) b.setAttribute('aria-checked', String(b.dataset.tool === tool));
  drawBoard();
}

// ------------------------------------------------------------------
// Start-up
// ------------------------------------------------------------------

function setupLanguage() {
  return languagePicker(() => {
    // The pawns' letters are in the page's language: draw them again.
    board.key = '';
    document.title = t('title.learn');
    if (W.on) {
      $('#learn-next').textContent = t('cls.next');
      relabelTask();
      return;
    }
    setMode(S.mode);
    load()
      .then(async () => {
        if (S.mode === 'puzzles' && S.puzzle) {
          openPuzzle(await api('GET', puzzlePath(S.puzzle.id)));
        }
      })
      .catch((e) => feedback('illegal', e.message, null));
  });
}

async function init() {
  setupBoard();
  await setupLanguage();
  document.title = t('title.learn');
  const params = new URLSearchParams(location.search);
  const inClass = params.has('class');
  if (!inClass) accountLink();
  // Children do a class's lessons and puzzles: always in simple words
  // ("tu"), whatever this tablet chose outside the class.
  $('#learn-child').checked = inClass || store.get(CHILD_KEY, false);
  if (inClass) {
    const tagline = $('.tagline');
    tagline.setAttribute('data-i18n', 'learn.tagline_child');
    tagline.textContent = t('learn.tagline_child');
  }
  // A loudspeaker says the lesson or the puzzle, and what came of a move.
  sayButton($('#learn-say'), () => document.querySelectorAll('#learn-lesson-title, #learn-rule, #learn-task, #learn-turn, #learn-feedback'), () => I18n.lang);
  $('#learn-child').addEventListener('change', () => {
    store.set(CHILD_KEY, $('#learn-child').checked);
    if (W.on) {
      relabelTask();
      return;
    }
    if (S.mode === 'puzzles' && S.puzzle) {
      // The same puzzle, in the other wording.
      api('GET', puzzlePath(S.puzzle.id)).then(openPuzzle).catch((e) => feedback('illegal', e.message, null));
      return;
    }
    const keep = S.index;
    load().then(() => open(keep)).catch((e) => feedback('illegal', e.message, null));
  });
  for (const b of $$('.learn-tool')) {
    b.prepend(toolPicture(b.dataset.tool || 'pawn'));
    b.addEventListener('click', () => setTool(b.dataset.tool));
  }
  $('#lc-solution').addEventListener('click', showClassSolution);
  $('#lc-skip').addEventListener('click', skipTask);
  $('#learn-next').addEventListener('click', () => {
    if (W.on) loadTask(nextToDo(W.count, W.done, W.index)).catch((e) => feedback('illegal', e.message, null));
    else if (S.mode === 'puzzles') nextPuzzle();
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
  if (inClass) {
    openClassWork(params.get('class') || '', Number(params.get('a')));
    return;
  }
  const wanted = params.get('lesson');
  const puzzleId = params.get('puzzle');
  load()
    .then(async () => {
      if (puzzleId) {
        setMode('puzzles');
        openPuzzle(await api('GET', puzzlePath(puzzleId)));
        return;
      }
      const i = S.lessons.findIndex((l) => l.id === wanted);
      // Not if the puzzles were chosen meanwhile.
      if (i >= 0 && S.mode === 'lessons') open(i);
    })
    .catch((e) => feedback('illegal', e.message, null));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
