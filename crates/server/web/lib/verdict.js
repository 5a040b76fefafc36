// @ts-check
// The engine's value of a position in a person's words: who wins by force
// and in how many moves, who has already won, or the chances in percent.
// The engine writes its value in English (`+0.35`, `win in 12`, `loss in
// 5`, crates/engine/src/score.rs); pages say it in their language.

/** @typedef {(key: string, params?: Record<string, any>) => string} Translate */

/**
 * A forced end read from the engine's score: the seat that wins it (with
 * four players a loss names no winner: null) and in how many moves
 * (plies); null for an ordinary value.
 * @param {string} score the engine's score text
 * @param {string} turn the seat to move
 * @param {string | null} other the other seat (two players), or null
 * @returns {{winner: string | null, loser: string, moves: number} | null}
 */
export function forcedEnd(score, turn, other) {
  const m = /^(win|loss) in (\d+)$/.exec(String(score || '').trim());
  if (!m) return null;
  const moves = Number(m[2]);
  if (m[1] === 'win') return { winner: turn, loser: other || '', moves };
  return { winner: other, loser: turn, moves };
}

/**
 * A forced end in words: "South wins in 12 moves", "North loses in 3
 * moves" (four players).
 * @param {{winner: string | null, loser: string, moves: number}} end
 * @param {Translate} t @param {(seat: string) => string} seatName
 */
function endWords(end, t, seatName) {
  if (end.winner) return t(end.moves === 1 ? 'verdict.wins_next' : 'verdict.wins_in', { seat: seatName(end.winner), n: end.moves });
  return t(end.moves === 1 ? 'verdict.loses_next' : 'verdict.loses_in', { seat: seatName(end.loser), n: end.moves });
}

/**
 * The engine's score as the page says it: `+0.35` as it is, a forced end
 * in words.
 * @param {string} score @param {string} turn @param {string | null} other
 * @param {Translate} t @param {(seat: string) => string} seatName
 */
export function scoreWords(score, turn, other, t, seatName) {
  const end = forcedEnd(score, turn, other);
  return end ? endWords(end, t, seatName) : score;
}

/**
 * The seat whose pawn stands on its goal line in a two-player position
 * (South aims at the last row, North at the first), or null.
 * @param {{size: number, pawns: string[]}} p
 * @param {(square: string) => {c: number, r: number} | null} parseSquare
 */
export function arrived(p, parseSquare) {
  const south = parseSquare(p.pawns[0] || '');
  const north = parseSquare(p.pawns[1] || '');
  if (south && south.r === p.size - 1) return 'south';
  if (north && north.r === 0) return 'north';
  return null;
}

/**
 * The line under the board and South's share of the bar: the winner of a
 * finished position, a forced end ("by force": no defence changes it), or
 * the chances.
 * @param {{over: boolean, value: number, score: string, turn: string}} v
 * @param {string | null} winner the seat that has won, where the game is over
 * @param {string | null} other the seat not to move, with two players
 * @param {Translate} t @param {(seat: string) => string} seatName
 * @returns {{text: string, south: number}}
 */
export function verdict(v, winner, other, t, seatName) {
  const chances = v.turn === 'south' ? v.value : 1 - v.value;
  if (v.over) {
    if (!winner) return { text: t('board.over'), south: 0.5 };
    return { text: t('verdict.won', { seat: seatName(winner) }), south: winner === 'south' ? 1 : 0 };
  }
  const end = forcedEnd(v.score, v.turn, other);
  if (end) {
    const text = t('verdict.forced', { end: endWords(end, t, seatName), turn: seatName(v.turn) });
    const south = end.winner === 'south' ? 1 : end.winner === 'north' ? 0 : chances;
    return { text, south };
  }
  const text = t('board.eval', { south: Math.round(chances * 100), north: Math.round((1 - chances) * 100), score: v.score, turn: seatName(v.turn) });
  return { text, south: chances };
}
