// @ts-check
// A game on this device: against the computer or on one screen, played
// with the rules, the engine and the server's own game (the game crate)
// compiled to WebAssembly, without the server. Pure: a game is a record
// (settings, seats, history with each entry's time) that the WebAssembly
// changes (`local`: moves, clocks, time running out, draws, resignations,
// undo, forced passes, by the server's rules) and this module turns into
// the server's game object (API.md's GameView), which the game page draws
// as it draws an online game. The rules part of that object comes from the
// WebAssembly too (`game`): the page never judges a move, a clock or an
// offer itself.
//
// Records are kept in the browser (the game page stores them), under ids
// that begin with LOCAL_PREFIX.

import { SEATS2, SEATS4 } from './position.js';

export const LOCAL_PREFIX = 'local-';


/** @typedef {import('./views.js').Seat} Seat */
/** @typedef {import('./views.js').GameView} GameView */
/**
 * @typedef {{ seat: Seat, kind: 'human' | 'ai', name: string, level: number | null }} LocalSeat
 * @typedef {{ text: string, seat: Seat, ms: number }} LocalEntry
 * @typedef {{ initial_ms: number, increment_ms: number } | { per_move_ms: number }} LocalClock
 *   a clock with an increment (Fischer), or so long for every move
 * @typedef {{
 *   id: string, created_ms: number, version: number, seed: number,
 *   settings: { size: number, players: number, variant: string, fences: number | null, theme: string,
 *     clock?: LocalClock | null },
 *   seats: LocalSeat[], entries: LocalEntry[], turn_began: number,
 *   rematch: string | null,
 * }} LocalRecord
 * @typedef {{ game(text: string): any, local(text: string): any }} RulesCore
 * @typedef {{ entries: LocalEntry[], turn_began: number, status: string,
 *   clock: { remaining_ms: Partial<Record<Seat, number>>, running: Seat | null } | null,
 *   undo_allowed: boolean, declined: boolean, ply_limit: number }} LocalState
 *   what the WebAssembly says of a game at a time (crates/wasm/src/local.rs)
 * @typedef {{ ok: true, record: LocalRecord } | { ok: false, error: { code: string, message?: string, reason?: any } }} Change
 */

/** @param {unknown} id */
export function isLocalId(id) {
  return typeof id === 'string' && id.startsWith(LOCAL_PREFIX);
}

/**
 * A new game. `seats` in turn order (south first); an AI seat has a level
 * 1 to 8. `random` is a number in [0, 1) that names the game and seeds the
 * computer's choices.
 * @param {{ size: number, players: number, variant?: string, fences?: number | null, theme?: string,
 *   clock?: LocalClock | null }} settings
 * @param {{ kind: 'human' | 'ai', name?: string, level?: number }[]} seats
 * @param {number} now
 * @param {() => number} random
 * @returns {LocalRecord}
 */
export function newLocalGame(settings, seats, now, random) {
  const order = settings.players === 4 ? SEATS4 : SEATS2;
  if (seats.length !== order.length) throw new Error('one seat per player');
  const id = LOCAL_PREFIX + Math.floor(random() * 2 ** 48).toString(36).padStart(10, '0');
  return {
    id,
    created_ms: now,
    version: 1,
    seed: Math.floor(random() * 2 ** 32),
    settings: {
      size: settings.size,
      players: settings.players,
      variant: settings.variant || 'standard',
      fences: settings.fences ?? null,
      theme: settings.theme || 'classic',
      clock: settings.clock ?? null,
    },
    seats: seats.map((s, i) => ({
      seat: order[i],
      kind: s.kind,
      name: (s.name || '').trim() || (s.kind === 'ai' ? 'AI ' + s.level : order[i]),
      level: s.kind === 'ai' ? Number(s.level) : null,
    })),
    entries: [],
    turn_began: now,
    rematch: null,
  };
}

/** Each game's ruleset in notation, as the game crate makes it from the settings. */
const rulesets = new WeakMap();

/**
 * The text the rules replay (`game`, `record`, the review): the game's
 * ruleset (the server's: its ply limit, a third repetition drawing four
 * pawns), then the entries.
 * @param {RulesCore} core @param {LocalRecord} record
 */
export function gameText(core, record) {
  let ruleset = rulesets.get(record.settings);
  if (!ruleset) {
    const answer = core.local(localText({ ...record, entries: [] }, record.turn_began, 'rules'));
    if (answer.error) throw new Error(answer.message);
    ruleset = answer.ruleset;
    rulesets.set(record.settings, ruleset);
  }
  return [ruleset, ...record.entries.map((e) => e.text)].join('\n');
}

/**
 * Whether a clock is one the device keeps: with an increment, or so long
 * a move in seconds (a turn-based game's days need the server).
 * @param {any} clock
 * @returns {clock is LocalClock}
 */
