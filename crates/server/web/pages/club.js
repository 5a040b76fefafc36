// @ts-check
// Class and club: a pupil joins with the code on the board (/join) and
// finds their exercises and games (./club/pupil.js); the teacher's
// dashboard (/class) with every board live; a tournament's page (/t/<id>,
// ./club/tournament.js) with its pairings and standings, printable. Everything live comes over one
// WebSocket per page, which reconnects by itself (a tablet that went to
// sleep comes back to the same seat: its token is kept in this browser).
//
// A pupil who left, or who is on another tablet, comes back with their
// login card (typed, or its QR code scanned: /join#card=…).
//
// localStorage: quoridor.club.pupil = {id, token, name, code} (the class
// or tournament joined), quoridor.club.classes = [{id, code, name, token}]
// (the teacher's classes on this device), quoridor.club.cups = {id: token}.

import { download, imageUrl } from '../lib/api.js';
import { learnContent, learnItem } from '../lib/assignment.js';
import { $, $$, el } from '../lib/dom.js';
import { I18n } from '../lib/i18n.js';
import { store } from '../lib/store.js';
import { currentAccount, languagePicker } from '../lib/topbar.js';
import { chatPanel } from './club/chat.js';
import { tournamentPage } from './club/tournament.js';
import { pictureRow } from './club/pictures.js';
import { itemHead, pupilSheet, workCell } from './club/pupil-sheet.js';
import { progressParts } from './club/progress.js';
import { cardText, rosterTab } from './club/roster.js';
import { joinView, pupilRec } from './club/pupil.js';
import { api, boardCard, dayWords, live, showError, showView } from './club/shared.js';

const t = (key, params) => I18n.t(key, params);

// ------------------------------------------------------------------
// The teacher.
// ------------------------------------------------------------------

function myClasses() {
  return store.get('quoridor.club.classes', []);
}

function saveClass(rec) {
  const list = myClasses().filter((c) => c.id !== rec.id);
  list.unshift(rec);
  store.set('quoridor.club.classes', list.slice(0, 30));
}

function teacherStart() {
  const hash = location.hash.slice(1);
  const rec = myClasses().find((c) => c.id === hash);
  if (rec) {
    dashboard(rec);
    return;
  }
  showView('club-start');
  document.title = t('club.start_title');
  $('#new-class-lang').value = I18n.lang;
  const list = myClasses().map((c) => el('li', {}, el('a', { class: 'btn', href: '/class#' + encodeURIComponent(c.id), text: c.name + ' · ' + c.code })));
  $('#my-classes').replaceChildren(...(list.length ? list : [el('li', { class: 'hint', text: t('club.none_yet') })]));
  accountClasses();
  const err = $('#start-error');
  $('#new-class-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.hidden = true;
    const body = { name: $('#new-class-name').value, lang: $('#new-class-lang').value };
    const pin = $('#new-class-pin').value.trim();
    if (pin) body.pin = pin;
    try {
      const key = await api('POST', '/api/classes', body);
      saveClass({ id: key.id, code: key.code, token: key.token, name: body.name });
      location.hash = key.id;
    } catch (e) {
      showError(err, e);
    }
  });
  $('#open-class-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.hidden = true;
    try {
      const key = await api('POST', '/api/classes/open', { code: $('#open-code').value, pin: $('#open-pin').value });
      saveClass({ id: key.id, code: key.code, token: key.token, name: key.code });
      location.hash = key.id;
    } catch (e) {
      // The server's words are English: say these in the page's language.
      const said = { wrong_pin: 'club.err_pin', rate_limited: 'club.err_pin_wait' }[e.code];
      showError(err, said ? { message: t(said) } : e);
    }
  });
  tournamentForm($('#club-cup-slot'), null, 9, (e) => showError(err, e));
}

// The classes kept in the teacher's account, when logged in: opened on
// this device without the PIN (a new teacher screen for it).
async function accountClasses() {
  /** @type {{id: string, code: string, name: string, pupils: number}[]} */
  let owned;
  try {
    owned = await api('GET', '/api/classes/mine');
  } catch (e) {
    $('#account-hint').hidden = e.status !== 401;
    return;
  }
  $('#account-classes-box').hidden = false;
  $('#account-classes').replaceChildren(...(owned.length ? owned.map((c) => el('li', {},
    el('button', { type: 'button', class: 'btn', text: c.name + ' · ' + c.code + ' · ' + I18n.tn('club.pupils_n', c.pupils), onclick: () => openOwned(c) }))) : [el('li', { class: 'hint', text: t('club.none_yet') })]));
}

