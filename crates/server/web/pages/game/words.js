// @ts-check
// The game page's words about a game: moves as labels and announcements,
// where a replay stands, the result, why a fence is refused.

import { reasonText } from '../../lib/api.js';
import { hintWhy } from '../../lib/hint-why.js';
import { parseFence, parsePosition, seatOrder } from '../../lib/position.js';
import { G, mySeats, seatsAreAllMine, shownGame } from './state.js';
import { playerName, seatLabel, t, tn, terminationText } from '../ui.js';

// Whether entry `m` is the resignation of a player who left, the win
// claimed against them: told as "left the game", as the result says.
function leftTheGame(m) {
  const res = G.game && G.game.result;
  return m.move === 'resign' && !!res && (res.left || []).includes(m.seat);
}

function moveAnnouncement(m) {
  const who = seatLabel(m.seat);
  const mv = String(m.move || '');
  if (leftTheGame(m)) return t('announce.left', { seat: who });
  if (mv === 'resign') return t('announce.resign', { seat: who });
  if (mv === 'timeout') return t('announce.timeout', { seat: who });
  if (mv === 'draw') return t('announce.draw');
  if (mv === 'pass') return t('announce.pass', { seat: who });
  if (parseFence(mv)) return t('announce.fence', { seat: who, move: mv });
  return t('announce.move', { seat: who, move: mv });
}

// The final scores of the scoring game: "South 6, North 4".
function scoresText(game) {
  const pos = parsePosition(game.position, seatOrder(game));
  return seatOrder(game).map((s) => playerName(game, s) + ' ' + (pos.scores[s] || 0)).join(', ');
}

// How the game ended, for this browser: the sentence and whether it is
// a win, a loss, a draw, an abort or (for spectators) just the end.
function resultInfo(game) {
  const res = game.result;
  if (!res) return { text: '', outcome: 'over' };
  if (res.termination === 'aborted') return { text: abortText(game, res.abort), outcome: 'aborted' };
  const scoring = game.settings.variant === 'scoring';
  // A win claimed against players who left says so, not "by resignation".
  const left = (res.left || []).map((s) => playerName(game, s));
  const term = left.length ? tn('term.left', left.length, { names: left.join(t('common.and')) })
    : scoring && res.termination === 'goal' ? t('term.all_arrived') : terminationText(res.termination);
  const scores = scoring ? ' ' + t('result.scores', { list: scoresText(game) }) : '';
  if (res.draw) return { text: t('result.draw', { how: term }) + scores, outcome: 'draw' };
  const winners = res.winners || [];
  const names = winners.map((s) => playerName(game, s) + (playerName(game, s) === seatLabel(s) ? '' : ' (' + seatLabel(s) + ')'));
  const mine = mySeats();
  const humans = (game.seats || []).filter((s) => s.kind === 'human');
  const hotseat = humans.length > 1 && seatsAreAllMine();
  if (mine && mine.length && !hotseat) {
    if (winners.some((s) => mine.includes(s))) return { text: t('result.you_win', { how: term }) + scores, outcome: 'win' };
    return { text: t('result.you_lose', { winners: names.join(t('common.and')), how: term }) + scores, outcome: 'loss' };
  }
  if (winners.length > 1) return { text: t('result.win_many', { winners: names.join(t('common.and')), how: term }) + scores, outcome: 'over' };
  return { text: t('result.win', { winner: names[0] || '?', how: term }) + scores, outcome: 'over' };
}

// Why a game was aborted, and by whom: "Aborted: South did not move in
// 30 s." (older games say only that it was aborted).
const DAY_MS = 86400000;

function abortText(game, abort) {
  if (!abort) return t('result.aborted');
  const name = playerName(game, abort.seat);
  if (abort.why === 'no_first_move') {
    // A turn-based game's first move had its days, like any move.
    const perMove = game.settings && game.settings.clock && game.settings.clock.per_move_ms;
    const d = Math.round(perMove / DAY_MS);
    if (d === 1) return t('result.aborted_no_first_move_day', { name });
    if (d > 1) return t('result.aborted_no_first_move_days', { name, d });
    return t('result.aborted_no_first_move', { name, s: 30 });
  }
  if (abort.why === 'nobody_came') return t('result.aborted_nobody_came');
  if (abort.why === 'never_opened') return t('result.aborted_never_opened', { name });
  return t('result.aborted_by', { name });
}

function resultText(game) {
  return resultInfo(game).text;
}

// Moves are numbered by rounds everywhere, as in the list and in
// records: "3." before the first move of round 3, "3…" before the others.
function roundOf(entries) {
  return Math.floor(entries / seatOrder(G.game).length) + 1;
}

function moveNumber(k) {
  const per = seatOrder(shownGame()).length;
  return roundOf(k) + (k % per === 0 ? '.' : '…');
}

// Where a replay stands: the start, or after a numbered move.
function replayLabel(k) {
  if (!k) return t('replay.at_start');
  const m = shownGame().moves[k - 1];
  return m ? t('replay.after', { move: moveNumber(k - 1) + ' ' + moveLabel(m) }) : '';
}

function moveLabel(m) {
  const mv = String(m.move || '');
  if (leftTheGame(m)) return t('moves.left', { seat: seatLabel(m.seat) });
  if (mv === 'resign') return t('moves.resign', { seat: seatLabel(m.seat) });
  if (mv === 'timeout') return t('moves.timeout', { seat: seatLabel(m.seat) });
  if (mv === 'draw') return t('moves.draw');
  if (mv === 'pass') return t('moves.pass');
  return mv;
}

function verdictText(name, v) {
  if (v.ok) return t('fence.legal', { fence: name });
  if (v.reason && v.reason.code === 'not_your_turn') return t('err.not_your_turn');
  return t('fence.illegal', { fence: name, reason: v.reason ? reasonText(v.reason) : t('reason.unknown') });
}

/**
 * A hint in words: the move and why, in path terms (the path's length
 * where the server gave no steps).
 * @param {{move: string, path?: string[], steps?: {seat: string, before: number, after: number}[], mover?: string}} hint
 */
function hintLine(hint) {
  const why = hintWhy(hint, hint.mover || '', (seat) => playerName(shownGame(), /** @type {any} */ (seat)), t);
  if (why) return t('hint.text', { move: hint.move }) + ' · ' + why;
  const steps = Math.max(0, (hint.path || []).length - 1);
  return t('hint.text', { move: hint.move }) + (steps ? ' ' + tn('hint.path', steps) : '');
}

/**
 * Why a pawn cannot go to `square` of `game` when a pawn stands there
 * ("e5 is taken by North"), or '' when none does.
 * @param {any} game @param {string} square
 */
function occupiedWords(game, square) {
  if (!game) return '';
  const live = parsePosition(game.position, seatOrder(game));
  const there = Object.entries(live.pawns).find(([, sq]) => sq === square);
  return there ? t('move.occupied', { square, seat: seatLabel(there[0]) }) : '';
}

export {
  hintLine,
  moveAnnouncement,
  moveLabel,
  moveNumber,
  occupiedWords,
  replayLabel,
  resultInfo,
  resultText,
  roundOf,
  scoresText,
  verdictText,
};
