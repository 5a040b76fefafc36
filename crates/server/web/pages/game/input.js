// @ts-check
// Playing on the board: the pointer, touch and keyboard, fence mode and
// its preview, and the game's buttons.

import { api } from '../../lib/api.js';
import { $, svgEl } from '../../lib/dom.js';
import { fenceName, parseFence, parseSquare, seatOrder } from '../../lib/position.js';
import { I18n } from '../../lib/i18n.js';
import { sayButton } from '../../lib/speech.js';
import { store } from '../../lib/store.js';
import { act, applyState, askRematch, connectWs, playMove } from './connection.js';
import { renderTools, showError } from './panels.js';
import { renderGame, renderPreview, setReplay, shownPosition } from './render.js';
import { CONFIRM_KEY, G, board, boardPointer, centerOf, confirmMoves, dropPending, fenceVerdict, goneKey, holdsSeat, isLive, isMine, join, keys, mySeats, myToken, myTurn, net, playsHere, pointer, seatsAreAllMine, shownGame } from './state.js';
import { hintLine as hintText, occupiedWords, verdictText } from './words.js';
import { announce, confirmDialog, errorText, loadRec, playerName, saveRec, seatLabel, session, t, toast } from '../ui.js';
import { isLocal, localHint } from './local.js';

// ------------------------------------------------------------------
// Board interaction
// ------------------------------------------------------------------

function setFenceMode(on) {
  keys.setFenceMode(!!on);
}

// Fence mode entered or left, by a key or the button.
function fenceModeChanged(on) {
  if (!on) pointer.preview = null;
  dropPending();
  if (G.game && G.active) renderGame();
}

function myPawnSquare() {
  const g = G.game;
  if (!g || !g.pawns) return null;
  const seat = g.turn && isMine(g.turn) ? g.turn : (mySeats() || [])[0];
  return seat ? parseSquare(g.pawns[seat]) : null;
}

function setPreview(name) {
  if (name === pointer.preview) return;
  pointer.preview = name;
  renderPreview();
}

// Why a click on the board does nothing: a spectator watches, a player
// waits for their turn.
function notYourTurnText() {
  return playsHere() ? t('err.not_your_turn') : t('err.watching');
}

// Why the pawn to move cannot go to `name`, in words: another pawn is
// there, a fence is in the way, or it is too far (a pawn steps to a
// neighbouring square, or jumps over a pawn next to it).
function pawnRefusal(name) {
  const g = shownGame();
  const target = parseSquare(name);
  const from = myPawnSquare();
  if (!target || !from) return t('move.not_reachable', { square: name });
  const occupied = occupiedWords(g, name);
  if (occupied) return occupied;
  const steps = Math.abs(target.c - from.c) + Math.abs(target.r - from.r);
  if (steps === 1) return t('move.fence_between', { square: name });
  return t('move.too_far', { square: name });
}

// A new action on the board: messages about the last one go.
function clearMessages() {
  showError(null);
  if (pointer.stickyFenceError) {
    pointer.stickyFenceError = false;
    $('#fence-error').textContent = '';
  }
}

function squareClicked(name) {
  if (!myTurn()) {
    if (G.game && G.game.status === 'playing' && isLive()) flashFenceError(notYourTurnText());
    return;
  }
  if (net.pending) return;
  clearMessages();
  if (G.legalPawn.has(name)) {
    // With "Confirm each move": the first tap shows the pawn there, a
    // second one (or Play) sends it.
    if (confirmMoves() && pointer.pendingSquare !== name) {
      pointer.pendingSquare = name;
      pointer.pendingSlot = null;
      pointer.preview = null;
      renderPreview();
      renderTools();
      announce(t('game.confirm_square', { square: name }));
      return;
    }
    pointer.pendingSquare = null;
    playMove(name);
  } else {
    const p = parseSquare(name);
    const mine = myPawnSquare();
    if (!(mine && p && mine.c === p.c && mine.r === p.r)) flashFenceError(pawnRefusal(name));
  }
}

