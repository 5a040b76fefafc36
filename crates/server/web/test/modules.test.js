import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const WEB = new URL('../', import.meta.url);

/** Every module of web/ (tests left out) and the modules it imports. */
function importGraph() {
  const graph = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'test' || entry.name === 'node_modules') continue;
      const url = new URL(entry.name + (entry.isDirectory() ? '/' : ''), dir);
      if (entry.isDirectory()) walk(url);
      else if (entry.name.endsWith('.js')) {
        const source = readFileSync(url, 'utf8');
        const imports = [...source.matchAll(/^import [^'"]*['"](\.[^'"]+)['"]/gm)].map((m) => new URL(m[1], url).href);
        graph.set(url.href, imports);
      }
    }
  };
  walk(WEB);
  return graph;
}

const name = (href) => href.slice(WEB.href.length);

test('the modules import each other in layers: no circle', () => {
  const graph = importGraph();
  assert.ok(graph.size > 30, `${graph.size} modules`);
  // Depth-first, with the path walked: an import back onto it is a circle.
  const done = new Set();
  const walk = (module, path) => {
    if (path.includes(module)) {
      assert.fail('a circle of imports: ' + path.slice(path.indexOf(module)).concat(module).map(name).join(' → '));
    }
    if (done.has(module)) return;
    for (const next of graph.get(module) || []) walk(next, path.concat(module));
    done.add(module);
  };
  for (const module of graph.keys()) walk(module, []);
});

test('every relative import names a module that exists', () => {
  const graph = importGraph();
  for (const [module, imports] of graph) {
    for (const target of imports) assert.ok(graph.has(target), `${name(module)} imports ${name(target)}, which is not there`);
  }
});

test('lib/ imports nothing of the pages', () => {
  for (const [module, imports] of importGraph()) {
    if (!name(module).startsWith('lib/')) continue;
    for (const target of imports) assert.ok(name(target).startsWith('lib/'), `${name(module)} imports ${name(target)}`);
  }
});
