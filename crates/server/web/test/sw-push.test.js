// The service worker's notifications (sw.js), run in a sandbox that
// stands in for the browser's worker scope: a push message becomes the
// notification the server wrote, anything else none; a tap opens the
// notification's page of this site, or brings forward a window on it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

const source = readFileSync(new URL('../sw.js', import.meta.url), 'utf8');

/** A worker scope: its listeners, the notifications shown, the windows. */
function worker(windows = []) {
  const handlers = {};
  const shown = [];
  const opened = [];
  const scope = {
    addEventListener: (type, f) => { handlers[type] = f; },
    registration: { showNotification: async (title, options) => { shown.push({ title, ...options }); } },
    clients: { matchAll: async () => windows, openWindow: async (url) => { opened.push(url); }, claim: async () => {} },
    location: new URL('https://quoridor.example/sw.js'),
    skipWaiting: async () => {},
    setTimeout,
    URL,
  };
  scope.self = scope;
  vm.runInNewContext(source, scope);
  /** Fires an event; resolves when what it waits for is done. */
  const fire = async (type, event) => {
    let waited = Promise.resolve();
    handlers[type]({ ...event, waitUntil: (p) => { waited = p; } });
    await waited;
  };
  return { fire, shown, opened };
}

const data = (value) => ({ json: () => (typeof value === 'string' ? JSON.parse(value) : value) });

test('a push message is shown as the server wrote it', async () => {
  const w = worker();
  await w.fire('push', { data: data({ title: 'Your turn against bob', body: 'bob played e2.', url: '/g/abc', tag: 'game-abc' }) });
  assert.equal(w.shown.length, 1);
  assert.equal(w.shown[0].title, 'Your turn against bob');
  assert.equal(w.shown[0].body, 'bob played e2.');
  assert.equal(w.shown[0].tag, 'game-abc');
  assert.equal(w.shown[0].data.url, '/g/abc');
});

test('a message that is not ours shows nothing, and an address elsewhere is not kept', async () => {
  const w = worker();
  await w.fire('push', { data: null });
  await w.fire('push', { data: data('not json') });
  await w.fire('push', { data: data({ body: 'no title' }) });
  assert.equal(w.shown.length, 0);
  await w.fire('push', { data: data({ title: 'x', url: 'https://evil.example/' }) });
  await w.fire('push', { data: data({ title: 'y', url: '//evil.example/' }) });
  await w.fire('push', { data: data({ title: 'z', url: '/\\evil.example/' }) });
  assert.deepEqual(w.shown.map((n) => n.data.url), ['/', '/', '/']);
});

test('a tap opens the page, or brings forward a window already on it', async () => {
  const closed = [];
  const notification = (url) => ({ data: { url }, close: () => closed.push(url) });
  let focused = 0;
  const w = worker([{ url: 'https://quoridor.example/g/abc', focus: async () => { focused++; } }]);
  await w.fire('notificationclick', { notification: notification('/g/abc') });
  assert.equal(focused, 1);
  assert.deepEqual(w.opened, []);
  await w.fire('notificationclick', { notification: notification('/account') });
  assert.deepEqual(w.opened, ['https://quoridor.example/account']);
  assert.deepEqual(closed, ['/g/abc', '/account']);
});