/** @param {{id: string, code: string, name: string}} c */
async function openOwned(c) {
  if (!myClasses().some((x) => x.id === c.id)) {
    try {
      const key = await api('POST', '/api/classes/' + encodeURIComponent(c.id) + '/teacher', {});
      saveClass({ id: key.id, code: key.code, token: key.token, name: c.name });
    } catch (e) {
      showError($('#start-error'), e);
      return;
    }
  }
  location.hash = c.id;
}

// The new tournament's form (from its template) in `slot`: for the class
// `classId` (its pupils play), or a club's (players join with the code).
function tournamentForm(slot, classId, size, fail) {
  const form = $('#cup-form-template').content.firstElementChild.cloneNode(true);
  I18n.apply(form);
  form.elements.size.value = String(size);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const f = form.elements;
    const [initial, inc] = f.clock.value.split('+').map(Number);
    const ai = Math.max(0, Math.min(8, Number(f.ai.value) || 0));
    const body = {
      name: f.name.value,
      format: f.format.value,
      size: Number(f.size.value),
      clock: { initial_ms: initial, increment_ms: inc },
      ai: Array.from({ length: ai }, () => Number(f.level.value)),
    };
    if (body.format === 'swiss') body.rounds = Number(f.rounds.value) || 3;
    if (classId) body.class = classId;
    try {
      const key = await api('POST', '/api/tournaments', body, classId ? D.rec.token : undefined);
      rememberTournament(key);
      if (classId) window.open('/t/' + encodeURIComponent(key.id), '_blank');
      else location.href = '/t/' + encodeURIComponent(key.id);
    } catch (e) {
      fail(e);
    }
  });
  slot.replaceChildren(form);
}

function rememberTournament(key) {
  store.set('quoridor.club.cups', Object.assign(store.get('quoridor.club.cups', {}), { [key.id]: { token: key.token, organiser: true } }));
}

/**
 * The dashboard's state: the class this browser opened (its record, set by
 * `dashboard()` before anything reads it), its last view, the tab shown and
 * the pupils ticked, whether it fills the whiteboard, whether a teacher
 * is logged in here, the chat panel.
 * The login-card codes shown on the Pupils tab (hidden until asked).
 * The pupil whose page is open (`sheet`), with their progress card once fetched.
 * @type {{rec: {id: string, token: string, name?: string}, view: import('../lib/views.js').ClassView | null, tab: string, ticked: Set<number>, cardsShown: Set<number>, whiteboard: boolean, loggedIn: boolean, chat: {render: (v: import('../lib/views.js').ClassView) => void} | null, roster: {render: (v: import('../lib/views.js').ClassView) => void} | null, sheet: {pupil: number, progress: Element | null} | null}}
 */
const D = { rec: /** @type {any} */ (null), view: null, tab: 'boards', ticked: new Set(), cardsShown: new Set(), whiteboard: false, loggedIn: false, chat: null, roster: null, sheet: null };

