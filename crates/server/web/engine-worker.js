// @ts-check
// The engine's Web Worker: the rules and the engine compiled to WebAssembly
// (lib/engine-core.js), so that a search never freezes the page. Each
// request carries its whole position (a start and the moves from it), so
// that a worker stopped in the middle of a search (terminated: a search
// cannot be interrupted from outside) is replaced by a fresh one that needs
// nothing of the old.
//
// In: {type: 'init', core, wasm} (the versioned URLs of engine-core.js and
// the module), then {id, op, position, moves, ...} (op `facts`, `search`
// or `hint` with `ms`), or {id, op: 'review', game, ms}. Out, for each request:
// {id, type: 'facts', view} first, {id, type: 'info', info} after each
// iteration of a search, and {id, type: 'done', result} or {id, type:
// 'error', error} last.

/** @type {Promise<import('./lib/engine-core.js').Engine> | null} */
let engine = null;

/** @param {any} message */
const post = (message) => /** @type {any} */ (self).postMessage(message);

self.onmessage = async (/** @type {MessageEvent} */ ev) => {
  const msg = ev.data;
  if (msg.type === 'init') {
    engine = (async () => {
      const core = await import(msg.core);
      const module = await WebAssembly.compileStreaming(fetch(msg.wasm));
      return core.instantiateEngine(module);
    })();
    engine.then(() => post({ type: 'ready' }), (e) => post({ type: 'failed', error: String(e) }));
    return;
  }
  const id = msg.id;
  try {
    if (!engine) throw new Error('the engine was not started');
    const e = await engine;
    if (msg.op === 'review') {
      const analysis = e.review(msg.game, msg.ms || 30, (progress) => post({ id, type: 'info', info: progress }));
      post({ id, type: analysis.error ? 'error' : 'done', [analysis.error ? 'error' : 'result']: analysis });
      return;
    }
    const facts = e.position([msg.position, ...(msg.moves || [])].join('\n'));
    if (facts.error) {
      post({ id, type: 'error', error: facts });
      return;
    }
    post({ id, type: 'facts', view: facts });
    if (msg.op === 'facts' || facts.over) {
      post({ id, type: 'done', result: null });
      return;
    }
    if (msg.op === 'hint') {
      const hint = e.hint(msg.ms || 1000);
      post({ id, type: hint.error ? 'error' : 'done', [hint.error ? 'error' : 'result']: hint });
      return;
    }
    if (msg.newGame) e.newGame();
    const result = e.search(
      { level: msg.level ?? 8, depth: msg.depth ?? 0, ms: msg.ms ?? 0, seed: msg.seed ?? 0, book: Boolean(msg.book), lines: msg.lines ?? 0 },
      (info) => post({ id, type: 'info', info }),
    );
    post({ id, type: result.error ? 'error' : 'done', [result.error ? 'error' : 'result']: result });
  } catch (e) {
    post({ id, type: 'error', error: { error: 'engine', message: String(e) } });
  }
};
