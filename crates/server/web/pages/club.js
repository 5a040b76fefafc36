// @ts-check
// Class and club: a pupil joins with the code on the board (/join) and
// finds their exercises and games (./club/pupil.js); the teacher's
// dashboard (/class) with every board live, its tabs in ./club/ (the
// pupils: roster.js; the work: work.js; progress, chat, a pupil's page);
// a tournament's page (/t/<id>, ./club/tournament.js) with its pairings
// and standings, printable. Everything live comes over one WebSocket per
// page, which reconnects by itself (a tablet that went to sleep comes back
// to the same seat: its token is kept in this browser).
//
// A pupil who left, or who is on another tablet, comes back with their
// login card (typed, or its QR code scanned: /join#card=…).
//
// localStorage: quoridor.club.pupil = {id, token, name, code} (the class
// or tournament joined), quoridor.club.classes = [{id, code, name, token}]
// (the teacher's classes on this device), quoridor.club.cups = {id: token}.

import { download, imageUrl } from '../lib/api.js';
import { learnItem } from '../lib/assignment.js';
import { $, $$, el } from '../lib/dom.js';
import { I18n } from '../lib/i18n.js';
import { store } from '../lib/store.js';
import { currentAccount, languagePicker } from '../lib/topbar.js';
import { chatPanel } from './club/chat.js';
import { tournamentPage } from './club/tournament.js';
import { pictureRow } from './club/pictures.js';
import { pupilSheet } from './club/pupil-sheet.js';
import { progressParts } from './club/progress.js';
import { cardText, rosterTab } from './club/roster.js';
import { workTab } from './club/work.js';
import { joinView, pupilRec } from './club/pupil.js';
import { myClasses, saveClass, teacherStart, tournamentForm } from './club/start.js';
import { api, boardCard, live, showError, showView } from './club/shared.js';

const t = (key, params) => I18n.t(key, params);

// ------------------------------------------------------------------
// The teacher's dashboard (the start screen: ./club/start.js).
// ------------------------------------------------------------------

/**
 * The dashboard's state: the class this browser opened (its record, set by
 * `dashboard()` before anything reads it), its last view, the tab shown and
 * the pupils ticked, whether it fills the whiteboard, whether a teacher
 * is logged in here, the chat panel, the Pupils and Work tabs.
 * The login-card codes shown on the Pupils tab (hidden until asked).
 * The pupil whose page is open (`sheet`), with their progress card once fetched.
 * @type {{rec: {id: string, token: string, name?: string}, view: import('../lib/views.js').ClassView | null, tab: string, ticked: Set<number>, cardsShown: Set<number>, whiteboard: boolean, loggedIn: boolean, chat: {render: (v: import('../lib/views.js').ClassView) => void} | null, roster: {render: (v: import('../lib/views.js').ClassView) => void} | null, work: {render: (v: import('../lib/views.js').ClassView) => void, languageChanged: () => void} | null, sheet: {pupil: number, progress: Element | null} | null}}
 */
const D = { rec: /** @type {any} */ (null), view: null, tab: 'boards', ticked: new Set(), cardsShown: new Set(), whiteboard: false, loggedIn: false, chat: null, roster: null, work: null, sheet: null };

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
  D.work = workTab(D, {
    call: (method, rest, body) => api(method, '/api/classes/' + encodeURIComponent(rec.id) + rest, body, rec.token),
    onError: dashError,
    redraw: () => { if (D.view) renderDashboard(D.view); },
    openSheet: openPupilSheet,
    showWork,
  });
  D.roster = rosterTab(D, {
    call: (method, rest, body) => api(method, '/api/classes/' + encodeURIComponent(rec.id) + rest, body, rec.token),
    shown: renderDashboard,
    onError: dashError,
    openSheet: openPupilSheet,
  });
  tournamentForm($('#dash-cup-slot'), rec.id, 5, dashError, rec.token);
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
  if (D.work) D.work.render(v);
  if (D.whiteboard) renderWhiteboard(v);
  if (D.tab === 'progress') showProgress();
  const cups = v.tournaments.map((c) => el('li', {}, el('a', { class: 'btn', href: '/t/' + encodeURIComponent(c.id), target: '_blank', text: c.name + ' · ' + t('club.stage.' + c.stage) })));
  $('#dash-cups').replaceChildren(...cups);
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
    if (D.work) D.work.languageChanged();
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
    teacherStart(dashboard);
    window.addEventListener('hashchange', () => location.reload());
  } else joinView();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
