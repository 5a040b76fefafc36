// The classroom page's state, its words and its calls to the server.

import { api as callApi } from '../../lib/api.js';
import { I18n } from '../../lib/i18n.js';
import { store } from '../../lib/store.js';
import { go } from '../classroom.js';

const t = (key, params) => I18n.t(key, params);

// The server's refusals carry a message in words; a network failure is ours.
async function api(method, url, body, token) {
  try {
    return await callApi(method, url, body, token);
  } catch (e) {
    if (e.code === 'network') e.message = t('cls.network');
    throw e;
  }
}

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
