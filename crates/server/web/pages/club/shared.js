// @ts-check
// What the club's pages share: the API in the page's words, one live
// connection that reconnects by itself, a board at a glance (the server's
// BoardView) with its players' names, and a player's tournament in words.

import { apiSaying } from '../../lib/api.js';
import { $$, el, svgEl } from '../../lib/dom.js';
import { BoardView } from '../../lib/board/view.js';
import { I18n } from '../../lib/i18n.js';
import { LiveSocket, socketUrl, wakeWhenShown } from '../../lib/socket.js';

const t = (key, params) => I18n.t(key, params);

/** The API, its network failures said in the page's words. */
export const api = apiSaying(() => t('club.network'));

// One live connection, reconnecting with a growing pause.
export function live(path, token, onMessage, onState) {
  const conn = new LiveSocket(socketUrl(path), {
    token,
    onMessage,
    onOpen: () => onState(true),
    onClose: () => onState(false),
    backoff: { base: 500, max: 10000 },
  });
  return wakeWhenShown(conn.start());
}

/** @typedef {import('../../lib/views.js').ClubBoardView} ClubBoardView */

// ------------------------------------------------------------------
// A board at a glance (the server's BoardView).
// ------------------------------------------------------------------

// A board at a glance, drawn by the shared board as a thumbnail.
/** @param {ClubBoardView} b @param {string} label */
export function thumbnail(b, label) {
  const svg = /** @type {SVGSVGElement} */ (svgEl('svg', { class: 'board mini club-thumb', role: 'img', 'aria-label': label }));
  const view = new BoardView(svg);
  view.build({ size: b.size, seats: b.seats, theme: b.theme === 'crab' ? 'crab' : 'classic', mini: true });
  const pawns = {};
  b.pawns.forEach((sq, i) => { if (b.seats[i]) pawns[b.seats[i]] = sq; });
  view.showPosition({ pawns, fences: b.fences, toMove: b.status === 'playing' ? b.turn : null });
  return svg;
}

// A player's name as the page shows it: a computer player's default
// name ("AI 2", "AI 2 #1", made by the server) in the page's language.
export function shownName(name, level) {
  // A pupil removed from the class: their name is forgotten.
  if (name === '') return t('club.removed_pupil');
  const m = level ? /^AI (\d+)(?: #(\d+))?$/.exec(name) : null;
  if (!m || Number(m[1]) !== level) return name;
  return m[2] ? t('club.ai_name_n', { level, n: m[2] }) : t('club.ai_name', { level });
}

export function seatName(b, i) {
  return shownName(b.names[i], (b.levels || [])[i]);
}

// Who is where and how it stands, in words.
/** @param {ClubBoardView} b */
export function boardLine(b) {
  if (b.status === 'over') {
    if (b.draw || !b.winners.length) return t('club.draw');
    const names = b.winners.map((w) => seatName(b, b.seats.indexOf(w)));
    return t('club.won', { names: names.join(' & ') });
  }
  if (b.status === 'waiting') return t('club.waiting');
  // Before the first move nobody is ahead, and there is no move to count.
  if (!b.ply) return t('club.no_move_yet');
  const ahead = b.ahead ? seatName(b, b.seats.indexOf(b.ahead)) : null;
  return (ahead ? t('club.ahead', { name: ahead }) + ' · ' : '') + t('club.ply', { n: b.ply });
}

/** @param {ClubBoardView} b @param {{href?: string, target?: string, extra?: Node}} [opts] */
export function boardCard(b, opts = {}) {
  const shown = b.names.map((_, i) => seatName(b, i));
  const names = shown.map((n, i) => el('span', { class: 'club-name seat-' + b.seats[i] + (b.winners.includes(b.seats[i]) ? ' winner' : ''), text: n }));
  const title = shown.join(' – ');
  const card = el(opts.href ? 'a' : 'div', { class: 'club-board' + (b.status === 'over' ? ' over' : ''), href: opts.href || null, target: opts.target || null, 'data-game': b.id, 'data-ply': b.ply },
    thumbnail(b, title),
    el('div', { class: 'club-names' }, names.flatMap((n, i) => (i ? [' – ', n] : [n]))),
    el('div', { class: 'club-line', text: boardLine(b) }),
    opts.extra || null);
  return card;
}

// A player's tournament in words (null: nothing of their own to say).
/** @param {{stage: string, playing?: boolean, game?: string | null, bye?: boolean, place?: number | null, players: number}} c */
export function tournamentWords(c) {
  if (!c.playing) return null;
  if (c.stage === 'finished' && c.place) {
    return c.place === 1 ? t('club.cup_won') : I18n.tord('club.cup_place', c.place, { players: c.players });
  }
  if (c.stage !== 'running') return null;
  if (c.bye) return t('club.you_bye');
  if (!c.game) return t('club.cup_wait');
  return null;
}

// ------------------------------------------------------------------
// The page around the views.
// ------------------------------------------------------------------

// Shows one view of the page (`main > .view`), hiding the others.
export function showView(id) {
  for (const v of $$('main > .view')) v.hidden = v.id !== id;
}

// A network failure in the page's own words.

export function showError(box, e) {
  box.hidden = false;
  box.textContent = e.message || String(e);
}

// Today in this browser, as `YYYY-MM-DD` (due days are calendar days).
export function today() {
  const d = new Date();
  return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0');
}

// A due day in words, in the page's language ("Friday 4 December").
/** @param {string} day */
export function dayWords(day) {
  const date = new Date(day + 'T12:00:00');
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString(I18n.lang, { weekday: 'long', day: 'numeric', month: 'long' });
}