function dashboard(rec) {
  D.rec = rec;
  showView('club-dashboard');
  for (const b of $$('.club-tab')) {
    b.addEventListener('click', () => {
      D.tab = b.dataset.tab;
      for (const x of $$('.club-tab')) x.setAttribute('aria-selected', String(x === b));
      for (const p of $$('.club-pane')) p.hidden = p.dataset.pane !== D.tab;
      if (D.tab === 'progress') showProgress();
    });
  }
  $('#dash-xlsx').onclick = async (ev) => {
    ev.preventDefault();
    try {
      await download('/api/classes/' + encodeURIComponent(rec.id) + '/results.xlsx', rec.token, 'results.xlsx');
    } catch (e) {
      dashError(e);
    }
  };
  $('#dash-progress-csv').onclick = async (ev) => {
    ev.preventDefault();
    try {
      await download('/api/classes/' + encodeURIComponent(rec.id) + '/progress.csv', rec.token, 'progress.csv');
    } catch (e) {
      dashError(e);
    }
  };
  $('#games-pair').addEventListener('change', () => { $('#games-ai-box').hidden = $('#games-pair').value !== 'ai'; });
  $('#games-form').addEventListener('submit', (ev) => { ev.preventDefault(); startGames(); });
  $('#assign-form').addEventListener('submit', (ev) => { ev.preventDefault(); assign(); });
  $('#assign-kind').addEventListener('change', showAssignFields);
  $('#group-form').addEventListener('submit', (ev) => { ev.preventDefault(); makeGroup(); });
  D.roster = rosterTab(D, {
    call: (method, rest, body) => api(method, '/api/classes/' + encodeURIComponent(rec.id) + rest, body, rec.token),
    shown: renderDashboard,
    onError: dashError,
    openSheet: openPupilSheet,
  });
  tournamentForm($('#dash-cup-slot'), rec.id, 5, dashError);
  D.chat = chatPanel({
    box: $('#dash-chat'), toggle: $('#dash-chat-on'), list: $('#dash-chat-lines'),
    clear: $('#dash-chat-clear'), empty: $('#dash-chat-empty'),
  }, {
    api: (method, path, body) => api(method, path, body, rec.token),
    path: '/api/classes/' + encodeURIComponent(rec.id) + '/chat',
    onError: dashError,
    confirm: (text) => window.confirm(text),
  });
  $('#pupil-sheet').addEventListener('close', () => { D.sheet = null; });
  $('#dash-delete').addEventListener('click', deleteClass);
  $('#dash-next-year').addEventListener('click', nextYear);
  // The QR code holds the class's code: asked with the teacher's key.
  imageUrl('/api/classes/' + encodeURIComponent(rec.id) + '/qr.svg', rec.token).then((src) => {
    $('#dash-qr').src = src;
    $('#wb-qr').src = src;
  }).catch(() => {});
  $('#dash-cards').href = '/class?cards=' + encodeURIComponent(rec.id);
  $('#wb-qr').alt = t('club.qr');
  $('#dash-whiteboard').onclick = () => whiteboard(true);
  $('#wb-leave').onclick = () => whiteboard(false);
  $('#wb-full').onclick = () => {
    const full = document.fullscreenElement;
    (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {});
  };
  // Logged in: a class not in the account yet can be kept there.
  currentAccount().then((me) => { D.loggedIn = !!me; if (D.view) renderDashboard(D.view); });
  $('#dash-keep').onclick = async () => {
    try {
      await api('POST', '/api/classes/' + encodeURIComponent(rec.id) + '/account', {}, rec.token);
      $('#dash-keep').hidden = true;
    } catch (e) {
      dashError(e);
    }
  };
  // /class?view=whiteboard#ID opens the whiteboard screen at once.
  if (new URLSearchParams(location.search).get('view') === 'whiteboard') whiteboard(true);
  $('#dash-qr').alt = t('club.qr');
  // The teacher's token goes as a header, never in the link.
  $('#dash-csv').href = '#';
  $('#dash-csv').onclick = async (ev) => {
    ev.preventDefault();
    try {
      await download('/api/classes/' + encodeURIComponent(rec.id) + '/results.csv', rec.token, 'results.csv');
    } catch (e) {
      dashError(e);
    }
  };
  live('/api/classes/' + encodeURIComponent(rec.id) + '/live', rec.token,
    (msg) => { if (msg.type === 'class') renderDashboard(msg.class); },
    (up) => { $('#dash-status').textContent = $('#wb-status').textContent = up ? t('club.live') : t('club.reconnecting'); });
}

// The whiteboard view on or off; the address says which, so that the
// whiteboard's browser reopens it.
function whiteboard(on) {
  D.whiteboard = on;
  showView(on ? 'club-whiteboard' : 'club-dashboard');
  document.body.classList.toggle('club-wb-on', on);
  const url = new URL(location.href);
  if (on) url.searchParams.set('view', 'whiteboard');
  else url.searchParams.delete('view');
  history.replaceState(null, '', url.pathname + url.search + url.hash);
  if (D.view) renderWhiteboard(D.view);
}

