// @ts-check
// Spoken words for children who cannot read yet: the classroom's
// instructions and the feedback after "Check", said by the browser's
// speech synthesis in the page's language.

import { icon } from './icons.js';

/** The voice asked for in each language of ours. */
const VOICES = { en: 'en-GB', fr: 'fr-FR', ro: 'ro-RO' };

/** Where the pupil's choice is kept: `on` or `off`. */
export const SPEAK_KEY = 'quoridor.cls.speak';

/** Whether this browser can speak. */
export function canSpeak() {
  return typeof globalThis.speechSynthesis !== 'undefined' && typeof globalThis.SpeechSynthesisUtterance !== 'undefined';
}

/**
 * Says `text` in `lang` (whatever was being said stops first). Says
 * whether it was spoken.
 * @param {string} text @param {string} lang
 */
export function speak(text, lang) {
  if (!canSpeak() || !text.trim()) return false;
  globalThis.speechSynthesis.cancel();
  const utterance = new globalThis.SpeechSynthesisUtterance(text);
  utterance.lang = VOICES[/** @type {keyof VOICES} */ (lang)] || VOICES.en;
  // A little slower than a grown-up's reading voice.
  utterance.rate = 0.9;
  globalThis.speechSynthesis.speak(utterance);
  return true;
}

/**
 * Whether the feedback is read aloud: as the pupil chose (`on`, `off`),
 * else for the youngest (exercises of levels 1 and 2, from 4 years old).
 * @param {number | null | undefined} level @param {string | null} chosen
 */
export function speaksFeedback(level, chosen) {
  if (chosen === 'on') return true;
  if (chosen === 'off') return false;
  return typeof level === 'number' && level <= 2;
}

/**
 * The words of a feedback box, as one text to say: its title, then each
 * message, each ending as a sentence.
 * @param {(string | null | undefined)[]} parts
 */
export function spokenText(parts) {
  return parts
    .map((p) => (p || '').trim())
    .filter(Boolean)
    .map((p) => (/[.!?…:]$/.test(p) ? p : p + '.'))
    .join(' ');
}

/**
 * The words of a screen for a child who cannot read yet: the visible text
 * of each element, in order, each said as a sentence.
 * @param {Iterable<Element>} elements
 */
export function screenText(elements) {
  const parts = [];
  for (const e of elements) {
    if (e instanceof HTMLElement && (e.hidden || e.closest('[hidden]'))) continue;
    parts.push((e.textContent || '').replace(/\s+/g, ' '));
  }
  return spokenText(parts);
}

/**
 * Makes `button` a loudspeaker that says the screen: the text of what
 * `parts` finds when it is pressed, in the language `lang` gives then
 * (the button stays hidden where the browser cannot speak).
 * @param {HTMLElement} button @param {() => Iterable<Element>} parts @param {() => string} lang
 */
export function sayButton(button, parts, lang) {
  if (!canSpeak()) return;
  button.hidden = false;
  if (!button.querySelector('svg')) button.prepend(icon('speaker'));
  button.onclick = () => speak(screenText(parts()), lang());
}
