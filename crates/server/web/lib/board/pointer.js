// @ts-check
// Playing a board with a mouse, a finger or a pen, the same on every page
// that has one. The page says what a square or a fence does and how a
// fence is previewed (with its refusal in words).
//
//   mouse    hover a groove: its fence previewed; click: that fence, or
//            the square; in fence mode, the slot nearest the pointer
//   finger   tap a square; tap a groove (or anywhere, in fence mode): the
//            fence is shown, a second tap on it places it (the page
//            decides, from `direct`); drag in fence mode: the fence follows

import { fenceName, parseFence } from '../position.js';

/** @typedef {import('./view.js').BoardView} BoardView */

/**
 * What the page does with the pointer.
 * @typedef {object} PointerHooks
 * @property {() => boolean} ready whether there is a position to act on
 * @property {() => boolean} active whether the pointer previews fences now (the player's turn)
 * @property {() => boolean} fenceMode whether a press anywhere means the nearest fence
 * @property {() => string | null} previewed the fence previewed now
 * @property {() => string | null} pending a fence shown by a tap, waiting for a second one
 * @property {(name: string | null) => void} preview show this fence (null: none)
 * @property {(square: string | null) => void} hover the square under a mouse (null: none)
 * @property {(name: string) => void} square a click or a tap on a square
 * @property {(name: string, direct: boolean) => void} fence a click (direct) or a tap on a fence slot
 */

/** How long a click that follows a tap is ignored (the browser sends both). */
const AFTER_TAP_MS = 500;

/** A board's pointer: mouse, touch and pen. */
export class BoardPointer {
  /** @param {BoardView} view */
  constructor(view) {
    this.view = view;
    /** @type {PointerHooks | null} */
    this.hooks = null;
    /** The finger or pen down on the board, and whether it has moved. @type {{id: number, moved: boolean} | null} */
    this.touch = null;
    /** Whether the next click is the echo of a tap. */
    this.suppressClick = false;
  }

  /** @param {{clientX: number, clientY: number}} e */
  locate(e) {
    const p = this.view.point(e);
    return p ? this.view.geom.locate(p.x, p.y) : null;
  }

  /** The previewed fence, preferred at a crossing of grooves. */
  preferred() {
    const name = this.hooks && this.hooks.previewed();
    return name ? parseFence(name) : null;
  }

  /**
   * Listens to the board's pointer.
   * @param {SVGSVGElement} svg @param {PointerHooks} hooks
   */
  attach(svg, hooks) {
    this.hooks = hooks;
    svg.addEventListener('pointerdown', (e) => this.down(e));
    svg.addEventListener('pointermove', (e) => this.move(e));
    svg.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse' && !hooks.pending()) {
        hooks.preview(null);
        hooks.hover(null);
      }
    });
    svg.addEventListener('pointerup', (e) => this.up(e));
    svg.addEventListener('click', (e) => this.click(e));
  }

  /** @param {PointerEvent} e */
  down(e) {
    const hooks = /** @type {PointerHooks} */ (this.hooks);
    if (e.pointerType !== 'touch' && e.pointerType !== 'pen') return;
    this.touch = { id: e.pointerId, moved: false };
    if (hooks.fenceMode() && hooks.active()) {
      const slot = this.view.geom.nearestSlot(this.locate(e), this.preferred());
      if (slot) hooks.preview(fenceName(slot));
    }
  }

  /** @param {PointerEvent} e */
  move(e) {
    const hooks = /** @type {PointerHooks} */ (this.hooks);
    if (!hooks.ready() || !hooks.active()) return;
    const p = this.view.point(e);
    if (!p) return;
    const geom = this.view.geom;
    const loc = geom.locate(p.x, p.y);
    if (e.pointerType === 'touch' || e.pointerType === 'pen') {
      if (this.touch && this.touch.id === e.pointerId && hooks.fenceMode()) {
        this.touch.moved = true;
        const slot = geom.nearestSlot(loc, this.preferred());
        if (slot) hooks.preview(fenceName(slot));
      }
      return;
    }
    if (hooks.pending()) return; // a tapped fence waits for its second tap
    const target = /** @type {SVGElement} */ (e.target);
    let slot = null;
    if (target.dataset && target.dataset.fence) slot = parseFence(target.dataset.fence);
    else if (hooks.fenceMode()) slot = geom.nearestSlot(loc, this.preferred());
    else slot = geom.strictSlot(loc, this.preferred());
    hooks.preview(slot ? fenceName(slot) : null);
    hooks.hover(slot ? null : (target.dataset && target.dataset.square) || null);
  }

  /** @param {PointerEvent} e */
  up(e) {
    const hooks = /** @type {PointerHooks} */ (this.hooks);
    if (!this.touch || this.touch.id !== e.pointerId) return;
    const touch = this.touch;
    this.touch = null;
    this.suppressClick = true;
    setTimeout(() => { this.suppressClick = false; }, AFTER_TAP_MS);
    if (!hooks.ready()) return;
    const geom = this.view.geom;
    const loc = this.locate(e);
    const target = /** @type {SVGElement} */ (e.target);
    const previewed = hooks.previewed();
    let slot = null;
    if (hooks.fenceMode()) slot = touch.moved && previewed ? parseFence(previewed) : geom.nearestSlot(loc, this.preferred());
    else if (target.dataset && target.dataset.fence) slot = parseFence(target.dataset.fence);
    else slot = geom.strictSlot(loc, this.preferred());
    if (slot) {
      hooks.fence(fenceName(slot), false);
      return;
    }
    const square = target.closest && target.closest('[data-square]');
    if (square) hooks.square(/** @type {string} */ (/** @type {SVGElement} */ (square).dataset.square));
  }

  /** @param {MouseEvent} e */
  click(e) {
    const hooks = /** @type {PointerHooks} */ (this.hooks);
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    if (!hooks.ready()) return;
    const target = /** @type {SVGElement} */ (e.target);
    if (target.dataset && target.dataset.fence) {
      hooks.fence(target.dataset.fence, true);
      return;
    }
    // A click from the keyboard (Enter on a focused board) has no place.
    const loc = e.clientX || e.clientY ? this.locate(e) : null;
    const geom = this.view.geom;
    if (hooks.fenceMode() && loc) {
      const slot = geom.nearestSlot(loc, this.preferred());
      if (slot) hooks.fence(fenceName(slot), true);
      return;
    }
    const square = target.closest && target.closest('[data-square]');
    if (square) {
      hooks.square(/** @type {string} */ (/** @type {SVGElement} */ (square).dataset.square));
      return;
    }
    const slot = geom.strictSlot(loc, this.preferred());
    if (slot) hooks.fence(fenceName(slot), true);
  }
}
