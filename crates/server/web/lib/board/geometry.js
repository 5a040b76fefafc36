// @ts-check
// Where things are on a drawn board: squares and fences to coordinates,
// and back from a point (a click, a touch) to the square or the fence
// slot under it. The board may be turned by quarter turns so that any
// seat plays from the bottom. Pure: no page, no drawing.

/** @typedef {import('../position.js').Fence} Fence */
/** @typedef {{i: number, j: number}} Visual a square as drawn: column i from the left, row j from the top */
/**
 * Where a point of the board is: the visual square (i, j) its cell starts
 * at, the offset in that cell, and whether it lies in the groove right of
 * the square (gx) or under it (gy).
 * @typedef {{i: number, j: number, ox: number, oy: number, gx: boolean, gy: boolean}} Located
 */

/** A square's side, in the board's units. */
export const SQUARE = 100;
/** A groove's width (where fences go). */
export const GROOVE = 24;
/** The margin around the squares (coordinates, goal marks). */
export const MARGIN = 62;
/** From one square to the next. */
export const STEP = SQUARE + GROOVE;

export class Geometry {
  /**
   * @param {number} n squares a side (3 to 11)
   * @param {number} [rot] quarter turns: 0 South at the bottom, 1 West, 2 North, 3 East
   */
  constructor(n, rot = 0) {
    this.n = n;
    this.rot = ((rot % 4) + 4) % 4;
  }

  /** Whether the board is drawn on its side (rows run up and down). */
  get turned() {
    return this.rot % 2 === 1;
  }

  /** The squares and grooves' width. */
  get grid() {
    return this.n * SQUARE + (this.n - 1) * GROOVE;
  }

  /** The whole board's width (and height), margins included. */
  get side() {
    return this.grid + 2 * MARGIN;
  }

  /** Where logical square (c, r) is drawn. @param {number} c @param {number} r @returns {Visual} */
  toVisual(c, r) {
    const n = this.n - 1;
    switch (this.rot) {
      case 1: return { i: n - r, j: n - c };
      case 2: return { i: n - c, j: r };
      case 3: return { i: r, j: c };
      default: return { i: c, j: n - r };
    }
  }

  /** The logical square drawn at (i, j). @param {number} i @param {number} j */
  toLogical(i, j) {
    const n = this.n - 1;
    switch (this.rot) {
      case 1: return { c: n - j, r: n - i };
      case 2: return { c: n - i, r: j };
      case 3: return { c: j, r: i };
      default: return { c: i, r: n - j };
    }
  }

  /** The top-left corner of square (c, r) as drawn. @param {number} c @param {number} r */
  squareAt(c, r) {
    const v = this.toVisual(c, r);
    return { x: MARGIN + v.i * STEP, y: MARGIN + v.j * STEP };
  }

  /** The centre of square (c, r) as drawn. @param {number} c @param {number} r */
  centreOf(c, r) {
    const at = this.squareAt(c, r);
    return { x: at.x + SQUARE / 2, y: at.y + SQUARE / 2 };
  }

  /**
   * A fence as drawn: the top-left visual square of the two-by-two block it
   * sits in, and its visual direction (a turned board draws `h` upright).
   * @param {Fence} f
   */
  visualFence(f) {
    const a = this.toVisual(f.c, f.r);
    const b = this.toVisual(f.c + 1, f.r + 1);
    const horizontal = (f.o === 'h') !== this.turned;
    return { i: Math.min(a.i, b.i), j: Math.min(a.j, b.j), o: horizontal ? 'h' : 'v' };
  }

  /**
   * The fence drawn at visual block (i, j) in visual direction `vo`.
   * @param {number} i @param {number} j @param {'h' | 'v'} vo @returns {Fence}
   */
  logicalFence(i, j, vo) {
    const a = this.toLogical(i, j);
    const b = this.toLogical(i + 1, j + 1);
    const horizontal = (vo === 'h') !== this.turned;
    return { c: Math.min(a.c, b.c), r: Math.min(a.r, b.r), o: horizontal ? 'h' : 'v' };
  }

  /** The groove a fence fills: two squares and the crossing between. @param {Fence} f */
  fenceRect(f) {
    const v = this.visualFence(f);
    const x = MARGIN + v.i * STEP;
    const y = MARGIN + v.j * STEP;
    if (v.o === 'h') return { x, y: y + SQUARE, w: 2 * SQUARE + GROOVE, h: GROOVE };
    return { x: x + SQUARE, y, w: GROOVE, h: 2 * SQUARE + GROOVE };
  }

