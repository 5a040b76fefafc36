import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { instantiateEngine } from '../lib/engine-core.js';
import { choiceText, playersOf, playersText, resultText, wordAt } from '../lib/records.js';

const t = (key, params) => key + (params ? ' ' + JSON.stringify(params) : '');
const wasmPath = process.env.QUORIDOR_WASM ?? new URL('../engine/quoridor.wasm', import.meta.url);

// Two games as a player's page exports them, the second of four players
// ended by a team's win.
const FILE = `[Game "Quoridor"]
[Size "9"]
[Players "2"]
[Fences "10"]
[Variant "standard"]
[South "Ana"]
[North "?"]
[Site "quoridor serve, game g1"]
[Result "south"]
[Termination "resignation"]

1. e2 e8 2. e3 e7h 3. e4 north-resigns

[Game "Quoridor"]
[Players "4"]
[Variant "teams"]
[South "Ana"]
[West "Bo"]
[North "Cy"]
[East "Di"]
[Result "north+east"]
[Termination "resignation"]

1. e2 b5 e8 h5 2. e3 west-resigns
`;

test('a file of records is read by the rules on the page, each game whole', async () => {
  const engine = await instantiateEngine(readFileSync(wasmPath));
  const { records } = engine.readRecords(FILE);
  assert.equal(records.length, 2);
  assert.deepEqual(records[0].moves, ['e2', 'e8', 'e3', 'e7h', 'e4']);
  assert.equal(records[0].position, '9 e1,e9 - 10,10 south 0');
  assert.deepEqual(records[0].tags[0], ['South', 'Ana']);
  assert.deepEqual([records[1].result, records[1].termination], ["north+east", "resignation"]);
  assert.match(records[1].position, /teams/);
  const bad = engine.readRecords('[Game "Quoridor"]\n\n1. e2 e8 2. e3 e1\n');
  assert.deepEqual([bad.error, bad.line, bad.column], ['record', 3, 16]);
  assert.deepEqual(engine.readRecords('  \n'), { records: [] });
});

test('players and results are said in the page\'s words, a name ? unknown', () => {
  const record = { tags: [['North', '?'], ['South', 'Ana'], ['Site', 'x']], position: '', moves: [], result: 'north', termination: 'time' };
  assert.deepEqual(playersOf(record), [{ seat: 'south', name: 'Ana' }, { seat: 'north', name: null }]);
  assert.equal(resultText(record, t), 'result.win {"winner":"seat.north","how":"term.time"}');
  assert.equal(playersText(record, t), 'board.record_player {"seat":"seat.south","name":"Ana"} · board.record_player {"seat":"seat.north","name":"?"}');
  assert.equal(resultText({ ...record, result: 'south', termination: 'ply limit' }, t), 'result.win {"winner":"Ana","how":"term.ply_limit"}');
  assert.equal(resultText({ ...record, result: 'draw', termination: 'agreement' }, t), 'result.draw {"how":"term.agreement"}');
  assert.equal(resultText({ ...record, result: '*', termination: null }, t), 'board.record_unfinished');
  const teams = { tags: [['South', 'Ana'], ['North', 'Cy']], position: '', moves: [], result: 'south+north', termination: 'goal' };
  assert.equal(resultText(teams, t), 'result.win_many {"winners":"Ana, Cy","how":"term.goal"}');
  assert.equal(choiceText(teams, 1, t), '2. Ana – Cy · result.win_many {"winners":"Ana, Cy","how":"term.goal"}');
  assert.equal(choiceText({ ...teams, tags: [] }, 0, t), '1. result.win_many {"winners":"seat.south, seat.north","how":"term.goal"}');
});

test('a fault is shown by the file\'s own word at its line and column', () => {
  assert.equal(wordAt('[Game "Quoridor"]\n\n1. e2 e8 2. e3 e1\n', 3, 16), 'e1');
  assert.equal(wordAt('é ü e9x rest', 1, 5), 'e9x');
  assert.equal(wordAt('short', 4, 1), '');
  assert.equal(wordAt('x'.repeat(40), 1, 1), 'x'.repeat(24));
});
