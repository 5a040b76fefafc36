// @ts-check
// The server's answers the page makes itself when the server cannot be
// reached: the tutorial's lessons, the puzzles and the classroom's
// exercises, answered by a WebAssembly module of their own with the very
// code the server answers them with (crates/wasm-offline), loaded only
// then. A tablet that loses the school's Wi-Fi goes on with its lesson;
// what needs the server (classes, games online, accounts) still fails,
// and says so.

/** @type {Promise<import('./offline-core.js').Ask | null> | null} */
let asking = null;

/** The module, loaded once (null where this browser cannot run it). */
function module() {
  if (asking) return asking;
  asking = (async () => {
    if (typeof WebAssembly !== 'object' || typeof import.meta.resolve !== 'function') return null;
    try {
      const { instantiateOffline } = await import('./offline-core.js');
      const bytes = await (await fetch(import.meta.resolve('/assets/engine/offline.wasm'))).arrayBuffer();
      return await instantiateOffline(bytes);
    } catch {
      asking = null;
      return null;
    }
  })();
  return asking;
}

/**
 * The answer the page can make itself, or null where only the server
 * answers (or the module cannot run here).
 * @param {string} method @param {string} path @param {unknown} body
 * @returns {Promise<import('./offline-core.js').OfflineAnswer | null>}
 */
export async function answerOnDevice(method, path, body) {
  const ask = await module();
  if (!ask) return null;
  let answer;
  try {
    answer = ask(method, path, body, Math.random() * 1e9);
  } catch (e) {
    // A module that stopped in the middle (a trap) is not asked again:
    // the next request loads a fresh one.
    asking = null;
    throw e;
  }
  return answer.status === 0 ? null : answer;
}
