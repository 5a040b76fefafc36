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
 * @property {number} [size] the board's size (9 when left out)
 * @property {number} [players] the players it is for (2 or 4)
 * @property {'standard' | 'teams' | 'scoring'} [variant]
 * @property {number} [joined] the players in it so far, the seeker included
 */

/** A logged-in account, as `GET /api/account` gives it. @typedef {{name: string, ratings?: object, bot?: boolean}} AccountView */

/**
 * A position valued by the engine (`POST /api/analyse`, `src/analysis/board.rs`;
 * the engine on the device, `crates/wasm`, answers the same, with its
 * progress).
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
 * @property {number} [nodes] positions searched (the engine on the device)
 * @property {number} [ms] time searched (the engine on the device)
 * @property {boolean} [searching] whether the engine on the device still searches
 * @property {AnalyseLine[]} [lines] the best moves, best first, where several were asked for
 */

/**
 * One of the best moves of a position, with its line (`LineView`).
 * @typedef {{best: string, value: number, score: string, line: string[], depth: number}} AnalyseLine
 */

/** @typedef {import('./position.js').Seat} Seat */

/**
 * Why a move is refused (`src/view.rs` `ReasonView`).
 * @typedef {{code: string, from?: string, to?: string, size?: number, fence?: string, seat?: string, square?: string, text?: string}} ReasonView
 */

/**
 * A game's settings (`crates/game/src/settings.rs`).
 * @typedef {object} GameSettings
 * @property {number} size
 * @property {number} players
 * @property {'standard' | 'teams' | 'scoring' | string} variant
 * @property {number | null} fences
 * @property {(ClockView & {per_move_ms?: number}) | null} clock
 * @property {'classic' | 'crab'} theme
 * @property {boolean} public
 * @property {boolean} side_step_over_pawn
 * @property {number} ply_limit
 * @property {boolean} [competition]
 * @property {boolean} [chat_off] no chat in this game (a class's game, unless its teacher turned it on)
 * @property {boolean} [teacher_reads] a class's game: its teacher reads its chat
 * @property {boolean} [rated]
 * @property {string} [tournament] the tournament whose game this is
 */

/**
 * A seat of a game.
 * @typedef {object} SeatView
 * @property {Seat} seat
 * @property {'human' | 'ai'} kind
 * @property {string} name
 * @property {boolean} taken false for a free online seat
 * @property {boolean} connected
 * @property {number | null} [level] an AI's level
 * @property {boolean} [account] a logged-in player
 * @property {boolean} [bot] that account is a bot's (a program plays it)
 * @property {number} [gone_ms] how long the player's page has been closed (an online game)
 */

/**
 * An entry of a game's history: a move in notation, or `resign`, `timeout`,
 * `draw`; the position after it.
 * @typedef {{seat: Seat, move: string, points: number | null, ms: number, position: string}} MoveView
 */

/**
 * The side to move's legal moves, and why each other fence slot is refused.
 * @typedef {{pawn: string[], fences: string[], blocked: Record<string, ReasonView>}} LegalView
 */

/** @typedef {{remaining_ms: Partial<Record<Seat, number>>, running: Seat | null}} GameClockView */
/** @typedef {{winners: Seat[], draw: boolean, termination: string, abort?: {seat: Seat, why: 'aborted' | 'no_first_move' | 'never_opened' | 'nobody_came'}, left?: Seat[]}} ResultView */
/** @typedef {{seat: string, name: string, before: number, after: number, provisional: boolean}} RatingChangeView */

/**
 * A game as the server sends it (`src/view.rs` `GameView`, API.md).
 * @typedef {object} GameView
 * @property {string} id
 * @property {number} version
 * @property {number} created_ms
 * @property {GameSettings} settings
 * @property {SeatView[]} seats
 * @property {'waiting' | 'playing' | 'over'} status
 * @property {Seat} turn
 * @property {number} ply
 * @property {string} position
 * @property {Partial<Record<Seat, string>>} pawns
 * @property {string[]} fences
 * @property {Partial<Record<Seat, number>>} fences_left
 * @property {Partial<Record<Seat, number>> | null} scores
 * @property {Seat[]} arrived
 * @property {Seat[]} out
 * @property {number} moves_from where `moves` starts in the history
 * @property {MoveView[]} moves
 * @property {LegalView | null} legal
 * @property {GameClockView | null} clock
 * @property {{by: Seat, waiting: Seat[]} | null} draw_offer
 * @property {{by: Seat, waiting: Seat[]}} [takeback_offer] a takeback asked for, waiting for answers
 * @property {boolean} [takeback_allowed] whether the players may ask each other to take a move back
 * @property {ResultView | null} result
 * @property {boolean} undo_allowed
 * @property {boolean} hint_allowed
 * @property {boolean} abort_allowed
 * @property {Seat[]} [rematch_asked] the seats whose players asked for a rematch not made yet
 * @property {number} [first_move_ms] the milliseconds before a first move that waits aborts the game
 * @property {'bullet' | 'blitz' | 'rapid' | 'classical'} [speed] a game with a clock: its speed
 * @property {number} spectators
 * @property {string | null} rematch the rematch's id, once asked
 * @property {RatingChangeView[]} [rating_changes]
 */

