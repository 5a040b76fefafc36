// @ts-check
// The Work tab of the teacher's dashboard: named groups of pupils, the
// form that gives work (a sheet's exercises, puzzles or lessons of /learn,
// for the class, the pupils ticked or a group, with a due day and rules),
// and each assignment's results grid, a tap on a cell showing that answer.

import { learnContent } from '../../lib/assignment.js';
import { $, $$, el } from '../../lib/dom.js';
import { I18n } from '../../lib/i18n.js';
import { itemHead, workCell } from './pupil-sheet.js';
import { api, dayWords } from './shared.js';

const t = (key, params) => I18n.t(key, params);

/** @typedef {import('../../lib/views.js').ClassView} ClassView */
/** @typedef {import('../../lib/views.js').AssignmentView} AssignmentView */

/**
 * The Work tab; its forms are wired once, and `render` draws a class's view.
 * @param {{ticked: Set<number>}} state the pupils ticked (shared with the Pupils tab)
 * @param {{call: (method: string, rest: string, body?: object) => Promise<any>, onError: (e: any) => void,
 *   redraw: () => void, openSheet: (id: number) => void,
 *   showWork: (a: AssignmentView, i: number, p: ClassView['pupils'][number], title: string) => void}} io
 *   `call`: the class's API as its teacher (`rest` after `/api/classes/ID`); `redraw`: the dashboard again
 */
