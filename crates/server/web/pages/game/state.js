// @ts-check
// The game page's state: the board, the game as last received, and which
// seats this browser holds.

import { fenceShape as geomFenceShape } from '../../lib/board/pieces.js';
import { BoardKeys } from '../../lib/board/input.js';
import { BoardPointer } from '../../lib/board/pointer.js';
import { BoardView } from '../../lib/board/view.js';
import { store } from '../../lib/store.js';
import { seatInfo } from '../ui.js';

// ------------------------------------------------------------------
// The board (lib/board/view.js); its element is set by initBoard.
// ------------------------------------------------------------------

const board = new BoardView(/** @type {any} */ (null));
/** The board's keyboard cursor and fence mode (lib/board/input.js). */
const keys = new BoardKeys(board);
/** Its mouse, finger and pen (lib/board/pointer.js). */
const boardPointer = new BoardPointer(board);
const centerOf = (name) => board.centreOf(name);
const fenceShape = (name, cls) => geomFenceShape(board.geom, name, cls, board.ref);

// ------------------------------------------------------------------
// Game page state
// ------------------------------------------------------------------

/**
 * The game on the page: which, as last received, what this browser holds
 * of it, and what is shown of it.
 * @type {{
 *   id: string | null, game: import('../../lib/views.js').GameView | null,
 *   active: boolean, rec: any, youFromServer: string[] | null,
 *   legalPawn: Set<string>, legalFences: Set<string>,
 *   replay: number | null, hint: {move: string, path: string[], score: any, steps?: {seat: string, before: number, after: number}[], mover?: string} | null,
 *   waiting: string | null,
 * }}
 */
const G = {
  id: null,
  game: null,
  active: false,
  rec: null,
  youFromServer: null,
  legalPawn: new Set(),
  legalFences: new Set(),
  replay: null,
  hint: null,
  // The players gone that this player chose to wait for (goneKey).
  waiting: null,
};

/** How long a page must have been gone before a claim (the server's CLAIM_TIME). */
const CLAIM_MS = 20000;

/**
 * The other players whose pages have gone (seats of this browser left out).
 * @param {import('../../lib/views.js').GameView} g
 */
function goneSeats(g) {
  return (g.seats || []).filter((s) => typeof s.gone_ms === 'number' && !isMine(s.seat));
}

/**
 * Who is gone, as a key: waiting for them lasts until that changes.
 * @param {import('../../lib/views.js').GameView | null} g
 */
function goneKey(g) {
  return g ? goneSeats(g).map((s) => s.seat).join(',') : '';
}

/**
 * The connection: the version last applied, the socket, an action sent
 * and not yet answered, the last refusal, and whether the page is in touch
 * with the server (`inTouch`: false from the moment the socket closes until
 * it opens again or a fresh state comes over HTTP; meanwhile who is
 * connected is not known, and actions wait).
 * @type {{
 *   version: number, live: import('../../lib/socket.js').LiveSocket | null,
 *   loadTimer: any, pending: boolean, pendingTimer: any,
 *   lastAction: string | null, errorCode: string | null, typedMove: string | null,
 *   inTouch: boolean,
 * }}
 */
const net = {
  version: -1,
  live: null,
  loadTimer: 0,
  pending: false,
  pendingTimer: 0,
  lastAction: null,
  errorCode: null,
  typedMove: null,
  inTouch: true,
};

/** The clocks' ticking: the timer and when the last state came. */
const clock = { timer: /** @type {any} */ (0), base: 0 };

/**
 * What the player aims at: the fence previewed (and, on a touch screen or
 * with "Confirm each move", waiting for a second tap or the Play button),
 * the square a pawn move waits on (with "Confirm each move"), the square
 * hovered, a refusal kept on screen until the next action.
 * @type {{
 *   preview: string | null, pendingSlot: string | null, pendingSquare: string | null,
 *   hoverSq: string | null, stickyFenceError: boolean,
 * }}
 */
const pointer = {
  preview: null,
  pendingSlot: null,
  pendingSquare: null,
  hoverSq: null,
  stickyFenceError: false,
};

