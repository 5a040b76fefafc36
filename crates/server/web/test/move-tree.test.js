import { test } from 'node:test';
import assert from 'node:assert/strict';

import { MAX_NODES, MoveTree } from '../lib/move-tree.js';

test('a move played elsewhere becomes a branch; played again, it is followed', () => {
  const tree = MoveTree.ofLine(['e2', 'e8', 'e3']);
  assert.equal(tree.size, 3);
  assert.deepEqual(tree.add(['e2'], ['d8', 'e3']), ['e2', 'd8', 'e3']);
  assert.equal(tree.format(), 'e2 e8 (d8 e3) e3');
  // The same move where it already is: no twin.
  assert.deepEqual(tree.add(['e2'], ['d8']), ['e2', 'd8']);
  assert.deepEqual(tree.add([], ['E2']), ['e2']);
  assert.equal(tree.size, 5);
  assert.equal(tree.node(['e2', 'f8']), null);
  assert.equal(tree.add(['e2', 'f8'], ['e3']), null);
});

test('its text is read back into the same tree, nested variations included', () => {
  const text = 'e2 e8 (d8 e3 (d2h) d7) (f8) e3 e7 (e3h e4)';
  const read = MoveTree.parse(text);
  assert.equal(read.error, null);
  const tree = /** @type {MoveTree} */ (read.tree);
  assert.equal(tree.format(), text);
  assert.equal(tree.size, 11);
  assert.deepEqual(tree.end([]), ['e2', 'e8', 'e3', 'e7']);
  assert.deepEqual(tree.end(['e2', 'd8']), ['e2', 'd8', 'e3', 'd7']);
  assert.ok(tree.node(['e2', 'd8', 'd2h']));
  assert.ok(tree.node(['e2', 'e8', 'e3', 'e3h', 'e4']));
  assert.equal(MoveTree.parse('').tree?.format(), '');
  assert.equal(MoveTree.parse('  e2   (d2) ').tree?.format(), 'e2 (d2)');
});

test('bad text is refused with what is wrong', () => {
  for (const [text, why] of [
    ['(e2)', 'a variation must follow a move'],
    ['e2 (e3', 'a bracket is not closed'],
    ['e2 )', 'a bracket closes that was not opened'],
    ['e2 ()', 'a variation holds no move'],
    ['e2 zz', '"zz" is not a move'],
    ['e2 <script>', '"<script>" is not a move'],
    ['e2 e0', '"e0" is not a move'],
  ]) {
    assert.deepEqual(MoveTree.parse(text), { tree: null, error: why }, text);
  }
});

test('no tree grows past its limit, from a link or by playing', () => {
  const many = [];
  for (let i = 0; i < MAX_NODES + 1; i++) many.push(i % 2 ? 'e8' : 'e2');
  assert.equal(MoveTree.parse(many.join(' ')).error, `more than ${MAX_NODES} moves`);
  const tree = MoveTree.ofLine(many.slice(0, MAX_NODES));
  assert.equal(tree.size, MAX_NODES);
  assert.equal(tree.add([], ['d2']), null);
  // Following moves already there still works.
  assert.deepEqual(tree.add([], ['e2', 'e8']), ['e2', 'e8']);
});

test('moving along: forward, back to a brother, to the end', () => {
  const tree = /** @type {MoveTree} */ (MoveTree.parse('e2 e8 (d8) (f8 e3) e3').tree);
  assert.deepEqual(tree.forward([]), ['e2']);
  assert.deepEqual(tree.forward(['e2']), ['e2', 'e8']);
  assert.deepEqual(tree.forward(['e2', 'e8', 'e3']), ['e2', 'e8', 'e3']);
  assert.deepEqual(tree.sibling(['e2', 'e8'], 1), ['e2', 'd8']);
  assert.deepEqual(tree.sibling(['e2', 'd8'], 1), ['e2', 'f8']);
  assert.deepEqual(tree.sibling(['e2', 'f8'], 1), ['e2', 'f8']);
  assert.deepEqual(tree.sibling(['e2', 'e8'], -1), ['e2', 'e8']);
  assert.deepEqual(tree.sibling([], 1), []);
  assert.deepEqual(tree.end(['e2', 'f8']), ['e2', 'f8', 'e3']);
  assert.ok(tree.isMain(['e2', 'e8', 'e3']));
  assert.ok(!tree.isMain(['e2', 'f8']));
});

test('a variation is promoted a step at a time, and deleted with what follows', () => {
  const tree = /** @type {MoveTree} */ (MoveTree.parse('e2 e8 (d8) (f8 e3 (d2h)) e3').tree);
  // From deep inside: the nearest move that is not a first child moves.
  assert.ok(tree.promote(['e2', 'f8', 'e3']));
  assert.equal(tree.format(), 'e2 e8 (f8 e3 (d2h)) (d8) e3');
  assert.ok(tree.promote(['e2', 'f8', 'e3']));
  assert.equal(tree.format(), 'e2 f8 (e8 e3) (d8) e3 (d2h)');
  assert.ok(tree.isMain(['e2', 'f8', 'e3']));
  assert.ok(!tree.promote(['e2', 'f8', 'e3']));
  assert.ok(tree.promote(['e2', 'f8', 'd2h']));
  assert.equal(tree.format(), 'e2 f8 (e8 e3) (d8) d2h (e3)');
  assert.ok(!tree.promote(['e2', 'h8']));

  const before = tree.size;
  assert.deepEqual(tree.remove(['e2', 'e8']), ['e2']);
  assert.equal(tree.size, before - 2);
  assert.equal(tree.format(), 'e2 f8 (d8) d2h (e3)');
  assert.deepEqual(tree.remove(['e2', 'x9']), ['e2', 'x9']);
  assert.deepEqual(tree.remove([]), []);
  assert.deepEqual(tree.remove(['e2']), []);
  assert.equal(tree.size, 0);
  assert.equal(tree.format(), '');
});
