// @ts-check
// What a person leaves in this browser, forgotten when they log out or a
// pupil says "Not you?": a tablet or a shared computer is handed to the
// next person with nothing of the first one (API.md, "Security model").
//
// Forgotten: every game's seat token and record (online and on the
// device), the name typed for games, the home page's last choices, the
// chat switch, which account gets notifications here, the pupil's class seat and the puzzles' and lessons'
// progress; the teacher keys of the classes kept in the account (the
// account opens them again anywhere). Kept: the language, read-aloud and
// the device's own settings, which say nothing of anyone.

import { store } from './store.js';

/** Prefixes of keys that belong to a person. */
export const PERSONAL_PREFIXES = [
  'quoridor.game.',
  'quoridor.local.',
];

/** Single keys that belong to a person. */
export const PERSONAL_KEYS = [
  'quoridor.name',
  'quoridor.home',
  'quoridor.chat',
  'quoridor.puzzles',
  'quoridor.learn.done',
  'quoridor.club.pupil',
  'quoridor.club.notice',
  'quoridor.push',
];

/**
 * Forgets everything of the person who leaves. `keptInAccount` are the
 * ids of the classes and tournaments the account keeps: their teacher
 * keys go too.
 * @param {string[]} [keptInAccount]
 */
export function forgetPerson(keptInAccount = []) {
  for (const prefix of PERSONAL_PREFIXES) {
    for (const key of store.keys(prefix)) store.remove(key);
  }
  for (const key of PERSONAL_KEYS) store.remove(key);
  const kept = new Set(keptInAccount);
  for (const key of ['quoridor.club.classes', 'quoridor.club.cups']) {
    const list = store.get(key, []);
    if (!Array.isArray(list)) continue;
    const left = list.filter((c) => !(c && kept.has(c.id)));
    if (left.length) store.set(key, left);
    else store.remove(key);
  }
}
