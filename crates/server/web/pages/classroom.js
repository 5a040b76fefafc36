// @ts-check
// The classroom page: exercises to solve by tapping the board, checked by
// the server (which says what is wrong in the pupil's language), the
// solution shown step by step; the rules for children and games to start;
// the teacher's editor with shared links; the worksheet printer.
//
// Views (by the address's hash): '' start, '#solve', '#rules', '#editor',
// '#print'. `?e=<id>` opens a shared exercise; `?class=<id>&a=<n>` a
// class's assignment, with the pupil's token from club.js's record: each
// answer is checked and recorded by the class, and the teacher sees it.

import { $, $$ } from '../lib/dom.js';
import { store } from '../lib/store.js';
import { languagePicker } from '../lib/topbar.js';
import { loadNextItem, next, openAssignment, readAloud, relabel } from './classroom/assignment.js';
import { editorChanged, editorOpen } from './classroom/editor.js';
import { printOpen } from './classroom/print.js';
import { renderRules } from './classroom/rules.js';
import { go, onGo } from './classroom/nav.js';
import { answerAssignment, checkAnswer, drawRoute, loadExercise, openExercise, renderAnswer, showSolution, stopShowing, toggleSpeaking } from './classroom/solve.js';
import { S, api, lang, t } from './classroom/state.js';

// ------------------------------------------------------------------
// Views
// ------------------------------------------------------------------

const VIEWS = { '': '#cls-start', '#solve': '#cls-solve', '#rules': '#cls-rules', '#editor': '#cls-editor', '#print': '#cls-print' };

function show() {
  let hash = location.hash;
  if (hash === '#solve' && !S.view) hash = '';
  if (!VIEWS[hash]) hash = '';
  for (const [h, sel] of Object.entries(VIEWS)) $(sel).hidden = h !== hash;
  document.title = t('title.classroom');
  if (hash === '#rules') renderRules();
  if (hash === '#editor') editorOpen();
  if (hash === '#print') printOpen();
  const heading = $(VIEWS[hash] + ' h1');
  if (heading) heading.setAttribute('tabindex', '-1');
}


// ------------------------------------------------------------------
// Start
// ------------------------------------------------------------------

function renderLevels() {
  for (const b of $$('.cls-level')) b.setAttribute('aria-checked', String(Number(b.dataset.level) === S.level));
  $('#cls-level-desc').textContent = t('cls.level_desc.' + S.level);
}

// A small picture on each kind's button, drawn here.
function kindPictures() {
  const pics = {
    maze: '<svg viewBox="0 0 40 40"><rect x="2" y="2" width="36" height="36" rx="4" fill="#fbf3e2" stroke="#6b3f1d" stroke-width="3"/><path d="M14 2v22M26 14v24M2 24h8M26 14h8" stroke="#6b3f1d" stroke-width="3" fill="none"/><circle cx="20" cy="20" r="4.5" fill="#d63a2f"/></svg>',
    routes: '<svg viewBox="0 0 40 40"><rect x="2" y="2" width="36" height="36" rx="4" fill="#fbf3e2"/><path d="M9 31V20h11v-9h11" stroke="#d63a2f" stroke-width="3" fill="none" stroke-linecap="round"/><circle cx="9" cy="31" r="5" fill="#d63a2f"/><circle cx="31" cy="11" r="5" fill="#2f6fd6"/><path d="M20 15l1.8 3.6 4 .6-2.9 2.8.7 4-3.6-1.9-3.6 1.9.7-4-2.9-2.8 4-.6z" fill="#f5c518" stroke="#3b2a1a" stroke-width=".8"/></svg>',
    arrows: '<svg viewBox="0 0 40 40"><rect x="2" y="2" width="36" height="36" rx="4" fill="#fbf3e2"/><text x="20" y="25" font-size="13" text-anchor="middle" font-weight="bold" fill="#3b2a1a">2→ 1↑</text></svg>',
    shortest: '<svg viewBox="0 0 40 40"><rect x="2" y="2" width="36" height="36" rx="4" fill="#fbf3e2"/><rect x="2" y="2" width="36" height="8" fill="#d3eed8"/><path d="M20 31V8" stroke="#2f9e44" stroke-width="3" stroke-dasharray="4 3"/><rect x="8" y="17" width="18" height="3" fill="#6b3f1d"/><circle cx="20" cy="32" r="5" fill="#2f9e44"/></svg>',
  };
  for (const node of $$('.cls-kind-pic')) node.innerHTML = pics[node.dataset.pic] || '';
}

function startKind(kind) {
  S.set = null;
  S.kind = kind;
  S.from = '';
  loadExercise(kind);
}

function startSet() {
  const kinds = ['maze', 'routes', 'arrows', 'shortest'];
  const extra = kinds.slice().sort(() => Math.random() - 0.5).slice(0, 2);
  S.set = { kinds: kinds.concat(extra), index: 0 };
  S.from = '';
  loadExercise(S.set.kinds[0]);
}



// ------------------------------------------------------------------
// Start-up
// ------------------------------------------------------------------

function setupLanguage() {
  return languagePicker(() => {
    renderLevels();
    if (!$('#cls-solve').hidden) relabel();
    if (!$('#cls-rules').hidden) renderRules();
    if (!$('#cls-editor').hidden) editorChanged();
    document.title = t('title.classroom');
  });
}

async function openShared(id) {
  try {
    const view = await api('GET', '/api/classroom/exercises/' + encodeURIComponent(id) + '?lang=' + lang());
    S.set = null;
    openExercise(view);
  } catch (e) {
    window.alert(e.status === 404 ? t('cls.not_found') : e.message);
  }
}

async function init() {
  onGo(show);
  await setupLanguage();
  kindPictures();
  renderLevels();
  for (const b of $$('.cls-level')) {
    b.addEventListener('click', () => {
      S.level = Number(b.dataset.level);
      store.set('quoridor.classroom.level', S.level);
      renderLevels();
    });
  }
  for (const b of $$('.cls-kind')) b.addEventListener('click', () => startKind(b.dataset.kind));
  $('#cls-mixed').addEventListener('click', startSet);
  $('#cls-undo').addEventListener('click', () => { if (!S.showing) { S.route.pop(); S.mistakes = []; drawRoute(); renderAnswer(); } });
  $('#cls-clear').addEventListener('click', () => {
    stopShowing();
    S.route = [];
    S.objects = S.objects.map(() => null);
    S.arrows = [];
    S.mistakes = [];
    $('#cls-feedback').hidden = true;
    drawRoute();
    renderAnswer();
  });
  $('#cls-check').addEventListener('click', checkAnswer);
  $('#cls-show').addEventListener('click', showSolution);
  $('#cls-next').addEventListener('click', next);
  $('#cls-read').addEventListener('click', readAloud);
  $('#cls-speak').addEventListener('click', toggleSpeaking);
  $('#cls-back').addEventListener('click', (e) => {
    e.preventDefault();
    stopShowing();
    if (S.assignment) location.href = '/join';
    else go(S.from || '');
  });
  $('#cls-skip').addEventListener('click', async () => {
    stopShowing();
    const a = S.assignment;
    if (a && await answerAssignment({ index: a.index, skip: true })) loadNextItem();
  });
  window.addEventListener('hashchange', show);
  const query = new URLSearchParams(location.search);
  const shared = query.get('e');
  show();
  if (shared) openShared(shared);
  if (query.get('class') && query.get('a')) openAssignment(query.get('class'), Number(query.get('a')));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();

