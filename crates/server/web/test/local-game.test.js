import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { instantiateEngine } from '../lib/engine-core.js';
import {
  computerToMove, gameText, gameView, heldSeats, hintPath, isLocalId, newLocalGame,
  offerDraw, playMove, rematchOf, resign, undo,
} from '../lib/local-game.js';

const wasm = readFileSync(process.env.QUORIDOR_WASM ?? new URL('../engine/quoridor.wasm', import.meta.url));
const core = await instantiateEngine(wasm);
/** A fixed sequence of "random" numbers. */
const seq = () => { let x = 0.1234; return () => (x = (x * 9301 + 0.49297) % 1); };
const view = (record) => gameView(record, core.game(gameText(record)));

test('a game against the computer: moves, the computer\'s turn, refusals, undo', () => {
  let g = newLocalGame({ size: 9, players: 2 }, [{ kind: 'human', name: 'Ana' }, { kind: 'ai', level: 3 }], 1000, seq());
  assert.ok(isLocalId(g.id));
  assert.equal(view(g).settings.fences, 10, 'the board\'s own count');
  assert.deepEqual(view(g).seats.map((s) => s.name), ['Ana', 'AI 3']);
  const held = heldSeats(g);
  assert.deepEqual(held, ['south']);
  let r = playMove(core, g, 'e3', held, 2000);
  assert.equal(r.ok, false);
  assert.deepEqual(!r.ok && r.error, { code: 'illegal_move', reason: { code: 'not_reachable', from: 'e1', to: 'e3' } });
  r = playMove(core, g, 'e2', held, 3500);
  assert.ok(r.ok);
  g = r.record;
  let v = view(g);
  assert.equal(v.turn, 'north');
  assert.equal(v.moves[0].ms, 2500);
  assert.equal(computerToMove(g, v), 3);
  assert.equal(playMove(core, g, 'e8', held, 4000).ok, false, 'not the person\'s turn');
  r = playMove(core, g, 'e8', null, 4000);
  assert.ok(r.ok);
  g = r.record;
  v = view(g);
  assert.equal(v.moves.length, 2);
  assert.equal(v.undo_allowed, true);
  // Undo takes back the reply too.
  r = undo(g, held, 5000);
  assert.ok(r.ok);
  assert.equal(view(r.record).moves.length, 0);
  assert.equal(undo(r.record, held, 5000).ok, false);
});

test('resigning, draws offered to the computer, and the rematch on the other seat', () => {
  let g = newLocalGame({ size: 5, players: 2 }, [{ kind: 'human' }, { kind: 'ai', level: 1 }], 0, seq());
  // North leads the race after South walks backwards? At the start South
  // moves first and wins ties: the computer (North) is behind and accepts.
  const offer = offerDraw(core, g, 'south', ['south'], 10);
  assert.ok(offer.ok && !offer.declined);
  assert.equal(offer.ok && view(offer.record).result?.termination, 'agreement');
  // South walks away from its goal: North leads and declines.
  for (const [move, held] of [['c2', ['south']], ['c4', null], ['c1', ['south']]]) {
    const r = playMove(core, g, move, held, 20);
    assert.ok(r.ok, move);
    g = r.record;
  }
  const declined = offerDraw(core, g, 'south', ['south'], 30);
  assert.ok(declined.ok && declined.declined);
  const resigned = resign(core, g, 'south', 40);
  assert.ok(resigned.ok);
  const v = view(resigned.record);
  assert.deepEqual([v.status, v.result?.winners, v.result?.termination, v.legal], ['over', ['north'], 'resignation', null]);
  const again = rematchOf(g, 50, () => 0.777);
  assert.deepEqual(again.seats.map((s) => s.kind), ['ai', 'human']);
  assert.notEqual(again.id, g.id);
});

test('four on one screen, every variant: the rules come from the WebAssembly', () => {
  for (const variant of ['standard', 'teams', 'scoring']) {
    const seats = [0, 1, 2, 3].map(() => ({ kind: /** @type {const} */ ('human') }));
    const g = newLocalGame({ size: 9, players: 4, variant }, seats, 0, seq());
    const v = view(g);
    assert.deepEqual(Object.keys(v.pawns), ['south', 'west', 'north', 'east'], variant);
    assert.equal(v.settings.fences, 5, variant);
    assert.equal(v.scores === null, variant !== 'scoring', variant);
    const r = playMove(core, g, 'e2', heldSeats(g), 10);
    assert.ok(r.ok, variant);
    assert.equal(view(r.record).turn, 'west', variant);
    assert.equal(view(r.record).undo_allowed, true);
  }
});

test('four walking to and fro: the third time the same position comes back, the game is drawn', () => {
  const seats = [0, 1, 2, 3].map(() => ({ kind: /** @type {const} */ ('human') }));
  let g = newLocalGame({ size: 9, players: 4 }, seats, 0, seq());
  assert.match(gameText(g), /^9 4 - repetition ply_limit=/);
  assert.doesNotMatch(gameText(newLocalGame({ size: 9, players: 2 }, seats.slice(0, 2), 0, seq())), /repetition/);
  const round = ['e2', 'b5', 'e8', 'h5', 'e1', 'a5', 'e9', 'i5'];
  for (const [i, mv] of [...round, ...round].entries()) {
    assert.equal(view(g).status, 'playing', `before move ${i + 1}`);
    const r = playMove(core, g, mv, heldSeats(g), 10 * i);
    assert.ok(r.ok, mv);
    g = r.record;
  }
  const v = view(g);
  assert.equal(v.status, 'over');
  assert.equal(v.result.termination, 'repetition');
  assert.equal(v.result.draw, true);
});

test('a hint\'s path starts on the pawn and goes through the suggested square', () => {
  const start = '9 e1,e9 - 10,10 south 0';
  assert.deepEqual(hintPath(core, start, 'south', 'e2').slice(0, 3), ['e1', 'e2', 'e3']);
  assert.equal(hintPath(core, start, 'south', 'e8h')[0], 'e1');
});
