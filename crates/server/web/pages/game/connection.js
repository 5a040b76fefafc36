// @ts-check
// The game page and the server: entering and leaving a game, loading it,
// its live connection, and the actions sent (by WebSocket, else by HTTP).

import { ApiError, api } from '../../lib/api.js';
import { $, el } from '../../lib/dom.js';
import { SEATS4, parseSquare, seatOrder } from '../../lib/position.js';
import { LiveSocket, socketUrl } from '../../lib/socket.js';
import { store } from '../../lib/store.js';
import * as Chat from './chat.js';
import { closeLocal, isLocal, localAct, localRematch, localSeats, openLocal } from './local.js';
import { showError } from './panels.js';
import { renderGame } from './render.js';
import { G, board, clock, dropPending, isMine, join, keys, mySeats, myToken, myTurn, net, playsHere, pointer, savedRotation } from './state.js';
import { moveAnnouncement, resultText } from './words.js';
import { navigate } from '../nav.js';
import { refreshTurnCount } from '../../lib/topbar.js';
import { GAME_PREFIX, announce, errorText, gameLabel, loadRec, playerName, saveRec, show, t, toast } from '../ui.js';

// The game's live connection (one per game page), with the token of this
// browser's seats.
function connectWs() {
  if (!G.active || isLocal(G.id)) return;
  clearTimeout(net.loadTimer);
  if (net.live) net.live.stop();
  const id = /** @type {string} */ (G.id);
  // A fresh start: the game's state comes with the socket.
  net.inTouch = true;
  setConn('connecting');
  const live = new LiveSocket(socketUrl('/api/games/' + encodeURIComponent(id) + '/ws'), {
    token: myToken(),
    pingEvery: 25000,
    backoff: { base: 600, max: 15000 },
    onOpen: () => {
      net.inTouch = true;
      setConn('online');
      Chat.connected(sendWs);
      // Back in touch: a "cannot reach the server" message is old news.
      if (net.errorCode === 'network' || net.errorCode === 'unavailable') showError(null);
    },
    onMessage: onGameMessage,
    onClose: () => {
      clearPending();
      const wasInTouch = net.inTouch;
      net.inTouch = false;
      setConn('offline');
      // Going out of touch, the line under the buttons says it all; a
      // message said since (a move that waits) stays through each failed
      // try to reconnect, or it would vanish before it is read.
      if (wasInTouch && (net.errorCode === 'network' || net.errorCode === 'unavailable')) showError(null);
      renderGame();
      // While the socket stays down, keep the page fresh over HTTP (and
      // act over HTTP while that works).
      if (live.failures > 0) {
        api('GET', '/api/games/' + encodeURIComponent(id)).then((game) => {
          if (!G.active || G.id !== id) return;
          net.inTouch = true;
          applyState(game);
        }).catch(() => {});
      }
    },
  });
  net.live = live.start();
}

function onGameMessage(msg) {
  if (msg.type === 'state' && msg.game) {
    const you = msg.you || msg.seats || (msg.game && msg.game.you);
    if (Array.isArray(you)) G.youFromServer = you;
    applyState(msg.game);
  } else if (msg.type === 'chat' || msg.type === 'chat_history') {
    Chat.receive(msg);
  } else if (msg.type === 'error') {
    clearPending();
    // The server is stopping (or handing the game over): the socket closes
    // next and the page reconnects; the connection's line says so.
    if (msg.error && msg.error.code === 'unavailable') {
      net.inTouch = false;
      renderGame();
      return;
    }
    if (msg.error && msg.error.code === 'unauthorized' && myToken()) {
      // The server does not know this browser's token for this game
      // (e.g. a stale seat link): watch as a spectator instead.
      G.rec = saveRec(G.id, { token: null, seats: null });
      G.youFromServer = null;
    }
    showError(new ApiError(msg.error));
    renderGame();
  }
}

document.addEventListener('visibilitychange', () => {
  if (!document.hidden && G.active && G.game && net.live) net.live.wake();
});

function sendWs(msg) {
  return !!net.live && net.live.send(msg);
}

function setConn(state) {
  // A finished game is not "live", whatever the socket does.
  if (state === 'online' && G.game && G.game.status === 'over') state = 'ended';
  // A game of this device has no connection to show.
  if (isLocal(G.id)) state = G.game && G.game.status === 'over' ? 'ended' : 'local';
  const node = $('#conn');
  if (node.classList.contains(state) && node.textContent === t('conn.' + state)) return;
  node.className = 'conn ' + state;
  node.textContent = t('conn.' + state);
}

function clearPending() {
  net.pending = false;
  clearTimeout(net.pendingTimer);
}

