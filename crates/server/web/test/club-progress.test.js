import { test } from 'node:test';
import assert from 'node:assert/strict';
import { busiestWeek, onWeeks, rightShare } from '../pages/club/progress.js';

const tally = (first_try, after_tries, after_solution, wrong, skipped) => ({ first_try, after_tries, after_solution, wrong, skipped });

test('every pupil is drawn on the class weeks, nothing where they did nothing', () => {
  const weeks = [{ monday: '2026-11-30', exercises: tally(1, 0, 0, 0, 0) }];
  const laid = onWeeks(['2026-11-23', '2026-11-30'], weeks);
  assert.deepEqual(laid, [tally(0, 0, 0, 0, 0), tally(1, 0, 0, 0, 0)]);
});

test('one scale: the busiest week of any pupil, never zero', () => {
  const pupils = [
    { weeks: [{ monday: 'a', exercises: tally(2, 1, 0, 0, 0) }] },
    { weeks: [{ monday: 'a', exercises: tally(1, 0, 0, 3, 1) }, { monday: 'b', exercises: tally(1, 0, 0, 0, 0) }] },
  ];
  assert.equal(busiestWeek(pupils), 5);
  assert.equal(busiestWeek([{ weeks: [] }]), 1);
});

test('a skill is right without the solution at the first try or after tries', () => {
  assert.equal(rightShare(tally(1, 1, 1, 1, 0)), 0.5);
  assert.equal(rightShare(tally(0, 0, 0, 0, 0)), null);
});
