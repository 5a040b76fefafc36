import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { ApiError, api, apiSaying, errorText } from '../lib/api.js';
import { I18n, loadMessages } from '../lib/i18n.js';

const MESSAGES = { en: await loadMessages('en'), fr: await loadMessages('fr'), ro: await loadMessages('ro') };
await I18n.set('en', false);

/** Every error code the server sends (`(StatusCode::…, "code")` in its sources, and the game crate's table). */
function serverCodes() {
  const src = new URL('../../src/', import.meta.url);
  const codes = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = new URL(entry.name + (entry.isDirectory() ? '/' : ''), dir);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.rs')) {
        for (const m of readFileSync(path, 'utf8').matchAll(/StatusCode::[A-Z_]+,\s*"([a-z_]+)"/g)) codes.add(m[1]);
      }
    }
  };
  walk(src);
  // A game's refusals have their codes in the game crate (RoomError::code).
  const game = readFileSync(new URL('../../../game/src/error.rs', import.meta.url), 'utf8');
  const table = game.slice(game.indexOf('pub fn code(&self)'));
  for (const m of table.slice(0, table.indexOf('\n    }\n')).matchAll(/=> "([a-z_]+)",/g)) codes.add(m[1]);
  return codes;
}

test('every error code of the server has a text in every language', () => {
  const codes = serverCodes();
  assert.ok(codes.has('name_taken') && codes.has('illegal_move') && codes.size > 20, [...codes].join(' '));
  for (const lang of ['en', 'fr', 'ro']) {
    for (const code of codes) assert.ok(MESSAGES[lang][`err.${code}`], `${lang}: err.${code}`);
  }
});

test('every refusal reason of the rules is said in every language, its blanks filled', async () => {
  // The shared source (crates/exercises/src/texts/reasons/): the page's
  // copy is generated from it.
  const source = readFileSync(new URL('../../../exercises/src/texts/reasons/en.txt', import.meta.url), 'utf8');
  const keys = source.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(' = ')[0]);
  assert.ok(keys.includes('no_path_left') && keys.length >= 9, keys.join(' '));
  const reason = { from: 'e2', to: 'e4', size: 9, fence: 'e3h', seat: 'north' };
  for (const lang of ['en', 'fr', 'ro']) {
    await I18n.set(lang, false);
    for (const code of keys) {
      assert.ok(MESSAGES[lang][`reason.${code}`], `${lang}: reason.${code}`);
      const text = errorText({ code: 'illegal_move', reason: { code, ...reason } });
      assert.ok(!text.includes('{'), `${lang} ${code}: ${text}`);
    }
  }
  await I18n.set('en', false);
  assert.ok(errorText({ code: 'illegal_move', reason: { code: 'not_reachable', from: 'e2', to: 'e4' } }).includes('from e2 to e4'));
});

test('a refusal is told in the page\'s language, by its code', async () => {
  await I18n.set('ro', false);
  try {
    assert.equal(errorText({ code: 'name_taken', message: 'this user name is taken: choose another' }), MESSAGES.ro['err.name_taken']);
    const err = new ApiError({ code: 'wrong_pin', message: 'wrong PIN' }, 401);
    assert.equal(err.message, MESSAGES.ro['err.wrong_pin']);
    assert.equal(err.serverMessage, 'wrong PIN');
    assert.equal(err.status, 401);
    // An illegal move says why, with the seat named in the language.
    const illegal = errorText({ code: 'illegal_move', reason: { code: 'no_path_left', seat: 'north' } });
    assert.ok(illegal.includes(MESSAGES.ro['seat.north']), illegal);
    assert.ok(!illegal.includes('{'), illegal);
    // A bad request names the field in the server's words.
    assert.ok(errorText({ code: 'bad_request', message: 'size: 3 to 11' }).endsWith('(size: 3 to 11)'));
    // A code the page does not know shows the server's words.
    assert.ok(errorText({ code: 'brand_new', message: 'something new' }).includes('something new'));
  } finally {
    await I18n.set('en', false);
  }
});

