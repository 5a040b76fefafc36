// @ts-check
// The lobby (/lobby): post a seek or play now (a board: its size, 2 or 4
// players, a variant; a clock, rated or casual, the opponent's rating
// range); every seek is listed live with an Accept (or Join) button. A
// seek for four players gathers three who join it; a player who joined
// one waits in it, and may leave it. One WebSocket (/api/lobby/ws), reconnecting by itself; a seek
// vanishes when its page closes. Once paired, the game's token is kept as
// the game page keeps it (quoridor.game.<id>) and the game opens.

import { $, el } from '../lib/dom.js';
import { I18n } from '../lib/i18n.js';
import { applySeeks } from '../lib/seeks.js';
import { LiveSocket, socketUrl, wakeWhenShown } from '../lib/socket.js';
import { store } from '../lib/store.js';
import { accountLink, currentAccount, languagePicker } from '../lib/topbar.js';

const t = (key, params) => I18n.t(key, params);

/** @typedef {import('../lib/views.js').SeekView} SeekView */
/** @typedef {import('../lib/views.js').AccountView} AccountView */

/**
 * The seeks posted here (`mine`), the one joined and waited in (`joined`),
 * and what waits for the socket to open (`pending`).
 * @type {{live: LiveSocket, mine: Set<number>, joined: number | null, seeks: SeekView[], account: AccountView | null, pending: object | null}}
 */
const state = { live: /** @type {any} */ (null), mine: new Set(), joined: null, seeks: [], account: null, pending: null };

/** The boards a seek may be for: size, players, variant. */
const BOARDS = [
  { size: 9, players: 2, variant: 'standard' },
  { size: 7, players: 2, variant: 'standard' },
  { size: 5, players: 2, variant: 'standard' },
  { size: 11, players: 2, variant: 'standard' },
  { size: 9, players: 4, variant: 'standard' },
  { size: 9, players: 4, variant: 'teams' },
  { size: 9, players: 2, variant: 'scoring' },
];

/** A board in words: "7×7 · 4 players". @param {{size?: number, players?: number, variant?: string}} b */
function boardText(b) {
  const size = b.size || 9;
  const players = b.players || 2;
  const key = b.variant === 'teams' ? 'lobby.board_teams' : b.variant === 'scoring' ? 'lobby.board_scoring' : 'lobby.board_plain';
  return t(key, { size, players });
}

/** The board chosen. */
function board() {
  return BOARDS[Number(/** @type {HTMLSelectElement} */ ($('#seek-board')).value) || 0];
}

/** Rated games are the standard game: 9×9, two players. */
function ratedPossible() {
  const b = board();
  return !!state.account && b.size === 9 && b.players === 2 && b.variant === 'standard';
}

function fillBoards() {
  const select = /** @type {HTMLSelectElement} */ ($('#seek-board'));
  const chosen = select.value || '0';
  select.replaceChildren(...BOARDS.map((b, i) => el('option', { value: String(i), text: boardText(b) })));
  select.value = chosen;
}

function clockOf(value) {
  const [initial, increment] = value.split('+').map(Number);
  return { initial_ms: initial * 1000, increment_ms: increment * 1000 };
}

function clockText(c) {
  if (!c) return '';
  if (c.per_move_ms) return t('lobby.per_move', { s: c.per_move_ms / 1000 });
  const min = c.initial_ms / 60000;
  return (min >= 1 ? min + ' min' : c.initial_ms / 1000 + ' s') + (c.increment_ms ? ' + ' + c.increment_ms / 1000 + ' s' : '');
}

function showError(text) {
  const box = $('#lobby-error');
  box.hidden = !text;
  box.textContent = text || '';
}

function status(text) {
  const box = $('#lobby-status');
  box.hidden = !text;
  box.textContent = text || '';
}

/**
 * Sends `message`; while the socket is (re)connecting (a guest's new name
 * reconnects it), the last one waits and goes as soon as it opens: a
 * click is never lost.
 */
function send(message) {
  showError(null);
  if (!state.live.send(message)) {
    state.pending = message;
    status(t('lobby.connecting'));
  }
}

function terms(type) {
  const range = $('#seek-range').value;
  return {
    type,
    clock: clockOf($('#seek-clock').value),
    rated: ratedPossible() && $('#seek-rated').checked,
    range: range ? Number(range) : null,
    ...board(),
  };
}

