// @ts-check
// Solving an exercise: the board, the pupil's route, objects and arrows,
// the check by the server, and the answer key played out.

import { $, $$, el, svgEl } from '../../lib/dom.js';
import { SPEAK_KEY, canSpeak, speak, speaksFeedback, spokenText } from '../../lib/speech.js';
import { store } from '../../lib/store.js';
import { go } from './nav.js';
import { S, api, lang, t, openedAssignment, shownExercise, assignmentUrl } from './state.js';

// ------------------------------------------------------------------
// Solving
// ------------------------------------------------------------------

function openExercise(view) {
  stopShowing();
  S.view = view;
  S.route = [];
  S.objects = (view.exercise.walkers || []).map(() => null);
  S.arrows = [];
  S.count = 1;
  S.race = { winner: null, green: null, red: null };
  S.mistakes = [];
  renderExercise();
  $('#cls-feedback').hidden = true;
  go('#solve');
  $('#cls-solve-title').focus({ preventScroll: true });
}

function renderExercise() {
  const v = shownExercise();
  $('#cls-solve-title').textContent = t('cls.kind.' + v.kind);
  $('#cls-instruction').textContent = v.instruction;
  const a = S.assignment;
  $('#cls-progress').textContent = a
    ? t('club.assignment_of', { n: a.index + 1, total: a.count })
    : S.set ? t('cls.progress', { n: S.set.index + 1, total: S.set.kinds.length }) : '';
  $('#cls-skip').hidden = !a || a.rules.no_skip;
  // In an assignment the solution is shown once an answer is in.
  $('#cls-show').hidden = a !== null && !a.answered && a.rules.solution_after_try;
  $('#cls-read').hidden = !canSpeak();
  showSpeaking();
  const board = $('#cls-board');
  board.innerHTML = v.svg;
  const svg = $('svg', board);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', v.instruction);
  if (v.answer === 'route') {
    for (const cell of $$('rect.cell', svg)) {
      cell.addEventListener('click', () => tapSquare(cell.dataset.sq));
    }
    svg.classList.add('tappable');
    drawWithFinger(svg, v.diagonals);
  }
  $('#cls-undo').hidden = v.answer !== 'route';
  $('#cls-clear').hidden = v.answer === 'race';
  renderAnswer();
  drawRoute();
}

// Where a square's centre is drawn, from its tappable cell.
function centre(svg, sq) {
  const cell = $('rect.cell[data-sq="' + sq + '"]', svg);
  if (!cell) return null;
  return {
    x: Number(cell.getAttribute('x')) + Number(cell.getAttribute('width')) / 2,
    y: Number(cell.getAttribute('y')) + Number(cell.getAttribute('height')) / 2,
  };
}

function startSquare() {
  const ex = shownExercise().exercise;
  return ex.start || ex.green || null;
}

function tapSquare(sq) {
  if (S.showing) return;
  const last = S.route.length ? S.route[S.route.length - 1] : startSquare();
  if (sq === last) return;
  S.route.push(sq);
  S.mistakes = [];
  $('#cls-feedback').hidden = true;
  drawRoute();
  renderAnswer();
}

// A square's file and rank from its name (`b3` → [1, 3]).
/** @param {string} sq */
function squareAt(sq) {
  return [sq.charCodeAt(0) - 97, Number(sq.slice(1))];
}

/** Whether `to` is one step from `from` (diagonally too where allowed). */
function oneStep(from, to, diagonals) {
  const [a, b] = [squareAt(from), squareAt(to)];
  const dx = Math.abs(a[0] - b[0]);
  const dy = Math.abs(a[1] - b[1]);
  return Math.max(dx, dy) === 1 && (diagonals || dx + dy === 1);
}

