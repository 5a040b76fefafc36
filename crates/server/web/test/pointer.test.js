import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Geometry, MARGIN, STEP, SQUARE } from '../lib/board/geometry.js';
import { BoardPointer } from '../lib/board/pointer.js';

// A 9×9 board drawn with South at the bottom, with no page: points are
// the board's own units, and what the page is told is written down.
function board({ fenceMode = false, active = true } = {}) {
  const told = [];
  const view = { geom: new Geometry(9, 0), point: (e) => ({ x: e.clientX, y: e.clientY }) };
  const ptr = new BoardPointer(/** @type {any} */ (view));
  let previewed = null;
  ptr.hooks = {
    ready: () => true,
    active: () => active,
    fenceMode: () => fenceMode,
    previewed: () => previewed,
    pending: () => null,
    preview: (name) => { previewed = name; told.push(['preview', name]); },
    hover: (square) => told.push(['hover', square]),
    square: (name) => told.push(['square', name]),
    fence: (name, direct) => told.push(['fence', name, direct]),
  };
  return { ptr, told };
}

// The centre of square (c, r), and a point in the across groove above it.
const centre = (c, r) => ({ clientX: MARGIN + c * STEP + SQUARE / 2, clientY: MARGIN + (8 - r) * STEP + SQUARE / 2 });
const grooveAbove = (c, r) => ({ clientX: MARGIN + c * STEP + 60, clientY: MARGIN + (8 - r) * STEP - 12 });
const on = (square) => ({ dataset: { square }, closest: () => ({ dataset: { square } }) });
const bare = { dataset: {}, closest: () => null };

test('a mouse over a groove previews its fence; a click places it, or plays the square', () => {
  const { ptr, told } = board();
  ptr.move(/** @type {any} */ ({ pointerType: 'mouse', ...grooveAbove(4, 0), target: bare }));
  assert.deepEqual(told.splice(0), [['preview', 'e1h'], ['hover', null]]);
  ptr.move(/** @type {any} */ ({ pointerType: 'mouse', ...centre(4, 1), target: on('e2') }));
  assert.deepEqual(told.splice(0), [['preview', null], ['hover', 'e2']]);
  ptr.click(/** @type {any} */ ({ ...centre(4, 1), target: on('e2') }));
  ptr.click(/** @type {any} */ ({ ...grooveAbove(4, 0), target: bare }));
  assert.deepEqual(told.splice(0), [['square', 'e2'], ['fence', 'e1h', true]]);
});

test('a finger: a tap on a groove shows the fence (not direct), and the click that follows is ignored', () => {
  const { ptr, told } = board();
  const tap = { pointerType: 'touch', pointerId: 7, ...grooveAbove(2, 3), target: bare };
  ptr.down(/** @type {any} */ (tap));
  ptr.up(/** @type {any} */ (tap));
  ptr.click(/** @type {any} */ (tap));
  assert.deepEqual(told, [['fence', 'c4h', false]]);
});

test('in fence mode a finger drags the fence, which is placed where it is let go', () => {
  const { ptr, told } = board({ fenceMode: true });
  ptr.down(/** @type {any} */ ({ pointerType: 'touch', pointerId: 1, ...centre(4, 4), target: on('e5') }));
  ptr.move(/** @type {any} */ ({ pointerType: 'touch', pointerId: 1, ...grooveAbove(1, 1), target: bare }));
  ptr.up(/** @type {any} */ ({ pointerType: 'touch', pointerId: 1, ...centre(6, 6), target: on('g7') }));
  const last = told[told.length - 1];
  assert.deepEqual(last, ['fence', 'b2h', false], JSON.stringify(told));
});

test('out of turn nothing is previewed, but a click still reaches the page (which says why not)', () => {
  const { ptr, told } = board({ active: false });
  ptr.move(/** @type {any} */ ({ pointerType: 'mouse', ...grooveAbove(4, 0), target: bare }));
  assert.deepEqual(told, []);
  ptr.click(/** @type {any} */ ({ ...centre(4, 1), target: on('e2') }));
  assert.deepEqual(told, [['square', 'e2']]);
});
