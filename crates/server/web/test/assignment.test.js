import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assignmentHref, buttons, firstOpen, learnContent, learnItem, nextToDo, rightCount, rightSet, steps } from '../lib/assignment.js';

const rules = (over = {}) => Object.assign({ solution_after_try: true, until_right: false, no_skip: false }, over);
const w = (index, status) => ({ pupil: 1, index, status, attempts: 1, answer: '' });

test('an assignment opens at its first item not answered, or not right when it must be', () => {
  const a = { id: 3, title: 't', count: 4, source: { source: 'sheet' }, created_ms: 0, rules: rules(), work: [w(0, 'right'), w(1, 'wrong'), w(3, 'skipped')] };
  assert.equal(firstOpen(a), 2);
  assert.equal(firstOpen(Object.assign({}, a, { rules: rules({ until_right: true }) })), 1);
  const done = Object.assign({}, a, { work: [0, 1, 2, 3].map((i) => w(i, 'right_after_solution')) });
  assert.equal(firstOpen(done), 0, 'all done: from the start again');
  assert.equal(rightCount(done.work), 4);
  assert.equal(rightCount(a.work), 1);
  // Every item tried: back to the first to redo, not to the first.
  const tried = Object.assign({}, a, { work: [w(0, 'right'), w(1, 'right'), w(2, 'skipped'), w(3, 'wrong')] });
  assert.equal(firstOpen(tried), 2);
});

test('the steps show what is right and open only what the rules allow', () => {
  const a = { id: 3, title: 't', count: 4, source: { source: 'sheet' }, created_ms: 0, rules: rules(), work: [w(0, 'right'), w(1, 'wrong')] };
  assert.deepEqual(steps(a).map((s) => [s.status, s.open]), [['right', true], ['wrong', true], ['todo', true], ['todo', true]]);
  const strict = Object.assign({}, a, { rules: rules({ until_right: true }) });
  assert.deepEqual(steps(strict).map((s) => s.open), [true, true, false, false]);
});

test('puzzles and lessons are done on /learn, exercises in the classroom', () => {
  const a = (source) => ({ id: 7, title: 't', count: 1, source: { source }, created_ms: 0, rules: rules(), work: [] });
  assert.equal(assignmentHref('C 1', a('learn')), '/learn?class=C%201&a=7');
  assert.equal(assignmentHref('C1', a('sheet')), '/classroom?class=C1&a=7');
  assert.equal(assignmentHref('C1', a('exercises')), '/classroom?class=C1&a=7');
});

test('an assignment of /learn has its lessons first, then its puzzles', () => {
  const a = (lessons, puzzles) => ({ id: 1, title: 't', count: lessons.length + puzzles.length, source: { source: 'learn', lessons, puzzles }, created_ms: 0, rules: rules(), work: [] });
  const both = a(['jump', 'edge'], ['p0001']);
  assert.deepEqual([0, 1, 2, 3].map((i) => learnItem(both, i)), [
    { kind: 'lesson', id: 'jump' }, { kind: 'lesson', id: 'edge' }, { kind: 'puzzle', id: 'p0001' }, null]);
  assert.equal(learnContent(both), 'learn');
  assert.equal(learnContent(a([], ['p1'])), 'puzzles');
  assert.equal(learnContent(a(['step'], [])), 'lessons');
  const sheet = { id: 2, title: 't', count: 1, source: { source: 'sheet' }, created_ms: 0, rules: rules(), work: [] };
  assert.equal(learnItem(sheet, 0), null);
  assert.equal(learnContent(sheet), null);
});

test('the buttons follow the rules', () => {
  assert.deepEqual(buttons(rules(), { tried: false, right: false }), { solution: false, skip: true, next: false });
  assert.deepEqual(buttons(rules(), { tried: true, right: false }), { solution: true, skip: true, next: true });
  assert.deepEqual(buttons(rules({ solution_after_try: false }), { tried: false, right: false }).solution, true);
  assert.deepEqual(buttons(rules({ until_right: true, no_skip: true }), { tried: true, right: false }), { solution: true, skip: false, next: false });
  assert.deepEqual(buttons(rules({ until_right: true }), { tried: true, right: true }), { solution: false, skip: false, next: true });
});

test('redoing mistakes, "Next" passes over what is right already', () => {
  const work = [
    { index: 0, status: 'right' },
    { index: 1, status: 'wrong' },
    { index: 2, status: 'right_after_solution' },
    { index: 3, status: 'skipped' },
  ];
  const right = rightSet(/** @type {any} */ (work));
  assert.deepEqual([...right].sort(), [0, 2]);
  assert.equal(nextToDo(5, right, 1), 3);
  assert.equal(nextToDo(5, right, 3), 4);
  assert.equal(nextToDo(4, right, 3), 4, 'the end when nothing is left after');
  assert.equal(nextToDo(4, new Set(), 0), 1, 'a first pass goes one by one');
});
