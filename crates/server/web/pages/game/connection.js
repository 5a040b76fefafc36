// @ts-check
// The game page and the server: loading a game, its live connection, and
// the actions sent (by WebSocket, else by HTTP).

import { ApiError, api } from '../../lib/api.js';
import { parseFence, parsePosition, parseSquare, seatOrder } from '../../lib/position.js';
import { LiveSocket, socketUrl } from '../../lib/socket.js';
import { store } from '../../lib/store.js';
import { $ } from '../../lib/dom.js';
import * as Chat from './chat.js';
import { renderGame } from './render.js';
import { G, isMine, keys, mySeats, myToken, myTurn, seatsAreAllMine } from './state.js';
import { gameLabel } from '../home.js';
import { GAME_PREFIX, announce, errorText, loadRec, playerName, saveRec, seatLabel, t, terminationText } from '../ui.js';

// The game's live connection (one per game page), with the token of this
// browser's seats.
function connectWs() {
  if (!G.active) return;
  clearTimeout(G.loadTimer);
  if (G.live) G.live.stop();
  const id = /** @type {string} */ (G.id);
  setConn('connecting');
  const live = new LiveSocket(socketUrl('/api/games/' + encodeURIComponent(id) + '/ws'), {
    token: myToken(),
    pingEvery: 25000,
    backoff: { base: 600, max: 15000 },
    onOpen: () => {
      setConn('online');
      Chat.connected(sendWs);
      // Back in touch: a "cannot reach the server" message is old news.
      if (G.errorCode === 'network' || G.errorCode === 'unavailable') showError(null);
    },
    onMessage: onGameMessage,
    onClose: () => {
      clearPending();
      setConn('offline');
      // While the socket stays down, keep the page fresh over HTTP.
      if (live.failures > 0) {
        api('GET', '/api/games/' + encodeURIComponent(id)).then((game) => {
          if (G.active && G.id === id) applyState(game);
        }).catch(() => {});
      }
    },
  });
  G.live = live.start();
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
  if (!document.hidden && G.active && G.game && G.live) G.live.wake();
});

function sendWs(msg) {
  return !!G.live && G.live.send(msg);
}

function setConn(state) {
  // A finished game is not "live", whatever the socket does.
  if (state === 'online' && G.game && G.game.status === 'over') state = 'ended';
  const node = $('#conn');
  if (node.classList.contains(state) && node.textContent === t('conn.' + state)) return;
  node.className = 'conn ' + state;
  node.textContent = t('conn.' + state);
}

function clearPending() {
  G.pending = false;
  clearTimeout(G.pendingTimer);
}

// Sends an action by WebSocket, or by HTTP when the socket is not open.
async function act(wsMsg, method, path, body) {
  showError(null);
  if (sendWs(wsMsg)) {
    G.pending = true;
    clearTimeout(G.pendingTimer);
    G.pendingTimer = setTimeout(() => { G.pending = false; renderGame(); }, 8000);
    renderGame();
    return;
  }
  G.pending = true;
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
  if (G.pending || !G.game) return;
  G.pendingSlot = null;
  G.preview = null;
  $('#fence-error').textContent = '';
  act({ type: 'move', move }, 'POST', '/move', { move });
}

function showError(err) {
  const box = $('#error');
  if (err && typeof err !== 'string' && err.code === 'not_allowed' && G.lastAction === 'draw-offer') {
    err = t('err.ai_declines_draw');
  }
  if (err) G.lastAction = null;
  if (!err) {
    G.errorCode = null;
    box.hidden = true;
    box.textContent = '';
    return;
  }
  const text = typeof err === 'string' ? err : errorText(err);
  G.errorCode = typeof err === 'string' ? null : err.code;
  box.textContent = text;
  box.hidden = false;
  announce(text);
}

// Reads the whole game again over HTTP (a state message arrived that
// continues a history this page does not have).
function refetchGame() {
  const id = /** @type {string} */ (G.id);
  api('GET', '/api/games/' + encodeURIComponent(id)).then((game) => {
    if (G.active && G.id === id) applyState(game);
  }).catch(() => {});
}

function applyState(game) {
  if (!game || typeof game !== 'object') return;
  if (typeof game.version === 'number' && game.version < G.version) return;
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
  G.version = typeof game.version === 'number' ? game.version : G.version;
  clearPending();
  const moves = game.moves || [];
  if (prevMoves === null || moves.length !== prevMoves) {
    G.hint = null;
    G.pendingSlot = null;
    G.stickyFenceError = false;
    $('#fence-error').textContent = '';
    keys.cursor = null;
    keys.fenceMode = false; // each turn starts with the pawn
    G.preview = null;
    if (prevMoves !== null && moves.length > prevMoves) {
      showError(null);
      if (G.typedMove && moves.some((m, i) => i >= prevMoves && m.move === G.typedMove)) {
        $('#move-input').value = '';
        G.typedMove = null;
      }
      const fresh = moves.slice(prevMoves).slice(-4);
      announce(fresh.map((m) => moveAnnouncement(m)).join('. '));
    } else if (prevMoves !== null && moves.length < prevMoves) {
      announce(t('announce.undone'));
    }
  }
  if (G.replay !== null && G.replay >= moves.length) G.replay = null;
  if (!keys.cursor && game.pawns) {
    const seat = game.turn && isMine(game.turn) ? game.turn : (mySeats() || [])[0];
    const sq = seat && parseSquare(game.pawns[seat]);
    if (sq) keys.cursor = sq;
  }
  G.legalPawn = new Set(game.legal && game.legal.pawn || []);
  G.legalFences = new Set(game.legal && game.legal.fences || []);
  if (!myTurn()) {
    G.preview = null;
    G.pendingSlot = null;
  }
  G.clockBase = performance.now();
  if (prev && prev.status !== game.status && game.status === 'over' && game.result) {
    announce(resultText(game));
  }
  if (game.status === 'over' && $('#conn').classList.contains('online')) setConn('online');
  if (prev && !prev.rematch && game.rematch) announce(t('rematch.ready'));
  // The rematch reuses this token: keep it for the new game too.
  if (game.rematch && myToken() && !loadRec(game.rematch)) {
    saveRec(game.rematch, { token: myToken(), seats: guessRematchSeats(game), mode: G.rec.mode, creator: false });
  }
  // Remember the games this browser plays in (not the ones it only watched).
  G.rec = saveRec(G.id, { label: gameLabel(game), status: game.status });
  if (!G.rec.token && !G.rec.creator) store.remove(GAME_PREFIX + G.id);
  renderGame();
}

// In a rematch each person moves to the next seat in turn order (the
// server's rotation); POST /rematch on an existing rematch tells exactly.
function guessRematchSeats(game) {
  const mine = mySeats();
  if (!mine || !mine.length) return null;
  const order = seatOrder(game);
  return mine.map((s) => order[(order.indexOf(s) + 1) % order.length]);
}

function moveAnnouncement(m) {
  const who = seatLabel(m.seat);
  const mv = String(m.move || '');
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
  if (res.termination === 'aborted') return { text: t('result.aborted'), outcome: 'aborted' };
  const scoring = game.settings.variant === 'scoring';
  const term = scoring && res.termination === 'goal' ? t('term.all_arrived') : terminationText(res.termination);
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

function resultText(game) {
  return resultInfo(game).text;
}

export {
  act,
  applyState,
  connectWs,
  moveAnnouncement,
  playMove,
  resultInfo,
  showError,
};
