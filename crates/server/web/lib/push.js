// @ts-check
// Notifications on this device (Web Push): an account turns them on here
// to be told of its turn in turn-based games, of their end and of
// challenges, with the page closed. The browser subscribes with the
// server's key through its own push service; the server keeps the
// subscription for the account logged in and encrypts each notification
// for this browser alone. The service worker (/sw.js) shows them.
//
// The name of the account that turned them on is kept (quoridor.push): a
// shared device never tells one account's news to the next person.

import { api } from './api.js';
import { I18n } from './i18n.js';
import { store } from './store.js';

export const PUSH_KEY = 'quoridor.push';

/** @typedef {'unsupported' | 'blocked' | 'on' | 'off'} PushState */

/** Whether this browser can receive notifications at all. */
function supported() {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** base64url to bytes, as `applicationServerKey` takes it. @param {string} text */
function bytes(text) {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * The service worker's registration (it shows the notifications); a
 * worker that never starts (refused by the browser) makes this fail
 * instead of waiting for good.
 * @returns {Promise<ServiceWorkerRegistration>}
 */
function ready() {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise((_, reject) => setTimeout(() => reject(new Error('no service worker')), 10000)),
  ]);
}

/** The browser's subscription, if it has one. */
async function subscription() {
  return (await ready()).pushManager.getSubscription();
}

/**
 * Where notifications stand on this device for `account`; when they are
 * on, the server is told the subscription again (the language may have
 * changed, and a device the server forgot comes back).
 * @param {string} account
 * @returns {Promise<PushState>}
 */
export async function pushState(account) {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted' || store.get(PUSH_KEY, null) !== account) return 'off';
  const sub = await subscription();
  if (!sub) return 'off';
  await api('POST', '/api/push/subscriptions', { ...sub.toJSON(), lang: I18n.lang });
  return 'on';
}

/**
 * Turns notifications on for `account`: the browser's permission asked,
 * a subscription made with the server's key (one made with another key
 * is replaced) and given to the server.
 * @param {string} account
 * @returns {Promise<PushState>}
 */
export async function pushOn(account) {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const { key } = await api('GET', '/api/push/key');
  const reg = await ready();
  let sub = await reg.pushManager.getSubscription();
  const given = sub && sub.options && sub.options.applicationServerKey;
  if (sub && (!given || !sameBytes(new Uint8Array(given), bytes(key)))) {
    await sub.unsubscribe();
    sub = null;
  }
  if (!sub) sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(key) });
  await api('POST', '/api/push/subscriptions', { ...sub.toJSON(), lang: I18n.lang });
  store.set(PUSH_KEY, account);
  return 'on';
}

/** @param {Uint8Array} a @param {Uint8Array} b */
function sameBytes(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Turns notifications off on this device: the server forgets it (while
 * the account is still logged in) and the browser drops its subscription.
 * @returns {Promise<PushState>}
 */
export async function pushOff() {
  store.remove(PUSH_KEY);
  if (!supported()) return 'unsupported';
  const sub = await subscription();
  if (sub) {
    await api('POST', '/api/push/subscriptions/delete', { endpoint: sub.endpoint }).catch(() => {});
    await sub.unsubscribe().catch(() => false);
  }
  return Notification.permission === 'denied' ? 'blocked' : 'off';
}
