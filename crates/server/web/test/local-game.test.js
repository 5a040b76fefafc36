import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { instantiateEngine } from '../lib/engine-core.js';
import {
  AI_MAX_THINK_MS, computerToMove, flagged, gameText, gameView, heldSeats, hintPath,
  isDeviceClock, isLocalId, look, newLocalGame, offerDraw, playMove, rematchOf, resign, thinkMs, timeOut, undo,
} from '../lib/local-game.js';

const wasm = readFileSync(process.env.QUORIDOR_WASM ?? new URL('../engine/quoridor.wasm', import.meta.url));
const core = await instantiateEngine(wasm);
/** A fixed sequence of "random" numbers. */
const seq = () => { let x = 0.1234; return () => (x = (x * 9301 + 0.49297) % 1); };
const view = (record, now = record.turn_began) => gameView(record, core.game(gameText(core, record)), look(core, record, now));
/** The clocks at `now`, as the WebAssembly keeps them. */
const clockAt = (record, now) => look(core, record, now).clock;

test('a game against the computer: moves, the computer\'s turn, refusals, undo', () => {
  let g = newLocalGame({ size: 9, players: 2 }, [{ kind: 'human', name: 'Ana' }, { kind: 'ai', level: 3 }], 1000, seq());
  assert.ok(isLocalId(g.id));
  assert.equal(view(g).settings.fences, 10, 'the board\'s own count');
  assert.deepEqual(view(g).seats.map((s) => s.name), ['Ana', 'AI 3']);
  const held = heldSeats(g);
  assert.deepEqual(held, ['south']);
  let r = playMove(core, g, 'e3', held, 2000);
  assert.equal(r.ok, false);
  assert.equal(!r.ok && r.error.code, 'illegal_move');
  assert.deepEqual(!r.ok && r.error.reason, { code: 'not_reachable', from: 'e1', to: 'e3' });
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
  r = undo(core, g, 5000);
  assert.ok(r.ok);
  assert.equal(view(r.record).moves.length, 0);
  assert.equal(undo(core, r.record, 5000).ok, false);
  assert.equal(!undo(core, r.record, 5000).ok && undo(core, r.record, 5000).error.code, 'not_allowed');
});

