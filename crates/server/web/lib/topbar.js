// @ts-check
// The top bar every page shares: the language picker and the account link.

import { I18n } from './i18n.js';
import { el } from './dom.js';
import { api } from './api.js';
import { startOffline } from './offline.js';
import { store } from './store.js';

/**
 * Opens the page in its language (resolved once its texts are loaded: a
 * page waits for it before drawing) and fills the picker (#lang) with the
 * languages; after each change the page's marked texts are filled again
 * and `changed()` redoes the rest. The choice holds for every page.
 * @param {() => void} changed
 */
export async function languagePicker(changed) {
  await I18n.init();
  // Every page starts here: the app kept for offline use, and the line
  // that says when the device is offline, above the top bar.
  startOffline();
  pupilLinks();
  clearOfTheBar();
  I18n.apply(document);
  const sel = /** @type {HTMLSelectElement | null} */ (document.querySelector('#lang'));
  if (sel) {
    for (const l of I18n.langs) sel.append(el('option', { value: l.code, lang: l.code, text: l.name }));
    sel.value = I18n.lang;
    sel.addEventListener('change', () => {
      // A language whose file does not come leaves the page as it is.
      I18n.set(sel.value, true).catch(() => { sel.value = I18n.lang; });
    });
  }
  I18n.onChange(() => {
    if (sel) sel.value = I18n.lang;
    I18n.apply(document);
    changed();
  });
}

/**
 * Keeps what the page scrolls to (a focused button, a link's target) below
 * the sticky top bar, however many rows it wraps to on a phone.
 */
function clearOfTheBar() {
  const bar = document.querySelector('header.topbar');
  if (!bar || typeof ResizeObserver === 'undefined') return;
  const root = document.documentElement;
  new ResizeObserver(() => {
    // On a phone the bar scrolls away with the page (style.css).
    const sticky = getComputedStyle(bar).position === 'sticky';
    root.style.scrollPaddingTop = sticky ? Math.ceil(bar.getBoundingClientRect().height) + 8 + 'px' : '0px';
  }).observe(bar);
}

/**
 * A pupil's tablet (a class seat kept here) keeps the pupil inside their
 * class: "My class" leads to their own page from every page, and the
 * players' bar loses the lobby, the leaderboard and the account, which
 * are not for a pupil's seat. On the join page with no seat yet, "My
 * class" (the teacher's) is left out: that page is the pupil's way in.
 */
function pupilLinks() {
  const bar = document.querySelector('header.topbar');
  if (!bar) return;
  const pupil = store.get('quoridor.club.pupil', null);
  const myClass = /** @type {HTMLAnchorElement | null} */ (bar.querySelector('a[href="/class"]'));
  if (!pupil) {
    if (myClass && location.pathname === '/join') myClass.hidden = true;
    return;
  }
  if (myClass) {
    myClass.setAttribute('href', '/join');
    return;
  }
  const links = bar.querySelector('.topbar-links');
  if (!links) return;
  for (const a of links.querySelectorAll('a[href="/lobby"], a[href="/leaderboard"], #account-link')) {
    /** @type {HTMLElement} */ (a).hidden = true;
  }
  links.append(el('a', { class: 'topbar-link', href: '/join', 'data-i18n': 'club.nav_class', text: 'My class' }));
}

/** The account asked for once per page. @type {Promise<any> | null} */
let asked = null;

/**
 * The logged-in account, or null for a guest (asked without an error:
 * a guest's console stays clean). Asked once per page.
 * @returns {Promise<any>}
 */
export function currentAccount() {
  if (!asked) {
    asked = api('GET', '/api/account/session').then((s) => s.account || null).catch(() => null);
  }
  return asked;
}

/** The session changed (logged in or out): ask for the account again. */
export function sessionChanged() {
  asked = null;
}

/**
 * The account link (#account-link, where a page has one): the user name
 * once logged in, with how many games wait for its move, else "Log in".
 * Returns the account, or null.
 * @returns {Promise<{name: string} | null>}
 */
export async function accountLink() {
  const link = document.querySelector('#account-link');
  const me = await currentAccount();
  if (link && me) {
    link.removeAttribute('data-i18n');
    link.textContent = me.name;
    turns = -1;
    refreshTurnCount();
  } else if (link) {
    link.setAttribute('data-i18n', 'acc.nav_login');
    link.textContent = I18n.t('acc.nav_login');
  }
  return me;
}

/** The games waiting for the account's move, as last shown (-1: none yet). */
let turns = -1;
/** The asking under way, so that a burst of changes asks once. @type {Promise<void> | null} */
let counting = null;

/**
 * Asks again how many of the account's games wait for its move, and shows
 * it beside its name in the top bar (a page calls it when one of those
 * games moved on). Nothing for a guest.
 */
export function refreshTurnCount() {
  if (counting) return counting;
  counting = (async () => {
    try {
      if (!(await currentAccount())) return;
      const games = await api('GET', '/api/account/playing');
      showTurnCount(Array.isArray(games) ? games.filter((g) => g.my_turn).length : 0);
    } catch (_) {
      /* offline: the count stays as it was */
    } finally {
      counting = null;
    }
  })();
  return counting;
}

/** @param {number} n */
function showTurnCount(n) {
  const link = document.querySelector('#account-link');
  if (!link || n === turns) return;
  turns = n;
  link.querySelector('.turn-count')?.remove();
  if (!n) {
    link.removeAttribute('aria-label');
    link.removeAttribute('title');
    return;
  }
  const said = I18n.tn('acc.turns_waiting', n, { n });
  link.append(el('span', { class: 'turn-count', 'aria-hidden': 'true', text: String(n) }));
  link.setAttribute('aria-label', (link.firstChild?.textContent || '') + ', ' + said);
  link.setAttribute('title', said);
}
