// @ts-check
// The lobby's list kept up to date: the whole list once ({type: 'seeks'}),
// then only what changed ({type: 'changes', added, removed}), so that a
// busy lobby sends each page a few bytes a change, not the whole list.

/** How many seeks the lobby shows (the server's `SHOWN`). */
export const SHOWN = 100;

/** @typedef {import('./views.js').SeekView} SeekView */

/**
 * The list after `message`: newest first (the largest id), at most
 * [`SHOWN`]; a seek added twice is kept once, a removal of a seek not
 * there changes nothing.
 * @param {SeekView[]} list
 * @param {{type: string, seeks?: SeekView[], added?: SeekView[], removed?: number[]}} message
 * @returns {SeekView[]}
 */
export function applySeeks(list, message) {
  let next;
  if (message.type === 'seeks') next = (message.seeks || []).slice();
  else if (message.type === 'changes') {
    const gone = new Set(message.removed || []);
    const added = message.added || [];
    const fresh = new Set(added.map((s) => s.id));
    next = list.filter((s) => !gone.has(s.id) && !fresh.has(s.id)).concat(added);
  } else return list;
  return next.sort((a, b) => b.id - a.id).slice(0, SHOWN);
}
