// @ts-check
// The analysis board (/analysis?pos=<position notation>): any position,
// set up by hand or opened from a game (the whole game, at any move), its
// moves explored as a tree (lib/move-tree.js: a move played anywhere else
// becomes a variation) with the engine's value, best line and both
// shortest paths shown after every change. The URL always holds the
// position, the tree (`tree=`) and the line shown (`line=`), so that a
// link shares them.
//
// The engine runs on this device (lib/engine.js: WebAssembly in a Web
// Worker), its depth growing live, and a new position stops the search
// of the last. The server's analysis (POST /api/analyse) takes over where
// the browser cannot run it, or when the address asks `engine=server`.
// Either searches to the depth chosen from an empty table, so that the
// same position shows the same best moves on a phone, a desktop and the
// server; the three best moves are listed, each with its line.

import { api, errorText } from '../lib/api.js';
import { BoardKeys } from '../lib/board/input.js';
import { BoardPointer } from '../lib/board/pointer.js';
import { BoardView } from '../lib/board/view.js';
import { LocalEngine, deviceEngineWanted } from '../lib/engine.js';
import { MAX_NODES, MoveTree } from '../lib/move-tree.js';
import { $, announce, el, svgEl } from '../lib/dom.js';
import { I18n } from '../lib/i18n.js';
import { SEATS2, SEATS4, parseSquare, readNotation, writeNotation } from '../lib/position.js';
import { eraseFences, putFence, setHands } from '../lib/setup.js';
import { arrived, scoreWords, verdict } from '../lib/verdict.js';
import { accountLink, languagePicker } from '../lib/topbar.js';
import { attachRecords } from './analysis-records.js';
import { drawTree } from './analysis-tree.js';

const t = (key, params) => I18n.t(key, params);
const START = '9 e1,e9 - 10,10 south 0';
/** How many best moves are listed. */
const LINES = 3;
/** The depth chosen, kept for every visit. */
const DEPTH_KEY = 'quoridor.board.depth';
const DEPTHS = [8, 10, 12, 14];
const engine = new LocalEngine();
/** Whether the engine runs on this device (decided at start-up). */
let local = false;

/**
 * The position set up (`root`), the moves tried from it, the line shown
 * (`line`, a path of `tree`) and the engine's view of it; `aside`: the
 * position and moves left when Set up began, to go back to.
 * @type {{root: string, tree: MoveTree, line: string[], view: import('../lib/views.js').AnalyseView | null, mode: 'play' | 'setup', busy: number,
 *   aside: {root: string, tree: MoveTree, line: string[]} | null}}
 */
const B = { root: START, tree: new MoveTree(), line: [], view: null, mode: 'play', busy: 0, aside: null };

/** The board, drawn by the shared board library (made at start-up). @type {BoardView} */
let board;
/** Its keyboard cursor and fence mode. @type {BoardKeys} */
let keys;

function showError(text) {
  $('#ab-error').hidden = !text;
  $('#ab-error').textContent = text || '';
}

/** The page's address: the position, the tree where it holds more than the line, the line. */
function address() {
  const tree = B.tree.format();
  const line = B.line.join(' ');
  // The depth chosen travels with the link, so that it shows what was seen.
  return '/analysis?pos=' + encodeURIComponent(B.root)
    + (tree && tree !== line ? '&tree=' + encodeURIComponent(tree) : '')
    + (line ? '&line=' + encodeURIComponent(line) : '')
    + '&depth=' + depth();
}

/** Shows the line at `path` of the tree. @param {string[]} path */
function goTo(path) {
  if (path.join(' ') === B.line.join(' ')) return;
  B.line = path;
  refresh();
}

/** The line whose view is shown (B.view), as text. */
let viewed = /** @type {string | null} */ (null);
/** A refused move's error, kept until the line before it is shown. */
let carried = /** @type {string | null} */ (null);

/**
 * The line shown holds a move the rules refuse (typed in, or in a link):
 * it leaves the tree, with what follows it, and the line before it is
 * shown, the error with it.
 * @param {string} error
 */
