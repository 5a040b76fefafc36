import { test } from 'node:test';
import assert from 'node:assert/strict';
import { I18n, STORAGE_KEY, Texts, fill, frenchSpaces, loadMessages, pick } from '../lib/i18n.js';

/** Every language's texts, loaded as a page loads them. */
const MESSAGES = { en: await loadMessages('en'), fr: await loadMessages('fr'), ro: await loadMessages('ro') };
const texts = (lang) => new Texts(lang, MESSAGES[lang]);

test('the language opened is the one saved, else the browser\'s, else English', () => {
  assert.equal(pick('ro', ['fr-FR']), 'ro');
  assert.equal(pick(null, ['de-DE', 'fr-CA', 'en']), 'fr');
  assert.equal(pick('xx', ['RO']), 'ro');
  assert.equal(pick(null, ['de', 'it']), 'en');
  assert.equal(pick(null, []), 'en');
});

test('placeholders are filled, and one without a value stays', () => {
  assert.equal(fill('{a} and {b}', { a: 1, b: 'x' }), '1 and x');
  assert.equal(fill('{a} and {b}', { a: 0 }), '0 and {b}');
  assert.equal(fill('no params'), 'no params');
});

test('plural forms follow each language\'s rules', () => {
  const key = 'player.fences_left';
  assert.match(texts('en').tn(key, 1), /^1\b/);
  assert.notEqual(texts('en').tn(key, 1), texts('en').tn(key, 2));
  // French says "0 barrière" (one), Romanian "2 bariere" (few) and
  // "20 de bariere" (other).
  assert.equal(texts('fr').tn(key, 0), texts('fr').tn(key, 1).replace('1', '0'));
  const ro = texts('ro');
  assert.equal(ro.plural.select(2), 'few');
  assert.equal(ro.tn(key, 2), MESSAGES.ro[`${key}_few`].replace('{n}', '2'));
  assert.equal(ro.tn(key, 20), MESSAGES.ro[`${key}_other`].replace('{n}', '20'));
});

test('places are said as each language says ordinals', () => {
  const key = 'club.cup_place';
  const en = texts('en');
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22].map((n) => /you are (\w+) of/.exec(en.tord(key, n, { players: 25 }))?.[1]),
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']);
  assert.match(texts('fr').tord(key, 1, { players: 6 }), /à la 1re place sur 6/);
  assert.match(texts('fr').tord(key, 2, { players: 6 }), /à la 2e place sur 6/);
  assert.match(texts('ro').tord(key, 3, { players: 6 }), /pe locul 3 din 6/);
});

test('a text missing in a language falls back to English, then to its key', () => {
  const empty = new Texts('fr', {});
  assert.equal(empty.t('nav.home'), MESSAGES.en['nav.home']);
  assert.equal(empty.t('no.such.key'), 'no.such.key');
  assert.equal(empty.has('no.such.key'), false);
});

test('French gets its non-breaking spaces', () => {
  assert.equal(frenchSpaces('Bravo ! « oui » : non ; si ?'), 'Bravo\u00a0! «\u00a0oui\u00a0»\u00a0: non\u00a0; si\u00a0?');
  for (const text of Object.values(MESSAGES.fr)) assert.doesNotMatch(text, / [:;!?»]|« /);
});

/** The keys of a table with their plural forms folded into one key. */
function stems(table) {
  return new Set(Object.keys(table).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')));
}

test('every text exists in French and Romanian, with the same placeholders', () => {
  for (const lang of ['fr', 'ro']) {
    const table = MESSAGES[lang];
    const missing = [...stems(MESSAGES.en)].filter((k) => !stems(table).has(k));
    assert.deepEqual(missing, [], `missing in ${lang}`);
    const extra = [...stems(table)].filter((k) => !stems(MESSAGES.en).has(k));
    assert.deepEqual(extra, [], `only in ${lang}`);
    for (const [key, text] of Object.entries(table)) {
      const stem = key.replace(/_(zero|one|two|few|many|other)$/, '');
      const english = MESSAGES.en[key] ?? MESSAGES.en[`${stem}_other`] ?? MESSAGES.en[stem];
      const names = (s) => new Set((s.match(/\{\w+\}/g) || []).filter((n) => n !== '{n}'));
      for (const name of names(text)) assert.ok(names(english).has(name), `${lang} ${key}: ${name} is not in English`);
    }
  }
});

test('a language chosen is kept for every page; one opened is not', async () => {
  const saved = new Map();
  globalThis.localStorage = /** @type {any} */ ({
    getItem: (k) => saved.get(k) ?? null,
    setItem: (k, v) => saved.set(k, v),
    removeItem: (k) => saved.delete(k),
  });
  Object.defineProperty(globalThis, 'navigator', { value: { languages: ['ro-RO'] }, configurable: true });
  try {
    const seen = [];
    I18n.onChange((lang) => seen.push(lang));
    await I18n.init();
    assert.equal(I18n.lang, 'ro');
    assert.equal(saved.size, 0);
    // Saved at once: a page left before the texts came opens the next in it.
    const choosing = I18n.set('fr', true);
    assert.equal(saved.get(STORAGE_KEY), 'fr');
    await choosing;
    await I18n.set('en', false);
    await I18n.init();
    assert.equal(I18n.lang, 'fr');
    assert.equal(I18n.t('nav.home'), MESSAGES.fr['nav.home']);
    await I18n.set('klingon', false);
    assert.equal(I18n.lang, 'en');
    // Two choices in a row: the last one wins, whichever loads first.
    const first = I18n.set('ro', false);
    const second = I18n.set('fr', false);
    await Promise.all([first, second]);
    assert.equal(I18n.lang, 'fr');
    assert.deepEqual(seen, ['ro', 'fr', 'en', 'fr', 'en', 'fr']);
  } finally {
    delete globalThis.localStorage;
  }
});
