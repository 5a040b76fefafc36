// @ts-check
// One pupil's page, for their teacher: their progress over the term
// (the card of the Progress tab), each assignment given to them with every
// answer (a tap shows it drawn on its exercise), and their games, each to
// replay. Only a first name is kept about a child, so there is nothing
// more to show, and no note to write.
//
// The results grid (Work tab) draws its cells with the same functions.

import { learnItem } from '../../lib/assignment.js';
import { el } from '../../lib/dom.js';
import { I18n } from '../../lib/i18n.js';

const t = (key, params) => I18n.t(key, params);

/** @typedef {import('../../lib/views.js').ClassView} ClassView */
/** @typedef {import('../../lib/views.js').AssignmentView} AssignmentView */
/** @typedef {ClassView['pupils'][number]} PupilView */

/**
 * An item of an assignment in words: a short name under its number, and
 * the whole name (with the level) for its title.
 * @param {AssignmentView} a @param {number} i
 */
export function itemHead(a, i) {
  const kind = a.kinds && a.kinds[i];
  if (kind) {
    const level = /** @type {{level?: number}} */ (a.source).level;
    const long = t('cls.kind.' + kind);
    return { short: t('club.short.' + kind), long: level ? t('club.skill_level', { kind: long, level }) : long };
  }
  const item = learnItem(a, i);
  const word = item ? t('club.short.' + item.kind) : '';
  return { short: word, long: word };
}

/**
 * Pupil `p`'s answer to item `i` of `a` as a cell: its mark (right at
 * the first try a plain tick, after tries the tick and their number), its
 * words, and a button that shows it drawn (`show`).
 * @param {AssignmentView} a @param {number} i @param {PupilView} p
 * @param {{short: string}} head @param {(title: string) => void} show
 */
export function workCell(a, i, p, head, show) {
  const w = a.work.find((x) => x.pupil === p.id && x.index === i);
  const status = w ? w.status : 'todo';
  const title = w ? t('club.status.' + status) + (w.answer ? ' · ' + w.answer : '') + ' · ' + I18n.tn('club.attempts', w.attempts) : t('club.status.todo');
  const mark = status === 'right' && w && w.attempts > 1 ? '✓' + w.attempts
    : { right: '✓', right_after_solution: '✓', wrong: '✗', skipped: '–', todo: '' }[status];
  if (!w) return el('td', { class: 'club-cell-todo', title, 'aria-label': title });
  return el('td', { class: 'club-cell-' + status },
    el('button', { type: 'button', class: 'club-cell-btn', title, 'aria-label': p.name + ' · ' + (i + 1) + ' ' + head.short + ' · ' + title, text: mark, onclick: () => show(title) }));
}

/**
 * How pupil `id`'s game ended for them: `won`, `lost`, `draw`, or
 * `playing` (not over yet).
 * @param {import('../../lib/views.js').ClassGameView} g @param {number} id
 */
export function gameOutcome(g, id) {
  const b = g.board;
  if (b.status !== 'over') return 'playing';
  if (b.draw) return 'draw';
  const seat = b.seats[g.pupils.indexOf(id)];
  return b.winners.includes(seat) ? 'won' : 'lost';
}

/**
 * The pupil's page.
 * @param {ClassView} v @param {PupilView} p
 * @param {Element | null} progress their card of the Progress tab, if any
 * @param {{showWork: (a: AssignmentView, i: number, title: string) => void}} io
 */
export function pupilSheet(v, p, progress, io) {
  const mine = v.assignments.filter((a) => !a.pupils || a.pupils.includes(p.id)).slice().reverse();
  const work = mine.map((a) => {
    const heads = Array.from({ length: a.count }, (_, i) => itemHead(a, i));
    return el('div', { class: 'club-sheet-work', 'data-assignment': a.id },
      el('h4', { text: a.title }),
      el('div', { class: 'club-table-wrap' }, el('table', { class: 'club-table club-grid' },
        el('thead', {}, el('tr', {}, ...heads.map((h, i) => el('th', { scope: 'col', title: h.long },
          el('span', { class: 'club-grid-n', text: String(i + 1) }), el('small', { class: 'club-grid-kind', text: h.short }))))),
        el('tbody', {}, el('tr', {}, ...heads.map((h, i) => workCell(a, i, p, h, (title) => io.showWork(a, i, title))))))));
  });
  const games = v.games.filter((g) => g.pupils.includes(p.id)).map((g) => {
    const outcome = gameOutcome(g, p.id);
    const others = g.board.names.filter((_, k) => g.pupils[k] !== p.id).join(', ');
    return el('li', { 'data-game': g.board.id, 'data-outcome': outcome },
      el('span', { class: 'club-sheet-outcome ' + outcome, text: t('club.sheet_' + outcome) }), ' ',
      el('span', { text: t('club.sheet_against', { names: others }) }), ' ',
      el('a', { class: 'btn ghost small', href: '/g/' + encodeURIComponent(g.board.id), target: '_blank', text: t(outcome === 'playing' ? 'club.sheet_watch' : 'club.sheet_replay') }));
  });
  return [
    el('h2', { id: 'pupil-sheet-title', text: p.name }),
    el('p', { class: 'hint', text: t('club.sheet_only_name') }),
    el('h3', { text: t('club.sheet_progress') }),
    progress || el('p', { class: 'hint', text: t('club.sheet_no_progress') }),
    el('h3', { text: t('club.sheet_work') }),
    ...(work.length ? [...work, el('p', { class: 'hint club-grid-legend', text: t('club.grid_legend') })] : [el('p', { class: 'hint', text: t('club.sheet_no_work') })]),
    el('h3', { text: t('club.sheet_games') }),
    games.length ? el('ul', { class: 'club-sheet-games' }, ...games) : el('p', { class: 'hint', text: t('club.sheet_no_games') }),
  ];
}
