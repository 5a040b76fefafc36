// @ts-check
// Games on this device on the game page: against the computer or on one
// screen, without the server. The rules answer at once on the page
// (lib/engine.js rulesCore), the computer thinks in the engine's Web
// Worker, and the game is kept in this browser (localStorage) after each
// change, so that a closed tab or a lost connection loses nothing. The
// connection module sends a local game's actions here instead of to the
// server; what comes back is the same game object.

import { ApiError } from '../../lib/api.js';
import { LocalEngine, deviceEngineWanted, rulesCore } from '../../lib/engine.js';
import * as Local from '../../lib/local-game.js';
import { store } from '../../lib/store.js';

/** @typedef {import('../../lib/local-game.js').LocalRecord} LocalRecord */
/** @typedef {import('../../lib/views.js').GameView} GameView */

const KEY = 'quoridor.local.';
/** How long a hint searches (the server's HINT_TIME). */
const HINT_MS = 300;
/** How long the review searches each position (the server's `--analysis-ms`). */
const REVIEW_MS = 30;

const engine = new LocalEngine();
/**
 * The local game on the page: its record, the rules, whom to tell of a
 * change (the computer's moves come later), and the computer's search
 * under way (a number that changes when it must be forgotten), and the
 * timer that watches the running clock.
 * @type {{ record: LocalRecord | null, core: any, onState: ((view: GameView) => void) | null, thinking: number, flagTimer: number }}
 */
const L = { record: null, core: null, onState: null, thinking: 0, flagTimer: 0 };

export const isLocal = Local.isLocalId;

/** @param {string} id @returns {LocalRecord | null} */
function loadRecord(id) {
  return store.get(KEY + id, null);
}

/** @param {LocalRecord} record */
function saveRecord(record) {
  store.set(KEY + record.id, record);
}

/** Forgets a game of this device (the person asked to). @param {string} id */
export function forgetLocal(id) {
  store.remove(KEY + id);
  store.remove(analysisKey(id));
}

/** @param {string} code @param {any} [reason] */
function refusal(code, reason) {
  return new ApiError({ code, reason: reason || null });
}

function view() {
  const record = /** @type {LocalRecord} */ (L.record);
  return Local.gameView(record, L.core.game(Local.gameText(L.core, record)), Local.look(L.core, record, Date.now()));
}

/**
 * Watches the running clock: when it falls, the seat to move loses on
 * time (or leaves a four-player game), and the page is told.
 */
function watchClock() {
  clearTimeout(L.flagTimer);
  if (!L.record || !L.core) return;
  const shown = view();
  const running = shown.clock && shown.clock.running;
  if (!running || shown.status !== 'playing') return;
  const left = shown.clock?.remaining_ms[running] ?? 0;
  L.flagTimer = window.setTimeout(() => {
    if (!L.record || !L.core) return;
    const record = L.record;
    const now = Date.now();
    const seat = Local.flagged(L.core, record, now);
    if (!seat) {
      watchClock();
      return;
    }
    const change = Local.timeOut(L.core, record, now);
    if (!change.ok) return;
    const next = changed(change);
    if (L.onState) L.onState(next);
  }, left + 20);
}

/**
 * A new game on this device, kept and ready to open; null where the
 * browser cannot run the engine (the page then asks the server).
 * @param {Parameters<typeof Local.newLocalGame>[0]} settings
 * @param {Parameters<typeof Local.newLocalGame>[1]} seats
 * @returns {Promise<LocalRecord | null>}
 */
export async function createLocal(settings, seats) {
  if (!deviceEngineWanted()) return null;
  const core = await rulesCore();
  if (!core) return null;
  const record = Local.newLocalGame(settings, seats, Date.now(), Math.random);
  const state = Local.look(core, record, Date.now());
  if (state.error) throw new ApiError({ code: 'bad_request', message: state.message });
  const rules = core.game(Local.gameText(core, record));
  if (rules.error) throw new ApiError({ code: 'bad_request', message: rules.message });
  saveRecord(record);
  return record;
}

/**
 * Opens a game of this device: its game object; `onState` hears every
 * later change (the computer's moves).
 * @param {string} id @param {(view: GameView) => void} onState
 * @returns {Promise<GameView>}
 */
export async function openLocal(id, onState) {
  const record = loadRecord(id);
  if (!record) throw refusal('not_found');
  const core = await rulesCore();
  if (!core) throw new ApiError({ code: 'engine_unavailable' });
  closeLocal();
  Object.assign(L, { record, core, onState });
  const shown = view();
  // The computer to move (a game left while it thought): it moves now.
  setTimeout(think, 0);
  watchClock();
  return shown;
}

/** Leaves the game: a search under way is forgotten. */
export function closeLocal() {
  clearTimeout(L.flagTimer);
  L.thinking++;
  engine.stop();
  L.record = null;
  L.onState = null;
}

/** The seats the person holds in a game of this device. @param {string} id */
export function localSeats(id) {
  const record = loadRecord(id);
  return record ? Local.heldSeats(record) : [];
}

/**
 * Applies a change, keeps it, tells the page and lets the computer move.
 * @param {import('../../lib/local-game.js').Change} change
 */
function changed(change) {
  if (!change.ok) throw refusal(change.error.code, change.error.reason);
  L.thinking++;
  engine.stop();
  L.record = change.record;
  saveRecord(change.record);
  setTimeout(think, 0);
  watchClock();
  return view();
}

