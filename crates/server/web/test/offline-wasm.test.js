import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { instantiateOffline } from '../lib/offline-core.js';

// The module the server serves, or a fresh build of these sources where
// scripts/wasm.sh could not compare bytes (another compiler).
const bytes = readFileSync(process.env.QUORIDOR_OFFLINE_WASM
  ?? new URL('../engine/offline.wasm', import.meta.url));
// The native answers, the server's code (crates/wasm-offline/tests/golden.rs
// keeps this file equal to them).
const golden = JSON.parse(readFileSync(
  new URL('../../../wasm-offline/tests/golden.json', import.meta.url), 'utf8'));

test('the page answers the tutorial, the puzzles and the exercises as the server does', async () => {
  const ask = await instantiateOffline(bytes);
  assert.ok(golden.length >= 10);
  for (const { request, answer } of golden) {
    const got = ask(request.method, request.path, request.body, request.seed ?? 0);
    assert.deepEqual(got, answer, request.method + ' ' + request.path);
  }
});

test('a lesson, a puzzle and an exercise are answered; the rest is the server\'s', async () => {
  const ask = await instantiateOffline(bytes);
  const right = ask('POST', '/api/learn/check', { lesson: 'jump', move: 'e6', lang: 'fr' }, 1);
  assert.equal(right.status, 200);
  assert.equal(right.body.outcome, 'right');
  const first = ask('POST', '/api/learn/puzzles/next', { rating: 1000 }, 1);
  assert.equal(first.body.id, 'article-1');
  // The seed picks the exercise when none is asked: two seeds, two boards.
  const one = ask('GET', '/api/classroom/exercise?kind=routes&level=2', undefined, 5);
  const other = ask('GET', '/api/classroom/exercise?kind=routes&level=2', undefined, 6);
  assert.notDeepEqual(one.body.exercise, other.body.exercise);
  const bad = ask('POST', '/api/classroom/check', { exercise: one.body.exercise }, 1);
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.code, 'bad_request');
  assert.equal(ask('POST', '/api/games', {}, 1).status, 0);
  assert.equal(ask('GET', '/api/account', undefined, 1).status, 0);
});
