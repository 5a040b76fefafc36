// @ts-check
// The app without a connection: the service worker (/sw.js) registered, so
// that the pages, the engine's WebAssembly and the translations are kept on
// the device; and a line at the top of the page while the device is
// offline, or the server cannot be reached (a school's weak Wi-Fi: the
// device may think itself online), saying what still works and that the
// rest comes back by itself. The line lies over the foot of the page: one
// that pushed the page down as it came would move the board under a tap.

import { el } from './dom.js';
import { I18n } from './i18n.js';

/** Whether the last request to the server failed for the network. */
let unreachable = false;
/** @type {HTMLElement | null} */
let banner = null;

function update() {
  if (!banner) return;
  const offline = !navigator.onLine;
  banner.hidden = !offline && !unreachable;
  document.body.classList.toggle('offline-shown', !banner.hidden);
  const key = offline ? 'offline.banner' : 'offline.server';
  if (banner.dataset.i18n !== key) {
    banner.dataset.i18n = key;
    banner.textContent = I18n.t(key);
  }
}

/**
 * Tells whether a request reached the server (lib/api.js calls it after
 * each): the line shows while it cannot, and goes once it can.
 * @param {boolean} reached
 */
export function serverReached(reached) {
  if (unreachable === !reached) return;
  unreachable = !reached;
  update();
}

/**
 * The browser's offer to install the app, kept until the person asks
 * (`beforeinstallprompt`: Chromium's browsers; elsewhere the browser's
 * own menu installs it, docs/players.md says how).
 * @type {any}
 */
let installOffer = null;

/** Where "Not now" is kept for the rest of the visit. */
const LATER_KEY = 'quoridor.install.later';

/** Whether the person said "Not now" in this tab. */
function later() {
  try {
    return sessionStorage.getItem(LATER_KEY) === '1';
  } catch (_) {
    return false;
  }
}

/** Shows the page's install offer (#install-row) while the browser offers to install. */
function showInstall() {
  const row = document.querySelector('#install-row');
  const button = document.querySelector('#install-app');
  if (!(row instanceof HTMLElement) || !(button instanceof HTMLButtonElement)) return;
  row.hidden = !installOffer || later();
  const notNow = document.querySelector('#install-later');
  if (notNow instanceof HTMLButtonElement) {
    notNow.onclick = () => {
      try {
        sessionStorage.setItem(LATER_KEY, '1');
      } catch (_) { /* only this page forgets it */ }
      row.hidden = true;
    };
  }
  button.onclick = async () => {
    const offer = installOffer;
    if (!offer) return;
    installOffer = null;
    row.hidden = true;
    await offer.prompt();
    // Declined: the browser offers again later (the event comes again).
    await offer.userChoice.catch(() => null);
  };
}

/** Registers the service worker and shows the offline line when offline. */
export function startOffline() {
  if ('serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('/sw.js').catch(() => { /* the page works without it */ });
  }
  if (banner) return;
  window.addEventListener('beforeinstallprompt', (ev) => {
    // Our own button asks, where the person looks, not the browser's bar.
    ev.preventDefault();
    installOffer = ev;
    showInstall();
  });
  window.addEventListener('appinstalled', () => {
    installOffer = null;
    showInstall();
  });
  banner = el('p', { id: 'offline-banner', class: 'offline-banner', role: 'status' });
  /** @type {HTMLElement} */ (banner).hidden = true;
  document.body.prepend(/** @type {HTMLElement} */ (banner));
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
}
