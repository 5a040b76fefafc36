// Quoridor web front end: a small single-page app without dependencies.
// It routes on location.pathname ("/" is the home page, "/g/{id}" a game),
// talks to the server through the HTTP and WebSocket API of API.md, and
// draws the board as SVG. Every visible text goes through i18n.js.
//
// Hooks for browser tests (kept stable):
// - board: #board (focusable); squares [data-square="e3"] (class "legal" and
//   data-legal="true" when a click moves there); fence slot hit areas
//   [data-fence="e3h"] (hover previews, click places a legal fence, an illegal
//   one only shows its reason in #fence-error); the preview [data-preview];
//   placed fences [data-placed="e3h"]; pawns [data-pawn="south"].
// - game: #turn #status #conn #result (data-winners, data-draw,
//   data-termination) #moves (buttons [data-ply]) #players-list
//   (li[data-seat], #clock-<seat>, [data-fences-left], [data-score])
//   #undo #hint #hint-text #pass #draw-offer #draw-accept #draw-decline
//   #resign #rematch #rematch-go #error #fence-mode #fence-rotate
//   #fence-confirm #fence-cancel #flip #move-form #move-input
//   #replay-start/-prev/-next/-end #replay-pos #score-table
//   ([data-score-total]) #seat-link #spectators (data-count) #record-link
//   #waiting-panel #invite-links (a[data-seat]) #join-form #join-name
//   #join-submit [data-join-seat]. #resign and #draw-offer ask first:
//   answer with #confirm-yes / #confirm-no.
// - home: form #home-vs-ai (#size #players #variant #clock #theme
//   #player-name #public #level #color #start-ai), #hotseat-start,
//   #online-seats (select[data-seat]: me / friend / ai1..ai8),
//   #online-random, #online-create, #home-error, #open-games (a[data-join]),
//   #live-games (a[data-watch]), #recent-games (li[data-recent]); #lang.
// - window.Quoridor.state is the page's state (game, rec, replay, ...).
// - localStorage: quoridor.game.<id> = {token, seats, invites, ...},
//   quoridor.name, quoridor.lang, quoridor.home.
'use strict';

