// The rules and the engine compiled to WebAssembly (crates/wasm), behind
// plain functions. Pure: it runs wherever WebAssembly does (the engine's
// Web Worker, Node's tests); the page itself talks to the worker through
// lib/engine.js, never to this module, so that a search never freezes it.
//
// Text crosses through the module's two buffers: the input is written at
// qw_input(len), and each function answers the length of its JSON answer,
// read at qw_output().

/**
 * @typedef {{ error: string, message: string, reason?: import('./views.js').ReasonView }} EngineError
 * @typedef {{ best: string|null, value: number, score: string, line: string[],
 *   depth: number, nodes: number, ms: number }} SearchLine
 * @typedef {SearchLine & { lines?: SearchLine[] }} SearchInfo an iteration
 *   of the first line, or (`lines` alone) the best lines found so far
 * @typedef {{ level?: number, depth?: number, ms?: number, nodes?: number,
 *   seed?: number, book?: boolean, lines?: number }} SearchLimits
 * @typedef {{
 *   position(text: string): any, play(move: string): any, undo(): any,
 *   facts(): any, perft(depth: number): number, game(text: string): any,
 *   record(text: string): any, local(text: string): any, readRecords(text: string): any,
 *   review(text: string, ms: number, onProgress?: (p: {done: number, total: number}) => void): any,
 *   search(limits: SearchLimits, onIteration?: (info: SearchInfo) => void): any,
 *   hint(ms: number): any,
 *   clockBudget(remainingMs: number, incrementMs: number): number,
 *   newGame(): void }} Engine
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Instantiates the module from its bytes (or a compiled module).
 * `now` is the engine's clock in milliseconds (performance.now).
 * @param {BufferSource | WebAssembly.Module} source
 * @param {{ now?: () => number }} [host]
 * @returns {Promise<Engine>}
 */
export async function instantiateEngine(source, host = {}) {
  const now = host.now ?? (() => performance.now());
  /** @type {((info: SearchInfo) => void) | null} */
  let listener = null;
  /** @type {any} */
  let exports = null;
  const read = (/** @type {number} */ ptr, /** @type {number} */ len) =>
    decoder.decode(new Uint8Array(exports.memory.buffer, ptr, len));
  const imports = {
    env: {
      quoridor_now_ms: () => now(),
      quoridor_report: (/** @type {number} */ ptr, /** @type {number} */ len) => {
        if (listener) listener(JSON.parse(read(ptr, len)));
      },
    },
  };
  const instance = source instanceof WebAssembly.Module
    ? await WebAssembly.instantiate(source, imports)
    : (await WebAssembly.instantiate(source, imports)).instance;
  exports = instance.exports;

  const write = (/** @type {string} */ text) => {
    const bytes = encoder.encode(text);
    const ptr = exports.qw_input(bytes.length);
    new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
  };
  const answer = (/** @type {number} */ len) => JSON.parse(read(exports.qw_output(), len));

  return {
    /** A position in notation, or `start SIZE PLAYERS`, then moves, one per line. */
    position(text) { write(text); return answer(exports.qw_position()); },
    play(move) { write(move); return answer(exports.qw_play()); },
    undo() { return answer(exports.qw_undo()); },
    facts() { return answer(exports.qw_facts()); },
    perft(depth) { return exports.qw_perft(depth); },
    /** A whole game: the ruleset, then one entry a line (crates/wasm/src/game.rs). */
    game(text) { write(text); return answer(exports.qw_game()); },
    /** A game's record: `tag NAME VALUE` lines, then the game's text. */
    record(text) { write(text); return answer(exports.qw_record()); },
    /** A file of records: each game's tags, start, moves and end (crates/wasm/src/records.rs). */
    readRecords(text) { write(text); return answer(exports.qw_read_records()); },
    /** A game on the device: its record and what is done (crates/wasm/src/local.rs). */
    local(text) { write(text); return answer(exports.qw_local()); },
    search(limits, onIteration) {
      listener = onIteration ?? null;
      try {
        return answer(exports.qw_search(
          limits.level ?? 8, limits.depth ?? 0, limits.ms ?? 0, limits.nodes ?? 0,
          limits.seed ?? 0, limits.book ? 1 : 0, limits.lines ?? 0));
      } finally {
        listener = null;
      }
    },
    /** A finished game reviewed, each position searched for `ms`. */
    review(text, ms, onProgress) {
      write(text);
      listener = /** @type {any} */ (onProgress ?? null);
      try {
        return answer(exports.qw_review(ms));
      } finally {
        listener = null;
      }
    },
    /** A hint a person can follow: a search's result with `steps`, every pawn's path before and after. */
    hint(ms) { return answer(exports.qw_hint(ms)); },
    newGame() { exports.qw_new_game(); },
    /** How long the computer may think with this much on its clock (the server's share). */
    clockBudget(remainingMs, incrementMs) { return exports.qw_clock_budget(remainingMs, incrementMs); },
  };
}