/**
 * The computer's move, when it is to move: searched in the worker at its
 * level (its own depth or time), seeded by the game and the ply so that a
 * level plays as on the server at the same seed.
 */
async function think() {
  if (!L.record || !L.core) return;
  const record = L.record;
  const shown = view();
  const level = Local.computerToMove(record, shown);
  if (level === null) return;
  const ticket = ++L.thinking;
  const rules = L.core.game(Local.gameText(L.core, record));
  // With a clock, its share of the time left, as on the server.
  const ms = Local.thinkMs(L.core, record, rules, Date.now(), L.core.clockBudget);
  // The moves since the last fence let it see a repetition coming.
  const { position, moves } = rules.recent;
  let best;
  try {
    const found = await engine.run({
      op: 'search', position, moves, level, ms, seed: record.seed + shown.ply, newGame: shown.ply < shown.seats.length,
    });
    best = found && found.best;
  } catch (e) {
    if (e && e.error === 'stopped') return;
    best = null;
  }
  if (ticket !== L.thinking || L.record !== record) return;
  // Without an answer (the worker failed), the first legal pawn move keeps
  // the game going, as the server's safe move does.
  const move = best || (shown.legal && shown.legal.pawn[0]) || 'pass';
  const change = Local.playMove(L.core, record, move, null, Date.now());
  if (!change.ok) return;
  L.record = change.record;
  saveRecord(change.record);
  watchClock();
  const next = view();
  if (L.onState) L.onState(next);
  think();
}

/**
 * An action of the person, by the path the server's API gives it.
 * @param {string} path @param {any} body
 * @returns {Promise<GameView>}
 */
export async function localAct(path, body) {
  if (!L.record || !L.core) throw refusal('not_found');
  const record = L.record;
  const held = Local.heldSeats(record);
  const now = Date.now();
  const shown = view();
  switch (path) {
    case '/move':
      return changed(Local.playMove(L.core, record, String(body && body.move), held, now));
    case '/undo':
      return changed(Local.undo(L.core, record, now));
    case '/resign': {
      // On one screen the seat to move resigns, unless the page names one.
      const seat = (body && body.seat) || (held.includes(shown.turn) ? shown.turn : held[0]);
      return changed(Local.resign(L.core, record, seat, now));
    }
    case '/draw': {
      const seat = held.includes(shown.turn) ? shown.turn : held[0];
      const offer = Local.offerDraw(L.core, record, seat, now);
      if (offer.ok && offer.declined) throw refusal('not_allowed');
      return changed(offer);
    }
    default:
      throw refusal('not_allowed');
  }
}

/**
 * A hint for the seat to move: the best move at full strength, its line
 * and the path it draws, as the server's hint.
 * @returns {Promise<{move: string, path: string[], score: number, pv: string[], steps: {seat: string, before: number, after: number}[]} | null>}
 */
export async function localHint() {
  if (!L.record || !L.core) throw refusal('not_found');
  const shown = view();
  let found;
  try {
    found = await engine.run({ op: 'hint', position: shown.position, ms: HINT_MS });
  } catch (e) {
    // A move made meanwhile stopped it: no hint for a position gone.
    if (e && e.error === 'stopped') return null;
    throw new ApiError({ code: 'engine_unavailable', message: e && e.message });
  }
  if (!found || !found.best) throw refusal('game_over');
  return {
    move: found.best,
    path: Local.hintPath(L.core, shown.position, shown.turn, found.best),
    score: found.value,
    pv: found.line,
    steps: found.steps || [],
  };
}

/**
 * The rematch, on this device too: its id.
 * @returns {string}
 */
export function localRematch() {
  if (!L.record) throw refusal('not_found');
  const record = L.record;
  const next = Local.rematchOf(record, Date.now(), Math.random);
  saveRecord(next);
  L.record = { ...record, rematch: next.id, version: record.version + 1 };
  saveRecord(L.record);
  return next.id;
}

/**
 * The game's record, as the server writes one: the players' names (`?`
 * for one who gave none), then the game.
 * @returns {string}
 */
export function localRecordText() {
  if (!L.record || !L.core) return '';
  const record = L.record;
  const tags = record.seats.map((s) => `tag ${s.seat[0].toUpperCase()}${s.seat.slice(1)} ${s.name === s.seat ? '?' : s.name}`);
  tags.push('tag Site quoridor, a game on this device');
  const answer = L.core.record([...tags, Local.gameText(L.core, record)].join('\n'));
  return answer.record || '';
}

/** Where a game's review is kept. @param {string} id */
const analysisKey = (id) => KEY + 'analysis.' + id;

/**
 * The review of a finished game of this device, if it was made.
 * @param {string} id
 */
export function keptAnalysis(id) {
  return store.get(analysisKey(id), null);
}

/**
 * Reviews the finished game on the page (the server's analysis, made in
 * the engine's worker), keeps it and returns it; `onProgress` hears each
 * position valued.
 * @param {(p: {done: number, total: number}) => void} onProgress
 */
export async function reviewLocal(onProgress) {
  if (!L.record) throw refusal('not_found');
  const record = L.record;
  const analysis = await engine.run({ op: 'review', game: Local.gameText(L.core, record), ms: REVIEW_MS }, { onInfo: onProgress });
  store.set(analysisKey(record.id), analysis);
  return analysis;
}
