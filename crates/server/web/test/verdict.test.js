import { test } from 'node:test';
import assert from 'node:assert/strict';

import { parseSquare } from '../lib/position.js';
import { arrived, forcedEnd, scoreWords, verdict } from '../lib/verdict.js';

const t = (key, params) => key + (params ? ' ' + JSON.stringify(params) : '');
const name = (seat) => seat.toUpperCase();

test('a forced end is read from the engine\'s words, for the side to move or the other', () => {
  assert.deepEqual(forcedEnd('win in 12', 'north', 'south'), { winner: 'north', loser: 'south', moves: 12 });
  assert.deepEqual(forcedEnd('loss in 5', 'north', 'south'), { winner: 'south', loser: 'north', moves: 5 });
  // Four players: a loss names no winner.
  assert.deepEqual(forcedEnd('loss in 3', 'east', null), { winner: null, loser: 'east', moves: 3 });
  assert.equal(forcedEnd('+0.35', 'south', 'north'), null);
  assert.equal(forcedEnd('', 'south', 'north'), null);
});

test('scores are said in the page\'s words, ordinary values as they are', () => {
  assert.equal(scoreWords('-0.04', 'south', 'north', t, name), '-0.04');
  assert.equal(scoreWords('loss in 7', 'south', 'north', t, name), 'verdict.wins_in {"seat":"NORTH","n":7}');
  assert.equal(scoreWords('win in 1', 'south', 'north', t, name), 'verdict.wins_next {"seat":"SOUTH","n":1}');
  assert.equal(scoreWords('loss in 2', 'west', null, t, name), 'verdict.loses_in {"seat":"WEST","n":2}');
});

test('the pawn on its goal line has won', () => {
  assert.equal(arrived({ size: 9, pawns: ['e9', 'e5'] }, parseSquare), 'south');
  assert.equal(arrived({ size: 9, pawns: ['e5', 'a1'] }, parseSquare), 'north');
  assert.equal(arrived({ size: 5, pawns: ['c5', 'c3'] }, parseSquare), 'south');
  assert.equal(arrived({ size: 9, pawns: ['e2', 'e8'] }, parseSquare), null);
});

test('the verdict names the winner, says a forced end, and the bar agrees', () => {
  const over = verdict({ over: true, value: 0.58, score: '+0.30', turn: 'north' }, 'south', 'south', t, name);
  assert.deepEqual(over, { text: 'verdict.won {"seat":"SOUTH"}', south: 1 });
  const forced = verdict({ over: false, value: 0, score: 'loss in 12', turn: 'south' }, null, 'north', t, name);
  assert.equal(forced.south, 0);
  assert.equal(forced.text, 'verdict.forced {"end":"verdict.wins_in {\\"seat\\":\\"NORTH\\",\\"n\\":12}","turn":"SOUTH"}');
  const open = verdict({ over: false, value: 0.6, score: '+0.20', turn: 'north' }, null, 'south', t, name);
  assert.equal(open.south, 0.4);
  assert.equal(open.text, 'board.eval {"south":40,"north":60,"score":"+0.20","turn":"NORTH"}');
  // Over with no winner known (four players): said as before, the bar even.
  assert.deepEqual(verdict({ over: true, value: 1, score: '', turn: 'east' }, null, null, t, name), { text: 'board.over', south: 0.5 });
});