// A route drawn with a finger (or a held mouse button, or a pen): each
// square the finger enters one step from the last is a step of the
// route. A square counts once the finger is well inside it, so that a
// finger trembling on a border does not go back and forth.
/** @param {SVGSVGElement} svg @param {boolean} diagonals */
function drawWithFinger(svg, diagonals) {
  let drawing = false;
  /** @param {PointerEvent} e */
  const cellUnder = (e) => {
    const hit = document.elementFromPoint(e.clientX, e.clientY);
    if (!(hit instanceof SVGRectElement) || !hit.classList.contains('cell')) return null;
    const r = hit.getBoundingClientRect();
    const inside = Math.abs(e.clientX - (r.left + r.width / 2)) < r.width * 0.35
      && Math.abs(e.clientY - (r.top + r.height / 2)) < r.height * 0.35;
    return inside ? hit.dataset.sq || null : null;
  };
  // No pointer capture: a tap's click must still reach its square (a
  // finger is held by the square it touched, and its moves bubble here).
  svg.addEventListener('pointerdown', () => { drawing = true; });
  svg.addEventListener('pointermove', (e) => {
    if (!drawing || S.showing) return;
    const sq = cellUnder(e);
    const last = S.route.length ? S.route[S.route.length - 1] : startSquare();
    if (sq && last && sq !== last && oneStep(last, sq, diagonals)) tapSquare(sq);
  });
  for (const end of ['pointerup', 'pointercancel', 'pointerleave']) {
    svg.addEventListener(end, () => { drawing = false; });
  }
}

// The pupil's route on the board: a line through the squares (under the
// fences and pawns), the squares of a mistake ringed and each step
// numbered (over them, in the layer the board has after its pawns).
function drawRoute() {
  const svg = $('#cls-board svg');
  if (!svg) return;
  const layer = $('g.route-layer', svg);
  const marks = $('g.step-layer', svg);
  if (!layer || !marks) return;
  layer.textContent = '';
  marks.textContent = '';
  for (const sq of mistakeSquares()) {
    const c = centre(svg, sq);
    if (c) marks.append(svgEl('circle', { class: 'mistake', cx: c.x, cy: c.y, r: '4.6', fill: 'none', stroke: '#b3261e', 'stroke-width': '1.2', 'stroke-dasharray': '2 1.2' }));
  }
  const points = [startSquare()].concat(S.route).map((sq) => centre(svg, sq)).filter((p) => p !== null);
  if (shownExercise().answer === 'route' && points.length > 1) {
    layer.append(svgEl('polyline', {
      points: points.map((p) => p.x + ',' + p.y).join(' '),
      fill: 'none', stroke: '#d63a2f', 'stroke-width': '2.2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'stroke-opacity': '0.8',
    }));
    // Each number in a corner of its square (the k-th visit of a square
    // in the k-th corner), as the printed key does (svg/board.rs,
    // badge_offset): never over a star, never over an earlier number.
    const corners = [[3, -3], [-3, -3], [3, 3], [-3, 3]];
    const visits = new Map();
    points.slice(1).forEach((p, i) => {
      const sq = S.route[i];
      const visit = visits.get(sq) || 0;
      visits.set(sq, visit + 1);
      const inward = visit >= 4 ? 0.6 : 1;
      const x = p.x + corners[visit % 4][0] * inward;
      const y = p.y + corners[visit % 4][1] * inward;
      marks.append(svgEl('circle', { class: 'step', cx: x, cy: y, r: '2.2', fill: '#fff', stroke: '#d63a2f', 'stroke-width': '0.5' }));
      const n = svgEl('text', { x, y: y + 1, 'font-size': '2.8', 'text-anchor': 'middle', fill: '#3b2a1a' });
      n.textContent = String(i + 1);
      marks.append(n);
    });
  }
}

function mistakeSquares() {
  const out = [];
  for (const m of S.mistakes) {
    for (const k of ['square', 'from', 'to', 'at']) if (m[k]) out.push(m[k]);
  }
  return out;
}

