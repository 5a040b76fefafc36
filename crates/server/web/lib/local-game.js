// @ts-check
// A game on this device: against the computer or on one screen, played
// with the rules and the engine compiled to WebAssembly, without the
// server. Pure: a game is a record (settings, seats, history) that this
// module changes and turns into the server's game object (API.md's
// GameView), which the game page draws as it draws an online game. The
// rules part of that object comes from the WebAssembly (`game`), so the
// page never judges a move itself.
//
// Records are kept in the browser (the game page stores them), under ids
// that begin with LOCAL_PREFIX.

import { SEATS2, SEATS4 } from './position.js';

export const LOCAL_PREFIX = 'local-';

/** The server's ply limit (crates/game/src/settings.rs MAX_PLIES). */
export const PLY_LIMIT = 1000;

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
 * @typedef {{ game(text: string): any }} RulesCore
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

/**
 * The text the WebAssembly replays: the ruleset, then the entries.
 * @param {LocalRecord} record
 */
export function gameText(record) {
  const s = record.settings;
  const rules = [s.size, s.players, s.fences ?? '-'];
  if (s.variant && s.variant !== 'standard') rules.push(s.variant);
  // Four pawns can walk round walls for ever: a third repetition draws,
  // as on the server.
  if (s.players === 4) rules.push('repetition');
  rules.push('ply_limit=' + PLY_LIMIT);
  return [rules.join(' '), ...record.entries.map((e) => e.text)].join('\n');
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

/** An entry that is a move of the board (a step, a fence, a pass). @param {LocalEntry} e */
function isBoardMove(e) {
  return !/^(resign|timeout|draw)\b/.test(e.text);
}

/**
 * The clocks at `now`, as the server keeps them: a seat's clock does not
 * run on its first move; each move takes its time off and, with an
 * increment, adds it; a clock of so long a move starts full each turn;
 * a seat that ran out has 0. `running` is the seat whose clock runs.
 * @param {LocalRecord} record @param {any} rules the replay @param {number} now
 * @returns {{ remaining_ms: Partial<Record<Seat, number>>, running: Seat | null } | null}
 */
export function clockAt(record, rules, now) {
  const clock = record.settings.clock;
  if (!clock) return null;
  const full = 'per_move_ms' in clock ? clock.per_move_ms : clock.initial_ms;
  /** @type {Partial<Record<Seat, number>>} */
  const left = {};
  for (const s of record.seats) left[s.seat] = full;
  /** @type {Set<Seat>} */
  const moved = new Set();
  for (const e of record.entries) {
    if (e.text.startsWith('timeout')) {
      left[e.seat] = 0;
      continue;
    }
    if ('per_move_ms' in clock) {
      left[e.seat] = full;
    } else {
      if (moved.has(e.seat)) left[e.seat] = Math.max(0, (left[e.seat] ?? 0) - e.ms);
      if (isBoardMove(e)) left[e.seat] = (left[e.seat] ?? 0) + clock.increment_ms;
    }
    if (isBoardMove(e)) moved.add(e.seat);
  }
  const turn = /** @type {Seat} */ (rules.turn);
  const running = !rules.result && moved.has(turn) ? turn : null;
  if (running) left[running] = Math.max(0, (left[running] ?? 0) - Math.max(0, now - record.turn_began));
  return { remaining_ms: left, running };
}

/**
 * The seat whose clock has run out at `now`, if any.
 * @param {LocalRecord} record @param {any} rules @param {number} now
 * @returns {Seat | null}
 */
export function flagged(record, rules, now) {
  const clock = clockAt(record, rules, now);
  if (!clock || !clock.running) return null;
  return (clock.remaining_ms[clock.running] ?? 1) <= 0 ? clock.running : null;
}

/**
 * The seat to move has run out of time: it loses (with four players it
 * leaves the game and the others play on), as on the server.
 * @param {RulesCore} core @param {LocalRecord} record @param {Seat} seat @param {number} now
 * @returns {Change}
 */
export function timeOut(core, record, seat, now) {
  return append(core, record, { text: 'timeout ' + seat, seat, ms: Math.max(0, now - record.turn_began) }, now);
}

/**
 * How long the computer to move may think: its level's own limit without
 * a clock (0), else its share of the clock, as the server's (the engine's
 * `clockBudget`, at most AI_MAX_THINK_MS; half of a move's time).
 * @param {LocalRecord} record @param {any} rules @param {number} now
 * @param {(remainingMs: number, incrementMs: number) => number} budget
 */
export function thinkMs(record, rules, now, budget) {
  const clock = record.settings.clock;
  const state = clockAt(record, rules, now);
  if (!clock || !state) return 0;
  const left = state.remaining_ms[/** @type {Seat} */ (rules.turn)] ?? 0;
  const share = 'per_move_ms' in clock ? left / 2 : budget(left, clock.increment_ms);
  return Math.max(1, Math.min(AI_MAX_THINK_MS, Math.floor(share)));
}

/** The longest the computer thinks on a move with a clock (the server's `--ai-max-ms`). */
export const AI_MAX_THINK_MS = 2000;

/**
 * The game object the page draws, from the record and its replay, its
 * clocks at `now`.
 * @param {LocalRecord} record
 * @param {any} rules the WebAssembly's answer for gameText(record)
 * @param {number} [now]
 * @returns {GameView}
 */
export function gameView(record, rules, now = Date.now()) {
  const over = Boolean(rules.result);
  const humanMoved = record.entries.some((e) => seatOf(record, e.seat)?.kind === 'human');
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
      ply_limit: PLY_LIMIT,
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
    clock: clockAt(record, rules, now),
    draw_offer: null,
    result: rules.result,
    undo_allowed: humanMoved,
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
 * The record with one more entry, its replay checked, and the passes a
 * boxed-in pawn is forced to play after it (as the server plays them).
 * @param {RulesCore} core @param {LocalRecord} record @param {LocalEntry} entry @param {number} now
 * @returns {Change}
 */
function append(core, record, entry, now) {
  let next = { ...record, entries: [...record.entries, entry], version: record.version + 1, turn_began: now };
  let rules = core.game(gameText(next));
  if (rules.error) {
    const error = rules.error === 'illegal_move'
      ? { code: 'illegal_move', reason: rules.reason }
      : { code: 'bad_request', message: rules.message };
    return { ok: false, error };
  }
  for (let i = 0; i < record.seats.length && rules.forced_pass; i++) {
    next = { ...next, entries: [...next.entries, { text: 'pass', seat: rules.turn, ms: 0 }] };
    rules = core.game(gameText(next));
  }
  return { ok: true, record: next };
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
  const rules = core.game(gameText(record));
  if (rules.result) return { ok: false, error: { code: 'game_over' } };
  const seat = /** @type {Seat} */ (rules.turn);
  // Too late: the time ran out before the move came.
  if (flagged(record, rules, now) === seat) return timeOut(core, record, seat, now);
  if (held && !held.includes(seat)) return { ok: false, error: { code: 'not_your_turn' } };
  const text = String(move).trim();
  if (!text || /\s/.test(text)) return { ok: false, error: { code: 'bad_request', message: 'move: one move in notation' } };
  return append(core, record, { text, seat, ms: Math.max(0, now - record.turn_began) }, now);
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
 * @param {LocalRecord} record @param {Seat[]} held @param {number} now
 * @returns {Change}
 */
export function undo(record, held, now) {
  let keep = -1;
  record.entries.forEach((e, i) => { if (held.includes(e.seat)) keep = i; });
  if (keep < 0) return { ok: false, error: { code: 'nothing_to_undo' } };
  return { ok: true, record: { ...record, entries: record.entries.slice(0, keep), version: record.version + 1, turn_began: now } };
}

/**
 * A seat of the person resigns.
 * @param {RulesCore} core @param {LocalRecord} record @param {Seat} seat @param {number} now
 * @returns {Change}
 */
export function resign(core, record, seat, now) {
  return append(core, record, { text: 'resign ' + seat, seat, ms: Math.max(0, now - record.turn_began) }, now);
}

/**
 * A draw offered by `seat`: on one screen the same person holds every
 * seat and agrees; the computer accepts unless its side leads the race
 * (`draw_accepted_by`, the engine's rule). Declined: `declined` is true
 * and nothing changes.
 * @param {RulesCore} core @param {LocalRecord} record @param {Seat} seat @param {Seat[]} held @param {number} now
 * @returns {Change & { declined?: boolean }}
 */
export function offerDraw(core, record, seat, held, now) {
  const rules = core.game(gameText(record));
  if (rules.result) return { ok: false, error: { code: 'game_over' } };
  const others = record.seats.filter((s) => !held.includes(s.seat) && !rules.out.includes(s.seat));
  const accepted = others.every((s) => s.kind === 'ai' && rules.draw_accepted_by.includes(s.seat));
  if (!accepted) return { ok: true, record, declined: true };
  return append(core, record, { text: 'draw', seat, ms: Math.max(0, now - record.turn_began) }, now);
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