// Sends an action by WebSocket, or by HTTP when the socket is not open.
async function act(wsMsg, method, path, body) {
  showError(null);
  if (isLocal(G.id)) {
    // A game of this device: the page answers itself.
    try {
      applyState(await localAct(path, body));
    } catch (e) {
      showError(e);
      renderGame();
    }
    return;
  }
  // No message: HTTP only (the WebSocket has no such action).
  if (wsMsg && sendWs(wsMsg)) {
    net.pending = true;
    clearTimeout(net.pendingTimer);
    net.pendingTimer = setTimeout(() => { net.pending = false; renderGame(); }, 8000);
    renderGame();
    return;
  }
  net.pending = true;
  renderGame();
  try {
    const res = await api(method, '/api/games/' + encodeURIComponent(G.id || '') + path, body, myToken());
    clearPending();
    if (res && res.version !== undefined) applyState(res);
    else renderGame();
  } catch (e) {
    clearPending();
    showError(e);
    renderGame();
  }
}

function playMove(move) {
  if (net.pending || !G.game) return;
  dropPending();
  pointer.preview = null;
  $('#fence-error').textContent = '';
  act({ type: 'move', move }, 'POST', '/move', { move });
}


// Reads the whole game again over HTTP (a state message arrived that
// continues a history this page does not have).
function refetchGame() {
  const id = /** @type {string} */ (G.id);
  if (isLocal(id)) return;
  api('GET', '/api/games/' + encodeURIComponent(id)).then((game) => {
    if (G.active && G.id === id) applyState(game);
  }).catch(() => {});
}

function applyState(game) {
  if (!game || typeof game !== 'object') return;
  if (typeof game.version === 'number' && game.version < net.version) return;
  const prev = G.game;
  // State messages carry only the history from moves_from on.
  const known = prev && prev.moves ? prev.moves : [];
  const from = typeof game.moves_from === 'number' ? game.moves_from : 0;
  if (from > known.length) {
    refetchGame();
    return;
  }
  game.moves = known.slice(0, from).concat(game.moves || []);
  game.moves_from = 0;
  const prevMoves = prev && prev.moves ? prev.moves.length : null;
  G.game = game;
  net.version = typeof game.version === 'number' ? game.version : net.version;
  clearPending();
  const moves = game.moves || [];
  if (prevMoves === null || moves.length !== prevMoves) {
    G.hint = null;
    dropPending();
    pointer.stickyFenceError = false;
    $('#fence-error').textContent = '';
    keys.cursor = null;
    keys.fenceMode = false; // each turn starts with the pawn
    pointer.preview = null;
    if (prevMoves !== null && moves.length > prevMoves) {
      showError(null);
      if (net.typedMove && moves.some((m, i) => i >= prevMoves && m.move === net.typedMove)) {
        $('#move-input').value = '';
        net.typedMove = null;
      }
      const fresh = moves.slice(prevMoves).slice(-4);
      announce(fresh.map((m) => moveAnnouncement(m)).join('. '));
    } else if (prevMoves !== null && moves.length < prevMoves) {
      announce(t('announce.undone'));
    }
  }
  drawDeclined(prev, game);
  takebackDeclined(prev, game);
  if (G.replay !== null && G.replay >= moves.length) G.replay = null;
  if (!keys.cursor && game.pawns) {
    const seat = game.turn && isMine(game.turn) ? game.turn : (mySeats() || [])[0];
    const sq = seat && parseSquare(game.pawns[seat]);
    if (sq) keys.cursor = sq;
  }
  G.legalPawn = new Set(game.legal && game.legal.pawn || []);
  G.legalFences = new Set(game.legal && game.legal.fences || []);
  if (!myTurn()) {
    pointer.preview = null;
    dropPending();
  }
  clock.base = performance.now();
  if (prev && prev.status !== game.status && game.status === 'over' && game.result) {
    announce(resultText(game));
  }
  if (game.status === 'over' && $('#conn').classList.contains('online')) setConn('online');
  if (prev && !prev.rematch && game.rematch) announce(t('rematch.ready'));
  // Our offer accepted: on to the new game, whether this page plays by a
  // seat's token or by the account's session.
  const askedBefore = prev && (prev.rematch_asked || []).some((s) => isMine(s));
  if (askedBefore && prev && !prev.rematch && game.rematch && playsHere()) askRematch();
  rematchDeclined(prev, game);
  // The rematch reuses this token: keep it for the new game too.
  if (game.rematch && myToken() && !loadRec(game.rematch)) {
    saveRec(game.rematch, { token: myToken(), seats: guessRematchSeats(game), mode: G.rec.mode, creator: false });
  }
  // A game of this account moved on: the top bar's count of games waiting
  // for its move follows.
  if ((!prev || prev.turn !== game.turn || prev.status !== game.status) && playsHere() && !isLocal(G.id)) refreshTurnCount();
  // Remember the games this browser plays in (not the ones it only watched).
  G.rec = saveRec(G.id, { label: gameLabel(game), status: game.status, started: game.created_ms });
  if (!G.rec.token && !G.rec.creator) store.remove(GAME_PREFIX + G.id);
  renderGame();
}

// In a rematch each person moves to the next seat in turn order (the
// server's rotation); POST /rematch on an existing rematch tells exactly.
/**
 * A takeback asked for, gone with no move taken back and no move played,
 * was declined: said to everyone.
 * @param {import('../../lib/views.js').GameView | null} prev @param {import('../../lib/views.js').GameView} game
 */
