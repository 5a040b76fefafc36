// @ts-check
// The engine in the page: a Web Worker running the rules and the engine
// compiled to WebAssembly (engine-worker.js), for the analysis board and
// the games on one device, which then need no server. A request carries
// its whole position; a new request while a search runs stops it (the
// worker is replaced: a search cannot be interrupted from outside).
//
// Where WebAssembly or module workers are missing, or the module does not
// load, `available()` answers false and the page asks the server instead.

/**
 * @typedef {{ op: 'facts' | 'search' | 'hint', position: string, moves?: string[],
 *   level?: number, depth?: number, ms?: number, seed?: number, book?: boolean,
 *   newGame?: boolean, lines?: number } | { op: 'review', game: string, ms: number }} EngineRequest
 * @typedef {{ onFacts?: (view: any) => void, onInfo?: (info: any) => void }} EngineListeners
 */

/** How long the engine's worker may take to load before the page goes on without it. */
const READY_MS = 10000;

/** @type {Promise<import('./engine-core.js').Engine | null> | null} */
let core = null;

/**
 * The rules on the page itself (no search runs there): the same module,
 * instantiated once, for what must answer at once (a game's state after
 * a move). Null where the browser cannot run it.
 * @returns {Promise<import('./engine-core.js').Engine | null>}
 */
export function rulesCore() {
  if (core) return core;
  core = (async () => {
    if (!supported()) return null;
    try {
      const { instantiateEngine } = await import('./engine-core.js');
      const module = await WebAssembly.compileStreaming(fetch(import.meta.resolve('/assets/engine/quoridor.wasm')));
      return await instantiateEngine(module);
    } catch {
      core = null;
      return null;
    }
  })();
  return core;
}

/**
 * Whether the page may use the engine on this device: yes, unless an
 * address of this tab asked `engine=server` (kept for the tab's other
 * pages; `engine=device` takes it back), for those who prefer the
 * server's engine and for the tests of the server's.
 */
export function deviceEngineWanted() {
  const asked = new URLSearchParams(location.search).get('engine');
  try {
    if (asked === 'server' || asked === 'device') sessionStorage.setItem('quoridor.engine', asked);
    return (asked || sessionStorage.getItem('quoridor.engine')) !== 'server';
  } catch {
    return asked !== 'server';
  }
}

/** Whether this browser can run the engine at all. */
export function supported() {
  return typeof WebAssembly === 'object' && typeof Worker === 'function'
    && typeof import.meta.resolve === 'function';
}

export class LocalEngine {
  constructor() {
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {Promise<boolean> | null} */
    this.started = null;
    this.next = 0;
    /** @type {{ id: number, resolve: (v: any) => void, reject: (e: any) => void, listeners: EngineListeners } | null} */
    this.pending = null;
  }

  /** Starts the worker (once); resolves whether the engine loaded. */
  start() {
    if (this.started) return this.started;
    if (!supported()) return (this.started = Promise.resolve(false));
    this.started = new Promise((resolve) => {
      try {
        const worker = new Worker(import.meta.resolve('/assets/engine-worker.js'), { type: 'module' });
        this.worker = worker;
        // A worker that never says it is ready (a module that does not
        // come): the page goes on without it rather than wait for good.
        const late = setTimeout(() => {
          worker.terminate();
          if (this.worker === worker) this.worker = null;
          resolve(false);
        }, READY_MS);
        worker.onmessage = (ev) => {
          if (ev.data.type === 'ready' || ev.data.type === 'failed') clearTimeout(late);
          if (ev.data.type === 'ready') resolve(true);
          else if (ev.data.type === 'failed') resolve(false);
          else this.heard(ev.data);
        };
        worker.onerror = () => {
          clearTimeout(late);
          resolve(false);
          this.fail({ error: 'engine', message: 'the engine stopped' });
        };
        worker.postMessage({
          type: 'init',
          core: import.meta.resolve('/assets/lib/engine-core.js'),
          wasm: import.meta.resolve('/assets/engine/quoridor.wasm'),
        });
      } catch {
        resolve(false);
      }
    });
    return this.started;
  }

  /** Whether the engine runs here (starting it if need be). */
  async available() {
    return this.start();
  }

  /**
   * Runs a request: the position's facts at once, each iteration of the
   * search, and the result (null for facts alone). A refused position or
   * move rejects with the module's error ({error, message, reason}).
   * @param {EngineRequest} request
   * @param {EngineListeners} [listeners]
   * @returns {Promise<any>}
   */
  async run(request, listeners = {}) {
    if (this.pending) this.stop();
    if (!(await this.start()) || !this.worker) throw { error: 'engine', message: 'no engine in this browser' };
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, listeners };
      this.worker?.postMessage({ ...request, id });
    });
  }

  /** Stops a search that runs: its request rejects with `stopped`. */
  stop() {
    if (!this.pending) return;
    this.fail({ error: 'stopped', message: 'stopped' });
    this.worker?.terminate();
    this.worker = null;
    this.started = null;
  }

  /** @param {any} msg */
  heard(msg) {
    const p = this.pending;
    if (!p || msg.id !== p.id) return;
    if (msg.type === 'facts') p.listeners.onFacts?.(msg.view);
    else if (msg.type === 'info') p.listeners.onInfo?.(msg.info);
    else {
      this.pending = null;
      if (msg.type === 'done') p.resolve(msg.result);
      else p.reject(msg.error);
    }
  }

  /** @param {any} error */
  fail(error) {
    const p = this.pending;
    this.pending = null;
    p?.reject(error);
  }
}
