// @ts-check
// The classroom page's views (start, solve, rules, editor, print) follow
// the address's hash; `go` moves to one, and the page (classroom.js) shows
// it.

/** @type {() => void} */
let showView = () => {};

/**
 * What shows the view the hash names, told once at start-up.
 * @param {() => void} show
 */
export function onGo(show) {
  showView = show;
}

/**
 * Goes to the view `hash` names ('' for the start).
 * @param {string} hash
 */
export function go(hash) {
  if (location.hash === hash) showView();
  else location.hash = hash;
}