(() => {
  const t = (key, params) => window.I18n.t(key, params);
  const tn = (key, n, params) => window.I18n.tn(key, n, params);
  const $ = (sel, root = document) => root.querySelector(sel);
  const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
  const { SVGNS, el, svgEl, store, ApiError, api } = window.Common;
  const SEATS2 = ['south', 'north'];
  const SEATS4 = ['south', 'west', 'north', 'east'];
  const LETTERS = 'abcdefghijk';
  const SEAT_COLORS = {
    south: { main: '#c8372d', light: '#f07a63', dark: '#7d1a12' },
    west: { main: '#2e8b57', light: '#6fcf97', dark: '#14502d' },
    north: { main: '#2563c9', light: '#73a5f5', dark: '#123a80' },
    east: { main: '#7b3fa0', light: '#b98ad6', dark: '#45205e' },
  };

  // ------------------------------------------------------------------
  // Small helpers
  // ------------------------------------------------------------------

  function show(node, visible) {
    if (node) node.hidden = !visible;
  }

  // What this browser knows about a game: its token, the seats it holds,
  // the invite links (creator only) and a label for the recent-games list.
  const GAME_PREFIX = 'quoridor.game.';
  function loadRec(id) {
    return store.get(GAME_PREFIX + id, null);
  }
  function saveRec(id, patch) {
    const rec = Object.assign({ id, t: Date.now() }, loadRec(id) || {}, patch, { t: Date.now() });
    store.set(GAME_PREFIX + id, rec);
    pruneRecs();
    return rec;
  }
  function allRecs() {
    return store.keys(GAME_PREFIX)
      .map((k) => store.get(k, null))
      .filter((r) => r && r.id)
      .sort((a, b) => (b.t || 0) - (a.t || 0));
  }
  function pruneRecs() {
    const recs = allRecs();
    for (const r of recs.slice(60)) store.remove(GAME_PREFIX + r.id);
  }

  // ------------------------------------------------------------------
  // Notation
  // ------------------------------------------------------------------

  const sqName = (c, r) => LETTERS[c] + (r + 1);
  function parseSquare(s) {
    const m = /^([a-k])(\d{1,2})$/.exec(String(s || '').toLowerCase());
    if (!m) return null;
    return { c: LETTERS.indexOf(m[1]), r: Number(m[2]) - 1 };
  }
  function parseFence(s) {
    const m = /^([a-k])(\d{1,2})([hv])$/.exec(String(s || '').toLowerCase());
    if (!m) return null;
    return { c: LETTERS.indexOf(m[1]), r: Number(m[2]) - 1, o: m[3] };
  }
  const fenceName = (f) => LETTERS[f.c] + (f.r + 1) + f.o;

  function startSquare(seat, n) {
    const mid = (n - 1) >> 1;
    switch (seat) {
      case 'south': return { c: mid, r: 0 };
      case 'north': return { c: mid, r: n - 1 };
      case 'west': return { c: 0, r: mid };
      case 'east': return { c: n - 1, r: mid };
      default: return { c: mid, r: 0 };
    }
  }

  function seatOrder(game) {
    if (game && Array.isArray(game.seats) && game.seats.length) return game.seats.map((s) => s.seat);
    return game && game.settings && game.settings.players === 4 ? SEATS4 : SEATS2;
  }

  // A position notation (`9 e2,e9 e3h 10,9 north 3 scores=1,0`) read into
  // what the board shows: no rules here, the server wrote it.
  function parsePosition(text, seats) {
    const words = String(text || '').trim().split(/\s+/);
    const pawns = {};
    const fencesLeft = {};
    const scores = {};
    const out = new Set();
    const pawnList = (words[1] || '').split(',');
    const leftList = (words[3] || '').split(',');
    seats.forEach((seat, i) => {
      const sq = pawnList[i];
      if (sq && sq !== '-' && parseSquare(sq)) pawns[seat] = sq;
      else out.add(seat);
      const left = Number(leftList[i]);
      fencesLeft[seat] = Number.isFinite(left) ? left : null;
      scores[seat] = 0;
    });
    const fences = words[2] && words[2] !== '-' ? words[2].split(',').filter((f) => parseFence(f)) : [];
    for (const w of words.slice(6)) {
      if (w.startsWith('scores=')) {
        w.slice(7).split(',').forEach((v, i) => { if (seats[i]) scores[seats[i]] = Number(v) || 0; });
      }
    }
    return { pawns, fences, fencesLeft, scores, out };
  }

  // The position after the first k entries of the history: the start, or
  // the position the server wrote after entry k (each entry carries it).
  function positionAt(game, moves, k) {
    const seats = seatOrder(game);
    if (k <= 0 || !moves.length) {
      const n = game.settings.size;
      const pawns = {};
      const fencesLeft = {};
      const scores = {};
      for (const s of seats) {
        const sq = startSquare(s, n);
        pawns[s] = sqName(sq.c, sq.r);
        fencesLeft[s] = typeof game.settings.fences === 'number' ? game.settings.fences : null;
        scores[s] = 0;
      }
      return { pawns, fences: [], fencesLeft, scores, out: new Set(), last: null };
    }
    const i = Math.min(k, moves.length) - 1;
    const entry = moves[i];
    const pos = parsePosition(entry.position, seats);
    const before = i > 0 ? parsePosition(moves[i - 1].position, seats) : positionAt(game, moves, 0);
    const mv = String(entry.move || '').toLowerCase();
    if (parseFence(mv)) pos.last = { seat: entry.seat, move: mv, kind: 'fence' };
    else if (parseSquare(mv)) pos.last = { seat: entry.seat, move: mv, kind: 'pawn', from: before.pawns[entry.seat] };
    else pos.last = { seat: entry.seat, move: mv, kind: 'other' };
    return pos;
  }

  // ------------------------------------------------------------------
  // Texts that depend on the game
  // ------------------------------------------------------------------

  const seatLabel = (seat) => t('seat.' + seat);
  function seatInfo(game, seat) {
    return (game && game.seats || []).find((s) => s.seat === seat) || null;
  }
  function playerName(game, seat) {
    const info = seatInfo(game, seat);
    if (!info) return seatLabel(seat);
    if (info.kind === 'ai') {
      const m = /^AI (\d)$/.exec(info.name || '');
      if (!info.name || m) return t('kind.ai', { level: info.level || (m && m[1]) || '?' });
      return info.name;
    }
    if (!info.taken) return t('player.free');
    // A default name is a seat name (a rematch carries it to another seat).
    if (!info.name || SEATS4.includes(info.name.toLowerCase())) return seatLabel(seat);
    return info.name;
  }

  function reasonText(reason) {
    if (!reason) return '';
    const params = {
      fence: reason.fence || '',
      seat: reason.seat ? seatLabel(reason.seat) : '',
      from: reason.from || '',
      to: reason.to || '',
    };
    const key = 'reason.' + reason.code;
    if (window.I18n.has(key)) return t(key, params);
    return reason.text || reason.code;
  }

  function errorText(err) {
    if (!err) return '';
    const code = err.code || 'unknown';
    if (code === 'illegal_move' && err.reason) return t('err.illegal_move_reason', { reason: reasonText(err.reason) });
    const key = 'err.' + code;
    if (window.I18n.has(key)) {
      // bad_request says which field, in English.
      if (code === 'bad_request' && (err.serverMessage || err.message)) {
        return t(key) + ' (' + (err.serverMessage || err.message) + ')';
      }
      return t(key);
    }
    return t('err.unknown', { message: err.serverMessage || err.message || code });
  }

  function terminationText(term) {
    const key = 'term.' + String(term || '').replace(/\s+/g, '_');
    return window.I18n.has(key) ? t(key) : String(term || '');
  }

  function formatClockSetting(clock) {
    if (!clock) return t('clock.none');
    if (clock.per_move_ms) return t('clock.per_move', { s: Math.round(clock.per_move_ms / 1000) });
    if (clock.initial_ms < 60000) {
      return t('clock.fischer_s', { t: Math.round(clock.initial_ms / 1000), s: Math.round((clock.increment_ms || 0) / 1000) });
    }
    const min = clock.initial_ms / 60000;
    const minText = Number.isInteger(min) ? String(min) : min.toFixed(1);
    return t('clock.fischer', { m: minText, s: Math.round((clock.increment_ms || 0) / 1000) });
  }

  // The decimal separator of the page's language (8.1 s, 8,1 s).
  function decimalSeparator() {
    try {
      return (1.5).toLocaleString(window.I18n.lang).charAt(1) || '.';
    } catch (_) {
      return '.';
    }
  }

  function formatMs(ms) {
    ms = Math.max(0, ms);
    if (ms < 10000) {
      const tenths = Math.floor(ms / 100);
      return Math.floor(tenths / 10) + decimalSeparator() + (tenths % 10);
    }
    const total = Math.floor(ms / 1000);
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    const ss = String(s).padStart(2, '0');
    return h ? h + ':' + String(m).padStart(2, '0') + ':' + ss : m + ':' + ss;
  }

  function variantText(settings) {
    return t('variant.' + (settings.variant || 'standard'));
  }

  // ------------------------------------------------------------------
  // HTTP
  // ------------------------------------------------------------------

  // ------------------------------------------------------------------
  // Announcements, toasts, confirmation
  // ------------------------------------------------------------------

  let announceTimer = 0;
  function announce(text) {
    const node = $('#announce');
    node.textContent = '';
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => { node.textContent = text; }, 40);
  }

  let toastTimer = 0;
  function toast(text) {
    const node = $('#toast');
    node.textContent = text;
    node.hidden = false;
    node.classList.add('show');
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => {
      node.classList.remove('show');
      setTimeout(() => { node.hidden = true; }, 300);
    }, 2600);
  }

  function confirmDialog(text, yesLabel) {
    const dlg = $('#confirm-dialog');
    $('#confirm-text').textContent = text;
    $('#confirm-yes').textContent = yesLabel;
    return new Promise((resolve) => {
      if (typeof dlg.showModal !== 'function') {
        resolve(window.confirm(text));
        return;
      }
      const done = () => {
        dlg.removeEventListener('close', done);
        resolve(dlg.returnValue === 'yes');
      };
      dlg.returnValue = '';
      dlg.addEventListener('close', done);
      dlg.showModal();
      $('#confirm-no').focus();
    });
  }

  async function copyText(text) {
    try {
      await navigator.clipboard.writeText(text);
      toast(t('common.copied'));
      return;
    } catch (_) { /* fall back below */ }
    const area = el('textarea', { class: 'sr-only' });
    area.value = text;
    document.body.append(area);
    area.select();
    try {
      document.execCommand('copy');
      toast(t('common.copied'));
    } catch (_) {
      toast(t('common.copy_failed'));
    }
    area.remove();
  }

  // ------------------------------------------------------------------
  // Router
  // ------------------------------------------------------------------

  function navigate(path, replace) {
    if (replace) history.replaceState(null, '', path);
    else history.pushState(null, '', path);
    route();
    window.scrollTo(0, 0);
    // Keyboard and screen reader users land on the new page's content.
    const target = G.active ? $('#board') : $('#main');
    if (target) target.focus({ preventScroll: true });
  }

  function route() {
    const m = /^\/g\/([^/?#]+)\/?$/.exec(location.pathname);
    leaveGame();
    leaveHome();
    if (m) enterGame(decodeURIComponent(m[1]));
    else enterHome();
  }

  document.addEventListener('click', (e) => {
    const a = e.target.closest('a[data-nav]');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin) return;
    e.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  });
  window.addEventListener('popstate', route);

  // Copy buttons: data-copy names the input to copy, data-copy-text the text.
  document.addEventListener('click', (e) => {
    const b = e.target.closest('[data-copy],[data-copy-text]');
    if (!b) return;
    const text = b.dataset.copyText || ($('#' + b.dataset.copy) || {}).value;
    if (text) copyText(text);
  });

  // ------------------------------------------------------------------
  // Home page
  // ------------------------------------------------------------------

  const home = { timer: 0, onlineChoice: {} };

  function clockFromSelect(value) {
    if (!value || value === 'none') return null;
    const per = /^m(\d+)$/.exec(value);
    if (per) return { per_move_ms: Number(per[1]) * 1000 };
    const f = /^(\d+)\+(\d+)$/.exec(value);
    if (f) return { initial_ms: Number(f[1]) * 60000, increment_ms: Number(f[2]) * 1000 };
    return null;
  }

  function homeSettings() {
    const name = $('#player-name').value.trim();
    if (name) store.set('quoridor.name', name);
    return {
      size: Number($('#size').value),
      players: Number($('#players').value),
      variant: $('#variant').value,
      fences: $('#fences').value === 'default' ? null : Number($('#fences').value),
      clock: clockFromSelect($('#clock').value),
      theme: $('#theme').value,
      public: $('#public').checked,
      name,
    };
  }

  function saveHomePrefs() {
    store.set('quoridor.home', {
      size: $('#size').value,
      players: $('#players').value,
      variant: $('#variant').value,
      fences: $('#fences').value,
      clock: $('#clock').value,
      theme: $('#theme').value,
      public: $('#public').checked,
      level: $('#level').value,
      color: $('#color').value,
      online: home.onlineChoice,
    });
  }

  function loadHomePrefs() {
    const p = store.get('quoridor.home', null);
    if (p) {
      for (const k of ['size', 'players', 'variant', 'fences', 'clock', 'theme', 'level']) {
        const node = $('#' + k);
        if (p[k] && Array.from(node.options).some((o) => o.value === p[k])) node.value = p[k];
      }
      if (typeof p.public === 'boolean') $('#public').checked = p.public;
      if (p.online && typeof p.online === 'object') home.onlineChoice = p.online;
      home.savedColor = p.color;
    }
    $('#player-name').value = store.get('quoridor.name', '') || '';
  }

  function refreshHomeForm() {
    const players = Number($('#players').value);
    const variant = $('#variant');
    const teams = variant.querySelector('option[value="teams"]');
    teams.disabled = players !== 4;
    if (variant.value === 'teams' && players !== 4) variant.value = 'standard';

    // Colours: 4 players may also sit west or east.
    const color = $('#color');
    const prev = home.savedColor || color.value || 'south';
    home.savedColor = null;
    const seats = players === 4 ? SEATS4 : SEATS2;
    color.textContent = '';
    for (const s of seats) {
      color.append(el('option', { value: s, text: s === 'south' ? t('color.south') : seatLabel(s) }));
    }
    color.append(el('option', { value: 'random', text: t('color.random') }));
    color.value = seats.includes(prev) || prev === 'random' ? prev : 'south';

    $('#level-desc').textContent = t('level.' + $('#level').value);
    const v = variant.value;
    $('#variant-note').textContent = v === 'teams' ? t('variant.teams_note') : v === 'scoring' ? t('variant.scoring_note') : '';
    renderOnlineSeats();
  }

  function renderOnlineSeats() {
    const players = Number($('#players').value);
    const seats = players === 4 ? SEATS4 : SEATS2;
    const box = $('#online-seats');
    box.textContent = '';
    seats.forEach((seat, i) => {
      const id = 'online-seat-' + seat;
      const sel = el('select', { id, 'data-seat': seat });
      sel.append(el('option', { value: 'me', text: t('online.me') }));
      sel.append(el('option', { value: 'friend', text: t('online.friend') }));
      for (let lv = 1; lv <= 8; lv++) sel.append(el('option', { value: 'ai' + lv, text: t('online.ai', { level: lv }) }));
      const def = i === 0 ? 'me' : 'friend';
      const saved = home.onlineChoice[seat];
      sel.value = saved && Array.from(sel.options).some((o) => o.value === saved) ? saved : def;
      sel.addEventListener('change', () => {
        home.onlineChoice[seat] = sel.value;
        saveHomePrefs();
      });
      box.append(el('div', { class: 'seat-row' },
        el('span', { class: 'swatch seat-' + seat, 'aria-hidden': 'true' }),
        el('label', { for: id, text: seatLabel(seat) }),
        sel));
    });
  }

  function homeError(err) {
    const box = $('#home-error');
    if (!err) {
      box.hidden = true;
      return;
    }
    box.textContent = typeof err === 'string' ? err : errorText(err);
    box.hidden = false;
  }

  async function createGame(mode) {
    homeError(null);
    const s = homeSettings();
    saveHomePrefs();
    const seats = s.players === 4 ? SEATS4 : SEATS2;
    const me = { kind: 'human', mine: true, name: s.name || undefined };
    let seatSpecs;
    let random = false;
    if (mode === 'ai') {
      const level = Number($('#level').value);
      let color = $('#color').value;
      if (color === 'random') {
        random = true;
        color = 'south';
      }
      seatSpecs = seats.map((seat) => (seat === color ? me : { kind: 'ai', level }));
    } else if (mode === 'hotseat') {
      seatSpecs = seats.map(() => ({ kind: 'human', mine: true }));
    } else {
      random = $('#online-random').checked;
      seatSpecs = seats.map((seat) => {
        const choice = ($('#online-seat-' + seat) || {}).value || 'friend';
        if (choice === 'me') return me;
        if (choice.startsWith('ai')) return { kind: 'ai', level: Number(choice.slice(2)) };
        return { kind: 'human' };
      });
      if (!seatSpecs.some((x) => x.kind === 'human' && !x.mine)) {
        homeError(t('home.online_need_friend'));
        return;
      }
    }
    const rated = mode === 'online' && !$('#rated-row').hidden && $('#rated').checked;
    const body = {
      size: s.size,
      players: s.players,
      variant: s.variant,
      fences: s.fences,
      clock: s.clock,
      theme: s.theme,
      public: s.public,
      random_seats: random,
      seats: seatSpecs,
      rated,
    };
    const buttons = ['#start-ai', '#hotseat-start', '#online-create'].map((q) => $(q));
    buttons.forEach((b) => { b.disabled = true; });
    try {
      const res = await api('POST', '/api/games', body);
      const game = res.game || null;
      saveRec(res.id, {
        token: res.token,
        seats: Array.isArray(res.seats) ? res.seats : null,
        invites: res.invites || null,
        creator: true,
        mode,
        label: game ? gameLabel(game) : null,
        status: game ? game.status : null,
      });
      navigate('/g/' + encodeURIComponent(res.id));
    } catch (e) {
      homeError(e);
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
    }
  }

  // A short text for a game in the lists: names, size, variant, clock.
  function gameLabel(g) {
    const st = g.settings || g;
    const names = (g.seats || []).map((s) => playerName(g, s.seat));
    return {
      names,
      // Kept as they are, so that the list is written in the language of
      // the day it is shown, not of the day it was saved.
      seats: (g.seats || []).map((s) => ({ seat: s.seat, kind: s.kind, name: s.name, level: s.level, taken: s.taken })),
      size: st.size,
      players: st.players || (g.seats || []).length,
      variant: st.variant || 'standard',
      clock: st.clock || null,
      theme: st.theme || 'classic',
    };
  }

  function labelMeta(label) {
    const parts = [];
    if (label.size) parts.push(label.size + '×' + label.size);
    if (label.variant && label.variant !== 'standard') parts.push(t('variant.' + label.variant));
    parts.push(formatClockSetting(label.clock));
    return parts.join(' · ');
  }

  function gameItem(g, action) {
    const label = gameLabel(g);
    const versus = label.names.join(' – ');
    return el('li', { class: 'game-item' },
      el('span', { class: 'gi-size', 'aria-hidden': 'true', text: label.size || '?' }),
      el('span', { class: 'gi-main' },
        el('span', { class: 'gi-names', text: versus }),
        el('span', { class: 'gi-meta', text: labelMeta(label) + (typeof g.ply === 'number' && g.status === 'playing' ? ' · ' + tn('list.moves', g.ply) : '') })),
      action);
  }

  async function refreshLists() {
    const openBox = $('#open-games');
    const liveBox = $('#live-games');
    const fill = (box, games, makeAction, emptyKey) => {
      box.textContent = '';
      if (!games.length) {
        box.append(el('li', { class: 'empty', text: t(emptyKey) }));
        return;
      }
      for (const g of games) box.append(gameItem(g, makeAction(g)));
    };
    const [waiting, playing] = await Promise.allSettled([
      api('GET', '/api/games?status=waiting&limit=12'),
      api('GET', '/api/games?status=playing&limit=12'),
    ]);
    if (!$('#home') || $('#home').hidden) return;
    if (waiting.status === 'fulfilled') {
      const games = (waiting.value && waiting.value.games) || [];
      fill(openBox, games, (g) => {
        const free = (g.seats || []).find((s) => s.kind === 'human' && !s.taken);
        const mine = loadRec(g.id);
        if (mine && mine.token) {
          return el('a', { class: 'btn small', href: '/g/' + encodeURIComponent(g.id), 'data-nav': true, text: t('list.open') });
        }
        const href = '/g/' + encodeURIComponent(g.id) + (free ? '?join=' + free.seat : '');
        return el('a', { class: 'btn small primary', href, 'data-nav': true, 'data-join': g.id,
          text: free ? t('list.join_as', { seat: seatLabel(free.seat) }) : t('list.open') });
      }, 'list.no_open');
    } else {
      openBox.textContent = '';
      openBox.append(el('li', { class: 'empty error', text: errorText(waiting.reason) }));
    }
    if (playing.status === 'fulfilled') {
      const games = (playing.value && playing.value.games) || [];
      fill(liveBox, games, (g) => {
        const mine = loadRec(g.id);
        const href = '/g/' + encodeURIComponent(g.id);
        if (mine && mine.token) return el('a', { class: 'btn small primary', href, 'data-nav': true, text: t('list.resume') });
        return el('a', { class: 'btn small', href, 'data-nav': true, 'data-watch': g.id, text: t('list.watch') });
      }, 'list.no_live');
    } else {
      liveBox.textContent = '';
      liveBox.append(el('li', { class: 'empty error', text: errorText(playing.reason) }));
    }
  }

  function renderRecent() {
    const box = $('#recent-games');
    box.textContent = '';
    const recs = allRecs().filter((r) => r.token || r.label).slice(0, 12);
    if (!recs.length) {
      box.append(el('li', { class: 'empty', text: t('list.no_recent') }));
      return;
    }
    for (const r of recs) {
      const label = r.label || {};
      const shownNames = label.seats ? label.seats.map((s) => playerName({ seats: label.seats }, s.seat)) : label.names || [];
      const names = shownNames.join(' – ') || r.id;
      const statusText = r.status ? t('status.' + r.status) : '';
      const when = r.t ? new Date(r.t).toLocaleString(window.I18n.lang, { dateStyle: 'short', timeStyle: 'short' }) : '';
      const meta = [labelMeta(label), statusText, when].filter(Boolean).join(' · ');
      const remove = el('button', {
        type: 'button', class: 'btn small ghost', 'aria-label': t('list.forget', { names }), title: t('list.forget', { names }),
        onclick: () => { store.remove(GAME_PREFIX + r.id); renderRecent(); },
      }, '✕');
      box.append(el('li', { class: 'game-item', 'data-recent': r.id },
        el('span', { class: 'gi-size', 'aria-hidden': 'true', text: label.size || '?' }),
        el('span', { class: 'gi-main' },
          el('span', { class: 'gi-names', text: names }),
          el('span', { class: 'gi-meta', text: meta })),
        el('a', { class: 'btn small' + (r.status === 'over' ? '' : ' primary'), href: '/g/' + encodeURIComponent(r.id), 'data-nav': true,
          text: r.status === 'over' ? t('list.view') : t('list.resume') }),
        remove));
    }
  }

  function enterHome() {
    document.title = t('title.home');
    show($('#home'), true);
    show($('#game'), false);
    refreshHomeForm();
    renderRecent();
    refreshLists();
    clearInterval(home.timer);
    home.timer = setInterval(() => {
      if (!document.hidden) refreshLists();
    }, 8000);
  }

  function leaveHome() {
    clearInterval(home.timer);
    home.timer = 0;
  }

  function initHome() {
    loadHomePrefs();
    refreshHomeForm();
    // Logged in: rated games may be offered, and the top bar names you.
    window.Common.accountLink();
    api('GET', '/api/account').then((me) => {
      G.account = me;
      $('#rated-row').hidden = false;
      const joinName = $('#join-name');
      joinName.value = me.name;
      joinName.readOnly = true;
    }, () => {});
    $('#players').addEventListener('change', () => { refreshHomeForm(); saveHomePrefs(); });
    $('#variant').addEventListener('change', () => {
      if ($('#variant').value === 'teams' && $('#players').value !== '4') $('#players').value = '4';
      refreshHomeForm();
      saveHomePrefs();
    });
    for (const id of ['size', 'clock', 'theme', 'level', 'color', 'public']) {
      $('#' + id).addEventListener('change', () => { refreshHomeForm(); saveHomePrefs(); });
    }
    // teams needs 4 players: enable the option when players change to 4
    $('#home-vs-ai').addEventListener('submit', (e) => {
      e.preventDefault();
      createGame('ai');
    });
    $('#hotseat-start').addEventListener('click', () => createGame('hotseat'));
    $('#online-create').addEventListener('click', () => createGame('online'));
  }

  // ------------------------------------------------------------------
  // The board (SVG)
  // ------------------------------------------------------------------

  const S = 100; // a square
  const GR = 24; // a groove
  const M = 62; // the margin around the squares (coordinates, goal marks)
  const STEP = S + GR;

  // A procedural wood texture: growth rings distorted by value noise, and
  // fine fibres along the grain. It is made a few rows at a time while the
  // browser is idle (all at once it kept a phone busy for over a second);
  // until it is ready the board is plain wood colour.
  const WOOD_SIZE = 400;
  const wood = { url: null, waiting: [], started: false };

  function woodRows() {
    const size = WOOD_SIZE;
    const hash = (x, y) => {
      let h = Math.imul(x, 374761393) + Math.imul(y, 668265263) + 1013904223;
      h = Math.imul(h ^ (h >>> 13), 1274126177);
      h ^= h >>> 16;
      return (h >>> 0) / 4294967295;
    };
    const noise = (x, y) => {
      const xi = Math.floor(x);
      const yi = Math.floor(y);
      const xf = x - xi;
      const yf = y - yi;
      const u = xf * xf * (3 - 2 * xf);
      const v = yf * yf * (3 - 2 * yf);
      const a = hash(xi, yi);
      const b = hash(xi + 1, yi);
      const c = hash(xi, yi + 1);
      const e = hash(xi + 1, yi + 1);
      return a + (b - a) * u + (c - a) * v + (a - b - c + e) * u * v;
    };
    const light = [238, 199, 143];
    const dark = [168, 104, 50];
    const smooth = (a, b, x) => {
      const u = Math.min(1, Math.max(0, (x - a) / (b - a)));
      return u * u * (3 - 2 * u);
    };
    // Fills row y of the image data `d`.
    return (d, y) => {
      const ny = y / size;
      for (let x = 0; x < size; x++) {
        const nx = x / size;
        // Long, gently waving growth rings along x.
        const warp = noise(nx * 1.6, ny * 3.5) * 1.1 + noise(nx * 3.5, ny * 9) * 0.35;
        const v = ny * 24 + warp * 2.2;
        const f = v - Math.floor(v);
        const late = Math.exp(-((f - 0.12) * (f - 0.12)) / 0.006); // dark thin band
        const early = smooth(0.15, 1, f) * 0.25;
        const fibre = noise(nx * 4, ny * 420) * 0.6 + noise(nx * 18, ny * 700) * 0.4;
        const tone = noise(nx * 1.3 + 11, ny * 1.3 + 5);
        let k = 0.42 * late + early + 0.2 * fibre + 0.22 * tone - 0.08;
        k = Math.min(1, Math.max(0, k));
        const i = (y * size + x) * 4;
        d[i] = light[0] + (dark[0] - light[0]) * k;
        d[i + 1] = light[1] + (dark[1] - light[1]) * k;
        d[i + 2] = light[2] + (dark[2] - light[2]) * k;
        d[i + 3] = 255;
      }
    };
  }

  function whenIdle(f) {
    if (window.requestIdleCallback) window.requestIdleCallback(f, { timeout: 400 });
    else setTimeout(f, 16);
  }

  // The texture's URL once made; `onReady` is called with it when it is.
  function woodTexture(onReady) {
    if (wood.url) return wood.url;
    if (onReady) wood.waiting.push(onReady);
    if (wood.started) return null;
    wood.started = true;
    const cv = document.createElement('canvas');
    cv.width = WOOD_SIZE;
    cv.height = WOOD_SIZE;
    const ctx = cv.getContext('2d');
    if (!ctx) return null;
    const img = ctx.createImageData(WOOD_SIZE, WOOD_SIZE);
    const row = woodRows();
    let y = 0;
    const step = () => {
      // Short slices: no task long enough to delay a tap.
      const end = performance.now() + 8;
      while (y < WOOD_SIZE && performance.now() < end) row(img.data, y++);
      if (y < WOOD_SIZE) {
        whenIdle(step);
        return;
      }
      ctx.putImageData(img, 0, 0);
      cv.toBlob((blob) => {
        if (!blob) return;
        wood.url = URL.createObjectURL(blob);
        for (const f of wood.waiting.splice(0)) f(wood.url);
      });
    };
    whenIdle(step);
    return null;
  }

  const board = {
    svg: null,
    n: 9,
    // Quarter turns: 0 south at the bottom, 1 west, 2 north, 3 east.
    rot: 0,
    key: '',
    layers: {},
    pawnNodes: {},
    shownFences: new Set(),
    theme: 'classic',
  };

  // Logical squares (c, r) and where they are drawn: visual column i from
  // the left, visual row j from the top.
  function toVisual(c, r) {
    const n = board.n - 1;
    switch (board.rot) {
      case 1: return { i: n - r, j: n - c };
      case 2: return { i: n - c, j: r };
      case 3: return { i: r, j: c };
      default: return { i: c, j: n - r };
    }
  }
  function toLogical(i, j) {
    const n = board.n - 1;
    switch (board.rot) {
      case 1: return { c: n - j, r: n - i };
      case 2: return { c: n - i, r: j };
      case 3: return { c: j, r: i };
      default: return { c: i, r: n - j };
    }
  }
  const turned = () => board.rot % 2 === 1;
  // The top-left corner of a square as drawn.
  function sqPos(c, r) {
    const v = toVisual(c, r);
    return { x: M + v.i * STEP, y: M + v.j * STEP };
  }
  const gridSize = () => board.n * S + (board.n - 1) * GR;

  // A logical fence drawn: the top-left visual square of the two-by-two
  // block it sits in, and its visual direction (a turned board draws a
  // horizontal fence upright).
  function visualFence(f) {
    const a = toVisual(f.c, f.r);
    const b = toVisual(f.c + 1, f.r + 1);
    const horizontal = (f.o === 'h') !== turned();
    return { i: Math.min(a.i, b.i), j: Math.min(a.j, b.j), o: horizontal ? 'h' : 'v' };
  }
  // The logical fence drawn at visual block (i, j) in visual direction vo.
  function logicalFence(i, j, vo) {
    const a = toLogical(i, j);
    const b = toLogical(i + 1, j + 1);
    const horizontal = (vo === 'h') !== turned();
    return { c: Math.min(a.c, b.c), r: Math.min(a.r, b.r), o: horizontal ? 'h' : 'v' };
  }

  function fenceRect(f) {
    const v = visualFence(f);
    const x = M + v.i * STEP;
    const y = M + v.j * STEP;
    if (v.o === 'h') return { x, y: y + S, w: 2 * S + GR, h: GR };
    return { x: x + S, y, w: GR, h: 2 * S + GR };
  }

  function centerOf(name) {
    const p = parseSquare(name);
    if (!p) return null;
    const at = sqPos(p.c, p.r);
    return { x: at.x + S / 2, y: at.y + S / 2 };
  }

  // Where a point of the board is: which visual column and row, and whether
  // it lies in a groove.
  function locate(x, y) {
    const n = board.n;
    const px = x - M;
    const py = y - M;
    const g = gridSize();
    if (px < 0 || py < 0 || px > g || py > g) return null;
    const i = Math.min(Math.floor(px / STEP), n - 1);
    const j = Math.min(Math.floor(py / STEP), n - 1);
    const ox = px - i * STEP;
    const oy = py - j * STEP;
    return { i, j, ox, oy, gx: ox > S && i < n - 1, gy: oy > S && j < n - 1 };
  }

  // A fence in the horizontal groove under visual row j, by the column i
  // and the offset in it (nearest half: the fence covers i and its nearer
  // neighbour).
  function hSlot(j, i, ox) {
    const n = board.n;
    let a = ox < S / 2 ? i - 1 : i;
    a = Math.max(0, Math.min(n - 2, a));
    return logicalFence(a, j, 'h');
  }
  function vSlot(i, j, oy) {
    const n = board.n;
    let b = oy < S / 2 ? j - 1 : j;
    b = Math.max(0, Math.min(n - 2, b));
    return logicalFence(i, b, 'v');
  }

  // The fence slot under a point of a groove (null elsewhere).
  function strictSlot(loc, prefer) {
    if (!loc) return null;
    if (loc.gx && loc.gy) {
      const h = logicalFence(loc.i, loc.j, 'h');
      const o = prefer && prefer.c === h.c && prefer.r === h.r ? prefer.o : 'h';
      return { c: h.c, r: h.r, o };
    }
    if (loc.gy) return hSlot(loc.j, loc.i, loc.ox);
    if (loc.gx) return vSlot(loc.i, loc.j, loc.oy);
    return null;
  }

  // The fence slot nearest to any point of the board (fence mode, touch).
  function nearestSlot(loc, prefer) {
    if (!loc) return null;
    const inGroove = strictSlot(loc, prefer);
    if (inGroove) return inGroove;
    const n = board.n;
    const { i, j, ox, oy } = loc;
    const cands = [];
    if (i > 0) cands.push([ox, 'l']);
    if (i < n - 1) cands.push([S - ox, 'r']);
    if (j > 0) cands.push([oy, 't']);
    if (j < n - 1) cands.push([S - oy, 'b']);
    if (!cands.length) return null;
    cands.sort((a, b) => a[0] - b[0]);
    switch (cands[0][1]) {
      case 'l': return vSlot(i - 1, j, oy);
      case 'r': return vSlot(i, j, oy);
      case 't': return hSlot(j - 1, i, ox);
      default: return hSlot(j, i, ox);
    }
  }

  function svgPoint(evt) {
    const svg = board.svg;
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const pt = svg.createSVGPoint();
    pt.x = evt.clientX;
    pt.y = evt.clientY;
    const p = pt.matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  }

  function buildBoard(game) {
    const svg = board.svg;
    const n = game.settings.size;
    const seats = seatOrder(game);
    const theme = game.settings.theme === 'crab' ? 'crab' : 'classic';
    const key = [n, seats.join(','), board.rot, theme].join('|');
    if (key === board.key) return;
    board.key = key;
    board.n = n;
    board.theme = theme;
    board.pawnNodes = {};
    board.shownFences = new Set();
    board.ready = false;
    svg.textContent = '';
    const g = gridSize();
    const W = g + 2 * M;
    svg.setAttribute('viewBox', `0 0 ${W} ${W}`);
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    svg.classList.toggle('crab', theme === 'crab');

    const woodImage = (url) => svgEl('image', { href: url, width: W, height: W, preserveAspectRatio: 'none' });
    const woodUrl = woodTexture((url) => {
      const pattern = svg.querySelector('#wood');
      if (pattern) pattern.replaceChildren(woodImage(url));
    });
    const defs = svgEl('defs');
    defs.append(svgEl('pattern', { id: 'wood', patternUnits: 'userSpaceOnUse', width: W, height: W },
      woodUrl ? woodImage(woodUrl) : svgEl('rect', { width: W, height: W, fill: '#dcae74' })));
    defs.append(svgEl('linearGradient', { id: 'bevel', x1: 0, y1: 0, x2: 1, y2: 1 },
      svgEl('stop', { offset: '0', 'stop-color': '#fff', 'stop-opacity': 0.32 }),
      svgEl('stop', { offset: '0.3', 'stop-color': '#fff', 'stop-opacity': 0 }),
      svgEl('stop', { offset: '0.7', 'stop-color': '#000', 'stop-opacity': 0 }),
      svgEl('stop', { offset: '1', 'stop-color': '#3a1d05', 'stop-opacity': 0.28 })));
    defs.append(svgEl('linearGradient', { id: 'groove-shade', x1: 0, y1: 0, x2: 1, y2: 1 },
      svgEl('stop', { offset: '0', 'stop-color': '#2b170a' }),
      svgEl('stop', { offset: '1', 'stop-color': '#4b2d15' })));
    for (const [id, horizontal] of [['fence-h', true], ['fence-v', false]]) {
      defs.append(svgEl('linearGradient', { id, x1: 0, y1: 0, x2: horizontal ? 0 : 1, y2: horizontal ? 1 : 0 },
        // Light maple on the dark grooves: at least 3:1 everywhere (the
        // browser tests measure it).
        svgEl('stop', { offset: '0', 'stop-color': '#fff3d1' }),
        svgEl('stop', { offset: '0.25', 'stop-color': '#f3d9a2' }),
        svgEl('stop', { offset: '0.75', 'stop-color': '#e2bd78' }),
        svgEl('stop', { offset: '1', 'stop-color': '#c99a55' })));
    }
    defs.append(svgEl('filter', { id: 'shadow', x: '-20%', y: '-20%', width: '140%', height: '140%' },
      svgEl('feDropShadow', { dx: 2, dy: 5, stdDeviation: 4, 'flood-color': '#1d0d02', 'flood-opacity': 0.5 })));
    for (const [seat, col] of Object.entries(SEAT_COLORS)) {
      defs.append(svgEl('radialGradient', { id: 'pawn-' + seat, cx: 0.38, cy: 0.32, r: 0.78 },
        svgEl('stop', { offset: '0', 'stop-color': col.light }),
        svgEl('stop', { offset: '0.55', 'stop-color': col.main }),
        svgEl('stop', { offset: '1', 'stop-color': col.dark })));
    }
    svg.append(defs);

    const L = {};
    const layer = (name) => {
      L[name] = svgEl('g', { class: 'layer-' + name });
      svg.append(L[name]);
      return L[name];
    };

    // The wooden board: a plank with a rim, grooves cut between squares.
    const frame = layer('frame');
    frame.append(svgEl('rect', { x: 0, y: 0, width: W, height: W, rx: 30, fill: 'url(#wood)' }));
    frame.append(svgEl('rect', { x: 0, y: 0, width: W, height: W, rx: 30, fill: '#5b300d', 'fill-opacity': 0.2 }));
    frame.append(svgEl('rect', { x: 3, y: 3, width: W - 6, height: W - 6, rx: 28, fill: 'none', stroke: '#fff3dd', 'stroke-opacity': 0.35, 'stroke-width': 3 }));
    frame.append(svgEl('rect', { class: 'grooves', x: M - 8, y: M - 8, width: g + 16, height: g + 16, rx: 10, fill: 'url(#groove-shade)' }));

    const squares = layer('squares');
    const bevels = svgEl('g', { class: 'bevels' });
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const name = sqName(c, r);
        const at = sqPos(c, r);
        squares.append(svgEl('rect', { class: 'sq', 'data-square': name, x: at.x, y: at.y, width: S, height: S, rx: 7, fill: 'url(#wood)' }));
        bevels.append(svgEl('rect', { x: at.x, y: at.y, width: S, height: S, rx: 7, fill: 'url(#bevel)' }));
      }
    }
    svg.append(bevels);

    // Coordinates under the board and on the left: letters and numbers,
    // whichever way the board is turned.
    const coords = layer('coords');
    const label = (sq, alongColumns) => (alongColumns !== turned() ? LETTERS[sq.c] : String(sq.r + 1));
    for (let i = 0; i < n; i++) {
      const text = label(toLogical(i, n - 1), true);
      coords.append(svgEl('text', { class: 'coord', x: M + i * STEP + S / 2, y: M + g + 49, 'text-anchor': 'middle', text }));
    }
    for (let j = 0; j < n; j++) {
      const text = label(toLogical(0, j), false);
      coords.append(svgEl('text', { class: 'coord', x: M / 2 - 8, y: M + j * STEP + S / 2 + 11, 'text-anchor': 'middle', text }));
    }

    // Goal marks: a bar of each seat's colour along the side it must reach.
    const goals = layer('goals');
    const mid = (n - 1) >> 1;
    const goalSquare = { south: [mid, n - 1], north: [mid, 0], west: [n - 1, mid], east: [0, mid] };
    for (const seat of seats) {
      const v = toVisual(...goalSquare[seat]);
      const side = v.j === 0 ? 'top' : v.j === n - 1 ? 'bottom' : v.i === 0 ? 'left' : 'right';
      const thick = 7;
      const gap = 12;
      const attrs = { class: 'goal seat-' + seat, rx: 3.5, fill: SEAT_COLORS[seat].main };
      if (side === 'top') Object.assign(attrs, { x: M, y: M - gap - thick, width: g, height: thick });
      if (side === 'bottom') Object.assign(attrs, { x: M, y: M + g + gap, width: g, height: thick });
      if (side === 'left') Object.assign(attrs, { x: M - gap - thick, y: M, width: thick, height: g });
      if (side === 'right') Object.assign(attrs, { x: M + g + gap, y: M, width: thick, height: g });
      goals.append(svgEl('rect', attrs));
    }

    layer('marks');
    // Fence slots: one hit area per slot, half a square long, whose centre
    // lies where the pointer picks exactly that slot (tests click them).
    const slots = layer('slots');
    for (let r = 0; r < n - 1; r++) {
      for (let c = 0; c < n - 1; c++) {
        for (const o of ['h', 'v']) {
          const f = { c, r, o };
          const v = visualFence(f);
          const attrs = v.o === 'h'
            ? { x: M + v.i * STEP + S / 2, y: M + v.j * STEP + S, width: S / 2, height: GR }
            : { x: M + v.i * STEP + S, y: M + v.j * STEP + S / 2, width: GR, height: S / 2 };
          slots.append(svgEl('rect', Object.assign({ class: 'slot', 'data-fence': fenceName(f), fill: 'transparent' }, attrs)));
        }
      }
    }
    layer('fences');
    layer('hint');
    layer('preview');
    layer('pawns');
    layer('cursor');
    board.layers = L;
    for (const seat of seats) {
      const node = svgEl('g', { class: 'pawn seat-' + seat, 'data-pawn': seat });
      node.append(theme === 'crab' ? crabShape(seat) : pawnShape(seat));
      L.pawns.append(node);
      board.pawnNodes[seat] = node;
    }
  }

  const ICONS = {
    trophy: 'M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3V3Zm10 4v3a2 2 0 0 0 1-1.7V7h-1ZM6 7v1.3A2 2 0 0 0 7 10V7H6Z',
    draw: 'M17.3 5.3 5.3 17.3l1.4 1.4 12-12-1.4-1.4ZM5 4h3v7H6.3V6H5V4Zm10.5 9c1.6 0 2.8 1 2.8 2.4 0 1-.6 1.7-1.4 2.4L15.6 19H19v1.8h-6v-1.5l2.6-2.4c.6-.6.9-1 .9-1.5 0-.5-.4-.8-1-.8s-1.1.4-1.1 1h-1.7c0-1.5 1.2-2.6 2.8-2.6Z',
    flag: 'M5 2h2v1h12l-2.5 5L19 13H7v9H5V2Z',
    eye: 'M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7Zm0 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4Z',
  };
  function icon(name) {
    return svgEl('svg', { viewBox: '0 0 24 24', class: 'icon', 'aria-hidden': 'true', focusable: 'false' }, svgEl('path', { fill: 'currentColor', d: ICONS[name] }));
  }

  function pawnShape(seat) {
    const col = SEAT_COLORS[seat];
    const g = svgEl('g', { class: 'pawn-body' });
    g.append(svgEl('circle', { class: 'halo', r: 46, fill: 'none', stroke: col.main, 'stroke-width': 5 }));
    g.append(svgEl('ellipse', { cx: 3, cy: 8, rx: 35, ry: 33, fill: '#1d0d02', 'fill-opacity': 0.35 }));
    g.append(svgEl('circle', { r: 35, fill: 'url(#pawn-' + seat + ')', stroke: col.dark, 'stroke-width': 2.5 }));
    g.append(svgEl('circle', { r: 22, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.28, 'stroke-width': 3 }));
    g.append(svgEl('ellipse', { cx: -11, cy: -14, rx: 10, ry: 6, fill: '#fff', 'fill-opacity': 0.35, transform: 'rotate(-30 -11 -14)' }));
    g.append(svgEl('text', { class: 'pawn-letter', y: 11, 'text-anchor': 'middle', text: t('initial.' + seat) }));
    return g;
  }

  // The junior theme: a friendly crab in the seat's colour.
  function crabShape(seat) {
    const col = SEAT_COLORS[seat];
    const g = svgEl('g', { class: 'pawn-body crab-body' });
    g.append(svgEl('circle', { class: 'halo', r: 47, fill: 'none', stroke: col.main, 'stroke-width': 5 }));
    g.append(svgEl('ellipse', { cx: 2, cy: 12, rx: 36, ry: 22, fill: '#1d0d02', 'fill-opacity': 0.3 }));
    const legs = svgEl('g', { stroke: col.dark, 'stroke-width': 5, 'stroke-linecap': 'round', fill: 'none' });
    for (const side of [-1, 1]) {
      for (let k = 0; k < 3; k++) {
        const y0 = 2 + k * 8;
        legs.append(svgEl('path', { d: `M ${side * 22} ${y0} q ${side * 14} ${-4 + k * 3} ${side * 20} ${10 + k * 3}` }));
      }
    }
    g.append(legs);
    // Arms and claws (drawn on the right, mirrored on the left).
    for (const side of [-1, 1]) {
      const arm = svgEl('g', { transform: side < 0 ? 'scale(-1 1)' : null });
      arm.append(svgEl('path', { d: 'M 18 -4 Q 30 -12 31 -24', stroke: col.dark, 'stroke-width': 5, fill: 'none', 'stroke-linecap': 'round' }));
      arm.append(svgEl('path', {
        d: 'M 32 -32 L 39.1 -40.4 A 11 11 0 1 1 30.1 -42.8 Z',
        fill: 'url(#pawn-' + seat + ')', stroke: col.dark, 'stroke-width': 2.2, 'stroke-linejoin': 'round',
        transform: 'rotate(-12 32 -32)',
      }));
      g.append(arm);
    }
    // Body.
    g.append(svgEl('ellipse', { cx: 0, cy: 4, rx: 28, ry: 20, fill: 'url(#pawn-' + seat + ')', stroke: col.dark, 'stroke-width': 2.5 }));
    // Eyes on stalks.
    for (const side of [-1, 1]) {
      g.append(svgEl('line', { x1: side * 8, y1: -12, x2: side * 10, y2: -22, stroke: col.dark, 'stroke-width': 4, 'stroke-linecap': 'round' }));
      g.append(svgEl('circle', { cx: side * 10, cy: -25, r: 7.5, fill: '#fff', stroke: col.dark, 'stroke-width': 1.5 }));
      g.append(svgEl('circle', { cx: side * 10 + 1.5, cy: -24, r: 3.6, fill: '#1b1b1b' }));
      g.append(svgEl('circle', { cx: side * 10 + 2.6, cy: -25.6, r: 1.2, fill: '#fff' }));
      g.append(svgEl('circle', { cx: side * 16, cy: 8, r: 4.5, fill: '#ff9fb0', 'fill-opacity': 0.7 }));
    }
    g.append(svgEl('path', { d: 'M -8 7 q 8 8 16 0', stroke: '#2a1208', 'stroke-width': 2.6, fill: 'none', 'stroke-linecap': 'round' }));
    return g;
  }

  function fenceShape(name, cls) {
    const f = parseFence(name);
    const r = fenceRect(f);
    const inset = 5;
    const attrs = f.o === 'h'
      ? { x: r.x + inset, y: r.y + 2.5, width: r.w - 2 * inset, height: r.h - 5 }
      : { x: r.x + 2.5, y: r.y + inset, width: r.w - 5, height: r.h - 2 * inset };
    return svgEl('rect', Object.assign({ class: cls, rx: 5, fill: f.o === 'h' ? 'url(#fence-h)' : 'url(#fence-v)' }, attrs));
  }

  // ------------------------------------------------------------------
  // Game page state
  // ------------------------------------------------------------------

  const G = {
    id: null,
    game: null,
    version: -1,
    rec: null,
    ws: null,
    wsRetry: 0,
    wsTimer: 0,
    pingTimer: 0,
    clockTimer: 0,
    clockBase: 0,
    replay: null,
    fenceMode: false,
    cursor: null,
    fcursor: null,
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
    const humans = (G.game.seats || []).filter((s) => s.kind === 'human');
    return humans.length > 0 && humans.every((s) => isMine(s.seat));
  }

  function enterGame(id) {
    G.active = true;
    G.id = id;
    G.game = null;
    G.version = -1;
    G.replay = null;
    G.fenceMode = false;
    G.preview = null;
    G.pendingSlot = null;
    G.pending = false;
    G.hint = null;
    G.cursor = null;
    G.fcursor = null;
    G.youFromServer = null;
    G.wsRetry = 0;
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
      const seats = hash.get('s') ? hash.get('s').split(',').filter((s) => SEATS4.includes(s)) : null;
      const prev = loadRec(id);
      const sameToken = prev && prev.token === hash.get('t');
      saveRec(id, { token: hash.get('t'), seats: seats && seats.length ? seats : (sameToken ? prev.seats : null) });
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
    clearTimeout(G.wsTimer);
    clearInterval(G.pingTimer);
    clearInterval(G.clockTimer);
    clearTimeout(G.pendingTimer);
    const ws = G.ws;
    G.ws = null;
    if (ws) {
      try { ws.close(); } catch (_) { /* ignore */ }
    }
    G.game = null;
    setFenceMode(false);
  }

  async function loadGame() {
    const id = G.id;
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
        G.wsTimer = setTimeout(() => { if (G.active && G.id === id && !G.game) loadGame(); }, 4000);
      }
    }
  }

  function connectWs() {
    if (!G.active) return;
    clearTimeout(G.wsTimer);
    const id = G.id;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    let url = proto + '//' + location.host + '/api/games/' + encodeURIComponent(id) + '/ws';
    let ws;
    try {
      ws = new WebSocket(url, window.Common.socketProtocols(myToken()));
    } catch (_) {
      scheduleReconnect();
      return;
    }
    const old = G.ws;
    G.ws = ws;
    if (old) {
      try { old.close(); } catch (_) { /* ignore */ }
    }
    setConn('connecting');
    ws.onopen = () => {
      if (G.ws !== ws) return;
      G.wsRetry = 0;
      setConn('online');
      window.Chat.connected(sendWs);
      // Back in touch: a "cannot reach the server" message is old news.
      if (['network', 'unavailable'].includes(G.errorCode)) showError(null);
      clearInterval(G.pingTimer);
      G.pingTimer = setInterval(() => sendWs({ type: 'ping' }), 25000);
    };
    ws.onmessage = (ev) => {
      if (G.ws !== ws) return;
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (_) {
        return;
      }
      if (msg.type === 'state' && msg.game) {
        const you = msg.you || msg.seats || (msg.game && msg.game.you);
        if (Array.isArray(you)) G.youFromServer = you;
        applyState(msg.game);
      } else if (msg.type === 'chat' || msg.type === 'chat_history') {
        window.Chat.receive(msg);
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
    };
    ws.onclose = () => {
      if (G.ws !== ws) return;
      clearInterval(G.pingTimer);
      clearPending();
      setConn('offline');
      scheduleReconnect();
    };
  }

  function scheduleReconnect() {
    if (!G.active) return;
    clearTimeout(G.wsTimer);
    // While the socket is down, keep the page fresh over HTTP.
    if (G.wsRetry > 0) {
      const id = G.id;
      api('GET', '/api/games/' + encodeURIComponent(id)).then((game) => {
        if (G.active && G.id === id) applyState(game);
      }).catch(() => {});
    }
    const delay = Math.min(15000, 600 * Math.pow(2, G.wsRetry)) + Math.random() * 400;
    G.wsRetry++;
    G.wsTimer = setTimeout(connectWs, delay);
  }

  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && G.active && G.game && (!G.ws || G.ws.readyState > 1)) {
      G.wsRetry = 0;
      connectWs();
    }
  });

  function sendWs(msg) {
    if (G.ws && G.ws.readyState === 1) {
      G.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
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
      const res = await api(method, '/api/games/' + encodeURIComponent(G.id) + path, body, myToken());
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
    const id = G.id;
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
      G.cursor = null;
      G.fenceMode = false; // each turn starts with the pawn
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
    if (!G.cursor && game.pawns) {
      const seat = game.turn && isMine(game.turn) ? game.turn : (mySeats() || [])[0];
      const sq = seat && parseSquare(game.pawns[seat]);
      if (sq) G.cursor = sq;
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

  // ------------------------------------------------------------------
  // Game page rendering
  // ------------------------------------------------------------------

  function renderGame() {
    const g = G.game;
    if (!g || !G.active) return;
    show($('#game-loading'), false);
    show($('#game-error'), false);
    show($('#game-layout'), true);
    const rot = savedRotation() ?? defaultRotation();
    if (rot !== board.rot) {
      board.rot = rot;
      board.key = '';
    }
    buildBoard(g);
    renderBoard();
    renderStatus();
    renderPlayers();
    renderActions();
    renderMoves();
    window.Analysis.render(g, { replayTo: setReplay, current: G.replay, seatName: (seat) => playerName(g, seat) });
    window.Chat.render(g, !holdsSeat());
    renderScoreSheet();
    renderWaiting();
    renderShare();
    renderTools();
    tickClocks();
    clearInterval(G.clockTimer);
    if (g.clock && g.clock.running && g.status === 'playing') G.clockTimer = setInterval(tickClocks, 100);
  }

  function shownPosition() {
    const g = G.game;
    const k = G.replay === null ? g.moves.length : G.replay;
    const pos = positionAt(g, g.moves, k);
    if (G.replay === null && g.position) {
      // The live position is the server's own (the history gives the last move).
      const live = parsePosition(g.position, seatOrder(g));
      Object.assign(pos, { pawns: live.pawns, fences: live.fences, fencesLeft: live.fencesLeft, scores: live.scores, out: live.out });
    }
    return pos;
  }

  function renderBoard() {
    const g = G.game;
    const L = board.layers;
    const svg = board.svg;
    const pos = shownPosition();
    const interactive = myTurn() && !G.pending;
    svg.classList.toggle('interactive', interactive);
    svg.classList.toggle('fence-mode', G.fenceMode && interactive);
    svg.classList.toggle('replaying', !isLive());
    svg.setAttribute('aria-label', t('board.label', { n: board.n }));

    // Squares: highlight the legal pawn moves.
    for (const node of $$('.sq', L.squares)) {
      const legal = interactive && !G.fenceMode && G.legalPawn.has(node.dataset.square);
      node.classList.toggle('legal', legal);
      if (legal) node.setAttribute('data-legal', 'true');
      else node.removeAttribute('data-legal');
    }

    // Marks: last move, legal dots.
    L.marks.textContent = '';
    const last = pos.last;
    if (last && last.kind === 'pawn') {
      for (const [name, cls] of [[last.from, 'last-from'], [last.move, 'last-to']]) {
        const p = parseSquare(name);
        const at = p && sqPos(p.c, p.r);
        if (at) L.marks.append(svgEl('rect', { class: cls, x: at.x, y: at.y, width: S, height: S, rx: 7 }));
      }
    }
    if (interactive && !G.fenceMode) {
      for (const name of G.legalPawn) {
        const c = centerOf(name);
        if (c) L.marks.append(svgEl('circle', { class: 'legal-dot seat-' + g.turn, cx: c.x, cy: c.y, r: 15 }));
      }
    }

    // Fences.
    const fences = pos.fences || [];
    const current = new Set(fences);
    L.fences.textContent = '';
    for (const name of fences) {
      if (!parseFence(name)) continue;
      const isNew = board.shownFences.size > 0 || (g.moves || []).length > 0 ? !board.shownFences.has(name) : false;
      const node = fenceShape(name, 'fence' + (last && last.kind === 'fence' && last.move === name ? ' last' : '') + (isNew && board.ready ? ' new' : ''));
      node.setAttribute('data-placed', name);
      node.setAttribute('filter', 'url(#shadow)');
      L.fences.append(node);
    }
    board.shownFences = current;

    // Pawns.
    const toMove = g.status === 'playing' && isLive() ? g.turn : null;
    for (const [seat, node] of Object.entries(board.pawnNodes)) {
      const sq = pos.pawns[seat];
      const c = sq ? centerOf(sq) : null;
      if (!c) {
        node.style.display = 'none';
        continue;
      }
      node.style.display = '';
      node.style.transform = `translate(${c.x}px, ${c.y}px)`;
      node.classList.toggle('to-move', seat === toMove);
      node.classList.toggle('mine', isMine(seat) && holdsSeat());
    }
    board.ready = true;

    renderHint();
    renderPreview();
    renderCursor();
    $('#board-desc').textContent = describePosition(pos);
  }

  function describePosition(pos) {
    const g = G.game;
    const parts = [];
    for (const seat of seatOrder(g)) {
      const where = pos.pawns[seat] || t('desc.out');
      const left = pos.fencesLeft && pos.fencesLeft[seat] !== undefined && pos.fencesLeft[seat] !== null ? tn('desc.fences_left', pos.fencesLeft[seat]) : '';
      parts.push(t('desc.seat', { seat: seatLabel(seat), name: playerName(g, seat), square: where }) + (left ? ', ' + left : ''));
    }
    const f = pos.fences && pos.fences.length ? t('desc.fences', { list: pos.fences.join(', ') }) : t('desc.no_fences');
    return parts.join('. ') + '. ' + f + '.';
  }

  function renderHint() {
    const L = board.layers;
    L.hint.textContent = '';
    const h = G.hint;
    if (!h || !isLive()) return;
    const path = (h.path || []).slice();
    const from = G.game.pawns && G.game.turn ? G.game.pawns[G.game.turn] : null;
    if (from && path.length && path[0] !== from) path.unshift(from);
    const pts = path.map(centerOf).filter(Boolean);
    if (pts.length > 1) {
      L.hint.append(svgEl('polyline', { class: 'hint-path', points: pts.map((p) => p.x + ',' + p.y).join(' ') }));
      for (const p of pts.slice(1)) L.hint.append(svgEl('circle', { class: 'hint-step', cx: p.x, cy: p.y, r: 9 }));
    }
    if (parseFence(h.move)) {
      L.hint.append(fenceShape(h.move, 'hint-fence'));
    } else if (parseSquare(h.move)) {
      const c = centerOf(h.move);
      L.hint.append(svgEl('circle', { class: 'hint-target', cx: c.x, cy: c.y, r: 40 }));
    }
  }

  function fenceVerdict(name) {
    if (!myTurn()) return { ok: false, reason: { code: 'not_your_turn' } };
    if (G.legalFences.has(name)) return { ok: true, reason: null };
    const blocked = G.game.legal && G.game.legal.blocked;
    const reason = blocked && blocked[name] ? blocked[name] : null;
    return { ok: false, reason };
  }

  function verdictText(name, v) {
    if (v.ok) return t('fence.legal', { fence: name });
    if (v.reason && v.reason.code === 'not_your_turn') return t('err.not_your_turn');
    return t('fence.illegal', { fence: name, reason: v.reason ? reasonText(v.reason) : t('reason.unknown') });
  }

  function renderPreview() {
    const L = board.layers;
    L.preview.textContent = '';
    const name = G.preview;
    const err = $('#fence-error');
    if (!name || !myTurn()) {
      if (!G.stickyFenceError) err.textContent = '';
      return;
    }
    const v = fenceVerdict(name);
    const node = fenceShape(name, 'preview ' + (v.ok ? 'ok' : 'bad') + (G.pendingSlot === name ? ' pending' : ''));
    node.setAttribute('data-preview', name);
    L.preview.append(node);
    err.textContent = v.ok ? '' : verdictText(name, v);
    err.classList.toggle('ok', false);
    G.stickyFenceError = false;
  }

  function renderCursor() {
    const L = board.layers;
    L.cursor.textContent = '';
    if (!board.focused || !board.kbd || !G.game) return;
    if (G.fenceMode) {
      if (!G.fcursor) return;
      const r = fenceRect(G.fcursor);
      L.cursor.append(svgEl('rect', { class: 'cursor', x: r.x - 4, y: r.y - 4, width: r.w + 8, height: r.h + 8, rx: 8 }));
      return;
    }
    if (!G.cursor) return;
    const at = sqPos(G.cursor.c, G.cursor.r);
    L.cursor.append(svgEl('rect', { class: 'cursor', x: at.x - 5, y: at.y - 5, width: S + 10, height: S + 10, rx: 12 }));
  }

  function renderStatus() {
    const g = G.game;
    const turn = $('#turn');
    const status = $('#status');
    turn.className = 'turn';
    let turnText = '';
    if (g.status === 'waiting') {
      turnText = t('turn.waiting');
    } else if (g.status === 'over') {
      turnText = t('turn.over');
    } else if (g.turn) {
      const info = seatInfo(g, g.turn);
      if (myTurn() || (isMine(g.turn) && holdsSeat())) {
        turnText = seatsAreAllMine() && seatOrder(g).filter((s) => seatInfo(g, s).kind === 'human').length > 1
          ? (playerName(g, g.turn) === seatLabel(g.turn)
            ? t('turn.yours_seat_only', { seat: seatLabel(g.turn) })
            : t('turn.yours_seat', { seat: seatLabel(g.turn), name: playerName(g, g.turn) }))
          : t('turn.yours');
        turn.classList.add('mine');
      } else if (info && info.kind === 'ai') {
        turnText = t('turn.ai_thinking', { name: playerName(g, g.turn) });
        turn.classList.add('thinking');
      } else {
        turnText = playerName(g, g.turn) === seatLabel(g.turn)
          ? t('turn.other_seat_only', { seat: seatLabel(g.turn) })
          : t('turn.other', { name: playerName(g, g.turn), seat: seatLabel(g.turn) });
      }
      turn.classList.add('seat-' + g.turn);
    }
    turn.hidden = g.status === 'over' && !!g.result;
    // A live region: rewrite it only when its text changes.
    const turnKey = turnText + '|' + (g.status === 'playing' ? g.turn : '');
    if (turn.dataset.key !== turnKey) {
      turn.dataset.key = turnKey;
      turn.textContent = '';
      if (g.turn && g.status === 'playing') turn.append(el('span', { class: 'swatch seat-' + g.turn, 'aria-hidden': 'true' }));
      turn.append(el('span', { text: turnText }));
    }

    const n = g.settings.size;
    const parts = [t('status.' + g.status)];
    if (!isLive()) parts.push(t('replay.viewing', { pos: replayLabel(G.replay) }));
    else if (g.status === 'playing') parts.push(t('status.round', { n: roundOf(g.moves.length) }));
    status.textContent = parts.join(' · ');
    status.dataset.status = g.status;
    const titleTurn = myTurn() ? '● ' + t('turn.yours') + ' — ' : '';
    document.title = titleTurn + t('title.game_n', { n });

    // Result banner.
    const res = $('#result');
    if (g.status === 'over' && g.result) {
      const info = resultInfo(g);
      const iconName = { win: 'trophy', over: 'trophy', draw: 'draw', loss: 'flag', aborted: 'flag' }[info.outcome];
      res.textContent = '';
      res.append(el('span', { class: 'result-icon', 'aria-hidden': 'true' }, icon(iconName)),
        el('span', { class: 'result-text', text: info.text }));
      res.dataset.outcome = info.outcome;
      res.dataset.draw = g.result.draw ? 'true' : 'false';
      res.dataset.winners = (g.result.winners || []).join(',');
      res.dataset.termination = g.result.termination || '';
      // A rated game: each player's rating before and after.
      for (const c of g.rating_changes || []) {
        const d = c.after - c.before;
        res.append(el('span', { class: 'rating-change', 'data-seat': c.seat },
          t('game.rating_change', { name: c.name, before: c.before, after: c.after + (c.provisional ? '?' : '') })
          + ' (' + (d >= 0 ? '+' : '') + d + ')'));
      }
      res.hidden = false;
    } else {
      res.hidden = true;
      res.textContent = '';
    }
  }

  function renderPlayers() {
    const g = G.game;
    const list = $('#players-list');
    list.setAttribute('aria-label', t('game.players'));
    const pos = shownPosition();
    list.textContent = '';
    const hotseat = (g.seats || []).filter((s) => s.kind === 'human').length > 1 && seatsAreAllMine();
    const team = (seat) => (g.settings.variant === 'teams' ? (seat === 'south' || seat === 'west' ? 'A' : 'B') : null);
    for (const seat of seatOrder(g)) {
      const info = seatInfo(g, seat) || { seat, kind: 'human' };
      const mine = holdsSeat() && isMine(seat) && mySeats() !== null;
      const toMove = g.status === 'playing' && g.turn === seat;
      const out = (g.out || []).includes(seat);
      const arrived = (g.arrived || []).includes(seat);
      const kindText = info.kind === 'ai' ? t('kind.ai_long', { level: info.level }) : t('kind.human');
      const connected = info.kind === 'ai' || info.connected;
      const sub = el('span', { class: 'p-sub' },
        playerName(g, seat) === seatLabel(seat) ? null : el('span', { class: 'p-seat', text: seatLabel(seat) }),
        playerName(g, seat) === seatLabel(seat) ? null : ' · ', kindText,
        team(seat) ? ' · ' + t('player.team', { team: team(seat) === 'A' ? t('team.a') : t('team.b') }) : '');
      const dot = el('span', {
        class: 'dot ' + (info.taken === false ? 'free' : connected ? 'on' : 'off'),
        role: 'img',
        'aria-label': info.taken === false ? t('player.free') : connected ? t('player.connected') : t('player.disconnected'),
        title: info.taken === false ? t('player.free') : connected ? t('player.connected') : t('player.disconnected'),
      });
      const left = pos.fencesLeft ? pos.fencesLeft[seat] : null;
      const fenceBox = el('span', { class: 'p-fences', title: typeof left === 'number' ? tn('player.fences_left', left) : '' });
      if (typeof left === 'number') {
        const bars = el('span', { class: 'fence-bars', 'aria-hidden': 'true' });
        const total = Math.max(left, g.settings.fences || left);
        for (let k = 0; k < Math.min(total, 15); k++) bars.append(el('i', { class: k < left ? 'on' : '' }));
        fenceBox.append(bars, el('span', { class: 'p-fence-count', 'data-fences-left': seat, text: String(left) }),
          el('span', { class: 'sr-only', text: ' ' + tn('player.fences_left', left) }));
      }
      const clock = el('span', { class: 'p-clock', id: 'clock-' + seat, hidden: !g.clock });
      const score = g.settings.variant === 'scoring'
        ? el('span', { class: 'p-score', 'data-score': seat, text: t('player.score', { n: (pos.scores && pos.scores[seat]) || 0 }) })
        : null;
      const badges = [];
      if (mine && !hotseat) badges.push(el('span', { class: 'badge you', text: t('player.you') }));
      if (out) badges.push(el('span', { class: 'badge out', text: t('player.out') }));
      if (arrived) badges.push(el('span', { class: 'badge arrived', text: t('player.arrived') }));
      if (g.result && (g.result.winners || []).includes(seat)) badges.push(el('span', { class: 'badge winner', text: t('player.winner') }));
      const li = el('li', {
        class: 'player seat-' + seat + (toMove ? ' to-move' : '') + (mine ? ' me' : '') + (out ? ' out' : ''),
        'data-seat': seat,
        'aria-current': toMove ? 'true' : null,
      },
      el('span', { class: 'p-pawn', 'aria-hidden': 'true' }, miniPawn(seat)),
      el('span', { class: 'p-main' },
        el('span', { class: 'p-name' }, dot,
          info.account
            ? el('a', { class: 'p-name-text', href: '/@/' + encodeURIComponent(info.name), target: '_blank', rel: 'noopener', text: playerName(g, seat) })
            : el('span', { class: 'p-name-text', text: playerName(g, seat) }),
          ...badges),
        sub),
      el('span', { class: 'p-side' }, clock, fenceBox, score));
      list.append(li);
    }
  }

  function miniPawn(seat) {
    const svg = svgEl('svg', { viewBox: '-50 -50 100 100', class: 'mini-pawn' });
    if (G.game && G.game.settings.theme === 'crab') {
      svg.append(svgEl('ellipse', { cx: 0, cy: 6, rx: 34, ry: 24, fill: SEAT_COLORS[seat].main, stroke: SEAT_COLORS[seat].dark, 'stroke-width': 4 }));
      for (const side of [-1, 1]) {
        svg.append(svgEl('circle', { cx: side * 13, cy: -22, r: 9, fill: '#fff', stroke: SEAT_COLORS[seat].dark, 'stroke-width': 3 }));
        svg.append(svgEl('circle', { cx: side * 13 + 2, cy: -21, r: 4, fill: '#111' }));
      }
    } else {
      svg.append(svgEl('circle', { r: 40, fill: SEAT_COLORS[seat].main, stroke: SEAT_COLORS[seat].dark, 'stroke-width': 6 }));
      svg.append(svgEl('circle', { r: 24, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.35, 'stroke-width': 5 }));
    }
    return svg;
  }

  function tickClocks() {
    const g = G.game;
    if (!g || !g.clock || !g.clock.remaining_ms) return;
    const elapsed = performance.now() - G.clockBase;
    for (const seat of seatOrder(g)) {
      const node = document.getElementById('clock-' + seat);
      if (!node) continue;
      let ms = g.clock.remaining_ms[seat];
      if (typeof ms !== 'number') {
        node.textContent = '';
        continue;
      }
      const running = g.status === 'playing' && g.clock.running === seat;
      if (running) ms -= elapsed;
      ms = Math.max(0, ms);
      node.textContent = formatMs(ms);
      node.classList.toggle('running', running);
      node.classList.toggle('low', ms < 10000);
      node.setAttribute('aria-label', t('player.clock', { time: formatMs(ms) }));
    }
  }

  function renderActions() {
    const g = G.game;
    const playing = g.status === 'playing';
    const holds = !!myToken() && holdsSeat();
    const mine = mySeats();
    const humans = (g.seats || []).filter((s) => s.kind === 'human');
    const myLiveSeats = seatOrder(g).filter((s) => isMine(s) && !(g.out || []).includes(s));
    show($('#undo'), holds && playing && g.undo_allowed && (g.moves || []).length > 0);
    show($('#hint'), holds && playing && g.hint_allowed !== false && myTurn());
    const pass = myTurn() && g.legal && (g.legal.pawn || []).length === 0 &&
      ((g.legal.fences || []).length === 0 || (g.arrived || []).includes(g.turn));
    show($('#pass'), !!pass);
    // An arrived pawn that still has fences may place one or pass (when it
    // has none, the server passes for it).
    const note = $('#pass-note');
    note.textContent = pass && (g.arrived || []).includes(g.turn) ? t('pass.arrived') : '';
    note.hidden = !note.textContent;
    const offer = g.draw_offer;
    // Offers go to the other people (an AI answers at once by its own
    // judgement); people sharing one screen have nobody to offer to.
    const others = (g.seats || []).filter((s) => !isMine(s.seat) && !(g.out || []).includes(s.seat));
    const canOffer = holds && playing && !offer && myLiveSeats.length > 0 && others.length > 0;
    show($('#draw-offer'), canOffer);
    show($('#abort'), holds && g.abort_allowed && g.status !== 'over' && humans.length > 0);
    const waitingMine = offer && (offer.waiting || []).some((s) => isMine(s));
    show($('#draw-accept'), holds && playing && !!waitingMine);
    show($('#draw-decline'), holds && playing && !!waitingMine);
    const ds = $('#draw-status');
    if (playing && offer) {
      ds.textContent = offer.by && isMine(offer.by) && !waitingMine
        ? t('draw.waiting')
        : t('draw.offered_by', { name: playerName(g, offer.by), seat: seatLabel(offer.by) });
      ds.hidden = false;
    } else {
      ds.hidden = true;
    }
    show($('#resign'), holds && playing && myLiveSeats.length > 0);
    show($('#rematch'), holds && g.status === 'over' && !g.rematch && (mine === null || mine.length > 0));
    for (const id of ['#undo', '#hint', '#pass', '#draw-offer', '#draw-accept', '#draw-decline', '#resign', '#abort', '#rematch']) {
      $(id).disabled = G.pending;
    }

    const banner = $('#rematch-banner');
    if (g.rematch) {
      $('#rematch-text').textContent = holds ? t('rematch.ready') : t('rematch.ready_watch');
      const go = $('#rematch-go');
      go.href = '/g/' + encodeURIComponent(g.rematch);
      go.textContent = holds ? t('rematch.go') : t('rematch.watch');
      banner.hidden = false;
    } else {
      banner.hidden = true;
    }

    const hintText = $('#hint-text');
    if (G.hint && isLive()) {
      const steps = Math.max(0, (G.hint.path || []).length - 1);
      hintText.textContent = t('hint.text', { move: G.hint.move }) + (steps ? ' ' + tn('hint.path', steps) : '');
      hintText.hidden = false;
    } else {
      hintText.hidden = true;
    }

    const form = $('#move-form');
    const canType = holds && playing;
    form.hidden = !canType;
    $('#move-input').disabled = !myTurn() || G.pending;
    $('#move-submit').disabled = !myTurn() || G.pending;
  }

  function renderMoves() {
    const g = G.game;
    const box = $('#moves');
    const moves = g.moves || [];
    const per = seatOrder(g).length;
    box.textContent = '';
    if (!moves.length) {
      box.append(el('span', { class: 'empty', text: t('moves.none') }));
    }
    const current = G.replay === null ? moves.length : G.replay;
    for (let i = 0; i < moves.length; i += per) {
      const round = el('span', { class: 'round' });
      round.append(el('span', { class: 'num', text: (i / per + 1) + '.' }));
      for (let k = i; k < Math.min(i + per, moves.length); k++) {
        const m = moves[k];
        const label = moveLabel(m);
        round.append(' ');
        const b = el('button', {
          type: 'button',
          class: 'mv seat-' + m.seat + (k + 1 === current ? ' current' : ''),
          'data-ply': k + 1,
          'aria-label': moveAnnouncement(m),
          'aria-current': k + 1 === current ? 'step' : null,
          title: moveAnnouncement(m) + (typeof m.ms === 'number' ? ' · ' + formatMs(m.ms) : ''),
          text: label,
        });
        round.append(b);
      }
      box.append(round, ' ');
    }
    const pos = $('#replay-pos');
    pos.textContent = isLive() ? '' : replayLabel(G.replay);
    $('#replay-start').disabled = current === 0;
    $('#replay-prev').disabled = current === 0;
    $('#replay-next').disabled = isLive();
    $('#replay-end').disabled = isLive();
    // Keep the current move in view.
    const cur = box.querySelector('.current');
    if (cur && isLive()) box.scrollTop = box.scrollHeight;
    else if (cur) cur.scrollIntoView({ block: 'nearest' });
  }

  // Moves are numbered by rounds everywhere, as in the list and in
  // records: "3." before the first move of round 3, "3…" before the others.
  function roundOf(entries) {
    return Math.floor(entries / seatOrder(G.game).length) + 1;
  }
  function moveNumber(k) {
    const per = seatOrder(G.game).length;
    return roundOf(k) + (k % per === 0 ? '.' : '…');
  }
  // Where a replay stands: the start, or after a numbered move.
  function replayLabel(k) {
    if (!k) return t('replay.at_start');
    const m = G.game.moves[k - 1];
    return m ? t('replay.after', { move: moveNumber(k - 1) + ' ' + moveLabel(m) }) : '';
  }

  function moveLabel(m) {
    const mv = String(m.move || '');
    if (mv === 'resign') return t('moves.resign', { seat: seatLabel(m.seat) });
    if (mv === 'timeout') return t('moves.timeout', { seat: seatLabel(m.seat) });
    if (mv === 'draw') return t('moves.draw');
    if (mv === 'pass') return t('moves.pass');
    return mv;
  }

  function renderScoreSheet() {
    const g = G.game;
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
    const g = G.game;
    const panel = $('#waiting-panel');
    const joinForm = $('#join-form');
    const free = (g.seats || []).filter((s) => s.kind === 'human' && !s.taken);
    if (g.status !== 'waiting') {
      panel.hidden = true;
      if (!(G.joinSeat && free.length)) joinForm.hidden = true;
      // The seat this page is joining fills the game: the update may come
      // before the answer to the join, which is not "the game is full".
      if (G.joinSeat && !free.length && !myToken() && !G.joining) {
        G.joinSeat = null;
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
      const order = seatOrder(g);
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
    if (!myToken() && !G.joinSeat) {
      for (const s of free) {
        joinBox.append(el('button', {
          type: 'button', class: 'btn primary', 'data-join-seat': s.seat,
          onclick: () => openJoin(s.seat),
          text: t('list.join_as', { seat: seatLabel(s.seat) }),
        }));
      }
    }
    if (G.joinSeat && !myToken()) openJoin(G.joinSeat);
  }

  function openJoin(seat) {
    G.joinSeat = seat;
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

  async function submitJoin(e) {
    e.preventDefault();
    // Logged in, the seat is the account's and bears its name.
    if (G.account) $('#join-name').value = G.account.name;
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
    G.joining = true;
    try {
      const res = await api('POST', '/api/games/' + encodeURIComponent(G.id) + '/join', { seat: G.joinSeat || null, name });
      G.rec = saveRec(G.id, { token: res.token, seats: Array.isArray(res.seats) ? res.seats : null, mode: 'online' });
      G.joinSeat = null;
      $('#join-form').hidden = true;
      history.replaceState(null, '', '/g/' + encodeURIComponent(G.id));
      if (res.game) applyState(res.game);
      G.wsRetry = 0;
      connectWs();
      toast(t('join.joined'));
    } catch (err) {
      errBox.textContent = errorText(err);
      errBox.hidden = false;
      if (err.code === 'seat_taken' || err.code === 'no_free_seat') {
        G.joinSeat = null;
        history.replaceState(null, '', '/g/' + encodeURIComponent(G.id));
        renderGame();
      }
    } finally {
      G.joining = false;
      $('#join-submit').disabled = false;
    }
  }

  function renderShare() {
    const g = G.game;
    const token = myToken();
    const box = $('#seat-link-box');
    if (token && holdsSeat()) {
      const seats = mySeats();
      let frag = '#t=' + encodeURIComponent(token);
      if (seats && seats.length) frag += '&s=' + seats.join(',');
      $('#seat-link').value = location.origin + '/g/' + encodeURIComponent(G.id) + frag;
      box.hidden = false;
    } else {
      box.hidden = true;
    }
    const spect = typeof g.spectators === 'number' ? g.spectators : 0;
    $('#spectators').textContent = '';
    $('#spectators').append(icon('eye'), ' ' + tn('game.spectators', spect));
    $('#spectators').dataset.count = String(spect);
    const rec = $('#record-link');
    rec.href = '/api/games/' + encodeURIComponent(G.id) + '/record';
    rec.setAttribute('download', 'quoridor-' + G.id + '.txt');
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
    fm.setAttribute('aria-pressed', G.fenceMode ? 'true' : 'false');
    fm.classList.toggle('active', G.fenceMode);
    $('#fence-rotate').hidden = !(interactive && G.fenceMode && (G.pendingSlot || G.fcursor));
    const pend = interactive && !!G.pendingSlot;
    $('#fence-confirm').hidden = !pend;
    $('#fence-cancel').hidden = !pend;
    if (pend) {
      const v = fenceVerdict(G.pendingSlot);
      $('#fence-confirm').disabled = !v.ok || G.pending;
      $('#fence-confirm').textContent = t('game.place_fence_named', { fence: G.pendingSlot });
    }
    $('#flip').setAttribute('aria-pressed', board.rot ? 'true' : 'false');
    $('#board-help').hidden = !interactive;
  }

  // ------------------------------------------------------------------
  // Board interaction
  // ------------------------------------------------------------------

  function setFenceMode(on) {
    G.fenceMode = !!on;
    if (!on) {
      G.pendingSlot = null;
      G.preview = null;
    } else if (!G.fcursor) {
      const base = G.cursor || myPawnSquare() || { c: 0, r: 0 };
      G.fcursor = { c: Math.min(base.c, board.n - 2), r: Math.min(base.r, board.n - 2), o: 'h' };
    }
    if (G.game && G.active) renderGame();
  }

  function myPawnSquare() {
    const g = G.game;
    if (!g || !g.pawns) return null;
    const seat = g.turn && isMine(g.turn) ? g.turn : (mySeats() || [])[0];
    return seat ? parseSquare(g.pawns[seat]) : null;
  }

  function setPreview(name) {
    if (name === G.preview) return;
    G.preview = name;
    renderPreview();
  }

  // Why a click on the board does nothing: a spectator watches, a player
  // waits for their turn.
  function notYourTurnText() {
    return myToken() && holdsSeat() ? t('err.not_your_turn') : t('err.watching');
  }

  // Why the pawn to move cannot go to `name`, in words: another pawn is
  // there, a fence is in the way, or it is too far (a pawn steps to a
  // neighbouring square, or jumps over a pawn next to it).
  function pawnRefusal(name) {
    const g = G.game;
    const target = parseSquare(name);
    const from = myPawnSquare();
    if (!target || !from) return t('move.not_reachable', { square: name });
    const live = parsePosition(g.position, seatOrder(g));
    const there = Object.entries(live.pawns).find(([, sq]) => sq === name);
    if (there) return t('move.occupied', { square: name, seat: seatLabel(there[0]) });
    const steps = Math.abs(target.c - from.c) + Math.abs(target.r - from.r);
    if (steps === 1) return t('move.fence_between', { square: name });
    return t('move.too_far', { square: name });
  }

  // A new action on the board: messages about the last one go.
  function clearMessages() {
    showError(null);
    if (G.stickyFenceError) {
      G.stickyFenceError = false;
      $('#fence-error').textContent = '';
    }
  }

  function squareClicked(name) {
    if (!myTurn()) {
      if (G.game && G.game.status === 'playing' && isLive()) flashFenceError(notYourTurnText());
      return;
    }
    if (G.pending) return;
    clearMessages();
    if (G.legalPawn.has(name)) {
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
    if (G.pending) return;
    clearMessages();
    const v = fenceVerdict(name);
    if (direct) {
      if (v.ok) playMove(name);
      else {
        G.preview = name;
        renderPreview();
        flashFenceError(verdictText(name, v));
        announce(verdictText(name, v));
      }
      return;
    }
    // Touch: the first tap shows the fence, a second tap on it places it.
    if (G.pendingSlot === name && v.ok) {
      playMove(name);
      return;
    }
    G.pendingSlot = name;
    G.preview = name;
    renderPreview();
    renderTools();
    if (!v.ok) announce(verdictText(name, v));
  }

  function flashFenceError(text) {
    const node = $('#fence-error');
    node.textContent = text;
    G.stickyFenceError = true;
  }

  function initBoard() {
    const svg = $('#board');
    board.svg = svg;
    board.rot = 0;

    svg.addEventListener('pointerdown', (e) => {
      if (e.pointerType !== 'touch' && e.pointerType !== 'pen') return;
      G.touch = { id: e.pointerId, moved: false };
      if (G.fenceMode && myTurn()) {
        const p = svgPoint(e);
        const loc = p ? locate(p.x, p.y) : null;
        const slot = nearestSlot(loc, G.preview && parseFence(G.preview));
        if (slot) setPreview(fenceName(slot));
      }
    });

    svg.addEventListener('pointermove', (e) => {
      if (!G.game || !myTurn()) return;
      const p = svgPoint(e);
      if (!p) return;
      const loc = locate(p.x, p.y);
      const prefer = G.preview && parseFence(G.preview);
      if (e.pointerType === 'touch' || e.pointerType === 'pen') {
        if (G.touch && G.touch.id === e.pointerId && G.fenceMode) {
          G.touch.moved = true;
          const slot = nearestSlot(loc, prefer);
          if (slot) setPreview(fenceName(slot));
        }
        return;
      }
      if (G.pendingSlot) return; // a tapped fence waits for confirmation
      const target = e.target;
      let slot = null;
      if (target.dataset && target.dataset.fence) slot = parseFence(target.dataset.fence);
      else if (G.fenceMode) slot = nearestSlot(loc, prefer);
      else slot = strictSlot(loc, prefer);
      setPreview(slot ? fenceName(slot) : null);
      hoverSquare(slot ? null : target.dataset && target.dataset.square);
    });

    svg.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse' && !G.pendingSlot) {
        setPreview(null);
        hoverSquare(null);
      }
    });

    svg.addEventListener('pointerup', (e) => {
      if (!G.touch || G.touch.id !== e.pointerId) return;
      const touch = G.touch;
      G.touch = null;
      G.suppressClick = true;
      setTimeout(() => { G.suppressClick = false; }, 500);
      if (!G.game) return;
      const p = svgPoint(e);
      const loc = p ? locate(p.x, p.y) : null;
      const prefer = G.preview && parseFence(G.preview);
      let slot = null;
      if (G.fenceMode) slot = touch.moved && G.preview ? parseFence(G.preview) : nearestSlot(loc, prefer);
      else if (e.target.dataset && e.target.dataset.fence) slot = parseFence(e.target.dataset.fence);
      else slot = strictSlot(loc, prefer);
      if (slot) {
        fenceClicked(fenceName(slot), false);
        return;
      }
      const sq = e.target.closest && e.target.closest('[data-square]');
      if (sq) squareClicked(sq.dataset.square);
    });

    svg.addEventListener('click', (e) => {
      if (G.suppressClick) {
        G.suppressClick = false;
        return;
      }
      if (!G.game) return;
      const target = e.target;
      if (target.dataset && target.dataset.fence) {
        fenceClicked(target.dataset.fence, true);
        return;
      }
      const p = e.clientX || e.clientY ? svgPoint(e) : null;
      const loc = p ? locate(p.x, p.y) : null;
      const prefer = G.preview && parseFence(G.preview);
      const sq = target.closest && target.closest('[data-square]');
      if (G.fenceMode && loc) {
        const slot = nearestSlot(loc, prefer);
        if (slot) fenceClicked(fenceName(slot), true);
        return;
      }
      if (sq) {
        squareClicked(sq.dataset.square);
        return;
      }
      const slot = strictSlot(loc, prefer);
      if (slot) fenceClicked(fenceName(slot), true);
    });

    svg.addEventListener('focus', () => {
      board.focused = true;
      if (svg.matches(':focus-visible')) board.kbd = true;
      if (!G.cursor) G.cursor = myPawnSquare() || { c: (board.n - 1) >> 1, r: 0 };
      if (G.game) renderCursor();
    });
    svg.addEventListener('blur', () => {
      board.focused = false;
      if (G.game) renderCursor();
    });
    svg.addEventListener('keydown', (e) => {
      if (!board.kbd && !e.ctrlKey && !e.metaKey && !e.altKey && e.key !== 'Tab' && e.key !== 'Shift') {
        board.kbd = true;
        renderCursor();
      }
      boardKey(e);
    });
    svg.addEventListener('pointerdown', () => {
      if (board.kbd) {
        board.kbd = false;
        renderCursor();
      }
    }, true);

    $('#fence-mode').addEventListener('click', () => setFenceMode(!G.fenceMode));
    $('#fence-rotate').addEventListener('click', () => rotateFence());
    $('#fence-confirm').addEventListener('click', () => {
      if (G.pendingSlot) fenceClicked(G.pendingSlot, true);
    });
    $('#fence-cancel').addEventListener('click', () => {
      G.pendingSlot = null;
      G.preview = null;
      renderGame();
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
    if (name === board.hoverSq && (!name || board.layers.marks.querySelector('.ghost'))) return;
    board.hoverSq = name;
    const L = board.layers;
    const old = L.marks && L.marks.querySelector('.ghost');
    if (old) old.remove();
    if (!name || !myTurn() || !G.legalPawn.has(name)) return;
    const c = centerOf(name);
    L.marks.append(svgEl('circle', { class: 'ghost seat-' + G.game.turn, cx: c.x, cy: c.y, r: 33 }));
  }

  function rotateFence() {
    if (G.pendingSlot) {
      const f = parseFence(G.pendingSlot);
      f.o = f.o === 'h' ? 'v' : 'h';
      G.pendingSlot = fenceName(f);
      G.preview = G.pendingSlot;
      renderGame();
      return;
    }
    if (G.fcursor) {
      G.fcursor.o = G.fcursor.o === 'h' ? 'v' : 'h';
      G.preview = fenceName(G.fcursor);
      renderGame();
      announceCursor();
    }
  }

  function announceCursor() {
    if (G.fenceMode && G.fcursor) {
      const name = fenceName(G.fcursor);
      announce(verdictText(name, fenceVerdict(name)));
      return;
    }
    if (!G.cursor) return;
    const name = sqName(G.cursor.c, G.cursor.r);
    const pos = shownPosition();
    const who = Object.entries(pos.pawns).find(([, sq]) => sq === name);
    let text = name;
    if (who) text += ', ' + t('cursor.pawn', { seat: seatLabel(who[0]) });
    else if (myTurn() && G.legalPawn.has(name)) text += ', ' + t('cursor.legal');
    announce(text);
  }

  function boardKey(e) {
    if (!G.game) return;
    const k = e.key;
    const replayKeys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
    const playing = G.game.status === 'playing' && isLive() && holdsSeat();
    if (!playing && replayKeys.includes(k)) {
      e.preventDefault();
      replayKey(k);
      return;
    }
    const n = board.n;
    // Arrows move on the board as it is drawn (turned or not).
    const dirs = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (dirs[k]) {
      e.preventDefault();
      const [di, dj] = dirs[k];
      const clamp = (x, hi) => Math.max(0, Math.min(hi, x));
      if (G.fenceMode) {
        const v = visualFence(G.fcursor || { c: 0, r: 0, o: 'h' });
        const f = logicalFence(clamp(v.i + di, n - 2), clamp(v.j + dj, n - 2), v.o);
        G.fcursor = f;
        G.pendingSlot = null;
        G.preview = fenceName(f);
        renderPreview();
      } else {
        const c = G.cursor || myPawnSquare() || { c: 0, r: 0 };
        const v = toVisual(c.c, c.r);
        G.cursor = toLogical(clamp(v.i + di, n - 1), clamp(v.j + dj, n - 1));
      }
      renderCursor();
      announceCursor();
      return;
    }
    if (k === 'Enter') {
      e.preventDefault();
      if (G.fenceMode && G.fcursor) fenceClicked(fenceName(G.fcursor), true);
      else if (G.cursor) squareClicked(sqName(G.cursor.c, G.cursor.r));
      return;
    }
    if (k === ' ' || k === 'w' || k === 'W') {
      e.preventDefault();
      if (!myTurn()) return;
      setFenceMode(!G.fenceMode);
      if (G.fenceMode) {
        G.preview = fenceName(G.fcursor);
        renderPreview();
      }
      renderCursor();
      announce(G.fenceMode ? t('fence.mode_on') : t('fence.mode_off'));
      if (G.fenceMode) announceCursor();
      return;
    }
    if ((k === 'r' || k === 'R') && G.fenceMode) {
      e.preventDefault();
      rotateFence();
      return;
    }
    if (k === 'Escape') {
      if (G.fenceMode) {
        e.preventDefault();
        setFenceMode(false);
        announce(t('fence.mode_off'));
      }
    }
  }

  function replayKey(k) {
    const n = (G.game.moves || []).length;
    const cur = G.replay === null ? n : G.replay;
    if (k === 'ArrowLeft') setReplay(cur - 1);
    if (k === 'ArrowRight') setReplay(cur + 1);
    if (k === 'Home') setReplay(0);
    if (k === 'End') setReplay(n);
  }

  function setReplay(k) {
    const n = (G.game.moves || []).length;
    k = Math.max(0, Math.min(n, k));
    G.replay = k >= n ? null : k;
    G.preview = null;
    G.pendingSlot = null;
    renderGame();
    const pos = shownPosition();
    if (G.replay === null) announce(t('replay.live'));
    else announce(replayLabel(k) + (pos.last ? ': ' + moveAnnouncement(pos.last) : ''));
  }

  function initGameControls() {
    $('#undo').addEventListener('click', () => act({ type: 'undo' }, 'POST', '/undo', {}));
    $('#pass').addEventListener('click', () => playMove('pass'));
    $('#hint').addEventListener('click', async () => {
      showError(null);
      $('#hint').disabled = true;
      const text = $('#hint-text');
      text.textContent = t('hint.searching');
      text.hidden = false;
      try {
        const res = await api('GET', '/api/games/' + encodeURIComponent(G.id) + '/hint', undefined, myToken());
        G.hint = { move: res.move, path: res.path || [], score: res.score };
        announce(t('hint.text', { move: res.move }));
      } catch (e) {
        G.hint = null;
        showError(e);
      } finally {
        $('#hint').disabled = false;
        renderGame();
      }
    });
    $('#resign').addEventListener('click', async () => {
      const g = G.game;
      const mine = seatOrder(g).filter((s) => isMine(s) && !(g.out || []).includes(s));
      let seat = null;
      if (mine.length > 1) seat = mine.includes(g.turn) ? g.turn : mine[0];
      const text = seat ? t('confirm.resign_seat', { seat: seatLabel(seat) }) : t('confirm.resign');
      if (!(await confirmDialog(text, t('game.resign')))) return;
      const msg = seat ? { type: 'resign', seat } : { type: 'resign' };
      act(msg, 'POST', '/resign', seat ? { seat } : {});
    });
    $('#draw-offer').addEventListener('click', async () => {
      const g = G.game;
      const text = seatsAreAllMine() && !(g.seats || []).some((s) => s.kind === 'ai') ? t('confirm.draw_agree') : t('confirm.draw');
      if (!(await confirmDialog(text, t('game.draw_offer')))) return;
      G.lastAction = 'draw-offer';
      act({ type: 'draw', action: 'offer' }, 'POST', '/draw', { action: 'offer' });
    });
    $('#abort').addEventListener('click', async () => {
      if (!(await confirmDialog(t('confirm.abort'), t('game.abort')))) return;
      act({ type: 'abort' }, 'POST', '/abort', {});
    });
    $('#draw-accept').addEventListener('click', () => act({ type: 'draw', action: 'accept' }, 'POST', '/draw', { action: 'accept' }));
    $('#draw-decline').addEventListener('click', () => act({ type: 'draw', action: 'decline' }, 'POST', '/draw', { action: 'decline' }));
    const startRematch = async () => {
      $('#rematch').disabled = true;
      try {
        const res = await api('POST', '/api/games/' + encodeURIComponent(G.id) + '/rematch', {}, myToken());
        saveRec(res.id, {
          token: res.token || myToken(),
          seats: Array.isArray(res.seats) ? res.seats : null,
          mode: G.rec && G.rec.mode,
          creator: !G.game.rematch,
          invites: res.invites && Object.keys(res.invites).length ? res.invites : null,
        });
        navigate('/g/' + encodeURIComponent(res.id));
      } catch (e) {
        showError(e);
        $('#rematch').disabled = false;
      }
    };
    $('#rematch').addEventListener('click', startRematch);
    // Joining a rematch someone else made: the same call answers with our seats.
    $('#rematch-go').addEventListener('click', (e) => {
      if (!myToken() || !holdsSeat()) return;
      e.preventDefault();
      e.stopPropagation();
      startRematch();
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
          G.preview = mv;
          renderPreview();
          return;
        }
      } else if (parseSquare(mv) && !G.legalPawn.has(mv)) {
        showError(pawnRefusal(mv));
        return;
      }
      // The text stays until the move is played (a refusal keeps it to fix).
      G.typedMove = mv;
      playMove(mv);
    });
    $('#join-form').addEventListener('submit', submitJoin);
    $('#replay-start').addEventListener('click', () => setReplay(0));
    $('#replay-prev').addEventListener('click', () => {
      const n = (G.game.moves || []).length;
      setReplay((G.replay === null ? n : G.replay) - 1);
    });
    $('#replay-next').addEventListener('click', () => {
      const n = (G.game.moves || []).length;
      setReplay((G.replay === null ? n : G.replay) + 1);
    });
    $('#replay-end').addEventListener('click', () => setReplay((G.game.moves || []).length));
    $('#moves').addEventListener('click', (e) => {
      const b = e.target.closest('[data-ply]');
      if (b) setReplay(Number(b.dataset.ply));
    });

    // ←/→ step through the game when the focus is not in a field or on the
    // board during play.
    document.addEventListener('keydown', (e) => {
      if (!G.active || !G.game || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const tag = (e.target.tagName || '').toLowerCase();
      if (['input', 'select', 'textarea'].includes(tag) || e.target.isContentEditable) return;
      if (e.target === board.svg) return;
      if (['ArrowLeft', 'ArrowRight'].includes(e.key) || (['Home', 'End'].includes(e.key) && !isLive())) {
        if ($('#confirm-dialog').open) return;
        e.preventDefault();
        replayKey(e.key);
      }
    });
  }

  // ------------------------------------------------------------------
  // Language
  // ------------------------------------------------------------------

  function initLang() {
    const sel = $('#lang');
    for (const l of window.I18n.langs) sel.append(el('option', { value: l.code, lang: l.code, text: l.name }));
    sel.value = window.I18n.lang;
    sel.addEventListener('change', () => {
      window.I18n.set(sel.value, true);
    });
    window.I18n.onChange(() => {
      sel.value = window.I18n.lang;
      window.I18n.apply(document);
      if (!$('#home').hidden) {
        refreshHomeForm();
        renderRecent();
        refreshLists();
        document.title = t('title.home');
      }
      if (G.active && G.game) {
        board.key = '';
        $('#turn').dataset.key = '';
        renderGame();
      }
      setConnText();
    });
  }

  function setConnText() {
    const node = $('#conn');
    const state = ['online', 'offline', 'connecting', 'ended'].find((s) => node.classList.contains(s));
    if (state) node.textContent = t('conn.' + state);
  }

  // ------------------------------------------------------------------
  // Start
  // ------------------------------------------------------------------

  function boot() {
    window.I18n.init();
    window.I18n.apply(document);
    initLang();
    initHome();
    initBoard();
    initGameControls();
    route();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
  else boot();

  // Exposed for debugging in the console and for automated tests.
  window.Quoridor = {
    state: G,
    positionAt,
    parsePosition,
    parseFence,
    parseSquare,
    // The fence slot the pointer picks at a client point (null off the grooves).
    slotAt(clientX, clientY, lenient) {
      const p = svgPoint({ clientX, clientY });
      const loc = p ? locate(p.x, p.y) : null;
      const slot = lenient ? nearestSlot(loc, null) : strictSlot(loc, null);
      return slot ? fenceName(slot) : null;
    },
  };
})();
