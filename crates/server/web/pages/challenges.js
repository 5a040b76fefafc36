// @ts-check
// Challenges and games in progress on a player's pages: the form that
// challenges a player (their page /@/NAME), the challenges for you and
// from you with their answers (/account, live over /api/challenges/ws),
// and the games in progress, yours to move first ("your turn", also on
// the home page; the same socket says when one moves on). Whoever's
// challenge is accepted is taken to the game.

import { api } from '../lib/api.js';
import { botBadge } from '../lib/bot.js';
import { clockChoice, colourOf, termsWords, timeLeft } from '../lib/challenge.js';
import { $, announce, el } from '../lib/dom.js';
import { I18n } from '../lib/i18n.js';
import { LiveSocket, socketUrl } from '../lib/socket.js';
import { refreshTurnCount } from '../lib/topbar.js';

const t = (key, params) => I18n.t(key, params);

/** @type {LiveSocket | null} */
let live = null;
/** What the page does with the lists, as they come. */
const followers = new Set();
/** What the page does when a game in progress moves on. */
const playingFollowers = new Set();

/** Whether an accepted challenge may take this page to its game. */
let mayOpen = () => true;

/**
 * Follows this account's challenges: `onLists` gets the lists at once and
 * after every change; an accepted challenge opens its game (when `open`
 * allows: not in the middle of another game), a declined one is said.
 * @param {(lists: any) => void} onLists
 * @param {() => boolean} [open]
 */
export function followChallenges(onLists, open) {
  followers.add(onLists);
  if (open) mayOpen = open;
  if (live) return;
  live = new LiveSocket(socketUrl('/api/challenges/ws'), {
    pingEvery: 0,
    onMessage: (msg) => {
      if (msg.type === 'challenges') for (const f of followers) f(msg);
      else if (msg.type === 'accepted' && mayOpen()) location.href = '/g/' + encodeURIComponent(msg.game);
      else if (msg.type === 'declined') say(t('ch.declined', { name: msg.by }));
      else if (msg.type === 'playing') {
        for (const f of playingFollowers) f();
        refreshTurnCount();
      }
    },
  });
  live.start();
}

/**
 * Hears, over the same socket, that a game of this account moved on (a
 * move, its start, its end): the list of games in progress is to be asked
 * again. Call with `followChallenges`.
 * @param {() => void} onPlaying
 */
export function followPlaying(onPlaying) {
  playingFollowers.add(onPlaying);
}

function say(text) {
  const box = $('#ch-notice');
  if (box) {
    box.textContent = text;
    box.hidden = false;
  }
  announce(text);
}

// The challenger's rating at the challenge's speed: " (1500?)".
function ratingText(r) {
  return r ? ' (' + r.rating + (r.provisional ? '?' : '') + ')' : '';
}

