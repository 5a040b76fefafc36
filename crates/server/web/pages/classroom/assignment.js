// @ts-check
// A class's assignment: its exercises one after another, each answer
// checked and recorded by the class.

import { firstOpen, rightCount } from '../../lib/assignment.js';
import { $, el } from '../../lib/dom.js';
import { I18n } from '../../lib/i18n.js';
import { speak } from '../../lib/speech.js';
import { store } from '../../lib/store.js';
import { go } from './nav.js';
import { alertBox, feedback, loadExercise, openExercise, renderExercise, stopShowing } from './solve.js';
import { S, api, lang, t, openedAssignment, shownExercise, assignmentUrl } from './state.js';

// ------------------------------------------------------------------
// A class's assignment
// ------------------------------------------------------------------



async function loadAssignment(index) {
  const a = openedAssignment();
  if (index >= a.count) {
    S.view = null;
    // The end: well done only if everything is right; otherwise what is
    // still to do (skipped, wrong or not tried), to come back to.
    let left = 0;
    try {
      const me = await api('GET', '/api/classes/' + encodeURIComponent(a.class) + '/me', undefined, a.token);
      const mine = me.assignments.find((x) => x.id === a.n);
      const right = mine ? rightCount(mine.work) : a.count;
      left = a.count - right;
    } catch (_) { /* offline: say the end only */ }
    feedback(left === 0, [left === 0 ? t('club.all_done') : I18n.tn('club.end_left', left)]);
    const box = $('#cls-feedback');
    box.append(el('a', { class: 'btn primary big', href: '/join', text: t('club.back_home') }));
    $('#cls-board').replaceChildren();
    for (const id of ['#cls-check', '#cls-show', '#cls-next', '#cls-skip', '#cls-undo', '#cls-clear']) $(id).hidden = true;
    return;
  }
  a.index = index;
  a.answered = false;
  try {
    const view = await api('GET', assignmentUrl('/exercises/' + index + '?lang=' + lang()), undefined, a.token);
    S.from = '';
    openExercise(view);
    // "Next" once an answer is in; "Skip" moves on without one (and is
    // recorded as such).
    $('#cls-check').hidden = false;
    $('#cls-next').hidden = true;
  } catch (e) {
    alertBox(e.message);
  }
}

async function openAssignment(classId, n) {
  const rec = store.get('quoridor.club.pupil', null);
  if (!rec || rec.id !== classId) {
    location.href = '/join';
    return;
  }
  try {
    const me = await api('GET', '/api/classes/' + encodeURIComponent(classId) + '/me', undefined, rec.token);
    const mine = me.assignments.find((x) => x.id === n);
    if (!mine) throw new Error(t('cls.not_found'));
    // Start at the first exercise not yet answered (not yet right, in an
    // assignment done until right).
    const rules = mine.rules;
    const first = firstOpen(mine);
    S.assignment = { class: classId, n, index: 0, count: mine.count, token: rec.token, answered: false, rules };
    $('#cls-back').setAttribute('href', '/join');
    loadAssignment(first);
  } catch (e) {
    window.alert(e.message);
  }
}

function next() {
  stopShowing();
  if (S.assignment) {
    loadAssignment(S.assignment.index + 1);
    return;
  }
  if (S.set) {
    S.set.index += 1;
    if (S.set.index >= S.set.kinds.length) {
      S.set = null;
      feedback(true, [t('cls.set_done')]);
      setTimeout(() => go(''), 1600);
      return;
    }
    loadExercise(S.set.kinds[S.set.index]);
  } else if (S.from === '#editor') {
    go('#editor');
  } else {
    loadExercise(shownExercise().kind);
  }
}

function readAloud() {
  speak(shownExercise().instruction, lang());
}

// The same exercise in another language: its words again from the server.
async function relabel() {
  if (!S.view) return;
  try {
    const res = await api('POST', '/api/classroom/analyze', { exercise: shownExercise().exercise, lang: lang() });
    if (res.view) {
      const id = shownExercise().id;
      S.view = Object.assign(res.view, { id });
      renderExercise();
    }
  } catch (_) { /* the words stay as they were */ }
}

export {
  loadAssignment,
  next,
  openAssignment,
  readAloud,
  relabel,
};