function fenceClicked(name, direct) {
  if (!myTurn()) {
    if (G.game && G.game.status === 'playing' && isLive()) flashFenceError(notYourTurnText());
    return;
  }
  if (net.pending) return;
  clearMessages();
  const v = fenceVerdict(name);
  pointer.pendingSquare = null;
  // With "Confirm each move", a click waits as a tap does.
  if (direct && !(confirmMoves() && v.ok && pointer.pendingSlot !== name)) {
    if (v.ok) playMove(name);
    else {
      pointer.preview = name;
      renderPreview();
      flashFenceError(verdictText(name, v));
      announce(verdictText(name, v));
    }
    return;
  }
  // Touch: the first tap shows the fence, a second tap on it places it.
  if (pointer.pendingSlot === name && v.ok) {
    playMove(name);
    return;
  }
  pointer.pendingSlot = name;
  pointer.preview = name;
  renderPreview();
  renderTools();
  if (!v.ok) announce(verdictText(name, v));
}

function flashFenceError(text) {
  const node = $('#fence-error');
  node.textContent = text;
  pointer.stickyFenceError = true;
}

function initBoard() {
  const svg = $('#board');
  board.svg = svg;
  board.rot = 0;

  boardPointer.attach(svg, {
    ready: () => Boolean(G.game),
    active: myTurn,
    fenceMode: () => keys.fenceMode,
    previewed: () => pointer.preview,
    pending: () => pointer.pendingSlot,
    preview: setPreview,
    hover: hoverSquare,
    square: squareClicked,
    fence: fenceClicked,
  });

  keys.attach(svg, {
    playing: () => Boolean(G.game && G.game.status === 'playing' && isLive() && holdsSeat()),
    elsewhere: replayKey,
    canFence: () => Boolean(G.game) && myTurn(),
    start: myPawnSquare,
    square: squareClicked,
    fence: (name) => fenceClicked(name, true),
    preview: (name) => {
      dropPending();
      pointer.preview = name;
      renderPreview();
      renderTools();
    },
    modeChanged: fenceModeChanged,
    describe: describeCursor,
    modeText: (on) => t(on ? 'fence.mode_on' : 'fence.mode_off'),
    announce,
  });

  $('#fence-mode').addEventListener('click', () => setFenceMode(!keys.fenceMode));
  $('#fence-rotate').addEventListener('click', () => rotateFence());
  $('#fence-confirm').addEventListener('click', () => {
    if (pointer.pendingSquare) squareClicked(pointer.pendingSquare);
    else if (pointer.pendingSlot) fenceClicked(pointer.pendingSlot, true);
  });
  $('#fence-cancel').addEventListener('click', () => {
    dropPending();
    pointer.preview = null;
    renderGame();
  });
  const confirm = /** @type {HTMLInputElement} */ ($('#confirm-moves'));
  confirm.checked = confirmMoves();
  confirm.addEventListener('change', () => {
    store.set(CONFIRM_KEY, confirm.checked);
    dropPending();
    pointer.preview = null;
    if (G.game && G.active) renderGame();
  });
  $('#flip').addEventListener('click', () => {
    // A half turn with two players; a quarter turn with four.
    const step = G.game && seatOrder(G.game).length === 4 ? 1 : 2;
    board.rot = (board.rot + step) % 4;
    if (G.id) saveRec(G.id, { rot: board.rot });
    G.rec = loadRec(G.id);
    board.key = '';
    renderGame();
  });
}

function hoverSquare(name) {
  if (name === pointer.hoverSq && (!name || board.layers.marks.querySelector('.ghost'))) return;
  pointer.hoverSq = name;
  const L = board.layers;
  const old = L.marks && L.marks.querySelector('.ghost');
  if (old) old.remove();
  if (!name || !myTurn() || !G.legalPawn.has(name)) return;
  const c = centerOf(name);
  if (c) L.marks.append(svgEl('circle', { class: 'ghost seat-' + shownGame().turn, cx: c.x, cy: c.y, r: 33 }));
}

function rotateFence() {
  if (pointer.pendingSlot) {
    const f = parseFence(pointer.pendingSlot);
    if (!f) return;
    f.o = f.o === 'h' ? 'v' : 'h';
    pointer.pendingSlot = fenceName(f);
    pointer.preview = pointer.pendingSlot;
    renderGame();
    return;
  }
  keys.turnFence();
}

// The keyboard cursor's place, in words: a fence's verdict, or a square
// with the pawn on it or whether the pawn to move may go there.
function describeCursor(target) {
  if ('fence' in target) return verdictText(target.fence, fenceVerdict(target.fence));
  const name = target.square;
  const pos = shownPosition();
  const who = Object.entries(pos.pawns).find(([, sq]) => sq === name);
  let text = name;
  if (who) text += ', ' + t('cursor.pawn', { seat: seatLabel(who[0]) });
  else if (myTurn() && G.legalPawn.has(name)) text += ', ' + t('cursor.legal');
  return text;
}

