import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gameLabel, lineTime } from '../pages/club/chat.js';
import { I18n } from '../lib/i18n.js';

await I18n.set('fr', false);

const view = /** @type {any} */ ({
  games: [
    { board: { id: 'g1', names: ['Léa', 'Hugo'] } },
    { board: { id: 'g2', names: ['', 'Zoé'] } },
  ],
});

test('a line is headed by the players of its game', () => {
  assert.equal(gameLabel(view, 'g1'), 'Léa – Hugo');
});

test('a pupil who left is not named, and a game no longer listed is named by its id', () => {
  assert.equal(gameLabel(view, 'g2'), 'Zoé');
  assert.equal(gameLabel(view, 'gone'), 'partie gone');
});

test('the time of a line is hours and minutes', () => {
  const at = new Date(2026, 10, 29, 14, 5).getTime();
  assert.match(lineTime(at, 'fr'), /^14[:.h ]05/);
});
