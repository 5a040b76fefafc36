// @ts-check
// The teacher's Progress tab, drawn: the class's weeks, then a card per
// pupil. Every pupil's weeks are drawn on the class's weeks and on one
// scale, so that two cards compare at a glance; their games count the
// class's games and its tournaments'; each skill (a kind of exercise at a
// level) says how it went in words and in colours, with its trend week by
// week (the share right without the solution).

import { barChart, trendLine } from '../../lib/bars.js';
import { el } from '../../lib/dom.js';
import { I18n } from '../../lib/i18n.js';

const t = (key, params) => I18n.t(key, params);

/** @typedef {{first_try: number, after_tries: number, after_solution: number, wrong: number, skipped: number}} Tally */
/** @typedef {{monday: string, exercises: Tally}} Week */

/** How an exercise went, in the order the bars stack, and its colour. */
export const WENT = [
  ['first_try', '#2e7d32'],
  ['after_tries', '#7cc47f'],
  ['after_solution', '#e8b931'],
  ['wrong', '#d9534f'],
  ['skipped', '#a7a7a7'],
];

const NOTHING = Object.freeze({ first_try: 0, after_tries: 0, after_solution: 0, wrong: 0, skipped: 0 });

/** @param {Tally} tally @returns {number[]} */
export function parts(tally) {
  return WENT.map(([k]) => tally[/** @type {keyof Tally} */ (k)]);
}

/** @param {Tally} tally */
export function total(tally) {
  return parts(tally).reduce((a, b) => a + b, 0);
}

/** The share of `tally` right without the solution; null when nothing was done. @param {Tally} tally */
export function rightShare(tally) {
  const n = total(tally);
  return n ? (tally.first_try + tally.after_tries) / n : null;
}

/**
 * `weeks` laid on the class's `mondays`: a tally for every Monday,
 * nothing where nothing was done.
 * @param {string[]} mondays @param {Week[]} weeks @returns {Tally[]}
 */
export function onWeeks(mondays, weeks) {
  const by = new Map(weeks.map((w) => [w.monday, w.exercises]));
  return mondays.map((m) => by.get(m) ?? NOTHING);
}

/** The most exercises any pupil did in a week: the top of every pupil's chart. @param {{weeks: Week[]}[]} pupils */
export function busiestWeek(pupils) {
  return Math.max(1, ...pupils.flatMap((p) => p.weeks.map((w) => total(w.exercises))));
}

// A week in a few words: its Monday's day and month.
/** @param {string} monday */
function weekLabel(monday) {
  const date = new Date(monday + 'T12:00:00');
  return Number.isNaN(date.getTime()) ? monday : date.toLocaleDateString(I18n.lang, { day: 'numeric', month: 'short' });
}

/** @param {string[]} mondays @param {Tally[]} tallies @param {string} label @param {number} height @param {number} [max] */
function weeksChart(mondays, tallies, label, height, max) {
  const columns = mondays.map((m, i) => ({ label: weekLabel(m), parts: parts(tallies[i]) }));
  return barChart(columns, { colors: WENT.map(([, c]) => c), names: WENT.map(([k]) => t('club.went.' + k)), label, height, max });
}

/** What was done, in words: each way it went that happened, with its count. @param {Tally} tally */
function wentWords(tally) {
  return WENT.filter(([k]) => tally[/** @type {keyof Tally} */ (k)] > 0)
    .map(([k]) => t('club.went.' + k) + ' ' + tally[/** @type {keyof Tally} */ (k)]).join(' · ');
}

/** A bar split in the colours of how the exercises went, each part titled. @param {Tally} tally */
function tallyBar(tally) {
  const n = Math.max(1, total(tally));
  return el('div', { class: 'club-skill-bar', 'aria-hidden': 'true' }, ...WENT.map(([k, color]) => {
    const count = tally[/** @type {keyof Tally} */ (k)];
    return count ? el('span', { style: `width:${(100 * count) / n}%;background:${color}`, title: t('club.went.' + k) + ': ' + count }) : null;
  }));
}

