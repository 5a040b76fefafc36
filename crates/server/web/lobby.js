// The lobby (/lobby): post a seek or play now (a clock, rated or casual,
// the opponent's rating range); every seek is listed live with an Accept
// button. One WebSocket (/api/lobby/ws), reconnecting by itself; a seek
// vanishes when its page closes. Once paired, the game's token is kept as
// the game page keeps it (quoridor.game.<id>) and the game opens.
'use strict';

(() => {
  const t = (key, params) => window.I18n.t(key, params);
  const $ = (sel) => document.querySelector(sel);
  const { el, store, api } = window.Common;

  const state = { socket: null, mine: new Set(), seeks: [], account: null, delay: 500 };

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
    if (!state.socket || state.socket.readyState !== 1) {
      showError(t('lobby.offline'));
      return;
    }
    showError(null);
    state.socket.send(JSON.stringify(message));
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
      return el('tr', { 'data-seek': s.id, class: mine ? 'mine' : '' }, [
        el('td', {}, [who]),
        el('td', { text: rating }),
        el('td', { text: clockText(s.clock) + (s.speed ? ' · ' + t('acc.speed_' + s.speed) : '') }),
        el('td', { text: s.rated ? t('acc.rated') : t('acc.casual') }),
        el('td', { text: s.range ? '± ' + s.range : t('lobby.range_any') }),
        el('td', {}, [action]),
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
        state.seeks = message.seeks;
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

  function connect() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const name = state.account ? '' : $('#seek-name').value.trim();
    const query = name ? '?name=' + encodeURIComponent(name) : '';
    const socket = new WebSocket(proto + '//' + location.host + '/api/lobby/ws' + query);
    state.socket = socket;
    socket.onopen = () => {
      state.delay = 500;
      $('#lobby-conn').hidden = true;
    };
    socket.onmessage = (ev) => {
      try { onMessage(JSON.parse(ev.data)); } catch (_) { /* a bad message is ignored */ }
    };
    socket.onclose = () => {
      if (state.socket !== socket) return;
      state.mine.clear();
      status(null);
      $('#lobby-conn').hidden = false;
      $('#lobby-conn').textContent = t('lobby.connecting');
      setTimeout(connect, state.delay);
      state.delay = Math.min(state.delay * 2, 10000);
    };
  }

  function reconnect() {
    const old = state.socket;
    state.socket = null;
    if (old) old.close();
    connect();
  }

  document.addEventListener('DOMContentLoaded', async () => {
    window.Common.languagePicker(() => render());
    window.I18n.apply(document);
    window.Common.accountLink();
    $('#seek-name').value = store.get('quoridor.name', '') || '';
    try {
      state.account = await api('GET', '/api/account');
    } catch (_) {
      state.account = null;
    }
    $('#seek-rated-row').hidden = !state.account;
    $('#seek-name-row').hidden = !!state.account;
    $('#seek-login-hint').hidden = !!state.account;
    $('#seek-name').addEventListener('change', () => {
      store.set('quoridor.name', $('#seek-name').value.trim());
      reconnect();
    });
    $('#play-now').addEventListener('click', () => send(terms('play_now')));
    $('#post-seek').addEventListener('click', () => send(terms('seek')));
    render();
    connect();
  });
})();