export function workTab(state, io) {
  /** @param {import('../../lib/views.js').ClassView} v */
  function renderGroups(v) {
    const nameOf = new Map(v.pupils.map((p) => [p.id, p.name]));
    $('#dash-groups').replaceChildren(...v.groups.map((g) => el('li', { class: 'club-group', 'data-group': g.id },
      el('strong', { text: g.name }),
      el('span', { class: 'hint', text: g.pupils.length ? g.pupils.map((p) => nameOf.get(p) || '?').join(', ') : t('club.group_empty') }),
      el('button', { type: 'button', class: 'btn ghost small', text: t('club.group_tick'), onclick: () => tickGroup(g) }),
      el('button', { type: 'button', class: 'btn ghost small', text: t('club.group_set'), onclick: () => changeGroup(g, { pupils: Array.from(state.ticked) }) }),
      el('button', { type: 'button', class: 'btn ghost small', text: t('club.group_rename'), onclick: () => renameGroup(g) }),
      el('button', { type: 'button', class: 'btn ghost small', text: t('club.group_delete'), onclick: () => deleteGroup(g) }))));
    // Who an assignment is for: the class, the ticked pupils, or a group.
    const select = $('#assign-for');
    const kept = select.value;
    select.replaceChildren(el('option', { value: '', text: t('club.assign_for_class') }),
      el('option', { value: 'ticked', text: t('club.assign_ticked') }),
      ...v.groups.map((g) => el('option', { value: 'g:' + g.id, text: t('club.assign_for_group', { name: g.name }) })));
    select.value = Array.from(select.options).some((o) => o.value === kept) ? kept : '';
  }

  /** @param {{id: number, pupils: number[]}} g */
  function tickGroup(g) {
    state.ticked = new Set(g.pupils);
    io.redraw();
  }

  async function makeGroup() {
    try {
      await io.call('POST', '/groups', { name: $('#group-name').value, pupils: Array.from(state.ticked) });
      $('#group-name').value = '';
    } catch (e) {
      io.onError(e);
    }
  }

  /** @param {{id: number}} g @param {{name?: string, pupils?: number[]}} change */
  async function changeGroup(g, change) {
    try {
      await io.call('POST', '/groups/' + g.id, change);
    } catch (e) {
      io.onError(e);
    }
  }

  /** @param {{id: number, name: string}} g */
  function renameGroup(g) {
    const name = window.prompt(t('club.group_name'), g.name);
    if (name && name.trim() && name !== g.name) changeGroup(g, { name });
  }

  /** @param {{id: number, name: string}} g */
  async function deleteGroup(g) {
    if (!window.confirm(t('club.group_delete_confirm', { name: g.name }))) return;
    try {
      await io.call('DELETE', '/groups/' + g.id);
    } catch (e) {
      io.onError(e);
    }
  }

  /** @param {import('../../lib/views.js').ClassView} v */
  function renderAssignments(v) {
    const out = v.assignments.slice().reverse().map((a) => {
      const heads = Array.from({ length: a.count }, (_, i) => itemHead(a, i));
      const head = el('tr', {}, el('th', { text: t('club.pupil') }), ...heads.map((h, i) => el('th', { scope: 'col', title: h.long },
        el('span', { class: 'club-grid-n', text: String(i + 1) }), el('small', { class: 'club-grid-kind', text: h.short }))));
      // A click on a cell shows the exercise with the pupil's answer drawn;
      // on a name, the pupil's page.
      const rows = v.pupils.filter((p) => !a.pupils || a.pupils.includes(p.id)).map((p) => el('tr', {},
        el('th', {}, el('button', { type: 'button', class: 'club-name-btn', text: p.name, onclick: () => io.openSheet(p.id) })),
        ...heads.map((h, i) => workCell(a, i, p, h, (title) => io.showWork(a, i, p, title)))));
      const sheet = a.source.source === 'sheet' ? t('club.sheet_ref', { level: a.source.level, seed: a.source.seed })
        : learnContent(a) ? t('club.assign_' + learnContent(a)) : '';
      const groups = v.groups.filter((g) => (a.groups || []).includes(g.id)).map((g) => g.name);
      const about = [sheet, a.due ? t('club.due', { day: dayWords(a.due) }) : '', ...ruleWords(a.rules),
        groups.length ? t('club.for_groups', { groups: groups.join(', '), n: a.pupils ? a.pupils.length : 0 })
          : a.pupils ? I18n.tn('club.for_pupils', a.pupils.length) : ''].filter(Boolean).join(' · ');
      return el('div', { class: 'card club-assignment', 'data-assignment': a.id },
        el('h3', { text: a.title }), el('p', { class: 'hint', text: about }),
        el('div', { class: 'club-table-wrap' }, el('table', { class: 'club-table club-grid' }, el('thead', {}, head), el('tbody', {}, rows))),
        el('p', { class: 'hint club-grid-legend', text: t('club.grid_legend') }),
        el('button', { type: 'button', class: 'btn ghost small', text: t('club.unassign'), onclick: () => unassign(a) }));
    });
    $('#dash-assignments').replaceChildren(...out);
  }

  // An assignment's rules other than the usual, in words.
  /** @param {import('../../lib/views.js').AssignmentRules} rules */
  function ruleWords(rules) {
    return [
      rules.solution_after_try ? '' : t('club.rule_solution_any_time'),
      rules.until_right ? t('club.rule_until_right') : '',
      rules.no_skip ? t('club.rule_no_skip') : '',
    ].filter(Boolean);
  }

  // What the form gives: a sheet's exercises, puzzles or lessons of /learn.
  function assignContent() {
    const kind = $('#assign-kind').value;
    return kind === 'puzzles' || kind === 'lessons' || kind === 'learn' ? kind : 'sheet';
  }

  // The form's fields for what it gives, the others hidden.
  function showAssignFields() {
    const content = assignContent();
    for (const field of $$('#assign-form [data-for]')) field.hidden = !field.dataset.for.split(' ').includes(content);
    if (content === 'lessons' || content === 'learn') listLessons();
  }

  let lessonsListed = '';

  // The rules lessons to tick, in the page's language (all ticked at first).
  async function listLessons() {
    if (lessonsListed === I18n.lang) return;
    try {
      const view = await api('GET', '/api/learn/lessons?lang=' + I18n.lang);
      const ticked = new Set($$('#assign-lessons input:checked').map((i) => i.value));
      const first = !lessonsListed;
      lessonsListed = I18n.lang;
      $('#assign-lessons').replaceChildren(el('legend', { text: t('club.assign_which_lessons') }),
        ...view.lessons.map((l) => el('label', {}, el('input', { type: 'checkbox', value: l.id, checked: first || ticked.has(l.id) }), ' ' + l.number + '. ' + l.title)));
    } catch (e) {
      io.onError(e);
    }
  }

  async function assign() {
    const shared = $('#assign-shared').value.split(/[\s,]+/).map((s) => s.replace(/^.*[?&]e=/, '')).filter(Boolean);
    const content = assignContent();
    const count = Number($('#assign-count').value) || 6;
    /** @type {Record<string, any>} */
    let body = shared.length
      ? { exercises: shared }
      : { level: Number($('#assign-level').value), count };
    if (content !== 'sheet') body = {};
    if (content === 'puzzles' || content === 'learn') {
      /** @type {Record<string, any>} */
      const puzzles = {};
      if ($('#assign-theme').value) puzzles.theme = $('#assign-theme').value;
      if ($('#assign-difficulty').value) puzzles.difficulty = Number($('#assign-difficulty').value);
      Object.assign(body, { puzzles, count });
    }
    if (content === 'lessons' || content === 'learn') {
      const lessons = $$('#assign-lessons input:checked').map((i) => i.value);
      if (!lessons.length) {
        io.onError({ message: t('club.assign_no_lesson') });
        return;
      }
      body.lessons = lessons;
    }
    const title = $('#assign-title').value.trim();
    if (title) body.title = title;
    const due = $('#assign-due').value;
    if (due) {
      // A day already gone is said in the page's words (the server refuses it too).
      const now = new Date();
      const today = new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
      if (due < today) {
        io.onError({ message: t('club.assign_due_past') });
        return;
      }
      body.due = due;
    }
    body.rules = {
      solution_after_try: $('#assign-after-try').checked,
      until_right: $('#assign-until-right').checked,
      no_skip: $('#assign-no-skip').checked,
    };
    const audience = $('#assign-for').value;
    if (audience === 'ticked') {
      if (!state.ticked.size) {
        io.onError({ message: t('club.assign_none_ticked') });
        return;
      }
      body.pupils = Array.from(state.ticked);
    } else if (audience.startsWith('g:')) {
      body.groups = [Number(audience.slice(2))];
    }
    const kind = $('#assign-kind').value;
    if (content === 'sheet' && kind && !shared.length) body.kind = kind;
    const seed = $('#assign-seed').value.trim();
    if (content === 'sheet' && seed && !shared.length) body.seed = seed;
    try {
      await io.call('POST', '/assignments', body);
      $('#assign-shared').value = '';
      $('#assign-title').value = '';
    } catch (e) {
      io.onError(e);
    }
  }

  async function unassign(a) {
    if (!window.confirm(t('club.unassign_confirm', { title: a.title }))) return;
    try {
      await io.call('DELETE', '/assignments/' + a.id);
    } catch (e) {
      io.onError(e);
    }
  }

  $('#assign-form').addEventListener('submit', (ev) => { ev.preventDefault(); assign(); });
  $('#assign-kind').addEventListener('change', showAssignFields);
  $('#group-form').addEventListener('submit', (ev) => { ev.preventDefault(); makeGroup(); });
  return {
    /** @param {ClassView} v */
    render(v) {
      renderGroups(v);
      renderAssignments(v);
    },
    /** The page's language changed: the lessons to tick are listed in it. */
    languageChanged() {
      if (assignContent() === 'lessons' || assignContent() === 'learn') listLessons();
    },
  };
}
