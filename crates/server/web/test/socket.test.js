import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LiveSocket, backoff, socketProtocols, socketUrl } from '../lib/socket.js';

/** Timers that only run when the test says how much time passes. */
function fakeTimers() {
  let now = 0;
  let next = 1;
  const pending = new Map();
  const add = (f, ms, every) => {
    const id = next++;
    pending.set(id, { at: now + ms, f, every });
    return id;
  };
  return {
    setTimeout: (f, ms) => add(f, ms, 0),
    setInterval: (f, ms) => add(f, ms, ms),
    clearTimeout: (id) => pending.delete(id),
    clearInterval: (id) => pending.delete(id),
    /** Lets `ms` pass, running what falls due, in order. */
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        const [id, timer] = due;
        now = timer.at;
        if (timer.every) timer.at += timer.every;
        else pending.delete(id);
        timer.f();
      }
      now = end;
    },
    get pending() {
      return pending.size;
    },
  };
}

/** A WebSocket the test opens, fails and talks through. */
class FakeSocket {
  static made = [];
  constructor(url, protocols) {
    this.url = url;
    this.protocols = protocols;
    this.readyState = 0;
    this.sent = [];
    FakeSocket.made.push(this);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  // What the network does:
  opened() {
    this.readyState = 1;
    this.onopen?.();
  }
  dropped() {
    this.readyState = 3;
    this.onclose?.();
  }
  says(text) {
    this.onmessage?.({ data: text });
  }
}

test('the wait doubles after each failure up to its cap, with at most its share of randomness', () => {
  const none = () => 0;
  assert.deepEqual([0, 1, 2, 3, 10].map((n) => backoff(n, { base: 500, max: 3000 }, none)), [500, 1000, 2000, 3000, 3000]);
  assert.equal(backoff(0, { base: 500, jitter: 0.5 }, () => 0.999), 750);
  for (let i = 0; i < 100; i++) {
    const wait = backoff(3, {});
    assert.ok(wait >= 4000 && wait <= 5000, String(wait));
  }
});

test('the token goes as a protocol, never in the address', () => {
  assert.deepEqual(socketProtocols('abc'), ['quoridor', 'bearer.abc']);
  assert.deepEqual(socketProtocols(null), ['quoridor']);
  assert.equal(socketUrl('/api/lobby/ws', { protocol: 'https:', host: 'q.example:8443' }), 'wss://q.example:8443/api/lobby/ws');
  assert.equal(socketUrl('/x', { protocol: 'http:', host: 'localhost' }), 'ws://localhost/x');
});

test('a dropped connection comes back, waiting longer each time, and a success starts the count again', () => {
  FakeSocket.made = [];
  const timers = fakeTimers();
  const events = [];
  const live = new LiveSocket('ws://h/api/x', {
    token: 't1',
    WebSocket: FakeSocket,
    timers,
    random: () => 0,
    backoff: { base: 100, max: 1000 },
    onOpen: () => events.push('open'),
    onClose: () => events.push('close'),
    onMessage: (m) => events.push(m),
  }).start();
  assert.equal(FakeSocket.made.length, 1);
  assert.deepEqual(FakeSocket.made[0].protocols, ['quoridor', 'bearer.t1']);
  assert.equal(live.send({ type: 'x' }), false, 'nothing goes out before the connection opens');
  FakeSocket.made[0].opened();
  assert.equal(live.send({ type: 'move' }), true);
  assert.deepEqual(FakeSocket.made[0].sent, [{ type: 'move' }]);
  FakeSocket.made[0].says('{"type":"state"}');
  FakeSocket.made[0].says('not json');
  // Three failures in a row: 100, 200, 400 ms.
  FakeSocket.made[0].dropped();
  for (const wait of [100, 200, 400]) {
    const before = FakeSocket.made.length;
    timers.advance(wait - 1);
    assert.equal(FakeSocket.made.length, before, `not before ${wait} ms`);
    timers.advance(1);
    assert.equal(FakeSocket.made.length, before + 1, `after ${wait} ms`);
    if (wait < 400) FakeSocket.made.at(-1).dropped();
  }
  FakeSocket.made.at(-1).opened();
  FakeSocket.made.at(-1).dropped();
  const before = FakeSocket.made.length;
  timers.advance(100);
  assert.equal(FakeSocket.made.length, before + 1, 'back to the first wait after a success');
  assert.deepEqual(events, ['open', { type: 'state' }, 'close', 'close', 'close', 'open', 'close']);
  live.stop();
});

test('a stopped connection stays closed, and an old socket\'s events are ignored', () => {
  FakeSocket.made = [];
  const timers = fakeTimers();
  const messages = [];
  const live = new LiveSocket(() => 'ws://h/' + FakeSocket.made.length, { WebSocket: FakeSocket, timers, random: () => 0, onMessage: (m) => messages.push(m) }).start();
  const first = FakeSocket.made[0];
  first.opened();
  live.start();
  assert.equal(FakeSocket.made.length, 2);
  assert.equal(FakeSocket.made[1].url, 'ws://h/1', 'the address is asked again at each try');
  assert.equal(first.readyState, 3, 'the old socket is closed');
  first.says('{"old":true}');
  first.onclose?.();
  assert.deepEqual(messages, []);
  live.stop();
  FakeSocket.made[1].dropped();
  timers.advance(60000);
  assert.equal(FakeSocket.made.length, 2);
  assert.equal(timers.pending, 0, 'no timer is left running');
});

test('pings keep the connection alive, and a page shown again reconnects at once', () => {
  FakeSocket.made = [];
  const timers = fakeTimers();
  const live = new LiveSocket('ws://h/g', { WebSocket: FakeSocket, timers, random: () => 0, pingEvery: 25000, backoff: { base: 5000 } }).start();
  FakeSocket.made[0].opened();
  timers.advance(50000);
  assert.deepEqual(FakeSocket.made[0].sent, [{ type: 'ping' }, { type: 'ping' }]);
  live.wake();
  assert.equal(FakeSocket.made.length, 1, 'an open connection is kept');
  FakeSocket.made[0].dropped();
  timers.advance(1000);
  assert.equal(FakeSocket.made.length, 1);
  live.wake();
  assert.equal(FakeSocket.made.length, 2, 'no wait for the retry');
  live.wake();
  assert.equal(FakeSocket.made.length, 2, 'one try at a time');
  timers.advance(60000);
  assert.equal(FakeSocket.made.length, 2, 'the wait that was pending is gone');
  live.stop();
});

test('a page left closes its connection at once, and one brought back from the cache opens it again', () => {
  FakeSocket.made = [];
  const timers = fakeTimers();
  const heard = {};
  const page = { addEventListener: (type, f) => { heard[type] = f; } };
  const closes = [];
  const live = new LiveSocket('ws://h/g', { WebSocket: FakeSocket, timers, random: () => 0, page, onClose: () => closes.push(1) }).start();
  FakeSocket.made[0].opened();
  heard.pagehide({ persisted: true });
  assert.equal(FakeSocket.made[0].readyState, 3, 'closed when the page is left');
  assert.equal(live.isOpen, false);
  live.wake();
  timers.advance(60000);
  assert.equal(FakeSocket.made.length, 1, 'no retry, no wake-up while the page is away');
  assert.equal(timers.pending, 0);
  heard.pageshow({ persisted: false });
  assert.equal(FakeSocket.made.length, 1, 'a first showing is not a return');
  heard.pageshow({ persisted: true });
  assert.equal(FakeSocket.made.length, 2, 'back from the cache: connected again');
  FakeSocket.made[1].opened();
  assert.equal(live.isOpen, true);
  assert.deepEqual(closes, [], 'leaving is not a dropped connection');
  live.stop();
  heard.pagehide({ persisted: false });
  heard.pageshow({ persisted: true });
  assert.equal(FakeSocket.made.length, 2, 'a stopped connection stays closed');
});