function refused(error) {
  B.line = B.tree.remove(B.line);
  if (viewed === B.line.join(' ')) {
    showError(error);
    history.replaceState(null, '', address());
    $('#ab-share').value = location.origin + address();
    drawMoves();
    draw();
    return;
  }
  carried = error;
  refresh();
}

/** The view of the line shown has come. @param {import('../lib/views.js').AnalyseView} view */
function shown(view) {
  B.view = view;
  viewed = B.line.join(' ');
  showError(carried);
  carried = null;
}

async function refresh() {
  const ticket = ++B.busy;
  const url = address();
  history.replaceState(null, '', url);
  $('#ab-share').value = location.origin + url;
  drawMoves();
  // The last position's engine words go: a new search starts.
  $('#ab-engine').textContent = local ? t('board.engine_thinking', { depth: 0 }) : t('board.engine_server');
  if (local) {
    await refreshLocal(ticket);
    return;
  }
  try {
    const view = await api('POST', '/api/analyse', { position: B.root, moves: B.line, depth: depth(), lines: LINES });
    if (ticket !== B.busy) return;
    shown(view);
  } catch (e) {
    if (ticket !== B.busy) return;
    // A move refused leaves the tree; a failure of the network or a limit
    // keeps it (shown again once the server answers).
    if (B.line.length && (e.code === 'illegal_move' || e.code === 'bad_request')) refused(e.message);
    else showError(e.message);
    return;
  }
  draw();
}

/**
 * The analysis on this device: the position's facts at once, then the
 * engine's line at each depth.
 * @param {number} ticket
 */
async function refreshLocal(ticket) {
  const request = { op: /** @type {const} */ ('search'), position: B.root, moves: B.line, level: 8, depth: depth(), lines: LINES, newGame: true };
  try {
    const result = await engine.run(request, {
      onFacts: (facts) => {
        if (ticket !== B.busy) return;
        shown({ ...facts, value: 0.5, score: '', best: null, line: [], depth: 0, nodes: 0, ms: 0, searching: true });
        draw();
      },
      onInfo: (info) => {
        if (ticket !== B.busy || !B.view) return;
        Object.assign(B.view, info);
        draw();
      },
    });
    if (ticket === B.busy && B.view) {
      if (result) Object.assign(B.view, result);
      B.view.searching = false;
      draw();
    }
  } catch (e) {
    if (ticket !== B.busy || e.error === 'stopped') return;
    const error = e.error === 'illegal_move' ? errorText({ code: 'illegal_move', reason: e.reason }) : errorText({ code: 'bad_request', message: e.message, reason: e.reason });
    if (B.view) B.view.searching = false;
    if (B.line.length && (e.error === 'illegal_move' || e.error === 'move')) refused(error);
    else showError(error);
  }
}

/** Which engine answers, and how far it has got. */
function engineText() {
  const v = B.view;
  if (!local) {
    // The server's time is shared: a search stops after 2 s at the depth
    // it reached, said beside the depth asked.
    if (!v || v.over || !v.depth) return t('board.engine_server');
    if (v.depth < depth()) return t('board.engine_server_short', { depth: v.depth, asked: depth() });
    return t('board.engine_server_depth', { depth: v.depth });
  }
  if (!v || v.over) return '';
  if (v.searching && v.depth >= depth()) return t('board.engine_lines', { depth: v.depth });
  if (v.searching) return t('board.engine_thinking', { depth: v.depth });
  const ms = v.ms || 0;
  const knps = ms > 0 ? Math.round((v.nodes || 0) / ms) : 0;
  return t('board.engine_local', { depth: v.depth, knps });
}

