// @ts-check
// The board's pieces: pawns (classic or crab) and fences. Every colour is a
// CSS variable of style.css (--pawn-south, --pawn-south-light, …,
// --fence-1 … --fence-4), so that one table holds them.

import { svgEl } from '../dom.js';
import { I18n } from '../i18n.js';
import { parseFence } from '../position.js';

/** @typedef {import('../position.js').Seat} Seat */
/** @typedef {import('./geometry.js').Geometry} Geometry */

/**
 * A seat's colours as CSS variables: its main colour, a light and a dark
 * one (for the pawn's relief).
 * @param {Seat} seat
 */
export function seatColours(seat) {
  return { main: `var(--pawn-${seat})`, light: `var(--pawn-${seat}-light)`, dark: `var(--pawn-${seat}-dark)` };
}

/**
 * A pawn in its seat's colour, with the seat's initial for those who do
 * not tell colours apart; centred on (0, 0), a square being 100 wide.
 * @param {Seat} seat @param {(id: string) => string} ref the board's paint by id
 */
export function pawnShape(seat, ref) {
  const col = seatColours(seat);
  const g = svgEl('g', { class: 'pawn-body' });
  g.append(svgEl('circle', { class: 'halo', r: 46, fill: 'none', stroke: col.main, 'stroke-width': 5 }));
  g.append(svgEl('ellipse', { cx: 3, cy: 8, rx: 35, ry: 33, fill: 'var(--piece-shadow)', 'fill-opacity': 0.35 }));
  g.append(svgEl('circle', { r: 35, fill: ref('pawn-' + seat), stroke: col.dark, 'stroke-width': 2.5 }));
  g.append(svgEl('circle', { r: 22, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.28, 'stroke-width': 3 }));
  g.append(svgEl('ellipse', { cx: -11, cy: -14, rx: 10, ry: 6, fill: '#fff', 'fill-opacity': 0.35, transform: 'rotate(-30 -11 -14)' }));
  g.append(svgEl('text', { class: 'pawn-letter', y: 11, 'text-anchor': 'middle', text: I18n.t('initial.' + seat) }));
  return g;
}

/** The junior theme: a friendly crab in the seat's colour. @param {Seat} seat @param {(id: string) => string} ref */
export function crabShape(seat, ref) {
  const col = seatColours(seat);
  const g = svgEl('g', { class: 'pawn-body crab-body' });
  g.append(svgEl('circle', { class: 'halo', r: 47, fill: 'none', stroke: col.main, 'stroke-width': 5 }));
  g.append(svgEl('ellipse', { cx: 2, cy: 12, rx: 36, ry: 22, fill: 'var(--piece-shadow)', 'fill-opacity': 0.3 }));
  const legs = svgEl('g', { stroke: col.dark, 'stroke-width': 5, 'stroke-linecap': 'round', fill: 'none' });
  for (const side of [-1, 1]) {
    for (let k = 0; k < 3; k++) {
      const y0 = 2 + k * 8;
      legs.append(svgEl('path', { d: `M ${side * 22} ${y0} q ${side * 14} ${-4 + k * 3} ${side * 20} ${10 + k * 3}` }));
    }
  }
  g.append(legs);
  // Arms and claws (drawn on the right, mirrored on the left).
  for (const side of [-1, 1]) {
    const arm = svgEl('g', { transform: side < 0 ? 'scale(-1 1)' : null });
    arm.append(svgEl('path', { d: 'M 18 -4 Q 30 -12 31 -24', stroke: col.dark, 'stroke-width': 5, fill: 'none', 'stroke-linecap': 'round' }));
    arm.append(svgEl('path', {
      d: 'M 32 -32 L 39.1 -40.4 A 11 11 0 1 1 30.1 -42.8 Z',
      fill: ref('pawn-' + seat), stroke: col.dark, 'stroke-width': 2.2, 'stroke-linejoin': 'round',
      transform: 'rotate(-12 32 -32)',
    }));
    g.append(arm);
  }
  // Body.
  g.append(svgEl('ellipse', { cx: 0, cy: 4, rx: 28, ry: 20, fill: ref('pawn-' + seat), stroke: col.dark, 'stroke-width': 2.5 }));
  // Eyes on stalks.
  for (const side of [-1, 1]) {
    g.append(svgEl('line', { x1: side * 8, y1: -12, x2: side * 10, y2: -22, stroke: col.dark, 'stroke-width': 4, 'stroke-linecap': 'round' }));
    g.append(svgEl('circle', { cx: side * 10, cy: -25, r: 7.5, fill: '#fff', stroke: col.dark, 'stroke-width': 1.5 }));
    g.append(svgEl('circle', { cx: side * 10 + 1.5, cy: -24, r: 3.6, fill: '#1b1b1b' }));
    g.append(svgEl('circle', { cx: side * 10 + 2.6, cy: -25.6, r: 1.2, fill: '#fff' }));
    g.append(svgEl('circle', { cx: side * 16, cy: 8, r: 4.5, fill: '#ff9fb0', 'fill-opacity': 0.7 }));
  }
  g.append(svgEl('path', { d: 'M -8 7 q 8 8 16 0', stroke: '#2a1208', 'stroke-width': 2.6, fill: 'none', 'stroke-linecap': 'round' }));
  return g;
}

/**
 * A fence in its groove.
 * @param {Geometry} geom @param {string} name @param {string} cls @param {(id: string) => string} ref
 */
export function fenceShape(geom, name, cls, ref) {
  const f = parseFence(name);
  if (!f) return null;
  const r = geom.fenceRect(f);
  const inset = 5;
  const attrs = f.o === 'h'
    ? { x: r.x + inset, y: r.y + 2.5, width: r.w - 2 * inset, height: r.h - 5 }
    : { x: r.x + 2.5, y: r.y + inset, width: r.w - 5, height: r.h - 2 * inset };
  return svgEl('rect', Object.assign({ class: cls, rx: 5, fill: ref(f.o === 'h' ? 'fence-h' : 'fence-v') }, attrs));
}
