// @ts-check
// The game page's state: the board, the game as last received, and which
// seats this browser holds.

import { api } from '../../lib/api.js';
import { fenceShape as geomFenceShape } from '../../lib/board/pieces.js';
import { BoardKeys } from '../../lib/board/input.js';
import { BoardView } from '../../lib/board/view.js';
import { $, el } from '../../lib/dom.js';
import { SEATS4 } from '../../lib/position.js';
import { applyState, connectWs } from './connection.js';
import { errorText, loadRec, saveRec, seatInfo, show, t } from '../ui.js';

// ------------------------------------------------------------------
// The board (lib/board/view.js); its element is set by initBoard.
// ------------------------------------------------------------------

const board = new BoardView(/** @type {any} */ (null));
/** The board's keyboard cursor and fence mode (lib/board/input.js). */
const keys = new BoardKeys(board);
const svgPoint = (evt) => board.point(evt);
const centerOf = (name) => board.centreOf(name);
const fenceShape = (name, cls) => geomFenceShape(board.geom, name, cls, board.ref);

// ------------------------------------------------------------------
// Game page state
// ------------------------------------------------------------------

/**
 * The game page's state.
 * @type {{
 *   id: string | null, game: import('../../lib/views.js').GameView | null,
 *   version: number, rec: any, live: import('../../lib/socket.js').LiveSocket | null,
 *   loadTimer: any, clockTimer: any, clockBase: number, replay: number | null,
 *   preview: string | null,
 *   pendingSlot: any, pending: boolean, pendingTimer: any, hint: any,
 *   joinSeat: string | null, account: any, legalPawn: Set<string>,
 *   legalFences: Set<string>, touch: {id: number, moved: boolean} | null,
 *   suppressClick: boolean, active: boolean, youFromServer: string[] | null,
 *   stickyFenceError?: boolean, typedMove?: string | null, lastAction?: string | null,
 *   joining?: boolean, errorCode?: string | null, hoverSq?: string | null,
 * }}
 */
const G = {
  id: null,
  game: null,
  version: -1,
  rec: null,
  live: null,
  loadTimer: 0,
  clockTimer: 0,
  clockBase: 0,
  replay: null,
  preview: null,
  pendingSlot: null,
  pending: false,
  pendingTimer: 0,
  hint: null,
  joinSeat: null,
  // The logged-in account ({name, ratings}), if any.
  account: null,
  legalPawn: new Set(),
  legalFences: new Set(),
  touch: null,
  suppressClick: false,
  active: false,
  youFromServer: null,
};

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

function enterGame(id) {
  G.active = true;
  G.id = id;
  G.game = null;
  G.version = -1;
  G.replay = null;
  keys.reset();
  G.preview = null;
  G.pendingSlot = null;
  G.pending = false;
  G.hint = null;
  G.youFromServer = null;
  board.key = '';
  show($('#home'), false);
  show($('#game'), true);
  show($('#game-loading'), true);
  show($('#game-layout'), false);
  show($('#game-error'), false);
  document.title = t('title.game');

  // A seat link: #t=<token>[&s=<seats>] becomes this browser's token.
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const params = new URLSearchParams(location.search);
  if (hash.get('t')) {
    const seats = (hash.get('s') || '').split(',').filter((s) => SEATS4.some((seat) => seat === s));
    const prev = loadRec(id);
    const sameToken = prev && prev.token === hash.get('t');
    saveRec(id, { token: hash.get('t'), seats: seats.length ? seats : (sameToken ? prev.seats : null) });
    history.replaceState(null, '', location.pathname + location.search);
  }
  G.rec = loadRec(id);
  board.rot = savedRotation() ?? 0;
  G.joinSeat = params.get('join');
  if (G.joinSeat && myToken()) {
    // Already in this game on this browser: no need to join again.
    G.joinSeat = null;
    history.replaceState(null, '', location.pathname);
  }
  loadGame();
}

function leaveGame() {
  if (!G.active) return;
  G.active = false;
  clearTimeout(G.loadTimer);
  clearInterval(G.clockTimer);
  clearTimeout(G.pendingTimer);
  if (G.live) G.live.stop();
  G.live = null;
  G.game = null;
  keys.reset();
  G.preview = null;
  G.pendingSlot = null;
}

async function loadGame() {
  const id = /** @type {string} */ (G.id);
  try {
    const game = await api('GET', '/api/games/' + encodeURIComponent(id), undefined, myToken());
    if (!G.active || G.id !== id) return;
    applyState(game);
    connectWs();
  } catch (e) {
    if (!G.active || G.id !== id) return;
    show($('#game-loading'), false);
    const box = $('#game-error');
    box.textContent = '';
    box.append(el('p', { text: e.code === 'not_found' ? t('game.not_found') : errorText(e) }),
      el('a', { class: 'btn primary', href: '/', 'data-nav': true, text: t('nav.home') }));
    box.hidden = false;
    if (e.code !== 'not_found') {
      // The server may be restarting: try again a little later.
      G.loadTimer = setTimeout(() => { if (G.active && G.id === id && !G.game) loadGame(); }, 4000);
    }
  }
}

export {
  G,
  board,
  keys,
  centerOf,
  defaultRotation,
  enterGame,
  fenceShape,
  holdsSeat,
  isLive,
  isMine,
  leaveGame,
  mySeats,
  myToken,
  myTurn,
  savedRotation,
  seatsAreAllMine,
  shownGame,
  svgPoint,
};