export function isDeviceClock(clock) {
  if (!clock) return false;
  if (typeof clock.per_move_ms === 'number') return clock.per_move_ms > 0 && clock.per_move_ms <= 3600000;
  return typeof clock.initial_ms === 'number' && clock.initial_ms > 0 && typeof clock.increment_ms === 'number';
}

/**
 * The WebAssembly's input for `record` at `now`, doing `verb` (`look`,
 * `play MOVE`, `ai MOVE`, `undo`, `resign SEAT`, `draw SEAT`, `flag`).
 * @param {LocalRecord} record @param {number} now @param {string} verb
 */
function localText(record, now, verb) {
  const s = record.settings;
  const lines = [`settings ${s.size} ${s.players} ${s.fences ?? '-'} ${s.variant || 'standard'}`];
  const clock = s.clock;
  if (clock) {
    lines.push('per_move_ms' in clock ? `clock move ${clock.per_move_ms}` : `clock fischer ${clock.initial_ms} ${clock.increment_ms}`);
  }
  for (const seat of record.seats) lines.push(`seat ${seat.seat} ${seat.kind}${seat.kind === 'ai' ? ' ' + seat.level : ''}`);
  lines.push(`created ${Math.floor(record.created_ms)}`);
  for (const e of record.entries) lines.push(`entry ${e.seat} ${Math.max(0, Math.floor(e.ms))} ${e.text}`);
  lines.push(`began ${Math.floor(record.turn_began)}`, `now ${Math.floor(now)}`, `do ${verb}`);
  return lines.join('\n');
}

/**
 * The game at `now`, as the WebAssembly runs it: its clocks, whether
 * undo is allowed (an error object if the record is broken).
 * @param {RulesCore} core @param {LocalRecord} record @param {number} now
 * @returns {LocalState & { error?: string, message?: string }}
 */
export function look(core, record, now) {
  return core.local(localText(record, now, 'look'));
}

/**
 * `verb` done to the game at `now` by the WebAssembly: the record after
 * it, or why it was refused (and nothing changed).
 * @param {RulesCore} core @param {LocalRecord} record @param {string} verb @param {number} now
 * @returns {Change & { declined?: boolean }}
 */
function act(core, record, verb, now) {
  const after = core.local(localText(record, now, verb));
  if (after.error) {
    const error = { code: after.error, message: after.message };
    if (after.reason) error.reason = after.reason;
    return { ok: false, error };
  }
  if (after.declined) return { ok: true, record, declined: true };
  return { ok: true, record: { ...record, entries: after.entries, version: record.version + 1, turn_began: after.turn_began } };
}

/**
 * The seat whose clock has run out at `now`, if any.
 * @param {RulesCore} core @param {LocalRecord} record @param {number} now
 * @returns {Seat | null}
 */
export function flagged(core, record, now) {
  const clock = look(core, record, now).clock;
  if (!clock || !clock.running) return null;
  return (clock.remaining_ms[clock.running] ?? 1) <= 0 ? clock.running : null;
}

/**
 * The time of the seat to move has run out: it loses (with four players
 * it leaves the game and the others play on), as on the server.
 * @param {RulesCore} core @param {LocalRecord} record @param {number} now
 * @returns {Change}
 */
export function timeOut(core, record, now) {
  return act(core, record, 'flag', now);
}

/**
 * How long the computer to move may think: its level's own limit without
 * a clock (0), else its share of the clock, as the server's (the engine's
 * `clockBudget`, at most AI_MAX_THINK_MS; half of a move's time).
 * @param {RulesCore} core @param {LocalRecord} record @param {any} rules @param {number} now
 * @param {(remainingMs: number, incrementMs: number) => number} budget
 */
export function thinkMs(core, record, rules, now, budget) {
  const clock = record.settings.clock;
  const state = look(core, record, now).clock;
  if (!clock || !state) return 0;
  const left = state.remaining_ms[/** @type {Seat} */ (rules.turn)] ?? 0;
  const share = 'per_move_ms' in clock ? left / 2 : budget(left, clock.increment_ms);
  return Math.max(1, Math.min(AI_MAX_THINK_MS, Math.floor(share)));
}

/** The longest the computer thinks on a move with a clock (the server's `--ai-max-ms`). */
export const AI_MAX_THINK_MS = 2000;

/**
 * The game object the page draws, from the record, its replay and the
 * game's state at a time.
 * @param {LocalRecord} record
 * @param {any} rules the WebAssembly's answer for gameText(record)
 * @param {LocalState} state the WebAssembly's `look` at the time shown
 * @returns {GameView}
 */
