import { test } from 'node:test';
import assert from 'node:assert/strict';

import { clockChoice, clockWords, colourOf, termsWords, timeLeft } from '../lib/challenge.js';

const t = (key, params) => key + (params ? ' ' + JSON.stringify(params) : '');

test('a choice of the form makes days or a clock, never both', () => {
  assert.deepEqual(clockChoice('d3'), { days: 3 });
  assert.deepEqual(clockChoice('5+3'), { clock: { initial_ms: 300000, increment_ms: 3000 } });
  assert.deepEqual(clockChoice('none'), {});
});

test('terms are said in words: days per move, or minutes and seconds', () => {
  assert.equal(clockWords({ per_move_ms: 86400000 }, t), 'clock.day {"d":1}');
  assert.equal(clockWords({ per_move_ms: 3 * 86400000 }, t), 'clock.days {"d":3}');
  assert.equal(clockWords({ per_move_ms: 30000 }, t), 'clock.per_move {"s":30}');
  assert.equal(clockWords({ initial_ms: 300000, increment_ms: 3000 }, t), 'clock.fischer {"m":"5","s":3}');
  assert.equal(clockWords(null, t), 'clock.none');
  assert.equal(termsWords({ clock: { per_move_ms: 7 * 86400000 }, rated: true }, t), 'clock.days {"d":7} · acc.rated');
  assert.equal(termsWords({ clock: { per_move_ms: 86400000 }, rated: true, takebacks: true }, t), 'clock.day {"d":1} · acc.rated · ch.takebacks_on');
  // A casual game allows them whatever the challenge says.
  assert.equal(termsWords({ clock: { per_move_ms: 86400000 }, rated: false, takebacks: true }, t), 'clock.day {"d":1} · acc.casual');
});

test('each side knows its colour; a drawn one is not known yet', () => {
  const c = { from: 'Ana', to: 'Bob', color: 'south' };
  assert.equal(colourOf(c, 'ana'), 'south');
  assert.equal(colourOf(c, 'Bob'), 'north');
  assert.equal(colourOf({ ...c, color: 'north' }, 'Bob'), 'south');
  assert.equal(colourOf({ ...c, color: 'random' }, 'Bob'), null);
});

test('the time left is said in the two largest units', () => {
  assert.equal(timeLeft(2 * 86400000 + 5 * 3600000 + 59000, t), 'time.days_hours {"d":2,"h":5}');
  assert.equal(timeLeft(5 * 3600000 + 12 * 60000, t), 'time.hours_minutes {"h":5,"m":12}');
  // Whole days (a days-a-move clock not running) are said in words.
  assert.equal(timeLeft(86400000, t), 'time.day');
  assert.equal(timeLeft(3 * 86400000 + 59000, t), 'time.days {"d":3}');
  assert.equal(timeLeft(86400000 - 5000, t), 'time.hours_minutes {"h":23,"m":59}');
  assert.equal(timeLeft(12 * 60000 + 5000, t), 'time.minutes {"m":12}');
  assert.equal(timeLeft(45000, t), 'time.seconds {"s":45}');
  assert.equal(timeLeft(-5, t), 'time.seconds {"s":0}');
});