  /**
   * The hit area of a fence slot: half a square long, centred where the
   * pointer picks exactly that slot.
   * @param {Fence} f
   */
  slotRect(f) {
    const v = this.visualFence(f);
    if (v.o === 'h') return { x: MARGIN + v.i * STEP + SQUARE / 2, y: MARGIN + v.j * STEP + SQUARE, w: SQUARE / 2, h: GROOVE };
    return { x: MARGIN + v.i * STEP + SQUARE, y: MARGIN + v.j * STEP + SQUARE / 2, w: GROOVE, h: SQUARE / 2 };
  }

  /** Where a point of the board is (null outside the squares). @param {number} x @param {number} y @returns {Located | null} */
  locate(x, y) {
    const n = this.n;
    const px = x - MARGIN;
    const py = y - MARGIN;
    const g = this.grid;
    if (px < 0 || py < 0 || px > g || py > g) return null;
    const i = Math.min(Math.floor(px / STEP), n - 1);
    const j = Math.min(Math.floor(py / STEP), n - 1);
    const ox = px - i * STEP;
    const oy = py - j * STEP;
    return { i, j, ox, oy, gx: ox > SQUARE && i < n - 1, gy: oy > SQUARE && j < n - 1 };
  }

  /** The logical square under a point, or null (a groove, the margin). @param {number} x @param {number} y */
  squareUnder(x, y) {
    const loc = this.locate(x, y);
    if (!loc || loc.ox > SQUARE || loc.oy > SQUARE) return null;
    return this.toLogical(loc.i, loc.j);
  }

  /**
   * The fence in the across groove under visual row j, at column i and
   * offset ox in it: the fence covers i and its nearer neighbour.
   * @param {number} j @param {number} i @param {number} ox
   */
  acrossSlot(j, i, ox) {
    const a = Math.max(0, Math.min(this.n - 2, ox < SQUARE / 2 ? i - 1 : i));
    return this.logicalFence(a, j, 'h');
  }

  /** The same for the upright groove right of visual column i. @param {number} i @param {number} j @param {number} oy */
  uprightSlot(i, j, oy) {
    const b = Math.max(0, Math.min(this.n - 2, oy < SQUARE / 2 ? j - 1 : j));
    return this.logicalFence(i, b, 'v');
  }

  /**
   * The fence slot under a point of a groove (null elsewhere); at a
   * crossing, `prefer`'s direction if it sits there, else across.
   * @param {Located | null} loc @param {Fence | null} [prefer] @returns {Fence | null}
   */
  strictSlot(loc, prefer) {
    if (!loc) return null;
    if (loc.gx && loc.gy) {
      const h = this.logicalFence(loc.i, loc.j, 'h');
      const o = prefer && prefer.c === h.c && prefer.r === h.r ? prefer.o : 'h';
      return { c: h.c, r: h.r, o };
    }
    if (loc.gy) return this.acrossSlot(loc.j, loc.i, loc.ox);
    if (loc.gx) return this.uprightSlot(loc.i, loc.j, loc.oy);
    return null;
  }

  /**
   * The fence slot nearest to any point of the board (fence mode, a
   * finger): in a groove, that groove's; on a square, its nearest side's.
   * @param {Located | null} loc @param {Fence | null} [prefer] @returns {Fence | null}
   */
  nearestSlot(loc, prefer) {
    if (!loc) return null;
    const inGroove = this.strictSlot(loc, prefer);
    if (inGroove) return inGroove;
    const n = this.n;
    const { i, j, ox, oy } = loc;
    /** @type {[number, string][]} */
    const sides = [];
    if (i > 0) sides.push([ox, 'left']);
    if (i < n - 1) sides.push([SQUARE - ox, 'right']);
    if (j > 0) sides.push([oy, 'top']);
    if (j < n - 1) sides.push([SQUARE - oy, 'bottom']);
    if (!sides.length) return null;
    sides.sort((a, b) => a[0] - b[0]);
    switch (sides[0][1]) {
      case 'left': return this.uprightSlot(i - 1, j, oy);
      case 'right': return this.uprightSlot(i, j, oy);
      case 'top': return this.acrossSlot(j - 1, i, ox);
      default: return this.acrossSlot(j, i, ox);
    }
  }

  /**
   * The side of the board a seat must reach, as drawn.
   * @param {import('../position.js').Seat} seat @returns {'top' | 'bottom' | 'left' | 'right'}
   */
  goalSide(seat) {
    const n = this.n;
    const mid = (n - 1) >> 1;
    /** @type {Record<string, [number, number]>} */
    const goalSquare = { south: [mid, n - 1], north: [mid, 0], west: [n - 1, mid], east: [0, mid] };
    const v = this.toVisual(...goalSquare[seat]);
    return v.j === 0 ? 'top' : v.j === n - 1 ? 'bottom' : v.i === 0 ? 'left' : 'right';
  }
}
