// @ts-check
// Challenges and turn-based games, in words: the terms of a challenge
// ("3 days per move · Rated"), the time a player has left ("2 d 5 h"),
// and the request a choice in a form makes. Pure: the texts come from the
// `t` given, so the tests need no page.

/** @typedef {(key: string, params?: Record<string, any>) => string} Translate */

const DAY_MS = 86400000;

/**
 * The clock part of a challenge request for a choice of the form:
 * `d3` (3 days per move), `5+3` (5 min + 3 s), `none`.
 * @param {string} value
 * @returns {{ days?: number, clock?: { initial_ms: number, increment_ms: number } }}
 */
export function clockChoice(value) {
  const days = /^d(\d+)$/.exec(value);
  if (days) return { days: Number(days[1]) };
  const fischer = /^(\d+)\+(\d+)$/.exec(value);
  if (fischer) return { clock: { initial_ms: Number(fischer[1]) * 60000, increment_ms: Number(fischer[2]) * 1000 } };
  return {};
}

/**
 * A clock in words: days per move, a per-move time, or minutes + seconds.
 * @param {{ initial_ms?: number, increment_ms?: number, per_move_ms?: number } | null | undefined} clock
 * @param {Translate} t
 */
export function clockWords(clock, t) {
  if (!clock) return t('clock.none');
  if (clock.per_move_ms && clock.per_move_ms >= DAY_MS) {
    const d = Math.round(clock.per_move_ms / DAY_MS);
    return t(d === 1 ? 'clock.day' : 'clock.days', { d });
  }
  if (clock.per_move_ms) return t('clock.per_move', { s: Math.round(clock.per_move_ms / 1000) });
  const m = (clock.initial_ms || 0) / 60000;
  return t('clock.fischer', { m: Number.isInteger(m) ? String(m) : m.toFixed(1), s: Math.round((clock.increment_ms || 0) / 1000) });
}

/**
 * A challenge's terms: its clock, whether it is rated, and whether a rated
 * game allows takebacks (a casual one always does).
 * @param {{ clock: any, rated: boolean, takebacks?: boolean }} challenge
 * @param {Translate} t
 */
export function termsWords(challenge, t) {
  return clockWords(challenge.clock, t) + ' · ' + t(challenge.rated ? 'acc.rated' : 'acc.casual')
    + (challenge.rated && challenge.takebacks ? ' · ' + t('ch.takebacks_on') : '');
}

/**
 * The colour `me` plays in a challenge (`null`: drawn when accepted).
 * @param {{ from: string, color: 'random' | 'south' | 'north' }} challenge
 * @param {string} me
 * @returns {'south' | 'north' | null}
 */
export function colourOf(challenge, me) {
  if (challenge.color === 'random') return null;
  const challenger = challenge.from.toLowerCase() === me.toLowerCase();
  if (challenger) return challenge.color;
  return challenge.color === 'south' ? 'north' : 'south';
}

/**
 * The time left to move, as a person reads it: "2 d 5 h", "1 day",
 * "5 h 12 min", "12 min", "45 s" (a days-a-move clock, a challenge's
 * expiry; a fast game's clock is `0:45`).
 * @param {number} ms
 * @param {Translate} t
 */
export function timeLeft(ms, t) {
  const total = Math.max(0, Math.floor(ms / 1000));
  if (total >= 86400) {
    const d = Math.floor(total / 86400);
    const h = Math.floor((total % 86400) / 3600);
    if (h === 0) return d === 1 ? t('time.day') : t('time.days', { d });
    return t('time.days_hours', { d, h });
  }
  if (total >= 3600) return t('time.hours_minutes', { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60) });
  if (total >= 60) return t('time.minutes', { m: Math.floor(total / 60) });
  return t('time.seconds', { s: total });
}
