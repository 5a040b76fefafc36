import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stack } from '../lib/bars.js';

test('the tallest column fills the chart and the parts stack from the bottom', () => {
  const drawn = stack([{ label: 'a', parts: [2, 1, 1] }, { label: 'b', parts: [1, 0, 1] }], 100);
  assert.deepEqual(drawn[0], [[50, 50], [25, 25], [0, 25]]);
  assert.deepEqual(drawn[1], [[75, 25], [75, 0], [50, 25]]);
});

test('nothing done draws nothing, never a division by zero', () => {
  assert.deepEqual(stack([{ label: 'a', parts: [0, 0] }], 100), [[[100, 0], [100, 0]]]);
  assert.deepEqual(stack([], 100), []);
});
