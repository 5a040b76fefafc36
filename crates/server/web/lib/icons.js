// @ts-check
// Small pictures for buttons and results, drawn in the text's colour.

import { svgEl } from './dom.js';

/** @type {Record<string, string>} */
const ICONS = {
  trophy: 'M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3V3Zm10 4v3a2 2 0 0 0 1-1.7V7h-1ZM6 7v1.3A2 2 0 0 0 7 10V7H6Z',
  draw: 'M17.3 5.3 5.3 17.3l1.4 1.4 12-12-1.4-1.4ZM5 4h3v7H6.3V6H5V4Zm10.5 9c1.6 0 2.8 1 2.8 2.4 0 1-.6 1.7-1.4 2.4L15.6 19H19v1.8h-6v-1.5l2.6-2.4c.6-.6.9-1 .9-1.5 0-.5-.4-.8-1-.8s-1.1.4-1.1 1h-1.7c0-1.5 1.2-2.6 2.8-2.6Z',
  flag: 'M5 2h2v1h12l-2.5 5L19 13H7v9H5V2Z',
  // Called off: a circle struck through (an aborted game, nobody lost).
  cancel: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 2a8 8 0 0 1 6.3 12.9L7.1 5.7A8 8 0 0 1 12 4ZM5.7 7.1l11.2 11.2A8 8 0 0 1 5.7 7.1Z',
  eye: 'M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7Zm0 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4Z',
  speaker: 'M3 9v6h4l5 5V4L7 9H3Zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4ZM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6Z',
};
/** An icon by name (trophy, draw, flag, eye, speaker). @param {string} name */
export function icon(name) {
  return svgEl('svg', { viewBox: '0 0 24 24', class: 'icon', 'aria-hidden': 'true', focusable: 'false' }, svgEl('path', { fill: 'currentColor', d: ICONS[name] }));
}
