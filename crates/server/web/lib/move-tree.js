// @ts-check
// The analysis board's moves as a tree: the main line and, at any move,
// the other moves tried there (variations), each with its own line. A
// node is found by its path, the moves from the root to it; a move tried
// again where it already is goes to it rather than adding a twin. Written
// and read as text like a chess PGN's movetext: `e2 e8 (d8 e3) e3`, a
// variation in brackets after the move it replaces.
//
// Pure: no page, so it is unit-tested (test/move-tree.test.js).

/** @typedef {{move: string, children: TreeNode[]}} TreeNode */

/** The most moves a tree holds (a link or a page cannot grow it further). */
export const MAX_NODES = 2000;
/** A move as the board writes it: a square (`e2`) or a fence (`e3h`). */
const MOVE = /^[a-z](?:[1-9]|1[0-9])[hv]?$/;

export class MoveTree {
  constructor() {
    /** @type {TreeNode} */
    this.root = { move: '', children: [] };
    this.size = 0;
  }

  /** A tree holding one line. @param {readonly string[]} moves @returns {MoveTree} */
  static ofLine(moves) {
    const tree = new MoveTree();
    tree.add([], moves);
    return tree;
  }

  /**
   * A tree read from its text, or null with what is wrong with it.
   * @param {string} text
   * @returns {{tree: MoveTree, error: null} | {tree: null, error: string}}
   */
  static parse(text) {
    const tokens = String(text).match(/\(|\)|[^\s()]+/g) || [];
    const tree = new MoveTree();
    // Where the next move goes, and where the last one was played from
    // (a variation of it starts there); one saved state per open bracket.
    let at = { parent: tree.root, from: /** @type {TreeNode | null} */ (null) };
    /** @type {(typeof at)[]} */
    const open = [];
    for (const token of tokens) {
      if (token === '(') {
        if (!at.from) return { tree: null, error: 'a variation must follow a move' };
        open.push(at);
        at = { parent: at.from, from: null };
      } else if (token === ')') {
        const saved = open.pop();
        if (!saved) return { tree: null, error: 'a bracket closes that was not opened' };
        if (!at.from) return { tree: null, error: 'a variation holds no move' };
        at = saved;
      } else {
        const move = token.toLowerCase();
        if (!MOVE.test(move)) return { tree: null, error: `"${token}" is not a move` };
        if (tree.size >= MAX_NODES && !at.parent.children.some((c) => c.move === move)) {
          return { tree: null, error: `more than ${MAX_NODES} moves` };
        }
        at = { parent: tree.child(at.parent, move), from: at.parent };
      }
    }
    if (open.length) return { tree: null, error: 'a bracket is not closed' };
    return { tree, error: null };
  }

  /** The node at the end of `path`, or null where it leaves the tree. @param {readonly string[]} path */
  node(path) {
    let node = this.root;
    for (const move of path) {
      const next = node.children.find((c) => c.move === move);
      if (!next) return null;
      node = next;
    }
    return node;
  }

  /**
   * Plays `moves` one after the other from the node at `path`, each a new
   * branch where it is not there yet: the path reached, or null where
   * `path` is not in the tree or the tree is full.
   * @param {readonly string[]} path @param {readonly string[]} moves
   * @returns {string[] | null}
   */
  add(path, moves) {
    let node = this.node(path);
    if (!node) return null;
    const reached = [...path];
    for (const raw of moves) {
      const move = raw.toLowerCase();
      if (!node.children.some((c) => c.move === move) && this.size >= MAX_NODES) return null;
      node = this.child(node, move);
      reached.push(move);
    }
    return reached;
  }

  /**
   * The child of `node` playing `move`, made (last among its brothers)
   * where there is none.
   * @param {TreeNode} node @param {string} move @returns {TreeNode}
   */
  child(node, move) {
    let child = node.children.find((c) => c.move === move);
    if (!child) {
      child = { move, children: [] };
      node.children.push(child);
      this.size += 1;
    }
    return child;
  }

  /** Removes the node at `path` and all that follows it: its parent's path. @param {readonly string[]} path */
  remove(path) {
    if (!path.length) return [];
    const parent = this.node(path.slice(0, -1));
    const at = parent ? parent.children.findIndex((c) => c.move === path[path.length - 1]) : -1;
    if (!parent || at < 0) return [...path];
    const [gone] = parent.children.splice(at, 1);
    this.size -= count(gone);
    return path.slice(0, -1);
  }

  /**
   * Promotes the variation `path` is in one step: the nearest move of the
   * path that is not its parent's first child moves up one place (to the
   * first place, it joins the line it branched from). Whether anything
   * moved.
   * @param {readonly string[]} path
   */
  promote(path) {
    let node = this.root;
    /** @type {{parent: TreeNode, at: number} | null} */
    let deepest = null;
    for (const move of path) {
      const at = node.children.findIndex((c) => c.move === move);
      if (at < 0) return false;
      if (at > 0) deepest = { parent: node, at };
      node = node.children[at];
    }
    if (!deepest) return false;
    const { parent, at } = deepest;
    [parent.children[at - 1], parent.children[at]] = [parent.children[at], parent.children[at - 1]];
    return true;
  }

  /** Whether `path` runs along the main line (every move a first child). @param {readonly string[]} path */
  isMain(path) {
    let node = this.root;
    for (const move of path) {
      if (!node.children.length || node.children[0].move !== move) return false;
      node = node.children[0];
    }
    return true;
  }

  /** The path one move on, along the first child (or `path` at an end). @param {readonly string[]} path */
  forward(path) {
    const node = this.node(path);
    return node && node.children.length ? [...path, node.children[0].move] : [...path];
  }

  /** The path to the end of the line from `path`, first children followed. @param {readonly string[]} path */
  end(path) {
    let node = this.node(path);
    const reached = [...path];
    while (node && node.children.length) {
      node = node.children[0];
      reached.push(node.move);
    }
    return reached;
  }

  /**
   * The path to the brother `step` places from the last move of `path`
   * (−1: the one before), or `path` where there is none.
   * @param {readonly string[]} path @param {number} step
   */
  sibling(path, step) {
    if (!path.length) return [...path];
    const parent = this.node(path.slice(0, -1));
    const at = parent ? parent.children.findIndex((c) => c.move === path[path.length - 1]) : -1;
    const to = at + step;
    if (!parent || at < 0 || to < 0 || to >= parent.children.length) return [...path];
    return [...path.slice(0, -1), parent.children[to].move];
  }

  /** The tree as text (`e2 e8 (d8 e3) e3`); empty for no moves. */
  format() {
    /** @type {string[]} */
    const out = [];
    /** @param {TreeNode} node */
    const line = (node) => {
      // The first child goes on the line; its brothers follow it in
      // brackets, then the line goes on from the first child.
      while (node.children.length) {
        const [main, ...others] = node.children;
        out.push(main.move);
        for (const other of others) {
          out.push('(' + other.move);
          line(other);
          out.push(')');
        }
        node = main;
      }
    };
    line(this.root);
    return out.join(' ').replace(/ \)/g, ')');
  }
}

/** How many nodes a subtree holds, its root counted. @param {TreeNode} node @returns {number} */
function count(node) {
  return 1 + node.children.reduce((n, c) => n + count(c), 0);
}