function takebackDeclined(prev, game) {
  if (!prev || !prev.takeback_offer || game.takeback_offer || game.status !== 'playing') return;
  if ((game.moves || []).length !== (prev.moves || []).length) return;
  const text = t('takeback.declined');
  toast(text);
  announce(text);
}

/**
 * A draw offer gone with no move, no undo and the game going on was
 * declined: said to everyone, the one who offered first of all.
 * @param {import('../../lib/views.js').GameView | null} prev @param {import('../../lib/views.js').GameView} game
 */
function drawDeclined(prev, game) {
  const offer = prev && prev.draw_offer;
  if (!prev || !offer || game.draw_offer || game.status !== 'playing') return;
  if ((game.moves || []).length !== (prev.moves || []).length) return;
  // Two players: the one waiting declined; four: one of those waiting.
  const text = offer.waiting.length === 1
    ? t('draw.declined_by', { seat: playerName(game, offer.waiting[0]) })
    : t('draw.declined');
  toast(text);
  announce(text);
}

/**
 * A rematch offer gone with no rematch made: declined, said to everyone.
 * @param {import('../../lib/views.js').GameView | null} prev @param {import('../../lib/views.js').GameView} game
 */
function rematchDeclined(prev, game) {
  const asked = (prev && prev.rematch_asked) || [];
  if (!asked.length || (game.rematch_asked || []).length || game.rematch) return;
  const text = t('rematch.declined');
  toast(text);
  announce(text);
}

/**
 * Asks for a rematch, or accepts the one offered, or joins the one made:
 * on to the new game once it is made (else the offer waits for the others,
 * and the state that comes says so).
 */
async function askRematch() {
  const button = $('#rematch');
  if (isLocal(G.id)) {
    const id = localRematch();
    saveRec(id, { token: 'local', seats: localSeats(id), mode: G.rec && G.rec.mode, creator: true });
    navigate('/g/' + encodeURIComponent(id));
    return;
  }
  button.disabled = true;
  try {
    const res = await api('POST', '/api/games/' + encodeURIComponent(String(G.id)) + '/rematch', {}, myToken());
    if (res.offered) return;
    saveRec(res.id, {
      token: res.token || myToken(),
      seats: Array.isArray(res.seats) ? res.seats : null,
      mode: G.rec && G.rec.mode,
      creator: !(G.game && G.game.rematch),
      invites: res.invites && Object.keys(res.invites).length ? res.invites : null,
    });
    navigate('/g/' + encodeURIComponent(res.id));
  } catch (e) {
    showError(e);
  } finally {
    button.disabled = false;
  }
}

function guessRematchSeats(game) {
  const mine = mySeats();
  if (!mine || !mine.length) return null;
  const order = seatOrder(game);
  return mine.map((s) => order[(order.indexOf(s) + 1) % order.length]);
}





function enterGame(id) {
  G.active = true;
  G.id = id;
  G.game = null;
  net.version = -1;
  G.replay = null;
  keys.reset();
  pointer.preview = null;
  dropPending();
  net.pending = false;
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
  // A game of this device: this browser holds its people's seats.
  if (isLocal(id)) saveRec(id, { token: 'local', seats: localSeats(id) });
  G.rec = loadRec(id);
  board.rot = savedRotation() ?? 0;
  join.seat = params.get('join');
  if (join.seat && myToken()) {
    // Already in this game on this browser: no need to join again.
    join.seat = null;
    history.replaceState(null, '', location.pathname);
  }
  loadGame();
}

function leaveGame() {
  if (!G.active) return;
  G.active = false;
  clearTimeout(net.loadTimer);
  clearInterval(clock.timer);
  clearTimeout(net.pendingTimer);
  if (net.live) net.live.stop();
  net.live = null;
  closeLocal();
  G.game = null;
  keys.reset();
  pointer.preview = null;
  dropPending();
}

async function loadGame() {
  const id = /** @type {string} */ (G.id);
  try {
    const game = isLocal(id)
      ? await openLocal(id, (later) => { if (G.active && G.id === id) applyState(later); })
      : await api('GET', '/api/games/' + encodeURIComponent(id), undefined, myToken());
    if (!G.active || G.id !== id) return;
    applyState(game);
    if (isLocal(id)) setConn('local');
    connectWs();
  } catch (e) {
    if (!G.active || G.id !== id) return;
    show($('#game-loading'), false);
    const box = $('#game-error');
    box.textContent = '';
    box.append(el('p', { text: e.code === 'not_found' ? t('game.not_found') : errorText(e) }),
      el('a', { class: 'btn primary', href: '/', 'data-nav': true, text: t('nav.home') }));
    box.hidden = false;
    if (e.code !== 'not_found' && !isLocal(id)) {
      // The server may be restarting: try again a little later.
      net.loadTimer = setTimeout(() => { if (G.active && G.id === id && !G.game) loadGame(); }, 4000);
    }
  }
}

export {
  act,
  applyState,
  askRematch,
  connectWs,
  enterGame,
  leaveGame,
  playMove,
};
