// @ts-check
// The board drawn in SVG: a wooden plank with grooves between its squares,
// coordinates, each seat's goal, fence slots to click, and layers the page
// fills (marks, fences, hints, a preview, pawns, a keyboard cursor). The
// same board for any size (3 to 11), 2 or 4 players, the classic and crab
// themes, turned so that any seat plays from the bottom.

import { svgEl } from '../dom.js';
import { LETTERS, fenceName, parseSquare, squareName } from '../position.js';
import { Geometry, MARGIN, SQUARE, STEP } from './geometry.js';
import { crabShape, fenceShape, pawnShape, seatColours } from './pieces.js';
import { woodTexture } from './wood.js';

/** @typedef {import('../position.js').Seat} Seat */
/** @typedef {'classic' | 'crab'} Theme */
/**
 * @typedef {object} BoardSettings
 * @property {number} size squares a side
 * @property {readonly Seat[]} seats
 * @property {Theme} [theme]
 * @property {boolean} [slots] hit areas for placing fences (default: yes)
 * @property {boolean} [mini] a thumbnail: flat wood, no coordinates, no
 *   relief, no slots (a page may show many)
 */
/**
 * A position to show on a view-only board.
 * @typedef {object} Shown
 * @property {Partial<Record<Seat, string>>} pawns each pawn's square
 * @property {readonly string[]} fences
 * @property {Seat | null} [toMove] the seat to move, ringed
 */

/** The layers, bottom to top. */
const LAYERS = /** @type {const} */ (['frame', 'squares', 'coords', 'goals', 'marks', 'slots', 'fences', 'hint', 'preview', 'pawns', 'cursor']);

/** Boards made so far: each names its paints apart (a page may show several). */
let made = 0;

export class BoardView {
  /** @param {SVGSVGElement} svg the element the board is drawn in */
  constructor(svg) {
    this.svg = svg;
    this.n = 9;
    /** Quarter turns: 0 South at the bottom, 1 West, 2 North, 3 East. */
    this.rot = 0;
    /** What the drawing was made for; a new one is made when it changes. */
    this.key = '';
    /** @type {Record<string, SVGGElement>} */
    this.layers = {};
    /** @type {Partial<Record<Seat, SVGGElement>>} */
    this.pawnNodes = {};
    /** The fences drawn in the fences layer. @type {Set<string>} */
    this.shownFences = new Set();
    /** @type {Theme} */
    this.theme = 'classic';
    /** Whether the pawns have been put on their squares once. */
    this.ready = false;
    /** @type {Geometry | null} */
    this.cached = null;
    /** Whether it is drawn as a thumbnail. */
    this.mini = false;
    /** What this board's paint ids start with. */
    this.ids = `b${++made}-`;
    this.ref = this.ref.bind(this);
  }

  /** A paint of this board (a gradient, a pattern, a filter) by its name. @param {string} name */
  ref(name) {
    return `url(#${this.ids}${name})`;
  }

  /** The geometry of the board as now turned. */
  get geom() {
    if (!this.cached || this.cached.n !== this.n || this.cached.rot !== this.rot) this.cached = new Geometry(this.n, this.rot);
    return this.cached;
  }

  /**
   * Draws the empty board for `settings` (nothing is done when it is
   * drawn already, turned the same way). Returns whether it was redrawn.
   * @param {BoardSettings} settings
   */
  build(settings) {
    const theme = settings.theme === 'crab' ? 'crab' : 'classic';
    const mini = !!settings.mini;
    const key = [settings.size, settings.seats.join(','), this.rot, theme, settings.slots !== false && !mini, mini].join('|');
    if (key === this.key) return false;
    this.key = key;
    this.n = settings.size;
    this.theme = theme;
    this.pawnNodes = {};
    this.shownFences = new Set();
    this.ready = false;
    const svg = this.svg;
    svg.textContent = '';
    const W = this.geom.side;
    svg.setAttribute('viewBox', `0 0 ${W} ${W}`);
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    svg.classList.toggle('crab', theme === 'crab');
    svg.classList.toggle('mini', mini);
    this.mini = mini;
    svg.append(this.defs(settings.seats, mini));
    for (const name of LAYERS) {
      this.layers[name] = /** @type {SVGGElement} */ (svgEl('g', { class: 'layer-' + name }));
    }
    this.drawFrame();
    this.drawSquares(mini);
    if (!mini) this.drawCoordinates();
    this.drawGoals(settings.seats);
    if (settings.slots !== false && !mini) this.drawSlots();
    this.appendTop();
    for (const seat of settings.seats) {
      const node = /** @type {SVGGElement} */ (svgEl('g', { class: 'pawn seat-' + seat, 'data-pawn': seat }));
      node.append(theme === 'crab' ? crabShape(seat, this.ref) : pawnShape(seat, this.ref));
      this.layers.pawns.append(node);
      this.pawnNodes[seat] = node;
    }
    return true;
  }

