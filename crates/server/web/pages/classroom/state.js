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
 * The page's state.
 * @type {{
 *   level: number, kind: string | null,
 *   set: {kinds: string[], index: number} | null,
 *   view: any, from: string, route: string[], objects: (string | null)[],
 *   arrows: string[], count: number,
 *   race: {winner: string | null, green: string | null, red: string | null},
 *   mistakes: string[], showing: any,
 *   assignment: {class: string, n: number, index: number, count: number, token: string} | null,
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

export {
  S,
  api,
  lang,
  t,
};
