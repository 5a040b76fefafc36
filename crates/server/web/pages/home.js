// @ts-check
// The home page: the forms that start a game (against the AI, on this
// screen, online), the open and live games, and this browser's recent ones.

import { api } from '../lib/api.js';
import { $, el } from '../lib/dom.js';
import { I18n } from '../lib/i18n.js';
import { SEATS2, SEATS4 } from '../lib/position.js';
import { isDeviceClock } from '../lib/local-game.js';
import { store } from '../lib/store.js';
import { accountLink, currentAccount } from '../lib/topbar.js';
import { followChallenges, followPlaying, renderPlaying } from './challenges.js';
import { createLocal, forgetLocal, isLocal } from './game/local.js';
import { navigate } from './nav.js';
import { GAME_PREFIX, allRecs, errorText, formatClockSetting, gameLabel, loadRec, playerName, saveRec, seatLabel, session, show, t, tn } from './ui.js';

// ------------------------------------------------------------------
// Home page
// ------------------------------------------------------------------

const home = { timer: 0, onlineChoice: {} };

function clockFromSelect(value) {
  if (!value || value === 'none') return null;
  const days = /^d(\d+)$/.exec(value);
  if (days) return { per_move_ms: Number(days[1]) * 86400000 };
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
    const sel = /** @type {HTMLSelectElement} */ (el('select', { id, 'data-seat': seat }));
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
  /** @typedef {{kind: string, mine?: boolean, name?: string, level?: number}} SeatSpec */
  // A logged-in player is named by the account, on the device too (the
  // server names an online seat so itself).
  const account = s.name ? null : await currentAccount().catch(() => null);
  /** @type {SeatSpec} */
  const me = { kind: 'human', mine: true, name: s.name || (account && account.name) || undefined };
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
  // Against the computer or on one screen, with no clock or one the
  // device keeps (not a turn-based game's days): the game is played on
  // this device (the engine in the page), with no server.
  if (mode !== 'online' && (!s.clock || isDeviceClock(s.clock)) && await playHere(s, seatSpecs, random, mode)) return;
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

/**
 * Starts a game on this device; false where the browser cannot run the
 * engine (the server then plays it).
 * @param {ReturnType<typeof homeSettings>} s
 * @param {{kind: string, mine?: boolean, name?: string, level?: number}[]} specs
 * @param {boolean} random whether the seats are drawn
 * @param {string} mode
 */
async function playHere(s, specs, random, mode) {
  const seats = specs.map((x) => ({ kind: x.kind === 'ai' ? /** @type {const} */ ('ai') : /** @type {const} */ ('human'), name: x.name, level: x.level }));
  if (random) {
    for (let i = seats.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [seats[i], seats[j]] = [seats[j], seats[i]];
    }
  }
  const clock = isDeviceClock(s.clock) ? s.clock : null;
  const record = await createLocal({ size: s.size, players: s.players, variant: s.variant, fences: s.fences, theme: s.theme, clock }, seats);
  if (!record) return false;
  const names = record.seats.map((x) => ({ seat: x.seat, name: x.name, kind: x.kind, level: x.level }));
  saveRec(record.id, {
    token: 'local',
    seats: record.seats.filter((x) => x.kind === 'human').map((x) => x.seat),
    creator: true,
    mode,
    label: { size: s.size, variant: s.variant, clock, seats: names, names: names.map((x) => x.name) },
    status: 'playing',
    started: record.created_ms,
  });
  navigate('/g/' + encodeURIComponent(record.id));
  return true;
}

// A short text for a game in the lists: size, variant, clock.
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

/**
 * How this browser's recent games stand on the server (by id), asked when
 * the home page opens: a game may have ended since it was last looked at.
 * @type {Map<string, {status: string, created_ms: number, result: any}>}
 */
const standing = new Map();

function recentRecs() {
  return allRecs().filter((r) => r.token || r.label).slice(0, 12);
}

async function askStanding() {
  // The games of this device are not the server's.
  const ids = recentRecs().map((r) => r.id).filter((id) => !isLocal(id));
  if (!ids.length) return;
  try {
    const res = await api('GET', '/api/games/status?ids=' + ids.map(encodeURIComponent).join(','));
    for (const g of res.games) {
      standing.set(g.id, g);
      // Kept for the next visit, without counting as a visit.
      const rec = loadRec(g.id);
      if (rec && rec.status !== g.status) store.set(GAME_PREFIX + g.id, Object.assign(rec, { status: g.status }));
    }
    renderRecent();
  } catch (_) { /* offline: as this browser last saw them */ }
}

/**
 * A finished game's result in a few words: who won, a draw, or aborted.
 * @param {any} game
 */
function outcomeText(game) {
  const result = game.result;
  if (result.termination === 'aborted') return t('status.aborted');
  if (result.draw) return t('list.drawn');
  const names = (result.winners || []).map((seat) => playerName(game, seat));
  return names.length ? t('list.won_by', { name: names.join(t('common.and')) }) : t('status.over');
}

function renderRecent() {
  const box = $('#recent-games');
  box.textContent = '';
  const recs = recentRecs();
  if (!recs.length) {
    box.append(el('li', { class: 'empty', text: t('list.no_recent') }));
    return;
  }
  for (const r of recs) {
    const label = r.label || {};
    const shownNames = label.seats ? label.seats.map((s) => playerName({ seats: label.seats }, s.seat)) : label.names || [];
    const names = shownNames.join(' – ') || r.id;
    const known = standing.get(r.id);
    const status = known ? known.status : r.status;
    const statusText = known && known.result ? outcomeText(known) : status ? t('status.' + status) : '';
    // When it was played (started), not when this browser last looked; the
    // month in words, read the same way in every language.
    const started = known ? known.created_ms : r.started || r.t;
    const when = started ? new Date(started).toLocaleString(I18n.lang, { dateStyle: 'medium', timeStyle: 'short' }) : '';
    const meta = [labelMeta(label), statusText, when].filter(Boolean).join(' · ');
    const remove = el('button', {
      type: 'button', class: 'btn small ghost', 'aria-label': t('list.forget', { names }), title: t('list.forget', { names }),
      onclick: () => {
        store.remove(GAME_PREFIX + r.id);
        if (isLocal(r.id)) forgetLocal(r.id);
        renderRecent();
      },
    }, '✕');
    box.append(el('li', { class: 'game-item', 'data-recent': r.id },
      el('span', { class: 'gi-size', 'aria-hidden': 'true', text: label.size || '?' }),
      el('span', { class: 'gi-main' },
        el('span', { class: 'gi-names', text: names }),
        el('span', { class: 'gi-meta', text: meta })),
      el('a', { class: 'btn small' + (status === 'over' ? '' : ' primary'), href: '/g/' + encodeURIComponent(r.id), 'data-nav': true,
        text: status === 'over' ? t('list.view') : t('list.resume') }),
      remove));
  }
}

// Logged in: your games in progress, those where it is your turn first
// (turn-based ones wait for you here; a challenge accepted while you were
// away is here too), and the challenges waiting for an answer.
async function renderYourTurn() {
  if (!session.account) return;
  try {
    const [games, lists] = await Promise.all([api('GET', '/api/account/playing'), api('GET', '/api/challenges')]);
    const shown = renderPlaying($('#your-turn'), games);
    const n = lists.incoming.length;
    const waiting = $('#challenges-waiting');
    waiting.hidden = n === 0;
    waiting.replaceChildren(el('span', { text: n === 1 ? t('ch.waiting_one') : t('ch.waiting_many', { n }) }), ' ',
      el('a', { class: 'btn small primary', href: '/account', text: t('ch.see') }));
    $('#your-turn').hidden = shown === 0 && n > 0;
    $('#your-turn-card').hidden = shown === 0 && n === 0;
  } catch (_) { /* offline, or logged out meanwhile */ }
}

/** How many of the home page's 8 s ticks between two askings of "your turn" (its times left). */
const YOUR_TURN_TICKS = 8;

function enterHome() {
  document.title = t('title.home');
  show($('#home'), true);
  show($('#game'), false);
  refreshHomeForm();
  renderRecent();
  askStanding();
  refreshLists();
  renderYourTurn();
  clearInterval(home.timer);
  // The open and live games of everyone: asked again every 8 s. Your own
  // games are told by the challenges' socket when they move on; their
  // time left is asked again each minute.
  let ticks = 0;
  home.timer = setInterval(() => {
    if (!document.hidden) {
      refreshLists();
      if (++ticks % YOUR_TURN_TICKS === 0) renderYourTurn();
    }
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
  accountLink().then((me) => {
    if (!me) return;
    session.account = me;
    $('#rated-row').hidden = false;
    renderYourTurn();
    // Live: a challenge for you shows at once, and one of yours accepted
    // opens its game unless you are playing another here.
    followChallenges(() => renderYourTurn(), () => !$('#home').hidden);
    followPlaying(() => { if (!$('#home').hidden) renderYourTurn(); });
    const joinName = $('#join-name');
    joinName.value = me.name;
    joinName.readOnly = true;
  });
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

export {
  enterHome,
  home,
  initHome,
  leaveHome,
  refreshHomeForm,
  refreshLists,
  renderRecent,
};
