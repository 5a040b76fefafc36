// @ts-check
// Playing a board from the keyboard, the same on every page that has one:
// a cursor on the squares, or on the fence slots in fence mode, moved by
// the arrow keys as the board is drawn (turned or not). The page says
// what a square or a fence does, and what is announced.
//
//   key            pawn mode                 fence mode
//   arrows         move the square cursor    move the fence
//   Enter          play the square           place the fence
//   Space, W       fence mode                pawn mode
//   R              —                         turn the fence
//   Escape         —                         pawn mode

import { svgEl } from '../dom.js';
import { fenceName, squareName } from '../position.js';
import { SQUARE } from './geometry.js';

/** @typedef {import('./geometry.js').Geometry} Geometry */
/** @typedef {import('./view.js').BoardView} BoardView */
/** @typedef {{c: number, r: number}} Cell */
/** @typedef {{c: number, r: number, o: 'h' | 'v'}} Slot */

/** Each arrow key's step on the board as drawn: [right, down]. */
export const ARROWS = /** @type {Record<string, [number, number]>} */ ({
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
});

/**
 * What a key does on a focused board, from the table above.
 * @param {string} key `KeyboardEvent.key`
 * @param {boolean} fenceMode
 * @returns {'move' | 'play' | 'fences' | 'turn' | 'pawns' | null}
 */
export function keyAction(key, fenceMode) {
  if (key in ARROWS) return 'move';
  if (key === 'Enter') return 'play';
  if (key === ' ' || key === 'w' || key === 'W') return 'fences';
  if (fenceMode && (key === 'r' || key === 'R')) return 'turn';
  if (fenceMode && key === 'Escape') return 'pawns';
  return null;
}

/** The keys given to `elsewhere` out of play. */
const REPLAY_KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];

const clamp = (x, hi) => Math.max(0, Math.min(hi, x));

/**
 * The square one arrow key away from `at` on the board as drawn; the
 * edge stops it.
 * @param {Geometry} geom @param {Cell} at @param {string} key
 * @returns {Cell}
 */
export function stepSquare(geom, at, key) {
  const [di, dj] = ARROWS[key] || [0, 0];
  const v = geom.toVisual(at.c, at.r);
  return geom.toLogical(clamp(v.i + di, geom.n - 1), clamp(v.j + dj, geom.n - 1));
}

/**
 * The fence slot one arrow key away from `slot` on the board as drawn.
 * @param {Geometry} geom @param {Slot} slot @param {string} key
 * @returns {Slot}
 */
export function stepFence(geom, slot, key) {
  const [di, dj] = ARROWS[key] || [0, 0];
  const v = geom.visualFence(slot);
  return /** @type {Slot} */ (geom.logicalFence(clamp(v.i + di, geom.n - 2), clamp(v.j + dj, geom.n - 2), /** @type {'h' | 'v'} */ (v.o)));
}

/**
 * Where fence mode starts: the horizontal slot at the square cursor (the
 * last row and column have no slot of their own).
 * @param {number} n the board's size @param {Cell} at
 * @returns {Slot}
 */
export function slotNear(n, at) {
  return { c: Math.min(at.c, n - 2), r: Math.min(at.r, n - 2), o: 'h' };
}

/** @param {Slot} slot @returns {Slot} */
export function turnSlot(slot) {
  return { c: slot.c, r: slot.r, o: slot.o === 'h' ? 'v' : 'h' };
}

/**
 * What the page does with the keys.
 * @typedef {object} KeyHooks
 * @property {() => boolean} playing whether it is a game in play (else left, right, Home and End go `elsewhere`)
 * @property {(key: string) => void} [elsewhere] left, right, Home or End out of play (a replay)
 * @property {() => boolean} canFence whether fence mode may be entered now
 * @property {() => Cell | null} start where the square cursor starts (the pawn to move)
 * @property {(name: string) => void} square Enter on a square
 * @property {(name: string) => void} fence Enter on a fence slot
 * @property {(name: string | null) => void} preview the fence under the cursor, shown (null: none)
 * @property {(on: boolean) => void} modeChanged fence mode entered or left
 * @property {(target: {square: string} | {fence: string}) => string} describe the cursor's place, in words
 * @property {(on: boolean) => string} modeText fence mode entered or left, in words
 * @property {(text: string) => void} announce to screen readers
 */

/** A board's keyboard cursor and fence mode. */
export class BoardKeys {
  /** @param {BoardView} view */
  constructor(view) {
    this.view = view;
    /** @type {KeyHooks | null} */
    this.hooks = null;
    this.fenceMode = false;
    /** @type {Cell | null} */
    this.cursor = null;
    /** @type {Slot | null} */
    this.fcursor = null;
    /** Whether the board has the focus. */
    this.focused = false;
    /** Whether the keyboard is in use (the cursor is drawn only then). */
    this.kbd = false;
  }