/** @param {import('../lib/views.js').ClassView} v */
function renderWhiteboard(v) {
  $('#wb-title').textContent = v.name;
  $('#wb-url').textContent = v.join_url.replace(/^https?:\/\//, '').replace(/[?#].*$/, '');
  $('#wb-code').textContent = v.code;
  // Who is here, never anyone's score: the whiteboard is seen by the class.
  $('#wb-pupils').replaceChildren(...v.pupils.map((p) => el('li', { class: 'club-pupil-chip' + (p.online ? ' online' : '') },
    el('span', { class: 'club-dot', 'aria-label': p.online ? t('club.online') : t('club.offline') }), ' ', p.name)));
  const boards = v.games.map((g) => boardCard(g.board, { href: '/g/' + encodeURIComponent(g.board.id), target: '_blank' }));
  $('#wb-boards').replaceChildren(...(boards.length ? boards : [el('p', { class: 'club-wb-empty', text: t('club.no_boards') })]));
}

function dashError(e) {
  $('#dash-status').textContent = e.message;
  window.alert(e.message);
}

/** @param {import('../lib/views.js').ClassView} v */
function renderDashboard(v) {
  D.view = v;
  if (D.rec.name !== v.name) saveClass(Object.assign(D.rec, { name: v.name }));
  document.title = v.name + ' — ' + t('club.start_title');
  $('#dash-title').textContent = v.name;
  $('#dash-code').textContent = v.code;
  // The server's address for the tablets (never this screen's loopback).
  $('#dash-url').textContent = v.join_url.replace(/^https?:\/\//, '').replace(/[?#].*$/, '');
  $('#dash-url-warning').hidden = v.join_reachable !== false;
  $('#dash-keep').hidden = !D.loggedIn || v.in_account;
  // Boards, newest first; click to watch large.
  const boards = v.games.map((g) => boardCard(g.board, { href: '/g/' + encodeURIComponent(g.board.id), target: '_blank' }));
  $('#dash-boards').replaceChildren(...(boards.length ? boards : [el('p', { class: 'hint', text: t('club.no_boards') })]));
  if (D.chat) D.chat.render(v);
  if (D.roster) D.roster.render(v);
  if (D.sheet !== null) drawPupilSheet(v);
  renderGroups(v);
  renderAssignments(v);
  if (D.whiteboard) renderWhiteboard(v);
  if (D.tab === 'progress') showProgress();
  const cups = v.tournaments.map((c) => el('li', {}, el('a', { class: 'btn', href: '/t/' + encodeURIComponent(c.id), target: '_blank', text: c.name + ' · ' + t('club.stage.' + c.stage) })));
  $('#dash-cups').replaceChildren(...cups);
}

// ------------------------------------------------------------------
// Named groups of pupils
// ------------------------------------------------------------------

/** @param {import('../lib/views.js').ClassView} v */
function renderGroups(v) {
  const nameOf = new Map(v.pupils.map((p) => [p.id, p.name]));
  $('#dash-groups').replaceChildren(...v.groups.map((g) => el('li', { class: 'club-group', 'data-group': g.id },
    el('strong', { text: g.name }),
    el('span', { class: 'hint', text: g.pupils.length ? g.pupils.map((p) => nameOf.get(p) || '?').join(', ') : t('club.group_empty') }),
    el('button', { type: 'button', class: 'btn ghost small', text: t('club.group_tick'), onclick: () => tickGroup(g) }),
    el('button', { type: 'button', class: 'btn ghost small', text: t('club.group_set'), onclick: () => changeGroup(g, { pupils: Array.from(D.ticked) }) }),
    el('button', { type: 'button', class: 'btn ghost small', text: t('club.group_rename'), onclick: () => renameGroup(g) }),
    el('button', { type: 'button', class: 'btn ghost small', text: t('club.group_delete'), onclick: () => deleteGroup(g) }))));
  // Who an assignment is for: the class, the ticked pupils, or a group.
  const select = $('#assign-for');
  const kept = select.value;
  select.replaceChildren(el('option', { value: '', text: t('club.assign_for_class') }),
    el('option', { value: 'ticked', text: t('club.assign_ticked') }),
    ...v.groups.map((g) => el('option', { value: 'g:' + g.id, text: t('club.assign_for_group', { name: g.name }) })));
  select.value = Array.from(select.options).some((o) => o.value === kept) ? kept : '';
}

/** @param {{id: number, pupils: number[]}} g */
function tickGroup(g) {
  D.ticked = new Set(g.pupils);
  if (D.view) renderDashboard(D.view);
}

function groupsPath(rest) {
  return '/api/classes/' + encodeURIComponent(D.rec.id) + '/groups' + rest;
}

async function makeGroup() {
  try {
    await api('POST', groupsPath(''), { name: $('#group-name').value, pupils: Array.from(D.ticked) }, D.rec.token);
    $('#group-name').value = '';
  } catch (e) {
    dashError(e);
  }
}

/** @param {{id: number}} g @param {{name?: string, pupils?: number[]}} change */
async function changeGroup(g, change) {
  try {
    await api('POST', groupsPath('/' + g.id), change, D.rec.token);
  } catch (e) {
    dashError(e);
  }
}

/** @param {{id: number, name: string}} g */
function renameGroup(g) {
  const name = window.prompt(t('club.group_name'), g.name);
  if (name && name.trim() && name !== g.name) changeGroup(g, { name });
}

/** @param {{id: number, name: string}} g */
async function deleteGroup(g) {
  if (!window.confirm(t('club.group_delete_confirm', { name: g.name }))) return;
  try {
    await api('DELETE', groupsPath('/' + g.id), undefined, D.rec.token);
  } catch (e) {
    dashError(e);
  }
}

/** @param {import('../lib/views.js').ClassView} v */
function renderAssignments(v) {
  const out = v.assignments.slice().reverse().map((a) => {
    const heads = Array.from({ length: a.count }, (_, i) => itemHead(a, i));
    const head = el('tr', {}, el('th', { text: t('club.pupil') }), ...heads.map((h, i) => el('th', { scope: 'col', title: h.long },
      el('span', { class: 'club-grid-n', text: String(i + 1) }), el('small', { class: 'club-grid-kind', text: h.short }))));
    // A click on a cell shows the exercise with the pupil's answer drawn;
    // on a name, the pupil's page.
    const rows = v.pupils.filter((p) => !a.pupils || a.pupils.includes(p.id)).map((p) => el('tr', {},
      el('th', {}, el('button', { type: 'button', class: 'club-name-btn', text: p.name, onclick: () => openPupilSheet(p.id) })),
      ...heads.map((h, i) => workCell(a, i, p, h, (title) => showWork(a, i, p, title)))));
    const sheet = a.source.source === 'sheet' ? t('club.sheet_ref', { level: a.source.level, seed: a.source.seed })
      : learnContent(a) ? t('club.assign_' + learnContent(a)) : '';
    const groups = v.groups.filter((g) => (a.groups || []).includes(g.id)).map((g) => g.name);
    const about = [sheet, a.due ? t('club.due', { day: dayWords(a.due) }) : '', ...ruleWords(a.rules),
      groups.length ? t('club.for_groups', { groups: groups.join(', '), n: a.pupils ? a.pupils.length : 0 })
        : a.pupils ? I18n.tn('club.for_pupils', a.pupils.length) : ''].filter(Boolean).join(' · ');
    return el('div', { class: 'card club-assignment', 'data-assignment': a.id },
      el('h3', { text: a.title }), el('p', { class: 'hint', text: about }),
      el('div', { class: 'club-table-wrap' }, el('table', { class: 'club-table club-grid' }, el('thead', {}, head), el('tbody', {}, rows))),
      el('p', { class: 'hint club-grid-legend', text: t('club.grid_legend') }),
      el('button', { type: 'button', class: 'btn ghost small', text: t('club.unassign'), onclick: () => unassign(a) }));
  });
  $('#dash-assignments').replaceChildren(...out);
}

// ------------------------------------------------------------------
// Progress over the term (drawn by ./club/progress.js).
// ------------------------------------------------------------------

let progressAsked = 0;

// Fetched when the tab is shown, and again at each change while it is.
async function showProgress() {
  const ticket = ++progressAsked;
  let p;
  try {
    p = await api('GET', '/api/classes/' + encodeURIComponent(D.rec.id) + '/progress', undefined, D.rec.token);
  } catch (e) {
    dashError(e);
    return;
  }
  if (ticket !== progressAsked) return;
  const { legend, whole, cards } = progressParts(p);
  $('#progress-legend').replaceChildren(...legend);
  $('#progress-class').replaceChildren(whole);
  $('#progress-pupils').replaceChildren(...cards);
}

// ------------------------------------------------------------------
// A pupil's page (./club/pupil-sheet.js), drawn again at each change
// while it is open.
// ------------------------------------------------------------------

/** @param {number} id */
async function openPupilSheet(id) {
  D.sheet = { pupil: id, progress: null };
  const dialog = /** @type {HTMLDialogElement} */ ($('#pupil-sheet'));
  if (D.view) drawPupilSheet(D.view);
  if (!dialog.open) dialog.showModal();
  try {
    const p = await api('GET', '/api/classes/' + encodeURIComponent(D.rec.id) + '/progress', undefined, D.rec.token);
    if (!D.sheet || D.sheet.pupil !== id) return;
    const card = progressParts(p).cards.find((c) => c.getAttribute('data-pupil') === String(id)) || null;
    // The page has the name for its title already.
    if (card) card.querySelector('h3')?.remove();
    D.sheet.progress = card;
    if (D.view) drawPupilSheet(D.view);
  } catch (e) {
    dashError(e);
  }
}

/** @param {import('../lib/views.js').ClassView} v */
function drawPupilSheet(v) {
  const sheet = D.sheet;
  if (!sheet) return;
  const p = v.pupils.find((x) => x.id === sheet.pupil);
  const dialog = /** @type {HTMLDialogElement} */ ($('#pupil-sheet'));
  if (!p) {
    // Taken out of the class meanwhile.
    D.sheet = null;
    if (dialog.open) dialog.close();
    return;
  }
  $('#pupil-sheet-body').replaceChildren(...pupilSheet(v, p, sheet.progress, { showWork: (a, i, title) => showWork(a, i, p, title) }));
}

// An assignment's rules other than the usual, in words.
/** @param {import('../lib/views.js').AssignmentRules} rules */
function ruleWords(rules) {
  return [
    rules.solution_after_try ? '' : t('club.rule_solution_any_time'),
    rules.until_right ? t('club.rule_until_right') : '',
    rules.no_skip ? t('club.rule_no_skip') : '',
  ].filter(Boolean);
}

// Where item `i` of an assignment of /learn opens there (`puzzle=ID`,
// `lesson=ID`), or null.
/** @param {import('../lib/views.js').AssignmentView} a @param {number} i */
function learnItemOf(a, i) {
  const item = learnItem(a, i);
  return item ? item.kind + '=' + encodeURIComponent(item.id) : null;
}

function showWork(a, i, p, title) {
  const url = '/api/classes/' + encodeURIComponent(D.rec.id) + '/assignments/' + a.id + '/exercises/' + i + '/work/' + p.id
    + '?lang=' + I18n.lang;
  const dialog = $('#work-dialog');
  $('#work-title').textContent = p.name + ' · ' + a.title + ' · ' + (i + 1);
  $('#work-text').textContent = title;
  const img = $('#work-img');
  img.removeAttribute('src');
  // A puzzle or a lesson: the move played is in the words; it opens on
  // /learn.
  const learnItem = learnItemOf(a, i);
  img.hidden = !!learnItem;
  $('#work-open').hidden = !learnItem;
  if (learnItem) $('#work-open').setAttribute('href', '/learn?' + learnItem);
  dialog.showModal();
  if (learnItem) return;
  imageUrl(url, D.rec.token).then((src) => {
    if (img.src) URL.revokeObjectURL(img.src);
    img.src = src;
  }).catch(dashError);
}

async function startGames() {
  const kind = $('#games-kind').value;
  const pair = $('#games-pair').value;
  const game = { size: 9, players: 2 };
  if (kind === '7' || kind === '5') { game.size = Number(kind); game.fences = kind === '5' ? 3 : 6; }
  if (kind === 'teams') { game.players = 4; game.variant = 'teams'; }
  if (kind === 'scoring') { game.variant = 'scoring'; game.size = 5; game.fences = 3; }
  if (kind === 'crab') { game.size = 5; game.fences = 3; game.theme = 'crab'; }
  const clock = $('#games-clock').value;
  if (clock) {
    const [initial, inc] = clock.split('+').map(Number);
    game.clock = { initial_ms: initial, increment_ms: inc };
  }
  const body = { pair_by: pair === 'ai' ? 'random' : pair, game };
  if (pair === 'ai') body.ai_level = Number($('#games-ai').value);
  if (pair === 'hand') body.groups = [Array.from(D.ticked)];
  try {
    await api('POST', '/api/classes/' + encodeURIComponent(D.rec.id) + '/games', body, D.rec.token);
    D.ticked.clear();
  } catch (e) {
    dashError(e);
  }
}

// What the form gives: a sheet's exercises, puzzles or lessons of /learn.
function assignContent() {
  const kind = $('#assign-kind').value;
  return kind === 'puzzles' || kind === 'lessons' || kind === 'learn' ? kind : 'sheet';
}

// The form's fields for what it gives, the others hidden.
function showAssignFields() {
  const content = assignContent();
  for (const field of $$('#assign-form [data-for]')) field.hidden = !field.dataset.for.split(' ').includes(content);
  if (content === 'lessons' || content === 'learn') listLessons();
}

let lessonsListed = '';

// The rules lessons to tick, in the page's language (all ticked at first).
async function listLessons() {
  if (lessonsListed === I18n.lang) return;
  try {
    const view = await api('GET', '/api/learn/lessons?lang=' + I18n.lang);
    const ticked = new Set($$('#assign-lessons input:checked').map((i) => i.value));
    const first = !lessonsListed;
    lessonsListed = I18n.lang;
    $('#assign-lessons').replaceChildren(el('legend', { text: t('club.assign_which_lessons') }),
      ...view.lessons.map((l) => el('label', {}, el('input', { type: 'checkbox', value: l.id, checked: first || ticked.has(l.id) }), ' ' + l.number + '. ' + l.title)));
  } catch (e) {
    dashError(e);
  }
}

async function assign() {
  const shared = $('#assign-shared').value.split(/[\s,]+/).map((s) => s.replace(/^.*[?&]e=/, '')).filter(Boolean);
  const content = assignContent();
  const count = Number($('#assign-count').value) || 6;
  /** @type {Record<string, any>} */
  let body = shared.length
    ? { exercises: shared }
    : { level: Number($('#assign-level').value), count };
  if (content !== 'sheet') body = {};
  if (content === 'puzzles' || content === 'learn') {
    /** @type {Record<string, any>} */
    const puzzles = {};
    if ($('#assign-theme').value) puzzles.theme = $('#assign-theme').value;
    if ($('#assign-difficulty').value) puzzles.difficulty = Number($('#assign-difficulty').value);
    Object.assign(body, { puzzles, count });
  }
  if (content === 'lessons' || content === 'learn') {
    const lessons = $$('#assign-lessons input:checked').map((i) => i.value);
    if (!lessons.length) {
      dashError({ message: t('club.assign_no_lesson') });
      return;
    }
    body.lessons = lessons;
  }
  const title = $('#assign-title').value.trim();
  if (title) body.title = title;
  const due = $('#assign-due').value;
  if (due) {
    // A day already gone is said in the page's words (the server refuses it too).
    const now = new Date();
    const today = new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
    if (due < today) {
      dashError({ message: t('club.assign_due_past') });
      return;
    }
    body.due = due;
  }
  body.rules = {
    solution_after_try: $('#assign-after-try').checked,
    until_right: $('#assign-until-right').checked,
    no_skip: $('#assign-no-skip').checked,
  };
  const audience = $('#assign-for').value;
  if (audience === 'ticked') {
    if (!D.ticked.size) {
      dashError({ message: t('club.assign_none_ticked') });
      return;
    }
    body.pupils = Array.from(D.ticked);
  } else if (audience.startsWith('g:')) {
    body.groups = [Number(audience.slice(2))];
  }
  const kind = $('#assign-kind').value;
  if (content === 'sheet' && kind && !shared.length) body.kind = kind;
  const seed = $('#assign-seed').value.trim();
  if (content === 'sheet' && seed && !shared.length) body.seed = seed;
  try {
    await api('POST', '/api/classes/' + encodeURIComponent(D.rec.id) + '/assignments', body, D.rec.token);
    $('#assign-shared').value = '';
    $('#assign-title').value = '';
  } catch (e) {
    dashError(e);
  }
}

async function unassign(a) {
  if (!window.confirm(t('club.unassign_confirm', { title: a.title }))) return;
  try {
    await api('DELETE', '/api/classes/' + encodeURIComponent(D.rec.id) + '/assignments/' + a.id, undefined, D.rec.token);
  } catch (e) {
    dashError(e);
  }
}

// Next year's class: the assignments again, for new pupils; the new
// class opens on this screen (its key kept here, as a new class's is).
async function nextYear() {
  const name = window.prompt(t('club.next_year_prompt'), D.view ? D.view.name : '');
  if (name === null) return;
  try {
    const key = await api('POST', '/api/classes/' + encodeURIComponent(D.rec.id) + '/next-year', { name: name.trim() || null }, D.rec.token);
    saveClass({ id: key.id, code: key.code, token: key.token, name: name.trim() || (D.view ? D.view.name : '') });
    location.href = '/class#' + encodeURIComponent(key.id);
    location.reload();
  } catch (e) {
    dashError(e);
  }
}

async function deleteClass() {
  if (!window.confirm(t('club.delete_confirm', { name: D.view ? D.view.name : '' }))) return;
  try {
    await api('DELETE', '/api/classes/' + encodeURIComponent(D.rec.id), undefined, D.rec.token);
    store.set('quoridor.club.classes', myClasses().filter((c) => c.id !== D.rec.id));
    location.href = '/class';
  } catch (e) {
    dashError(e);
  }
}

// ------------------------------------------------------------------
// The login cards, to print: the class's token stays in this browser.
// ------------------------------------------------------------------

async function cardsPage(id) {
  showView('club-cards');
  document.title = t('club.cards_title');
  const rec = myClasses().find((c) => c.id === id);
  const fail = (e) => showError($('#cards-error'), e);
  if (!rec) {
    fail({ message: t('club.cards_no_class') });
    return;
  }
  $('#cards-back').href = '/class#' + encodeURIComponent(id);
  $('#cards-print').onclick = () => window.print();
  try {
    /** @type {import('../lib/views.js').CardsView} */
    const v = await api('GET', '/api/classes/' + encodeURIComponent(id) + '/cards', undefined, rec.token);
    document.title = t('club.cards_title') + ' — ' + v.class_name;
    const where = v.join_url.replace(/^https?:\/\//, '');
    const cards = v.cards.map((c) => el('div', { class: 'club-login-card', 'data-pupil': c.pupil },
      el('img', { class: 'club-login-qr', alt: t('club.card_qr', { name: c.name }), src: 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(c.qr_svg) }),
      el('div', { class: 'club-login-text' },
        el('strong', { class: 'club-login-name', text: c.name }),
        el('span', { class: 'club-login-class', text: v.class_name }),
        el('span', { class: 'club-login-code', text: cardText(c.card) }),
        el('span', { class: 'club-login-where', text: t('club.card_where', { where }) })),
      // For a child who cannot read: the same seat by its pictures.
      c.pictures && c.pictures.length ? el('div', { class: 'club-login-pictures' },
        el('span', { class: 'club-login-where', text: t('club.card_pictures') }), pictureRow(c.pictures)) : null));
    $('#cards-sheet').replaceChildren(...(cards.length ? cards : [el('p', { class: 'hint', text: t('club.cards_none') })]));
  } catch (e) {
    fail(e);
  }
}

// ------------------------------------------------------------------

async function init() {
  await languagePicker(() => {
    if (D.view) renderDashboard(D.view);
    if (assignContent() === 'lessons' || assignContent() === 'learn') listLessons();
  });
  // Each view names the tab after itself; until then, the page's name.
  document.title = t('title.club');
  const path = location.pathname;
  if (path.startsWith('/t/')) {
    const id = decodeURIComponent(path.slice(3));
    showView('club-tournament');
    const mine = store.get('quoridor.club.cups', {})[id];
    const pupil = pupilRec();
    // A class's pupil plays with their class token; a teacher organises with theirs.
    tournamentPage(id, [mine && mine.token, pupil && pupil.token, ...myClasses().map((c) => c.token)].filter(Boolean));
  }
  else if (path === '/class' && new URLSearchParams(location.search).has('cards')) {
    cardsPage(new URLSearchParams(location.search).get('cards') || '');
  } else if (path === '/class') {
    teacherStart();
    window.addEventListener('hashchange', () => location.reload());
  } else joinView();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
