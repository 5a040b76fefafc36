// @ts-check
// Moving between the home page and a game without loading a page: the
// address changes and the router (app.js) draws what it names. Pages call
// `navigate`; only app.js knows the pages.

/** @type {() => void} */
let draw = () => {};

/**
 * The router, told once at start-up.
 * @param {() => void} router
 */
export function onNavigate(router) {
  draw = router;
}

/**
 * Goes to `path` (a new history entry, or in place of this one).
 * @param {string} path @param {boolean} [replace]
 */
export function navigate(path, replace) {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  draw();
}
