// @ts-check
// Accounts: /account (log in or sign up; then the account's ratings, its
// games to go back to from any browser, notifications on this device,
// the tokens of programs that play for it, password and deletion), a
// player's public page /@/<name> (ratings per speed, a rating-history
// chart, won/lost/drawn, games) and /leaderboard. The session is an
// HttpOnly cookie: this page never sees it.

import { api } from '../lib/api.js';
import { $, $$, el, svgEl } from '../lib/dom.js';
import { forgetPerson } from '../lib/forget.js';
import { I18n } from '../lib/i18n.js';
import { pushOff, pushOn, pushState } from '../lib/push.js';
import { accountLink, currentAccount, languagePicker, sessionChanged } from '../lib/topbar.js';
import { tokensCard } from './account-tokens.js';
import { botBadge } from '../lib/bot.js';
import { challengeForm, followChallenges, followPlaying, renderChallenges, renderPlaying } from './challenges.js';

const t = (key, params) => I18n.t(key, params);
const SPEEDS = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'];
const COLOURS = { bullet: '#c8372d', blitz: '#2563c9', rapid: '#2f8f46', classical: '#8a5a2b', correspondence: '#6b4fa8' };

function show(id) {
  for (const v of $$('main > .view')) v.hidden = v.id !== id;
}

function fail(box, e) {
  box.hidden = false;
  box.textContent = e.code === 'network' ? t('acc.network') : (e.message || String(e));
}

function date(ms) {
  return new Date(ms).toLocaleDateString(I18n.lang, { year: 'numeric', month: 'short', day: 'numeric' });
}

// ------------------------------------------------------------------
// Ratings, games, the chart: shared by the account and the profile.
// ------------------------------------------------------------------

function ratingCards(box, ratings) {
  box.replaceChildren();
  if (!ratings.length) {
    box.append(el('p', { class: 'hint', text: t('acc.no_rating') }));
    return;
  }
  for (const r of ratings) {
    box.append(el('div', { class: 'card acc-rating', 'data-speed': r.speed }, [
      el('span', { class: 'acc-speed', text: t('acc.speed_' + r.speed) }),
      el('strong', { class: 'acc-value', text: r.rating + (r.provisional ? '?' : '') }),
      el('span', { class: 'hint', text: t(r.games === 1 ? 'acc.rated_game' : 'acc.rated_games', { n: r.games }) }),
    ]));
  }
}

function resultText(g) {
  if (g.result) return t('acc.result_' + g.result);
  return g.ended_ms ? t('acc.aborted') : t('acc.playing');
}

function gamesTable(box, games, append) {
  let table = append ? box.querySelector('table') : null;
  if (!table) {
    box.replaceChildren();
    if (!games.length) {
      box.append(el('p', { class: 'hint', text: t('acc.no_games') }));
      return;
    }
    table = el('table', { class: 'acc-games' }, [
      el('thead', {}, [el('tr', {}, [
        el('th', { text: t('acc.col_result') }), el('th', { text: t('acc.col_opponent') }),
        el('th', { text: t('acc.col_game') }), el('th', { text: t('acc.col_rating') }),
        el('th', { text: t('acc.col_date') }),
      ])]),
      el('tbody'),
    ]);
    box.append(el('div', { class: 'table-scroll' }, [table]));
  }
  const body = table.querySelector('tbody');
  for (const g of games) {
    const opponent = g.opponent_account
      ? el('a', { href: '/@/' + encodeURIComponent(g.opponent_account), text: g.opponent })
      : el('span', { text: g.opponent });
    let change = '';
    if (g.rating_before != null && g.rating_after != null) {
      const d = g.rating_after - g.rating_before;
      change = g.rating_after + ' (' + (d >= 0 ? '+' : '') + d + ')';
    }
    const kind = (g.speed ? t('acc.speed_' + g.speed) : t('acc.untimed')) + ' · ' + (g.rated ? t('acc.rated') : t('acc.casual'));
    // Each cell names its column: on a phone the rows become cards.
    const cell = (key, content) => el('td', { 'data-label': t(key) }, content);
    body.append(el('tr', { class: 'acc-result-' + (g.result || 'none') }, [
      cell('acc.col_result', [el('a', { href: '/g/' + encodeURIComponent(g.id), text: resultText(g) })]),
      cell('acc.col_opponent', [opponent, g.opponent_bot ? [' ', botBadge()] : null]),
      cell('acc.col_game', kind),
      cell('acc.col_rating', change),
      cell('acc.col_date', date(g.started_ms)),
    ]));
  }
}

