// @ts-check
// A class's assignment: its exercises one after another, each answer
// checked and recorded by the class.

import { firstOpen, nextToDo, rightCount, rightSet, steps } from '../../lib/assignment.js';
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



// The marks of the steps, beside their words (read by a screen reader).
const MARKS = { right: '✓', right_after_solution: '✓', wrong: '✗', skipped: '–', todo: '' };

/** The numbered steps: what is right, what to redo; a tap opens one. */
function renderSteps() {
  const a = S.assignment;
  const nav = $('#cls-steps');
  if (!a) {
    nav.hidden = true;
    return;
  }
  nav.hidden = false;
  nav.replaceChildren(...steps(a.view).map((s) => {
    const current = S.view !== null && s.index === a.index;
    return el('button', {
      type: 'button',
      class: 'cls-step ' + s.status + (current ? ' current' : ''),
      'aria-current': current ? 'step' : null,
      'aria-label': t('cls.step', { n: s.index + 1, status: t('cls.step_' + s.status) }),
      title: t('cls.step_' + s.status),
      disabled: !s.open,
      onclick: () => { stopShowing(); loadAssignment(s.index); },
    }, el('span', { text: String(s.index + 1) }), el('span', { class: 'cls-step-mark', 'aria-hidden': 'true', text: MARKS[s.status] || '' }));
  }));
}

async function loadAssignment(index) {
  const a = openedAssignment();
  if (index >= a.count) {
    S.view = null;
    // The end: well done only if everything is right; otherwise what is
    // still to do (skipped, wrong or not tried), with a way to each.
    try {
      const me = await api('GET', '/api/classes/' + encodeURIComponent(a.class) + '/me', undefined, a.token);
      const mine = me.assignments.find((x) => x.id === a.n);
      if (mine) a.view = mine;
    } catch (_) { /* offline: what this page saw */ }
    const left = a.count - rightCount(a.view.work);
    $('#cls-solve-title').textContent = t('cls.end_title');
    $('#cls-instruction').textContent = '';
    $('#cls-progress').textContent = '';
    feedback(left === 0, [left === 0 ? t('club.all_done') : I18n.tn('club.end_left', left)]);
    const box = $('#cls-feedback');
    const redo = left > 0 ? firstOpen(a.view) : -1;
    if (redo >= 0) box.append(el('button', { type: 'button', class: 'btn primary big', text: t('cls.redo_n', { n: redo + 1 }), onclick: () => loadAssignment(redo) }));
    box.append(el('a', { class: 'btn big' + (redo >= 0 ? '' : ' primary'), href: '/join', text: t('club.back_home') }));
    $('#cls-board').replaceChildren();
    for (const id of ['#cls-check', '#cls-show', '#cls-next', '#cls-skip', '#cls-undo', '#cls-clear']) $(id).hidden = true;
    renderSteps();
    return;
  }
  a.index = index;
  a.answered = false;
  try {
    const view = await api('GET', assignmentUrl('/exercises/' + index + '?lang=' + lang()), undefined, a.token);
    S.from = '';
    openExercise(view);
    renderSteps();
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
    S.assignment = { class: classId, n, index: 0, count: mine.count, token: rec.token, answered: false, rules, view: mine, onWork: renderSteps };
    $('#cls-back').setAttribute('href', '/join');
    loadAssignment(first);
  } catch (e) {
    window.alert(e.message);
  }
}

/** The assignment's next item not right yet (a pupil redoing mistakes
 * goes from one to the next), or its end. */
function loadNextItem() {
  const a = openedAssignment();
  loadAssignment(nextToDo(a.count, rightSet(a.view.work), a.index));
}

function next() {
  stopShowing();
  if (S.assignment) {
    loadNextItem();
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
  loadNextItem,
  loadAssignment,
  next,
  openAssignment,
  readAloud,
  relabel,
};