/** Drops the moves waiting for their confirmation. */
function dropPending() {
  pointer.pendingSlot = null;
  pointer.pendingSquare = null;
}

/** Where the device's choice "Confirm each move" is kept. */
const CONFIRM_KEY = 'quoridor.confirm_moves';

/**
 * Whether every move waits for a second tap (or the Play button) before
 * it is sent: the player's choice on this device, off by default (a fence
 * on a touch screen always waits for its second tap).
 */
function confirmMoves() {
  return store.get(CONFIRM_KEY, false) === true;
}

/** Taking a free seat: the seat asked for, and a request under way. */
const join = { seat: /** @type {string | null} */ (null), busy: false };

/**
 * The game on the page, for the parts drawn only once it has come (the
 * page draws nothing of a game before).
 * @returns {import('../../lib/views.js').GameView}
 */
function shownGame() {
  if (!G.game) throw new Error('no game on the page yet');
  return G.game;
}

// The turn of the board this browser chose for the game, if any (older
// pages saved a half turn as `flip`).
function savedRotation() {
  const rec = G.rec;
  if (!rec) return null;
  if (typeof rec.rot === 'number') return rec.rot % 4;
  if (rec.flip) return 2;
  return null;
}

// Your own pawn at the bottom, as on every game site: the turn that puts
// the seat this browser plays there (south for spectators and for people
// sharing one screen).
function defaultRotation() {
  const mine = mySeats();
  const g = G.game;
  if (!g || !mine || mine.length !== 1) return 0;
  return { south: 0, west: 1, north: 2, east: 3 }[mine[0]] || 0;
}

function myToken() {
  return G.rec && G.rec.token ? G.rec.token : null;
}
// The seats this browser holds; null when it holds a token whose seats
// are unknown (a seat link without the seat in it).
function mySeats() {
  // Without a token, a logged-in player's session holds their seats
  // (the server says which when the WebSocket opens).
  if (!myToken()) return Array.isArray(G.youFromServer) ? G.youFromServer : [];
  if (Array.isArray(G.youFromServer)) return G.youFromServer;
  if (Array.isArray(G.rec.seats)) return G.rec.seats;
  return null;
}
function isMine(seat) {
  const s = mySeats();
  if (s === null) {
    const info = seatInfo(G.game, seat);
    return !!info && info.kind === 'human';
  }
  return s.includes(seat);
}
function holdsSeat() {
  const s = mySeats();
  return s === null || s.length > 0;
}
// Whether this page plays here: by a seat's token, or (a challenge's game,
// any game from another browser) by the session of an account that holds
// a seat.
function playsHere() {
  return myToken() ? holdsSeat() : (mySeats() || []).length > 0;
}
function isLive() {
  return G.replay === null;
}
function myTurn() {
  const g = G.game;
  return !!g && g.status === 'playing' && !!g.turn && isMine(g.turn) && isLive();
}
function seatsAreAllMine() {
  const humans = (G.game ? G.game.seats : []).filter((s) => s.kind === 'human');
  return humans.length > 0 && humans.every((s) => isMine(s.seat));
}




function fenceVerdict(name) {
  if (!myTurn()) return { ok: false, reason: { code: 'not_your_turn' } };
  if (G.legalFences.has(name)) return { ok: true, reason: null };
  const legal = shownGame().legal;
  const blocked = legal && legal.blocked;
  const reason = blocked && blocked[name] ? blocked[name] : null;
  return { ok: false, reason };
}

export {
  CLAIM_MS,
  CONFIRM_KEY,
  confirmMoves,
  dropPending,
  board,
  boardPointer,
  centerOf,
  clock,
  defaultRotation,
  fenceShape,
  fenceVerdict,
  G,
  goneKey,
  goneSeats,
  holdsSeat,
  isLive,
  isMine,
  join,
  keys,
  mySeats,
  myToken,
  myTurn,
  net,
  playsHere,
  pointer,
  savedRotation,
  seatsAreAllMine,
  shownGame,
};
