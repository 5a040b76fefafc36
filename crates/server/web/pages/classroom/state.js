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