  /**
   * The gradients, patterns and shadows the drawing refers to (a
   * thumbnail's wood is flat).
   * @param {readonly Seat[]} seats @param {boolean} mini @private
   */
  defs(seats, mini) {
    const svg = this.svg;
    const W = this.geom.side;
    const woodImage = (/** @type {string} */ url) => svgEl('image', { href: url, width: W, height: W, preserveAspectRatio: 'none' });
    const woodUrl = mini ? null : woodTexture((url) => {
      const pattern = svg.querySelector('#' + this.ids + 'wood');
      if (pattern) pattern.replaceChildren(woodImage(url));
    });
    const defs = svgEl('defs');
    defs.append(svgEl('pattern', { id: this.ids + 'wood', patternUnits: 'userSpaceOnUse', width: W, height: W },
      woodUrl ? woodImage(woodUrl) : svgEl('rect', { width: W, height: W, fill: 'var(--wood)' })));
    defs.append(svgEl('linearGradient', { id: this.ids + 'bevel', x1: 0, y1: 0, x2: 1, y2: 1 },
      svgEl('stop', { offset: '0', 'stop-color': '#fff', 'stop-opacity': 0.32 }),
      svgEl('stop', { offset: '0.3', 'stop-color': '#fff', 'stop-opacity': 0 }),
      svgEl('stop', { offset: '0.7', 'stop-color': '#000', 'stop-opacity': 0 }),
      svgEl('stop', { offset: '1', 'stop-color': 'var(--wood-shadow)', 'stop-opacity': 0.28 })));
    defs.append(svgEl('linearGradient', { id: this.ids + 'groove-shade', x1: 0, y1: 0, x2: 1, y2: 1 },
      svgEl('stop', { offset: '0', 'stop-color': 'var(--groove-dark)' }),
      svgEl('stop', { offset: '1', 'stop-color': 'var(--groove)' })));
    for (const [id, horizontal] of /** @type {const} */ ([['fence-h', true], ['fence-v', false]])) {
      defs.append(svgEl('linearGradient', { id: this.ids + id, x1: 0, y1: 0, x2: horizontal ? 0 : 1, y2: horizontal ? 1 : 0 },
        // Light maple on the dark grooves: at least 3:1 everywhere (the
        // browser tests measure it).
        svgEl('stop', { offset: '0', 'stop-color': 'var(--fence-1)' }),
        svgEl('stop', { offset: '0.25', 'stop-color': 'var(--fence-2)' }),
        svgEl('stop', { offset: '0.75', 'stop-color': 'var(--fence-3)' }),
        svgEl('stop', { offset: '1', 'stop-color': 'var(--fence-4)' })));
    }
    defs.append(svgEl('filter', { id: this.ids + 'shadow', x: '-20%', y: '-20%', width: '140%', height: '140%' },
      svgEl('feDropShadow', { dx: 2, dy: 5, stdDeviation: 4, 'flood-color': 'var(--piece-shadow)', 'flood-opacity': 0.5 })));
    for (const seat of seats) {
      const col = seatColours(seat);
      defs.append(svgEl('radialGradient', { id: this.ids + 'pawn-' + seat, cx: 0.38, cy: 0.32, r: 0.78 },
        svgEl('stop', { offset: '0', 'stop-color': col.light }),
        svgEl('stop', { offset: '0.55', 'stop-color': col.main }),
        svgEl('stop', { offset: '1', 'stop-color': col.dark })));
    }
    return defs;
  }

  /** The wooden board: a plank with a rim, grooves cut between squares. @private */
  drawFrame() {
    const W = this.geom.side;
    const g = this.geom.grid;
    const frame = this.layers.frame;
    frame.append(svgEl('rect', { x: 0, y: 0, width: W, height: W, rx: 30, fill: this.ref('wood') }));
    frame.append(svgEl('rect', { x: 0, y: 0, width: W, height: W, rx: 30, fill: 'var(--wood-shadow)', 'fill-opacity': 0.2 }));
    frame.append(svgEl('rect', { x: 3, y: 3, width: W - 6, height: W - 6, rx: 28, fill: 'none', stroke: 'var(--wood-rim)', 'stroke-opacity': 0.35, 'stroke-width': 3 }));
    frame.append(svgEl('rect', { class: 'grooves', x: MARGIN - 8, y: MARGIN - 8, width: g + 16, height: g + 16, rx: 10, fill: this.ref('groove-shade') }));
    this.svg.append(frame);
  }

