// @ts-check
// Setting up a two-player position by hand: a fence put on the board is
// taken from the hand of the side to move, and one erased goes back to it,
// so that fences on the board and in hand never make more than the
// players started with. Pure: notation fields in, fields out.

/** @typedef {import('./position.js').Notation} Notation */

/**
 * Fences each player starts with on a board of `size` (RULES.md §1).
 * @param {number} size
 */
export function startingFences(size) {
  return size >= 9 ? 10 : size >= 7 ? 6 : 3;
}

/** @param {Notation} p */
function turnIndex(p) {
  return p.turn === 'north' ? 1 : 0;
}

/**
 * Puts fence `name` on the board, taken from the side to move's hand.
 * @param {Notation} p
 * @param {string} name
 * @returns {{ok: true, p: Notation} | {ok: false, why: 'none_left' | 'there'}}
 */
export function putFence(p, name) {
  if (p.fences.includes(name)) return { ok: false, why: 'there' };
  const i = turnIndex(p);
  const left = Number(p.left[i]) || 0;
  if (left <= 0) return { ok: false, why: 'none_left' };
  const next = { ...p, fences: [...p.fences, name], left: [...p.left] };
  next.left[i] = String(left - 1);
  return { ok: true, p: next };
}

/**
 * Erases the fences anchored at `anchor` (a square), each given back to
 * the side to move's hand (to the other's when that hand is full).
 * @param {Notation} p
 * @param {string} anchor
 * @returns {Notation}
 */
export function eraseFences(p, anchor) {
  const gone = p.fences.filter((f) => f.slice(0, -1) === anchor).length;
  const next = { ...p, fences: p.fences.filter((f) => f.slice(0, -1) !== anchor), left: [...p.left] };
  const full = startingFences(p.size);
  const order = [turnIndex(p), 1 - turnIndex(p)];
  for (let k = 0; k < gone; k++) {
    const i = order.find((j) => (Number(next.left[j]) || 0) < full);
    if (i === undefined) break;
    next.left[i] = String((Number(next.left[i]) || 0) + 1);
  }
  return next;
}

/**
 * The hands said by the set-up's fields, kept so that the board and the
 * hands hold no more than the players started with: what is over is taken
 * back from the hand just changed.
 * @param {Notation} p
 * @param {number} south
 * @param {number} north
 * @param {'south' | 'north'} changed
 */
export function setHands(p, south, north, changed) {
  const full = startingFences(p.size);
  const hands = [Math.max(0, Math.min(full, Math.floor(south) || 0)), Math.max(0, Math.min(full, Math.floor(north) || 0))];
  const over = p.fences.length + hands[0] + hands[1] - 2 * full;
  if (over > 0) {
    const i = changed === 'north' ? 1 : 0;
    hands[i] = Math.max(0, hands[i] - over);
  }
  return { ...p, left: hands.map(String) };
}
