// @ts-check
// Building and finding the page's elements.

export const SVGNS = 'http://www.w3.org/2000/svg';

/** @typedef {Record<string, any> | null | undefined} Attrs */
/** @typedef {Node | string | number | null | undefined | false | any[]} Child */

/**
 * An element: `class`, `text` (its text), `on<event>` (a listener), other
 * attributes (false, null and undefined left out, true as present);
 * children, nested arrays flattened, strings as text.
 * @template {string} K
 * @param {K} tag @param {Attrs} [attrs] @param {...Child} children
 * @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement}
 */
export function el(tag, attrs, ...children) {
  const node = /** @type {any} */ (document.createElement(tag));
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') node.className = v;
      else if (k === 'text') node.textContent = v;
      else if (k === 'style') setStyle(node, String(v));
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? '' : String(v));
    }
  }
  for (const c of /** @type {any[]} */ (children).flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/**
 * Declarations (`'color:red;width:3px'`) set one by one through the
 * element's style object: the Content Security Policy refuses a `style`
 * attribute, not the CSSOM.
 * @param {HTMLElement | SVGElement} node @param {string} text
 */
function setStyle(node, text) {
  for (const declaration of text.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    node.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
  }
}

/** Paints that may name a CSS variable (`fill: 'var(--south)'`). */
const PAINTS = new Set(['fill', 'stroke', 'stop-color', 'flood-color', 'color']);

/**
 * An SVG element, with attributes as `el` takes them (no listeners). A
 * paint given as a CSS variable goes in the style (SVG's presentation
 * attributes do not read variables).
 * @param {string} tag @param {Attrs} [attrs] @param {...Child} children
 * @returns {SVGElement}
 */
export function svgEl(tag, attrs, ...children) {
  const node = /** @type {SVGElement} */ (document.createElementNS(SVGNS, tag));
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') node.setAttribute('class', v);
      else if (k === 'text') node.textContent = v;
      else if (k === 'style') setStyle(node, String(v));
      else if (PAINTS.has(k) && String(v).startsWith('var(')) node.style.setProperty(k, String(v));
      else node.setAttribute(k, String(v));
    }
  }
  for (const c of /** @type {any[]} */ (children).flat(Infinity)) if (c) node.append(c);
  return node;
}

/**
 * The first element matching `sel` (typed loosely: pages know their own
 * elements).
 * @param {string} sel @param {ParentNode} [root]
 * @returns {any}
 */
export const $ = (sel, root = document) => root.querySelector(sel);

/**
 * Every element matching `sel`, as an array.
 * @param {string} sel @param {ParentNode} [root]
 * @returns {any[]}
 */
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

let announceTimer = 0;
/**
 * Says `text` to screen readers, in the page's `#announce` live region
 * (emptied first, so that the same words are said again).
 * @param {string} text
 */
export function announce(text) {
  const node = document.getElementById('announce');
  if (!node) return;
  node.textContent = '';
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => { node.textContent = text; }, 40);
}