export function gameView(record, rules, state) {
  const over = Boolean(rules.result);
  return {
    id: record.id,
    version: record.version,
    created_ms: record.created_ms,
    settings: /** @type {any} */ ({
      size: record.settings.size,
      players: record.settings.players,
      variant: record.settings.variant,
      fences: rules.fences_each,
      clock: record.settings.clock ?? null,
      theme: record.settings.theme,
      public: false,
      side_step_over_pawn: false,
      ply_limit: state.ply_limit,
      local: true,
    }),
    seats: record.seats.map((s) => ({
      seat: s.seat, kind: s.kind, name: s.name, taken: true, connected: true, level: s.level, account: false,
    })),
    status: over ? 'over' : 'playing',
    turn: rules.turn,
    ply: rules.ply,
    position: rules.position,
    pawns: rules.pawns,
    fences: rules.fences,
    fences_left: rules.fences_left,
    scores: rules.scores,
    arrived: rules.arrived,
    out: rules.out,
    moves_from: 0,
    moves: record.entries.map((e, i) => ({
      seat: e.seat,
      move: e.text.split(' ')[0],
      points: rules.points[i] ?? null,
      ms: e.ms,
      position: rules.positions[i],
    })),
    legal: over ? null : rules.legal,
    clock: state.clock,
    draw_offer: null,
    result: rules.result,
    undo_allowed: state.undo_allowed,
    hint_allowed: !over,
    abort_allowed: false,
    spectators: 0,
    rematch: record.rematch,
  };
}

/** @param {LocalRecord} record @param {Seat} seat */
function seatOf(record, seat) {
  return record.seats.find((s) => s.seat === seat);
}

/**
 * Plays `move` for the seat to move, which must be one of `held` (the
 * person's seats; null: the computer's move). A move that comes after
 * its seat's time ran out loses on time instead.
 * @param {RulesCore} core @param {LocalRecord} record @param {string} move
 * @param {Seat[] | null} held @param {number} now
 * @returns {Change}
 */
export function playMove(core, record, move, held, now) {
  const text = String(move).trim();
  if (!text || /\s/.test(text)) return { ok: false, error: { code: 'bad_request', message: 'move: one move in notation' } };
  return act(core, record, (held ? 'play ' : 'ai ') + text, now);
}

/**
 * The level of the computer to move, or null (a person's turn, or the end).
 * @param {LocalRecord} record @param {GameView} view
 */
export function computerToMove(record, view) {
  if (view.status !== 'playing') return null;
  const seat = seatOf(record, view.turn);
  return seat && seat.kind === 'ai' ? seat.level : null;
}

/**
 * Takes back the last move of the person's seats and all that came after
 * it (the computer's replies), as the server's undo does.
 * @param {RulesCore} core @param {LocalRecord} record @param {number} now
 * @returns {Change}
 */
export function undo(core, record, now) {
  return act(core, record, 'undo', now);
}

/**
 * A seat of the person resigns.
 * @param {RulesCore} core @param {LocalRecord} record @param {Seat} seat @param {number} now
 * @returns {Change}
 */
export function resign(core, record, seat, now) {
  return act(core, record, 'resign ' + seat, now);
}

/**
 * A draw offered by `seat`: on one screen the same person holds every
 * seat and agrees; the computer accepts unless its side leads the race
 * (the server's rule). Declined: `declined` is true and nothing changes.
 * @param {RulesCore} core @param {LocalRecord} record @param {Seat} seat @param {number} now
 * @returns {Change & { declined?: boolean }}
 */
export function offerDraw(core, record, seat, now) {
  return act(core, record, 'draw ' + seat, now);
}

/**
 * The rematch: the same settings, each player on the next seat in turn
 * order (as the server rotates them).
 * @param {LocalRecord} record @param {number} now @param {() => number} random
 */
export function rematchOf(record, now, random) {
  const seats = record.seats.map((_, i) => record.seats[(i - 1 + record.seats.length) % record.seats.length]);
  return newLocalGame(record.settings, seats.map((s) => ({ kind: s.kind, name: s.name, level: s.level ?? undefined })), now, random);
}

/**
 * The seats the person holds: every human seat.
 * @param {LocalRecord} record
 * @returns {Seat[]}
 */
export function heldSeats(record) {
  return record.seats.filter((s) => s.kind === 'human').map((s) => s.seat);
}

/**
 * The hint's path, as the server draws it: from the pawn's square, through
 * the suggested square for a pawn move, to the goal line.
 * @param {{ position(text: string): any }} core @param {string} position @param {Seat} seat @param {string} best
 * @returns {string[]}
 */
export function hintPath(core, position, seat, best) {
  const before = core.position(position);
  if (before.error) return [];
  const after = core.position(position + '\n' + best);
  if (after.error || !/^[a-z]\d+$/.test(best)) return before.paths[seat] || [];
  return [before.paths[seat][0], ...(after.paths[seat] || [])];
}
