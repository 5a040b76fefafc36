import { test } from 'node:test';
import assert from 'node:assert/strict';

/** A localStorage of the test's own, as the browser's behaves. */
function fakeStorage() {
  const map = new Map();
  return {
    get length() { return map.size; },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => { map.set(k, String(v)); },
    removeItem: (k) => { map.delete(k); },
    keys: () => [...map.keys()].sort(),
  };
}

globalThis.localStorage = fakeStorage();
const { forgetPerson } = await import('../lib/forget.js');

test('a person who leaves takes their tokens, games and name, not the device\'s settings', () => {
  const ls = globalThis.localStorage;
  const set = (k, v) => ls.setItem(k, JSON.stringify(v));
  set('quoridor.game.abc', { id: 'abc', token: 'seat-token' });
  set('quoridor.game.def', { id: 'def', token: 'other' });
  set('quoridor.local.L1', { id: 'L1', entries: [] });
  set('quoridor.name', 'Ana');
  set('quoridor.home', { size: '9' });
  set('quoridor.chat', true);
  set('quoridor.puzzles', { rating: 1014 });
  set('quoridor.learn.done', ['jump']);
  set('quoridor.club.pupil', { id: 'c1', token: 'pupil-token', name: 'Léa' });
  set('quoridor.club.classes', [{ id: 'kept', token: 't1' }, { id: 'guest', token: 't2' }]);
  set('quoridor.club.cups', [{ id: 'kept', token: 't3' }]);
  set('quoridor.lang', 'fr');
  set('quoridor.cls.speak', true);
  set('quoridor.learn.child', true);
  set('quoridor.board.depth', 12);
  forgetPerson(['kept']);
  assert.deepEqual(ls.keys(), [
    'quoridor.board.depth', 'quoridor.cls.speak', 'quoridor.club.classes', 'quoridor.lang', 'quoridor.learn.child',
  ]);
  // A class made without the account stays: nothing else opens it again.
  assert.deepEqual(JSON.parse(ls.getItem('quoridor.club.classes')), [{ id: 'guest', token: 't2' }]);
  const left = ls.keys().map((k) => ls.getItem(k)).join(' ');
  for (const secret of ['seat-token', 'pupil-token', 't1', 't3', 'Ana', 'Léa']) assert.ok(!left.includes(secret), secret);
});
