// @ts-check
// The shapes of what the server sends (API.md), for the type checker only:
// pages name them in JSDoc, e.g. `@type {import('../lib/views.js').SeekView}`.

/** @typedef {{initial_ms: number, increment_ms: number}} ClockView */

/**
 * A seek in the lobby (`src/lobby/view.rs`).
 * @typedef {object} SeekView
 * @property {number} id
 * @property {string} name
 * @property {boolean} account the seeker is logged in (`name` is a user name)
 * @property {number | null} rating
 * @property {boolean} provisional
 * @property {ClockView | null} clock
 * @property {'bullet' | 'blitz' | 'rapid' | 'classical' | null} speed
 * @property {boolean} rated
 * @property {number | null} range the most the opponent's rating may differ
 */

/** A logged-in account, as `GET /api/account` gives it. @typedef {{name: string, ratings?: object}} AccountView */

export {};