function renderAnswer() {
  const box = $('#cls-answer');
  box.textContent = '';
  const v = shownExercise();
  if (v.answer === 'route') {
    box.append(el('p', { class: 'hint', text: t('cls.tap_hint') }));
    box.append(el('p', { class: 'cls-steps', text: t('cls.steps_so_far', { n: S.route.length }) }));
  } else if (v.answer === 'objects') {
    renderObjects(box);
  } else if (v.answer === 'arrows') {
    renderArrows(box);
  } else {
    renderRace(box);
  }
}

// A small copy of an object's picture from the board.
function objectIcon(name) {
  const g = $('#cls-board g.object[data-object="' + name + '"]');
  const svg = svgEl('svg', { viewBox: '-50 -50 100 100', class: 'cls-icon', 'aria-hidden': 'true' });
  if (g) {
    const copy = g.cloneNode(true);
    copy.setAttribute('transform', 'scale(1)');
    svg.append(copy);
  }
  return svg;
}

function pawnChip(p) {
  return el('span', { class: 'cls-pawn', style: 'background:' + pawnColour(p.color), 'aria-hidden': 'true', text: p.letter });
}

function pawnColour(color) {
  return { red: '#d63a2f', blue: '#2f6fd6', green: '#2f9e44', yellow: '#f2c230' }[color] || '#888';
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function renderObjects(box) {
  const v = shownExercise();
  v.pawns.forEach((p, i) => {
    const label = capital(p.label);
    const steps = ((v.exercise.walkers || [])[i] || {}).steps || [];
    const group = el('div', { class: 'cls-choice', role: 'group', 'aria-label': t('cls.reaches', { pawn: label }) });
    group.append(el('p', { class: 'cls-walker' }, pawnChip(p), el('span', { class: 'cls-arrow-list', text: steps.join('  ') })));
    group.append(el('p', { class: 'cls-choice-title', text: t('cls.reaches', { pawn: label }) }));
    const row = el('div', { class: 'cls-objects' });
    for (const o of v.objects) {
      const chosen = S.objects[i] === o.object;
      const b = el('button', { type: 'button', class: 'btn cls-object' + (chosen ? ' active' : ''), 'aria-pressed': String(chosen), 'data-pawn': p.color, 'data-object': o.object },
        objectIcon(o.object), el('span', { text: o.label }));
      b.addEventListener('click', () => {
        S.objects[i] = o.object;
        S.mistakes = [];
        renderAnswer();
      });
      row.append(b);
    }
    group.append(row);
    box.append(group);
  });
}

const DIRS = [
  ['upleft', '↖'], ['up', '↑'], ['upright', '↗'],
  ['left', '←'], null, ['right', '→'],
  ['downleft', '↙'], ['down', '↓'], ['downright', '↘'],
];

function renderArrows(box) {
  const list = el('p', { class: 'cls-arrow-list', 'aria-live': 'polite' });
  list.textContent = S.arrows.length ? S.arrows.join('  ') : t('cls.no_arrows');
  box.append(el('p', { class: 'cls-choice-title', text: t('cls.your_arrows') }), list);
  box.append(el('p', { class: 'cls-choice-title', text: t('cls.count') }));
  const counts = el('div', { class: 'cls-counts', role: 'radiogroup', 'aria-label': t('cls.count') });
  for (let n = 1; n <= 9; n++) {
    const b = el('button', { type: 'button', class: 'btn cls-count' + (S.count === n ? ' active' : ''), role: 'radio', 'aria-checked': String(S.count === n), text: String(n) });
    b.addEventListener('click', () => { S.count = n; renderAnswer(); });
    counts.append(b);
  }
  box.append(counts);
  box.append(el('p', { class: 'cls-choice-title', text: t('cls.direction') }));
  const pad = el('div', { class: 'cls-pad' });
  for (const d of DIRS) {
    if (!d) {
      pad.append(el('span'));
      continue;
    }
    const [, arrow] = d;
    const diagonal = d[0].length > 5;
    const b = el('button', { type: 'button', class: 'btn cls-dir', 'data-dir': d[0], text: arrow, 'aria-label': arrow, disabled: diagonal && !shownExercise().diagonals });
    b.addEventListener('click', () => {
      S.arrows.push(S.count + arrow);
      S.count = 1;
      S.mistakes = [];
      renderAnswer();
    });
    pad.append(b);
  }
  box.append(pad);
  const del = el('button', { type: 'button', class: 'btn', id: 'cls-del-arrow', text: t('cls.delete_arrow'), disabled: !S.arrows.length });
  del.addEventListener('click', () => { S.arrows.pop(); renderAnswer(); });
  box.append(del);
}

function renderRace(box) {
  const v = shownExercise();
  box.append(el('p', { class: 'cls-choice-title', text: t('cls.first') }));
  const row = el('div', { class: 'cls-objects', role: 'radiogroup', 'aria-label': t('cls.first') });
  for (const p of v.pawns) {
    const chosen = S.race.winner === p.color;
    const b = el('button', { type: 'button', class: 'btn cls-object' + (chosen ? ' active' : ''), role: 'radio', 'aria-checked': String(chosen), 'data-winner': p.color }, pawnChip(p), el('span', { text: capital(p.label) }));
    b.addEventListener('click', () => { S.race.winner = p.color; renderAnswer(); });
    row.append(b);
  }
  box.append(row);
  for (const p of v.pawns) {
    box.append(el('p', { class: 'cls-choice-title', text: t('cls.steps_of', { pawn: capital(p.label) }) }));
    const value = S.race[p.color];
    const stepper = el('div', { class: 'cls-stepper' });
    const less = el('button', { type: 'button', class: 'btn cls-dir', 'aria-label': t('cls.less'), text: '−' });
    const more = el('button', { type: 'button', class: 'btn cls-dir', 'aria-label': t('cls.more'), text: '+', 'data-more': p.color });
    less.addEventListener('click', () => { S.race[p.color] = Math.max(0, (S.race[p.color] || 0) - 1); renderAnswer(); });
    more.addEventListener('click', () => { S.race[p.color] = (S.race[p.color] || 0) + 1; renderAnswer(); });
    stepper.append(less, el('output', { class: 'cls-number', 'data-count': p.color, text: value === null ? '?' : String(value) }), more);
    box.append(stepper);
  }
}

function currentAnswer() {
  const v = shownExercise();
  if (v.answer === 'route') return { answer: 'route', squares: S.route };
  if (v.answer === 'objects') return { answer: 'objects', objects: S.objects };
  if (v.answer === 'arrows') return { answer: 'arrows', steps: S.arrows };
  const a = { answer: 'race', winner: S.race.winner || 'green' };
  if (S.race.green !== null && S.race.red !== null) {
    a.green = S.race.green;
    a.red = S.race.red;
  }
  return a;
}

async function checkAnswer() {
  if (shownExercise().answer === 'race' && !S.race.winner) {
    feedback(false, [t('cls.first')]);
    return;
  }
  if (S.assignment) {
    await answerAssignment({ index: S.assignment.index, answer: currentAnswer(), lang: lang() });
    return;
  }
  try {
    const res = await api('POST', '/api/classroom/check', { exercise: shownExercise().exercise, answer: currentAnswer(), lang: lang() });
    S.mistakes = res.mistakes || [];
    drawRoute();
    feedback(res.right, res.messages);
  } catch (e) {
    feedback(false, [e.message]);
  }
}

function feedback(right, messages, title) {
  const box = $('#cls-feedback');
  box.hidden = false;
  box.className = 'cls-feedback ' + (right ? 'good' : 'bad');
  box.textContent = '';
  if (title) box.append(el('strong', { text: title }));
  for (const m of messages) box.append(el('p', { text: m }));
  if (right) $('#cls-next').focus({ preventScroll: true });
  // On a phone the answer is below the board: bring it into sight.
  box.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  if (speaking()) speak(spokenText([title, ...messages]), lang());
}

// Whether the feedback is read aloud for this exercise (the pupil's
// choice, else for the youngest levels).
function speaking() {
  return canSpeak() && speaksFeedback(S.view?.exercise?.level, store.get(SPEAK_KEY, null));
}

// The "say the answers aloud" switch, as it stands.
function showSpeaking() {
  const button = $('#cls-speak');
  button.hidden = !canSpeak();
  button.setAttribute('aria-pressed', String(speaking()));
}

/** The pupil turns the spoken answers on or off (kept on this tablet). */
function toggleSpeaking() {
  store.set(SPEAK_KEY, speaking() ? 'off' : 'on');
  showSpeaking();
}

function stopShowing() {
  if (S.showing) clearInterval(S.showing);
  S.showing = null;
}

// The answer key, played out: the route drawn step by step.
async function showSolution() {
  stopShowing();
  let res;
  try {
    // In an assignment the class's route gives it, and records it: a
    // right answer after it is marked so for the teacher.
    res = S.assignment
      ? await api('POST', assignmentUrl('/exercises/' + S.assignment.index + '/solution?lang=' + lang()), {}, S.assignment.token)
      : await api('POST', '/api/classroom/solution', { exercise: shownExercise().exercise, lang: lang() });
  } catch (e) {
    feedback(false, [e.code === 'try_first' ? t('cls.try_first') : e.message]);
    return;
  }
  S.mistakes = [];
  const a = res.answer;
  const done = () => { renderAnswer(); drawRoute(); feedback(true, res.lines, t('cls.solution')); };
  if (a.answer === 'route') {
    S.route = [];
    drawRoute();
    let i = 0;
    S.showing = setInterval(() => {
      if (i >= a.squares.length) {
        stopShowing();
        done();
        return;
      }
      S.route.push(a.squares[i++]);
      drawRoute();
      renderAnswer();
    }, 380);
    return;
  }
  if (a.answer === 'objects') S.objects = a.objects.slice();
  if (a.answer === 'arrows') S.arrows = a.steps.slice();
  if (a.answer === 'race') S.race = { winner: a.winner, green: a.green, red: a.red };
  done();
}

async function answerAssignment(body) {
  const a = openedAssignment();
  try {
    const res = await api('POST', assignmentUrl('/answers'), body, a.token);
    if (res.status) {
      // The steps show it at once: right, wrong, skipped.
      const work = a.view.work.filter((w) => w.index !== body.index);
      work.push({ pupil: 0, index: body.index, status: res.status, attempts: 1, answer: '' });
      a.view.work = work;
      a.onWork();
    }
    // The solution comes after a real try, not after a skip.
    if (body.answer) {
      a.answered = true;
      $('#cls-show').hidden = false;
      // "Until right": on only once it is right.
      $('#cls-next').hidden = a.rules.until_right && !res.right;
    }
    S.mistakes = res.mistakes || [];
    drawRoute();
    if (body.answer) {
      const title = res.status === 'right_after_solution' && res.right ? t('cls.right_after_solution') : undefined;
      feedback(res.right, res.messages, title);
      // Right: nothing left to skip, no solution to see.
      if (res.right) $('#cls-skip').hidden = $('#cls-show').hidden = true;
    }
    return res;
  } catch (e) {
    feedback(false, [e.code === 'network' ? t('cls.network') : e.message]);
    return null;
  }
}

async function loadExercise(kind) {
  const params = new URLSearchParams({ kind, level: String(S.level), lang: lang() });
  try {
    const view = await api('GET', '/api/classroom/exercise?' + params);
    openExercise(view);
  } catch (e) {
    alertBox(e.message);
  }
}

function alertBox(message) {
  const box = $('#cls-feedback');
  box.hidden = false;
  box.className = 'cls-feedback bad';
  box.textContent = message;
  if (!S.view) window.alert(message);
}

export {
  alertBox,
  answerAssignment,
  checkAnswer,
  drawRoute,
  feedback,
  loadExercise,
  openExercise,
  renderAnswer,
  renderExercise,
  showSolution,
  stopShowing,
  toggleSpeaking,
};