test('resigning, draws offered to the computer, and the rematch on the other seat', () => {
  let g = newLocalGame({ size: 5, players: 2 }, [{ kind: 'human' }, { kind: 'ai', level: 1 }], 0, seq());
  // North leads the race after South walks backwards? At the start South
  // moves first and wins ties: the computer (North) is behind and accepts.
  const offer = offerDraw(core, g, 'south', 10);
  assert.ok(offer.ok && !offer.declined);
  assert.equal(offer.ok && view(offer.record).result?.termination, 'agreement');
  // South walks away from its goal: North leads and declines.
  for (const [move, held] of [['c2', ['south']], ['c4', null], ['c1', ['south']]]) {
    const r = playMove(core, g, move, held, 20);
    assert.ok(r.ok, move);
    g = r.record;
  }
  const declined = offerDraw(core, g, 'south', 30);
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
  assert.match(gameText(core, g), /^9 4 5 repetition ply_limit=1000$/m, 'the server\'s ruleset, from the game crate');
  assert.doesNotMatch(gameText(core, newLocalGame({ size: 9, players: 2 }, seats.slice(0, 2), 0, seq())), /repetition/);
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

test('a clock with an increment: the first move is free, each move costs its time and adds the increment', () => {
  const clock = { initial_ms: 60000, increment_ms: 2000 };
  let g = newLocalGame({ size: 9, players: 2, clock }, [{ kind: 'human' }, { kind: 'ai', level: 2 }], 0, seq());
  const rules = (r) => core.game(gameText(core, r));
  assert.deepEqual(clockAt(g, 50000), { remaining_ms: { south: 60000, north: 60000 }, running: null }, 'a first move is not timed');
  const play = (move, held, now) => { const r = playMove(core, g, move, held, now); assert.ok(r.ok, move); g = r.record; };
  play('e2', ['south'], 5000);
  play('e8', null, 6000);
  assert.deepEqual(clockAt(g, 6000), { remaining_ms: { south: 62000, north: 62000 }, running: 'south' });
  // South thinks 10 s: it comes off while it thinks, and the increment after.
  assert.equal(clockAt(g, 16000)?.remaining_ms.south, 52000);
  play('e3', ['south'], 16000);
  assert.deepEqual(clockAt(g, 16000), { remaining_ms: { south: 54000, north: 62000 }, running: 'north' });
  assert.deepEqual(view(g).settings.clock, clock);
  // The computer's share: the engine's budget of what is left, capped.
  const ms = thinkMs(core, g, rules(g), 16000, core.clockBudget);
  assert.ok(ms > 1000 && ms <= AI_MAX_THINK_MS, String(ms));
  assert.equal(thinkMs(core, newLocalGame({ size: 9, players: 2 }, [{ kind: 'human' }, { kind: 'ai', level: 2 }], 0, seq()), rules(g), 0, core.clockBudget), 0, 'no clock: the level\'s own');
  // Undo gives back the time of the moves taken back.
  const back = undo(core, g, 20000);
  assert.ok(back.ok);
  assert.equal(clockAt(back.record, 20000)?.remaining_ms.south, 62000);
});

test('a clock that falls: the seat loses on time, by the page\'s timer or by a late move', () => {
  const clock = { per_move_ms: 15000 };
  let g = newLocalGame({ size: 9, players: 2, clock }, [{ kind: 'human' }, { kind: 'ai', level: 1 }], 0, seq());
  for (const [move, held, now] of [['e2', ['south'], 1000], ['e8', null, 2000]]) {
    const r = playMove(core, g, move, held, now);
    assert.ok(r.ok);
    g = r.record;
  }
  // So long a move: full again each turn.
  assert.deepEqual(clockAt(g, 12000), { remaining_ms: { south: 5000, north: 15000 }, running: 'south' });
  assert.equal(flagged(core, g, 16999), null);
  assert.equal(flagged(core, g, 17000), 'south');
  const fell = timeOut(core, g, 17000);
  assert.ok(fell.ok);
  const over = view(fell.record, 17000);
  assert.equal(over.status, 'over');
  assert.deepEqual(over.result?.winners, ['north']);
  assert.equal(over.result?.termination, 'time');
  assert.equal(over.clock?.remaining_ms.south, 0);
  assert.equal(over.clock?.running, null);
  // A move that comes too late loses the same way.
  const late = playMove(core, g, 'e3', ['south'], 20000);
  assert.ok(late.ok);
  assert.equal(view(late.record).result?.termination, 'time');
});

test('four players: the one who runs out leaves, the others play on', () => {
  const clock = { initial_ms: 30000, increment_ms: 0 };
  let g = newLocalGame({ size: 9, players: 4, clock }, [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }, { kind: 'human' }], 0, seq());
  const held = heldSeats(g);
  for (const [i, move] of ['e2', 'b5', 'e8', 'h5'].entries()) {
    const r = playMove(core, g, move, held, 1000 * (i + 1));
    assert.ok(r.ok, move);
    g = r.record;
  }
  const seat = flagged(core, g, 4000 + 30000);
  assert.equal(seat, 'south');
  const fell = timeOut(core, g, 34000);
  assert.ok(fell.ok);
  const v = view(fell.record);
  assert.equal(v.status, 'playing');
  assert.ok(v.out.includes('south'));
  assert.notEqual(v.turn, 'south');
});

test('the clocks a device keeps: with an increment or so long a move, not days', () => {
  assert.equal(isDeviceClock({ initial_ms: 180000, increment_ms: 2000 }), true);
  assert.equal(isDeviceClock({ per_move_ms: 15000 }), true);
  assert.equal(isDeviceClock({ per_move_ms: 86400000 }), false);
  assert.equal(isDeviceClock(null), false);
});
