// The classroom page: exercises to solve by tapping the board, checked by
// the server (which says what is wrong in the pupil's language), the
// solution shown step by step; the rules for children and games to start;
// the teacher's editor with shared links; the worksheet printer.
//
// Views (by the address's hash): '' start, '#solve', '#rules', '#editor',
// '#print'. `?e=<id>` opens a shared exercise; `?class=<id>&a=<n>` a
// class's assignment, with the pupil's token from club.js's record: each
// answer is checked and recorded by the class, and the teacher sees it.
'use strict';

(() => {
  const t = (key, params) => window.I18n.t(key, params);
  const $ = (sel, root = document) => root.querySelector(sel);
  const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
  const { SVGNS, el, svgEl, store } = window.Common;

  // The server's refusals carry a message in words; a network failure is ours.
  async function api(method, url, body) {
    try {
      return await window.Common.api(method, url, body);
    } catch (e) {
      if (e.code === 'network') e.message = t('cls.network');
      throw e;
    }
  }

  const lang = () => window.I18n.lang;

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

  function go(hash) {
    if (location.hash === hash) show();
    else location.hash = hash;
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
    const v = S.view;
    $('#cls-solve-title').textContent = t('cls.kind.' + v.kind);
    $('#cls-instruction').textContent = v.instruction;
    const a = S.assignment;
    $('#cls-progress').textContent = a
      ? t('club.assignment_of', { n: a.index + 1, total: a.count })
      : S.set ? t('cls.progress', { n: S.set.index + 1, total: S.set.kinds.length }) : '';
    $('#cls-skip').hidden = !a;
    // In an assignment the solution is shown once an answer is in.
    $('#cls-show').hidden = Boolean(a) && !a.answered;
    $('#cls-read').hidden = !('speechSynthesis' in window);
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
    const ex = S.view.exercise;
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

  // The pupil's route on the board: a line through the squares, each
  // step numbered, the squares of a mistake ringed.
  function drawRoute() {
    const svg = $('#cls-board svg');
    if (!svg) return;
    const layer = $('g.route-layer', svg);
    if (!layer) return;
    layer.textContent = '';
    const points = [startSquare()].concat(S.route).map((sq) => centre(svg, sq)).filter(Boolean);
    if (S.view.answer === 'route' && points.length > 1) {
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
        layer.append(svgEl('circle', { class: 'step', cx: x, cy: y, r: '2.2', fill: '#fff', stroke: '#d63a2f', 'stroke-width': '0.5' }));
        const n = svgEl('text', { x, y: y + 1, 'font-size': '2.8', 'text-anchor': 'middle', fill: '#3b2a1a' });
        n.textContent = String(i + 1);
        layer.append(n);
      });
    }
    for (const sq of mistakeSquares()) {
      const c = centre(svg, sq);
      if (c) layer.append(svgEl('circle', { class: 'mistake', cx: c.x, cy: c.y, r: '4.6', fill: 'none', stroke: '#b3261e', 'stroke-width': '1.2', 'stroke-dasharray': '2 1.2' }));
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
    const v = S.view;
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
    const v = S.view;
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
      const b = el('button', { type: 'button', class: 'btn cls-dir', 'data-dir': d[0], text: arrow, 'aria-label': arrow, disabled: diagonal && !S.view.diagonals });
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
    const v = S.view;
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
    const v = S.view;
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
    if (S.view.answer === 'race' && !S.race.winner) {
      feedback(false, [t('cls.first')]);
      return;
    }
    if (S.assignment) {
      await answerAssignment({ index: S.assignment.index, answer: currentAnswer(), lang: lang() });
      return;
    }
    try {
      const res = await api('POST', '/api/classroom/check', { exercise: S.view.exercise, answer: currentAnswer(), lang: lang() });
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
        ? await window.Common.api('POST', assignmentUrl('/exercises/' + S.assignment.index + '/solution?lang=' + lang()), {}, S.assignment.token)
        : await api('POST', '/api/classroom/solution', { exercise: S.view.exercise, lang: lang() });
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

  // ------------------------------------------------------------------
  // A class's assignment
  // ------------------------------------------------------------------

  function assignmentUrl(path) {
    const a = S.assignment;
    return '/api/classes/' + encodeURIComponent(a.class) + '/assignments/' + a.n + path;
  }

  async function answerAssignment(body) {
    const a = S.assignment;
    try {
      const res = await window.Common.api('POST', assignmentUrl('/answers'), body, a.token);
      // The solution comes after a real try, not after a skip.
      if (body.answer) {
        a.answered = true;
        $('#cls-show').hidden = false;
        $('#cls-next').hidden = false;
      }
      S.mistakes = res.mistakes || [];
      drawRoute();
      if (body.answer) {
        const title = res.status === 'right_after_solution' && res.right ? t('cls.right_after_solution') : undefined;
        feedback(res.right, res.messages, title);
      }
      return res;
    } catch (e) {
      feedback(false, [e.code === 'network' ? t('cls.network') : e.message]);
      return null;
    }
  }

  async function loadAssignment(index) {
    const a = S.assignment;
    if (index >= a.count) {
      S.view = null;
      // The end: well done only if everything is right; otherwise what is
      // still to do (skipped, wrong or not tried), to come back to.
      let left = 0;
      try {
        const me = await window.Common.api('GET', '/api/classes/' + encodeURIComponent(a.class) + '/me', undefined, a.token);
        const mine = me.assignments.find((x) => x.id === a.n);
        const right = mine ? mine.work.filter((w) => w.status === 'right' || w.status === 'right_after_solution').length : a.count;
        left = a.count - right;
      } catch (_) { /* offline: say the end only */ }
      feedback(left === 0, [left === 0 ? t('club.all_done') : window.I18n.tn('club.end_left', left)]);
      const box = $('#cls-feedback');
      box.append(window.Common.el('a', { class: 'btn primary big', href: '/join', text: t('club.back_home') }));
      $('#cls-board').replaceChildren();
      for (const id of ['#cls-check', '#cls-show', '#cls-next', '#cls-skip', '#cls-undo', '#cls-clear']) $(id).hidden = true;
      return;
    }
    a.index = index;
    a.answered = false;
    try {
      const view = await window.Common.api('GET', assignmentUrl('/exercises/' + index + '?lang=' + lang()), undefined, a.token);
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
      const me = await window.Common.api('GET', '/api/classes/' + encodeURIComponent(classId) + '/me', undefined, rec.token);
      const mine = me.assignments.find((x) => x.id === n);
      if (!mine) throw new Error(t('cls.not_found'));
      // Start at the first exercise not yet answered.
      const done = new Set(mine.work.map((w) => w.index));
      let first = 0;
      while (first < mine.count && done.has(first)) first += 1;
      S.assignment = { class: classId, n, index: 0, count: mine.count, token: rec.token, answered: false };
      $('#cls-back').setAttribute('href', '/join');
      loadAssignment(first >= mine.count ? 0 : first);
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
      loadExercise(S.view.kind);
    }
  }

  function readAloud() {
    if (!('speechSynthesis' in window)) return;
    window.speechSynthesis.cancel();
    const u = new SpeechSynthesisUtterance(S.view.instruction);
    u.lang = { en: 'en-GB', fr: 'fr-FR', ro: 'ro-RO' }[lang()] || 'en';
    u.rate = 0.9;
    window.speechSynthesis.speak(u);
  }

  // The same exercise in another language: its words again from the server.
  async function relabel() {
    if (!S.view) return;
    try {
      const res = await api('POST', '/api/classroom/analyze', { exercise: S.view.exercise, lang: lang() });
      if (res.view) {
        const id = S.view.id;
        S.view = Object.assign(res.view, { id });
        renderExercise();
      }
    } catch (_) { /* the words stay as they were */ }
  }

  // ------------------------------------------------------------------
  // The rules for children, and the games
  // ------------------------------------------------------------------

  // Each variant as a game on this screen (people taking turns).
  // The small boards come in two sizes, each with its own button.
  const VARIANT_GAMES = {
    classic: [{ size: 9, players: 2, variant: 'standard', theme: 'classic' }],
    small: [
      { size: 5, players: 2, variant: 'standard', theme: 'classic' },
      { size: 7, players: 2, variant: 'standard', theme: 'classic' },
    ],
    teams: [{ size: 9, players: 4, variant: 'teams', theme: 'classic' }],
    scoring: [{ size: 7, players: 2, variant: 'scoring', theme: 'classic' }],
    crab: [{ size: 9, players: 2, variant: 'standard', theme: 'crab' }],
  };

  async function renderRules() {
    const box = $('#cls-pupil');
    const l = lang();
    $('#cls-pupil-print').href = '/classroom/pupil?lang=' + l;
    $('#cls-pupil-pdf').href = '/classroom/pupil.pdf?lang=' + l;
    let texts;
    try {
      texts = await api('GET', '/api/classroom/texts?lang=' + l);
    } catch (e) {
      box.textContent = e.message;
      return;
    }
    const p = texts.pupil;
    $('#cls-rules-title').textContent = p.title;
    box.textContent = '';
    box.append(
      el('p', { class: 'cls-big', text: p.goal }),
      el('p', { text: p.setup }),
      el('p', { class: 'cls-strong', text: p.turn }),
      el('ul', {}, el('li', { text: p.move_pawn }), el('li', { text: p.or + ' ' + p.place_fence })),
      el('p', { text: p.fair_play }),
      el('p', { text: p.face_to_face }),
      el('p', { text: p.end }),
      el('p', { class: 'cls-tip', text: p.tip }),
      el('h2', { text: p.words_title }),
    );
    const words = el('dl', { class: 'cls-words' });
    for (const [word, meaning] of p.words) words.append(el('dt', { text: word }), el('dd', { text: meaning }));
    box.append(words);
    const list = $('#cls-variants');
    list.textContent = '';
    for (const v of texts.variants) {
      const games = VARIANT_GAMES[v.id] || [];
      const buttons = games.map((g) => {
        const label = games.length > 1 ? t('cls.play') + ' ' + g.size + '×' + g.size : t('cls.play');
        const play = el('button', { type: 'button', class: 'btn primary', 'data-variant': v.id, 'data-size': String(g.size), text: label });
        play.addEventListener('click', () => playVariant(g, play));
        return play;
      });
      list.append(el('div', { class: 'card sub cls-variant' }, el('h3', { text: v.title }), el('p', { text: v.rule }), el('div', { class: 'actions' }, ...buttons)));
    }
  }

  async function playVariant(g, button) {
    const seats = Array.from({ length: g.players }, () => ({ kind: 'human', mine: true }));
    const body = Object.assign({}, g, { public: false, seats });
    button.disabled = true;
    $('#cls-variant-error').hidden = true;
    try {
      const res = await api('POST', '/api/games', body);
      // The game page finds its token where it keeps its own games.
      store.set('quoridor.game.' + res.id, { id: res.id, t: Date.now(), token: res.token, seats: res.seats, invites: null, creator: true, mode: 'hotseat', label: null, status: res.game && res.game.status });
      location.href = '/g/' + encodeURIComponent(res.id);
    } catch (e) {
      $('#cls-variant-error').textContent = e.message;
      $('#cls-variant-error').hidden = false;
    } finally {
      button.disabled = false;
    }
  }

  // ------------------------------------------------------------------
  // The editor
  // ------------------------------------------------------------------

  const OBJECTS = ['apple', 'ball', 'key', 'flower', 'tree', 'house', 'heart', 'moon', 'sun', 'boat'];
  const E = {
    task: 'maze',
    size: 5,
    fences: [],
    items: {},
    pawns: {},
    exit: null,
    route: [],
    arrows: { red: '', blue: '', yellow: '' },
    fewest: false,
    first: 'green',
    goal: 'top',
    tool: null,
    object: 'apple',
    timer: null,
    analysis: null,
    opened: false,
  };

  const TOOLS = {
    maze: ['fence_h', 'fence_v', 'red', 'exit', 'erase'],
    route: ['fence_h', 'fence_v', 'star', 'fish', 'red', 'blue', 'erase'],
    'follow-arrows': ['object', 'red', 'blue', 'yellow', 'erase'],
    'write-arrows': ['red', 'route', 'erase'],
    'shortest-path': ['fence_h', 'fence_v', 'red', 'erase'],
    race: ['fence_h', 'fence_v', 'green', 'red', 'erase'],
  };

  const sqName = (c, r) => String.fromCharCode(97 + c) + (r + 1);
  const sqColRow = (sq) => ({ c: sq.charCodeAt(0) - 97, r: Number(sq.slice(1)) - 1 });

  function editorOpen() {
    if (!E.opened) {
      E.opened = true;
      const size = $('#ed-size');
      for (let n = 3; n <= 11; n++) size.append(el('option', { value: String(n), text: n + ' × ' + n }));
      size.value = String(E.size);
      // The squares to tap change with the size at once, not when the
      // server has answered.
      size.addEventListener('change', () => { E.size = Number(size.value); trimToBoard(); showEditorDrawing(emptyBoard()); editorChanged(); });
      $('#ed-task').addEventListener('change', () => { E.task = $('#ed-task').value; E.tool = null; editorChanged(); });
      $('#ed-generate').addEventListener('click', editorGenerate);
      $('#ed-try').addEventListener('click', editorTry);
      $('#ed-save').addEventListener('click', editorSave);
      $('#ed-copy').addEventListener('click', () => {
        const input = $('#ed-link');
        input.select();
        (navigator.clipboard ? navigator.clipboard.writeText(input.value) : Promise.reject()).then(
          () => { $('#ed-copy').textContent = t('cls.ed.copied'); },
          () => document.execCommand && document.execCommand('copy'),
        );
      });
    }
    $('#ed-task').value = E.task;
    if (!$('#ed-board svg.ed-taps')) showEditorDrawing(emptyBoard());
    editorChanged();
    renderMine();
  }

  function trimToBoard() {
    const inside = (sq) => { const p = sqColRow(sq); return p.c < E.size && p.r < E.size; };
    E.fences = E.fences.filter((f) => { const p = sqColRow(f.slice(0, -1)); return p.c + 1 < E.size && p.r + 1 < E.size; });
    for (const sq of Object.keys(E.items)) if (!inside(sq)) delete E.items[sq];
    for (const [c, sq] of Object.entries(E.pawns)) if (!inside(sq)) delete E.pawns[c];
    if (E.exit && !inside(E.exit.square)) E.exit = null;
    E.route = E.route.filter(inside);
  }

  function renderTools() {
    const grid = $('#ed-tool-grid');
    grid.textContent = '';
    const tools = TOOLS[E.task];
    if (!tools.includes(E.tool)) E.tool = tools[0];
    for (const tool of tools) {
      const b = el('button', { type: 'button', class: 'btn tool' + (E.tool === tool ? ' active' : ''), 'aria-pressed': String(E.tool === tool), 'data-tool': tool, text: t('cls.tool.' + tool) });
      b.addEventListener('click', () => { E.tool = tool; renderTools(); });
      grid.append(b);
    }
    const options = $('#ed-options');
    options.textContent = '';
    if (E.tool === 'object') {
      const sel = el('select', { id: 'ed-object' });
      for (const o of OBJECTS) sel.append(el('option', { value: o, text: t('cls.object.' + o) }));
      sel.value = E.object;
      sel.addEventListener('change', () => { E.object = sel.value; });
      options.append(el('div', { class: 'field' }, el('label', { for: 'ed-object', text: t('cls.ed.object') }), sel));
    }
    if (E.task === 'route') {
      const box = el('input', { type: 'checkbox', id: 'ed-fewest', checked: E.fewest });
      box.addEventListener('change', () => { E.fewest = box.checked; editorChanged(); });
      options.append(el('label', { class: 'check' }, box, ' ', t('cls.ed.fewest')));
    }
    if (E.task === 'race') options.append(choice('ed-first', t('cls.ed.first'), [['green', t('cls.tool.green')], ['red', t('cls.tool.red')]], E.first, (v) => { E.first = v; }));
    if (E.task === 'shortest-path') options.append(choice('ed-goal', t('cls.ed.goal'), ['top', 'right', 'bottom', 'left'].map((s) => [s, t('cls.edge.' + s)]), E.goal, (v) => { E.goal = v; }));
    if (E.task === 'follow-arrows') {
      for (const color of ['red', 'blue', 'yellow']) {
        if (!E.pawns[color]) continue;
        const input = el('input', { id: 'ed-arrows-' + color, value: E.arrows[color], placeholder: '2→ 1↑', autocomplete: 'off' });
        input.addEventListener('input', () => { E.arrows[color] = input.value; editorChanged(true); });
        options.append(el('div', { class: 'field' },
          el('label', { for: input.id, text: t('cls.ed.arrows_of', { pawn: t('cls.tool.' + color) }) }),
          input,
          el('span', { class: 'hint', text: t('cls.ed.arrows_hint') })));
      }
    }
  }

  function choice(id, label, options, value, set) {
    const sel = el('select', { id });
    for (const [v, text] of options) sel.append(el('option', { value: v, text }));
    sel.value = value;
    sel.addEventListener('change', () => { set(sel.value); editorChanged(); });
    return el('div', { class: 'field' }, el('label', { for: id, text: label }), sel);
  }

  // The exercise as the server reads it (see the classroom crate's JSON).
  function editorExercise() {
    const items = {};
    const keep = { route: ['star', 'fish'], 'follow-arrows': OBJECTS }[E.task] || [];
    for (const [sq, item] of Object.entries(E.items)) if (keep.includes(item)) items[sq] = item;
    const fences = E.task === 'follow-arrows' || E.task === 'write-arrows' ? [] : E.fences.slice();
    const ex = { version: 1, board: { size: E.size, fences, items }, task: E.task };
    const p = E.pawns;
    if (E.task === 'maze') Object.assign(ex, { start: p.red, exit: E.exit && E.exit.square, side: E.exit && E.exit.side });
    if (E.task === 'route') Object.assign(ex, { start: p.red, end: p.blue, fewest: E.fewest });
    if (E.task === 'shortest-path') Object.assign(ex, { start: p.red, goal: E.goal });
    if (E.task === 'race') Object.assign(ex, { green: p.green, red: p.red, first: E.first });
    if (E.task === 'write-arrows') Object.assign(ex, { start: p.red, route: E.route });
    if (E.task === 'follow-arrows') {
      ex.walkers = ['red', 'blue', 'yellow'].filter((c) => p[c]).map((c) => ({
        color: c,
        start: p[c],
        steps: E.arrows[c].split(/[\s,]+/).filter(Boolean),
      }));
    }
    return ex;
  }

  function missingPawns() {
    const need = { maze: ['red'], route: ['red', 'blue'], 'shortest-path': ['red'], race: ['green', 'red'], 'write-arrows': ['red'], 'follow-arrows': [] }[E.task];
    return need.filter((c) => !E.pawns[c]);
  }

  function editorChanged(typing) {
    if (!typing) renderTools();
    clearTimeout(E.timer);
    E.timer = setTimeout(analyzeNow, typing ? 400 : 60);
  }

  async function analyzeNow() {
    const status = $('#ed-status');
    const missing = missingPawns();
    if (E.task === 'maze' && !E.exit) missing.push('exit');
    let res = null;
    // Only the answer to the latest change is shown, whatever order the
    // answers come back in.
    const asked = (E.asked = (E.asked || 0) + 1);
    if (!missing.length) {
      try {
        res = await api('POST', '/api/classroom/analyze', { exercise: editorExercise(), lang: lang() });
      } catch (e) {
        res = { problem: e.message, svg: '' };
      }
      if (asked !== E.asked) return;
    }
    E.analysis = res;
    showEditorDrawing(res && res.svg ? res.svg : emptyBoard());
    status.textContent = '';
    status.className = 'cls-feedback';
    if (missing.length) {
      status.textContent = missing.map((m) => t('cls.tool.' + m)).join(', ') + ' ?';
    } else if (res.problem) {
      status.classList.add('bad');
      status.append(el('p', { text: res.problem }));
    } else {
      status.classList.add('good');
      status.append(el('p', { text: t('cls.ed.ok') }));
      for (const line of (res.solution && res.solution.lines) || []) status.append(el('p', { text: line }));
    }
    if (res && !missing.length) status.append(el('p', { class: 'hint', text: t('cls.ed.fences', { n: res.fences }) }));
    const usable = res && !res.problem && !missing.length;
    $('#ed-try').disabled = !usable;
    $('#ed-save').disabled = !usable;
  }

  // The editor's board: a drawing, replaced after every answer of the
  // server, under a layer of squares to tap that stays while the board
  // size does. (Taps went to the drawing's own squares before: one that
  // fell while the drawing was replaced, between the press and the
  // release, was lost.)
  function showEditorDrawing(svgText) {
    const board = $('#ed-board');
    let picture = $('.ed-picture', board);
    if (!picture) {
      picture = el('div', { class: 'ed-picture' });
      board.replaceChildren(picture);
    }
    picture.innerHTML = svgText;
    const drawing = $('svg', picture);
    const cells = $$('rect.cell', drawing);
    // The drawing's squares are only drawn; the layer's are tapped.
    for (const cell of cells) cell.classList.remove('cell');
    let taps = $('svg.ed-taps', board);
    const box = drawing.getAttribute('viewBox');
    if (taps && taps.dataset.size === String(E.size)) {
      taps.setAttribute('viewBox', box);
      return;
    }
    if (taps) taps.remove();
    taps = document.createElementNS(SVGNS, 'svg');
    taps.setAttribute('viewBox', box);
    taps.setAttribute('class', 'ed-taps tappable');
    taps.dataset.size = String(E.size);
    for (const cell of cells) {
      const tap = document.createElementNS(SVGNS, 'rect');
      for (const name of ['x', 'y', 'width', 'height']) tap.setAttribute(name, cell.getAttribute(name));
      tap.setAttribute('class', 'cell');
      tap.setAttribute('fill', 'transparent');
      tap.dataset.sq = cell.dataset.sq;
      taps.append(tap);
    }
    taps.addEventListener('click', (ev) => {
      const sq = ev.target && ev.target.dataset ? ev.target.dataset.sq : null;
      if (sq) editorTap(sq);
    });
    board.append(taps);
  }

  // A board drawn here while the pawns are missing: squares and fences,
  // tappable like the server's.
  function emptyBoard() {
    const n = E.size;
    const u = 10;
    const m = 7;
    const ext = n * u + 2 * m;
    let s = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + ext + ' ' + ext + '" class="exercise-board">';
    s += '<rect x="' + (m - 1.2) + '" y="' + (m - 1.2) + '" width="' + (n * u + 2.4) + '" height="' + (n * u + 2.4) + '" rx="2" fill="#e9cf9f"/>';
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const x = m + c * u;
        const y = m + (n - 1 - r) * u;
        s += '<rect x="' + (x + 0.6) + '" y="' + (y + 0.6) + '" width="8.8" height="8.8" rx="0.8" fill="#fbf3e2" stroke="#c9a876" stroke-width="0.3"/>';
        const item = E.items[sqName(c, r)];
        if (item) s += '<text x="' + (x + 5) + '" y="' + (y + 6.5) + '" font-size="4" text-anchor="middle">' + (item === 'star' ? '★' : item === 'fish' ? '🐟' : item.slice(0, 2)) + '</text>';
        const pawn = Object.entries(E.pawns).find(([, sq]) => sq === sqName(c, r));
        if (pawn) s += '<circle cx="' + (x + 5) + '" cy="' + (y + 5) + '" r="3.6" fill="' + pawnColour(pawn[0]) + '"/>';
      }
    }
    for (const f of E.fences) {
      const p = sqColRow(f.slice(0, -1));
      if (f.endsWith('h')) s += '<rect x="' + (m + p.c * u + 0.4) + '" y="' + (m + (n - 1 - p.r) * u - 0.9) + '" width="19.2" height="1.8" fill="#6b3f1d"/>';
      else s += '<rect x="' + (m + (p.c + 1) * u - 0.9) + '" y="' + (m + (n - 2 - p.r) * u + 0.4) + '" width="1.8" height="19.2" fill="#6b3f1d"/>';
    }
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        s += '<rect class="cell" data-sq="' + sqName(c, r) + '" x="' + (m + c * u) + '" y="' + (m + (n - 1 - r) * u) + '" width="10" height="10" fill="transparent"/>';
      }
    }
    return s + '</svg>';
  }

  function editorTap(sq) {
    const tool = E.tool;
    const { c, r } = sqColRow(sq);
    const n = E.size;
    const clearSquare = () => {
      delete E.items[sq];
      for (const [color, at] of Object.entries(E.pawns)) if (at === sq) delete E.pawns[color];
    };
    if (tool === 'fence_h' || tool === 'fence_v') {
      const f = sq + (tool === 'fence_h' ? 'h' : 'v');
      if (c + 1 >= n || r + 1 >= n) return;
      if (E.fences.includes(f)) E.fences = E.fences.filter((x) => x !== f);
      else E.fences.push(f);
    } else if (tool === 'star' || tool === 'fish') {
      if (E.items[sq] === tool) delete E.items[sq];
      else { clearSquare(); E.items[sq] = tool; }
    } else if (tool === 'object') {
      if (E.items[sq] === E.object) delete E.items[sq];
      else { clearSquare(); E.items[sq] = E.object; }
    } else if (['red', 'blue', 'green', 'yellow'].includes(tool)) {
      clearSquare();
      E.pawns[tool] = sq;
      if (tool === 'red') E.route = E.route.filter((x) => x !== sq);
    } else if (tool === 'exit') {
      const sides = [];
      if (r === n - 1) sides.push('top');
      if (c === n - 1) sides.push('right');
      if (r === 0) sides.push('bottom');
      if (c === 0) sides.push('left');
      if (!sides.length) return;
      // A corner has two edges: tapping it again turns the exit.
      const same = E.exit && E.exit.square === sq;
      const side = same ? sides[(sides.indexOf(E.exit.side) + 1) % sides.length] : sides[0];
      E.exit = { square: sq, side };
    } else if (tool === 'route') {
      if (E.route[E.route.length - 1] === sq) E.route.pop();
      else if (sq !== E.pawns.red && !E.route.includes(sq)) E.route.push(sq);
    } else if (tool === 'erase') {
      clearSquare();
      E.fences = E.fences.filter((f) => f.slice(0, -1) !== sq);
      E.route = E.route.filter((x) => x !== sq);
      if (E.exit && E.exit.square === sq) E.exit = null;
    }
    editorChanged(E.task === 'follow-arrows' ? false : true);
    if (E.task === 'follow-arrows') renderTools();
  }

  async function editorGenerate() {
    const params = new URLSearchParams({ kind: $('#ed-gen-kind').value, level: $('#ed-gen-level').value, lang: lang() });
    try {
      const view = await api('GET', '/api/classroom/exercise?' + params);
      loadIntoEditor(view.exercise);
    } catch (e) {
      $('#ed-status').textContent = e.message;
    }
  }

  function loadIntoEditor(ex) {
    E.task = ex.task;
    E.size = ex.board.size;
    E.fences = (ex.board.fences || []).slice();
    E.items = Object.assign({}, ex.board.items || {});
    E.pawns = {};
    E.exit = null;
    E.route = [];
    E.arrows = { red: '', blue: '', yellow: '' };
    if (ex.task === 'maze') { E.pawns.red = ex.start; E.exit = { square: ex.exit, side: ex.side }; }
    if (ex.task === 'route') { E.pawns.red = ex.start; E.pawns.blue = ex.end; E.fewest = !!ex.fewest; }
    if (ex.task === 'shortest-path') { E.pawns.red = ex.start; E.goal = ex.goal; }
    if (ex.task === 'race') { E.pawns.green = ex.green; E.pawns.red = ex.red; E.first = ex.first; }
    if (ex.task === 'write-arrows') { E.pawns.red = ex.start; E.route = ex.route.slice(); }
    if (ex.task === 'follow-arrows') {
      for (const w of ex.walkers) { E.pawns[w.color] = w.start; E.arrows[w.color] = w.steps.join(' '); }
    }
    $('#ed-task').value = E.task;
    $('#ed-size').value = String(E.size);
    E.tool = null;
    editorChanged();
  }

  function editorTry() {
    const a = E.analysis;
    if (!a || !a.view) return;
    S.set = null;
    openExercise(a.view);
    S.from = '#editor';
  }

  // The exercises shared from this browser, with the tokens that delete
  // them: [{id, token, t, task, size}].
  const MINE = 'quoridor.classroom.shared';

  async function editorSave() {
    try {
      const exercise = editorExercise();
      const res = await api('POST', '/api/classroom/exercises', { exercise, lang: lang() });
      $('#ed-link').value = location.origin + res.link;
      $('#ed-copy').textContent = t('cls.ed.copy');
      $('#ed-shared').hidden = false;
      const mine = store.get(MINE, []);
      mine.unshift({ id: res.id, token: res.token, t: Date.now(), task: exercise.task, size: exercise.board.size });
      store.set(MINE, mine);
      renderMine();
    } catch (e) {
      $('#ed-status').textContent = e.message;
      $('#ed-status').className = 'cls-feedback bad';
    }
  }

  function renderMine() {
    const mine = store.get(MINE, []);
    const list = $('#ed-mine-list');
    list.textContent = '';
    $('#ed-mine').hidden = mine.length === 0;
    for (const m of mine) {
      const when = new Date(m.t).toLocaleDateString(lang());
      const key = { 'follow-arrows': 'follow', 'write-arrows': 'write', 'shortest-path': 'shortest' }[m.task] || m.task;
      const label = t('cls.task.' + key) + ', ' + m.size + ' × ' + m.size + ' (' + when + ')';
      const del = el('button', { type: 'button', class: 'btn', 'data-delete': m.id, text: t('cls.ed.delete') });
      del.addEventListener('click', () => deleteMine(m, del));
      list.append(el('li', { 'data-shared': m.id }, el('a', { href: '/classroom?e=' + encodeURIComponent(m.id), text: label }), ' ', del));
    }
  }

  async function deleteMine(m, button) {
    if (!window.confirm(t('cls.ed.delete_confirm'))) return;
    button.disabled = true;
    try {
      await window.Common.api('DELETE', '/api/classroom/exercises/' + encodeURIComponent(m.id), undefined, m.token);
    } catch (e) {
      // Already gone from the server: forget it here too.
      if (e.status !== 404) {
        button.disabled = false;
        $('#ed-status').textContent = e.code === 'network' ? t('cls.network') : e.message;
        $('#ed-status').className = 'cls-feedback bad';
        return;
      }
    }
    store.set(MINE, store.get(MINE, []).filter((x) => x.id !== m.id));
    renderMine();
  }

  // ------------------------------------------------------------------
  // Printing
  // ------------------------------------------------------------------

  // A sheet number of its own until the teacher gives one, so that the
  // print view and the PDF are the same sheet.
  function fillSeed() {
    const seedBox = $('#pr-seed');
    if (!seedBox.value) seedBox.value = String(Math.floor(Math.random() * 1000000));
    return seedBox;
  }

  function printParams() {
    const seedBox = $('#pr-seed');
    const count = Math.min(40, Math.max(1, Number($('#pr-count').value) || 6));
    return new URLSearchParams({
      kind: $('#pr-kind').value,
      level: $('#pr-level').value,
      count: String(count),
      seed: seedBox.value,
      lang: $('#pr-lang').value,
    });
  }

  function printOpen() {
    if (!$('#pr-form').dataset.ready) {
      $('#pr-form').dataset.ready = '1';
      $('#pr-lang').value = lang();
      $('#pr-level').value = String(S.level);
      $('#pr-form').addEventListener('submit', (e) => {
        e.preventDefault();
        fillSeed();
        window.open('/classroom/sheet?' + printParams(), '_blank', 'noopener');
      });
      for (const input of $$('#pr-form select, #pr-form input')) {
        input.addEventListener('input', refreshPdfLink);
        input.addEventListener('change', refreshPdfLink);
      }
      fillSeed();
    }
    refreshPdfLink();
  }

  function refreshPdfLink() {
    const params = printParams();
    if (!$('#pr-seed').value) params.delete('seed');
    $('#pr-pdf').href = '/classroom/sheet.pdf?' + params;
  }

  // ------------------------------------------------------------------
  // Start-up
  // ------------------------------------------------------------------

  function setupLanguage() {
    window.Common.languagePicker(() => {
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

  function init() {
    window.I18n.init();
    window.I18n.apply(document);
    setupLanguage();
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
    $('#cls-back').addEventListener('click', (e) => {
      e.preventDefault();
      stopShowing();
      if (S.assignment) location.href = '/join';
      else go(S.from || '');
    });
    $('#cls-skip').addEventListener('click', async () => {
      stopShowing();
      if (await answerAssignment({ index: S.assignment.index, skip: true })) loadAssignment(S.assignment.index + 1);
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
})();
