import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GROOVE, Geometry, MARGIN, SQUARE, STEP } from '../lib/board/geometry.js';
import { fenceName } from '../lib/position.js';

const sizes = [3, 4, 5, 9, 11];

test('every square is drawn once and found back, on every size and turn', () => {
  for (const n of sizes) {
    for (let rot = 0; rot < 4; rot++) {
      const g = new Geometry(n, rot);
      const drawn = new Set();
      for (let c = 0; c < n; c++) {
        for (let r = 0; r < n; r++) {
          const v = g.toVisual(c, r);
          assert.deepEqual(g.toLogical(v.i, v.j), { c, r });
          drawn.add(`${v.i},${v.j}`);
          const centre = g.centreOf(c, r);
          assert.deepEqual(g.squareUnder(centre.x, centre.y), { c, r });
        }
      }
      assert.equal(drawn.size, n * n);
    }
  }
});

test('South is at the bottom, and each turn brings the next seat there', () => {
  const n = 9;
  assert.equal(new Geometry(n, 0).goalSide('south'), 'top');
  assert.equal(new Geometry(n, 0).goalSide('north'), 'bottom');
  assert.equal(new Geometry(n, 1).goalSide('west'), 'top');
  assert.equal(new Geometry(n, 2).goalSide('north'), 'top');
  assert.equal(new Geometry(n, 3).goalSide('east'), 'top');
  assert.deepEqual(new Geometry(n, 0).squareAt(0, 0), { x: MARGIN, y: MARGIN + 8 * STEP }, 'a1 bottom left');
  assert.equal(new Geometry(n, 0).side, 2 * MARGIN + 9 * SQUARE + 8 * GROOVE);
});

test('the middle of each slot\'s hit area picks exactly that fence', () => {
  for (const n of sizes) {
    for (let rot = 0; rot < 4; rot++) {
      const g = new Geometry(n, rot);
      for (let c = 0; c < n - 1; c++) {
        for (let r = 0; r < n - 1; r++) {
          for (const o of ['h', 'v']) {
            const f = { c, r, o };
            const s = g.slotRect(f);
            const loc = g.locate(s.x + s.w / 2, s.y + s.h / 2);
            assert.equal(fenceName(g.strictSlot(loc)), fenceName(f), `n=${n} rot=${rot}`);
            assert.equal(fenceName(g.nearestSlot(loc)), fenceName(f));
            // The fence covers its slot.
            const whole = g.fenceRect(f);
            assert.ok(whole.x <= s.x && whole.y <= s.y && whole.x + whole.w >= s.x + s.w && whole.y + whole.h >= s.y + s.h);
          }
        }
      }
    }
  }
});

test('a point on a square takes the fence along its nearest side; outside there is none', () => {
  const g = new Geometry(9, 0);
  const e5 = g.squareAt(4, 4);
  // Near e5's top side: the fence across above e5, covering e and f.
  assert.equal(fenceName(g.nearestSlot(g.locate(e5.x + 60, e5.y + 5))), 'e5h');
  // Near its left: the upright fence left of e5, on rows 5 and 6.
  assert.equal(fenceName(g.nearestSlot(g.locate(e5.x + 2, e5.y + 30))), 'd5v');
  assert.equal(g.strictSlot(g.locate(e5.x + 50, e5.y + 50)), null, 'a square is no groove');
  assert.equal(g.locate(5, 5), null);
  assert.equal(g.squareUnder(e5.x + SQUARE + GROOVE / 2, e5.y + 10), null, 'a groove is no square');
  // At a crossing: across, unless the fence preferred sits there.
  const cross = g.locate(e5.x + SQUARE + GROOVE / 2, e5.y + SQUARE + GROOVE / 2);
  assert.equal(fenceName(g.strictSlot(cross)), 'e4h');
  assert.equal(fenceName(g.strictSlot(cross, { c: 4, r: 3, o: 'v' })), 'e4v');
});
