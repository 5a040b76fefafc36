// @ts-check
// The service worker (served at /sw.js, its scope the whole site): the app
// on a phone or a tablet without a connection. The server writes into
// BUILD below, when it serves this file, the release's version and the
// versioned addresses of every file of the page; a new release is a new
// worker (its bytes differ), which caches the new files under a new name
// and deletes the old caches once it takes over.
//
// - Pages: asked from the network first (a short wait on a weak
//   connection), kept, and served from the cache when the network fails:
//   every game page is the home page's (`/g/…` is `/`); a page never kept
//   is `/offline`, which says it needs the connection.
// - Files under /assets/ with their version: from the cache, for good.
// - The API (/api/): never cached; offline, the pages say so.
// - Notifications (Web Push, lib/push.js): each push message is one, as
//   the server wrote it ({title, body, url, tag}); a tap opens its page,
//   or brings forward a window that shows it.

/** @type {{version: string, assets: string[], pages: string[]}} */
const BUILD = /*BUILD*/ { version: 'dev', assets: [], pages: [] };
const CACHE = 'quoridor-' + BUILD.version;
/** How long a page waits for the network before the cached copy. */
const PAGE_WAIT_MS = 4000;

const sw = /** @type {any} */ (self);

sw.addEventListener('install', (/** @type {any} */ event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll([...BUILD.assets, ...BUILD.pages]);
    await sw.skipWaiting();
  })());
});

sw.addEventListener('activate', (/** @type {any} */ event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('quoridor-') && name !== CACHE) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

/**
 * The cached page an address stands for.
 * @param {URL} url
 */
function pageKey(url) {
  if (url.pathname.startsWith('/g/')) return '/';
  return url.pathname;
}

/** @param {Request} request */
async function page(request) {
  const url = new URL(request.url);
  const cache = await caches.open(CACHE);
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise((_, reject) => setTimeout(() => reject(new Error('slow')), PAGE_WAIT_MS)),
    ]);
    if (response.ok && !url.pathname.startsWith('/g/')) await cache.put(pageKey(url), response.clone());
    return response;
  } catch (e) {
    // A page never kept (it needs the connection: the lobby, an account,
    // a class): ours that says so, at the address asked for, and opens it
    // once the server answers again; never the browser's error page.
    const cached = (await cache.match(pageKey(url))) || (await cache.match('/offline'));
    if (cached) return cached;
    throw e;
  }
}

/** @param {Request} request */
async function asset(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).searchParams.has('v')) await cache.put(request, response.clone());
  return response;
}

sw.addEventListener('fetch', (/** @type {any} */ event) => {
  const request = /** @type {Request} */ (event.request);
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/') || url.pathname === '/sw.js') return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});

sw.addEventListener('push', (/** @type {any} */ event) => {
  /** @type {{title?: unknown, body?: unknown, url?: unknown, tag?: unknown} | null} */
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch (_) {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  // A path of this site only (not `//elsewhere`, nor `/\elsewhere`).
  const url = typeof message.url === 'string' && /^\/(?![/\\])/.test(message.url) ? message.url : '/';
  event.waitUntil(sw.registration.showNotification(message.title, {
    body: typeof message.body === 'string' ? message.body : '',
    tag: typeof message.tag === 'string' ? message.tag : undefined,
    icon: '/assets/icons/icon-192.png',
    data: { url },
  }));
});

sw.addEventListener('notificationclick', (/** @type {any} */ event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const url = new URL(typeof data.url === 'string' ? data.url : '/', location.origin);
  if (url.origin !== location.origin) return;
  event.waitUntil((async () => {
    const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((/** @type {any} */ w) => new URL(w.url).pathname === url.pathname);
    if (open) return open.focus();
    return sw.clients.openWindow(url.href);
  })());
});
