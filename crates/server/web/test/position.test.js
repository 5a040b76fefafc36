import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fenceName, gameLine, parseFence, readNotation, writeNotation, parsePosition, parseSquare, positionAt, seatOrder, squareName, startSquare } from '../lib/position.js';

test('squares and fences read and written back', () => {
  assert.deepEqual(parseSquare('e2'), { c: 4, r: 1 });
  assert.deepEqual(parseSquare('K11'), { c: 10, r: 10 });
  assert.equal(parseSquare('l1'), null);
  assert.equal(parseSquare('e'), null);
  assert.equal(parseSquare(null), null);
  assert.deepEqual(parseFence('e3h'), { c: 4, r: 2, o: 'h' });
  assert.equal(parseFence('e3'), null);
  assert.equal(parseFence('e3x'), null);
  for (const name of ['a1h', 'k10v', 'e3h']) assert.equal(fenceName(/** @type {any} */ (parseFence(name))), name);
  assert.equal(squareName(0, 8), 'a9');
});

test('pawns start in the middle of their side, on every size', () => {
  assert.deepEqual(startSquare('south', 9), { c: 4, r: 0 });
  assert.deepEqual(startSquare('north', 9), { c: 4, r: 8 });
  assert.deepEqual(startSquare('west', 5), { c: 0, r: 2 });
  assert.deepEqual(startSquare('east', 4), { c: 3, r: 1 });
  assert.deepEqual(seatOrder({ settings: { players: 4 } }), ['south', 'west', 'north', 'east']);
  assert.deepEqual(seatOrder({ seats: [{ seat: 'north' }, { seat: 'south' }] }), ['north', 'south']);
  assert.deepEqual(seatOrder(null), ['south', 'north']);
});

test('a position shows pawns, fences, fences left, scores and seats that left', () => {
  const seats = /** @type {const} */ (['south', 'west', 'north', 'east']);
  const p = parsePosition('9 e2,-,e8,i5 e3h,d4v 8,10,9,- west 7 scores=3,0,1,2', seats);
  assert.deepEqual(p.pawns, { south: 'e2', north: 'e8', east: 'i5' });
  assert.deepEqual([...p.out], ['west']);
  assert.deepEqual(p.fences, ['e3h', 'd4v']);
  assert.deepEqual(p.fencesLeft, { south: 8, west: 10, north: 9, east: null });
  assert.deepEqual(p.scores, { south: 3, west: 0, north: 1, east: 2 });
  const empty = parsePosition('5 c1,c5 - 3,3 south 0', ['south', 'north']);
  assert.deepEqual(empty.fences, []);
  assert.deepEqual(empty.scores, { south: 0, north: 0 });
});

test('the position after k moves knows the last move and where the pawn came from', () => {
  const game = { settings: { size: 9, players: 2, fences: 10 } };
  const moves = [
    { seat: /** @type {const} */ ('south'), move: 'e2', position: '9 e2,e9 - 10,10 north 1' },
    { seat: /** @type {const} */ ('north'), move: 'e3h', position: '9 e2,e9 e3h 10,9 south 2' },
    { seat: /** @type {const} */ ('south'), move: 'resign', position: '9 e2,e9 e3h 10,9 north 3' },
  ];
  const start = positionAt(game, moves, 0);
  assert.deepEqual(start.pawns, { south: 'e1', north: 'e9' });
  assert.deepEqual(start.fencesLeft, { south: 10, north: 10 });
  assert.equal(start.last, null);
  assert.deepEqual(positionAt(game, moves, 1).last, { seat: 'south', move: 'e2', kind: 'pawn', from: 'e1' });
  assert.deepEqual(positionAt(game, moves, 2).last, { seat: 'north', move: 'e3h', kind: 'fence' });
  assert.equal(positionAt(game, moves, 3).last?.kind, 'other');
  assert.deepEqual(positionAt(game, moves, 99).fences, ['e3h'], 'past the end is the last position');
  assert.deepEqual(positionAt({ settings: { size: 5, fences: null } }, [], 4).fencesLeft, { south: null, north: null });
});

test('a position\'s fields are read and written back as they were', () => {
  for (const text of ['9 e1,e9 - 10,10 south 0', '9 e2,-,e8,i5 e3h,d4v 8,10,9,- west 7 scores=3,0,1,2', '5 c1,c5 - 3,3 north 12']) {
    const n = readNotation(text);
    assert.ok(n);
    assert.equal(writeNotation(n), text);
  }
  const n = /** @type {any} */ (readNotation('9 e1,e9 - 10,10 south 0'));
  n.pawns[1] = 'c5';
  n.fences.push('e3h');
  assert.equal(writeNotation(n), '9 e1,c5 e3h 10,10 south 0');
  assert.equal(readNotation('9 e1,e9'), null);
  assert.equal(readNotation('x e1,e9 - 10,10 south 0'), null);
});

test('a game opens on the analysis board from its start, with its moves on the board', () => {
  const game = { settings: { size: 9 }, position: '9 e3,e9 e3h - 10,9 north 3' };
  const moves = [
    { seat: /** @type {const} */ ('south'), move: 'e2', position: '9 e2,e9 - 10,10 north 1' },
    { seat: /** @type {const} */ ('north'), move: 'e3h', position: '9 e2,e9 e3h 10,9 south 2' },
    { seat: /** @type {const} */ ('south'), move: 'e3', position: '9 e3,e9 e3h 10,9 north 3' },
    { seat: /** @type {const} */ ('north'), move: 'resign', position: '9 e3,e9 e3h 10,9 north 3' },
  ];
  assert.deepEqual(gameLine(game, moves), { root: '9 e1,e9 - 10,10 south 0', moves: ['e2', 'e3h', 'e3'] });
  // A fence first, in a game with options: they are kept, scores zeroed.
  const four = { settings: { size: 9, players: 4 }, position: '' };
  const fence = [{ seat: /** @type {const} */ ('west'), move: 'D4V', position: '9 e1,a5,e9,i5 d4v 5,4,5,5 north 1 teams scoring scores=0,0,0,0' }];
  assert.deepEqual(gameLine(four, fence), { root: '9 e1,a5,e9,i5 - 5,5,5,5 west 0 teams scoring scores=0,0,0,0', moves: ['d4v'] });
  // Resigned before any move: the start, nothing to play.
  const none = [{ seat: /** @type {const} */ ('south'), move: 'resign', position: '9 e1,e9 - 10,10 south 0' }];
  assert.deepEqual(gameLine({ settings: { size: 9 }, position: '9 e1,e9 - 10,10 south 0' }, none), { root: '9 e1,e9 - 10,10 south 0', moves: [] });
});
