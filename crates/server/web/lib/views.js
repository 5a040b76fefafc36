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

/**
 * A position valued by the engine (`POST /api/analyse`, `src/analysis/board.rs`).
 * @typedef {object} AnalyseView
 * @property {string} position after the moves, in position notation
 * @property {import('./position.js').Seat} turn
 * @property {boolean} over
 * @property {number} value the expected outcome for the side to move, 0 to 1
 * @property {string} score the engine's value as text (`+0.35`, `win in 3`)
 * @property {string | null} best
 * @property {string[]} line
 * @property {number} depth
 * @property {Partial<Record<import('./position.js').Seat, string[]>>} paths each pawn's shortest path
 * @property {{move: string, score: string}[]} book
 * @property {{pawn: string[], fences: string[]}} legal
 */

export {};
