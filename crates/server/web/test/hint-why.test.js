import { test } from 'node:test';
import assert from 'node:assert/strict';

import { hintWhy } from '../lib/hint-why.js';

const t = (key, params) => key + (params ? ' ' + JSON.stringify(params) : '');
const name = (seat) => seat.toUpperCase();

test('a fence says how much longer it makes the opponent\'s path, and the mover\'s', () => {
  const hint = { move: 'd4h', steps: [{ seat: 'south', before: 6, after: 6 }, { seat: 'north', before: 5, after: 11 }] };
  assert.equal(hintWhy(hint, 'south', name, t), 'hint.why_fence {"them":"NORTH","before":5,"after":11,"mine":6,"mine_before":6}');
  // A fence that slows both: both said.
  const both = { move: 'e3h', steps: [{ seat: 'south', before: 6, after: 7 }, { seat: 'north', before: 5, after: 9 }] };
  assert.match(hintWhy(both, 'south', name, t), /^hint\.why_fence_both /);
  // A fence that lengthens nobody's path yet: it prepares.
  const quiet = { move: 'a3h', steps: [{ seat: 'south', before: 8, after: 8 }, { seat: 'north', before: 8, after: 8 }] };
  assert.equal(hintWhy(quiet, 'south', name, t), 'hint.why_prepares');
});

test('a pawn move says how far each still has to go; four players: the nearest opponent', () => {
  const step = { move: 'e3', steps: [{ seat: 'south', before: 7, after: 6 }, { seat: 'north', before: 7, after: 7 }] };
  assert.equal(hintWhy(step, 'south', name, t), 'hint.why_step {"mine":6,"them":"NORTH","theirs":7}');
  const around = { move: 'd2', steps: [{ seat: 'south', before: 7, after: 7 }, { seat: 'north', before: 4, after: 4 }] };
  assert.match(hintWhy(around, 'south', name, t), /^hint\.why_around /);
  const four = {
    move: 'a6',
    steps: [{ seat: 'west', before: 8, after: 7 }, { seat: 'north', before: 6, after: 6 }, { seat: 'east', before: 3, after: 3 }, { seat: 'south', before: 5, after: 5 }],
  };
  assert.equal(hintWhy(four, 'west', name, t), 'hint.why_step {"mine":7,"them":"EAST","theirs":3}');
  const win = { move: 'e9', steps: [{ seat: 'south', before: 1, after: 0 }, { seat: 'north', before: 4, after: 4 }] };
  assert.equal(hintWhy(win, 'south', name, t), 'hint.why_win');
  assert.equal(hintWhy({ move: 'e2' }, 'south', name, t), '');
});
