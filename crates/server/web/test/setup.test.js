import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readNotation, writeNotation } from '../lib/position.js';
import { eraseFences, putFence, setHands, startingFences } from '../lib/setup.js';

const START = '9 e1,e9 - 10,10 south 0';

test('a fence put in the set-up comes from the hand of the side to move', () => {
  const p = readNotation(START);
  const put = putFence(p, 'e3h');
  assert.ok(put.ok);
  assert.equal(writeNotation(put.p), '9 e1,e9 e3h 9,10 south 0');
  assert.deepEqual(putFence(put.p, 'e3h'), { ok: false, why: 'there' });
  const empty = readNotation('9 e1,e9 - 0,10 south 0');
  assert.deepEqual(putFence(empty, 'a1h'), { ok: false, why: 'none_left' });
  const north = putFence(readNotation('9 e1,e9 - 0,10 north 0'), 'a1h');
  assert.ok(north.ok && writeNotation(north.p) === '9 e1,e9 a1h 0,9 north 0');
});

test('an erased fence goes back to a hand, never beyond what the players started with', () => {
  const p = readNotation('9 e1,e9 e3h,e3v 10,9 south 0');
  // Both fences anchored at e3: the side to move is full, North gets them back
  // up to its ten, and no more.
  assert.equal(writeNotation(eraseFences(p, 'e3')), '9 e1,e9 - 10,10 south 0');
  assert.equal(writeNotation(eraseFences(readNotation('9 e1,e9 a1h 5,5 north 0'), 'a1')), '9 e1,e9 - 5,6 north 0');
});

test('the hands typed in never make more fences than there were', () => {
  const p = readNotation('9 e1,e9 a1h,c1h 9,9 south 0');
  assert.equal(writeNotation(setHands(p, 10, 9, 'south')), '9 e1,e9 a1h,c1h 9,9 south 0');
  assert.equal(writeNotation(setHands(p, 4, 20, 'north')), '9 e1,e9 a1h,c1h 4,10 south 0');
  assert.equal(writeNotation(setHands(p, -3, 2.7, 'north')), '9 e1,e9 a1h,c1h 0,2 south 0');
  assert.deepEqual([5, 7, 9].map(startingFences), [3, 6, 10]);
});