/**
 * A board at a glance, for the class's thumbnails and the tournament page
 * (`src/club/view.rs` `BoardView`); per seat lists in turn order.
 * @typedef {object} ClubBoardView
 * @property {string} id
 * @property {number} size
 * @property {'classic' | 'crab'} theme
 * @property {string[]} names
 * @property {(number | null)[]} levels the computer's level of each seat it plays
 * @property {Seat[]} seats
 * @property {string[]} pawns
 * @property {string[]} fences
 * @property {number[]} fences_left
 * @property {Seat} turn
 * @property {number} ply
 * @property {'waiting' | 'playing' | 'over'} status
 * @property {Seat[]} winners
 * @property {boolean} draw
 * @property {(number | null)[]} distances steps to the goal
 * @property {Seat | null} ahead
 * @property {number} version
 */

/** @typedef {'right' | 'wrong' | 'skipped' | 'right_after_solution'} WorkStatus */

/**
 * A pupil's answer to one exercise of an assignment.
 * @typedef {{pupil: number, index: number, status: WorkStatus, attempts: number, answer: string}} WorkView
 */

/**
 * What an assignment asks (`Rules`): the solution only after an answer,
 * each exercise right before the next, no skipping.
 * @typedef {{solution_after_try: boolean, until_right: boolean, no_skip: boolean}} AssignmentRules
 */

/**
 * An assignment (`AssignmentView`): every pupil's work for the teacher,
 * one's own for a pupil; due on a day (`YYYY-MM-DD`), for the pupils
 * named (none: the whole class); `kinds`: each exercise's kind, in order
 * (none for lessons and puzzles).
 * @typedef {{id: number, title: string, count: number, source: object, created_ms: number, rules: AssignmentRules, due?: string, pupils?: number[], groups?: number[], work: WorkView[], kinds?: string[]}} AssignmentView
 */

/** @typedef {{board: ClubBoardView, pupils: (number | null)[]}} ClassGameView */
/**
 * A class's tournament; on a pupil's page, where the pupil stands in it.
 * @typedef {object} TournamentLink
 * @property {string} id
 * @property {string} name
 * @property {'open' | 'running' | 'finished'} stage
 * @property {boolean} [playing] the pupil is one of its players
 * @property {string} [game] the pupil's game of the round being played, until it ends
 * @property {boolean} [bye] the pupil has this round's bye
 * @property {number} [place] the pupil's place at the end
 * @property {number} players how many play
 */

/**
 * The teacher's dashboard: everything in the class (`ClassView`).
 * @typedef {object} ClassView
 * @property {string} id
 * @property {string} code
 * @property {string} name
 * @property {Lang} lang
 * @property {string} join_url
 * @property {boolean} join_reachable whether other machines can open `join_url`
 * @property {boolean} has_pin
 * @property {boolean} in_account kept in a teacher's account
 * @property {{id: number, name: string, right: number, done: number, online: boolean, card: string, pictures?: string[]}[]} pupils
 * @property {{id: number, name: string, pupils: number[]}[]} groups the named groups of pupils
 *   `card`: the pupil's login card (8 letters, shown as `ABCD-EFGH`)
 * @property {AssignmentView[]} assignments
 * @property {ClassGameView[]} games
 * @property {TournamentLink[]} tournaments
 * @property {boolean} [chat] pupils may chat in the class's games (the teacher reads it)
 * @property {number} [chat_said_ms] when a pupil last said a line (0: none since the server started)
 * @property {{open: boolean, until_ms: number, tries_left: number, shut_by_misses: boolean}} [picture_door] the way in by pictures
 * @property {number} version
 */

/**
 * What pupils said in the class's games (`ClassChatView`), oldest first.
 * @typedef {{on: boolean, lines: {game: string, pupil: number, name: string, text: string, at_ms: number}[]}} ClassChatView
 */

/**
 * A class's login cards, to print (`CardsView`): each with a QR code (SVG)
 * that opens `join_url#card=…`.
 * @typedef {{class_name: string, join_url: string, cards: {pupil: number, name: string, card: string, pictures?: string[], qr_svg: string}[]}} CardsView
 */

/**
 * A pupil's own page (`MeView`).
 * @typedef {object} MeView
 * @property {string} class
 * @property {string} class_name
 * @property {Lang} lang
 * @property {number} pupil
 * @property {string} name
 * @property {AssignmentView[]} assignments
 * @property {ClassGameView[]} games newest first
 * @property {TournamentLink[]} tournaments
 * @property {number} version
 */

/** @typedef {'en' | 'fr' | 'ro'} Lang */

/**
 * A classroom exercise ready to be shown and answered
 * (`src/classroom/view.rs` `ExerciseView`).
 * @typedef {object} ExerciseView
 * @property {any} exercise the exercise as the exercises crate writes it
 * @property {string} kind the kind of exercise (`maze`, `routes`, `arrows`, `shortest`)
 * @property {'route' | 'objects' | 'arrows' | 'race'} answer
 * @property {string} instruction
 * @property {string} svg the board, with a tappable `rect.cell[data-sq]` over each square
 * @property {{color: string, label: string, letter: string}[]} pawns
 * @property {{object: string, label: string}[]} objects
 * @property {boolean} diagonals
 * @property {string} [id] the shared exercise's id
 */

export {};
