// @ts-check
// The lobby (/lobby): post a seek or play now (a clock, rated or casual,
// the opponent's rating range); every seek is listed live with an Accept
// button. One WebSocket (/api/lobby/ws), reconnecting by itself; a seek
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

/** @type {{live: LiveSocket, mine: Set<number>, seeks: SeekView[], account: AccountView | null}} */
const state = { live: /** @type {any} */ (null), mine: new Set(), seeks: [], account: null };

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

function send(message) {
  if (!state.live.send(message)) {
    showError(t('lobby.offline'));
    return;
  }
  showError(null);
}

function terms(type) {
  const range = $('#seek-range').value;
  return {
    type,
    clock: clockOf($('#seek-clock').value),
    rated: !!state.account && $('#seek-rated').checked,
    range: range ? Number(range) : null,
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
    const action = mine
      ? el('button', { type: 'button', class: 'btn small', 'data-cancel': s.id, text: t('lobby.cancel'), onclick: () => send({ type: 'cancel', id: s.id }) })
      : el('button', { type: 'button', class: 'btn small primary', 'data-accept': s.id, text: t('lobby.accept'), onclick: () => send({ type: 'accept', id: s.id }) });
    // Each cell names its column: on a phone the rows become cards.
    const cell = (key, content) => el('td', { 'data-label': key ? t(key) : '' }, content);
    return el('tr', { 'data-seek': s.id, class: mine ? 'mine' : '' }, [
      cell('lobby.player', [who]),
      cell('acc.col_rating', rating),
      cell('lobby.clock', clockText(s.clock) + (s.speed ? ' · ' + t('acc.speed_' + s.speed) : '')),
      cell('acc.col_game', s.rated ? t('acc.rated') : t('acc.casual')),
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
      // A seek of mine no longer listed was taken or cancelled.
      for (const id of Array.from(state.mine)) if (!state.seeks.some((s) => s.id === id)) state.mine.delete(id);
      status(state.mine.size ? t('lobby.waiting') : null);
      render();
      break;
    case 'seeking':
      state.mine.add(message.id);
      status(t('lobby.waiting'));
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
  },
  onClose: () => {
    // The server drops a page's seeks with its connection.
    state.mine.clear();
    status(null);
    $('#lobby-conn').hidden = false;
    $('#lobby-conn').textContent = t('lobby.connecting');
  },
});

document.addEventListener('DOMContentLoaded', async () => {
  await languagePicker(() => render());
  accountLink();
  $('#seek-name').value = store.get('quoridor.name', '') || '';
  state.account = await currentAccount();
  $('#seek-rated-row').hidden = !state.account;
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
