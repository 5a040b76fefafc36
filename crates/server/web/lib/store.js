// @ts-check
// The browser's storage (localStorage, as JSON), which a private window or
// a full disk may refuse: the page still works, it only forgets.

export const store = {
  /** @param {string} key @param {any} fallback @returns {any} */
  get(key, fallback) {
    try {
      const raw = localStorage.getItem(key);
      return raw === null ? fallback : JSON.parse(raw);
    } catch (_) {
      return fallback;
    }
  },
  /** @param {string} key @param {any} value */
  set(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch (_) { /* private mode or full: the page still works */ }
  },
  /** @param {string} key */
  remove(key) {
    try {
      localStorage.removeItem(key);
    } catch (_) { /* ignore */ }
  },
  /** Every key that starts with `prefix`. @param {string} prefix */
  keys(prefix) {
    /** @type {string[]} */
    const out = [];
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (k && k.startsWith(prefix)) out.push(k);
      }
    } catch (_) { /* ignore */ }
    return out;
  },
};