  /**
   * Listens to the board's focus and keys.
   * @param {SVGSVGElement} svg @param {KeyHooks} hooks
   */
  attach(svg, hooks) {
    this.hooks = hooks;
    svg.setAttribute('tabindex', '0');
    svg.addEventListener('focus', () => {
      this.focused = true;
      if (svg.matches(':focus-visible')) this.kbd = true;
      if (!this.cursor) this.cursor = hooks.start() || { c: (this.view.n - 1) >> 1, r: 0 };
      this.draw();
    });
    svg.addEventListener('blur', () => {
      this.focused = false;
      this.draw();
    });
    svg.addEventListener('keydown', (e) => {
      if (!this.kbd && !e.ctrlKey && !e.metaKey && !e.altKey && e.key !== 'Tab' && e.key !== 'Shift') {
        this.kbd = true;
        this.draw();
      }
      this.key(e);
    });
    // A pointer in use: the keyboard's cursor goes.
    svg.addEventListener('pointerdown', () => {
      if (!this.kbd) return;
      this.kbd = false;
      this.draw();
    }, true);
  }

  /** A new game or position: pawn mode, no cursor. */
  reset() {
    this.fenceMode = false;
    this.forgetCursor();
  }

  /** A new board, maybe of another size: the cursor starts again at the pawn. */
  forgetCursor() {
    this.cursor = null;
    this.fcursor = null;
  }

  /** @param {boolean} on */
  setFenceMode(on) {
    this.fenceMode = on;
    if (on && !this.fcursor) {
      this.fcursor = slotNear(this.view.n, this.cursor || (this.hooks && this.hooks.start()) || { c: 0, r: 0 });
    }
    if (this.hooks) this.hooks.modeChanged(on);
  }

  /** The fence under the cursor turned. */
  turnFence() {
    if (!this.fcursor || !this.hooks) return;
    this.fcursor = turnSlot(this.fcursor);
    this.hooks.preview(fenceName(this.fcursor));
    this.draw();
    this.announceCursor();
  }

  /** The cursor's place, announced. */
  announceCursor() {
    const hooks = this.hooks;
    if (!hooks) return;
    if (this.fenceMode && this.fcursor) hooks.announce(hooks.describe({ fence: fenceName(this.fcursor) }));
    else if (this.cursor) hooks.announce(hooks.describe({ square: squareName(this.cursor.c, this.cursor.r) }));
  }

  /** Draws the cursor (only while the board has the focus from the keyboard). */
  draw() {
    const layer = this.view.layers.cursor;
    if (!layer) return;
    layer.textContent = '';
    if (!this.focused || !this.kbd || !this.view.geom) return;
    const geom = this.view.geom;
    if (this.fenceMode) {
      if (!this.fcursor) return;
      const r = geom.fenceRect(this.fcursor);
      layer.append(svgEl('rect', { class: 'cursor', x: r.x - 4, y: r.y - 4, width: r.w + 8, height: r.h + 8, rx: 8 }));
      return;
    }
    if (!this.cursor) return;
    const at = geom.squareAt(this.cursor.c, this.cursor.r);
    layer.append(svgEl('rect', { class: 'cursor', x: at.x - 5, y: at.y - 5, width: SQUARE + 10, height: SQUARE + 10, rx: 12 }));
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    const hooks = this.hooks;
    const geom = this.view.geom;
    if (!hooks || !geom) return;
    // Out of play (a finished game, a spectator), left and right step
    // through the moves; the cursor still explores the board.
    if (!hooks.playing() && hooks.elsewhere && REPLAY_KEYS.includes(e.key)) {
      e.preventDefault();
      hooks.elsewhere(e.key);
      return;
    }
    const action = keyAction(e.key, this.fenceMode);
    if (!action) return;
    e.preventDefault();
    if (action === 'move') {
      if (this.fenceMode) {
        this.fcursor = stepFence(geom, this.fcursor || { c: 0, r: 0, o: 'h' }, e.key);
        hooks.preview(fenceName(this.fcursor));
      } else {
        this.cursor = stepSquare(geom, this.cursor || hooks.start() || { c: 0, r: 0 }, e.key);
      }
      this.draw();
      this.announceCursor();
    } else if (action === 'play') {
      if (this.fenceMode && this.fcursor) hooks.fence(fenceName(this.fcursor));
      else if (!this.fenceMode && this.cursor) hooks.square(squareName(this.cursor.c, this.cursor.r));
    } else if (action === 'fences') {
      if (!this.fenceMode && !hooks.canFence()) return;
      this.setFenceMode(!this.fenceMode);
      if (this.fenceMode && this.fcursor) hooks.preview(fenceName(this.fcursor));
      this.draw();
      hooks.announce(hooks.modeText(this.fenceMode));
      if (this.fenceMode) this.announceCursor();
    } else if (action === 'turn') {
      this.turnFence();
    } else if (action === 'pawns') {
      this.setFenceMode(false);
      this.draw();
      hooks.announce(hooks.modeText(false));
    }
  }
}
