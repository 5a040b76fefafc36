// @ts-check
// The analysis board's move list: the tree of lib/move-tree.js drawn as
// numbered moves, each variation in brackets after the move it replaces
// (smaller, one level in), every move a button that goes there.

import { el } from '../lib/dom.js';

/**
 * @typedef {object} TreeLook
 * @property {number} rootPly the ply of the position the tree starts from
 * @property {number} players 2 or 4: moves a round
 * @property {number} firstSeat the turn order's index of the side to move at the root
 * @property {readonly string[]} seats the seats in turn order
 * @property {(path: string[]) => void} pick
 * @property {(move: string, seat: string) => string} label a move's name for a screen reader
 */

/**
 * Draws `tree` into `box`, the move at `path` marked as the current one.
 * @param {HTMLElement} box
 * @param {import('../lib/move-tree.js').MoveTree} tree
 * @param {readonly string[]} path
 * @param {TreeLook} look
 */
export function drawTree(box, tree, path, look) {
  const here = path.join(' ');
  const per = Math.max(1, look.players);
  /**
   * A move's button, with its number where a round starts or a line
   * opens (`3…` for a line that opens on another seat's move).
   * @param {HTMLElement} into @param {string[]} at @param {boolean} opens
   */
  const move = (into, at, opens) => {
    const ply = look.rootPly + at.length - 1;
    const index = (look.firstSeat + at.length - 1) % per;
    const round = Math.floor(ply / per) + 1;
    if (index === 0) into.append(el('span', { class: 'num', text: round + '.' }));
    else if (opens) into.append(el('span', { class: 'num', text: round + '…' }));
    const seat = look.seats[index] || '';
    const current = at.join(' ') === here;
    const b = el('button', {
      type: 'button',
      class: 'mv seat-' + seat + (current ? ' current' : ''),
      'data-line': at.join(' '),
      'aria-current': current ? 'step' : null,
      'aria-label': look.label(at[at.length - 1], seat),
      text: at[at.length - 1],
    });
    b.onclick = () => look.pick(at);
    into.append(b, ' ');
  };
  /**
   * The line from `node` (reached by `at`) into `into`: its first child,
   * the others in brackets, then on from the first.
   * @param {HTMLElement} into @param {import('../lib/move-tree.js').TreeNode} node
   * @param {string[]} at @param {boolean} opens
   */
  const line = (into, node, at, opens) => {
    let after = opens;
    while (node.children.length) {
      const [main, ...others] = node.children;
      move(into, [...at, main.move], after);
      after = false;
      for (const other of others) {
        const variation = el('span', { class: 'ab-var' });
        move(variation, [...at, other.move], true);
        line(variation, other, [...at, other.move], false);
        // No space before the closing bracket.
        if (variation.lastChild && variation.lastChild.nodeType === Node.TEXT_NODE) variation.lastChild.remove();
        into.append(variation, ' ');
        // After a variation, the main line's next move says its number.
        after = true;
      }
      node = main;
      at = [...at, main.move];
    }
  };
  // Focus on a move stays on the list as it is drawn again (its keys go on working).
  const focused = box.contains(document.activeElement) && document.activeElement !== box;
  box.textContent = '';
  line(box, tree.root, [], true);
  if (focused) box.focus({ preventScroll: true });
  if (!tree.root.children.length) box.append(el('span', { class: 'empty', text: '—' }));
  // The current move kept in view, scrolling the list, not the page.
  const current = /** @type {HTMLElement | null} */ (box.querySelector('.current'));
  if (current) {
    const top = current.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    if (top < box.scrollTop || top + current.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 2);
    }
  }
}
