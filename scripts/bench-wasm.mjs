#!/usr/bin/env node
// The engine in the page against the native engine, in one run on one
// machine (BENCHMARKS.md, "The engine in the page"): perft 4 from the
// start, and nodes a second of searches to a fixed depth on the 100
// positions of crates/wasm/tests/golden.json, each a new game.
//
//   native    crates/wasm/examples/speed.rs (the same Session code)
//   Node      the served WebAssembly, through lib/engine-core.js
//   Chromium  the same, in a page of `quoridor serve` (headless Debian
//             chromium driven over its DevTools pipe)
//
// Then the size of each file the page caches for the engine, raw, gzip
// and brotli. Usage: node scripts/bench-wasm.mjs [depth, default 6]
// (builds the release binary and the example first).

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const root = new URL('../', import.meta.url).pathname;
const depth = Number(process.argv[2] || 6);
const web = join(root, 'crates/server/web');
const golden = JSON.parse(readFileSync(join(root, 'crates/wasm/tests/golden.json'), 'utf8'));
const positions = golden.best.map((b) => b.position);

// The work, as a function's source so that the page runs the same text.
const WORK = `async (instantiateEngine, bytes, positions, depth) => {
  const engine = await instantiateEngine(bytes);
  engine.position('start 9 2');
  let t = performance.now();
  const perft4 = engine.perft(4);
  const perft4_s = (performance.now() - t) / 1000;
  let nodes = 0;
  t = performance.now();
  for (const p of positions) {
    engine.position(p);
    engine.newGame();
    nodes += engine.search({ level: 8, depth, book: false }).nodes;
  }
  return { perft4, perft4_s, nodes, search_s: (performance.now() - t) / 1000 };
}`;

function native() {
  execFileSync('cargo', ['build', '--release', '-q', '-p', 'quoridor-wasm', '--example', 'speed'], { cwd: root, stdio: 'inherit' });
  execFileSync('cargo', ['build', '--release', '-q', '-p', 'quoridor'], { cwd: root, stdio: 'inherit' });
  const out = execFileSync(join(root, 'target/release/examples/speed'), [String(depth)], { encoding: 'utf8' });
  return JSON.parse(out);
}

async function node() {
  const { instantiateEngine } = await import(join(web, 'lib/engine-core.js'));
  const bytes = readFileSync(join(web, 'engine/quoridor.wasm'));
  const work = eval(WORK);
  return work(instantiateEngine, bytes, positions, depth);
}

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {any} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

/** Runs WORK in a page of a fresh server, in headless Chromium. */
async function chromium() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wasm-'));
  const port = await freePort();
  const server = spawn(join(root, 'target/release/quoridor'), ['serve', '--addr', `127.0.0.1:${port}`, '--db', join(dir, 'q.db'), '--quiet'], { stdio: 'ignore' });
  const browser = spawn('/usr/bin/chromium', [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    `--user-data-dir=${join(dir, 'profile')}`, '--remote-debugging-pipe', 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
  try {
    // The DevTools protocol over the pipe: JSON messages ended by a NUL.
    const toBrowser = /** @type {any} */ (browser.stdio[3]);
    const fromBrowser = /** @type {any} */ (browser.stdio[4]);
    let next = 0;
    let buffer = '';
    const waiting = new Map();
    fromBrowser.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\0')) >= 0) {
        const msg = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (msg.id && waiting.has(msg.id)) {
          waiting.get(msg.id)(msg);
          waiting.delete(msg.id);
        }
      }
    });
    const send = (method, params = {}, sessionId = undefined) => new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, (msg) => (msg.error ? reject(new Error(JSON.stringify(msg.error))) : resolve(msg.result)));
      toBrowser.write(JSON.stringify({ id, method, params, sessionId }) + '\0');
    });
    for (let i = 0; ; i++) {
      try {
        await fetch(`http://127.0.0.1:${port}/api/ready`);
        break;
      } catch {
        if (i > 100) throw new Error('the server did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const { targetId } = await send('Target.createTarget', { url: `http://127.0.0.1:${port}/analysis?engine=server` });
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
    await new Promise((r) => setTimeout(r, 1500));
    const expression = `(async () => {
      const { instantiateEngine } = await import('/assets/lib/engine-core.js');
      const bytes = await (await fetch('/assets/engine/quoridor.wasm')).arrayBuffer();
      return JSON.stringify(await (${WORK})(instantiateEngine, bytes, ${JSON.stringify(positions)}, ${depth}));
    })()`;
    const res = /** @type {any} */ (await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId));
    if (res.exceptionDetails) throw new Error(JSON.stringify(res.exceptionDetails));
    const version = /** @type {any} */ (await send('Browser.getVersion')).product;
    return { ...JSON.parse(res.result.value), version };
  } finally {
    browser.kill();
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dir, { recursive: true, force: true });
  }
}

function sizes() {
  return ['engine/quoridor.wasm', 'engine-worker.js', 'lib/engine-core.js', 'lib/engine.js', 'lib/local-game.js', 'pages/game/local.js'].map((name) => {
    const bytes = readFileSync(join(web, name));
    return { name, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotliCompressSync(bytes).length };
  });
}

const rows = [['native', native()], ['Node ' + process.version, await node()]];
try {
  const c = await chromium();
  rows.push([c.version, c]);
} catch (e) {
  console.error('Chromium: ' + e.message);
}
const base = rows[0][1];
const knps = (r) => r.nodes / r.search_s / 1000;
console.log(`depth ${depth}, ${positions.length} positions, level 8, no book; perft 4 = ${base.perft4}`);
console.log('| Where | perft 4 (s) | ÷ native | search nodes | nodes/s | ÷ native |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, r] of rows) {
  if (r.perft4 !== base.perft4 || r.nodes !== base.nodes) console.log(`(${name} differs: ${r.perft4} ${r.nodes})`);
  console.log(`| ${name} | ${r.perft4_s.toFixed(3)} | ${(r.perft4_s / base.perft4_s).toFixed(2)} | ${r.nodes} | ${knps(r).toFixed(0)} k | ${(knps(r) / knps(base)).toFixed(2)} |`);
}
console.log('\n| File | bytes | gzip | brotli |\n|---|---:|---:|---:|');
for (const s of sizes()) console.log(`| ${s.name} | ${s.raw} | ${s.gzip} | ${s.brotli} |`);
