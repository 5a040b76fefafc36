// @ts-check
// Pictures of the kind of move a lesson or a puzzle asks for, for children
// who cannot read the task yet: a step (the pawn and an arrow towards its
// goal), a jump (an arrow over the other pawn) or a fence (a bar in front
// of the other pawn). The pawn to move has its colour on the board.

import { svgEl } from './dom.js';

/** @typedef {import('./position.js').Seat} Seat */

const OTHER = '#9aa0a6';
/** The fences of the lessons' boards. */
const FENCE = '#e8742a';

/** A pawn at (x, y). @param {number} x @param {number} y @param {string} fill @param {string} stroke */
function pawn(x, y, fill, stroke) {
  return svgEl('circle', { cx: x, cy: y, r: 13, fill, stroke, 'stroke-width': 3 });
}

/** An arrow along `d`, its head at (x, y) pointing `angle` degrees (0: up). */
function arrow(d, x, y, angle) {
  const g = svgEl('g', { class: 'move-arrow', fill: 'none', stroke: 'currentColor', 'stroke-width': 6, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
  g.append(svgEl('path', { d }));
  g.append(svgEl('path', { d: `M ${x - 11} ${y + 11} L ${x} ${y} L ${x + 11} ${y + 11}`, transform: `rotate(${angle} ${x} ${y})` }));
  return g;
}

/**
 * The picture of a move of `kind` (`step`, `jump`, `fence`) for the pawn
 * of `seat`; `label` says it in words (it stands for them).
 * @param {string} kind @param {Seat} seat @param {string} label
 */
export function movePicture(kind, seat, label) {
  const own = [`var(--pawn-${seat})`, `var(--pawn-${seat}-dark)`];
  const svg = svgEl('svg', { viewBox: '0 0 100 100', class: 'move-picture', role: 'img', 'aria-label': label, 'data-kind': kind });
  if (kind === 'jump') {
    svg.append(pawn(50, 48, OTHER, '#5f6368'), pawn(50, 84, own[0], own[1]));
    svg.append(arrow('M 36 78 C 10 60, 14 22, 44 12', 44, 12, 75));
  } else if (kind === 'fence') {
    svg.append(pawn(50, 18, OTHER, '#5f6368'), pawn(50, 84, own[0], own[1]));
    svg.append(svgEl('rect', { x: 14, y: 42, width: 72, height: 12, rx: 4, fill: FENCE, stroke: '#3b2a1a', 'stroke-width': 2 }));
  } else {
    svg.append(pawn(50, 80, own[0], own[1]));
    svg.append(arrow('M 50 62 L 50 14', 50, 14, 0));
  }
  return svg;
}

/**
 * The picture on a tool's button: the pawn, or a fence lying across or
 * standing upright.
 * @param {string} tool `pawn`, `h` or `v`
 */
export function toolPicture(tool) {
  const svg = svgEl('svg', { viewBox: '0 0 24 24', class: 'tool-picture', 'aria-hidden': 'true', focusable: 'false' });
  if (tool === 'pawn') svg.append(svgEl('circle', { cx: 12, cy: 12, r: 8, fill: 'var(--pawn-south)', stroke: 'var(--pawn-south-dark)', 'stroke-width': 2 }));
  else if (tool === 'h') svg.append(svgEl('rect', { x: 2, y: 9, width: 20, height: 6, rx: 2, fill: FENCE }));
  else svg.append(svgEl('rect', { x: 9, y: 2, width: 6, height: 20, rx: 2, fill: FENCE }));
  return svg;
}
