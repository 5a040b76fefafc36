// @ts-check
// The game page's panels beside the board: the score sheet, the waiting
// room with its invitations and free seats, the links to share, the
// board's fence tools, and the error line.

import { $, announce, el } from '../../lib/dom.js';
import { icon } from '../../lib/icons.js';
import { seatOrder } from '../../lib/position.js';
import { store } from '../../lib/store.js';
import { G, board, fenceVerdict, holdsSeat, join, keys, mySeats, myToken, myTurn, net, pointer, shownGame } from './state.js';
import { moveLabel, occupiedWords } from './words.js';
import { errorText, formatClockSetting, playerName, seatInfo, seatLabel, t, tn, variantText } from '../ui.js';
import { isLocal, localRecordText } from './local.js';



function renderScoreSheet() {
  const g = shownGame();
  const box = $('#score-sheet');
  if (g.settings.variant !== 'scoring') {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const seats = seatOrder(g);
  const table = $('#score-table');
  table.textContent = '';
  const head = el('tr', null, el('th', { scope: 'col', text: '#' }),
    seats.map((s) => el('th', { scope: 'col', class: 'seat-' + s }, el('span', { class: 'swatch seat-' + s, 'aria-hidden': 'true' }), ' ' + playerName(g, s))));
  table.append(el('thead', null, head));
  const body = el('tbody');
  const totals = {};
  for (const s of seats) totals[s] = 0;
  let row = null;
  let cells = null;
  let lastIdx = Infinity;
  let roundNo = 0;
  (g.moves || []).forEach((m, k) => {
    const idx = seats.indexOf(m.seat);
    if (!row || idx <= lastIdx || idx < 0) {
      roundNo++;
      cells = {};
      row = el('tr', null, el('th', { scope: 'row', text: String(roundNo) }), seats.map((s) => {
        cells[s] = el('td', { class: 'seat-' + s });
        return cells[s];
      }));
      body.append(row);
    }
    lastIdx = idx;
    if (idx < 0) return;
    const pts = typeof m.points === 'number' ? m.points : null;
    if (pts !== null) totals[m.seat] += pts;
    const cell = cells[m.seat];
    cell.append(el('span', { class: 'sc-move', text: moveLabel(m) }));
    if (pts !== null) {
      cell.append(' ', el('span', { class: 'sc-pts ' + (pts > 0 ? 'plus' : pts < 0 ? 'minus' : 'zero'), text: (pts > 0 ? '+' : pts < 0 ? '−' : '±') + Math.abs(pts) }));
    }
    cell.append(' ', el('span', { class: 'sc-total', title: t('score.total'), text: '= ' + totals[m.seat] }));
    if (G.replay !== null && k + 1 === G.replay) row.classList.add('current');
  });
  table.append(body);
  const scores = g.scores || totals;
  table.append(el('tfoot', null, el('tr', null, el('th', { scope: 'row', text: t('score.total') }),
    seats.map((s) => el('td', { class: 'seat-' + s, 'data-score-total': s, text: String(scores[s] !== undefined ? scores[s] : totals[s]) })))));
}

function renderWaiting() {
  const g = shownGame();
  const panel = $('#waiting-panel');
  const joinForm = $('#join-form');
  const free = (g.seats || []).filter((s) => s.kind === 'human' && !s.taken);
  if (g.status !== 'waiting') {
    panel.hidden = true;
    if (!(join.seat && free.length)) joinForm.hidden = true;
    // The seat this page is joining fills the game: the update may come
    // before the answer to the join, which is not "the game is full".
    if (join.seat && !free.length && !myToken() && !join.busy) {
      join.seat = null;
      history.replaceState(null, '', location.pathname);
      showError(t('err.no_free_seat'));
    }
    return;
  }
  panel.hidden = false;
  $('#waiting-text').textContent = tn('waiting.count', free.length, { seats: free.map((s) => seatLabel(s.seat)).join(', ') });
  const links = $('#invite-links');
  links.textContent = '';
  const invites = G.rec && G.rec.invites;
  if (invites && myToken()) {
    const order = /** @type {readonly string[]} */ (seatOrder(g));
    const entries = Object.entries(invites).sort((x, y) => order.indexOf(x[0]) - order.indexOf(y[0]));
    for (const [seat, path] of entries) {
      const info = seatInfo(g, seat);
      const taken = info && info.taken;
      const url = new URL(path, location.origin).href;
      const li = el('li', { class: 'invite' + (taken ? ' taken' : ''), 'data-invite': seat },
        el('span', { class: 'swatch seat-' + seat, 'aria-hidden': 'true' }),
        el('span', { class: 'invite-seat', text: seatLabel(seat) }),
        taken ? el('span', { class: 'invite-taken', text: t('invite.taken', { name: playerName(g, seat) }) })
          : el('a', { class: 'invite-url', href: url, 'data-seat': seat, text: url, target: '_blank', rel: 'noopener' }),
        taken ? null : el('button', { type: 'button', class: 'btn small', 'data-copy-text': url, text: t('common.copy') }),
        !taken && navigator.share ? el('button', {
          type: 'button', class: 'btn small',
          onclick: () => navigator.share({ title: 'Quoridor', text: t('invite.share_text'), url }).catch(() => {}),
          text: t('common.share'),
        }) : null);
      links.append(li);
    }
    links.hidden = false;
  } else {
    links.hidden = true;
  }
  // A visitor without a seat can take a free one.
  const joinBox = $('#join-seats');
  joinBox.textContent = '';
  if (!myToken() && !join.seat) {
    for (const s of free) {
      joinBox.append(el('button', {
        type: 'button', class: 'btn primary', 'data-join-seat': s.seat,
        onclick: () => openJoin(s.seat),
        text: t('list.join_as', { seat: seatLabel(s.seat) }),
      }));
    }
  }
  if (join.seat && !myToken()) openJoin(join.seat);
}

function openJoin(seat) {
  join.seat = seat;
  const form = $('#join-form');
  const wasHidden = form.hidden;
  form.hidden = false;
  $('#join-title').textContent = t('join.title_seat', { seat: seatLabel(seat) });
  const input = $('#join-name');
  if (wasHidden) {
    input.value = store.get('quoridor.name', '') || '';
    setTimeout(() => input.focus(), 30);
  }
  $('#join-seats').textContent = '';
}


function renderShare() {
  const g = shownGame();
  const token = myToken();
  const box = $('#seat-link-box');
  const local = isLocal(G.id);
  // A game of this device is in this browser only: no seat link to share.
  // Nor for a class's or a tournament's game: its token also opens the
  // pupil's (or player's) seat in the class or tournament, not to be passed on.
  const club = !!g.settings.chat_off || !!g.settings.teacher_reads || !!g.settings.tournament;
  if (token && holdsSeat() && !local && !club) {
    const seats = mySeats();
    let frag = '#t=' + encodeURIComponent(token);
    if (seats && seats.length) frag += '&s=' + seats.join(',');
    $('#seat-link').value = location.origin + '/g/' + encodeURIComponent(String(G.id)) + frag;
    box.hidden = false;
  } else {
    box.hidden = true;
  }
  const spect = typeof g.spectators === 'number' ? g.spectators : 0;
  $('#spectators').textContent = '';
  $('#spectators').append(icon('eye'), ' ' + tn('game.spectators', spect));
  $('#spectators').dataset.count = String(spect);
  $('#spectators').hidden = local;
  const rec = $('#record-link');
  // A game of this device is written on the page, as the server would.
  rec.href = isLocal(G.id)
    ? 'data:text/plain;charset=utf-8,' + encodeURIComponent(localRecordText())
    : '/api/games/' + encodeURIComponent(String(G.id)) + '/record';
  rec.setAttribute('download', 'quoridor-' + G.id + '.txt');
  // A game without a move has no record worth keeping.
  rec.hidden = !(g.moves || []).length;
  const st = g.settings;
  const meta = [
    st.size + '×' + st.size,
    tn('meta.players', st.players || seatOrder(g).length),
    variantText(st),
    typeof st.fences === 'number' ? tn('meta.fences', st.fences) : null,
    formatClockSetting(st.clock),
    st.side_step_over_pawn ? t('meta.side_step') : null,
  ].filter(Boolean);
  $('#game-meta').textContent = meta.join(' · ');
}

function renderTools() {
  const interactive = myTurn();
  const fm = $('#fence-mode');
  fm.hidden = !interactive;
  fm.setAttribute('aria-pressed', keys.fenceMode ? 'true' : 'false');
  fm.classList.toggle('active', keys.fenceMode);
  $('#fence-rotate').hidden = !(interactive && keys.fenceMode && (pointer.pendingSlot || keys.fcursor));
  const pend = interactive && !!(pointer.pendingSlot || pointer.pendingSquare);
  $('#fence-confirm').hidden = !pend;
  $('#fence-cancel').hidden = !pend;
  if (pend && pointer.pendingSquare) {
    $('#fence-confirm').disabled = net.pending;
    $('#fence-confirm').textContent = t('game.play_square', { square: pointer.pendingSquare });
  } else if (pend) {
    const v = fenceVerdict(pointer.pendingSlot);
    $('#fence-confirm').disabled = !v.ok || net.pending;
    $('#fence-confirm').textContent = t('game.place_fence_named', { fence: pointer.pendingSlot });
  }
  // The choice is the player's, shown where they play.
  $('#confirm-line').hidden = !holdsSeat() || !G.game || G.game.status === 'over';
  $('#flip').setAttribute('aria-pressed', board.rot ? 'true' : 'false');
  $('#board-help').hidden = !interactive;
}

/**
 * A pawn move refused as out of reach whose square holds a pawn (typed,
 * or played from the keyboard): said as the square taken, as a click is.
 * @param {any} err
 */
function occupiedText(err) {
  const reason = err && err.code === 'illegal_move' && err.reason;
  if (!reason || reason.code !== 'not_reachable' || !reason.to) return '';
  return occupiedWords(G.game, reason.to);
}

function showError(err) {
  const box = $('#error');
  if (err && typeof err !== 'string' && err.code === 'not_allowed' && net.lastAction === 'draw-offer') {
    err = t('err.ai_declines_draw');
  }
  if (err) net.lastAction = null;
  if (!err) {
    net.errorCode = null;
    box.hidden = true;
    box.textContent = '';
    return;
  }
  // Reconnecting, a request that could not reach the server says what the
  // connection's line and the top banner say, not a second story.
  const lost = typeof err !== 'string' && (err.code === 'network' || err.code === 'unavailable') && !net.inTouch;
  const text = typeof err === 'string' ? err : lost ? t('conn.move_waits') : occupiedText(err) || errorText(err);
  net.errorCode = typeof err === 'string' ? null : err.code;
  box.textContent = text;
  box.hidden = false;
  announce(text);
}

export {
  renderScoreSheet,
  renderShare,
  renderTools,
  renderWaiting,
  showError,
};
