import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { instantiateEngine } from '../lib/engine-core.js';

// The module the server serves, or a fresh build of these sources where
// scripts/wasm.sh could not compare bytes (another compiler).
const wasmPath = process.env.QUORIDOR_WASM
  ?? new URL('../engine/quoridor.wasm', import.meta.url);
const bytes = readFileSync(wasmPath);
// Counts and moves of the native engine (crates/wasm/tests/golden.rs keeps
// this file equal to what the native code answers).
const golden = JSON.parse(readFileSync(
  new URL('../../../wasm/tests/golden.json', import.meta.url), 'utf8'));

test('perft 1 to 4 from the start is the native count', async () => {
  const engine = await instantiateEngine(bytes);
  engine.position('start 9 2');
  // The native counts (crates/perft/tests/props.rs).
  assert.deepEqual([1, 2, 3, 4].map((d) => engine.perft(d)), [131, 16677, 2062264, 247569030]);
});

test('perft on the conformance positions equals the native counts', async () => {
  const engine = await instantiateEngine(bytes);
  assert.ok(golden.perft.length >= 20);
  for (const { position, depth, count } of golden.perft) {
    const facts = engine.position(position);
    assert.equal(facts.error, undefined, position);
    assert.equal(engine.perft(depth), count, position);
  }
});

test('the best move at a fixed depth and seed is the native engine\'s', async () => {
  const engine = await instantiateEngine(bytes);
  assert.ok(golden.best.length >= 100);
  for (const { position, level, depth, seed, best, score } of golden.best) {
    engine.position(position);
    engine.newGame();
    const found = engine.search({ level, depth, seed });
    assert.deepEqual([found.best, found.score], [best, score], `${position} level ${level}`);
  }
});

test('the best lines (multi-PV) are the native engine\'s, each told as it comes', async () => {
  const engine = await instantiateEngine(bytes);
  assert.ok(golden.lines.length >= 8);
  for (const { position, depth, lines } of golden.lines) {
    engine.position(position);
    engine.newGame();
    /** @type {number[]} */
    const told = [];
    const found = engine.search({ level: 8, depth, lines: 3 }, (info) => { if (info.lines) told.push(info.lines.length); });
    assert.deepEqual(found.lines.map((/** @type {any} */ l) => [l.best, l.score]), lines, position);
    assert.equal(found.best, found.lines[0].best);
    assert.deepEqual(told, lines.slice(1).map((_, i) => i + 2), position);
  }
});

test('a search reports each iteration, deeper each time', async () => {
  let clock = 0;
  const engine = await instantiateEngine(bytes, { now: () => (clock += 0.01) });
  engine.position('start 9 2\ne2\ne8');
  /** @type {number[]} */
  const depths = [];
  const found = engine.search({ level: 8, depth: 4 }, (info) => depths.push(info.depth));
  assert.deepEqual(depths, [1, 2, 3, 4]);
  assert.equal(found.depth, 4);
  assert.equal(found.line[0], found.best);
});

test('moves are refused with the rules\' reason, and a refused one changes nothing', async () => {
  const engine = await instantiateEngine(bytes);
  engine.position('start 9 2');
  const refused = engine.play('e3');
  assert.deepEqual([refused.error, refused.reason], ['illegal_move', { code: 'not_reachable', from: 'e1', to: 'e3' }]);
  assert.equal(engine.play('zz').error, 'move');
  const after = engine.play('e5h');
  assert.equal(after.turn, 'north');
  assert.ok(after.legal.blocked.e5h, 'the fence just put is refused at once');
  assert.equal(after.legal.blocked.e5h.code, 'overlaps');
  assert.equal(engine.undo().ply, 0);
  assert.equal(engine.position('9 e1,e9 - 10,10 west 0').error, 'position');
});

test('four players: a search given the moves since the last fence sees a repetition coming', async () => {
  const engine = await instantiateEngine(bytes);
  // South far ahead; its best step, then every pawn out and back.
  const start = '9 e5,b5,e8,h5 - 5,5,5,5 south 20 repetition';
  engine.position(start);
  const fresh = engine.search({ level: 8, depth: 4 }).best;
  assert.match(fresh, /^[a-i][1-9]$/);
  const moves = [fresh, 'c5', 'e7', 'g5', 'e5', 'b5', 'e8', 'h5'];
  assert.equal(engine.position([start, ...moves].join('\n')).error, undefined);
  const again = engine.search({ level: 8, depth: 4 });
  assert.notEqual(again.best, fresh, 'the step would bring a position back: a draw');
  engine.position(start);
  assert.equal(engine.search({ level: 8, depth: 4 }).best, fresh, 'the bare position still gets it');

  // What the page sends the worker: the position since the last fence and
  // the moves after it (pages/game/local.js).
  const game = (text) => engine.game(['9 4 5 repetition ply_limit=400', ...text.split(' ')].join('\n')).recent;
  const walk = game('e2 b5 e8 h5 e1 a5 e9 i5');
  assert.match(walk.position, /^9 e1,a5,e9,i5 - 5,5,5,5 south 0 /, 'the start');
  assert.deepEqual(walk.moves, ['e2', 'b5', 'e8', 'h5', 'e1', 'a5', 'e9', 'i5']);
  const fenced = game('e2 b5 a3h h5 e3');
  assert.match(fenced.position, / a3h /);
  assert.deepEqual(fenced.moves, ['h5', 'e3']);
});
