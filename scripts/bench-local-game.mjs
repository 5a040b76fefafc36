// How long a game on the device takes to answer (BENCHMARKS.md, "What the
// page caches for the engine"): a 400-entry game played on one screen,
// then its clocks at a time (`look`, the game crate's replay) and the
// rules' replay (`game`), 20 calls each. Run: node scripts/bench-local-game.mjs
import { readFileSync } from 'node:fs';
import { instantiateEngine } from '../crates/server/web/lib/engine-core.js';
import * as L from '../crates/server/web/lib/local-game.js';
const core = await instantiateEngine(readFileSync(new URL('../crates/server/web/engine/quoridor.wasm', import.meta.url)));
let g = L.newLocalGame({ size: 9, players: 2 }, [{ kind: 'human' }, { kind: 'human' }], 0, () => 0.3);
let x = 7;
const rnd = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
let t = 0;
for (let i = 0; i < 400; i++) {
  const rules = core.game(L.gameText(core, g));
  if (rules.result) break;
  const legal = rules.legal;
  // Walk mostly sideways, with some fences: a long game.
  const pawns = legal.pawn;
  const fences = (legal.fences || []).slice(0, 50);
  const pick = (fences.length && rnd(4) === 0) ? fences[rnd(fences.length)] : pawns[rnd(pawns.length)];
  const r = L.playMove(core, g, typeof pick === 'string' ? pick : pick.move ?? String(pick), L.heldSeats(g), t += 100);
  if (!r.ok) { console.log('refused', pick, r.error); break; }
  g = r.record;
}
console.log('entries', g.entries.length);
for (const f of ['look', 'game']) {
  const t0 = performance.now();
  for (let i = 0; i < 20; i++) f === 'look' ? L.look(core, g, t + 50) : core.game(L.gameText(core, g));
  console.log(f, ((performance.now() - t0) / 20).toFixed(2), 'ms a call');
}
