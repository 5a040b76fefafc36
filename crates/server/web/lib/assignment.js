// @ts-check
// A class's assignment as its pupil works through it, the same on the
// classroom's page (exercises) and on /learn (puzzles and lessons): where
// to start, what is right, where it is played. Pure: views in, facts out.

/** @typedef {import('./views.js').AssignmentView} AssignmentView */
/** @typedef {import('./views.js').WorkView} WorkView */

/** @param {WorkView} w */
export function isRight(w) {
  return w.status === 'right' || w.status === 'right_after_solution';
}

/**
 * How many items are right (with or without the solution).
 * @param {WorkView[]} work
 */
export function rightCount(work) {
  return work.filter(isRight).length;
}

/**
 * The item to open: the first not answered yet (not right yet, in an
 * assignment done until right); once every item has been tried, the first
 * still to redo (wrong or skipped); the first when all are right.
 * @param {AssignmentView} a
 */
export function firstOpen(a) {
  const right = new Set(a.work.filter(isRight).map((w) => w.index));
  const tried = new Set(a.work.map((w) => w.index));
  const first = (/** @type {Set<number>} */ done) => {
    let i = 0;
    while (i < a.count && done.has(i)) i += 1;
    return i < a.count ? i : -1;
  };
  const open = a.rules.until_right ? first(right) : first(tried);
  if (open >= 0) return open;
  const redo = first(right);
  return redo >= 0 ? redo : 0;
}

/**
 * The item after `from` to go to: the next one not right yet, so that a
 * pupil redoing their mistakes goes from one to the next without passing
 * through what is right already; `count` (the end) when none is left
 * after it.
 * @param {number} count @param {Set<number>} right @param {number} from
 */
export function nextToDo(count, right, from) {
  let i = from + 1;
  while (i < count && right.has(i)) i += 1;
  return i;
}

/**
 * The indices of the items right (with or without the solution).
 * @param {WorkView[]} work
 */
export function rightSet(work) {
  return new Set(work.filter(isRight).map((w) => w.index));
}

/**
 * Each item's state for the row of numbered steps a pupil moves along:
 * `right`, `right_after_solution`, `wrong`, `skipped` or `todo`; and
 * whether it may be opened now (an assignment done until right, or with
 * no skipping, opens nothing past its first item not done).
 * @param {AssignmentView} a
 * @returns {{index: number, status: string, open: boolean}[]}
 */
export function steps(a) {
  const status = new Map(a.work.map((w) => [w.index, w.status]));
  const limit = a.rules.until_right || a.rules.no_skip ? firstOpen(a) : a.count - 1;
  const out = [];
  for (let i = 0; i < a.count; i += 1) {
    out.push({ index: i, status: status.get(i) || 'todo', open: i <= limit || status.has(i) });
  }
  return out;
}

/**
 * Whether the assignment is played on /learn (puzzles or rules lessons)
 * rather than on the classroom's page.
 * @param {AssignmentView} a
 */
export function onLearn(a) {
  const source = /** @type {{source?: string}} */ (a.source).source;
  return source === 'learn';
}

/**
 * Item `i` of an assignment of /learn: its lessons come first, then its
 * puzzles; null past its end or for other assignments.
 * @param {AssignmentView} a
 * @param {number} i
 * @returns {{kind: 'lesson' | 'puzzle', id: string} | null}
 */
export function learnItem(a, i) {
  if (!onLearn(a)) return null;
  const source = /** @type {{lessons?: string[], puzzles?: string[]}} */ (a.source);
  const lessons = source.lessons || [];
  const puzzles = source.puzzles || [];
  if (i < lessons.length) return { kind: 'lesson', id: lessons[i] };
  const id = puzzles[i - lessons.length];
  return id ? { kind: 'puzzle', id } : null;
}

/**
 * What an assignment of /learn holds: 'lessons', 'puzzles' or both
 * ('learn'); null for other assignments.
 * @param {AssignmentView} a
 */
export function learnContent(a) {
  if (!onLearn(a)) return null;
  const source = /** @type {{lessons?: string[], puzzles?: string[]}} */ (a.source);
  const lessons = (source.lessons || []).length > 0;
  const puzzles = (source.puzzles || []).length > 0;
  return lessons && puzzles ? 'learn' : lessons ? 'lessons' : 'puzzles';
}

/**
 * The page where a pupil does an assignment.
 * @param {string} classId
 * @param {AssignmentView} a
 */
export function assignmentHref(classId, a) {
  return (onLearn(a) ? '/learn' : '/classroom') + '?class=' + encodeURIComponent(classId) + '&a=' + a.id;
}

/**
 * Which buttons an item shows, by the assignment's rules and how it went:
 * the solution (after a try where the rules say so), skip (unless ruled
 * out, and not once right), next (once right; after any try unless each
 * must be right first).
 * @param {import('./views.js').AssignmentRules} rules
 * @param {{tried: boolean, right: boolean}} item
 */
export function buttons(rules, item) {
  return {
    solution: !item.right && (item.tried || !rules.solution_after_try),
    skip: !item.right && !rules.no_skip,
    next: item.right || (item.tried && !rules.until_right),
  };
}
