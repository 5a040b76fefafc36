// @ts-check
// The classroom page's state, its words and its calls to the server.

import { apiSaying } from '../../lib/api.js';
import { I18n } from '../../lib/i18n.js';
import { store } from '../../lib/store.js';

const t = (key, params) => I18n.t(key, params);

// A network failure in the page's own words.
const api = apiSaying(() => t('cls.network'));

const lang = () => I18n.lang;

// ------------------------------------------------------------------
// State
// ------------------------------------------------------------------

/**
 * A class's assignment being done: the class, its number, the exercise
 * shown and whether it has an answer, the pupil's token, its rules.
 * `view` is the pupil's assignment as the class has it (its work kept up
 * to date with each answer); `onWork` redraws the steps after one.
 * @typedef {{class: string, n: number, index: number, count: number, token: string, answered: boolean, rules: import('../../lib/views.js').AssignmentRules, view: import('../../lib/views.js').AssignmentView, onWork: () => void}} Assignment
 */

/**
 * The page's state.
 * @type {{
 *   level: number, kind: string | null,
 *   set: {kinds: string[], index: number} | null,
 *   view: import('../../lib/views.js').ExerciseView | null, from: string, route: string[], objects: (string | null)[],
 *   arrows: string[], count: number,
 *   race: {winner: string | null, green: string | null, red: string | null},
 *   mistakes: string[], showing: any,
 *   assignment: Assignment | null,
 * }}
 */
const S = {
  level: store.get('quoridor.classroom.level', 1),
  kind: null,
  set: null, // {kinds, index}
  view: null, // the server's ExerciseView
  from: '', // the view to go back to
  route: [],
  objects: [],
  arrows: [],
  count: 1,
  race: { winner: null, green: null, red: null },
  mistakes: [],
  showing: null, // the timer of the solution's animation
  assignment: null, // {class, n, index, count, token}
};

/**
 * The assignment being done, for the parts shown only in one.
 * @returns {Assignment}
 */
function openedAssignment() {
  if (!S.assignment) throw new Error('no assignment open');
  return S.assignment;
}

/**
 * The exercise on the page, for the parts drawn only once it has come.
 * @returns {import('../../lib/views.js').ExerciseView}
 */
function shownExercise() {
  if (!S.view) throw new Error('no exercise shown');
  return S.view;
}

function assignmentUrl(path) {
  const a = openedAssignment();
  return '/api/classes/' + encodeURIComponent(a.class) + '/assignments/' + a.n + path;
}

export {
  api,
  assignmentUrl,
  lang,
  openedAssignment,
  S,
  shownExercise,
  t,
};