  /** @param {boolean} mini @private */
  drawSquares(mini) {
    const n = this.n;
    const squares = this.layers.squares;
    const bevels = svgEl('g', { class: 'bevels' });
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const at = this.geom.squareAt(c, r);
        squares.append(svgEl('rect', { class: 'sq', 'data-square': squareName(c, r), x: at.x, y: at.y, width: SQUARE, height: SQUARE, rx: 7, fill: this.ref('wood') }));
        if (!mini) bevels.append(svgEl('rect', { x: at.x, y: at.y, width: SQUARE, height: SQUARE, rx: 7, fill: this.ref('bevel') }));
      }
    }
    this.svg.append(squares, bevels);
  }

  /** Letters and numbers under the board and on its left, whichever way it is turned. @private */
  drawCoordinates() {
    const n = this.n;
    const geom = this.geom;
    const g = geom.grid;
    const coords = this.layers.coords;
    const label = (/** @type {{c: number, r: number}} */ sq, /** @type {boolean} */ alongColumns) => (alongColumns !== geom.turned ? LETTERS[sq.c] : String(sq.r + 1));
    for (let i = 0; i < n; i++) {
      const text = label(geom.toLogical(i, n - 1), true);
      coords.append(svgEl('text', { class: 'coord', x: MARGIN + i * STEP + SQUARE / 2, y: MARGIN + g + 49, 'text-anchor': 'middle', text }));
    }
    for (let j = 0; j < n; j++) {
      const text = label(geom.toLogical(0, j), false);
      coords.append(svgEl('text', { class: 'coord', x: MARGIN / 2 - 8, y: MARGIN + j * STEP + SQUARE / 2 + 11, 'text-anchor': 'middle', text }));
    }
    this.svg.append(coords);
  }

  /** A bar of each seat's colour along the side it must reach. @param {readonly Seat[]} seats @private */
  drawGoals(seats) {
    const g = this.geom.grid;
    const goals = this.layers.goals;
    const thick = 7;
    const gap = 12;
    for (const seat of seats) {
      const side = this.geom.goalSide(seat);
      /** @type {Record<string, string | number>} */
      const attrs = { class: 'goal seat-' + seat, rx: 3.5, fill: seatColours(seat).main };
      if (side === 'top') Object.assign(attrs, { x: MARGIN, y: MARGIN - gap - thick, width: g, height: thick });
      if (side === 'bottom') Object.assign(attrs, { x: MARGIN, y: MARGIN + g + gap, width: g, height: thick });
      if (side === 'left') Object.assign(attrs, { x: MARGIN - gap - thick, y: MARGIN, width: thick, height: g });
      if (side === 'right') Object.assign(attrs, { x: MARGIN + g + gap, y: MARGIN, width: thick, height: g });
      goals.append(svgEl('rect', attrs));
    }
    this.svg.append(goals, this.layers.marks);
  }

  /** One hit area per fence slot (tests click them). @private */
  drawSlots() {
    const n = this.n;
    const slots = this.layers.slots;
    for (let r = 0; r < n - 1; r++) {
      for (let c = 0; c < n - 1; c++) {
        for (const o of /** @type {const} */ (['h', 'v'])) {
          const f = { c, r, o };
          const s = this.geom.slotRect(f);
          slots.append(svgEl('rect', { class: 'slot', 'data-fence': fenceName(f), fill: 'transparent', x: s.x, y: s.y, width: s.w, height: s.h }));
        }
      }
    }
  }

  /** Appends the layers above the board, in their order. @private */
  appendTop() {
    for (const name of ['slots', 'fences', 'hint', 'preview', 'pawns', 'cursor']) this.svg.append(this.layers[name]);
  }

  /**
   * Shows a position on a view-only board: the pawns on their squares (the
   * one to move ringed) and the fences. Call `build` first.
   * @param {Shown} shown
   */
  showPosition(shown) {
    const fences = this.layers.fences;
    fences.replaceChildren();
    this.shownFences = new Set();
    for (const name of shown.fences) {
      const node = fenceShape(this.geom, name, 'fence', this.ref);
      if (node) {
        node.setAttribute('data-placed', name);
        fences.append(node);
        this.shownFences.add(name);
      }
    }
    for (const [seat, node] of Object.entries(this.pawnNodes)) {
      const at = this.centreOf(shown.pawns[/** @type {Seat} */ (seat)] || '');
      node.toggleAttribute('hidden', !at);
      node.classList.toggle('to-move', seat === shown.toMove);
      if (at) node.setAttribute('transform', `translate(${at.x} ${at.y})`);
    }
    this.ready = true;
  }

  /**
   * Marks squares with a class (`legal`: where a click moves the pawn, as
   * on the game page); the squares marked so before lose it.
   * @param {Iterable<string>} names @param {string} cls
   */
  markSquares(names, cls) {
    const marked = new Set(names);
    for (const node of this.layers.squares.querySelectorAll('[data-square]')) {
      node.classList.toggle(cls, marked.has(/** @type {SVGElement} */ (node).dataset.square || ''));
    }
  }

  /**
   * Draws each seat's path (a line through its squares' centres) in the
   * hint layer, in the seat's colour; the paths drawn before go.
   * @param {Partial<Record<Seat, readonly string[]>>} paths
   */
  showPaths(paths) {
    const layer = this.layers.hint;
    for (const old of Array.from(layer.querySelectorAll('[data-path]'))) old.remove();
    for (const [seat, squares] of Object.entries(paths)) {
      const points = (squares || []).map((name) => this.centreOf(name)).filter((p) => p).map((p) => `${p?.x},${p?.y}`);
      if (points.length < 2) continue;
      layer.append(svgEl('polyline', { class: 'path', 'data-path': seat, points: points.join(' '), stroke: seatColours(/** @type {Seat} */ (seat)).main }));
    }
  }

  /**
   * Draws a move suggested (the engine's best) in the hint layer: an arrow
   * from the pawn's square to the square it goes to, or the fence as a
   * ghost; the move drawn before goes. `null`: none.
   * @param {string | null} move @param {string | null} [from] the pawn's square, for a pawn move
   */
  showMove(move, from) {
    const layer = this.layers.hint;
    for (const old of Array.from(layer.querySelectorAll('[data-move]'))) old.remove();
    if (!move) return;
    const fence = fenceShape(this.geom, move, 'suggested', this.ref);
    if (fence) {
      fence.setAttribute('data-move', move);
      layer.append(fence);
      return;
    }
    const a = from ? this.centreOf(from) : null;
    const b = this.centreOf(move);
    if (!a || !b) return;
    // The shaft stops short of the square's centre; the head ends there.
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const [ux, uy] = [(b.x - a.x) / len, (b.y - a.y) / len];
    const head = 34;
    const base = { x: b.x - ux * head, y: b.y - uy * head };
    const wing = (side) => `${base.x - uy * side * 20},${base.y + ux * side * 20}`;
    const arrow = svgEl('g', { class: 'arrow', 'data-move': move });
    arrow.append(
      svgEl('line', { x1: a.x + ux * 30, y1: a.y + uy * 30, x2: base.x, y2: base.y }),
      svgEl('polygon', { points: `${b.x},${b.y} ${wing(1)} ${wing(-1)}` }),
    );
    layer.append(arrow);
  }

  /**
   * Shows a fence about to be placed (`ok`: allowed) in the preview layer,
   * or none.
   * @param {string | null} name @param {boolean} [ok]
   */
  previewFence(name, ok = true) {
    const layer = this.layers.preview;
    layer.replaceChildren();
    if (!name) return;
    const node = fenceShape(this.geom, name, 'preview ' + (ok ? 'ok' : 'bad'), this.ref);
    if (node) {
      node.setAttribute('data-preview', name);
      layer.append(node);
    }
  }

  /**
   * What a point of the board is: a square, a fence slot (in a groove), or
   * nothing (the margin).
   * @param {{clientX: number, clientY: number}} evt
   * @returns {{square: string} | {fence: string} | null}
   */
  pick(evt) {
    const p = this.point(evt);
    if (!p) return null;
    const sq = this.geom.squareUnder(p.x, p.y);
    if (sq) return { square: squareName(sq.c, sq.r) };
    const slot = this.geom.strictSlot(this.geom.locate(p.x, p.y));
    return slot ? { fence: fenceName(slot) } : null;
  }

  /** A pointer event's place in the board's units (null when unknown). @param {{clientX: number, clientY: number}} evt */
  point(evt) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const pt = this.svg.createSVGPoint();
    pt.x = evt.clientX;
    pt.y = evt.clientY;
    const p = pt.matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  }

  /** The centre of a square by name, as drawn (null for a bad name). @param {string} name */
  centreOf(name) {
    const sq = parseSquare(name);
    return sq ? this.geom.centreOf(sq.c, sq.r) : null;
  }
}