const percent = () => new Intl.NumberFormat(I18n.lang, { style: 'percent', maximumFractionDigits: 0 });

/** One skill of a pupil: its name, how it went, its trend over the class's weeks. */
function skillRow(/** @type {string[]} */ mondays, /** @type {{kind: string, level: number | null, exercises: Tally, weeks?: Week[]}} */ skill) {
  const kind = t('cls.kind.' + skill.kind);
  const name = skill.level ? t('club.skill_level', { kind, level: skill.level }) : kind;
  const right = skill.exercises.first_try + skill.exercises.after_tries;
  const tallies = onWeeks(mondays, skill.weeks ?? []);
  const points = mondays.map((m, i) => ({ label: weekLabel(m), value: rightShare(tallies[i]) }));
  const format = percent();
  const said = points.filter((p) => p.value != null).map((p) => p.label + ' ' + format.format(/** @type {number} */ (p.value)));
  return el('div', { class: 'club-skill', 'data-kind': skill.kind },
    el('div', { class: 'club-skill-head' },
      el('strong', { text: name }),
      el('span', { text: t('club.skill_right', { right, total: total(skill.exercises) }) })),
    tallyBar(skill.exercises),
    el('p', { class: 'hint club-skill-words', text: wentWords(skill.exercises) }),
    points.some((p) => p.value != null)
      ? trendLine(points, { label: t('club.trend', { skill: name, weeks: said.join(', ') }), color: WENT[0][1], says: (v) => format.format(v) })
      : null);
}

// A pupil's puzzles and rules lessons of /learn, and their puzzle
// rating, in a line (none if they had none).
/** @param {{puzzles?: Tally, lessons?: Tally, puzzle_rating?: number | null}} pupil */
function learnLine(pupil) {
  const right = (/** @type {Tally} */ tally) => tally.first_try + tally.after_tries + tally.after_solution;
  const said = [];
  if (pupil.puzzles && total(pupil.puzzles)) {
    said.push(t('club.puzzles_line', { right: right(pupil.puzzles), total: total(pupil.puzzles), first: pupil.puzzles.first_try }));
    if (pupil.puzzle_rating != null) said.push(t('club.puzzle_rating', { rating: pupil.puzzle_rating }));
  }
  if (pupil.lessons && total(pupil.lessons)) said.push(t('club.lessons_line', { right: right(pupil.lessons), total: total(pupil.lessons) }));
  return said.length ? el('p', { class: 'hint club-learn-line', text: said.join(' · ') }) : null;
}

/**
 * The tab's parts from the progress the server answered.
 * @param {{weeks: (Week & {games: any})[], pupils: any[]}} p
 */
export function progressParts(p) {
  const mondays = p.weeks.map((w) => w.monday);
  const legend = WENT.map(([k, color]) => el('span', { class: 'club-legend-item' },
    el('i', { style: 'background:' + color }), t('club.went.' + k)));
  const whole = p.weeks.length
    ? weeksChart(mondays, p.weeks.map((w) => w.exercises), t('club.progress_class'), 140)
    : el('p', { class: 'hint', text: t('club.progress_none') });
  const top = busiestWeek(p.pupils);
  const cards = p.pupils.map((pupil) => {
    const games = t('club.games_line', { played: pupil.games.played, won: pupil.games.won, drawn: pupil.games.drawn });
    return el('div', { class: 'card club-progress', 'data-pupil': pupil.pupil },
      el('h3', { text: pupil.name }),
      el('p', { class: 'hint', text: wentWords(pupil.exercises) || t('club.progress_none') }),
      el('p', { class: 'hint', text: games }),
      learnLine(pupil),
      pupil.weeks.length ? weeksChart(mondays, onWeeks(mondays, pupil.weeks), t('club.progress_of', { name: pupil.name }), 70, top) : null,
      pupil.by_kind.length ? el('div', { class: 'club-skills' },
        el('h4', { text: t('club.skills') }),
        ...pupil.by_kind.map((/** @type {any} */ k) => skillRow(mondays, k))) : null);
  });
  return { legend, whole, cards };
}
