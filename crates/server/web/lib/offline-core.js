// @ts-check
// The page's own answers to the tutorial's, the puzzles' and the
// classroom's requests: the WebAssembly module crates/wasm-offline (the
// server's code for those routes), behind one function. Pure: it runs
// wherever WebAssembly does (the page, Node's tests).
//
// A request crosses as text through the module's buffers: written at
// qo_input(len), answered by qo_answer() (the answer's length), read at
// qo_output().

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * @typedef {{status: number, body: any}} OfflineAnswer the server's status
 *   and JSON, or status 0 where only the server answers
 * @typedef {(method: string, path: string, body: unknown, seed: number) => OfflineAnswer} Ask
 */

/**
 * Instantiates the module from its bytes (or a compiled module); answers
 * the function that asks it. `seed` makes a new exercise when the request
 * names none.
 * @param {BufferSource | WebAssembly.Module} source
 * @returns {Promise<Ask>}
 */
export async function instantiateOffline(source) {
  const instance = source instanceof WebAssembly.Module
    ? await WebAssembly.instantiate(source, {})
    : (await WebAssembly.instantiate(source, {})).instance;
  const exports = /** @type {any} */ (instance.exports);
  return (method, path, body, seed) => {
    const text = method + ' ' + path + '\n' + Math.floor(seed) + '\n'
      + (body === undefined ? '' : JSON.stringify(body));
    const bytes = encoder.encode(text);
    const ptr = exports.qo_input(bytes.length);
    new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
    const len = exports.qo_answer();
    return JSON.parse(decoder.decode(new Uint8Array(exports.memory.buffer, exports.qo_output(), len)));
  };
}
