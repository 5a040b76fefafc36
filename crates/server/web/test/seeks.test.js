import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applySeeks, SHOWN } from '../lib/seeks.js';

const seek = (id) => ({ id, name: 'p' + id, account: false, rating: null, provisional: false, clock: null, speed: null, rated: false, range: null });
const ids = (list) => list.map((s) => s.id);

test('the list is taken whole once, then kept by its changes', () => {
  let list = applySeeks([], { type: 'seeks', seeks: [seek(3), seek(1)], total: 2 });
  assert.deepEqual(ids(list), [3, 1]);
  list = applySeeks(list, { type: 'changes', added: [seek(4)], removed: [], total: 3 });
  assert.deepEqual(ids(list), [4, 3, 1]);
  list = applySeeks(list, { type: 'changes', added: [], removed: [3, 99], total: 2 });
  assert.deepEqual(ids(list), [4, 1]);
  // A seek that came with the first list and again as a change is kept once.
  list = applySeeks(list, { type: 'changes', added: [seek(4)], removed: [], total: 2 });
  assert.deepEqual(ids(list), [4, 1]);
  // An older seek entering the list shown takes its place by its id.
  list = applySeeks(list, { type: 'changes', added: [seek(2)], removed: [4], total: 2 });
  assert.deepEqual(ids(list), [2, 1]);
  // Other messages change nothing.
  assert.equal(applySeeks(list, { type: 'pong' }), list);
});

test('no more than the lobby shows', () => {
  const many = Array.from({ length: SHOWN + 5 }, (_, i) => seek(i + 1));
  const list = applySeeks([], { type: 'changes', added: many, removed: [], total: many.length });
  assert.equal(list.length, SHOWN);
  assert.equal(list[0].id, SHOWN + 5);
});
