// @ts-check
// Squares, fences and positions as the server writes them (API.md,
// "Notation"): `e2` is column e, row 2 from South's side; a fence is named
// by the square it touches closest to a1 (`e3h` separates e3|e4 and f3|f4,
// `e3v` e3|f3 and e4|f4); a position is
// `SIZE PAWNS FENCES LEFT TURN PLY [scores=…]`, e.g.
// `9 e2,e9 e3h 10,9 north 3`. No rules here: the server checked them.

/** @typedef {'south' | 'west' | 'north' | 'east'} Seat */
/** @typedef {{c: number, r: number}} Square a column and a row, from 0 */
/** @typedef {{c: number, r: number, o: 'h' | 'v'}} Fence */

export const LETTERS = 'abcdefghijk';
/** @type {readonly Seat[]} */
export const SEATS2 = ['south', 'north'];
/** @type {readonly Seat[]} */
export const SEATS4 = ['south', 'west', 'north', 'east'];

/** The name of a square (`e2`). @param {number} c @param {number} r */
export const squareName = (c, r) => LETTERS[c] + (r + 1);

/** A square's name read, or null. @param {unknown} s @returns {Square | null} */
export function parseSquare(s) {
  const m = /^([a-k])(\d{1,2})$/.exec(String(s || '').toLowerCase());
  if (!m) return null;
  return { c: LETTERS.indexOf(m[1]), r: Number(m[2]) - 1 };
}

/** A fence's name read, or null. @param {unknown} s @returns {Fence | null} */
export function parseFence(s) {
  const m = /^([a-k])(\d{1,2})([hv])$/.exec(String(s || '').toLowerCase());
  if (!m) return null;
  return { c: LETTERS.indexOf(m[1]), r: Number(m[2]) - 1, o: /** @type {'h' | 'v'} */ (m[3]) };
}

/** @param {Fence} f */
export const fenceName = (f) => LETTERS[f.c] + (f.r + 1) + f.o;

/**
 * Where a seat's pawn starts on a board of `n` squares a side.
 * @param {Seat} seat @param {number} n @returns {Square}
 */
export function startSquare(seat, n) {
  const mid = (n - 1) >> 1;
  switch (seat) {
    case 'north': return { c: mid, r: n - 1 };
    case 'west': return { c: 0, r: mid };
    case 'east': return { c: n - 1, r: mid };
    default: return { c: mid, r: 0 };
  }
}

/**
 * The seats of a game in the order of the notation's lists.
 * @param {{seats?: {seat: Seat}[], settings?: {players?: number}} | null | undefined} game
 * @returns {readonly Seat[]}
 */
export function seatOrder(game) {
  if (game && Array.isArray(game.seats) && game.seats.length) return game.seats.map((s) => s.seat);
  return game && game.settings && game.settings.players === 4 ? SEATS4 : SEATS2;
}

/**
 * The fields of a position notation, as written (for a page that edits a
 * position and writes it back).
 * @typedef {object} Notation
 * @property {number} size
 * @property {string[]} pawns a square per seat, `-` for a seat that left
 * @property {string[]} fences
 * @property {string[]} left fences left per seat, `-` for no limit
 * @property {string} turn
 * @property {number} ply
 * @property {string[]} extra what follows (`scores=…`), kept as it is
 */

/** A position notation's fields, or null when it has too few. @param {string} text @returns {Notation | null} */
export function readNotation(text) {
  const words = String(text || '').trim().split(/\s+/);
  if (words.length < 5) return null;
  const size = Number(words[0]);
  if (!Number.isInteger(size)) return null;
  return {
    size,
    pawns: words[1].split(','),
    fences: words[2] === '-' ? [] : words[2].split(','),
    left: words[3].split(','),
    turn: words[4],
    ply: Number(words[5] || 0) || 0,
    extra: words.slice(6),
  };
}

/** A position notation written from its fields. @param {Notation} n */
export function writeNotation(n) {
  return [n.size, n.pawns.join(','), n.fences.length ? n.fences.join(',') : '-', n.left.join(','), n.turn, n.ply, ...n.extra].join(' ');
}

/**
 * What a board shows of a position.
 * @typedef {object} Shown
 * @property {Partial<Record<Seat, string>>} pawns each pawn's square (a seat that left has none)
 * @property {string[]} fences
 * @property {Partial<Record<Seat, number | null>>} fencesLeft null: no limit
 * @property {Partial<Record<Seat, number>>} scores
 * @property {Set<Seat>} out the seats whose pawn left the board
 * @property {{seat: Seat, move: string, kind: 'pawn' | 'fence' | 'other', from?: string} | null} [last]
 */

/**
 * A position notation read into what the board shows.
 * @param {string} text @param {readonly Seat[]} seats @returns {Shown}
 */