function draw() {
  const v = B.view;
  if (!v) return;
  const p = readNotation(v.position);
  if (!p) return;
  const seats = seatsOf(p);
  board.build({ size: p.size, seats, slots: false });
  const pawns = {};
  seats.forEach((seat, i) => { if (p.pawns[i] && p.pawns[i] !== '-') pawns[seat] = p.pawns[i]; });
  board.showPosition({ pawns, fences: p.fences, toMove: v.over ? null : v.turn });
  const playing = B.mode === 'play' && !keys.fenceMode;
  board.markSquares(playing ? v.legal.pawn : [], 'legal');
  board.svg.classList.toggle('fence-mode', keys.fenceMode);
  // Both shortest paths, under the pawns, and the best move.
  board.showPaths(v.paths);
  board.showMove(B.mode === 'play' && !v.over ? v.best : null, pawnToMove(p));
  board.svg.setAttribute('aria-label', t('board.label', { n: p.size }));
  $('#ab-desc').textContent = describe(p, seats);
  keys.draw();

  // Who has won, who wins by force, or the chances; the bar agrees.
  const two = seats.length === 2;
  const other = two ? (v.turn === 'south' ? 'north' : 'south') : null;
  const said = verdict(v, two && v.over ? arrived(p, parseSquare) : null, other, t, seatName);
  $('#ab-eval').textContent = said.text;
  $('#ab-bar-south').style.height = (said.south * 100).toFixed(1) + '%';
  $('#ab-best').textContent = v.best ? t('board.best', { move: v.best, line: v.line.join(' '), depth: v.depth }) : '';
  drawLines(v, other);
  const book = (v.book || []).map((m) => `${m.move} (${scoreWords(m.score, v.turn, other, t, seatName)})`).join(', ');
  $('#ab-book').textContent = book ? t('board.book', { moves: book }) : '';
  $('#ab-engine').textContent = engineText();
  drawMoves();
  $('#ab-fences-south').value = p.left[0];
  $('#ab-fences-north').value = p.left[1];
  $('#ab-turn').value = p.turn;
}

/** A seat's name in the page's language. @param {string} seat */
function seatName(seat) {
  return t('board.' + seat);
}

/** The depth chosen for the engine. */
function depth() {
  const chosen = Number(/** @type {HTMLSelectElement} */ ($('#ab-depth')).value);
  return DEPTHS.includes(chosen) ? chosen : 10;
}

/**
 * The best moves found (the first is the best move above), each with its
 * value and line; a click plays it.
 * @param {import('../lib/views.js').AnalyseView} v @param {string | null} other the seat not to move (two players)
 */
function drawLines(v, other) {
  const list = $('#ab-lines');
  list.textContent = '';
  if (v.over || B.mode !== 'play') return;
  for (const line of v.lines || []) {
    const b = el('button', { type: 'button', 'data-move': line.best, title: t('board.play_line', { move: line.best }) });
    b.append(el('span', { class: 'mv-name', text: line.best }), ' ' + scoreWords(line.score, v.turn, other, t, seatName) + ' · ' + line.line.join(' '));
    b.onclick = () => play(line.best);
    list.append(el('li', {}, [b]));
  }
}

/** The tree of moves, the line shown marked, and the buttons that move along it. */
function drawMoves() {
  const p = readNotation(B.root);
  const seats = p ? seatsOf(p) : SEATS2;
  drawTree($('#ab-moves'), B.tree, B.line, {
    rootPly: p ? p.ply : 0,
    players: seats.length,
    firstSeat: Math.max(0, seats.findIndex((seat) => p && seat === p.turn)),
    seats,
    pick: goTo,
    label: (move, seat) => t('board.move_of', { seat: t('board.' + seat), move }),
  });
  $('#ab-line').textContent = B.line.length ? B.line.join(' ') : '—';
  const next = B.tree.forward(B.line).length > B.line.length;
  $('#ab-first').disabled = !B.line.length;
  $('#ab-back').disabled = !B.line.length;
  $('#ab-forward').disabled = !next;
  $('#ab-last').disabled = !next;
  $('#ab-promote').disabled = B.tree.isMain(B.line);
  $('#ab-delete').disabled = !B.line.length;
  // Until the line shown is analysed, the engine's moves are the last
  // position's: none may be played.
  const fresh = viewed === B.line.join(' ');
  $('#ab-best-play').disabled = !fresh || !B.view || !B.view.best;
  if (!fresh) $('#ab-lines').textContent = '';
}

