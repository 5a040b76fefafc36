// @ts-check
// The home and game pages (index.html): one page that routes on
// location.pathname ("/" is the home page, home.js; "/g/{id}" a game,
// game/*.js), talks to the server through the HTTP and WebSocket API of
// API.md (lib/api.js, lib/socket.js), and draws the board with
// lib/board/. Every visible text goes through lib/i18n.js.
//
// The game page's modules, each importing only those above it in this
// list (test/modules.test.js forbids circles): game/state.js (the page's
// state, split by concern), words.js (moves, results and refusals in
// words), panels.js, render.js (the page drawn, a replay), connection.js
// (the server), input.js (the player's pointer, keys and buttons). Pages
// move with nav.js; only this module knows them all.
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
// - localStorage: quoridor.game.<id> = {token, seats, invites, ...},
//   quoridor.name, quoridor.lang, quoridor.home.

import { languagePicker } from '../lib/topbar.js';
import { $ } from '../lib/dom.js';
import { enterHome, initHome, leaveHome, refreshHomeForm, refreshLists, renderRecent } from './home.js';
import { onNavigate, navigate } from './nav.js';
import { copyText, t } from './ui.js';

// ------------------------------------------------------------------
// Router
// ------------------------------------------------------------------

/** @typedef {typeof import('./game/page.js')} GamePage */

/** The game page's modules, once a game has been opened. @type {GamePage | null} */
let gamePage = null;
/** Which route is being drawn: a later one wins over one still loading. */
let routing = 0;

/** The game page's modules, loaded (and their board set up) the first time. */
async function loadGamePage() {
  if (!gamePage) {
    const page = await import('./game/page.js');
    if (!gamePage) {
      page.initBoard();
      page.initGameControls();
      gamePage = page;
    }
  }
  return gamePage;
}

// A page reached by a link or a button: drawn, from its top, with the
// focus on it.
async function arrive() {
  await route();
  window.scrollTo(0, 0);
  // Keyboard and screen reader users land on the new page's content.
  const target = gamePage && gamePage.G.active ? $('#board') : $('#main');
  if (target) target.focus({ preventScroll: true });
}

async function route() {
  const ticket = ++routing;
  const m = /^\/g\/([^/?#]+)\/?$/.exec(location.pathname);
  if (gamePage) gamePage.leaveGame();
  leaveHome();
  if (!m) {
    enterHome();
    return;
  }
  const page = await loadGamePage();
  if (ticket === routing) page.enterGame(decodeURIComponent(m[1]));
}

document.addEventListener('click', (e) => {
  const a = /** @type {HTMLAnchorElement | null} */ (/** @type {Element} */ (e.target).closest('a[data-nav]'));
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin) return;
  e.preventDefault();
  navigate(url.pathname + url.search + url.hash);
});
window.addEventListener('popstate', route);

// Copy buttons: data-copy names the input to copy, data-copy-text the text.
document.addEventListener('click', (e) => {
  const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-copy],[data-copy-text]'));
  if (!b) return;
  const text = b.dataset.copyText || ($('#' + b.dataset.copy) || {}).value;
  if (text) copyText(text);
});

// ------------------------------------------------------------------
// Language
// ------------------------------------------------------------------

function initLang() {
  return languagePicker(() => {
    if (!$('#home').hidden) {
      refreshHomeForm();
      renderRecent();
      refreshLists();
      document.title = t('title.home');
    }
    if (gamePage && gamePage.G.active && gamePage.G.game) {
      gamePage.board.key = '';
      $('#turn').dataset.key = '';
      gamePage.renderGame();
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

async function boot() {
  onNavigate(arrive);
  await initLang();
  initHome();
  await route();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
else boot();