// A line per speed through the rating after each rated game, on one
// scale; the dots carry their value as a tooltip.
function chart(box, history) {
  // A complete history starts from a new player's 1500.
  const series = history.filter((h) => h.points.length).map((h) => ({
    speed: h.speed,
    points: h.points.length < 200 ? [[null, 1500], ...h.points] : h.points,
  }));
  box.replaceChildren();
  if (!series.length) return false;
  const W = 640, H = 220, L = 48, R = 12, T = 12, B = 28;
  const values = series.flatMap((s) => s.points.map((p) => p[1]));
  let lo = Math.min(...values), hi = Math.max(...values);
  if (hi - lo < 100) { const mid = (hi + lo) / 2; lo = mid - 50; hi = mid + 50; }
  const most = Math.max(...series.map((s) => s.points.length));
  const x = (i, n) => L + (n <= 1 ? (W - L - R) / 2 : i * (W - L - R) / (most - 1));
  const y = (v) => T + (hi - v) * (H - T - B) / (hi - lo);
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, class: 'acc-chart-svg', role: 'img', 'aria-label': t('acc.history') });
  for (const v of [lo, (lo + hi) / 2, hi]) {
    svg.append(svgEl('line', { x1: L, x2: W - R, y1: y(v), y2: y(v), class: 'acc-grid' }));
    const label = svgEl('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'acc-axis' });
    label.textContent = String(Math.round(v));
    svg.append(label);
  }
  for (const s of series) {
    const n = s.points.length;
    const pts = s.points.map((p, i) => `${x(i, n).toFixed(1)},${y(p[1]).toFixed(1)}`).join(' ');
    svg.append(svgEl('polyline', { points: pts, fill: 'none', stroke: COLOURS[s.speed], 'stroke-width': 2.5, 'data-speed': s.speed }));
    s.points.forEach((p, i) => {
      const dot = svgEl('circle', { cx: x(i, n), cy: y(p[1]), r: 3.5, fill: COLOURS[s.speed] });
      const tip = svgEl('title');
      tip.textContent = `${t('acc.speed_' + s.speed)}: ${p[1]} · ${p[0] === null ? t('acc.start') : date(p[0])}`;
      dot.append(tip);
      svg.append(dot);
    });
  }
  const legend = el('p', { class: 'acc-legend' }, series.map((s) =>
    el('span', { style: `color:${COLOURS[s.speed]}`, text: '● ' + t('acc.speed_' + s.speed) })));
  box.append(svg, legend);
  return true;
}

// ------------------------------------------------------------------
// /account
// ------------------------------------------------------------------

let signingUp = false;

function authView() {
  show('acc-auth');
  const setMode = (up) => {
    signingUp = up;
    $('#tab-login').setAttribute('aria-selected', String(!up));
    $('#tab-signup').setAttribute('aria-selected', String(up));
    $('#auth-title').textContent = t(up ? 'acc.signup_title' : 'acc.login_title');
    $('#auth-go').textContent = t(up ? 'acc.signup' : 'acc.login');
    $('#auth-rules').hidden = !up;
    $('#auth-password').autocomplete = up ? 'new-password' : 'current-password';
    $('#auth-error').hidden = true;
  };
  $('#tab-login').onclick = () => setMode(false);
  $('#tab-signup').onclick = () => setMode(true);
  setMode(new URLSearchParams(location.search).has('signup'));
  $('#auth-form').onsubmit = async (ev) => {
    ev.preventDefault();
    const body = { name: $('#auth-name').value.trim(), password: $('#auth-password').value };
    $('#auth-go').disabled = true;
    try {
      await api('POST', signingUp ? '/api/account/signup' : '/api/account/login', body);
      sessionChanged();
      const back = new URLSearchParams(location.search).get('back');
      if (back && back.startsWith('/') && !back.startsWith('//')) location.href = back;
      else await route();
      accountLink();
    } catch (e) {
      fail($('#auth-error'), e);
    } finally {
      $('#auth-go').disabled = false;
    }
  };
}

