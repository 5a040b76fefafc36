import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stack, trendPoints } from '../lib/bars.js';

test('the tallest column fills the chart and the parts stack from the bottom', () => {
  const drawn = stack([{ label: 'a', parts: [2, 1, 1] }, { label: 'b', parts: [1, 0, 1] }], 100);
  assert.deepEqual(drawn[0], [[50, 50], [25, 25], [0, 25]]);
  assert.deepEqual(drawn[1], [[75, 25], [75, 0], [50, 25]]);
});

test('nothing done draws nothing, never a division by zero', () => {
  assert.deepEqual(stack([{ label: 'a', parts: [0, 0] }], 100), [[[100, 0], [100, 0]]]);
  assert.deepEqual(stack([], 100), []);
});

test('charts on one scale: a column of max fills the chart, whatever is tallest', () => {
  const drawn = stack([{ label: 'a', parts: [1, 1] }], 100, 4);
  assert.deepEqual(drawn[0], [[75, 25], [50, 25]]);
  // A column taller than max still fits.
  assert.deepEqual(stack([{ label: 'a', parts: [8] }], 100, 4)[0], [[0, 100]]);
});

test('a trend runs left to right, 1 at the top, and skips weeks with nothing', () => {
  const at = trendPoints([{ label: 'a', value: 0 }, { label: 'b', value: null }, { label: 'c', value: 1 }], 100, 20);
  assert.deepEqual(at, [[0, 20], null, [100, 0]]);
  assert.deepEqual(trendPoints([{ label: 'a', value: 0.5 }], 100, 20), [[50, 10]]);
});