export function parsePosition(text, seats) {
  const words = String(text || '').trim().split(/\s+/);
  /** @type {Shown} */
  const shown = { pawns: {}, fences: [], fencesLeft: {}, scores: {}, out: new Set() };
  const pawnList = (words[1] || '').split(',');
  const leftList = (words[3] || '').split(',');
  seats.forEach((seat, i) => {
    const sq = pawnList[i];
    if (sq && sq !== '-' && parseSquare(sq)) shown.pawns[seat] = sq;
    else shown.out.add(seat);
    const left = leftList[i] === undefined || leftList[i] === '-' ? NaN : Number(leftList[i]);
    shown.fencesLeft[seat] = Number.isFinite(left) ? left : null;
    shown.scores[seat] = 0;
  });
  shown.fences = words[2] && words[2] !== '-' ? words[2].split(',').filter((f) => parseFence(f)) : [];
  for (const w of words.slice(6)) {
    if (w.startsWith('scores=')) {
      w.slice(7).split(',').forEach((v, i) => { if (seats[i]) shown.scores[seats[i]] = Number(v) || 0; });
    }
  }
  return shown;
}

/**
 * @typedef {object} GameLike
 * @property {{size: number, players?: number, fences?: number | null}} settings
 * @property {{seat: Seat}[]} [seats]
 */
/** @typedef {{seat: Seat, move: string, position: string}} MoveEntry */

/**
 * The position after the first `k` entries of a game's history: the start,
 * or the position the server wrote after entry k (each entry carries it),
 * with the last move and where a moved pawn came from.
 * @param {GameLike} game @param {MoveEntry[]} moves @param {number} k @returns {Shown}
 */
export function positionAt(game, moves, k) {
  const seats = seatOrder(game);
  if (k <= 0 || !moves.length) {
    const n = game.settings.size;
    /** @type {Shown} */
    const shown = { pawns: {}, fences: [], fencesLeft: {}, scores: {}, out: new Set(), last: null };
    for (const s of seats) {
      const sq = startSquare(s, n);
      shown.pawns[s] = squareName(sq.c, sq.r);
      shown.fencesLeft[s] = typeof game.settings.fences === 'number' ? game.settings.fences : null;
      shown.scores[s] = 0;
    }
    return shown;
  }
  const i = Math.min(k, moves.length) - 1;
  const entry = moves[i];
  const pos = parsePosition(entry.position, seats);
  const before = i > 0 ? parsePosition(moves[i - 1].position, seats) : positionAt(game, moves, 0);
  const mv = String(entry.move || '').toLowerCase();
  if (parseFence(mv)) pos.last = { seat: entry.seat, move: mv, kind: 'fence' };
  else if (parseSquare(mv)) pos.last = { seat: entry.seat, move: mv, kind: 'pawn', from: before.pawns[entry.seat] };
  else pos.last = { seat: entry.seat, move: mv, kind: 'other' };
  return pos;
}

/** Whether an entry of a game's history is a move on the board (not `pass`, `resign`…). @param {string} move */
export const isBoardMove = (move) => Boolean(parseSquare(move) || parseFence(move));

/**
 * A game as the analysis board opens it: its start in position notation
 * and its moves on the board, up to the first entry that is not one (a
 * resignation, a pass…). The start is the first entry's position with its
 * move taken back, so that it keeps every option of the game.
 * @param {GameLike & {position: string}} game @param {MoveEntry[]} moves
 * @returns {{root: string, moves: string[]}}
 */
export function gameLine(game, moves) {
  const seats = seatOrder(game);
  const first = moves[0];
  const n = first ? readNotation(first.position) : null;
  if (!first || !n || !isBoardMove(first.move.toLowerCase())) {
    return { root: startOf(game, seats), moves: [] };
  }
  const i = Math.max(0, seats.indexOf(first.seat));
  const mv = first.move.toLowerCase();
  if (parseFence(mv)) {
    n.fences = n.fences.filter((f) => f.toLowerCase() !== mv);
    if (n.left[i] !== '-') n.left[i] = String(Number(n.left[i]) + 1);
  } else {
    const sq = startSquare(first.seat, n.size);
    n.pawns[i] = squareName(sq.c, sq.r);
  }
  n.turn = first.seat;
  n.ply = 0;
  n.extra = n.extra.map((w) => (w.startsWith('scores=') ? 'scores=' + seats.map(() => 0).join(',') : w));
  const line = [];
  for (const m of moves) {
    const move = String(m.move).toLowerCase();
    if (!isBoardMove(move)) break;
    line.push(move);
  }
  return { root: writeNotation(n), moves: line };
}

/**
 * The start of a game that has no move on the board (nothing was placed:
 * its position with every pawn back on its start square).
 * @param {GameLike & {position: string}} game @param {readonly Seat[]} seats
 */
function startOf(game, seats) {
  const n = readNotation(game.position);
  if (!n) return game.position;
  seats.forEach((seat, i) => {
    const sq = startSquare(seat, n.size);
    n.pawns[i] = squareName(sq.c, sq.r);
  });
  return writeNotation(n);
}