/**
 * The keys of the move list, anywhere on the page but in a field or on
 * the board (whose arrows move its cursor): ← → along the line, ↑ ↓ to
 * the other moves tried at this point, Home and End.
 * @param {KeyboardEvent} ev
 */
function treeKey(ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey || B.mode !== 'play') return;
  const target = /** @type {Element | null} */ (ev.target instanceof Element ? ev.target : null);
  if (target && target.closest('input, select, textarea, #ab-board')) return;
  const to = {
    ArrowLeft: () => B.line.slice(0, -1),
    ArrowRight: () => B.tree.forward(B.line),
    ArrowUp: () => B.tree.sibling(B.line, -1),
    ArrowDown: () => B.tree.sibling(B.line, 1),
    Home: () => [],
    End: () => B.tree.end(B.line),
  }[ev.key];
  if (!to) return;
  ev.preventDefault();
  goTo(to());
}

// The position in words, for screen readers.
function describe(p, seats) {
  const parts = seats.map((seat, i) => t('board.pawn_on', { seat: t('board.' + seat), square: p.pawns[i] || '-' })
    + (p.left[i] && p.left[i] !== '-' ? ', ' + I18n.tn('desc.fences_left', Number(p.left[i])) : ''));
  const fences = p.fences.length ? t('desc.fences', { list: p.fences.join(', ') }) : t('desc.no_fences');
  return [...parts, fences, t('board.turn_of', { seat: t('board.' + p.turn) })].join('. ') + '.';
}

/** @returns {readonly import('../lib/position.js').Seat[]} */
function seatsOf(p) {
  return p.pawns.length === 4 ? SEATS4 : SEATS2;
}

/** The square of the pawn to move in a position read, or null. */
function pawnToMove(p) {
  return p.pawns[seatsOf(p).findIndex((seat) => seat === p.turn)] || null;
}

/** Whether moves are being explored (not set up) in a game going on. */
function exploring() {
  return B.mode === 'play' && Boolean(B.view && !B.view.over);
}

/**
 * A square or a fence slot chosen on the board, by a key, a click or a
 * tap: played while exploring, else put there by the set-up's tool.
 * @param {{square: string} | {fence: string}} target
 */
function chosen(target) {
  if (B.mode === 'play') play('square' in target ? target.square : target.fence);
  else edit(target);
}

// The cursor's place in words: who is on a square, whether the side to
// move may go there or put a fence there.
function describeCursor(target) {
  const v = B.view;
  const p = v && readNotation(v.position);
  if (!v || !p) return '';
  if ('fence' in target) {
    return v.legal.fences.includes(target.fence)
      ? t('fence.legal', { fence: target.fence })
      : t('fence.illegal', { fence: target.fence, reason: t('reason.unknown') });
  }
  const i = p.pawns.indexOf(target.square);
  if (i >= 0) return target.square + ', ' + t('cursor.pawn', { seat: t('board.' + seatsOf(p)[i]) });
  if (B.mode === 'play' && v.legal.pawn.includes(target.square)) return target.square + ', ' + t('cursor.legal');
  return target.square;
}

/** The keyboard's hooks: the same keys as the game page's board. @type {import('../lib/board/input.js').KeyHooks} */
const keyHooks = {
  playing: () => true,
  canFence: exploring,
  start: () => {
    const p = B.view && readNotation(B.view.position);
    return p ? parseSquare(pawnToMove(p) || '') : null;
  },
  square: (name) => chosen({ square: name }),
  fence: (name) => chosen({ fence: name }),
  preview,
  modeChanged: (on) => {
    if (!on) preview(null);
    draw();
  },
  describe: describeCursor,
  modeText: (on) => t(on ? 'fence.mode_on' : 'fence.mode_off'),
  announce,
};

/** The fence previewed under the pointer or the keyboard's cursor. */
let previewed = /** @type {string | null} */ (null);

/** @param {string | null} name */
function preview(name) {
  previewed = name;
  board.previewFence(name, Boolean(name && B.view && B.view.legal.fences.includes(name)));
}