async function homeView(me) {
  show('acc-home');
  $('#home-title').textContent = t('acc.hello', { name: me.name });
  $('#home-profile').href = '/@/' + encodeURIComponent(me.name);
  ratingCards($('#home-ratings'), me.ratings);
  // Games in progress, yours to move first; challenges live.
  const playing = async () => renderPlaying($('#home-playing'), await api('GET', '/api/account/playing'));
  await playing();
  challengeForm($('#home-challenge-form'), null);
  followChallenges((lists) => {
    renderChallenges($('#home-challenges'), lists, me.name);
    playing().catch(() => {});
  });
  followPlaying(() => { playing().catch(() => {}); });
  const games = await api('GET', '/api/account/games?limit=50');
  gamesTable($('#home-games'), games.games);
  pushCard(me.name);
  tokensCard(me);
  $('#logout').onclick = async () => {
    // This device stops telling this account's news before it leaves.
    await pushOff().catch(() => {});
    // The classes kept in the account open again wherever it logs in:
    // their keys leave this browser with everything else of this person.
    const kept = await api('GET', '/api/classes/mine').catch(() => []);
    await api('POST', '/api/account/logout', {});
    forgetPerson(kept.map((c) => c.id));
    sessionChanged();
    accountLink();
    route();
  };
  $('#password-form').onsubmit = async (ev) => {
    ev.preventDefault();
    const msg = $('#pw-msg');
    try {
      await api('POST', '/api/account/password', { old: $('#pw-old').value, new: $('#pw-new').value });
      msg.textContent = t('acc.password_changed');
      $('#pw-old').value = '';
      $('#pw-new').value = '';
    } catch (e) {
      msg.textContent = e.message;
    }
    msg.hidden = false;
  };
  $('#delete-form').onsubmit = async (ev) => {
    ev.preventDefault();
    if (!window.confirm(t('acc.delete_confirm', { name: me.name }))) return;
    try {
      await api('POST', '/api/account/delete', { password: $('#del-password').value });
      accountLink();
      route();
    } catch (e) {
      fail($('#del-msg'), e);
    }
  };
}

/**
 * The notifications card: where they stand on this device, and the
 * button that turns them on or off.
 * @param {string} account
 */
function pushCard(account) {
  const state = $('#push-state');
  const button = /** @type {HTMLButtonElement} */ ($('#push-toggle'));
  /** @param {import('../lib/push.js').PushState} now */
  const show = (now) => {
    state.textContent = t('push.' + now);
    button.hidden = now === 'unsupported';
    button.textContent = t(now === 'on' ? 'push.turn_off' : 'push.turn_on');
    button.dataset.state = now;
    button.disabled = false;
  };
  const failed = () => {
    state.textContent = t('push.failed');
    button.disabled = false;
  };
  button.onclick = async () => {
    button.disabled = true;
    try {
      show(button.dataset.state === 'on' ? await pushOff() : await pushOn(account));
    } catch (_) {
      failed();
    }
  };
  pushState(account).then(show, () => show('off'));
}

// ------------------------------------------------------------------
// /@/<name> and /leaderboard
// ------------------------------------------------------------------

async function profileView(name) {
  show('acc-profile');
  let p;
  try {
    p = await api('GET', '/api/players/' + encodeURIComponent(name));
  } catch (e) {
    $('#profile-title').textContent = e.status === 404 ? t('acc.no_player', { name }) : e.message;
    return;
  }
  document.title = 'Quoridor — ' + p.name;
  $('#profile-title').replaceChildren(p.name, ...(p.bot ? [' ', botBadge()] : []));
  $('#profile-since').textContent = t('acc.since', { date: date(p.created_ms) });
  ratingCards($('#profile-ratings'), p.ratings);
  $('#profile-chart-box').hidden = !chart($('#profile-chart'), p.history);
  $('#profile-record').textContent = t('acc.record', p.record);
  gamesTable($('#profile-games'), p.games);
  blockButton(p.name);
  challengeBox(p.name);
  const base = '/api/players/' + encodeURIComponent(p.name);
  let before = p.games.length >= 25 ? p.games[p.games.length - 1].started_ms : null;
  const more = $('#profile-more');
  more.hidden = before == null;
  more.onclick = async () => {
    const page = await api('GET', base + '/games?' + filterQuery({ before: String(before) }));
    gamesTable($('#profile-games'), page.games, true);
    before = page.next_before;
    more.hidden = before == null;
  };
  // The filters: the list again from its newest, and the records to
  // download are those kept.
  fillFilters();
  const records = /** @type {HTMLAnchorElement} */ ($('#profile-records'));
  records.href = base + '/records';
  let asked = 0;
  // A choice in a list (change) or a letter typed (input): the last asked wins.
  const filtered = async () => {
    const mine = ++asked;
    records.href = base + '/records?' + filterQuery({});
    try {
      const page = await api('GET', base + '/games?' + filterQuery({}));
      if (mine !== asked) return;
      gamesTable($('#profile-games'), page.games);
      before = page.next_before;
      more.hidden = before == null;
    } catch (e) {
      fail($('#profile-games'), e);
    }
  };
  const form = $('#profile-filters');
  form.onchange = filtered;
  form.oninput = filtered;
  form.onsubmit = (ev) => ev.preventDefault();
}

