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
