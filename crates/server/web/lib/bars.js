// @ts-check
// Stacked bars: one bar per column (a week), its parts stacked from the
// bottom in order, each in its colour, every figure in a title and the
// whole chart in words for a screen reader.

import { svgEl } from './dom.js';

/** @typedef {{label: string, parts: number[]}} Column */

/**
 * Where each part of each column is drawn, in a chart `height` high whose
 * tallest column fills it: `[top, height]` per part.
 * @param {Column[]} columns @param {number} height
 * @returns {[number, number][][]}
 */
export function stack(columns, height) {
  const total = (/** @type {Column} */ c) => c.parts.reduce((a, b) => a + b, 0);
  const tallest = Math.max(1, ...columns.map(total));
  return columns.map((c) => {
    let top = height;
    return c.parts.map((v) => {
      const h = (v / tallest) * height;
      top -= h;
      return /** @type {[number, number]} */ ([top, h]);
    });
  });
}

/**
 * A stacked bar chart as SVG.
 * @param {Column[]} columns
 * @param {{colors: string[], names: string[], label: string, height?: number, bar?: number, gap?: number, labels?: boolean}} opts
 *   `names`: each part's name (for the titles); `label`: the chart in words
 * @returns {SVGSVGElement}
 */
export function barChart(columns, opts) {
  const height = opts.height ?? 120;
  const bar = opts.bar ?? 28;
  const gap = opts.gap ?? 12;
  const below = opts.labels === false ? 0 : 18;
  const width = Math.max(1, columns.length) * (bar + gap);
  const svg = /** @type {SVGSVGElement} */ (svgEl('svg', { viewBox: `0 0 ${width} ${height + below}`, class: 'bars', role: 'img', 'aria-label': opts.label }));
  svg.style.maxWidth = width * 2 + 'px';
  stack(columns, height).forEach((parts, i) => {
    const x = i * (bar + gap) + gap / 2;
    parts.forEach(([top, h], k) => {
      if (h <= 0) return;
      const rect = svgEl('rect', { x, y: top, width: bar, height: h, fill: opts.colors[k] });
      const title = svgEl('title', {});
      title.textContent = columns[i].label + ' · ' + opts.names[k] + ': ' + columns[i].parts[k];
      rect.append(title);
      svg.append(rect);
    });
    if (below) {
      const text = svgEl('text', { x: x + bar / 2, y: height + 13, 'text-anchor': 'middle', class: 'bars-label' });
      text.textContent = columns[i].label;
      svg.append(text);
    }
  });
  return svg;
}