function when(ms) {
  return new Date(ms).toLocaleString(I18n.lang, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The answer buttons' failures show beside the lists. */
async function act(path) {
  try {
    return await api('POST', path, {});
  } catch (e) {
    say(e.message);
    return null;
  }
}

/**
 * The challenges for you (accept, decline) and from you (cancel).
 * @param {HTMLElement} box
 * @param {{ incoming: any[], outgoing: any[] }} lists
 * @param {string} me
 */
export function renderChallenges(box, lists, me) {
  const line = (c, incoming) => {
    const colour = colourOf(c, me);
    const meta = [termsWords(c, t), colour ? t('ch.you_play', { seat: t('seat.' + colour) }) : t('ch.colour_drawn'),
      t('ch.expires', { date: when(c.expires_ms) })].join(' · ');
    const id = encodeURIComponent(c.id);
    const buttons = incoming
      ? [el('button', { type: 'button', class: 'btn primary', 'data-accept': c.id, text: t('ch.accept'),
          onclick: async () => {
            const res = await act('/api/challenges/' + id + '/accept');
            if (res && res.game) location.href = '/g/' + encodeURIComponent(res.game);
          } }),
        el('button', { type: 'button', class: 'btn', 'data-decline': c.id, text: t('ch.decline'),
          onclick: () => act('/api/challenges/' + id + '/decline') })]
      : [el('button', { type: 'button', class: 'btn', 'data-cancel': c.id, text: t('ch.cancel'),
          onclick: () => act('/api/challenges/' + id + '/cancel') })];
    return el('li', { class: 'game-item', 'data-challenge': c.id },
      el('span', { class: 'gi-main' },
        el('span', { class: 'gi-names', text: incoming ? t('ch.from', { name: c.from + ratingText(c.from_rating) }) : t('ch.to', { name: c.to }) },
          (incoming ? c.from_bot : c.to_bot) ? [' ', botBadge()] : null),
        el('span', { class: 'gi-meta', text: meta })),
      buttons);
  };
  const list = (items, incoming, empty) => items.length
    ? el('ul', { class: 'game-list' }, items.map((c) => line(c, incoming)))
    : el('p', { class: 'hint', text: t(empty) });
  box.replaceChildren(
    el('h3', { text: t('ch.incoming') }), list(lists.incoming, true, 'ch.none_in'),
    el('h3', { text: t('ch.outgoing') }), list(lists.outgoing, false, 'ch.none_out'),
  );
}

/**
 * The account's games not over, its turn first, each with the time left.
 * @param {HTMLElement} box
 * @param {any[]} games from `/api/account/playing`
 * @param {boolean} [onlyMyTurn] the home page's "your turn" list
 */
export function renderPlaying(box, games, onlyMyTurn = false) {
  const shown = onlyMyTurn ? games.filter((g) => g.my_turn) : games;
  if (!shown.length) {
    box.replaceChildren(el('p', { class: 'hint', text: t('ch.no_playing') }));
    return shown.length;
  }
  box.replaceChildren(el('ul', { class: 'game-list' }, shown.map((g) => {
    const other = g.opponents.join(', ');
    const state = g.status === 'waiting' ? t('ch.waiting_seat')
      : g.my_turn ? t('ch.your_turn') : t('ch.their_turn', { name: other });
    const meta = [state, g.left_ms != null ? t('ch.left', { time: timeLeft(g.left_ms, t) }) : '',
      g.speed ? t('acc.speed_' + g.speed) : ''].filter(Boolean).join(' · ');
    return el('li', { class: 'game-item' + (g.my_turn ? ' my-turn' : ''), 'data-playing': g.game },
      el('span', { class: 'gi-main' },
        el('span', { class: 'gi-names', text: t('ch.vs', { name: other }) }),
        el('span', { class: 'gi-meta', text: meta })),
      el('a', { class: 'btn small' + (g.my_turn ? ' primary' : ''), href: '/g/' + encodeURIComponent(g.game), text: t('ch.open') }));
  })));
  return shown.length;
}

/**
 * The form that challenges `name` (shown on their page to a logged-in
 * player), or anybody by name (`null`: on /account): the time (played now
 * or turn-based), rated, the colour.
 * @param {HTMLElement} box
 * @param {string | null} name
 */
export function challengeForm(box, name) {
  const choices = [
    ['ch.live', [['3+2', t('clock.fischer', { m: 3, s: 2 })], ['5+3', t('clock.fischer', { m: 5, s: 3 })],
      ['10+5', t('clock.fischer', { m: 10, s: 5 })], ['20+10', t('clock.fischer', { m: 20, s: 10 })]]],
    ['ch.turn_based', [1, 2, 3, 5, 7, 14].map((d) => ['d' + d, t(d === 1 ? 'clock.day' : 'clock.days', { d })])],
  ];
  const clock = el('select', { id: 'ch-clock' }, choices.map(([group, opts]) =>
    el('optgroup', { label: t(String(group)) }, /** @type {any[]} */ (opts).map(([v, text]) => el('option', { value: v, text })))));
  /** @type {HTMLSelectElement} */ (clock).value = 'd3';
  const rated = el('input', { type: 'checkbox', id: 'ch-rated' });
  // Offered in a rated game only: a casual one always allows takebacks.
  const takebacks = el('input', { type: 'checkbox', id: 'ch-takebacks' });
  const takebacksField = el('label', { class: 'field check', id: 'ch-takebacks-field', hidden: true }, takebacks, el('span', { text: t('ch.takebacks') }));
  rated.addEventListener('change', () => { takebacksField.hidden = !/** @type {HTMLInputElement} */ (rated).checked; });
  const colour = el('select', { id: 'ch-color' }, ['random', 'south', 'north'].map((c) => el('option', { value: c, text: t('ch.color_' + c) })));
  const status = el('p', { id: 'ch-status', class: 'hint', role: 'status', hidden: true });
  const send = el('button', { type: 'submit', class: 'btn primary', id: 'ch-send', text: t('ch.send') });
  const cancel = el('button', { type: 'button', class: 'btn', id: 'ch-cancel', hidden: true, text: t('ch.cancel') });
  /** @type {string | null} */
  let sent = null;
  const to = el('input', { id: 'ch-to', type: 'text', autocomplete: 'off', maxlength: 20, required: true, spellcheck: 'false' });
  const form = el('form', { class: 'card ch-form', id: 'ch-form', novalidate: true },
    el('h2', { text: name ? t('ch.title', { name }) : t('ch.title_any') }),
    name ? null : el('label', { class: 'field' }, el('span', { text: t('acc.name') }), to),
    el('label', { class: 'field' }, el('span', { text: t('ch.clock') }), clock),
    el('label', { class: 'field check' }, rated, el('span', { text: t('ch.rated') })),
    takebacksField,
    el('label', { class: 'field' }, el('span', { text: t('ch.color') }), colour),
    el('p', {}, send, ' ', cancel), status,
    el('p', { id: 'ch-notice', class: 'hint', role: 'status', hidden: true }));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    send.disabled = true;
    try {
      const body = { to: name || /** @type {HTMLInputElement} */ (to).value.trim(), rated: /** @type {HTMLInputElement} */ (rated).checked,
        takebacks: /** @type {HTMLInputElement} */ (rated).checked && /** @type {HTMLInputElement} */ (takebacks).checked,
        color: /** @type {HTMLSelectElement} */ (colour).value, ...clockChoice(/** @type {HTMLSelectElement} */ (clock).value) };
      const made = await api('POST', '/api/challenges', body);
      sent = made.id;
      status.textContent = t('ch.sent', { name: made.to });
      cancel.hidden = false;
      // Taken to the game as soon as it is accepted.
      followChallenges((lists) => {
        if (sent && !lists.outgoing.some((c) => c.id === sent)) {
          sent = null;
          cancel.hidden = true;
          send.disabled = false;
          status.hidden = true;
        }
      });
    } catch (e) {
      status.textContent = e.message;
      send.disabled = false;
    }
    status.hidden = false;
    announce(status.textContent);
  });
  cancel.addEventListener('click', async () => {
    if (!sent) return;
    await act('/api/challenges/' + encodeURIComponent(sent) + '/cancel');
  });
  box.replaceChildren(form);
}