function render() {
  const box = $('#seeks');
  box.replaceChildren();
  if (!state.seeks.length) {
    box.append(el('p', { class: 'hint', text: t('lobby.none') }));
    return;
  }
  const rows = state.seeks.map((s) => {
    const mine = state.mine.has(s.id);
    const who = s.account
      ? el('a', { href: '/@/' + encodeURIComponent(s.name), target: '_blank', rel: 'noopener', text: s.name })
      : el('span', { text: s.name });
    const rating = s.rating == null ? '' : s.rating + (s.provisional ? '?' : '');
    const players = s.players || 2;
    const inIt = state.joined === s.id;
    const action = mine || inIt
      ? el('button', { type: 'button', class: 'btn small', 'data-cancel': s.id, text: t(mine ? 'lobby.cancel' : 'lobby.leave'), onclick: () => send({ type: 'cancel', id: s.id }) })
      : el('button', { type: 'button', class: 'btn small primary', 'data-accept': s.id, text: t(players > 2 ? 'lobby.join' : 'lobby.accept'), onclick: () => send({ type: 'accept', id: s.id }) });
    const game = [boardText(s), s.rated ? t('acc.rated') : t('acc.casual')];
    if (players > 2) game.push(t('lobby.in_it', { n: s.joined || 1, players }));
    // Each cell names its column: on a phone the rows become cards.
    const cell = (key, content) => el('td', { 'data-label': key ? t(key) : '' }, content);
    return el('tr', { 'data-seek': s.id, class: mine ? 'mine' : '' }, [
      cell('lobby.player', [who]),
      cell('acc.col_rating', rating),
      cell('lobby.clock', clockText(s.clock) + (s.speed ? ' · ' + t('acc.speed_' + s.speed) : '')),
      cell('acc.col_game', game.join(' · ')),
      cell('lobby.range', s.range ? '± ' + s.range : t('lobby.range_any')),
      cell('', [action]),
    ]);
  });
  box.append(el('div', { class: 'table-scroll' }, [el('table', { class: 'acc-games lobby-seeks' }, [
    el('thead', {}, [el('tr', {}, [
      el('th', { text: t('lobby.player') }), el('th', { text: t('acc.col_rating') }),
      el('th', { text: t('lobby.clock') }), el('th', { text: t('acc.col_game') }),
      el('th', { text: t('lobby.range') }), el('th', { text: '' }),
    ])]),
    el('tbody', {}, rows),
  ])]));
}

/** "Waiting for n more players". @param {number} n */
const more = (n) => I18n.tn('lobby.waiting_more', n, { n });

/** What this page waits for, in words (null: nothing). */
function waitingText() {
  const joined = state.joined === null ? null : state.seeks.find((s) => s.id === state.joined);
  if (joined) return more((joined.players || 2) - (joined.joined || 1));
  for (const id of state.mine) {
    const s = state.seeks.find((x) => x.id === id);
    if (s && (s.players || 2) > 2) return more((s.players || 2) - (s.joined || 1));
  }
  return state.mine.size ? t('lobby.waiting') : null;
}

function paired(message) {
  store.set('quoridor.game.' + message.game, {
    id: message.game, t: Date.now(), token: message.token, seats: [message.seat], mode: 'online',
  });
  location.href = '/g/' + encodeURIComponent(message.game);
}

function onMessage(message) {
  switch (message.type) {
    case 'seeks':
    case 'changes':
      state.seeks = applySeeks(state.seeks, message);
      // A seek of mine no longer listed was taken or cancelled; one I
      // joined, gone, was cancelled (a pairing would have said so).
      for (const id of Array.from(state.mine)) if (!state.seeks.some((s) => s.id === id)) state.mine.delete(id);
      if (state.joined !== null && !state.seeks.some((s) => s.id === state.joined)) state.joined = null;
      status(waitingText());
      render();
      break;
    case 'joined':
      state.joined = message.id;
      status(waitingText());
      render();
      break;
    case 'seeking':
      state.mine.add(message.id);
      status(waitingText());
      render();
      break;
    case 'paired':
      status(t('lobby.paired'));
      paired(message);
      break;
    case 'error':
      showError(message.error && message.error.message);
      break;
    default:
      break;
  }
}

// The lobby's address: a guest's name goes with it (an account's name is
// the session's); a guest who gave none is "Guest" in the page's language.
function lobbyUrl() {
  const name = state.account ? '' : $('#seek-name').value.trim() || I18n.t('lobby.guest');
  return socketUrl('/api/lobby/ws' + (name ? '?name=' + encodeURIComponent(name) : ''));
}

state.live = new LiveSocket(lobbyUrl, {
  backoff: { base: 500, max: 10000 },
  onMessage,
  onOpen: () => {
    $('#lobby-conn').hidden = true;
    const waiting = state.pending;
    state.pending = null;
    if (waiting) send(waiting);
  },
  onClose: () => {
    // The server drops a page's seeks with its connection.
    state.mine.clear();
    state.joined = null;
    status(null);
    $('#lobby-conn').hidden = false;
    $('#lobby-conn').textContent = t('lobby.connecting');
  },
});

document.addEventListener('DOMContentLoaded', async () => {
  await languagePicker(() => {
    fillBoards();
    render();
  });
  fillBoards();
  accountLink();
  $('#seek-name').value = store.get('quoridor.name', '') || '';
  state.account = await currentAccount();
  const ratedRow = () => { $('#seek-rated-row').hidden = !ratedPossible(); };
  ratedRow();
  $('#seek-board').addEventListener('change', ratedRow);
  $('#seek-name-row').hidden = !!state.account;
  $('#seek-login-hint').hidden = !!state.account;
  $('#seek-name').addEventListener('change', () => {
    store.set('quoridor.name', $('#seek-name').value.trim());
    state.live.start();
  });
  $('#play-now').addEventListener('click', () => send(terms('play_now')));
  $('#post-seek').addEventListener('click', () => send(terms('seek')));
  render();
  wakeWhenShown(state.live.start());
});