/** The pointer's hooks: the same mouse and touch as the game page's board. @type {import('../lib/board/pointer.js').PointerHooks} */
const pointerHooks = {
  ready: () => Boolean(B.view),
  // Fences previewed while exploring; setting up places them by the tool.
  active: exploring,
  fenceMode: () => keys.fenceMode,
  previewed: () => previewed,
  pending: () => null,
  preview,
  hover: () => {},
  square: (name) => chosen({ square: name }),
  fence: (name) => chosen({ fence: name }),
};

function play(move) {
  if (!move || !B.view || B.view.over) return;
  // A move made: back to the pawn, as in a game.
  if (keys.fenceMode) keys.setFenceMode(false);
  preview(null);
  // Where the move is already in the tree, the line goes there;
  // elsewhere it becomes a new branch.
  const to = B.tree.add(B.line, [move]);
  if (!to) {
    showError(t('board.tree_full', { n: MAX_NODES }));
    return;
  }
  B.line = to;
  refresh();
}

/** A new position set up: its tree starts empty. @param {string} root */
function setRoot(root) {
  if (records) records.clear();
  B.root = root;
  viewed = null;
  B.tree = new MoveTree();
  B.line = [];
  refresh();
}

// Set-up: a pawn put on a square, a fence of the tool's direction put at
// the square or groove clicked (its anchor), or the fences there erased.
function edit(target) {
  const p = readNotation(B.root);
  if (!p) return;
  const tool = $('#ab-tool').value;
  const anchor = 'square' in target ? target.square : target.fence.slice(0, -1);
  const at = parseSquare(anchor);
  if ((tool === 'south' || tool === 'north') && 'square' in target) {
    p.pawns[tool === 'south' ? 0 : 1] = target.square;
  } else if ((tool === 'h' || tool === 'v') && at && at.c < p.size - 1 && at.r < p.size - 1) {
    // Taken from the hand of the side to move.
    const put = putFence(p, anchor + tool);
    if (!put.ok) {
      if (put.why === 'none_left') showError(t('board.no_fence_left', { seat: t('board.' + p.turn) }));
      return;
    }
    setRoot(writeNotation(put.p));
    return;
  } else if (tool === 'erase') {
    setRoot(writeNotation(eraseFences(p, anchor)));
    return;
  } else {
    return;
  }
  setRoot(writeNotation(p));
}

function setMode(mode) {
  const was = B.mode;
  B.mode = mode;
  $('#ab-play-tab').setAttribute('aria-selected', String(mode === 'play'));
  $('#ab-setup-tab').setAttribute('aria-selected', String(mode === 'setup'));
  $('#ab-explore').hidden = mode !== 'play';
  $('#ab-setup').hidden = mode !== 'setup';
  if (mode === 'setup' && was !== 'setup' && B.view) {
    // Set up from the position shown (the line becomes the start); moves
    // explored are set aside, said, and one click brings them back.
    B.aside = B.tree.format() ? { root: B.root, tree: B.tree, line: B.line } : null;
    setRoot(B.view.position);
  } else {
    draw();
  }
  $('#ab-setup-note').hidden = !(mode === 'setup' && B.aside);
}

/** Back to the position and moves left when Set up began. */
function backToMoves() {
  const aside = B.aside;
  if (!aside) return;
  B.aside = null;
  B.root = aside.root;
  B.tree = aside.tree;
  B.line = aside.line;
  viewed = null;
  setMode('play');
  refresh();
}

/** @param {Event} ev */
function setupField(ev) {
  const read = readNotation(B.root);
  if (!read) return;
  // The hands stay within what the players started with, fences on the
  // board counted.
  const changed = ev && ev.target === $('#ab-fences-north') ? 'north' : 'south';
  const p = setHands(read, Number($('#ab-fences-south').value), Number($('#ab-fences-north').value), changed);
  $('#ab-fences-south').value = p.left[0];
  $('#ab-fences-north').value = p.left[1];
  p.turn = $('#ab-turn').value;
  setRoot(writeNotation(p));
}

/** The record controls (made at start-up). @type {ReturnType<typeof attachRecords> | null} */
let records = null;

