import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Geometry } from '../lib/board/geometry.js';
import { BoardKeys, keyAction, slotNear, stepFence, stepSquare, turnSlot } from '../lib/board/input.js';

test('the key table: the same keys in pawn and fence mode, R and Escape only with fences', () => {
  for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) {
    assert.equal(keyAction(key, false), 'move');
    assert.equal(keyAction(key, true), 'move');
  }
  assert.equal(keyAction('Enter', false), 'play');
  for (const key of [' ', 'w', 'W']) assert.equal(keyAction(key, false), 'fences');
  assert.equal(keyAction('r', false), null);
  assert.equal(keyAction('R', true), 'turn');
  assert.equal(keyAction('Escape', false), null);
  assert.equal(keyAction('Escape', true), 'pawns');
  assert.equal(keyAction('x', true), null);
});

test('the arrows move the square cursor as the board is drawn, and stop at its edge', () => {
  const south = new Geometry(9, 0);
  assert.deepEqual(stepSquare(south, { c: 4, r: 0 }, 'ArrowUp'), { c: 4, r: 1 });
  assert.deepEqual(stepSquare(south, { c: 4, r: 0 }, 'ArrowDown'), { c: 4, r: 0 });
  assert.deepEqual(stepSquare(south, { c: 0, r: 3 }, 'ArrowLeft'), { c: 0, r: 3 });
  // North at the bottom: up goes towards row 1.
  const north = new Geometry(9, 2);
  assert.deepEqual(stepSquare(north, { c: 4, r: 8 }, 'ArrowUp'), { c: 4, r: 7 });
  assert.deepEqual(stepSquare(north, { c: 4, r: 8 }, 'ArrowRight'), { c: 3, r: 8 });
  // Every size and turn: four steps each way come back, inside the board.
  for (const n of [3, 5, 11]) {
    for (let rot = 0; rot < 4; rot++) {
      const g = new Geometry(n, rot);
      const mid = (n - 1) >> 1;
      let at = { c: mid, r: mid };
      for (const key of ['ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft']) at = stepSquare(g, at, key);
      assert.deepEqual(at, { c: mid, r: mid });
      let edge = { c: mid, r: mid };
      for (let k = 0; k < n + 2; k++) edge = stepSquare(g, edge, 'ArrowUp');
      assert.ok(edge.c >= 0 && edge.c < n && edge.r >= 0 && edge.r < n);
    }
  }
});

test('the fence cursor moves over the slots only, and turns in place', () => {
  for (const n of [3, 9]) {
    for (let rot = 0; rot < 4; rot++) {
      const g = new Geometry(n, rot);
      let slot = slotNear(n, { c: n - 1, r: n - 1 });
      assert.deepEqual(slot, { c: n - 2, r: n - 2, o: 'h' });
      for (const key of ['ArrowUp', 'ArrowUp', 'ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowRight']) {
        slot = stepFence(g, slot, key);
        assert.ok(slot.c >= 0 && slot.c <= n - 2 && slot.r >= 0 && slot.r <= n - 2, JSON.stringify(slot));
      }
      // A turned fence is drawn in the other direction, at the same place.
      const turned = turnSlot(slot);
      assert.equal(g.visualFence(turned).i, g.visualFence(slot).i);
      assert.notEqual(g.visualFence(turned).o, g.visualFence(slot).o);
    }
  }
});

// A board without a page: the keys and what the page is told.
function keyboard({ playing = true, canFence = true } = {}) {
  const told = [];
  const view = { n: 9, geom: new Geometry(9, 0), layers: {} };
  const keys = new BoardKeys(/** @type {any} */ (view));
  keys.hooks = {
    playing: () => playing,
    elsewhere: (key) => told.push(['elsewhere', key]),
    canFence: () => canFence,
    start: () => ({ c: 4, r: 0 }),
    square: (name) => told.push(['square', name]),
    fence: (name) => told.push(['fence', name]),
    preview: (name) => told.push(['preview', name]),
    modeChanged: (on) => told.push(['mode', on]),
    describe: (target) => JSON.stringify(target),
    modeText: (on) => (on ? 'fences' : 'pawns'),
    announce: (text) => told.push(['say', text]),
  };
  const press = (key) => {
    let prevented = false;
    keys.key(/** @type {any} */ ({ key, preventDefault: () => { prevented = true; } }));
    return prevented;
  };
  return { keys, told, press };
}

test('from the keyboard: a pawn step, then a fence turned and placed', () => {
  const { keys, told, press } = keyboard();
  assert.ok(press('ArrowUp'));
  assert.ok(press('Enter'));
  assert.deepEqual(told.splice(0), [['say', '{"square":"e2"}'], ['square', 'e2']]);
  assert.ok(press('w'));
  assert.equal(keys.fenceMode, true);
  assert.deepEqual(told.splice(0), [['mode', true], ['preview', 'e2h'], ['say', 'fences'], ['say', '{"fence":"e2h"}']]);
  press('r');
  press('ArrowLeft');
  press('Enter');
  assert.deepEqual(told.splice(0), [
    ['preview', 'e2v'], ['say', '{"fence":"e2v"}'],
    ['preview', 'd2v'], ['say', '{"fence":"d2v"}'],
    ['fence', 'd2v'],
  ]);
  press('Escape');
  assert.equal(keys.fenceMode, false);
  assert.deepEqual(told.splice(0), [['mode', false], ['say', 'pawns']]);
  // Keys the board does not use are left to the page.
  assert.equal(press('x'), false);
});

test('out of play, left and right go to the replay; no fence mode when the page forbids it', () => {
  const { keys, told, press } = keyboard({ playing: false, canFence: false });
  press('ArrowLeft');
  press('End');
  assert.deepEqual(told.splice(0), [['elsewhere', 'ArrowLeft'], ['elsewhere', 'End']]);
  // The cursor still explores the board.
  press('ArrowUp');
  assert.deepEqual(told.splice(0), [['say', '{"square":"e2"}']]);
  press(' ');
  assert.equal(keys.fenceMode, false);
  assert.deepEqual(told, []);
});