function replayKey(k) {
  const n = (shownGame().moves || []).length;
  const cur = G.replay === null ? n : G.replay;
  if (k === 'ArrowLeft') setReplay(cur - 1);
  if (k === 'ArrowRight') setReplay(cur + 1);
  if (k === 'Home') setReplay(0);
  if (k === 'End') setReplay(n);
}


function initGameControls() {
  // For a child who cannot read yet: whose turn it is, how it ended, why a fence may not go there.
  sayButton($('#game-say'), () => document.querySelectorAll('#turn, #first-move, #result, #fence-error, #status'), () => I18n.lang);
  $('#undo').addEventListener('click', () => act({ type: 'undo' }, 'POST', '/undo', {}));
  $('#pass').addEventListener('click', () => playMove('pass'));
  $('#hint').addEventListener('click', async () => {
    showError(null);
    $('#hint').disabled = true;
    const text = $('#hint-text');
    text.textContent = t('hint.searching');
    text.hidden = false;
    try {
      const res = isLocal(G.id)
        ? await localHint()
        : await api('GET', '/api/games/' + encodeURIComponent(String(G.id)) + '/hint', undefined, myToken());
      if (res) {
        G.hint = { move: res.move, path: res.path || [], score: res.score, steps: res.steps || [], mover: shownGame().turn };
        announce(hintText(G.hint));
      } else {
        G.hint = null;
        text.hidden = true;
      }
    } catch (e) {
      G.hint = null;
      showError(e);
    } finally {
      $('#hint').disabled = false;
      renderGame();
    }
  });
  $('#resign').addEventListener('click', async () => {
    const g = shownGame();
    const mine = seatOrder(g).filter((s) => isMine(s) && !(g.out || []).includes(s));
    let seat = null;
    if (mine.length > 1) seat = mine.includes(g.turn) ? g.turn : mine[0];
    const text = seat ? t('confirm.resign_seat', { seat: seatLabel(seat) }) : t('confirm.resign');
    if (!(await confirmDialog(text, t('game.resign')))) return;
    const msg = seat ? { type: 'resign', seat } : { type: 'resign' };
    act(msg, 'POST', '/resign', seat ? { seat } : {});
  });
  $('#draw-offer').addEventListener('click', async () => {
    const g = shownGame();
    // Said to whom it goes: one player by name, the computer (which judges
    // the position), or the others; on one screen, an agreement.
    const others = (g.seats || []).filter((s) => !isMine(s.seat) && !(g.out || []).includes(s.seat));
    const text = seatsAreAllMine() && !others.some((s) => s.kind === 'ai') ? t('confirm.draw_agree')
      : others.every((s) => s.kind === 'ai') ? t('confirm.draw_ai')
        : others.length === 1 ? t('confirm.draw_to', { name: playerName(g, others[0].seat) })
          : t('confirm.draw');
    if (!(await confirmDialog(text, t('game.draw_offer'), false))) return;
    net.lastAction = 'draw-offer';
    act({ type: 'draw', action: 'offer' }, 'POST', '/draw', { action: 'offer' });
  });
  // The others have gone: claim the win or a draw, or wait for them.
  $('#claim-win').addEventListener('click', () => act({ type: 'claim', result: 'win' }, 'POST', '/claim', { result: 'win' }));
  $('#claim-draw').addEventListener('click', () => act({ type: 'claim', result: 'draw' }, 'POST', '/claim', { result: 'draw' }));
  $('#claim-wait').addEventListener('click', () => {
    G.waiting = goneKey(G.game);
    $('#gone-actions').hidden = true;
  });
  $('#abort').addEventListener('click', async () => {
    if (!(await confirmDialog(t('confirm.abort'), t('game.abort')))) return;
    act({ type: 'abort' }, 'POST', '/abort', {});
  });
  $('#takeback').addEventListener('click', async () => {
    if (!(await confirmDialog(t('confirm.takeback'), t('game.takeback'), false))) return;
    act({ type: 'takeback', action: 'offer' }, 'POST', '/takeback', { action: 'offer' });
  });
  $('#takeback-accept').addEventListener('click', () => act({ type: 'takeback', action: 'accept' }, 'POST', '/takeback', { action: 'accept' }));
  $('#takeback-decline').addEventListener('click', () => act({ type: 'takeback', action: 'decline' }, 'POST', '/takeback', { action: 'decline' }));
  $('#draw-accept').addEventListener('click', () => act({ type: 'draw', action: 'accept' }, 'POST', '/draw', { action: 'accept' }));
  $('#draw-decline').addEventListener('click', () => act({ type: 'draw', action: 'decline' }, 'POST', '/draw', { action: 'decline' }));
  $('#rematch').addEventListener('click', askRematch);
  $('#rematch-accept').addEventListener('click', askRematch);
  $('#rematch-decline').addEventListener('click', () => act(null, 'POST', '/rematch/decline', {}));
  // Joining a rematch someone else made: the same call answers with our seats.
  $('#rematch-go').addEventListener('click', (e) => {
    if (!myToken() || !holdsSeat()) return;
    e.preventDefault();
    e.stopPropagation();
    askRematch();
  });
  $('#move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('#move-input');
    const mv = input.value.trim().toLowerCase();
    if (!mv) return;
    if (!myTurn()) {
      showError(notYourTurnText());
      return;
    }
    if (parseFence(mv) && !G.legalFences.has(mv)) {
      const v = fenceVerdict(mv);
      if (v.reason) {
        showError(verdictText(mv, v));
        pointer.preview = mv;
        renderPreview();
        return;
      }
    } else if (parseSquare(mv) && !G.legalPawn.has(mv)) {
      showError(pawnRefusal(mv));
      return;
    }
    // The text stays until the move is played (a refusal keeps it to fix).
    net.typedMove = mv;
    playMove(mv);
  });
  $('#join-form').addEventListener('submit', submitJoin);
  $('#replay-start').addEventListener('click', () => setReplay(0));
  $('#replay-prev').addEventListener('click', () => {
    const n = (shownGame().moves || []).length;
    setReplay((G.replay === null ? n : G.replay) - 1);
  });
  $('#replay-next').addEventListener('click', () => {
    const n = (shownGame().moves || []).length;
    setReplay((G.replay === null ? n : G.replay) + 1);
  });
  $('#replay-end').addEventListener('click', () => setReplay((shownGame().moves || []).length));
  $('#moves').addEventListener('click', (e) => {
    const b = e.target.closest('[data-ply]');
    if (b) setReplay(Number(b.dataset.ply));
  });

  // ←/→ step through the game when the focus is not in a field or on the
  // board during play.
  document.addEventListener('keydown', (e) => {
    if (!G.active || !G.game || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = /** @type {HTMLElement} */ (e.target);
    const tag = (target.tagName || '').toLowerCase();
    if (['input', 'select', 'textarea'].includes(tag) || target.isContentEditable) return;
    if (e.target === board.svg) return;
    if (['ArrowLeft', 'ArrowRight'].includes(e.key) || (['Home', 'End'].includes(e.key) && !isLive())) {
      if ($('#confirm-dialog').open) return;
      e.preventDefault();
      replayKey(e.key);
    }
  });
}