test('api: JSON in and out, the token as a bearer, refusals and network failures as ApiError', async () => {
  const calls = [];
  const replies = [
    () => new Response(JSON.stringify({ id: 'g1' }), { status: 201 }),
    () => new Response(JSON.stringify({ error: { code: 'not_your_turn', message: 'not your turn' } }), { status: 409 }),
    () => new Response('<html>bad gateway</html>', { status: 502 }),
    () => { throw new TypeError('Failed to fetch'); },
    () => new Response(null, { status: 204 }),
  ];
  globalThis.fetch = async (path, init) => {
    calls.push({ path, init });
    return replies[calls.length - 1]();
  };
  try {
    assert.deepEqual(await api('POST', '/api/games', { size: 9 }, 'tok'), { id: 'g1' });
    assert.equal(calls[0].init.headers.Authorization, 'Bearer tok');
    assert.equal(calls[0].init.headers['Content-Type'], 'application/json');
    assert.equal(calls[0].init.body, '{"size":9}');
    await assert.rejects(api('POST', '/api/games/g1/moves', { move: 'e2' }), (e) => e instanceof ApiError && e.code === 'not_your_turn' && e.status === 409);
    await assert.rejects(api('GET', '/api/x'), (e) => e.code === 'http' && e.status === 502);
    await assert.rejects(api('GET', '/api/x'), (e) => e.code === 'network' && e.status === 0 && e.message === MESSAGES.en['err.network']);
    assert.equal(await api('DELETE', '/api/x'), null);
    assert.equal(calls[4].init.headers.Authorization, undefined);
    assert.ok(!calls.some((c) => String(c.path).includes('token')));
  } finally {
    delete globalThis.fetch;
  }
});

test('without the server, the tutorial\'s, puzzles\' and classroom\'s requests are answered by the page', async () => {
  const module = readFileSync(process.env.QUORIDOR_OFFLINE_WASM ?? new URL('../engine/offline.wasm', import.meta.url));
  const asked = [];
  globalThis.fetch = async (path) => {
    asked.push(String(path));
    if (String(path).endsWith('/assets/engine/offline.wasm')) return new Response(module);
    throw new TypeError('Failed to fetch');
  };
  try {
    const checked = await api('POST', '/api/learn/check', { lesson: 'jump', move: 'e6', lang: 'en' });
    assert.equal(checked.outcome, 'right');
    const exercise = await api('GET', '/api/classroom/exercise?kind=maze&level=1&lang=fr');
    assert.equal(exercise.kind, 'maze');
    // Its refusals are the server's.
    await assert.rejects(api('POST', '/api/learn/puzzles/check', { id: 'nothing', move: 'e2' }),
      (e) => e instanceof ApiError && e.code === 'not_found' && e.status === 404);
    // What needs the server still fails, without asking the module.
    const before = asked.length;
    await assert.rejects(api('GET', '/api/account'), (e) => e.code === 'network');
    assert.equal(asked.length, before + 1);
    await assert.rejects(api('POST', '/api/classroom/exercises', {}), (e) => e.code === 'network');
  } finally {
    delete globalThis.fetch;
  }
});

test('a page may say a network failure in its own words, and only that', async () => {
  const childish = apiSaying(() => 'Check the Wi-Fi');
  globalThis.fetch = async () => { throw new TypeError('Failed to fetch'); };
  try {
    await assert.rejects(childish('GET', '/api/x'), (e) => e.code === 'network' && e.message === 'Check the Wi-Fi');
    globalThis.fetch = async () => new Response(JSON.stringify({ error: { code: 'wrong_pin', message: 'wrong PIN' } }), { status: 401 });
    await assert.rejects(childish('POST', '/api/x', {}), (e) => e.code === 'wrong_pin' && e.message === MESSAGES.en['err.wrong_pin']);
  } finally {
    delete globalThis.fetch;
  }
});

test('a download is saved under the name the server gives it', async () => {
  const { savedName } = await import('../lib/api.js');
  assert.equal(savedName("attachment; filename=\"AB12-results-2026-11-28.csv\"; filename*=UTF-8''CE2-B-r%C3%A9sultats-2026-11-28.csv", 'x.csv'), 'CE2-B-résultats-2026-11-28.csv');
  assert.equal(savedName('attachment; filename="a.csv"', 'x.csv'), 'a.csv');
  assert.equal(savedName(null, 'x.csv'), 'x.csv');
  assert.equal(savedName("attachment; filename*=UTF-8''%E0%A4", 'x.csv'), 'x.csv');
});