/**
 * A game of a record file opened: its start, its moves as the tree's main
 * line (as many as the tree keeps, said), shown from the start.
 * @param {import('../lib/records.js').ReadRecord} record
 */
function openRecord(record) {
  B.aside = null;
  B.root = record.position;
  B.tree = new MoveTree();
  B.line = [];
  viewed = null;
  if (B.mode !== 'play') setMode('play');
  B.tree.add([], record.moves.slice(0, MAX_NODES));
  // Said until the view of the start comes, and with it.
  carried = record.moves.length > MAX_NODES ? t('board.record_cut', { n: MAX_NODES }) : null;
  showError(carried);
  refresh();
}

/**
 * The position, tree and line of the page's address; a tree that cannot
 * be read leaves the line alone, said.
 * @param {URLSearchParams} params
 */
function openAddress(params) {
  B.root = params.get('pos') || START;
  // A link's depth is the one its sender saw (else the one kept here).
  const linked = Number(params.get('depth'));
  if (DEPTHS.includes(linked)) /** @type {HTMLSelectElement} */ ($('#ab-depth')).value = String(linked);
  const line = (params.get('line') || '').split(/\s+/).filter(Boolean).slice(0, MAX_NODES);
  const read = MoveTree.parse(params.get('tree') || '');
  if (read.error !== null) showError(t('board.bad_tree'));
  B.tree = read.tree || new MoveTree();
  // The line shown is in the tree (it is the tree, in a link without one).
  B.line = B.tree.add([], line) || [];
}

document.addEventListener('DOMContentLoaded', async () => {
  const svg = /** @type {SVGSVGElement} */ (svgEl('svg', { class: 'board interactive', role: 'application', 'aria-describedby': 'ab-desc ab-help' }));
  $('#ab-board').replaceChildren(svg);
  board = new BoardView(svg);
  keys = new BoardKeys(board);
  keys.attach(svg, keyHooks);
  new BoardPointer(board).attach(svg, pointerHooks);
  await languagePicker(() => {
    // The pawns' letters are in the page's language: draw them again.
    board.key = '';
    draw();
    if (records) records.redraw();
  });
  accountLink();
  $('#ab-play-tab').onclick = () => setMode('play');
  $('#ab-setup-tab').onclick = () => setMode('setup');
  $('#ab-move-form').onsubmit = (ev) => {
    ev.preventDefault();
    const move = $('#ab-move').value.trim();
    if (move) play(move);
    $('#ab-move').value = '';
  };
  $('#ab-first').onclick = () => goTo([]);
  $('#ab-back').onclick = () => goTo(B.line.slice(0, -1));
  $('#ab-forward').onclick = () => goTo(B.tree.forward(B.line));
  $('#ab-last').onclick = () => goTo(B.tree.end(B.line));
  $('#ab-promote').onclick = () => { if (B.tree.promote(B.line)) refresh(); };
  $('#ab-delete').onclick = () => { B.line = B.tree.remove(B.line); refresh(); };
  document.addEventListener('keydown', treeKey);
  const depthField = /** @type {HTMLSelectElement} */ ($('#ab-depth'));
  try {
    const kept = Number(localStorage.getItem(DEPTH_KEY));
    if (DEPTHS.includes(kept)) depthField.value = String(kept);
  } catch (_) { /* storage refused: the default depth */ }
  openAddress(new URLSearchParams(location.search));
  $('#ab-setup-back').onclick = backToMoves;
  depthField.onchange = () => {
    try {
      localStorage.setItem(DEPTH_KEY, String(depth()));
    } catch (_) { /* only this page keeps it */ }
    refresh();
  };
  $('#ab-best-play').onclick = () => { if (viewed === B.line.join(' ')) play(B.view && B.view.best); };
  for (const id of ['#ab-fences-south', '#ab-fences-north', '#ab-turn']) $(id).addEventListener('change', setupField);
  $('#ab-clear').onclick = () => setRoot(START);
  records = attachRecords(openRecord, showError);
  local = deviceEngineWanted() && await engine.available();
  refresh();
});