async function submitJoin(e) {
  e.preventDefault();
  // Logged in, the seat is the account's and bears its name.
  if (session.account) $('#join-name').value = session.account.name;
  const name = $('#join-name').value.trim();
  const errBox = $('#join-error');
  errBox.hidden = true;
  if (!name) {
    errBox.textContent = t('join.need_name');
    errBox.hidden = false;
    $('#join-name').focus();
    return;
  }
  store.set('quoridor.name', name);
  $('#join-submit').disabled = true;
  join.busy = true;
  try {
    const res = await api('POST', '/api/games/' + encodeURIComponent(String(G.id)) + '/join', { seat: join.seat || null, name });
    G.rec = saveRec(String(G.id), { token: res.token, seats: Array.isArray(res.seats) ? res.seats : null, mode: 'online' });
    join.seat = null;
    $('#join-form').hidden = true;
    history.replaceState(null, '', '/g/' + encodeURIComponent(String(G.id)));
    if (res.game) applyState(res.game);
    connectWs();
    toast(t('join.joined'));
  } catch (err) {
    errBox.textContent = errorText(err);
    errBox.hidden = false;
    if (err.code === 'seat_taken' || err.code === 'no_free_seat') {
      join.seat = null;
      history.replaceState(null, '', '/g/' + encodeURIComponent(String(G.id)));
      renderGame();
    }
  } finally {
    join.busy = false;
    $('#join-submit').disabled = false;
  }
}

export {
  initBoard,
  initGameControls,
  setFenceMode,
};
