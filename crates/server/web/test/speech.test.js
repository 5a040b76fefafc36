import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canSpeak, speak, speaksFeedback, spokenText } from '../lib/speech.js';

test('feedback is spoken as the pupil chose, else for the youngest', () => {
  assert.equal(speaksFeedback(1, null), true);
  assert.equal(speaksFeedback(2, null), true);
  assert.equal(speaksFeedback(3, null), false);
  assert.equal(speaksFeedback(undefined, null), false);
  assert.equal(speaksFeedback(5, 'on'), true);
  assert.equal(speaksFeedback(1, 'off'), false);
});

test('a feedback box is said as sentences', () => {
  assert.equal(spokenText(['Bravo !', 'C\'est juste']), 'Bravo ! C\'est juste.');
  assert.equal(spokenText([null, ' ', 'Try again']), 'Try again.');
  assert.equal(spokenText([]), '');
});

test('words are spoken in the page\'s language, what was said before stops', () => {
  assert.equal(canSpeak(), false);
  assert.equal(speak('Bonjour', 'fr'), false, 'nothing to speak with');
  const said = [];
  let cancelled = 0;
  globalThis.speechSynthesis = { cancel: () => { cancelled += 1; }, speak: (u) => said.push(u) };
  globalThis.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
  try {
    assert.equal(speak('Bravo !', 'fr'), true);
    assert.equal(speak('Corect', 'ro'), true);
    assert.equal(speak('   ', 'en'), false);
    assert.deepEqual(said.map((u) => [u.text, u.lang]), [['Bravo !', 'fr-FR'], ['Corect', 'ro-RO']]);
    assert.equal(cancelled, 2);
  } finally {
    delete globalThis.speechSynthesis;
    delete globalThis.SpeechSynthesisUtterance;
  }
});
