// @ts-check
// Stacked bars: one bar per column (a week), its parts stacked from the
// bottom in order, each in its colour, every figure in a title and the
// whole chart in words for a screen reader.

import { svgEl } from './dom.js';

/** @typedef {{label: string, parts: number[]}} Column */

/**
 * Where each part of each column is drawn, in a chart `height` high whose
 * tallest column fills it (or a column of `max`, when several charts
 * share a scale): `[top, height]` per part.
 * @param {Column[]} columns @param {number} height @param {number} [max]
 * @returns {[number, number][][]}
 */
export function stack(columns, height, max) {
  const total = (/** @type {Column} */ c) => c.parts.reduce((a, b) => a + b, 0);
  const tallest = Math.max(1, max ?? 0, ...columns.map(total));
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
 * @param {{colors: string[], names: string[], label: string, height?: number, bar?: number, gap?: number, labels?: boolean, max?: number}} opts
 *   `names`: each part's name (for the titles); `label`: the chart in words;
 *   `max`: the total a full column stands for (charts on one scale)
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
  stack(columns, height, opts.max).forEach((parts, i) => {
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

/** @typedef {{label: string, value: number | null}} Point */

/**
 * Where each point of a trend is drawn, `[x, y]` (none for a point with no
 * value), values from 0 (the bottom) to 1 (the top) across `width`.
 * @param {Point[]} points @param {number} width @param {number} height
 * @returns {([number, number] | null)[]}
 */
export function trendPoints(points, width, height) {
  const step = points.length > 1 ? width / (points.length - 1) : 0;
  return points.map((p, i) => (p.value == null ? null : [points.length > 1 ? i * step : width / 2, height - p.value * height]));
}

/**
 * A small line chart of shares (0 to 1) over time, as SVG: a line through
 * the points with a value, a dot at each, every figure in a title.
 * @param {Point[]} points
 * @param {{label: string, width?: number, height?: number, color?: string, says: (value: number) => string}} opts
 *   `says`: a value in words (e.g. "75 %")
 * @returns {SVGSVGElement}
 */
export function trendLine(points, opts) {
  const width = opts.width ?? 160;
  const height = opts.height ?? 24;
  const pad = 4;
  const svg = /** @type {SVGSVGElement} */ (svgEl('svg', { viewBox: `${-pad} ${-pad} ${width + 2 * pad} ${height + 2 * pad}`, class: 'trend', role: 'img', 'aria-label': opts.label }));
  svg.append(svgEl('line', { x1: 0, y1: height, x2: width, y2: height, class: 'trend-base' }));
  const at = trendPoints(points, width, height);
  const drawn = /** @type {[number, number][]} */ (at.filter(Boolean));
  if (drawn.length > 1) {
    svg.append(svgEl('polyline', { points: drawn.map(([x, y]) => x + ',' + y).join(' '), fill: 'none', stroke: opts.color ?? 'currentColor', 'stroke-width': 2 }));
  }
  at.forEach((xy, i) => {
    if (!xy) return;
    const dot = svgEl('circle', { cx: xy[0], cy: xy[1], r: 3, fill: opts.color ?? 'currentColor' });
    const title = svgEl('title', {});
    title.textContent = points[i].label + ' · ' + opts.says(/** @type {number} */ (points[i].value));
    dot.append(title);
    svg.append(dot);
  });
  return svg;
}