/** The filters' choices (none chosen: every game). */
function fillFilters() {
  const fill = (id, options) => {
    const select = /** @type {HTMLSelectElement} */ ($(id));
    const chosen = select.value;
    select.replaceChildren(...options.map(([value, key]) => el('option', { value, text: t(key) })));
    select.value = chosen;
  };
  fill('#filter-speed', [['', 'acc.filter_any'], ...SPEEDS.map((s) => [s, 'acc.speed_' + s])]);
  fill('#filter-rated', [['', 'acc.filter_any'], ['true', 'acc.rated'], ['false', 'acc.casual']]);
  fill('#filter-result', [['', 'acc.filter_any'], ['win', 'acc.filter_won'], ['loss', 'acc.filter_lost'], ['draw', 'acc.filter_drawn']]);
}

/** The query of the filters chosen, with `extra`. @param {Record<string, string>} extra */
function filterQuery(extra) {
  const q = new URLSearchParams(extra);
  const pick = (id, name) => {
    const value = /** @type {HTMLInputElement} */ ($(id)).value.trim();
    if (value) q.set(name, value);
  };
  pick('#filter-speed', 'speed');
  pick('#filter-rated', 'rated');
  pick('#filter-result', 'result');
  pick('#filter-opponent', 'opponent');
  return q.toString();
}

// Logged in, on another player's page: block (their chat lines are no
// longer shown to you) or unblock them.
async function blockButton(name) {
  const button = $('#profile-block');
  button.hidden = true;
  let me;
  let blocked;
  try {
    me = await currentAccount();
    if (!me) return;
    blocked = (await api('GET', '/api/account/blocks')).names;
  } catch (_) {
    return;
  }
  if (me.name.toLowerCase() === name.toLowerCase()) return;
  const isBlocked = blocked.some((n) => n.toLowerCase() === name.toLowerCase());
  button.textContent = t(isBlocked ? 'acc.unblock' : 'acc.block');
  button.hidden = false;
  button.onclick = async () => {
    await api('POST', isBlocked ? '/api/account/blocks/remove' : '/api/account/blocks', { name });
    blockButton(name);
  };
}

// Logged in, on another player's page: challenge them. A visitor is
// asked to log in first.
async function challengeBox(name) {
  const box = $('#profile-challenge');
  box.replaceChildren();
  let me = null;
  try {
    me = await currentAccount();
  } catch (_) {
    return;
  }
  if (!me) {
    box.append(el('p', {}, el('a', { href: '/account?back=' + encodeURIComponent(location.pathname), text: t('ch.login', { name }) })));
    return;
  }
  if (me.name.toLowerCase() === name.toLowerCase()) return;
  challengeForm(box, name);
}

async function boardView() {
  show('acc-board');
  const tabs = $('#board-tabs');
  const pick = async (speed) => {
    for (const b of tabs.children) b.setAttribute('aria-selected', String(b.dataset.speed === speed));
    const board = await api('GET', '/api/leaderboard/' + speed);
    const box = $('#board-table');
    box.replaceChildren();
    if (!board.players.length) {
      box.append(el('p', { class: 'hint', text: t('acc.board_empty') }));
      return;
    }
    box.append(el('table', { class: 'acc-games' }, [
      el('thead', {}, [el('tr', {}, [
        el('th', { text: '#' }), el('th', { text: t('acc.name') }),
        el('th', { text: t('acc.col_rating') }), el('th', { text: t('acc.col_games') }),
      ])]),
      el('tbody', {}, board.players.map((p) => el('tr', {}, [
        el('td', { text: String(p.rank) }),
        el('td', {}, [el('a', { href: '/@/' + encodeURIComponent(p.name), text: p.name }), p.bot ? [' ', botBadge()] : null]),
        el('td', { text: String(p.rating) }),
        el('td', { text: String(p.games) }),
      ]))),
    ]));
  };
  tabs.replaceChildren(...SPEEDS.map((s) => {
    const b = el('button', { type: 'button', class: 'btn small', role: 'tab', text: t('acc.speed_' + s) });
    b.dataset.speed = s;
    b.onclick = () => pick(s);
    return b;
  }));
  await pick(new URLSearchParams(location.search).get('speed') || 'blitz');
}

async function route() {
  const path = location.pathname;
  try {
    if (path.startsWith('/@/')) return await profileView(decodeURIComponent(path.slice(3)));
    if (path === '/leaderboard') return await boardView();
    const me = (await api('GET', '/api/account/session')).account;
    if (me) await homeView(me);
    else authView();
  } catch (e) {
    fail($('#acc-error'), e);
  }
}

document.addEventListener('DOMContentLoaded', async () => {
  await languagePicker(() => route());
  accountLink();
  route();
});
